s_waitcnt vmcnt(0) vmcnt(1)

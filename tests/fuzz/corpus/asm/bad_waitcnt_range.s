s_waitcnt vmcnt(16)

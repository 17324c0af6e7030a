s_waitcnt foo(1)

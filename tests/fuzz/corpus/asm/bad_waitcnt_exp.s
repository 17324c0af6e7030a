s_waitcnt expcnt(8)

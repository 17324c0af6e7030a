s_load_dword s0, s[0:1], 0x100000

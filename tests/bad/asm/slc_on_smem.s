s_load_dword s0, s[0:1], 0 slc

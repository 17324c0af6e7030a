s_load_dword s0, 0, 0

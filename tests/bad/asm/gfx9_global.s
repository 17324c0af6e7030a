global_load_dword v0, v[2:3], off

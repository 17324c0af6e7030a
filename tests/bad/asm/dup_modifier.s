flat_load_dword v0, v[1:2] glc glc

flat_load_dword v0, off

buffer_load_dword v1, off, s[4:7], s1 lds glc

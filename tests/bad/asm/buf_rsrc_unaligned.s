buffer_load_dword v1, off, s[2:5], s1

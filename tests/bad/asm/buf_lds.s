buffer_store_dword v1, off, s[4:7], s1 lds

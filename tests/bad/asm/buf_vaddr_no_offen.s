buffer_store_dword v1, v2, s[0:3], 0

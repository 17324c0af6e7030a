buffer_store_lds_dword s[4:7], s1 glc lds

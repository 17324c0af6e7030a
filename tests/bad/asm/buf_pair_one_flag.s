buffer_load_dword v1, v[2:3], s[4:7], s1 offen

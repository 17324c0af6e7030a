buffer_load_dword v1, v2, s[4:7], 65 offen

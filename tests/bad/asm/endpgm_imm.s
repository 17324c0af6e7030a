s_endpgm -1

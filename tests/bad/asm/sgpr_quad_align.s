s_load_dwordx4 s[2:5], s[0:1], 0

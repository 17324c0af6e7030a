s_branch 65536
s_endpgm

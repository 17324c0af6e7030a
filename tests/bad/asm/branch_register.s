s_branch v0
s_endpgm

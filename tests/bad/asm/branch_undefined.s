s_branch nowhere
s_endpgm

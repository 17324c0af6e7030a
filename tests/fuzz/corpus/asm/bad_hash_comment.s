# not a comment
s_endpgm

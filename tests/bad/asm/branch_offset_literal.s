s_branch 1
s_mov_b32 s0, 0x1234
s_endpgm

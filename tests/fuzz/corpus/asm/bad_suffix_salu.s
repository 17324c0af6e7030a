s_mov_b32_e32 s0, s1

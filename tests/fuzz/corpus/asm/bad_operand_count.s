s_mov_b32 s0

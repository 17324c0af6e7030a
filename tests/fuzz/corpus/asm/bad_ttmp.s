s_mov_b32 s0, ttmp0

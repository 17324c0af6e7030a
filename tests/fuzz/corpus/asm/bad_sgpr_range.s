s_mov_b32 s102, 0

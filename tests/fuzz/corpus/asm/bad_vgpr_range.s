v_mov_b32 v256, 0

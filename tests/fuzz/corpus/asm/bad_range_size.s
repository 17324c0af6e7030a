v_mov_b32 v[0:4], 0

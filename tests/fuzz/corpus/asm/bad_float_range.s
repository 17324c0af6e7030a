v_mov_b32 v0, 1.0e-40

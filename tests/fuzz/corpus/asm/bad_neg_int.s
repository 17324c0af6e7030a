v_mov_b32_e64 v0, -v1

v_cndmask_b32_e64 v0, v1, v2, 0

v_cndmask_b32_e64 v0, s0, v1, s[2:3]

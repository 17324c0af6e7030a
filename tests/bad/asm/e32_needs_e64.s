v_add_f32_e32 v0, v1, s0

v_add_f32 v0, s0, s1

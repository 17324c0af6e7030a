  v_dot2_f32_f16 v0, v1, v2, v3

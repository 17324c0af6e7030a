v_ldexp_f32 v0, v1, -v2

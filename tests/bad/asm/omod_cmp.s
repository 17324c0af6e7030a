v_cmp_eq_f32_e64 s[0:1], v1, v2 mul:2

v_cmp_eq_u32_e32 s[0:1], v1, v2

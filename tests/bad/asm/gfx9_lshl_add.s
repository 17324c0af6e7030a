s_lshl2_add_u32 s0, s1, s2

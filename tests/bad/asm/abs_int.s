v_add_u32 v0, vcc, |v1|, v2

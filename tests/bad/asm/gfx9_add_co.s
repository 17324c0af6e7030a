v_add_co_u32 v0, vcc, v1, v2

v_addc_u32 v0, vcc, s0, v1, vcc

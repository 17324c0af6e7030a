v_addc_u32 v0, v1, v2, vcc

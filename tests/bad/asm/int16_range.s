v_add_f16 v0, 0x12345, v2

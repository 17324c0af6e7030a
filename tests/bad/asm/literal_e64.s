v_add_f32_e64 v0, 0x12345, v1

v_add_f32 v0, v1, 0x12345

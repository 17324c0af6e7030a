v_madak_f32_e64 v0, v1, v2, 0x41000000

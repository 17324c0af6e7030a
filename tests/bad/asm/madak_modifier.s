v_madak_f32 v0, -v1, v2, 0x41000000

v_mad_f32 v0, v1, v2, 0x1234

v_mad_f32_e32 v0, v1, v2, v3

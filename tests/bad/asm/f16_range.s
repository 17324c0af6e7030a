v_add_f16 v0, 1.0e-6, v2

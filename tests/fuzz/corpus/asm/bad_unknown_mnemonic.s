v_add_f23 v0, v1, v2

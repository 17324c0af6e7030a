v_interp_p1lv_f16 v0, v1, attr0.x, v2
v_interp_p1_f32 v0, v1, attr0.x

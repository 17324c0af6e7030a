v_exp_f32 v0, v1 mul:2 clamp

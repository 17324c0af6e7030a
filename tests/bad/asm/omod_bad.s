v_mul_f32 v0, v1, v2 mul:3

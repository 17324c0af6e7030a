v_and_b32_e64 v0, v1, v2 clamp

v_writelane_b32 v0, s0, s1

v_madmk_f32 v0, s1, 0x41000000, v2

v_mov_b32 v0, 12abc

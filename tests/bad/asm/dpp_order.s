v_mov_b32_dpp v1, v2 row_mask:0x3 quad_perm:[1,0,3,2]

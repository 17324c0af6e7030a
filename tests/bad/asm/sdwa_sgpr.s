v_mov_b32_sdwa v1, s2 src0_sel:BYTE_1

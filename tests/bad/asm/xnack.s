s_mov_b32 s0, xnack_mask_lo

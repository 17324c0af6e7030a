s_getreg_b32 s0, hwreg(9)

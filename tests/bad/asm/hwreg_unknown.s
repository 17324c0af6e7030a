s_getreg_b32 s0, hwreg(HW_REG_HW_ID)

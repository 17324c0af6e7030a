s_movk_i32 s0, 0x10000

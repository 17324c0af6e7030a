ds_write_b32 s0, v1

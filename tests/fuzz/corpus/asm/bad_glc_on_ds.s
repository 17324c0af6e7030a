ds_read_b32 v0, v1 glc

ds_write_b32 v1, v2 offset:-4

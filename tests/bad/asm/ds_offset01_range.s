ds_read2_b32 v[0:1], v1 offset0:256

ds_add_u32 v1, v2 gds
ds_gws_init v0 gds
ds_ordered_count v0, v1 gds
ds_nop offset:4

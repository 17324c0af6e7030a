ds_swizzle_b32 v0, v1 offset:swizzle(SWAP,16)

// lds.s: writes LDS at byte 65536, beyond any allocation.
    .text
    .globl lds
    .p2align 8
    .type lds,@function
lds:
    s_mov_b32 m0, -1
    v_mov_b32 v1, 0x10000
    ds_write_b32 v1, v0
    s_endpgm

// misaligned.s: a 64-bit LDS read at byte 4, which gfx8 LDS requires to be 8-byte aligned.
    .text
    .globl misaligned
    .p2align 8
    .type misaligned,@function
misaligned:
    s_mov_b32 m0, -1
    v_mov_b32 v1, 4
    ds_read_b64 v[2:3], v1
    s_endpgm

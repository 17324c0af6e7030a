// syntax.s: an assembler error.
    .text
    .globl bad
    .p2align 8
    .type bad,@function
bad:
    v_frobnicate_b32 v0, v1
    s_endpgm

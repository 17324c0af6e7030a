// deadlock.s: the first wave of each workgroup ends while the others wait at s_barrier.
    .text
    .globl deadlock
    .p2align 8
    .type deadlock,@function
deadlock:
    v_readfirstlane_b32 s6, v0
    s_cmp_eq_u32 s6, 0
    s_cbranch_scc1 .Lend
    s_barrier
.Lend:
    s_endpgm

// two.s: two kernels, so a workload must name one.
    .text
    .globl first
    .p2align 8
    .type first,@function
first:
    s_endpgm
    .globl second
    .p2align 8
    .type second,@function
second:
    s_endpgm

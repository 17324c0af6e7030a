// noend.s: no s_endpgm; the wave runs off the end.
    .text
    .globl noend
    .p2align 8
    .type noend,@function
noend:
    s_nop 0

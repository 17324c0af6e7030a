// loop.s: never ends (for the --max-instructions fault).
    .text
    .globl loop
    .p2align 8
    .type loop,@function
loop:
.Lagain:
    s_branch .Lagain

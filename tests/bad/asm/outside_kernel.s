s_nop 0
.globl k
k:
  s_endpgm

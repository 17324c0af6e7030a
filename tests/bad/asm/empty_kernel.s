.globl a
.globl b
a:
b:
  s_endpgm

.globl a
.globl b
a:
  s_branch inner_b
  s_endpgm
b:
inner_b:
  s_endpgm

k:
  s_getpc_b64 s[0:1]
  s_add_u32 s0, s0, table@abs64
  s_endpgm
.section .rodata
table:

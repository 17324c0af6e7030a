k:
  s_getpc_b64 s[0:1]
  s_add_u32 s0, s0, table@rel32@lo+4
  s_addc_u32 s1, s1, table@rel32@hi+12
  s_endpgm

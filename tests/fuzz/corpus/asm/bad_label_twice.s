x:
x:
  s_endpgm

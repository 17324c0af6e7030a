.text
k:
  s_endpgm
table:
  .long 1, 2, 3

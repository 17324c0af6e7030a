.globl k
.p2align 8
.type k,@function
k:
  buffer_load_dword off, s[8:11], s3
  s_endpgm

k:
  s_endpgm
.section .rodata,#alloc
  v_mov_b32 v0, 0

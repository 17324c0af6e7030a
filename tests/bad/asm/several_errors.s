v_add_f23 v0, v1, v2
s_mov_b32 s0, s1
v_add_f32 v0, s0, s1
s_movk_i32 s0, 0x10000
  /* a comment
     spanning lines */ v_mov_b32 v0, v256
s_endpgm

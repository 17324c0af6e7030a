.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
k:
  v_mov_b32 v6, v0
  v_dot2c_f32_f16 v6, s4, v5
  s_nop 0
  v_mfma_f32_4x4x1f32 v[0:3], v6, v0, v[0:3]
  s_nop 4
  s_endpgm

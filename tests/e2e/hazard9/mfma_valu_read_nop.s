.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
k:
  v_mfma_f32_32x32x8f16 v[0:15], v[16:17], v[18:19], v[0:15]
  s_nop 7
  s_nop 7
  s_nop 2
  v_add_f32 v20, v0, v21
  s_endpgm

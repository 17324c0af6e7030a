.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
k:
  v_mfma_f32_32x32x8_f16 v[0:15], v[16:17], v[18:19], v[0:15]
  v_mfma_f32_4x4x4_16b_f16 v[32:35], v[16:17], v[18:19], v[0:3]
  s_endpgm

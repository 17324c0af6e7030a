.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
k:
  v_mfma_f32_32x32x8f16 a[0:15], v[16:17], v[18:19], a[0:15]
  v_accvgpr_read_b32 v20, a7
  s_endpgm

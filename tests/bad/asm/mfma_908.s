.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
k:
  v_mfma_f32_4x4x1f32 v[0:3], v0, v1, a[0:3]
  v_mfma_f32_4x4x1f32 a[0:3], v0, v1, 1.0
  v_mfma_f32_4x4x1f32 a[0:3], v0, v1, v[0:3]

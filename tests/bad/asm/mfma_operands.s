.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
k:
  v_mfma_f32_4x4x1f32 a[0:3], v0, v1, v[0:3]
  v_mfma_f32_4x4x1f32 v[0:3], s0, v1, v[0:3]
  v_mfma_f32_4x4x4f16 v[0:3], v0, v[2:3], v[0:3]
  v_mfma_f32_4x4x1f32 v[0:3], v0, v1, 65
  v_mfma_f64_4x4x4f64 v[0:1], v[0:1], v[2:3], 0.15915494
  v_mfma_f32_4x4x1f32_e64 v[0:3], v0, v1, v[0:3]

.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
k:
  v_mfma_f32_4x4x1_16b_f32 v[0:3], v0, v1, v[0:3] clamp
  v_mfma_f32_4x4x1_16b_f32 v[0:3], v0, v1, v[0:3] abid:1 cbsz:2
  v_mfma_f32_4x4x1_16b_f32 v[0:3], v0, v1, v[0:3] neg:[1,0,0]
  v_mfma_f64_4x4x4_4b_f64 v[0:1], v[0:1], v[2:3], v[0:1] blgp:1
  v_smfmac_f32_16x16x32_f16 v[0:3], v[4:5], v[6:9], v10 blgp:1
  v_smfmac_f32_16x16x32_f16 v[0:3], v[4:5], v[6:9], a10
  v_add_f32 v0, v1, v2 cbsz:1
  v_mfma_f32_4x4x1_16b_f32 v[0:3], v0, v1, v[0:3] abid:16

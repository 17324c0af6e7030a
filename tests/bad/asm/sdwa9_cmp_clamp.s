.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
k:
  v_cmp_eq_f32_sdwa s[2:3], v1, v2 clamp src0_sel:WORD_1

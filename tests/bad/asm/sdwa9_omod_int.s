.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
k:
  v_cvt_u32_f32_sdwa v1, v2 mul:2 src0_sel:WORD_1

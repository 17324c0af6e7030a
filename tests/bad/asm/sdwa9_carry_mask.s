.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
k:
  v_add_co_u32_sdwa v1, s[2:3], v3, v2 src0_sel:WORD_1

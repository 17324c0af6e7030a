.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
k:
  v_cndmask_b32_sdwa v1, s1, v2, vcc src0_sel:WORD_1

.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
k:
  v_add_f32_sdwa v1, 0x1234, v2 src0_sel:WORD_1

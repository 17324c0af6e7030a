.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
k:
  v_mac_f32_sdwa v1, v3, v2 src0_sel:WORD_1

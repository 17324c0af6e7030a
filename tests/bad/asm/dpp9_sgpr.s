.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
k:
  v_add_f32_dpp v1, s2, v3 row_shr:3

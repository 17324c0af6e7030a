.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
  v_add_co_u32 v0, v1, v2

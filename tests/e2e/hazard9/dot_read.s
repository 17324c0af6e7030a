.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
k:
  v_dot4c_i32_i8 v2, v8, v9
  v_add_u32 v3, v2, v1
  s_endpgm

.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
  v_mul_legacy_f32_e32 v1, v8, v9

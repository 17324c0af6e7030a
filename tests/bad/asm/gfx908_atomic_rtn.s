.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
  global_atomic_add_f32 v1, v[2:3], v4, off glc

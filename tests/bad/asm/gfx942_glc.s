.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
  flat_load_dword v1, v[2:3] glc

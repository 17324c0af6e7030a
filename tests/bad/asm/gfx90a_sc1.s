.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
  flat_load_dword v1, v[2:3] sc1

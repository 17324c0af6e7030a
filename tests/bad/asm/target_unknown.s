.amdgcn_target "amdgcn-amd-amdhsa--gfx1030"
k:
  s_endpgm

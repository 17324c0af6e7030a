.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
.amdgcn_target "amdgcn-amd-amdhsa--gfx906:xnack-"
k:
  s_endpgm

.amdgcn_target "amdgcn-amd-amdpal--gfx900"
k:
  s_endpgm

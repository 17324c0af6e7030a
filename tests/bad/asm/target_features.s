.amdgcn_target "amdgcn-amd-amdhsa--gfx900=xnack"
k:
  s_endpgm

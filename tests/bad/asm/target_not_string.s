.amdgcn_target gfx900
k:
  s_endpgm

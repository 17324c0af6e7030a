k:
  s_nop 0
  .amdgcn_target "amdgcn-amd-amdhsa--gfx906"
  s_endpgm

.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
  buffer_wbl2 nt

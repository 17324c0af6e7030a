.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
  s_endpgm_ordered_ps_done

.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
k:
  global_load_dwordx2 v[1:2], v[0:1], off
  v_accvgpr_read_b32 v[0:1], a[3:4]
  s_endpgm

.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
k:
  v_add_f32 v0, a1, v2
  global_load_dword a0, v[0:1], off
  v_accvgpr_write_b32 a2, s1
  s_endpgm

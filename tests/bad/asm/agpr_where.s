.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
k:
  v_add_f32 v0, a1, v2
  global_load_dword a0, v[0:1], off
  v_accvgpr_write_b32 a2, s1
  ds_read_b32 a1, v0
  v_accvgpr_read_b32 v0, v1
  v_accvgpr_read_b32 v0, a256
  v_accvgpr_read_b32 v0, a[0:4]
  v_accvgpr_write_b32 a2, v3 clamp
  s_endpgm

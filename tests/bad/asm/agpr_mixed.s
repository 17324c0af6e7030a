.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
k:
  global_atomic_add a1, v[0:1], v2, off glc
  buffer_load_dword v1, a0, s[0:3], 0 offen
  s_endpgm

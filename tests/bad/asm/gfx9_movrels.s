.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
k:
  v_movrels_b32 v0, v1

.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
// s[20:23]: a V# of `out`; v14 = id * 4. Only instructions gfx803 and gfx900 share.
k:
  s_load_dwordx4 s[4:7], s[0:1], 0x0
  s_waitcnt lgkmcnt(0)
  v_lshlrev_b32 v14, 2, v0
  s_mov_b32 s20, s6
  s_mov_b32 s21, s7
  s_mov_b32 s22, 0x100000
  s_mov_b32 s23, 0x27000
// gfx9's vmcnt counts to 63: the first of 16 loads is not done without a wait (on gfx8 it is)
  buffer_load_dword v30, v14, s[20:23], 0 offen
  buffer_load_dword v31, v14, s[20:23], 0 offen
  buffer_load_dword v32, v14, s[20:23], 0 offen
  buffer_load_dword v33, v14, s[20:23], 0 offen
  buffer_load_dword v34, v14, s[20:23], 0 offen
  buffer_load_dword v35, v14, s[20:23], 0 offen
  buffer_load_dword v36, v14, s[20:23], 0 offen
  buffer_load_dword v37, v14, s[20:23], 0 offen
  buffer_load_dword v38, v14, s[20:23], 0 offen
  buffer_load_dword v39, v14, s[20:23], 0 offen
  buffer_load_dword v40, v14, s[20:23], 0 offen
  buffer_load_dword v41, v14, s[20:23], 0 offen
  buffer_load_dword v42, v14, s[20:23], 0 offen
  buffer_load_dword v43, v14, s[20:23], 0 offen
  buffer_load_dword v44, v14, s[20:23], 0 offen
  buffer_load_dword v45, v14, s[20:23], 0 offen
  v_mov_b32 v20, v30
  s_waitcnt vmcnt(0)
  s_endpgm

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
// the same with one instruction between; an ordinary LDS access right after an M0 write needs none
  s_mov_b32 m0, 0
  v_mov_b32 v3, 0
  buffer_load_dword v2, v14, s[20:23], 0 offen lds
  s_waitcnt vmcnt(0)
  s_mov_b32 m0, -1
  ds_write_b32 v14, v0
  s_waitcnt lgkmcnt(0)
  s_endpgm

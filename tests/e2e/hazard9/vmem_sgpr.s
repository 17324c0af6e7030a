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
// gfx8's rows hold on gfx9: a VALU-written SGPR read by a VMEM instruction 3 wait states later (5 needed)
  v_mov_b32 v15, 0
  v_readfirstlane_b32 s24, v15
  s_nop 2
  buffer_store_dword v0, v14, s[20:23], s24 offen
  s_waitcnt vmcnt(0)
  s_endpgm

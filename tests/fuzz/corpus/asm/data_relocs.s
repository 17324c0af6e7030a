; data sections and relocations: .rodata/.data, rel32 and gotpcrel sequences (seed for fuzz_asm)
.text
.globl k
.p2align 8
k:
  s_load_dwordx2 s[4:5], s[0:1], 0x0
  s_getpc_b64 s[0:1]
  s_add_u32 s0, s0, table@rel32@lo+4
  s_addc_u32 s1, s1, table@rel32@hi+12
  s_load_dword s6, s[0:1], 0x8
  s_getpc_b64 s[2:3]
  s_add_u32 s2, s2, ptr@gotpcrel32@lo+4
  s_addc_u32 s3, s3, ptr@gotpcrel32@hi+12
  s_load_dwordx2 s[2:3], s[2:3], 0x0
  s_waitcnt lgkmcnt(0)
  s_load_dword s7, s[2:3], 0x4
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v0, s4
  v_mov_b32 v1, s5
  v_mov_b32 v2, s6
  flat_store_dword v[0:1], v2
  v_add_u32 v0, vcc, 4, v0
  v_addc_u32 v1, vcc, 0, v1, vcc
  v_mov_b32 v2, s7
  flat_store_dword v[0:1], v2
  s_endpgm
.section .rodata,#alloc
.p2align 4
table: .long 10, 11, 12, 13
.data
ptr: .long 100, 200

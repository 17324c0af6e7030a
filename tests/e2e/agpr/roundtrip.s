; AGPRs on gfx90a, written and read back (tests/e2e/agpr.sh): out[i] = in[i] + 8 through every path
; that moves data into or out of AGPRs: a global load into an AGPR (the acc bit), v_accvgpr_mov_b32,
; v_accvgpr_read_b32, v_accvgpr_write_b32 of a VGPR and of a constant, an LDS store from an AGPR and
; an LDS load into one, and a global store from an AGPR.
.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
.text
.globl roundtrip
.p2align 8
.type roundtrip,@function
roundtrip:
  s_load_dwordx4 s[4:7], s[0:1], 0x0      ; in, out
  v_lshlrev_b32 v1, 2, v0                 ; byte offset of work-item i (one workgroup)
  s_waitcnt lgkmcnt(0)
  global_load_dword a3, v1, s[4:5]        ; a3 = in[i]
  s_waitcnt vmcnt(0)
  v_accvgpr_mov_b32 a0, a3                ; a0 = in[i]
  v_accvgpr_read_b32 v2, a0               ; v2 = in[i]
  v_add_u32 v2, 1, v2
  v_accvgpr_write_b32 a1, v2              ; a1 = in[i] + 1
  v_accvgpr_write_b32 a2, 7               ; a2 = 7
  v_accvgpr_read_b32 v3, a2
  v_accvgpr_read_b32 v2, a1
  v_add_u32 v2, v2, v3
  v_accvgpr_write_b32 a4, v2              ; a4 = in[i] + 8
  ds_write_b32 v1, a4                     ; through LDS
  s_waitcnt lgkmcnt(0)
  ds_read_b32 a5, v1
  s_waitcnt lgkmcnt(0)
  global_store_dword v1, a5, s[6:7]       ; out[i] = in[i] + 8
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel roundtrip
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_group_segment_fixed_size 256
  .amdhsa_next_free_vgpr 10
  .amdhsa_next_free_sgpr 8
  .amdhsa_accum_offset 4
.end_amdhsa_kernel

; One MFMA end to end on gfx908 (tests/e2e/mfma.sh; mfma_small.s is the gfx90a version):
; v_mfma_f32_4x4x1f32, sixteen 4x4 blocks, D[b] = A[b] x B[b] + C[b]. Work-item l (one wave of 64)
; holds a[l] (A[b][i][0], l = 4b + i), b[l] (B[b][0][j], l = 4b + j) and the four registers of C:
; c[64r + l] is C[b][r][j] for l = 4b + j (docs/mfma.md, "Lane layouts"); d is D in the same
; layout. C goes through AGPRs, A and B stay in VGPRs.
.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
.text
.globl mfma_small
.p2align 8
.type mfma_small,@function
mfma_small:
  s_load_dwordx8 s[4:11], s[0:1], 0x0     ; a, b, c, d
  v_lshlrev_b32 v1, 2, v0                 ; byte offset of lane l
  s_waitcnt lgkmcnt(0)
  global_load_dword v2, v1, s[4:5]        ; A
  global_load_dword v3, v1, s[6:7]        ; B
  global_load_dword v4, v1, s[8:9] offset:0
  global_load_dword v5, v1, s[8:9] offset:256
  global_load_dword v6, v1, s[8:9] offset:512
  global_load_dword v7, v1, s[8:9] offset:768
  s_waitcnt vmcnt(0)
  v_accvgpr_write_b32 a0, v4              ; C into a[0:3]
  v_accvgpr_write_b32 a1, v5
  v_accvgpr_write_b32 a2, v6
  v_accvgpr_write_b32 a3, v7
  s_nop 1
  v_mfma_f32_4x4x1f32 a[0:3], v2, v3, a[0:3]
  s_nop 7                                 ; D is read after the MFMA's passes
  s_nop 7
  v_accvgpr_read_b32 v4, a0
  v_accvgpr_read_b32 v5, a1
  v_accvgpr_read_b32 v6, a2
  v_accvgpr_read_b32 v7, a3
  global_store_dword v1, v4, s[10:11] offset:0
  global_store_dword v1, v5, s[10:11] offset:256
  global_store_dword v1, v6, s[10:11] offset:512
  global_store_dword v1, v7, s[10:11] offset:768
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel mfma_small
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_next_free_vgpr 12
  .amdhsa_next_free_sgpr 12
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .name:           a
        .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .name:           b
        .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .name:           c
        .address_space:  global
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .name:           d
        .address_space:  global
        .offset:         24
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 32
    .max_flat_workgroup_size: 64
    .name:           mfma_small
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .symbol:         mfma_small.kd
    .vgpr_count:     12
    .agpr_count:     4
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx908
amdhsa.version:
  - 1
  - 1
...
.end_amdgpu_metadata

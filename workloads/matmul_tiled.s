// matmul_tiled.s: C = A * B for N x N row-major f32 matrices, staging 16 x 16 tiles in LDS.
//
// This kernel carries a full `.amdhsa_kernel` descriptor and `.amdgpu_metadata`, as clang's
// output does, instead of relying on gcnsim's default ABI. The descriptor below asks for:
//   the kernarg pointer in s[0:1] (the only user SGPR), workgroup ids x, y in s2, s3,
//   work-item ids x, y in v0, v1, and 2 KiB of static LDS (two 16 x 16 float tiles).
// Arguments: 0: A  8: B  16: C (pointers)  24: dim = N (u32). N must be a multiple of 16 and the
// workgroup 16 x 16 (x = column, y = row).
//
// Each workgroup computes one 16 x 16 tile of C. For each of the N/16 tiles along k, every
// work-item loads one element of A and one of B into LDS (As at byte 0, Bs at byte 1024),
// the workgroup meets at a barrier, each work-item accumulates 16 products from LDS, and the
// workgroup meets again before the tiles are overwritten. Global loads drop from 2N to 2N/16
// per work-item.

    .amdgcn_target "amdgcn-amd-amdhsa--gfx803"
    .text
    .globl matmul_tiled
    .p2align 8
    .type matmul_tiled,@function
matmul_tiled:
    s_load_dwordx4 s[4:7], s[0:1], 0x0     // A -> s[4:5], B -> s[6:7]
    s_load_dwordx2 s[8:9], s[0:1], 0x10    // C -> s[8:9]
    s_load_dword s10, s[0:1], 0x18         // N -> s10
    s_mov_b32 m0, -1
    // col = group x * 16 + tx (v2), row = group y * 16 + ty (v3).
    s_lshl_b32 s11, s2, 4
    v_add_u32 v2, vcc, s11, v0
    s_lshl_b32 s11, s3, 4
    v_add_u32 v3, vcc, s11, v1
    // LDS addresses. v4 = 4*(16*ty + tx): where this work-item writes As[ty][tx] (and, with
    // offset:1024, Bs[ty][tx]). v5 = 64*ty: As[ty][0]. v6 = 4*tx: Bs[0][tx] (+1024).
    v_lshlrev_b32 v4, 4, v1
    v_add_u32 v4, vcc, v4, v0
    v_lshlrev_b32 v4, 2, v4
    v_lshlrev_b32 v5, 6, v1
    v_lshlrev_b32 v6, 2, v0
    s_waitcnt lgkmcnt(0)
    // v[8:9] = &A[row][tx]; it advances by 16 floats (64 bytes) per tile.
    v_mul_u32_u24 v7, s10, v3
    v_add_u32 v7, vcc, v7, v0
    v_lshlrev_b32 v7, 2, v7
    v_mov_b32 v9, s5
    v_add_u32 v8, vcc, s4, v7
    v_addc_u32 v9, vcc, 0, v9, vcc
    // v[11:12] = &B[ty][col]; it advances by 16 rows (64*N bytes) per tile.
    v_mul_u32_u24 v10, s10, v1
    v_add_u32 v10, vcc, v10, v2
    v_lshlrev_b32 v10, 2, v10
    v_mov_b32 v12, s7
    v_add_u32 v11, vcc, s6, v10
    v_addc_u32 v12, vcc, 0, v12, vcc
    s_lshl_b32 s12, s10, 6                 // 16 rows of B in bytes
    s_lshr_b32 s13, s10, 4                 // number of tiles, N/16
    v_mov_b32 v13, 0                       // the sum
.Ltile:
    // Stage one element of each tile.
    flat_load_dword v14, v[8:9]
    flat_load_dword v15, v[11:12]
    v_add_u32 v8, vcc, 64, v8
    v_addc_u32 v9, vcc, 0, v9, vcc
    v_add_u32 v11, vcc, s12, v11
    v_addc_u32 v12, vcc, 0, v12, vcc
    s_waitcnt vmcnt(0)
    ds_write_b32 v4, v14
    ds_write_b32 v4, v15 offset:1024
    // Our writes done, then everyone's: the tiles are complete.
    s_waitcnt lgkmcnt(0)
    s_barrier
    // sum += As[ty][k] * Bs[k][tx] for k = 0..15, two k per iteration: ds_read2_b32 reads two
    // dwords at offset0/offset1 (in units of 4 bytes) from one address.
    v_mov_b32 v16, v5
    v_add_u32 v17, vcc, 0x400, v6
    s_mov_b32 s14, 8
.Lk:
    ds_read2_b32 v[18:19], v16 offset1:1       // As[ty][k], As[ty][k+1]
    ds_read2_b32 v[20:21], v17 offset1:16      // Bs[k][tx], Bs[k+1][tx] (16 floats apart)
    v_add_u32 v16, vcc, 8, v16
    v_add_u32 v17, vcc, 0x80, v17
    s_waitcnt lgkmcnt(0)
    v_mac_f32 v13, v18, v20
    v_mac_f32 v13, v19, v21
    s_sub_u32 s14, s14, 1
    s_cmp_lg_u32 s14, 0
    s_cbranch_scc1 .Lk
    // Nobody may overwrite the tiles until everyone has read them.
    s_barrier
    s_sub_u32 s13, s13, 1
    s_cmp_lg_u32 s13, 0
    s_cbranch_scc1 .Ltile
    // C[row][col].
    v_mul_u32_u24 v7, s10, v3
    v_add_u32 v7, vcc, v7, v2
    v_lshlrev_b32 v7, 2, v7
    v_mov_b32 v9, s9
    v_add_u32 v8, vcc, s8, v7
    v_addc_u32 v9, vcc, 0, v9, vcc
    flat_store_dword v[8:9], v13
    s_endpgm
.Lmatmul_tiled_end:
    .size matmul_tiled, .Lmatmul_tiled_end-matmul_tiled

// The kernel descriptor: what the dispatcher sets up before the first instruction.
    .rodata
    .p2align 6
    .amdhsa_kernel matmul_tiled
        .amdhsa_group_segment_fixed_size 2048        // static LDS: As and Bs
        .amdhsa_private_segment_fixed_size 0
        .amdhsa_kernarg_size 28
        .amdhsa_user_sgpr_private_segment_buffer 0
        .amdhsa_user_sgpr_dispatch_ptr 0
        .amdhsa_user_sgpr_kernarg_segment_ptr 1      // s[0:1]
        .amdhsa_system_sgpr_workgroup_id_x 1         // s2
        .amdhsa_system_sgpr_workgroup_id_y 1         // s3
        .amdhsa_system_vgpr_workitem_id 1            // v0 = x, v1 = y
        .amdhsa_next_free_vgpr 22
        .amdhsa_next_free_sgpr 15
        .amdhsa_float_denorm_mode_32 0               // flush f32 denormals
        .amdhsa_ieee_mode 1
        .amdhsa_dx10_clamp 1
    .end_amdhsa_kernel

// The argument list, in the YAML form clang emits (code object v3/v4 metadata).
    .amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .name:           A
        .address_space:  global
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .name:           B
        .address_space:  global
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .name:           C
        .address_space:  global
        .offset:         16
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .name:           dim
        .offset:         24
        .size:           4
        .type_name:      uint
        .value_kind:     by_value
    .group_segment_fixed_size: 2048
    .kernarg_segment_align: 8
    .kernarg_segment_size: 28
    .max_flat_workgroup_size: 256
    .name:           matmul_tiled
    .private_segment_fixed_size: 0
    .sgpr_count:     21
    .sgpr_spill_count: 0
    .symbol:         matmul_tiled.kd
    .vgpr_count:     22
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx803
amdhsa.version:
  - 1
  - 1
...
    .end_amdgpu_metadata

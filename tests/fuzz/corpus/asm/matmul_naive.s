// matmul_naive.s: C = A * B for N x N row-major f32 matrices, one work-item per element of C.
//   C[row][col] = sum over k of A[row][k] * B[k][col]
//
// Default kernel ABI with a 2D launch: kernarg pointer in s[0:1], workgroup ids x, y in s2, s3,
// work-item ids x, y in v0, v1. Arguments: 0: A  8: B  16: C (pointers)  24: N (u32).
// Assumes 16 x 16 workgroups and N a multiple of 16 (x = column, y = row).
// Every product reads A and B from global memory: 2*N loads per work-item, no reuse.
// Compare with matmul_tiled, which stages tiles in LDS.

    .text
    .globl matmul_naive
    .p2align 8
    .type matmul_naive,@function
matmul_naive:
    s_load_dwordx4 s[4:7], s[0:1], 0x0     // A -> s[4:5], B -> s[6:7]
    s_load_dwordx2 s[8:9], s[0:1], 0x10    // C -> s[8:9]
    s_load_dword s10, s[0:1], 0x18         // N -> s10
    // col = group x * 16 + id x, row = group y * 16 + id y.
    s_lshl_b32 s11, s2, 4
    v_add_u32 v2, vcc, s11, v0
    s_lshl_b32 s11, s3, 4
    v_add_u32 v3, vcc, s11, v1
    s_waitcnt lgkmcnt(0)
    // v4 = 4 * row * N: the byte offset of row `row` (24-bit multiply: N and row are small).
    v_mul_u32_u24 v4, s10, v3
    v_lshlrev_b32 v4, 2, v4
    // Pointer into A, walking along the row: v[5:6] = A + 4*row*N.
    v_mov_b32 v6, s5
    v_add_u32 v5, vcc, s4, v4
    v_addc_u32 v6, vcc, 0, v6, vcc
    // Pointer into B, walking down the column: v[8:9] = B + 4*col.
    v_lshlrev_b32 v7, 2, v2
    v_mov_b32 v9, s7
    v_add_u32 v8, vcc, s6, v7
    v_addc_u32 v9, vcc, 0, v9, vcc
    s_lshl_b32 s12, s10, 2                 // a row of B in bytes
    v_mov_b32 v10, 0                       // the sum
    s_mov_b32 s13, s10                     // k counts down from N (a scalar: same in every lane)
.Lk:
    flat_load_dword v11, v[5:6]
    flat_load_dword v12, v[8:9]
    // Advance both pointers while the loads are in flight (the addresses were read at issue).
    v_add_u32 v5, vcc, 4, v5
    v_addc_u32 v6, vcc, 0, v6, vcc
    v_add_u32 v8, vcc, s12, v8
    v_addc_u32 v9, vcc, 0, v9, vcc
    s_waitcnt vmcnt(0)
    v_mac_f32 v10, v11, v12                // sum += a * b
    s_sub_u32 s13, s13, 1
    s_cmp_lg_u32 s13, 0
    s_cbranch_scc1 .Lk
    // C + 4*(row*N + col).
    v_add_u32 v4, vcc, v4, v7
    v_mov_b32 v6, s9
    v_add_u32 v5, vcc, s8, v4
    v_addc_u32 v6, vcc, 0, v6, vcc
    flat_store_dword v[5:6], v10
    s_endpgm

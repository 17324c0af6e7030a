// stencil3x3.s: a 3 x 3 blur on a W x H f32 image, clamp-to-edge at the borders.
//   out[y][x] = 0.5 * in[y][x] + 0.0625 * (sum of the 8 neighbours of (x, y))
// where a neighbour outside the image is replaced by the nearest pixel inside it.
//
// Default kernel ABI with a 2D launch: kernarg pointer in s[0:1], workgroup ids x, y in s2, s3,
// work-item ids x, y in v0, v1. Arguments: 0: in  8: out (pointers)  16: W  20: H (u32).
// Assumes 16 x 16 workgroups and a grid of exactly W x H.
// Clamping with v_max_i32 / v_min_u32 keeps every lane on the same path: no divergence at
// the borders.

    .text
    .globl stencil3x3
    .p2align 8
    .type stencil3x3,@function
stencil3x3:
    s_load_dwordx4 s[4:7], s[0:1], 0x0    // in -> s[4:5], out -> s[6:7]
    s_load_dwordx2 s[8:9], s[0:1], 0x10   // W -> s8, H -> s9
    // x = group x * 16 + id x (v2), y = group y * 16 + id y (v3).
    s_lshl_b32 s10, s2, 4
    v_add_u32 v2, vcc, s10, v0
    s_lshl_b32 s10, s3, 4
    v_add_u32 v3, vcc, s10, v1
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s10, s8, 1                  // W - 1
    s_sub_u32 s11, s9, 1                  // H - 1
    // Neighbour columns: left = max(x - 1, 0) (signed, so -1 becomes 0), right = min(x + 1, W - 1).
    v_add_u32 v4, vcc, -1, v2
    v_max_i32 v4, 0, v4
    v_add_u32 v5, vcc, 1, v2
    v_min_u32 v5, s10, v5
    // Neighbour rows: up = max(y - 1, 0), down = min(y + 1, H - 1).
    v_add_u32 v6, vcc, -1, v3
    v_max_i32 v6, 0, v6
    v_add_u32 v7, vcc, 1, v3
    v_min_u32 v7, s11, v7
    // Row offsets in elements (row * W), then everything in bytes.
    v_mul_u32_u24 v6, s8, v6              // up row
    v_mul_u32_u24 v8, s8, v3              // this row
    v_mul_u32_u24 v7, s8, v7              // down row
    v_lshlrev_b32 v4, 2, v4
    v_lshlrev_b32 v2, 2, v2
    v_lshlrev_b32 v5, 2, v5
    v_lshlrev_b32 v6, 2, v6
    v_lshlrev_b32 v8, 2, v8
    v_lshlrev_b32 v7, 2, v7
    v_mov_b32 v9, s5                      // high half of `in`, as a VGPR for v_addc_u32
    // Nine loads, all in flight together. Each address is in + row + column, formed in
    // v[20:21]; the pair can be reused at once because a load reads its address at issue.
    v_add_u32 v19, vcc, v6, v4              // up row, left column -> v10
    v_add_u32 v20, vcc, s4, v19
    v_addc_u32 v21, vcc, 0, v9, vcc
    flat_load_dword v10, v[20:21]
    v_add_u32 v19, vcc, v6, v2              // up row, centre column -> v11
    v_add_u32 v20, vcc, s4, v19
    v_addc_u32 v21, vcc, 0, v9, vcc
    flat_load_dword v11, v[20:21]
    v_add_u32 v19, vcc, v6, v5              // up row, right column -> v12
    v_add_u32 v20, vcc, s4, v19
    v_addc_u32 v21, vcc, 0, v9, vcc
    flat_load_dword v12, v[20:21]
    v_add_u32 v19, vcc, v8, v4              // mid row, left column -> v13
    v_add_u32 v20, vcc, s4, v19
    v_addc_u32 v21, vcc, 0, v9, vcc
    flat_load_dword v13, v[20:21]
    v_add_u32 v19, vcc, v8, v2              // mid row, centre column -> v14
    v_add_u32 v20, vcc, s4, v19
    v_addc_u32 v21, vcc, 0, v9, vcc
    flat_load_dword v14, v[20:21]
    v_add_u32 v19, vcc, v8, v5              // mid row, right column -> v15
    v_add_u32 v20, vcc, s4, v19
    v_addc_u32 v21, vcc, 0, v9, vcc
    flat_load_dword v15, v[20:21]
    v_add_u32 v19, vcc, v7, v4              // down row, left column -> v16
    v_add_u32 v20, vcc, s4, v19
    v_addc_u32 v21, vcc, 0, v9, vcc
    flat_load_dword v16, v[20:21]
    v_add_u32 v19, vcc, v7, v2              // down row, centre column -> v17
    v_add_u32 v20, vcc, s4, v19
    v_addc_u32 v21, vcc, 0, v9, vcc
    flat_load_dword v17, v[20:21]
    v_add_u32 v19, vcc, v7, v5              // down row, right column -> v18
    v_add_u32 v20, vcc, s4, v19
    v_addc_u32 v21, vcc, 0, v9, vcc
    flat_load_dword v18, v[20:21]
    s_waitcnt vmcnt(0)
    // Sum the 8 neighbours in row-major order (v14, the centre, is left out).
    v_add_f32 v10, v10, v11
    v_add_f32 v10, v10, v12
    v_add_f32 v10, v10, v13
    v_add_f32 v10, v10, v15
    v_add_f32 v10, v10, v16
    v_add_f32 v10, v10, v17
    v_add_f32 v10, v10, v18
    // 0.5 is an inline constant; 0.0625 (0x3d800000) is not, so it travels as a 32-bit literal.
    v_mul_f32 v14, 0.5, v14
    v_mac_f32 v14, 0x3d800000, v10
    // out + this row + this column: v19 = v8 + v2.
    v_add_u32 v19, vcc, v8, v2
    v_mov_b32 v21, s7
    v_add_u32 v20, vcc, s6, v19
    v_addc_u32 v21, vcc, 0, v21, vcc
    flat_store_dword v[20:21], v14
    s_endpgm

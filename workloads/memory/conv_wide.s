// conv_wide.s: a 2D box filter with a tall footprint, for L2 locality experiments.
//   out[y][x] = sum over r < taps of (in[y + r][x] + in[y + r][x + 1] + in[y + r][x + 2])
// on a padded input (taps - 1 extra rows, 2 extra columns), so no lane needs a border case. Each
// output row of workgroups reads taps + 15 input rows, of which taps - 1 are read again by the
// row of workgroups below it: whether they are still in the L2 then depends on the dispatch order
// (row-major walks the whole image width in between; tiled only its strip).
//
// Default kernel ABI with a 2D launch: kernarg pointer in s[0:1], workgroup ids x, y in s2, s3,
// work-item ids x, y in v0, v1. Assumes 16 x 16 workgroups and a grid of exactly W x H.
// Arguments: 0: in  8: out (pointers)  16: W (u32, output width)  20: pitch (u32, input row bytes)
//            24: taps (u32, at least 1)

    .text
    .globl conv_wide
    .p2align 8
    .type conv_wide,@function
conv_wide:
    s_load_dwordx4 s[4:7], s[0:1], 0x0     // in -> s[4:5], out -> s[6:7]
    s_load_dwordx2 s[8:9], s[0:1], 0x10    // W -> s8, pitch -> s9
    s_load_dword s10, s[0:1], 0x18         // taps -> s10
    // x = group x * 16 + id x (v2), y = group y * 16 + id y (v3).
    s_lshl_b32 s11, s2, 4
    v_add_u32 v2, vcc, s11, v0
    s_lshl_b32 s11, s3, 4
    v_add_u32 v3, vcc, s11, v1
    s_waitcnt lgkmcnt(0)
    // The window's top-left: in + y * pitch + 4x, in v[4:5].
    v_mul_lo_u32 v4, v3, s9
    v_lshlrev_b32 v6, 2, v2
    v_add_u32 v4, vcc, v4, v6
    v_mov_b32 v5, s5
    v_add_u32 v4, vcc, s4, v4
    v_addc_u32 v5, vcc, 0, v5, vcc
    v_mov_b32 v10, 0                       // the sum
.Lrow:
    flat_load_dwordx3 v[6:8], v[4:5]
    v_add_u32 v4, vcc, s9, v4
    v_addc_u32 v5, vcc, 0, v5, vcc
    s_waitcnt vmcnt(0)
    v_add_f32 v10, v10, v6
    v_add_f32 v10, v10, v7
    v_add_f32 v10, v10, v8
    s_sub_u32 s10, s10, 1
    s_cmp_lg_u32 s10, 0
    s_cbranch_scc1 .Lrow
    // out[y * W + x] = sum.
    v_mul_lo_u32 v6, v3, s8
    v_add_u32 v6, vcc, v6, v2
    v_lshlrev_b32 v6, 2, v6
    v_mov_b32 v7, s7
    v_add_u32 v6, vcc, s6, v6
    v_addc_u32 v7, vcc, 0, v7, vcc
    flat_store_dword v[6:7], v10
    s_endpgm

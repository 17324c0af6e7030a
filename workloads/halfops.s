// halfops.s: half-precision (f16) and 16-bit integer VALU arithmetic, one element per work-item.
//   h = f16(x[i]);  t = fma(h, 0.5, h*h) + sqrt(|h|);  t = max(t, -1.0) / 2;  t = 0 < t ? t : +0
//   y[i] = t (u16: the f16 bits),  w[i] = the whole VGPR t was computed in (u32: bits 31:16 are 0
//   on gfx8),  z[i] = (k*k + min(((k*3 + 0x1234) as i16) >> 2, 0x7000)) mod 2^16 with k = i mod 2^16,
//   also the whole VGPR (u32). Sources get garbage in bits 31:16 on the way: 16-bit ops ignore it.
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments: 0: x (f32*)  8: y (u16*)  16: w (u32*)  24: z (u32*)  32: n (u32).
// Assumes a workgroup of 256 work-items.

    .text
    .globl halfops
    .p2align 8
    .type halfops,@function
halfops:
    // x, y -> s[4:7]; w, z -> s[8:11]; n -> s12.
    s_load_dwordx8 s[4:11], s[0:1], 0x0
    s_load_dword s12, s[0:1], 0x20
    // i = workgroup id * 256 + local id.
    s_lshl_b32 s13, s2, 8
    v_add_u32 v1, vcc, s13, v0
    s_waitcnt lgkmcnt(0)
    // Lanes with i >= n do nothing.
    v_cmp_gt_u32 vcc, s12, v1
    s_and_saveexec_b64 s[14:15], vcc
    s_cbranch_execz .Ldone
    // x + 4i in v[4:5]; load x[i].
    v_lshlrev_b32 v2, 2, v1
    v_mov_b32 v3, s5
    v_add_u32 v4, vcc, s4, v2
    v_addc_u32 v5, vcc, v3, 0, vcc
    flat_load_dword v6, v[4:5]
    s_waitcnt vmcnt(0)
    // The f16 chain; every result is zero-extended into its VGPR.
    v_cvt_f16_f32 v7, v6                // h: round to nearest even
    v_or_b32 v7, 0xabcd0000, v7         // garbage in bits 31:16, which f16 sources ignore
    v_mul_f16 v8, v7, v7                // h*h
    v_fma_f16 v8, v7, 0.5, v8           // + h/2, fused; 0.5 is the f16 inline constant 0x3800
    v_sqrt_f16_e64 v9, |v7|             // quarter rate, like v_sqrt_f32
    v_add_f16 v8, v8, v9
    v_max_f16 v8, -1.0, v8
    v_ldexp_f16_e64 v8, v8, -1          // / 2
    v_cmp_lt_f16 vcc, 0, v8             // 0 < t
    v_cndmask_b32 v8, 0, v8, vcc
    // w + 4i: the full 32 bits of t's VGPR.
    v_mov_b32 v3, s9
    v_add_u32 v4, vcc, s8, v2
    v_addc_u32 v5, vcc, v3, 0, vcc
    flat_store_dword v[4:5], v8
    // y + 2i: the f16 bits.
    v_lshlrev_b32 v2, 1, v1
    v_mov_b32 v3, s7
    v_add_u32 v4, vcc, s6, v2
    v_addc_u32 v5, vcc, v3, 0, vcc
    flat_store_short v[4:5], v8
    // The 16-bit integer chain on k = i (only bits 15:0 of v1 are read).
    v_mul_lo_u16 v10, 3, v1
    v_add_u16 v10, 0x1234, v10          // a 16-bit literal
    v_ashrrev_i16 v10, 2, v10           // arithmetic: sign bit 15
    v_or_b32 v10, 0x5a5a0000, v10       // garbage in bits 31:16 again
    v_min_u16 v10, 0x7000, v10
    v_mad_u16 v10, v1, v1, v10          // VOP3 only
    // z + 4i: the whole VGPR (k*k alone passes 16 bits: the result must be zero-extended).
    v_lshlrev_b32 v2, 2, v1
    v_mov_b32 v3, s11
    v_add_u32 v4, vcc, s10, v2
    v_addc_u32 v5, vcc, v3, 0, vcc
    flat_store_dword v[4:5], v10
.Ldone:
    s_endpgm

// dscale.s: y[i] = a * x[i] + sqrt(x[i]) / (x[i] + 1) for i < n, in double precision (f64).
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments: 0: x (pointer)  8: y (pointer)  16: a (f64)  24: n (u32).
// Assumes a workgroup of 256 work-items. GCN has no f64 divide instruction: the quotient is
// v_rcp_f64's estimate refined by Newton steps on v_fma_f64, as compilers do.

    .text
    .globl dscale
    .p2align 8
    .type dscale,@function
dscale:
    // x -> s[4:5], y -> s[6:7]; a -> s[8:9]; n -> s10.
    s_load_dwordx4 s[4:7], s[0:1], 0x0
    s_load_dwordx2 s[8:9], s[0:1], 0x10
    s_load_dword s10, s[0:1], 0x18
    // i = workgroup id * 256 + local id.
    s_lshl_b32 s11, s2, 8
    v_add_u32 v1, vcc, s11, v0
    s_waitcnt lgkmcnt(0)
    // Lanes with i >= n do nothing.
    v_cmp_gt_u32 vcc, s10, v1
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Ldone
    // Byte offset 8i as 64 bits in v[1:2]; addresses x + 8i in v[20:21] and y + 8i in v[4:5].
    v_mov_b32 v2, 0
    v_lshlrev_b64 v[1:2], 3, v[1:2]
    v_mov_b32 v21, s5
    v_add_u32 v20, vcc, s4, v1
    v_addc_u32 v21, vcc, v21, v2, vcc
    v_mov_b32 v5, s7
    v_add_u32 v4, vcc, s6, v1
    v_addc_u32 v5, vcc, v5, v2, vcc
    flat_load_dwordx2 v[6:7], v[20:21]
    s_waitcnt vmcnt(0)
    // s = sqrt(x); d = x + 1 (the inline constant 1.0 is an f64 1.0 here).
    v_sqrt_f64 v[8:9], v[6:7]
    v_add_f64 v[10:11], v[6:7], 1.0
    // r = 1/d: the estimate, then one Newton step r += r * (1 - d*r).
    v_rcp_f64 v[12:13], v[10:11]
    v_fma_f64 v[14:15], -v[10:11], v[12:13], 1.0
    v_fma_f64 v[12:13], v[12:13], v[14:15], v[12:13]
    // q = s * r, corrected by the remainder: q += (s - d*q) * r.
    v_mul_f64 v[16:17], v[8:9], v[12:13]
    v_fma_f64 v[14:15], -v[10:11], v[16:17], v[8:9]
    v_fma_f64 v[16:17], v[14:15], v[12:13], v[16:17]
    // y = a * x + q, fused; the scalar pair a is the one allowed SGPR operand.
    v_fma_f64 v[18:19], s[8:9], v[6:7], v[16:17]
    flat_store_dwordx2 v[4:5], v[18:19]
.Ldone:
    s_endpgm

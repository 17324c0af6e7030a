// alu.s: an ALU-bound kernel for the speed benchmarks (make bench). Each work-item turns a point
// (a, b) = (1, 0.5) by a small angle `iters` x 4 times, with x = local id / 256:
//   a += x * b;  b -= x * a        (a stable rotation, so the values stay bounded)
// as 8 dependent v_mac_f32 per iteration (v_mac_f32 rounds the product, then the sum), and writes
// out[gid] = a. 8 of the loop's 11 instructions are VALU, as in a compute-bound shader.
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments: 0: out (pointer)  8: iters (u32, at least 1). Assumes a workgroup of 256 work-items.

    .text
    .globl alu
    .p2align 8
    .type alu,@function
alu:
    s_load_dwordx2 s[4:5], s[0:1], 0x0     // out -> s[4:5]
    s_load_dword s6, s[0:1], 0x8           // iters -> s6
    v_cvt_f32_u32 v1, v0
    v_mul_f32 v1, 0x3b800000, v1            // x = local id / 256
    v_sub_f32 v6, 0, v1                     // -x
    v_mov_b32 v2, 1.0
    v_mov_b32 v3, 0.5
    s_waitcnt lgkmcnt(0)
.Lloop:
    v_mac_f32 v2, v1, v3                    // a += x * b
    v_mac_f32 v3, v6, v2                    // b -= x * a
    v_mac_f32 v2, v1, v3
    v_mac_f32 v3, v6, v2
    v_mac_f32 v2, v1, v3
    v_mac_f32 v3, v6, v2
    v_mac_f32 v2, v1, v3
    v_mac_f32 v3, v6, v2
    s_sub_u32 s6, s6, 1
    s_cmp_lg_u32 s6, 0
    s_cbranch_scc1 .Lloop
    // out[group * 256 + local id] = a
    s_lshl_b32 s7, s2, 8
    v_add_u32 v4, vcc, s7, v0
    v_lshlrev_b32 v4, 2, v4
    v_mov_b32 v5, s5
    v_add_u32 v4, vcc, s4, v4
    v_addc_u32 v5, vcc, 0, v5, vcc
    flat_store_dword v[4:5], v2
    s_endpgm

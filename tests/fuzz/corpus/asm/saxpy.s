// saxpy.s: y[i] = a * x[i] + y[i] for i < n (f32): the default demo workload.
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments: 0: x (pointer)  8: y (pointer)  16: a (f32)  20: n (u32).
// Assumes a workgroup of 256 work-items.

    .text
    .globl saxpy
    .p2align 8
    .type saxpy,@function
saxpy:
    // x -> s[4:5], y -> s[6:7]; a -> s8, n -> s9 (one 8-byte load for both scalars).
    s_load_dwordx4 s[4:7], s[0:1], 0x0
    s_load_dwordx2 s[8:9], s[0:1], 0x10
    // i = workgroup id * 256 + local id.
    s_lshl_b32 s10, s2, 8
    v_add_u32 v1, vcc, s10, v0
    s_waitcnt lgkmcnt(0)
    // Lanes with i >= n do nothing.
    v_cmp_gt_u32 vcc, s9, v1
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Ldone
    // Addresses x + 4i in v[2:3] and y + 4i in v[4:5].
    v_lshlrev_b32 v1, 2, v1
    v_mov_b32 v3, s5
    v_add_u32 v2, vcc, s4, v1
    v_addc_u32 v3, vcc, 0, v3, vcc
    v_mov_b32 v5, s7
    v_add_u32 v4, vcc, s6, v1
    v_addc_u32 v5, vcc, 0, v5, vcc
    flat_load_dword v6, v[2:3]
    flat_load_dword v7, v[4:5]
    s_waitcnt vmcnt(0)
    // v7 += a * v6: v_mac_f32 multiplies and accumulates into its destination (not fused:
    // the product is rounded before the add). The scalar a is the one allowed SGPR operand.
    v_mac_f32 v7, s8, v6
    flat_store_dword v[4:5], v7
.Ldone:
    s_endpgm

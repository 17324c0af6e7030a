// pipeline.s: two kernels run as two dispatches of one workload (workloads/pipeline.ini):
//   square: t[i] = x[i] * x[i]                for i < n
//   mirror: y[i] = t[i] + t[n - 1 - i]        for i < n
// mirror reads what other workgroups of square wrote, so its dispatch must wait for square's
// (after = previous, the default).
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments of both: 0: source (pointer)  8: destination (pointer)  16: n (u32).
// Assumes a workgroup of 256 work-items.

    .text
    .globl square
    .p2align 8
    .type square,@function
square:
    s_load_dwordx4 s[4:7], s[0:1], 0x0
    s_load_dword s8, s[0:1], 0x10
    // i = workgroup id * 256 + local id; lanes with i >= n do nothing.
    s_lshl_b32 s10, s2, 8
    v_add_u32 v1, vcc, s10, v0
    s_waitcnt lgkmcnt(0)
    v_cmp_gt_u32 vcc, s8, v1
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Lsquare_done
    // Source address in v[2:3], destination in v[4:5].
    v_lshlrev_b32 v1, 2, v1
    v_mov_b32 v3, s5
    v_add_u32 v2, vcc, s4, v1
    v_addc_u32 v3, vcc, 0, v3, vcc
    v_mov_b32 v5, s7
    v_add_u32 v4, vcc, s6, v1
    v_addc_u32 v5, vcc, 0, v5, vcc
    flat_load_dword v6, v[2:3]
    s_waitcnt vmcnt(0)
    v_mul_f32 v6, v6, v6
    flat_store_dword v[4:5], v6
.Lsquare_done:
    s_endpgm

    .globl mirror
    .p2align 8
    .type mirror,@function
mirror:
    s_load_dwordx4 s[4:7], s[0:1], 0x0
    s_load_dword s8, s[0:1], 0x10
    s_lshl_b32 s10, s2, 8
    v_add_u32 v1, vcc, s10, v0
    s_waitcnt lgkmcnt(0)
    v_cmp_gt_u32 vcc, s8, v1
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Lmirror_done
    // j = n - 1 - i.
    s_sub_u32 s9, s8, 1
    v_sub_u32 v2, vcc, s9, v1
    // t + 4i in v[4:5], t + 4j in v[6:7], y + 4i in v[8:9].
    v_lshlrev_b32 v1, 2, v1
    v_lshlrev_b32 v2, 2, v2
    v_mov_b32 v5, s5
    v_add_u32 v4, vcc, s4, v1
    v_addc_u32 v5, vcc, 0, v5, vcc
    v_mov_b32 v7, s5
    v_add_u32 v6, vcc, s4, v2
    v_addc_u32 v7, vcc, 0, v7, vcc
    v_mov_b32 v9, s7
    v_add_u32 v8, vcc, s6, v1
    v_addc_u32 v9, vcc, 0, v9, vcc
    flat_load_dword v10, v[4:5]
    flat_load_dword v11, v[6:7]
    s_waitcnt vmcnt(0)
    v_add_f32 v10, v10, v11
    flat_store_dword v[8:9], v10
.Lmirror_done:
    s_endpgm

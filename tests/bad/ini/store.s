// store.s: out[gid] = gid for gid < n. Default ABI: kernarg s[0:1], workgroup id x s2, id x v0.
// Arguments: 0: out (pointer)  8: n (u32). Workgroup of 64.
    .text
    .globl store
    .p2align 8
    .type store,@function
store:
    s_load_dwordx2 s[4:5], s[0:1], 0x0
    s_load_dword s6, s[0:1], 0x8
    s_lshl_b32 s7, s2, 6
    v_add_u32 v1, vcc, s7, v0
    s_waitcnt lgkmcnt(0)
    v_cmp_gt_u32 vcc, s6, v1
    s_and_saveexec_b64 s[8:9], vcc
    s_cbranch_execz .Ldone
    v_lshlrev_b32 v2, 2, v1
    v_mov_b32 v4, s5
    v_add_u32 v3, vcc, s4, v2
    v_addc_u32 v4, vcc, 0, v4, vcc
    flat_store_dword v[3:4], v1
.Ldone:
    s_endpgm

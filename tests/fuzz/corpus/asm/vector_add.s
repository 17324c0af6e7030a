// vector_add.s: c[i] = a[i] + b[i] for i < n (f32).
//
// Default kernel ABI (no .amdhsa_kernel block): kernarg pointer in s[0:1], workgroup id x in s2,
// work-item id x in v0. Arguments, in order with natural alignment:
//   0: a (pointer)   8: b (pointer)   16: c (pointer)   24: n (u32)
// Assumes a workgroup of 256 work-items. The grid may be larger than n: work-items with
// i >= n are switched off in EXEC and do nothing, which is how every bounds check works on GCN.

    .text
    .globl vector_add
    .p2align 8
    .type vector_add,@function
vector_add:
    // 1. Load the arguments with scalar loads: a -> s[4:5], b -> s[6:7], c -> s[8:9], n -> s10.
    s_load_dwordx4 s[4:7], s[0:1], 0x0
    s_load_dwordx2 s[8:9], s[0:1], 0x10
    s_load_dword s10, s[0:1], 0x18
    // 2. Global id i = workgroup id * 256 + local id (the shift happens on the scalar unit,
    //    once per wave; the add on the vector unit, once per lane).
    s_lshl_b32 s11, s2, 8
    v_add_u32 v1, vcc, s11, v0
    s_waitcnt lgkmcnt(0)
    // 3. Bounds check: VCC bit = (n > i) for each lane; save EXEC and keep only those lanes.
    //    If no lane is left, skip to the end.
    v_cmp_gt_u32 vcc, s10, v1
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Ldone
    // 4. Byte offset 4*i, then the 64-bit addresses a+4i in v[2:3] and b+4i in v[4:5]:
    //    add the low halves (carry out in VCC) and add the carry into the high halves.
    v_lshlrev_b32 v1, 2, v1
    v_mov_b32 v3, s5
    v_add_u32 v2, vcc, s4, v1
    v_addc_u32 v3, vcc, 0, v3, vcc
    v_mov_b32 v5, s7
    v_add_u32 v4, vcc, s6, v1
    v_addc_u32 v5, vcc, 0, v5, vcc
    // 5. Two loads in flight at once; vmcnt(0) waits for both.
    flat_load_dword v6, v[2:3]
    flat_load_dword v7, v[4:5]
    v_mov_b32 v9, s9
    v_add_u32 v8, vcc, s8, v1
    v_addc_u32 v9, vcc, 0, v9, vcc
    s_waitcnt vmcnt(0)
    // 6. Add and store c[i].
    v_add_f32 v6, v6, v7
    flat_store_dword v[8:9], v6
.Ldone:
    // EXEC need not be restored before s_endpgm.
    s_endpgm

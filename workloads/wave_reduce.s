// wave_reduce.s: a wave-wide sum with cross-lane moves, and a reversal through LDS.
//   sums[w] = x[64w] + ... + x[64w + 63]   (mod 2^32), w = global wave index
//   rev[256g + t] = x[256g + 255 - t]
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments: 0: x (pointer)  8: rev (pointer)  16: sums (pointer)  24: scratch (the LDS byte
// offset of 1 KiB of dynamic LDS, given in the workload as `lds:1024`).
// Assumes a workgroup of 256 work-items = 4 waves.

    .text
    .globl wave_reduce
    .p2align 8
    .type wave_reduce,@function
wave_reduce:
    // x -> s[4:5], rev -> s[6:7], sums -> s[8:9], LDS base -> s10.
    s_load_dwordx4 s[4:7], s[0:1], 0x0
    s_load_dwordx2 s[8:9], s[0:1], 0x10
    s_load_dword s10, s[0:1], 0x18
    // DS instructions check addresses against M0; -1 means "no limit beyond the allocation".
    s_mov_b32 m0, -1
    // i = workgroup id * 256 + local id; v2 = 4*i.
    s_lshl_b32 s11, s2, 8
    v_add_u32 v1, vcc, s11, v0
    v_lshlrev_b32 v2, 2, v1
    s_waitcnt lgkmcnt(0)
    // v5 = x[i]
    v_mov_b32 v4, s5
    v_add_u32 v3, vcc, s4, v2
    v_addc_u32 v4, vcc, 0, v4, vcc
    flat_load_dword v5, v[3:4]
    // LDS slot of this work-item: base + 4*local id.
    v_lshlrev_b32 v6, 2, v0
    v_add_u32 v7, vcc, s10, v6
    s_waitcnt vmcnt(0)
    ds_write_b32 v7, v5
    s_waitcnt lgkmcnt(0)
    s_barrier
    // rev: LDS[base + 4*(255 - t)] as LLVM addresses it: (base - 4t) + 1020. With the LDS base
    // at 0 the register holds a negative number; the 32-bit sum wraps back into range.
    v_sub_u32 v8, vcc, s10, v6
    ds_read_b32 v9, v8 offset:1020
    v_mov_b32 v11, s7
    v_add_u32 v10, vcc, s6, v2
    v_addc_u32 v11, vcc, 0, v11, vcc
    s_waitcnt lgkmcnt(0)
    flat_store_dword v[10:11], v9
    // The wave sum: in each half of 32 lanes, add the value of lane ^ 16, ^ 8, ^ 4, ^ 2, ^ 1
    // (swizzle's SWAP mode: no LDS memory is touched)...
    ds_swizzle_b32 v12, v5 offset:swizzle(SWAP,16)
    s_waitcnt lgkmcnt(0)
    v_add_u32 v5, vcc, v5, v12
    ds_swizzle_b32 v12, v5 offset:swizzle(SWAP,8)
    s_waitcnt lgkmcnt(0)
    v_add_u32 v5, vcc, v5, v12
    ds_swizzle_b32 v12, v5 offset:swizzle(SWAP,4)
    s_waitcnt lgkmcnt(0)
    v_add_u32 v5, vcc, v5, v12
    ds_swizzle_b32 v12, v5 offset:swizzle(SWAP,2)
    s_waitcnt lgkmcnt(0)
    v_add_u32 v5, vcc, v5, v12
    ds_swizzle_b32 v12, v5 offset:swizzle(SWAP,1)
    s_waitcnt lgkmcnt(0)
    v_add_u32 v5, vcc, v5, v12
    // ...then the other half's total: ds_bpermute reads lane (address / 4) mod 64, and
    // 4*t ^ 128 names lane t ^ 32.
    v_xor_b32 v13, 0x80, v6
    ds_bpermute_b32 v14, v13, v5
    s_waitcnt lgkmcnt(0)
    v_add_u32 v5, vcc, v5, v14
    // Lane 0 of each wave stores sums[i / 64].
    v_and_b32 v15, 63, v0
    v_cmp_eq_u32 vcc, 0, v15
    s_and_saveexec_b64 s[12:13], vcc
    v_lshrrev_b32 v16, 6, v1
    v_lshlrev_b32 v16, 2, v16
    v_mov_b32 v18, s9
    v_add_u32 v17, vcc, s8, v16
    v_addc_u32 v18, vcc, 0, v18, vcc
    flat_store_dword v[17:18], v5
    s_endpgm

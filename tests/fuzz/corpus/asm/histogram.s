// histogram.s: a 256-bin histogram of the low byte of u32 values.
//   hist[b] += number of i with (in[i] & 255) == b
// Two levels: each workgroup counts into its own LDS histogram with LDS atomics (ds_add_u32,
// cheap and local), then merges it into the global histogram with one global atomic per
// non-empty bin (flat_atomic_add), instead of one global atomic per input value.
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments: 0: in (pointer)  8: hist (pointer, 256 u32, zeroed by the workload)
//            16: bins (a __local pointer: 1 KiB of dynamic LDS, `lds:1024` in the workload).
// Assumes a workgroup of 256 work-items (one bin each when clearing and merging).

    .text
    .globl histogram
    .p2align 8
    .type histogram,@function
histogram:
    s_load_dwordx4 s[4:7], s[0:1], 0x0    // in -> s[4:5], hist -> s[6:7]
    s_load_dword s8, s[0:1], 0x10         // LDS histogram base -> s8
    s_mov_b32 m0, -1
    // Start loading in[i], i = group * 256 + local id.
    s_lshl_b32 s9, s2, 8
    v_add_u32 v1, vcc, s9, v0
    v_lshlrev_b32 v1, 2, v1
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v3, s5
    v_add_u32 v2, vcc, s4, v1
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_load_dword v4, v[2:3]
    // While it is in flight, clear bin `local id` of the LDS histogram (LDS starts undefined).
    v_lshlrev_b32 v5, 2, v0
    v_add_u32 v5, vcc, s8, v5
    v_mov_b32 v6, 0
    ds_write_b32 v5, v6
    s_waitcnt lgkmcnt(0)
    s_barrier                              // all 256 bins are zero
    // Count: LDS bin address = base + 4 * (value & 255); atomic add 1 (no return value).
    s_waitcnt vmcnt(0)
    v_and_b32 v4, 0xff, v4
    v_lshlrev_b32 v4, 2, v4
    v_add_u32 v4, vcc, s8, v4
    v_mov_b32 v6, 1
    ds_add_u32 v4, v6
    s_waitcnt lgkmcnt(0)
    s_barrier                              // every value of the workgroup is counted
    // Merge: work-item b adds LDS bin b to hist[b], skipping empty bins.
    ds_read_b32 v7, v5
    s_waitcnt lgkmcnt(0)
    v_cmp_ne_u32 vcc, 0, v7
    s_and_saveexec_b64 s[10:11], vcc
    s_cbranch_execz .Ldone
    v_lshlrev_b32 v8, 2, v0
    v_mov_b32 v10, s7
    v_add_u32 v9, vcc, s6, v8
    v_addc_u32 v10, vcc, 0, v10, vcc
    flat_atomic_add v[9:10], v7            // no glc: we do not need the old value
.Ldone:
    s_endpgm

// compact.s: stream compaction. Copies every value greater than `threshold` to `out`, packed
// at the front, and counts them in count[0]. The order of the kept values between waves
// depends on which wave reaches the counter first; within a wave it is lane order.
//
// One global atomic per wave rather than per work-item:
//   1. v_cmp writes the predicate of all 64 lanes into an SGPR pair: a "ballot".
//   2. s_bcnt1_i32_b64 counts its set bits: how many slots this wave needs.
//   3. v_mbcnt_lo/hi count the set bits below each lane: the lane's rank among the keepers.
//   4. The first active lane alone does old = atomic_add(count, needed), with glc to get
//      the old value back, and v_readfirstlane_b32 broadcasts it to the wave in an SGPR.
//   5. Each keeper stores its value at out[old + rank].
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments: 0: in  8: out  16: count (pointers)  24: threshold (u32).
// Assumes a workgroup of 256 work-items and a grid of exactly the number of values.

    .text
    .globl compact
    .p2align 8
    .type compact,@function
compact:
    s_load_dwordx4 s[4:7], s[0:1], 0x0    // in -> s[4:5], out -> s[6:7]
    s_load_dwordx2 s[8:9], s[0:1], 0x10   // count -> s[8:9]
    s_load_dword s10, s[0:1], 0x18        // threshold -> s10
    s_lshl_b32 s11, s2, 8
    v_add_u32 v1, vcc, s11, v0
    v_lshlrev_b32 v1, 2, v1
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v3, s5
    v_add_u32 v2, vcc, s4, v1
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_load_dword v4, v[2:3]            // the value
    s_waitcnt vmcnt(0)
    // 1. Ballot of (threshold < value) into s[12:13] (the e64 form may write any SGPR pair).
    v_cmp_lt_u32_e64 s[12:13], s10, v4
    // 2. Slots needed by this wave.
    s_bcnt1_i32_b64 s14, s[12:13]
    // 3. Rank among the keepers: set bits of the ballot in lanes below this one.
    v_mbcnt_lo_u32_b32 v5, s12, 0
    v_mbcnt_hi_u32_b32 v5, s13, v5
    // 4. The same trick on EXEC finds the first active lane (rank 0); only it does the atomic.
    v_mbcnt_lo_u32_b32 v6, exec_lo, 0
    v_mbcnt_hi_u32_b32 v6, exec_hi, v6
    v_cmp_eq_u32 vcc, 0, v6
    s_and_saveexec_b64 s[16:17], vcc
    v_mov_b32 v7, s8
    v_mov_b32 v8, s9
    v_mov_b32 v9, s14
    flat_atomic_add v10, v[7:8], v9 glc   // v10 = old count
    s_waitcnt vmcnt(0)
    s_mov_b64 exec, s[16:17]
    // The first active lane is again lane `first` of the restored EXEC, so readfirstlane
    // picks up exactly the value the atomic returned.
    v_readfirstlane_b32 s15, v10
    // 5. Keepers only: out[old + rank] = value.
    s_and_b64 exec, exec, s[12:13]
    s_cbranch_execz .Ldone
    v_add_u32 v5, vcc, s15, v5
    v_lshlrev_b32 v5, 2, v5
    v_mov_b32 v12, s7
    v_add_u32 v11, vcc, s6, v5
    v_addc_u32 v12, vcc, 0, v12, vcc
    flat_store_dword v[11:12], v4
.Ldone:
    s_endpgm

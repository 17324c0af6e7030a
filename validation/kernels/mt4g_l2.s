// mt4g_l2.s: mt4g's L2 and main-memory latency kernel (caps-tum/mt4g, commit 043c8c6,
// src/benchmarks/shared/latency/{l2,mainMemory}Latency.cpp), in gfx9 assembly for the CDNA presets
// (validation/rows.tsv, the mi100_*, mi210_* and mi300x_* L2 and main rows). It is apart from
// mt4g_latency.s (mt4g's other kernels, which assemble for gfx803 too) because its timed window holds
// the load's 64-bit address addition, v_add_co_u32 and v_addc_co_u32, as clang compiles mt4g's HIP
// for gfx90a: gfx803 spells those v_add_u32 and v_addc_u32, and mt4g's instructions stay as they are.
// One work-item, as mt4g launches it (<<<1, 1>>>). Each sample is the difference of two s_memtime
// around one dependent load, kept in LDS as mt4g keeps it; at the end samples 1..255 go to `out`
// (mt4g drops sample 0), whose median is the row's figure.
// Where gcnsim differs: it does not model glc/slc cache bypass, so the L2 chain is made to miss the
// vector L1 by its footprint (128 KiB, one load per 128 bytes) and the main-memory chain by touching
// only lines never touched before (one load per 256 bytes), where mt4g reads 1 KiB with glc (L2)
// or glc slc (main memory).
//
// It names no .amdgcn_target, so that it runs on each preset's target; tests/isa/llvm_check.sh reads:
// llvm-check: targets gfx908 gfx90a gfx942
//
// Default kernel ABI: kernarg pointer in s[0:1]. Arguments:
//   0: chain (pointer to u32: element i holds the index of the next element)
//   8: out (pointer to 255 u32)  16: last (u32: the index of the ring's last element, set to 0 here
//   to close the ring)  20: warm (u32: loads before the samples)

    .text
    .globl mt4g_l2
    .p2align 8
    .type mt4g_l2,@function
// l2Latency.cpp and mainMemoryLatency.cpp: `warm` loads (256 for the L2; none for main memory), then
// 256 samples of "s_memtime; s_waitcnt lgkmcnt(0); (address) flat_load_dword; s_waitcnt vmcnt(0);
// s_memtime; s_waitcnt lgkmcnt(0)", as clang schedules them: the address's shift before the window,
// its addition inside, the previous sample's LDS store waited for inside.
mt4g_l2:
    s_load_dwordx4 s[4:7], s[0:1], 0x0      // chain -> s[4:5], out -> s[6:7]
    s_load_dwordx2 s[8:9], s[0:1], 0x10     // last -> s8, warm -> s9
    s_waitcnt lgkmcnt(0)
    s_mov_b32 m0, -1
    s_lshl_b32 s16, s8, 2                   // chain[last] = 0
    v_mov_b32 v2, s16
    v_add_co_u32 v2, vcc, s4, v2
    v_mov_b32 v3, s5
    v_addc_co_u32 v3, vcc, 0, v3, vcc
    v_mov_b32 v0, 0
    flat_store_dword v[2:3], v0
    s_waitcnt vmcnt(0) lgkmcnt(0)
    v_mov_b32 v1, 0
    s_cmp_eq_u32 s9, 0
    s_cbranch_scc1 .Ll2_measure
.Ll2_warm:
    v_lshlrev_b64 v[2:3], 2, v[0:1]
    v_mov_b32 v4, s5
    v_add_co_u32 v2, vcc, s4, v2
    v_addc_co_u32 v3, vcc, v4, v3, vcc
    flat_load_dword v0, v[2:3]
    s_waitcnt vmcnt(0)
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Ll2_warm
.Ll2_measure:
    s_mov_b32 s9, 256
    v_mov_b32 v6, 0
    v_lshlrev_b64 v[2:3], 2, v[0:1]
.Ll2_sample:
    s_memtime s[10:11]
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v4, s5
    v_add_co_u32 v2, vcc, s4, v2
    v_addc_co_u32 v3, vcc, v3, v4, vcc
    flat_load_dword v0, v[2:3]
    s_waitcnt vmcnt(0)
    s_memtime s[12:13]
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s10, s12, s10
    s_subb_u32 s11, s13, s11
    v_mov_b32 v4, s10
    v_mov_b32 v5, s11
    ds_write_b64 v6, v[4:5]
    v_lshlrev_b64 v[2:3], 2, v[0:1]
    v_add_co_u32 v6, vcc, 8, v6
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Ll2_sample
    // Samples 1..255 (low halves) from LDS to out[0..254], as mt4g copies them out and drops the first.
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v6, 8
    v_mov_b32 v2, s6
    v_mov_b32 v3, s7
    s_mov_b32 s9, 255
.Ll2_copy:
    ds_read_b32 v4, v6
    s_waitcnt lgkmcnt(0)
    flat_store_dword v[2:3], v4
    v_add_co_u32 v6, vcc, 8, v6
    v_add_co_u32 v2, vcc, 4, v2
    v_addc_co_u32 v3, vcc, 0, v3, vcc
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Ll2_copy
    s_waitcnt vmcnt(0)
    s_endpgm

// mt4g_latency.s: mt4g's load-to-use latency kernels (caps-tum/mt4g, commit 043c8c6,
// src/benchmarks/shared/latency/{l1,shared}Latency.cpp and
// src/benchmarks/amd/latency/scalarL1Latency.cpp) for validation/rows.tsv: the CDNA presets' mi100_*,
// mi210_* and mi300x_* rows and the GCN3 bound rows mt4g_scalar and mt4g_memtime. One work-item, as
// mt4g launches them (<<<1, 1>>>). Each sample is the difference of two s_memtime around one
// dependent load, kept in LDS as mt4g keeps it; at the end samples 1..255 go to `out` (mt4g drops
// sample 0), whose median is the row's figure. The instructions inside each window are mt4g's: its
// inline assembly where it has some (the L1 and scalar kernels), otherwise what clang makes of its
// HIP for gfx90a (clang 15 and 19 agree): __timer() is "s_memtime; s_waitcnt lgkmcnt(0)".
// The file assembles for gfx803 and for gfx9 (gfx900 to gfx942): outside the windows the address and
// LDS-pointer arithmetic is done in SGPRs (s_add_u32/s_addc_u32, then v_mov_b32), since gfx9
// renamed the VALU carry adds (v_add_u32 with a carry-out became v_add_co_u32). mt4g's L2 and
// main-memory kernel is in mt4g_l2.s: its window holds such an add, so it is gfx9 only.
//
// Default kernel ABI: kernarg pointer in s[0:1]. Arguments of mt4g_l1:
//   0: chain (pointer to u32: element i holds the index of the next element)
//   8: out (pointer to 255 u32)  16: last (u32: the index of the ring's last element, set to 0 here
//   to close the ring)  20: warm (u32: loads before the samples)

    .text
    .globl mt4g_l1
    .p2align 8
    .type mt4g_l1,@function
// l1Latency.cpp: 256 warm-up loads, then 256 samples of
// "s_waitcnt lgkmcnt(0); s_waitcnt vmcnt(0); s_memtime; flat_load_dword; s_waitcnt lgkmcnt(0);
// s_waitcnt vmcnt(0); s_memtime", the address computed before the window.
mt4g_l1:
    s_load_dwordx4 s[4:7], s[0:1], 0x0      // chain -> s[4:5], out -> s[6:7]
    s_load_dwordx2 s[8:9], s[0:1], 0x10     // last -> s8, warm -> s9
    s_waitcnt lgkmcnt(0)
    s_mov_b32 m0, -1
    s_lshl_b32 s16, s8, 2                   // chain[last] = 0
    s_add_u32 s16, s4, s16
    s_addc_u32 s17, s5, 0
    v_mov_b32 v2, s16
    v_mov_b32 v3, s17
    v_mov_b32 v0, 0
    flat_store_dword v[2:3], v0
    s_waitcnt vmcnt(0) lgkmcnt(0)
    s_cmp_eq_u32 s9, 0
    s_cbranch_scc1 .Ll1_measure
.Ll1_warm:
    v_readfirstlane_b32 s16, v0             // address = chain + 4 x index
    s_lshl_b32 s16, s16, 2
    s_add_u32 s16, s4, s16
    s_addc_u32 s17, s5, 0
    v_mov_b32 v2, s16
    v_mov_b32 v3, s17
    flat_load_dword v0, v[2:3]
    s_waitcnt vmcnt(0)
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Ll1_warm
.Ll1_measure:
    s_mov_b32 s9, 256                       // samples
    s_mov_b32 s18, 0                        // LDS byte offset of the sample
.Ll1_sample:
    v_readfirstlane_b32 s16, v0             // address = chain + 4 x index
    s_lshl_b32 s16, s16, 2
    s_add_u32 s16, s4, s16
    s_addc_u32 s17, s5, 0
    v_mov_b32 v2, s16
    v_mov_b32 v3, s17
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[10:11]
    flat_load_dword v0, v[2:3]
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[12:13]
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_sub_u32 s10, s12, s10
    s_subb_u32 s11, s13, s11
    v_mov_b32 v4, s10
    v_mov_b32 v5, s11
    v_mov_b32 v6, s18
    ds_write_b64 v6, v[4:5]
    s_add_u32 s18, s18, 8
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Ll1_sample
    // Samples 1..255 (low halves) from LDS to out[0..254], as mt4g copies them out and drops the first.
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s18, 8
    s_mov_b32 s9, 255
.Ll1_copy:
    v_mov_b32 v6, s18
    ds_read_b32 v4, v6
    v_mov_b32 v2, s6
    v_mov_b32 v3, s7
    s_waitcnt lgkmcnt(0)
    flat_store_dword v[2:3], v4
    s_add_u32 s18, s18, 8
    s_add_u32 s6, s6, 4
    s_addc_u32 s7, s7, 0
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Ll1_copy
    s_waitcnt vmcnt(0)
    s_endpgm

    .globl mt4g_scalar
    .p2align 8
    .type mt4g_scalar,@function
// scalarL1Latency.cpp: the chain arr[i] = i walked as index = arr[index] + 1, 256 steps to warm up,
// then from 0 again 256 samples of "s_waitcnt lgkmcnt(0); s_waitcnt vmcnt(0); s_memtime;
// s_load_dword; s_waitcnt lgkmcnt(0); s_waitcnt vmcnt(0); s_memtime; s_add_u32", the address
// computed before the window. Arguments: 0: chain (u32 i holds i)  8: out.
mt4g_scalar:
    s_load_dwordx4 s[4:7], s[0:1], 0x0      // chain -> s[4:5], out -> s[6:7]
    s_waitcnt lgkmcnt(0)
    s_mov_b32 m0, -1
    s_mov_b32 s8, 0                         // index
    s_mov_b32 s9, 256
.Lsc_warm:
    s_lshl_b32 s14, s8, 2
    s_add_u32 s14, s4, s14
    s_addc_u32 s15, s5, 0
    s_load_dword s8, s[14:15], 0x0
    s_waitcnt lgkmcnt(0)
    s_add_u32 s8, s8, 1
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lsc_warm
    s_and_b32 s8, s8, 1                     // mt4g: index &= 1 (0 after 256 steps)
    s_mov_b32 s9, 256
    s_mov_b32 s18, 0                        // LDS byte offset of the sample
.Lsc_sample:
    s_lshl_b32 s14, s8, 2
    s_add_u32 s14, s4, s14
    s_addc_u32 s15, s5, 0
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[10:11]
    s_load_dword s8, s[14:15], 0x0
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[12:13]
    s_add_u32 s8, s8, 1
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_sub_u32 s10, s12, s10
    s_subb_u32 s11, s13, s11
    v_mov_b32 v4, s10
    v_mov_b32 v5, s11
    v_mov_b32 v6, s18
    ds_write_b64 v6, v[4:5]
    s_add_u32 s18, s18, 8
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lsc_sample
    // Samples 1..255 (low halves) from LDS to out[0..254], as mt4g copies them out and drops the first.
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s18, 8
    s_mov_b32 s9, 255
.Lsc_copy:
    v_mov_b32 v6, s18
    ds_read_b32 v4, v6
    v_mov_b32 v2, s6
    v_mov_b32 v3, s7
    s_waitcnt lgkmcnt(0)
    flat_store_dword v[2:3], v4
    s_add_u32 s18, s18, 8
    s_add_u32 s6, s6, 4
    s_addc_u32 s7, s7, 0
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lsc_copy
    s_waitcnt vmcnt(0)
    s_endpgm

    .globl mt4g_memtime
    .p2align 8
    .type mt4g_memtime,@function
// sharedLatency.cpp on AMD: "__timer(); index = s_pChaseArray[index]; __timer()". The LDS read's
// result is never used, so clang (15 and 19, -O3, gfx90a and gfx942) deletes it: what mt4g times is
// "s_memtime; s_waitcnt lgkmcnt(0); s_memtime; s_waitcnt lgkmcnt(0)", the round trip of s_memtime
// (after the chain's initialisation, 256 LDS stores, as mt4g's kernel does first). Argument 8: out.
mt4g_memtime:
    s_load_dwordx2 s[6:7], s[0:1], 0x8      // out -> s[6:7]
    s_waitcnt lgkmcnt(0)
    s_mov_b32 m0, -1
    s_mov_b32 s18, 0x800                    // the chain after the 2 KiB of samples
    s_mov_b32 s16, 1
    s_mov_b32 s9, 256
.Lmt_init:
    s_and_b32 s17, s16, 0xff                // c[i] = (i + 1) % 256
    v_mov_b32 v5, s17
    v_mov_b32 v6, s18
    ds_write_b32 v6, v5
    s_add_u32 s16, s16, 1
    s_add_u32 s18, s18, 4
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lmt_init
    s_mov_b32 s9, 256
    s_mov_b32 s18, 0                        // LDS byte offset of the sample
.Lmt_sample:
    s_memtime s[10:11]
    s_waitcnt lgkmcnt(0)
    s_memtime s[12:13]
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s10, s12, s10
    s_subb_u32 s11, s13, s11
    v_mov_b32 v4, s10
    v_mov_b32 v5, s11
    v_mov_b32 v6, s18
    ds_write_b64 v6, v[4:5]
    s_add_u32 s18, s18, 8
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lmt_sample
    // Samples 1..255 (low halves) from LDS to out[0..254], as mt4g copies them out and drops the first.
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s18, 8
    s_mov_b32 s9, 255
.Lmt_copy:
    v_mov_b32 v6, s18
    ds_read_b32 v4, v6
    v_mov_b32 v2, s6
    v_mov_b32 v3, s7
    s_waitcnt lgkmcnt(0)
    flat_store_dword v[2:3], v4
    s_add_u32 s18, s18, 8
    s_add_u32 s6, s6, 4
    s_addc_u32 s7, s7, 0
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lmt_copy
    s_waitcnt vmcnt(0)
    s_endpgm

// mt4g_timed.s: mt4g's own timed samples of the scalar-cache latency and of its "shared memory" figure (caps-tum/mt4g, commit
// 043c8c6, the commit of its sample results), for the mt4g rows of validation/rows.tsv. mt4g runs one work-item and takes each sample as
// the difference of two s_memtime reads; gcnsim's s_memtime reads the cycle of its issue. Each kernel
// warms up, takes 8 samples and stores sample k's cycles to out[k] (mt4g keeps them in LDS and
// copies them out at the end; either is outside the timed window).
// Arguments: 0: arr (pointer; mt4g_scalar reads arr[1])  8: out (pointer: u32[8])

    .text
    .globl mt4g_scalar
    .p2align 8
    .type mt4g_scalar,@function
// src/benchmarks/amd/latency/scalarL1Latency.cpp: its inline assembly, one s_load_dword between two
// s_memtime, each s_memtime after an s_waitcnt lgkmcnt(0) and vmcnt(0). The address is arr + index
// with index = 1 (mt4g's warm-up chase over a zero array leaves index & 1 = 1), every sample the same
// dword: a scalar-cache hit after the warm-up load.
mt4g_scalar:
    s_load_dwordx2 s[4:5], s[0:1], 0x0      // arr
    s_load_dwordx2 s[16:17], s[0:1], 0x8    // out
    s_waitcnt lgkmcnt(0)
    s_add_u32 s8, s4, 4                     // addr = arr + 1
    s_addc_u32 s9, s5, 0
    s_load_dword s6, s[8:9], 0x0            // warm-up: the line into the scalar cache
    s_waitcnt lgkmcnt(0)
    s_waitcnt lgkmcnt(0)                    // sample 0
    s_waitcnt vmcnt(0)
    s_memtime s[10:11]                      // start
    s_load_dword s6, s[8:9], 0x0            // index = *addr
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[12:13]                      // end
    s_add_u32 s6, s6, 1                     // index = index + 1
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_sub_u32 s14, s12, s10                 // end - start
    v_mov_b32 v10, s14
    s_waitcnt lgkmcnt(0)                    // sample 1
    s_waitcnt vmcnt(0)
    s_memtime s[10:11]                      // start
    s_load_dword s6, s[8:9], 0x0            // index = *addr
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[12:13]                      // end
    s_add_u32 s6, s6, 1                     // index = index + 1
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_sub_u32 s14, s12, s10                 // end - start
    v_mov_b32 v11, s14
    s_waitcnt lgkmcnt(0)                    // sample 2
    s_waitcnt vmcnt(0)
    s_memtime s[10:11]                      // start
    s_load_dword s6, s[8:9], 0x0            // index = *addr
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[12:13]                      // end
    s_add_u32 s6, s6, 1                     // index = index + 1
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_sub_u32 s14, s12, s10                 // end - start
    v_mov_b32 v12, s14
    s_waitcnt lgkmcnt(0)                    // sample 3
    s_waitcnt vmcnt(0)
    s_memtime s[10:11]                      // start
    s_load_dword s6, s[8:9], 0x0            // index = *addr
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[12:13]                      // end
    s_add_u32 s6, s6, 1                     // index = index + 1
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_sub_u32 s14, s12, s10                 // end - start
    v_mov_b32 v13, s14
    s_waitcnt lgkmcnt(0)                    // sample 4
    s_waitcnt vmcnt(0)
    s_memtime s[10:11]                      // start
    s_load_dword s6, s[8:9], 0x0            // index = *addr
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[12:13]                      // end
    s_add_u32 s6, s6, 1                     // index = index + 1
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_sub_u32 s14, s12, s10                 // end - start
    v_mov_b32 v14, s14
    s_waitcnt lgkmcnt(0)                    // sample 5
    s_waitcnt vmcnt(0)
    s_memtime s[10:11]                      // start
    s_load_dword s6, s[8:9], 0x0            // index = *addr
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[12:13]                      // end
    s_add_u32 s6, s6, 1                     // index = index + 1
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_sub_u32 s14, s12, s10                 // end - start
    v_mov_b32 v15, s14
    s_waitcnt lgkmcnt(0)                    // sample 6
    s_waitcnt vmcnt(0)
    s_memtime s[10:11]                      // start
    s_load_dword s6, s[8:9], 0x0            // index = *addr
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[12:13]                      // end
    s_add_u32 s6, s6, 1                     // index = index + 1
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_sub_u32 s14, s12, s10                 // end - start
    v_mov_b32 v16, s14
    s_waitcnt lgkmcnt(0)                    // sample 7
    s_waitcnt vmcnt(0)
    s_memtime s[10:11]                      // start
    s_load_dword s6, s[8:9], 0x0            // index = *addr
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_memtime s[12:13]                      // end
    s_add_u32 s6, s6, 1                     // index = index + 1
    s_waitcnt lgkmcnt(0)
    s_waitcnt vmcnt(0)
    s_sub_u32 s14, s12, s10                 // end - start
    v_mov_b32 v17, s14
    v_mov_b32 v2, s16                       // out[0..7]
    v_mov_b32 v3, s17
    flat_store_dwordx4 v[2:3], v[10:13]
    v_add_u32 v2, vcc, 16, v2
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dwordx4 v[2:3], v[14:17]
    s_endpgm

    .globl mt4g_memtime
    .p2align 8
    .type mt4g_memtime,@function
// src/benchmarks/shared/latency/sharedLatency.cpp, mt4g's "shared memory" (LDS) latency: `start =
// __timer(); index = s_pChaseArray[index]; end = __timer();` with __timer() = `s_memtime; s_waitcnt
// lgkmcnt(0)` (include/benchmarks/base.hpp, an asm volatile without a memory clobber). Nothing uses
// the final index, so every read of the chain is dead and LLVM deletes it (clang 15 and 19, -O3,
// gfx90a and gfx942, checked: no ds_read between the two s_memtime): each sample is the round trip
// of an s_memtime and no LDS access at all.
mt4g_memtime:
    s_load_dwordx2 s[16:17], s[0:1], 0x8    // out
    s_waitcnt lgkmcnt(0)
    s_memtime s[4:5]                        // sample 0: start = __timer()
    s_waitcnt lgkmcnt(0)
    s_memtime s[6:7]                        // end = __timer()
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s6, s4                    // end - start
    v_mov_b32 v10, s4
    s_memtime s[4:5]                        // sample 1: start = __timer()
    s_waitcnt lgkmcnt(0)
    s_memtime s[6:7]                        // end = __timer()
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s6, s4                    // end - start
    v_mov_b32 v11, s4
    s_memtime s[4:5]                        // sample 2: start = __timer()
    s_waitcnt lgkmcnt(0)
    s_memtime s[6:7]                        // end = __timer()
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s6, s4                    // end - start
    v_mov_b32 v12, s4
    s_memtime s[4:5]                        // sample 3: start = __timer()
    s_waitcnt lgkmcnt(0)
    s_memtime s[6:7]                        // end = __timer()
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s6, s4                    // end - start
    v_mov_b32 v13, s4
    s_memtime s[4:5]                        // sample 4: start = __timer()
    s_waitcnt lgkmcnt(0)
    s_memtime s[6:7]                        // end = __timer()
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s6, s4                    // end - start
    v_mov_b32 v14, s4
    s_memtime s[4:5]                        // sample 5: start = __timer()
    s_waitcnt lgkmcnt(0)
    s_memtime s[6:7]                        // end = __timer()
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s6, s4                    // end - start
    v_mov_b32 v15, s4
    s_memtime s[4:5]                        // sample 6: start = __timer()
    s_waitcnt lgkmcnt(0)
    s_memtime s[6:7]                        // end = __timer()
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s6, s4                    // end - start
    v_mov_b32 v16, s4
    s_memtime s[4:5]                        // sample 7: start = __timer()
    s_waitcnt lgkmcnt(0)
    s_memtime s[6:7]                        // end = __timer()
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s6, s4                    // end - start
    v_mov_b32 v17, s4
    v_mov_b32 v2, s16                       // out[0..7]
    v_mov_b32 v3, s17
    flat_store_dwordx4 v[2:3], v[10:13]
    v_add_u32 v2, vcc, 16, v2
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dwordx4 v[2:3], v[14:17]
    s_endpgm

// pointer_chase.s: load-to-use latency of the memory hierarchy, one dependent load at a time.
//
// One work-item follows a chain through a buffer: each 64-byte line's first dword holds the byte
// offset of the next line (the last line's wraps to 0 through `mask`), so every load's address
// depends on the previous load's data and nothing overlaps. The footprint (mask + 1 bytes, a power
// of two) decides which level serves the loads once the chain has been walked: the statistics'
// per-instruction memory latency of the second load (--per-pc) is the load-to-use latency
// (docs/workloads.md, "The memory hierarchy microbenchmarks").
//
// Default kernel ABI: kernarg pointer in s[0:1].
// Arguments: 0: chain (pointer)  8: mask (u32)  12: warm (u32, loads before measuring)
//            16: count (u32, loads measured)  24: out (pointer: the final offset)

    .text
    .globl pointer_chase
    .p2align 8
    .type pointer_chase,@function
pointer_chase:
    s_load_dwordx4 s[4:7], s[0:1], 0x0      // chain -> s[4:5], mask -> s6, warm -> s7
    s_load_dword s8, s[0:1], 0x10           // count -> s8
    s_load_dwordx2 s[10:11], s[0:1], 0x18   // out -> s[10:11]
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v4, 0                         // the offset of the current line
    s_cmp_eq_u32 s7, 0
    s_cbranch_scc1 .Lmeasure
.Lwarm:
    // Walk the chain to bring the footprint into the caches (or push older lines out).
    v_add_u32 v0, vcc, s4, v4
    v_mov_b32 v1, s5
    v_addc_u32 v1, vcc, 0, v1, vcc
    flat_load_dword v2, v[0:1]
    s_waitcnt vmcnt(0)
    v_and_b32 v4, s6, v2
    s_sub_u32 s7, s7, 1
    s_cmp_lg_u32 s7, 0
    s_cbranch_scc1 .Lwarm
.Lmeasure:
    s_cmp_eq_u32 s8, 0
    s_cbranch_scc1 .Ldone
.Lchase:
    // The measured loads: this flat_load_dword's latency is the figure.
    v_add_u32 v0, vcc, s4, v4
    v_mov_b32 v1, s5
    v_addc_u32 v1, vcc, 0, v1, vcc
    flat_load_dword v2, v[0:1]
    s_waitcnt vmcnt(0)
    v_and_b32 v4, s6, v2
    s_sub_u32 s8, s8, 1
    s_cmp_lg_u32 s8, 0
    s_cbranch_scc1 .Lchase
.Ldone:
    v_mov_b32 v0, s10
    v_mov_b32 v1, s11
    flat_store_dword v[0:1], v4
    s_endpgm

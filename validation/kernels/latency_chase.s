// latency_chase.s: load-to-use latency of the scalar cache and the LDS, one dependent load at a
// time (validation/rows.tsv, the mt4g rows). Each kernel is one wave (one lane for the LDS) that
// follows a chain, 2 rounds of 16 loads to warm up and 256 measured: each address is the previous
// load's data, so nothing overlaps, and cycles / 4,128 is one step: the load's latency plus the
// s_waitcnt that takes its data.

    .text
    .globl chase_smem
    .p2align 8
    .type chase_smem,@function
// Arguments: 0: chain (pointer: u32 i holds 64 + 4 i, so the first dword of line k points to line
// k + 1)  8: last (u32: the byte offset of the chain's last line, whose pointer is set to 0 here so
// that the chain closes without an instruction between two loads).
chase_smem:
    s_load_dwordx2 s[4:5], s[0:1], 0x0      // chain
    s_load_dword s7, s[0:1], 0x8            // last
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v1, s5                        // chain[last] = 0 (a vector store, done before any
    v_mov_b32 v0, s7                        // scalar load reads the line)
    v_add_u32 v0, vcc, s4, v0
    v_addc_u32 v1, vcc, 0, v1, vcc
    v_mov_b32 v2, 0
    flat_store_dword v[0:1], v2
    s_waitcnt vmcnt(0)
    s_mov_b32 s6, 0                         // the offset of the current line
    s_mov_b32 s8, 2                         // warm-up: two rounds bring the chain into the cache
.Lsmem_warm:
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s8, s8, 1
    s_cmp_lg_u32 s8, 0
    s_cbranch_scc1 .Lsmem_warm
    s_mov_b32 s8, 256                       // measured: 256 rounds of 16
.Lsmem_loop:
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_load_dword s6, s[4:5], s6
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s8, s8, 1
    s_cmp_lg_u32 s8, 0
    s_cbranch_scc1 .Lsmem_loop
    s_endpgm

    .globl chase_lds
    .p2align 8
    .type chase_lds,@function
// No arguments. The wave writes a 64-entry chain into its LDS (entry l at byte 4 l holds
// 4 (l + 1) mod 256), then lane 0 alone follows it.
chase_lds:
    v_lshlrev_b32 v1, 2, v0                 // lane l: its entry's address
    v_add_u32 v2, vcc, 4, v1
    v_and_b32 v2, 0xff, v2                  // and the next entry's
    s_mov_b32 m0, -1
    ds_write_b32 v1, v2
    s_waitcnt lgkmcnt(0)
    s_mov_b64 exec, 1                       // lane 0 alone
    v_mov_b32 v1, 0
    s_mov_b32 s8, 2                         // warm-up rounds (the same as measured, for symmetry)
.Llds_warm:
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s8, s8, 1
    s_cmp_lg_u32 s8, 0
    s_cbranch_scc1 .Llds_warm
    s_mov_b32 s8, 256                       // measured: 256 rounds of 16
.Llds_loop:
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    ds_read_b32 v1, v1
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s8, s8, 1
    s_cmp_lg_u32 s8, 0
    s_cbranch_scc1 .Llds_loop
    s_endpgm

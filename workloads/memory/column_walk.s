// column_walk.s: one work-item walks down a column of a row-major matrix, one load at a time.
//
// Load k reads the first dword of row k (address a + k x stride), then waits for it, so the loads
// never overlap and each one's latency adds to the run. With the default stride of 2 KiB, two rows
// share each 4 KiB page: a new page every two loads, the pattern of a column-wise matrix walk (atax's
// second product, with rows of 512 floats). With address translation on (tlb.model = on) the first
// load of each page misses both TLBs and waits for a walk; docs/validation.md, "Whole-kernel
// costs", derives the cycles by hand (tests/e2e/memory.sh checks them).
//
// Default kernel ABI: kernarg pointer in s[0:1].
// Arguments: 0: a (pointer)  8: rows (u32, loads)  12: stride (u32, bytes between rows)
//            16: out (pointer: the sum of the loaded dwords)

    .text
    .globl column_walk
    .p2align 8
    .type column_walk,@function
column_walk:
    s_load_dwordx4 s[4:7], s[0:1], 0x0     // a -> s[4:5], rows -> s6, stride -> s7
    s_load_dwordx2 s[10:11], s[0:1], 0x10  // out -> s[10:11]
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v4, 0                        // the sum
    v_mov_b32 v0, s4                       // the address of row k
    v_mov_b32 v1, s5
    s_cmp_eq_u32 s6, 0
    s_cbranch_scc1 .Ldone
.Lrow:
    flat_load_dword v2, v[0:1]
    s_waitcnt vmcnt(0)
    v_add_u32 v4, vcc, v4, v2
    v_add_u32 v0, vcc, s7, v0
    v_addc_u32 v1, vcc, 0, v1, vcc
    s_sub_u32 s6, s6, 1
    s_cmp_lg_u32 s6, 0
    s_cbranch_scc1 .Lrow
.Ldone:
    v_mov_b32 v0, s10
    v_mov_b32 v1, s11
    flat_store_dword v[0:1], v4
    s_endpgm

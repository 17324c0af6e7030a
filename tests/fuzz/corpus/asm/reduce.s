// reduce.s: sum of u32 values, one partial sum per workgroup, by a tree reduction in LDS.
//   out[g] = in[256g] + in[256g+1] + ... + in[256g+255]   (mod 2^32)
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments: 0: in (pointer)  8: out (pointer)  16: scratch (a __local pointer: the LDS byte
// offset of 1 KiB of dynamic LDS, given in the workload as `lds:1024`).
// Assumes a workgroup of 256 work-items = 4 waves, which meet at s_barrier after each step.

    .text
    .globl reduce
    .p2align 8
    .type reduce,@function
reduce:
    // in -> s[4:5], out -> s[6:7], LDS base -> s8.
    s_load_dwordx4 s[4:7], s[0:1], 0x0
    s_load_dword s8, s[0:1], 0x10
    // DS instructions check addresses against M0; -1 means "no limit beyond the allocation".
    s_mov_b32 m0, -1
    // i = workgroup id * 256 + local id; v1 = 4*i.
    s_lshl_b32 s9, s2, 8
    v_add_u32 v1, vcc, s9, v0
    v_lshlrev_b32 v1, 2, v1
    s_waitcnt lgkmcnt(0)
    // Load in[i].
    v_mov_b32 v3, s5
    v_add_u32 v2, vcc, s4, v1
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_load_dword v4, v[2:3]
    // v5 = this work-item's LDS slot: base + 4*local id.
    v_lshlrev_b32 v5, 2, v0
    v_add_u32 v5, vcc, s8, v5
    s_waitcnt vmcnt(0)
    ds_write_b32 v5, v4
    // Every wave's write must be done before anyone reads: wait for our own LDS write,
    // then wait for the other waves at the barrier.
    s_waitcnt lgkmcnt(0)
    s_barrier

    // Tree: for (s = 128; s > 0; s /= 2) { if (lid < s) lds[lid] += lds[lid + s]; barrier; }
    s_movk_i32 s10, 128
.Lstep:
    v_cmp_gt_u32 vcc, s10, v0
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Lskip
    s_lshl_b32 s11, s10, 2              // s in bytes
    v_add_u32 v6, vcc, s11, v5
    ds_read_b32 v7, v5
    ds_read_b32 v8, v6
    s_waitcnt lgkmcnt(0)
    v_add_u32 v7, vcc, v7, v8
    ds_write_b32 v5, v7
.Lskip:
    // Restore EXEC before the barrier: the barrier is for the whole wave, and a wave with
    // no active lane at this step must still arrive at it.
    s_or_b64 exec, exec, s[12:13]
    s_waitcnt lgkmcnt(0)
    s_barrier
    s_lshr_b32 s10, s10, 1
    s_cmp_lg_u32 s10, 0
    s_cbranch_scc1 .Lstep

    // Work-item 0 writes lds[0] to out[workgroup id].
    v_cmp_eq_u32 vcc, 0, v0
    s_and_saveexec_b64 s[12:13], vcc
    s_cbranch_execz .Ldone
    ds_read_b32 v7, v5
    // out + 4*group id, computed on the scalar unit (SCC carries into the high half).
    s_lshl_b32 s11, s2, 2
    s_add_u32 s6, s6, s11
    s_addc_u32 s7, s7, 0
    v_mov_b32 v2, s6
    v_mov_b32 v3, s7
    s_waitcnt lgkmcnt(0)
    flat_store_dword v[2:3], v7
.Ldone:
    s_endpgm

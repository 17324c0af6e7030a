// stream.s: a bandwidth-bound read stream. Each work-item sums `iters` 16-byte loads, `stride`
// bytes apart (the whole grid's width, so each wave reads 1 KiB of consecutive lines per load),
// and writes its sum: out[gid] = sum over k of (a4[gid + k*G].x + .y + .z + .w), added in that
// order in f32, with G = stride / 16.
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments: 0: a (pointer)  8: iters (u32)  12: stride (u32, bytes)  16: out (pointer).
// Assumes a workgroup of 256 work-items.

    .text
    .globl stream
    .p2align 8
    .type stream,@function
stream:
    s_load_dwordx4 s[4:7], s[0:1], 0x0      // a -> s[4:5], iters -> s6, stride -> s7
    s_load_dwordx2 s[8:9], s[0:1], 0x10     // out -> s[8:9]
    s_lshl_b32 s10, s2, 8
    v_add_u32 v1, vcc, s10, v0              // gid
    v_lshlrev_b32 v2, 4, v1
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v3, s5
    v_add_u32 v2, vcc, s4, v2
    v_addc_u32 v3, vcc, 0, v3, vcc          // v[2:3] = a + 16 gid
    v_mov_b32 v8, 0                         // the sum
    s_cmp_eq_u32 s6, 0
    s_cbranch_scc1 .Lstore
.Lloop:
    flat_load_dwordx4 v[4:7], v[2:3]
    v_add_u32 v2, vcc, s7, v2
    v_addc_u32 v3, vcc, 0, v3, vcc
    s_waitcnt vmcnt(0)
    v_add_f32 v8, v8, v4
    v_add_f32 v8, v8, v5
    v_add_f32 v8, v8, v6
    v_add_f32 v8, v8, v7
    s_sub_u32 s6, s6, 1
    s_cmp_lg_u32 s6, 0
    s_cbranch_scc1 .Lloop
.Lstore:
    v_lshlrev_b32 v1, 2, v1
    v_mov_b32 v3, s9
    v_add_u32 v2, vcc, s8, v1
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dword v[2:3], v8
    s_endpgm

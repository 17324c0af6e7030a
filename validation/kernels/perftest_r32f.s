// perftest_r32f.s: sebbbi/perftest's Buffer<R32f>.Load shader (perftest/loadTypedBody.hlsli)
// for gfx803: each work-item of a 256-wide group makes 256 loads of element htid + i
// (i = 0..255), htid by the pattern argument: 0 uniform (htid = 0), 1 linear (htid = local id),
// 2 random (htid = hash1(local id) & 15, hash1(c) = c * 0x3504f333, perftest's hash.hlsli).
// The loads are buffer_load_format_x,
// typed loads: R32f: DATA_FORMAT 32, NUM_FORMAT float (the V#'s formats, converted on the way),
// indexed (idxen) through a V# of stride 4, 8 in flight per wave: the index VGPR steps by 8
// elements a round and the instruction offset picks element k of the 8 (k x 4 bytes).
// Each loaded dword is added into an accumulator (the shader's `value +=`), and the sum is
// stored to out[id] (perftest writes it to LDS under a never-taken branch; a store keeps it
// observable here). The working set stays under 16 KiB (L1-resident after the first pass).
// Arguments: 0: data (pointer)  8: pattern (u32)  16: out (pointer)

    .text
    .globl perftest_r32f
    .p2align 8
    .type perftest_r32f,@function
perftest_r32f:
    s_load_dwordx4 s[4:7], s[0:1], 0x0      // data -> s[4:5], pattern -> s6
    s_load_dwordx2 s[16:17], s[0:1], 0x10   // out -> s[16:17]
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, s4                       // the V#: base, stride 4, every index in range
    s_and_b32 s13, s5, 0xffff
    s_or_b32 s13, s13, 0x40000
    s_mov_b32 s14, -1
    s_mov_b32 s15, 0x27fac
    v_mov_b32 v1, 0                         // uniform: htid = 0
    s_cmp_eq_u32 s6, 1
    s_cbranch_scc0 .Lnot_linear
    v_mov_b32 v1, v0                        // linear: htid = local id
.Lnot_linear:
    s_cmp_eq_u32 s6, 2
    s_cbranch_scc0 .Lhtid
    s_mov_b32 s8, 0x3504f333                // random: hash1(local id) & 15
    v_mul_lo_u32 v1, s8, v0
    v_and_b32 v1, 15, v1
.Lhtid:
    v_mov_b32 v12, 0
    s_mov_b32 s9, 32                        // 32 x 8 = 256 loads
.Lloop:
    buffer_load_format_x v4, v1, s[12:15], 0 idxen offset:0
    buffer_load_format_x v5, v1, s[12:15], 0 idxen offset:4
    buffer_load_format_x v6, v1, s[12:15], 0 idxen offset:8
    buffer_load_format_x v7, v1, s[12:15], 0 idxen offset:12
    buffer_load_format_x v8, v1, s[12:15], 0 idxen offset:16
    buffer_load_format_x v9, v1, s[12:15], 0 idxen offset:20
    buffer_load_format_x v10, v1, s[12:15], 0 idxen offset:24
    buffer_load_format_x v11, v1, s[12:15], 0 idxen offset:28
    v_add_u32 v1, vcc, 8, v1
    s_waitcnt vmcnt(0)
    v_add_f32 v12, v12, v4
    v_add_f32 v12, v12, v5
    v_add_f32 v12, v12, v6
    v_add_f32 v12, v12, v7
    v_add_f32 v12, v12, v8
    v_add_f32 v12, v12, v9
    v_add_f32 v12, v12, v10
    v_add_f32 v12, v12, v11
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lloop
    s_lshl_b32 s10, s2, 8                   // out[group * 256 + local id]
    v_add_u32 v2, vcc, s10, v0
    v_lshlrev_b32 v2, 2, v2
    v_add_u32 v2, vcc, s16, v2
    v_mov_b32 v3, s17
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dword v[2:3], v12
    s_endpgm

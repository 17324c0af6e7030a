// perftest_load2.s: sebbbi/perftest's ByteAddressBuffer.Load2 shader (perftest/loadRawBody.hlsli,
// LOAD_WIDTH 2) for gfx803: each work-item of a 256-wide group makes 256 loads of 8 bytes at
// element htid + i (i = 0..255), htid by the pattern argument: 0 uniform (htid = 0), 1 linear
// (htid = local id), 2 random (htid = hash1(local id) & 15, hash1(c) = c * 0x3504f333, perftest's
// hash.hlsli); the byte address is htid * 8 + start (perftest's readStartAddress: 0 aligned, 4
// unaligned). The working set stays under 16 KiB (L1-resident after the first pass). The loads are
// MUBUF buffer_load_dwordx2 through a raw V# (stride 0), 8 in flight per wave; each loaded
// dword is added into an accumulator (the shader's `value +=`), and the sum is stored to out[id]
// (perftest writes it to LDS under a never-taken branch; a store keeps it observable here).
// Arguments: 0: data (pointer)  8: pattern (u32)  12: start (u32)  16: out (pointer)

    .text
    .globl perftest_load2
    .p2align 8
    .type perftest_load2,@function
perftest_load2:
    s_load_dwordx4 s[4:7], s[0:1], 0x0      // data -> s[4:5], pattern -> s6, start -> s7
    s_load_dwordx2 s[16:17], s[0:1], 0x10   // out -> s[16:17]
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, s4                       // the V#: base, stride 0, every byte in range, raw dwords
    s_and_b32 s13, s5, 0xffff
    s_mov_b32 s14, -1
    s_mov_b32 s15, 0x27000
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
    v_mul_u32_u24 v1, 8, v1                 // byte address: htid * 8 + start
    v_add_u32 v1, vcc, s7, v1
    v_mov_b32 v20, 0
    v_mov_b32 v21, 0
    s_mov_b32 s9, 32                        // 32 x 8 = 256 loads
.Lloop:
    buffer_load_dwordx2 v[4:5], v1, s[12:15], 0 offen offset:0
    buffer_load_dwordx2 v[6:7], v1, s[12:15], 0 offen offset:8
    buffer_load_dwordx2 v[8:9], v1, s[12:15], 0 offen offset:16
    buffer_load_dwordx2 v[10:11], v1, s[12:15], 0 offen offset:24
    buffer_load_dwordx2 v[12:13], v1, s[12:15], 0 offen offset:32
    buffer_load_dwordx2 v[14:15], v1, s[12:15], 0 offen offset:40
    buffer_load_dwordx2 v[16:17], v1, s[12:15], 0 offen offset:48
    buffer_load_dwordx2 v[18:19], v1, s[12:15], 0 offen offset:56
    v_add_u32 v1, vcc, 64, v1
    s_waitcnt vmcnt(0)
    v_add_f32 v20, v20, v4
    v_add_f32 v21, v21, v5
    v_add_f32 v20, v20, v6
    v_add_f32 v21, v21, v7
    v_add_f32 v20, v20, v8
    v_add_f32 v21, v21, v9
    v_add_f32 v20, v20, v10
    v_add_f32 v21, v21, v11
    v_add_f32 v20, v20, v12
    v_add_f32 v21, v21, v13
    v_add_f32 v20, v20, v14
    v_add_f32 v21, v21, v15
    v_add_f32 v20, v20, v16
    v_add_f32 v21, v21, v17
    v_add_f32 v20, v20, v18
    v_add_f32 v21, v21, v19
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lloop
    v_add_f32 v20, v20, v21
    s_lshl_b32 s10, s2, 8                   // out[group * 256 + local id]
    v_add_u32 v2, vcc, s10, v0
    v_lshlrev_b32 v2, 2, v2
    v_add_u32 v2, vcc, s16, v2
    v_mov_b32 v3, s17
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dword v[2:3], v20
    s_endpgm

// perftest_sload4.s: sebbbi/perftest's ByteAddressBuffer.Load4 uniform shader (perftest/loadRawBody.hlsli,
// LOAD_INVARIANT, LOAD_WIDTH 4) for gfx803 as GCN's compiler makes it: the address is the same for
// every lane, so the 256 loads are scalar (s_buffer_load_dwordx4 through a raw V#, 8 in flight, one
// s_waitcnt lgkmcnt(0) per 8) and each loaded dword is added into a VGPR accumulator (v_add_f32 from
// the SGPR). The sum is stored to out[id]. Arguments: 0: data (pointer)  8: out (pointer)

    .text
    .globl perftest_sload4
    .p2align 8
    .type perftest_sload4,@function
perftest_sload4:
    s_load_dwordx2 s[4:5], s[0:1], 0x0      // data -> s[4:5]
    s_load_dwordx2 s[16:17], s[0:1], 0x8    // out -> s[16:17]
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, s4                       // the V#: base, stride 0, every byte in range, raw dwords
    s_and_b32 s13, s5, 0xffff
    s_mov_b32 s14, -1
    s_mov_b32 s15, 0x27000
    s_mov_b32 s18, 0                        // the byte offset of the next load
    v_mov_b32 v4, 0
    v_mov_b32 v5, 0
    v_mov_b32 v6, 0
    v_mov_b32 v7, 0
    s_mov_b32 s9, 32                        // 32 x 8 = 256 loads
.Lloop:
    s_add_u32 s19, s18, 0
    s_buffer_load_dwordx4 s[20:23], s[12:15], s19
    s_add_u32 s19, s18, 16
    s_buffer_load_dwordx4 s[24:27], s[12:15], s19
    s_add_u32 s19, s18, 32
    s_buffer_load_dwordx4 s[28:31], s[12:15], s19
    s_add_u32 s19, s18, 48
    s_buffer_load_dwordx4 s[32:35], s[12:15], s19
    s_add_u32 s19, s18, 64
    s_buffer_load_dwordx4 s[36:39], s[12:15], s19
    s_add_u32 s19, s18, 80
    s_buffer_load_dwordx4 s[40:43], s[12:15], s19
    s_add_u32 s19, s18, 96
    s_buffer_load_dwordx4 s[44:47], s[12:15], s19
    s_add_u32 s19, s18, 112
    s_buffer_load_dwordx4 s[48:51], s[12:15], s19
    s_add_u32 s18, s18, 128
    s_waitcnt lgkmcnt(0)
    v_add_f32 v4, s20, v4
    v_add_f32 v5, s21, v5
    v_add_f32 v6, s22, v6
    v_add_f32 v7, s23, v7
    v_add_f32 v4, s24, v4
    v_add_f32 v5, s25, v5
    v_add_f32 v6, s26, v6
    v_add_f32 v7, s27, v7
    v_add_f32 v4, s28, v4
    v_add_f32 v5, s29, v5
    v_add_f32 v6, s30, v6
    v_add_f32 v7, s31, v7
    v_add_f32 v4, s32, v4
    v_add_f32 v5, s33, v5
    v_add_f32 v6, s34, v6
    v_add_f32 v7, s35, v7
    v_add_f32 v4, s36, v4
    v_add_f32 v5, s37, v5
    v_add_f32 v6, s38, v6
    v_add_f32 v7, s39, v7
    v_add_f32 v4, s40, v4
    v_add_f32 v5, s41, v5
    v_add_f32 v6, s42, v6
    v_add_f32 v7, s43, v7
    v_add_f32 v4, s44, v4
    v_add_f32 v5, s45, v5
    v_add_f32 v6, s46, v6
    v_add_f32 v7, s47, v7
    v_add_f32 v4, s48, v4
    v_add_f32 v5, s49, v5
    v_add_f32 v6, s50, v6
    v_add_f32 v7, s51, v7
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lloop
    v_add_f32 v4, v4, v5
    v_add_f32 v4, v4, v6
    v_add_f32 v4, v4, v7
    s_lshl_b32 s10, s2, 8                   // out[group * 256 + local id]
    v_add_u32 v2, vcc, s10, v0
    v_lshlrev_b32 v2, 2, v2
    v_add_u32 v2, vcc, s16, v2
    v_mov_b32 v3, s17
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dword v[2:3], v4
    s_endpgm

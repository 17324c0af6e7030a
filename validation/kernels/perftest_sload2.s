// perftest_sload2.s: sebbbi/perftest's ByteAddressBuffer.Load2 uniform shader (perftest/loadRawBody.hlsli,
// LOAD_INVARIANT, LOAD_WIDTH 2) for gfx803 as GCN's compiler makes it: the address is the same for
// every lane, so the 256 loads are scalar (s_buffer_load_dwordx2 through a raw V#, 8 in flight, one
// s_waitcnt lgkmcnt(0) per 8) and each loaded dword is added into a VGPR accumulator (v_add_f32 from
// the SGPR). The sum is stored to out[id]. Arguments: 0: data (pointer)  8: out (pointer)

    .text
    .globl perftest_sload2
    .p2align 8
    .type perftest_sload2,@function
perftest_sload2:
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
    s_mov_b32 s9, 32                        // 32 x 8 = 256 loads
.Lloop:
    s_add_u32 s19, s18, 0
    s_buffer_load_dwordx2 s[20:21], s[12:15], s19
    s_add_u32 s19, s18, 8
    s_buffer_load_dwordx2 s[22:23], s[12:15], s19
    s_add_u32 s19, s18, 16
    s_buffer_load_dwordx2 s[24:25], s[12:15], s19
    s_add_u32 s19, s18, 24
    s_buffer_load_dwordx2 s[26:27], s[12:15], s19
    s_add_u32 s19, s18, 32
    s_buffer_load_dwordx2 s[28:29], s[12:15], s19
    s_add_u32 s19, s18, 40
    s_buffer_load_dwordx2 s[30:31], s[12:15], s19
    s_add_u32 s19, s18, 48
    s_buffer_load_dwordx2 s[32:33], s[12:15], s19
    s_add_u32 s19, s18, 56
    s_buffer_load_dwordx2 s[34:35], s[12:15], s19
    s_add_u32 s18, s18, 64
    s_waitcnt lgkmcnt(0)
    v_add_f32 v4, s20, v4
    v_add_f32 v5, s21, v5
    v_add_f32 v4, s22, v4
    v_add_f32 v5, s23, v5
    v_add_f32 v4, s24, v4
    v_add_f32 v5, s25, v5
    v_add_f32 v4, s26, v4
    v_add_f32 v5, s27, v5
    v_add_f32 v4, s28, v4
    v_add_f32 v5, s29, v5
    v_add_f32 v4, s30, v4
    v_add_f32 v5, s31, v5
    v_add_f32 v4, s32, v4
    v_add_f32 v5, s33, v5
    v_add_f32 v4, s34, v4
    v_add_f32 v5, s35, v5
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lloop
    v_add_f32 v4, v4, v5
    s_lshl_b32 s10, s2, 8                   // out[group * 256 + local id]
    v_add_u32 v2, vcc, s10, v0
    v_lshlrev_b32 v2, 2, v2
    v_add_u32 v2, vcc, s16, v2
    v_mov_b32 v3, s17
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dword v[2:3], v4
    s_endpgm

// perftest_sload1.s: sebbbi/perftest's ByteAddressBuffer.Load uniform shader (perftest/loadRawBody.hlsli,
// LOAD_INVARIANT, LOAD_WIDTH 1) for gfx803 as GCN's compiler makes it: the address is the same for
// every lane, so the 256 loads are scalar (s_buffer_load_dword through a raw V#, 8 in flight, one
// s_waitcnt lgkmcnt(0) per 8) and each loaded dword is added into a VGPR accumulator (v_add_f32 from
// the SGPR). The sum is stored to out[id]. Arguments: 0: data (pointer)  8: out (pointer)

    .text
    .globl perftest_sload1
    .p2align 8
    .type perftest_sload1,@function
perftest_sload1:
    s_load_dwordx2 s[4:5], s[0:1], 0x0      // data -> s[4:5]
    s_load_dwordx2 s[16:17], s[0:1], 0x8    // out -> s[16:17]
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, s4                       // the V#: base, stride 0, every byte in range, raw dwords
    s_and_b32 s13, s5, 0xffff
    s_mov_b32 s14, -1
    s_mov_b32 s15, 0x27000
    s_mov_b32 s18, 0                        // the byte offset of the next load
    v_mov_b32 v4, 0
    s_mov_b32 s9, 32                        // 32 x 8 = 256 loads
.Lloop:
    s_add_u32 s19, s18, 0
    s_buffer_load_dword s20, s[12:15], s19
    s_add_u32 s19, s18, 4
    s_buffer_load_dword s21, s[12:15], s19
    s_add_u32 s19, s18, 8
    s_buffer_load_dword s22, s[12:15], s19
    s_add_u32 s19, s18, 12
    s_buffer_load_dword s23, s[12:15], s19
    s_add_u32 s19, s18, 16
    s_buffer_load_dword s24, s[12:15], s19
    s_add_u32 s19, s18, 20
    s_buffer_load_dword s25, s[12:15], s19
    s_add_u32 s19, s18, 24
    s_buffer_load_dword s26, s[12:15], s19
    s_add_u32 s19, s18, 28
    s_buffer_load_dword s27, s[12:15], s19
    s_add_u32 s18, s18, 32
    s_waitcnt lgkmcnt(0)
    v_add_f32 v4, s20, v4
    v_add_f32 v4, s21, v4
    v_add_f32 v4, s22, v4
    v_add_f32 v4, s23, v4
    v_add_f32 v4, s24, v4
    v_add_f32 v4, s25, v4
    v_add_f32 v4, s26, v4
    v_add_f32 v4, s27, v4
    s_sub_u32 s9, s9, 1
    s_cmp_lg_u32 s9, 0
    s_cbranch_scc1 .Lloop
    s_lshl_b32 s10, s2, 8                   // out[group * 256 + local id]
    v_add_u32 v2, vcc, s10, v0
    v_lshlrev_b32 v2, 2, v2
    v_add_u32 v2, vcc, s16, v2
    v_mov_b32 v3, s17
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dword v[2:3], v4
    s_endpgm

// sdwa_unpack.s: bytes and half-words of packed u32 values taken apart with SDWA selects.
//   for each x = in[i]:  out[4i]   = x & 0xff                        (BYTE_0, zero-extended)
//                        out[4i+1] = (int8_t)(x >> 8)                (sext of BYTE_1)
//                        out[4i+2] = (x >> 16 & 0xff) + (x >> 24)    (BYTE_2 + BYTE_3)
//                        out[4i+3] = (x & 0xffff) << 16              (WORD_0 written to WORD_1,
//                                                                     the low half zeroed)
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments: 0: in (pointer)  8: out (pointer). Workgroups of 256 work-items.

    .text
    .globl sdwa_unpack
    .p2align 8
    .type sdwa_unpack,@function
sdwa_unpack:
    s_load_dwordx4 s[4:7], s[0:1], 0x0     // in -> s[4:5], out -> s[6:7]
    s_lshl_b32 s8, s2, 8
    v_add_u32 v1, vcc, s8, v0              // i
    v_lshlrev_b32 v9, 2, v1                // 4*i: byte offset of in[i]
    v_lshlrev_b32 v10, 4, v1               // 16*i: byte offset of out[4i]
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v3, s5
    v_add_u32 v2, vcc, s4, v9
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_load_dword v4, v[2:3]
    s_waitcnt vmcnt(0)
    v_mov_b32_sdwa v5, v4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0
    v_mov_b32_sdwa v6, sext(v4) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1
    v_add_u32_sdwa v7, vcc, v4, v4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:BYTE_3
    v_mov_b32_sdwa v8, v4 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_0
    v_mov_b32 v3, s7
    v_add_u32 v2, vcc, s6, v10
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dwordx4 v[2:3], v[5:8]
    s_endpgm

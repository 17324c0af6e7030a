// perftest_scalar.s: sebbbi/perftest's uniform-address loads on GCN, which AMD's compiler makes scalar
// loads (perftest README: "Uniform address raw loads generates scalar unit loads"), as the shaders
// measured on the R9 Fury were written (perftest commit f820e6c, 13 November 2018, which added the
// Fury's table; docs/validation.md):
//  - one load an iteration: the loop is `[loop] for (int i = 0; i < 256; ++i)`, not unrolled;
//  - the address is computed for every load and OR-ed with a runtime mask (loadConstants.elementsMask,
//    0 at run time, "to prevent unwanted compiler optimizations"): ByteAddressBuffer
//    (htid + i * 4W) | mask with htid = readStartAddress (loadRawBody.hlsli), StructuredBuffer
//    ((htid + i) | mask) x stride with htid = 0 (loadStructuredBody.hlsli), cbuffer the same
//    x 16 after the 16-byte header of CB0 (loadConstantBody.hlsli, LoadConstantsWithArray);
//  - the raw loads' uint data is converted to float (v_cvt_f32_u32: perftest issue #19 finds them in
//    the compiled raw shaders; commit 40ef124 removed them in 2020, after the measurement);
//  - the float4 accumulator keeps one register per distinct component (.xxxx one, .xyxy two,
//    .xyzw four): the Fury's Load2 uniform (5.1 clocks a wave-load) is faster than the 6 clocks of
//    two conversions and four adds (6 VALU instructions of 4 cycles on each of 4 SIMDs), so AMD's
//    compiler does not keep four.
// The loop's scalar part is what LLVM 15 makes of the same loop for gfx803 (the address, the load,
// the induction variable's add and its compare), with s_buffer_load through the buffer's V#.
// Arguments: 0: data (pointer)  8: out (pointer)  16: mask (u32)  20: start (u32)
// Each work-item stores its sum to out[id] (perftest writes it to LDS under a never-taken branch).

    .text

// ByteAddressBuffer.Load uniform: value += Load(address).xxxx, converted to float.
    .globl perftest_sraw1
    .p2align 8
    .type perftest_sraw1,@function
perftest_sraw1:
    s_load_dwordx2 s[4:5], s[0:1], 0x0      // data
    s_load_dwordx2 s[16:17], s[0:1], 0x8    // out
    s_load_dwordx2 s[6:7], s[0:1], 0x10     // mask -> s6, start -> s7
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, s4                       // the V#: base, stride 0, every byte in range, raw dwords
    s_and_b32 s13, s5, 0xffff
    s_mov_b32 s14, -1
    s_mov_b32 s15, 0x27000
    s_mov_b32 s18, 0                        // the induction variable
    v_mov_b32 v4, 0
.Lperftest_sraw1:
    s_add_u32 s19, s7, s18                  // htid + i * 4 (htid = readStartAddress)
    s_or_b32 s19, s19, s6                   // | elementsMask
    s_buffer_load_dword s20, s[12:15], s19
    s_add_u32 s18, s18, 4
    s_cmpk_lg_u32 s18, 0x400                // i < 256
    s_waitcnt lgkmcnt(0)
    v_cvt_f32_u32 v8, s20
    v_add_f32 v4, v4, v8
    s_cbranch_scc1 .Lperftest_sraw1
    v_add_f32 v4, v4, v4                    // x + y + z + w of four equal components
    v_add_f32 v4, v4, v4
    s_lshl_b32 s10, s2, 8                   // out[group * 256 + local id]
    v_add_u32 v2, vcc, s10, v0
    v_lshlrev_b32 v2, 2, v2
    v_add_u32 v2, vcc, s16, v2
    v_mov_b32 v3, s17
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dword v[2:3], v4
    s_endpgm

// ByteAddressBuffer.Load2 uniform: value += Load2(address).xyxy, converted to float.
    .globl perftest_sraw2
    .p2align 8
    .type perftest_sraw2,@function
perftest_sraw2:
    s_load_dwordx2 s[4:5], s[0:1], 0x0      // data
    s_load_dwordx2 s[16:17], s[0:1], 0x8    // out
    s_load_dwordx2 s[6:7], s[0:1], 0x10     // mask -> s6, start -> s7
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, s4                       // the V#: base, stride 0, every byte in range, raw dwords
    s_and_b32 s13, s5, 0xffff
    s_mov_b32 s14, -1
    s_mov_b32 s15, 0x27000
    s_mov_b32 s18, 0                        // the induction variable
    v_mov_b32 v4, 0
    v_mov_b32 v5, 0
.Lperftest_sraw2:
    s_add_u32 s19, s7, s18                  // htid + i * 8 (htid = readStartAddress)
    s_or_b32 s19, s19, s6                   // | elementsMask
    s_buffer_load_dwordx2 s[20:21], s[12:15], s19
    s_add_u32 s18, s18, 8
    s_cmpk_lg_u32 s18, 0x800                // i < 256
    s_waitcnt lgkmcnt(0)
    v_cvt_f32_u32 v8, s20
    v_cvt_f32_u32 v9, s21
    v_add_f32 v4, v4, v8
    v_add_f32 v5, v5, v9
    s_cbranch_scc1 .Lperftest_sraw2
    v_add_f32 v4, v4, v5                    // x + y + z + w with z = x, w = y
    v_add_f32 v4, v4, v4
    s_lshl_b32 s10, s2, 8                   // out[group * 256 + local id]
    v_add_u32 v2, vcc, s10, v0
    v_lshlrev_b32 v2, 2, v2
    v_add_u32 v2, vcc, s16, v2
    v_mov_b32 v3, s17
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dword v[2:3], v4
    s_endpgm

// ByteAddressBuffer.Load4 uniform: value += Load4(address).xyzw, converted to float.
    .globl perftest_sraw4
    .p2align 8
    .type perftest_sraw4,@function
perftest_sraw4:
    s_load_dwordx2 s[4:5], s[0:1], 0x0      // data
    s_load_dwordx2 s[16:17], s[0:1], 0x8    // out
    s_load_dwordx2 s[6:7], s[0:1], 0x10     // mask -> s6, start -> s7
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, s4                       // the V#: base, stride 0, every byte in range, raw dwords
    s_and_b32 s13, s5, 0xffff
    s_mov_b32 s14, -1
    s_mov_b32 s15, 0x27000
    s_mov_b32 s18, 0                        // the induction variable
    v_mov_b32 v4, 0
    v_mov_b32 v5, 0
    v_mov_b32 v6, 0
    v_mov_b32 v7, 0
.Lperftest_sraw4:
    s_add_u32 s19, s7, s18                  // htid + i * 16 (htid = readStartAddress)
    s_or_b32 s19, s19, s6                   // | elementsMask
    s_buffer_load_dwordx4 s[20:23], s[12:15], s19
    s_add_u32 s18, s18, 16
    s_cmpk_lg_u32 s18, 0x1000                // i < 256
    s_waitcnt lgkmcnt(0)
    v_cvt_f32_u32 v8, s20
    v_cvt_f32_u32 v9, s21
    v_cvt_f32_u32 v10, s22
    v_cvt_f32_u32 v11, s23
    v_add_f32 v4, v4, v8
    v_add_f32 v5, v5, v9
    v_add_f32 v6, v6, v10
    v_add_f32 v7, v7, v11
    s_cbranch_scc1 .Lperftest_sraw4
    v_add_f32 v4, v4, v5                    // x + y + z + w
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

// StructuredBuffer<float>.Load uniform: value += sourceData[(i) | mask].xxxx.
    .globl perftest_ssb1
    .p2align 8
    .type perftest_ssb1,@function
perftest_ssb1:
    s_load_dwordx2 s[4:5], s[0:1], 0x0      // data
    s_load_dwordx2 s[16:17], s[0:1], 0x8    // out
    s_load_dwordx2 s[6:7], s[0:1], 0x10     // mask -> s6, start -> s7
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, s4                       // the V#: base, stride 0, every byte in range, raw dwords
    s_and_b32 s13, s5, 0xffff
    s_mov_b32 s14, -1
    s_mov_b32 s15, 0x27000
    s_mov_b32 s18, 0                        // the induction variable
    v_mov_b32 v4, 0
.Lperftest_ssb1:
    s_or_b32 s19, s18, s6                   // (htid + i) | elementsMask (htid = 0)
    s_lshl_b32 s19, s19, 2                  // x 4, the stride
    s_buffer_load_dword s20, s[12:15], s19
    s_add_u32 s18, s18, 1
    s_cmpk_lg_u32 s18, 0x100                // i < 256
    s_waitcnt lgkmcnt(0)
    v_add_f32 v4, s20, v4
    s_cbranch_scc1 .Lperftest_ssb1
    v_add_f32 v4, v4, v4                    // x + y + z + w of four equal components
    v_add_f32 v4, v4, v4
    s_lshl_b32 s10, s2, 8                   // out[group * 256 + local id]
    v_add_u32 v2, vcc, s10, v0
    v_lshlrev_b32 v2, 2, v2
    v_add_u32 v2, vcc, s16, v2
    v_mov_b32 v3, s17
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dword v[2:3], v4
    s_endpgm

// StructuredBuffer<float2>.Load uniform: value += sourceData[(i) | mask].xyxy.
    .globl perftest_ssb2
    .p2align 8
    .type perftest_ssb2,@function
perftest_ssb2:
    s_load_dwordx2 s[4:5], s[0:1], 0x0      // data
    s_load_dwordx2 s[16:17], s[0:1], 0x8    // out
    s_load_dwordx2 s[6:7], s[0:1], 0x10     // mask -> s6, start -> s7
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, s4                       // the V#: base, stride 0, every byte in range, raw dwords
    s_and_b32 s13, s5, 0xffff
    s_mov_b32 s14, -1
    s_mov_b32 s15, 0x27000
    s_mov_b32 s18, 0                        // the induction variable
    v_mov_b32 v4, 0
    v_mov_b32 v5, 0
.Lperftest_ssb2:
    s_or_b32 s19, s18, s6                   // (htid + i) | elementsMask (htid = 0)
    s_lshl_b32 s19, s19, 3                  // x 8, the stride
    s_buffer_load_dwordx2 s[20:21], s[12:15], s19
    s_add_u32 s18, s18, 1
    s_cmpk_lg_u32 s18, 0x100                // i < 256
    s_waitcnt lgkmcnt(0)
    v_add_f32 v4, s20, v4
    v_add_f32 v5, s21, v5
    s_cbranch_scc1 .Lperftest_ssb2
    v_add_f32 v4, v4, v5                    // x + y + z + w with z = x, w = y
    v_add_f32 v4, v4, v4
    s_lshl_b32 s10, s2, 8                   // out[group * 256 + local id]
    v_add_u32 v2, vcc, s10, v0
    v_lshlrev_b32 v2, 2, v2
    v_add_u32 v2, vcc, s16, v2
    v_mov_b32 v3, s17
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dword v[2:3], v4
    s_endpgm

// StructuredBuffer<float4>.Load uniform: value += sourceData[(i) | mask].xyzw.
    .globl perftest_ssb4
    .p2align 8
    .type perftest_ssb4,@function
perftest_ssb4:
    s_load_dwordx2 s[4:5], s[0:1], 0x0      // data
    s_load_dwordx2 s[16:17], s[0:1], 0x8    // out
    s_load_dwordx2 s[6:7], s[0:1], 0x10     // mask -> s6, start -> s7
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, s4                       // the V#: base, stride 0, every byte in range, raw dwords
    s_and_b32 s13, s5, 0xffff
    s_mov_b32 s14, -1
    s_mov_b32 s15, 0x27000
    s_mov_b32 s18, 0                        // the induction variable
    v_mov_b32 v4, 0
    v_mov_b32 v5, 0
    v_mov_b32 v6, 0
    v_mov_b32 v7, 0
.Lperftest_ssb4:
    s_or_b32 s19, s18, s6                   // (htid + i) | elementsMask (htid = 0)
    s_lshl_b32 s19, s19, 4                  // x 16, the stride
    s_buffer_load_dwordx4 s[20:23], s[12:15], s19
    s_add_u32 s18, s18, 1
    s_cmpk_lg_u32 s18, 0x100                // i < 256
    s_waitcnt lgkmcnt(0)
    v_add_f32 v4, s20, v4
    v_add_f32 v5, s21, v5
    v_add_f32 v6, s22, v6
    v_add_f32 v7, s23, v7
    s_cbranch_scc1 .Lperftest_ssb4
    v_add_f32 v4, v4, v5                    // x + y + z + w
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

// cbuffer{float4} load uniform: value += loadConstants.benchmarkArray[(i) | mask].xyzw, the array at
// byte 16 of CB0 (data is the constant buffer here).
    .globl perftest_scb4
    .p2align 8
    .type perftest_scb4,@function
perftest_scb4:
    s_load_dwordx2 s[4:5], s[0:1], 0x0      // data
    s_load_dwordx2 s[16:17], s[0:1], 0x8    // out
    s_load_dwordx2 s[6:7], s[0:1], 0x10     // mask -> s6, start -> s7
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s12, s4                       // the V#: base, stride 0, every byte in range, raw dwords
    s_and_b32 s13, s5, 0xffff
    s_mov_b32 s14, -1
    s_mov_b32 s15, 0x27000
    s_mov_b32 s18, 0                        // the induction variable
    v_mov_b32 v4, 0
    v_mov_b32 v5, 0
    v_mov_b32 v6, 0
    v_mov_b32 v7, 0
.Lperftest_scb4:
    s_or_b32 s19, s18, s6                   // (htid + i) | elementsMask (htid = 0)
    s_lshl_b32 s19, s19, 4                  // x 16
    s_add_u32 s19, s19, 16                  // after the header (mask, writeIndex, start, padding)
    s_buffer_load_dwordx4 s[20:23], s[12:15], s19
    s_add_u32 s18, s18, 1
    s_cmpk_lg_u32 s18, 0x100                // i < 256
    s_waitcnt lgkmcnt(0)
    v_add_f32 v4, s20, v4
    v_add_f32 v5, s21, v5
    v_add_f32 v6, s22, v6
    v_add_f32 v7, s23, v7
    s_cbranch_scc1 .Lperftest_scb4
    v_add_f32 v4, v4, v5                    // x + y + z + w
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

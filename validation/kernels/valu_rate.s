// valu_rate.s: the issue rate of one VALU instruction at a time (validation/rows.tsv, the CLRX
// GcnTimings and LLVM SISchedule.td rows). Each kernel runs 16 rounds of
// 128 independent copies of its instruction (eight destinations in turn, sources never written), so
// with several waves per SIMD the SIMD's VALU is the only limit: cycles / (waves per SIMD x 128 x
// rounds) is the cycles one wave-instruction holds its SIMD (the loop's SALU and branch, and the
// waves' launch, add about 1 % to it).

    .text
    .globl valu_add_f32
    .p2align 8
    .type valu_add_f32,@function
valu_add_f32:
    s_mov_b32 s4, 16                        // rounds (no memory access before the measured loop)
    v_cvt_f32_u32 v1, v0                    // sources: finite, nonzero
    v_add_f32 v1, 1.0, v1
    v_mov_b32 v2, v1
    v_mov_b32 v3, v1
    v_mov_b32 v4, v1
    v_mov_b32 v5, 0
    v_mov_b32 v6, v1
    v_mov_b32 v7, 0
.Lvalu_add_f32_loop:
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    v_add_f32 v8, v1, v2
    v_add_f32 v9, v1, v2
    v_add_f32 v10, v1, v2
    v_add_f32 v11, v1, v2
    v_add_f32 v12, v1, v2
    v_add_f32 v13, v1, v2
    v_add_f32 v14, v1, v2
    v_add_f32 v15, v1, v2
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Lvalu_add_f32_loop
    s_endpgm

    .globl valu_mad_f32
    .p2align 8
    .type valu_mad_f32,@function
valu_mad_f32:
    s_mov_b32 s4, 16                        // rounds (no memory access before the measured loop)
    v_cvt_f32_u32 v1, v0                    // sources: finite, nonzero
    v_add_f32 v1, 1.0, v1
    v_mov_b32 v2, v1
    v_mov_b32 v3, v1
    v_mov_b32 v4, v1
    v_mov_b32 v5, 0
    v_mov_b32 v6, v1
    v_mov_b32 v7, 0
.Lvalu_mad_f32_loop:
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    v_mad_f32 v8, v1, v2, v3
    v_mad_f32 v9, v1, v2, v3
    v_mad_f32 v10, v1, v2, v3
    v_mad_f32 v11, v1, v2, v3
    v_mad_f32 v12, v1, v2, v3
    v_mad_f32 v13, v1, v2, v3
    v_mad_f32 v14, v1, v2, v3
    v_mad_f32 v15, v1, v2, v3
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Lvalu_mad_f32_loop
    s_endpgm

    .globl valu_fma_f32
    .p2align 8
    .type valu_fma_f32,@function
valu_fma_f32:
    s_mov_b32 s4, 16                        // rounds (no memory access before the measured loop)
    v_cvt_f32_u32 v1, v0                    // sources: finite, nonzero
    v_add_f32 v1, 1.0, v1
    v_mov_b32 v2, v1
    v_mov_b32 v3, v1
    v_mov_b32 v4, v1
    v_mov_b32 v5, 0
    v_mov_b32 v6, v1
    v_mov_b32 v7, 0
.Lvalu_fma_f32_loop:
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    v_fma_f32 v8, v1, v2, v3
    v_fma_f32 v9, v1, v2, v3
    v_fma_f32 v10, v1, v2, v3
    v_fma_f32 v11, v1, v2, v3
    v_fma_f32 v12, v1, v2, v3
    v_fma_f32 v13, v1, v2, v3
    v_fma_f32 v14, v1, v2, v3
    v_fma_f32 v15, v1, v2, v3
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Lvalu_fma_f32_loop
    s_endpgm

    .globl valu_mul_lo_u32
    .p2align 8
    .type valu_mul_lo_u32,@function
valu_mul_lo_u32:
    s_mov_b32 s4, 16                        // rounds (no memory access before the measured loop)
    v_cvt_f32_u32 v1, v0                    // sources: finite, nonzero
    v_add_f32 v1, 1.0, v1
    v_mov_b32 v2, v1
    v_mov_b32 v3, v1
    v_mov_b32 v4, v1
    v_mov_b32 v5, 0
    v_mov_b32 v6, v1
    v_mov_b32 v7, 0
.Lvalu_mul_lo_u32_loop:
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    v_mul_lo_u32 v8, v1, v2
    v_mul_lo_u32 v9, v1, v2
    v_mul_lo_u32 v10, v1, v2
    v_mul_lo_u32 v11, v1, v2
    v_mul_lo_u32 v12, v1, v2
    v_mul_lo_u32 v13, v1, v2
    v_mul_lo_u32 v14, v1, v2
    v_mul_lo_u32 v15, v1, v2
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Lvalu_mul_lo_u32_loop
    s_endpgm

    .globl valu_exp_f32
    .p2align 8
    .type valu_exp_f32,@function
valu_exp_f32:
    s_mov_b32 s4, 16                        // rounds (no memory access before the measured loop)
    v_cvt_f32_u32 v1, v0                    // sources: finite, nonzero
    v_add_f32 v1, 1.0, v1
    v_mov_b32 v2, v1
    v_mov_b32 v3, v1
    v_mov_b32 v4, v1
    v_mov_b32 v5, 0
    v_mov_b32 v6, v1
    v_mov_b32 v7, 0
.Lvalu_exp_f32_loop:
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    v_exp_f32 v8, v1
    v_exp_f32 v9, v1
    v_exp_f32 v10, v1
    v_exp_f32 v11, v1
    v_exp_f32 v12, v1
    v_exp_f32 v13, v1
    v_exp_f32 v14, v1
    v_exp_f32 v15, v1
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Lvalu_exp_f32_loop
    s_endpgm

    .globl valu_sqrt_f32
    .p2align 8
    .type valu_sqrt_f32,@function
valu_sqrt_f32:
    s_mov_b32 s4, 16                        // rounds (no memory access before the measured loop)
    v_cvt_f32_u32 v1, v0                    // sources: finite, nonzero
    v_add_f32 v1, 1.0, v1
    v_mov_b32 v2, v1
    v_mov_b32 v3, v1
    v_mov_b32 v4, v1
    v_mov_b32 v5, 0
    v_mov_b32 v6, v1
    v_mov_b32 v7, 0
.Lvalu_sqrt_f32_loop:
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    v_sqrt_f32 v8, v1
    v_sqrt_f32 v9, v1
    v_sqrt_f32 v10, v1
    v_sqrt_f32 v11, v1
    v_sqrt_f32 v12, v1
    v_sqrt_f32 v13, v1
    v_sqrt_f32 v14, v1
    v_sqrt_f32 v15, v1
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Lvalu_sqrt_f32_loop
    s_endpgm

    .globl valu_mad_u64_u32
    .p2align 8
    .type valu_mad_u64_u32,@function
valu_mad_u64_u32:
    s_mov_b32 s4, 16                        // rounds (no memory access before the measured loop)
    v_cvt_f32_u32 v1, v0                    // sources: finite, nonzero
    v_add_f32 v1, 1.0, v1
    v_mov_b32 v2, v1
    v_mov_b32 v3, v1
    v_mov_b32 v4, v1
    v_mov_b32 v5, 0
    v_mov_b32 v6, v1
    v_mov_b32 v7, 0
.Lvalu_mad_u64_u32_loop:
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[8:9], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[10:11], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[12:13], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[14:15], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[16:17], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[18:19], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[20:21], vcc, v1, v2, v[2:3]
    v_mad_u64_u32 v[22:23], vcc, v1, v2, v[2:3]
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Lvalu_mad_u64_u32_loop
    s_endpgm

    .globl valu_lshlrev_b64
    .p2align 8
    .type valu_lshlrev_b64,@function
valu_lshlrev_b64:
    s_mov_b32 s4, 16                        // rounds (no memory access before the measured loop)
    v_cvt_f32_u32 v1, v0                    // sources: finite, nonzero
    v_add_f32 v1, 1.0, v1
    v_mov_b32 v2, v1
    v_mov_b32 v3, v1
    v_mov_b32 v4, v1
    v_mov_b32 v5, 0
    v_mov_b32 v6, v1
    v_mov_b32 v7, 0
.Lvalu_lshlrev_b64_loop:
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    v_lshlrev_b64 v[8:9], 3, v[2:3]
    v_lshlrev_b64 v[10:11], 3, v[2:3]
    v_lshlrev_b64 v[12:13], 3, v[2:3]
    v_lshlrev_b64 v[14:15], 3, v[2:3]
    v_lshlrev_b64 v[16:17], 3, v[2:3]
    v_lshlrev_b64 v[18:19], 3, v[2:3]
    v_lshlrev_b64 v[20:21], 3, v[2:3]
    v_lshlrev_b64 v[22:23], 3, v[2:3]
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Lvalu_lshlrev_b64_loop
    s_endpgm

    .globl valu_add_f64
    .p2align 8
    .type valu_add_f64,@function
valu_add_f64:
    s_mov_b32 s4, 16                        // rounds (no memory access before the measured loop)
    v_cvt_f32_u32 v1, v0                    // sources: finite, nonzero
    v_add_f32 v1, 1.0, v1
    v_mov_b32 v2, v1
    v_mov_b32 v3, v1
    v_mov_b32 v4, v1
    v_mov_b32 v5, 0
    v_mov_b32 v6, v1
    v_mov_b32 v7, 0
.Lvalu_add_f64_loop:
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    v_add_f64 v[8:9], v[2:3], v[4:5]
    v_add_f64 v[10:11], v[2:3], v[4:5]
    v_add_f64 v[12:13], v[2:3], v[4:5]
    v_add_f64 v[14:15], v[2:3], v[4:5]
    v_add_f64 v[16:17], v[2:3], v[4:5]
    v_add_f64 v[18:19], v[2:3], v[4:5]
    v_add_f64 v[20:21], v[2:3], v[4:5]
    v_add_f64 v[22:23], v[2:3], v[4:5]
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Lvalu_add_f64_loop
    s_endpgm

    .globl valu_fma_f64
    .p2align 8
    .type valu_fma_f64,@function
valu_fma_f64:
    s_mov_b32 s4, 16                        // rounds (no memory access before the measured loop)
    v_cvt_f32_u32 v1, v0                    // sources: finite, nonzero
    v_add_f32 v1, 1.0, v1
    v_mov_b32 v2, v1
    v_mov_b32 v3, v1
    v_mov_b32 v4, v1
    v_mov_b32 v5, 0
    v_mov_b32 v6, v1
    v_mov_b32 v7, 0
.Lvalu_fma_f64_loop:
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[10:11], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[12:13], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[14:15], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[16:17], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[18:19], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[20:21], v[2:3], v[4:5], v[6:7]
    v_fma_f64 v[22:23], v[2:3], v[4:5], v[6:7]
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Lvalu_fma_f64_loop
    s_endpgm

    .globl valu_rcp_f64
    .p2align 8
    .type valu_rcp_f64,@function
valu_rcp_f64:
    s_mov_b32 s4, 16                        // rounds (no memory access before the measured loop)
    v_cvt_f32_u32 v1, v0                    // sources: finite, nonzero
    v_add_f32 v1, 1.0, v1
    v_mov_b32 v2, v1
    v_mov_b32 v3, v1
    v_mov_b32 v4, v1
    v_mov_b32 v5, 0
    v_mov_b32 v6, v1
    v_mov_b32 v7, 0
.Lvalu_rcp_f64_loop:
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    v_rcp_f64 v[8:9], v[2:3]
    v_rcp_f64 v[10:11], v[2:3]
    v_rcp_f64 v[12:13], v[2:3]
    v_rcp_f64 v[14:15], v[2:3]
    v_rcp_f64 v[16:17], v[2:3]
    v_rcp_f64 v[18:19], v[2:3]
    v_rcp_f64 v[20:21], v[2:3]
    v_rcp_f64 v[22:23], v[2:3]
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Lvalu_rcp_f64_loop
    s_endpgm

/* exec_mfma_math: the arithmetic of CDNA's matrix instructions (v_mfma_*, v_smfmac_* on gfx908,
 * gfx90a and gfx942), as a pure module: the shape of every MFMA, the layout of its matrices in
 * the lanes of its registers, and D = A * B + C on those registers. No wave, no instruction: the
 * exec glue gathers an instruction's registers and calls exec_mfma_compute.
 * The rules and their sources (AMD's matrix instruction calculator, MIOpen, LLVM, HIP) are in
 * docs/mfma.md. Also the small-float conversions (fp8, bf8, bf16, xf32) that gfx942's
 * v_cvt_*fp8* / v_cvt_*bf8* instructions share with the MFMA inputs. Needs isa_f16.h and libm. */
#ifndef GCNSIM_ISA_EXEC_MFMA_MATH_H
#define GCNSIM_ISA_EXEC_MFMA_MATH_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { EXEC_MF_F32, EXEC_MF_F16, EXEC_MF_BF16, EXEC_MF_I8, EXEC_MF_I32, EXEC_MF_F64,
               EXEC_MF_XF32, EXEC_MF_FP8, EXEC_MF_BF8 } exec_mf_type_t;

typedef struct {
    const char *name;            /* the isa.def entry (LLVM's gfx908/gfx90a name, or gfx942's) */
    uint8_t m, n, k, blocks;     /* D[blocks][m][n] += A[blocks][m][k] * B[blocks][k][n] */
    exec_mf_type_t a, b, cd;     /* element types of A, B, and C/D */
    uint8_t a_regs, b_regs, cd_regs; /* 32-bit registers per lane of A, B, C/D */
    bool sparse;                 /* v_smfmac: A is 2:4 sparse, the index comes in src2 */
} exec_mfma_shape_t;

/* The shape of an MFMA by its isa.def name or any LLVM spelling of it (gfx942's renames such as
 * v_mfma_f32_32x32x1_2b_f32 for v_mfma_f32_32x32x1f32); NULL when not an MFMA. */
const exec_mfma_shape_t *exec_mfma_shape(const char *name);

/* Every shape, for tables and tests: exec_mfma_shape_at(i) for i < exec_mfma_shape_count(). */
unsigned exec_mfma_shape_count(void);
const exec_mfma_shape_t *exec_mfma_shape_at(unsigned i);

typedef struct {
    const uint32_t *a, *b, *c;   /* [reg * 64 + lane], a_regs / b_regs / cd_regs registers */
    uint32_t *d;                 /* [reg * 64 + lane], cd_regs registers (may alias c) */
    const uint32_t *sparse_idx;  /* v_smfmac: the index VGPR [64 lanes]; NULL otherwise */
    unsigned cbsz, abid, blgp;   /* broadcast controls as encoded (0 when absent) */
    unsigned neg;                /* gfx940 f64 MFMA: bit 0 negates A, bit 1 B, bit 2 C */
} exec_mfma_args_t;

/* D = A * B + C for every block, every lane and register of D written. */
void exec_mfma_compute(const exec_mfma_shape_t *s, const exec_mfma_args_t *args);

/* exec_mfma_compute with a target's deviations, `mode` a set of: */
enum {
    /* gfx90a (MI200): the f16 and bf16 MFMA (not f32, i8, f64) read subnormal A, B and C as zeros
     * and write a subnormal D as zero, each of its sign (docs/mfma.md, "Subnormals") */
    EXEC_MFMA_FLUSH16 = 1u,
    /* the f32 and xf32 MFMA read subnormal A, B and C as zeros and write a subnormal D as zero,
     * each of its sign: for a wave whose MODE flushes f32 denormals, as the VALU does */
    EXEC_MFMA_FLUSH32 = 2u
};
void exec_mfma_compute_mode(const exec_mfma_shape_t *s, const exec_mfma_args_t *args, unsigned mode);

/* ---- small floats (gfx942, bit patterns in and out) ----
 * fp8 is E4M3 FNUZ (bias 8), bf8 is E5M2 FNUZ (bias 16), as gfx940 defines them: no infinities,
 * no negative zero, one NaN (0x80). Every fp8, bf8, bf16 value is exact in f32. */
uint32_t exec_fp8_to_f32(uint8_t v);
uint32_t exec_bf8_to_f32(uint8_t v);
/* f32 -> fp8 / bf8, round to nearest even (v_cvt_pk_fp8_f32 / v_cvt_pk_bf8_f32). clamp: values
 * beyond the largest finite saturate to it (the instructions' clamp bit); otherwise they give NaN. */
uint8_t exec_f32_to_fp8(uint32_t f, bool clamp);
uint8_t exec_f32_to_bf8(uint32_t f, bool clamp);
/* The same with stochastic rounding (v_cvt_sr_fp8_f32 / v_cvt_sr_bf8_f32): `rnd` (src1) is added
 * below the kept bits before truncation. */
uint8_t exec_f32_to_fp8_sr(uint32_t f, uint32_t rnd, bool clamp);
uint8_t exec_f32_to_bf8_sr(uint32_t f, uint32_t rnd, bool clamp);
/* bf16 -> f32 (exact), and f32 -> bf16 rounded to nearest even (NaN stays a quiet NaN). */
uint32_t exec_bf16_to_f32(uint16_t v);
uint16_t exec_f32_to_bf16(uint32_t f);
/* An f32 operand as the xf32 MFMA sees it: the fraction cut to xf32's 10 bits (docs/mfma.md). */
uint32_t exec_xf32_from_f32(uint32_t f);

#endif

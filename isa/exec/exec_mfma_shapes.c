/* exec_mfma_shapes: the shape table of every MFMA and SMFMAC LLVM knows on gfx908, gfx90a and
 * gfx942, and the lookup by name. The figures (M, N, K, blocks, element types, registers per lane)
 * are those of AMD's matrix instruction calculator (`--detail-instruction`, architectures CDNA1,
 * CDNA2, CDNA3) and LLVM's VOP3PInstructions.td; the names are the isa.def entries (LLVM's
 * earliest name), with gfx942's renames as aliases (docs/mfma.md, "Shapes"). */
#include "exec_mfma_math.h"

#include <string.h>

#define F32 EXEC_MF_F32
#define F16 EXEC_MF_F16
#define BF16 EXEC_MF_BF16
#define I8 EXEC_MF_I8
#define I32 EXEC_MF_I32
#define F64 EXEC_MF_F64
#define XF32 EXEC_MF_XF32
#define FP8 EXEC_MF_FP8
#define BF8 EXEC_MF_BF8

/* name, M, N, K, blocks, type of A, B, C/D, registers of A, B, C/D, sparse */
static const exec_mfma_shape_t shapes[] = {
    /* gfx908 (CDNA1), also gfx90a and (renamed, except the plain bf16 and two i8) gfx942 */
    { "v_mfma_f32_32x32x1f32", 32, 32, 1, 2, F32, F32, F32, 1, 1, 32, false },
    { "v_mfma_f32_16x16x1f32", 16, 16, 1, 4, F32, F32, F32, 1, 1, 16, false },
    { "v_mfma_f32_4x4x1f32", 4, 4, 1, 16, F32, F32, F32, 1, 1, 4, false },
    { "v_mfma_f32_32x32x2f32", 32, 32, 2, 1, F32, F32, F32, 1, 1, 16, false },
    { "v_mfma_f32_16x16x4f32", 16, 16, 4, 1, F32, F32, F32, 1, 1, 4, false },
    { "v_mfma_f32_32x32x4f16", 32, 32, 4, 2, F16, F16, F32, 2, 2, 32, false },
    { "v_mfma_f32_16x16x4f16", 16, 16, 4, 4, F16, F16, F32, 2, 2, 16, false },
    { "v_mfma_f32_4x4x4f16", 4, 4, 4, 16, F16, F16, F32, 2, 2, 4, false },
    { "v_mfma_f32_32x32x8f16", 32, 32, 8, 1, F16, F16, F32, 2, 2, 16, false },
    { "v_mfma_f32_16x16x16f16", 16, 16, 16, 1, F16, F16, F32, 2, 2, 4, false },
    { "v_mfma_i32_32x32x4i8", 32, 32, 4, 2, I8, I8, I32, 1, 1, 32, false },
    { "v_mfma_i32_16x16x4i8", 16, 16, 4, 4, I8, I8, I32, 1, 1, 16, false },
    { "v_mfma_i32_4x4x4i8", 4, 4, 4, 16, I8, I8, I32, 1, 1, 4, false },
    { "v_mfma_i32_32x32x8i8", 32, 32, 8, 1, I8, I8, I32, 1, 1, 16, false },
    { "v_mfma_i32_16x16x16i8", 16, 16, 16, 1, I8, I8, I32, 1, 1, 4, false },
    { "v_mfma_f32_32x32x2bf16", 32, 32, 2, 2, BF16, BF16, F32, 1, 1, 32, false },
    { "v_mfma_f32_16x16x2bf16", 16, 16, 2, 4, BF16, BF16, F32, 1, 1, 16, false },
    { "v_mfma_f32_4x4x2bf16", 4, 4, 2, 16, BF16, BF16, F32, 1, 1, 4, false },
    { "v_mfma_f32_32x32x4bf16", 32, 32, 4, 1, BF16, BF16, F32, 1, 1, 16, false },
    { "v_mfma_f32_16x16x8bf16", 16, 16, 8, 1, BF16, BF16, F32, 1, 1, 4, false },
    /* gfx90a (CDNA2): bf16 with four elements per lane, f64 */
    { "v_mfma_f32_32x32x4bf16_1k", 32, 32, 4, 2, BF16, BF16, F32, 2, 2, 32, false },
    { "v_mfma_f32_16x16x4bf16_1k", 16, 16, 4, 4, BF16, BF16, F32, 2, 2, 16, false },
    { "v_mfma_f32_4x4x4bf16_1k", 4, 4, 4, 16, BF16, BF16, F32, 2, 2, 4, false },
    { "v_mfma_f32_32x32x8bf16_1k", 32, 32, 8, 1, BF16, BF16, F32, 2, 2, 16, false },
    { "v_mfma_f32_16x16x16bf16_1k", 16, 16, 16, 1, BF16, BF16, F32, 2, 2, 4, false },
    { "v_mfma_f64_16x16x4f64", 16, 16, 4, 1, F64, F64, F64, 2, 2, 8, false },
    { "v_mfma_f64_4x4x4f64", 4, 4, 4, 4, F64, F64, F64, 2, 2, 2, false },
    /* gfx942 (CDNA3): xf32, the wider i8, fp8/bf8, and the sparse SMFMAC (K is the dense K) */
    { "v_mfma_f32_16x16x8_xf32", 16, 16, 8, 1, XF32, XF32, F32, 2, 2, 4, false },
    { "v_mfma_f32_32x32x4_xf32", 32, 32, 4, 1, XF32, XF32, F32, 2, 2, 16, false },
    { "v_mfma_i32_32x32x16_i8", 32, 32, 16, 1, I8, I8, I32, 2, 2, 16, false },
    { "v_mfma_i32_16x16x32_i8", 16, 16, 32, 1, I8, I8, I32, 2, 2, 4, false },
    { "v_mfma_f32_16x16x32_bf8_bf8", 16, 16, 32, 1, BF8, BF8, F32, 2, 2, 4, false },
    { "v_mfma_f32_16x16x32_bf8_fp8", 16, 16, 32, 1, BF8, FP8, F32, 2, 2, 4, false },
    { "v_mfma_f32_16x16x32_fp8_bf8", 16, 16, 32, 1, FP8, BF8, F32, 2, 2, 4, false },
    { "v_mfma_f32_16x16x32_fp8_fp8", 16, 16, 32, 1, FP8, FP8, F32, 2, 2, 4, false },
    { "v_mfma_f32_32x32x16_bf8_bf8", 32, 32, 16, 1, BF8, BF8, F32, 2, 2, 16, false },
    { "v_mfma_f32_32x32x16_bf8_fp8", 32, 32, 16, 1, BF8, FP8, F32, 2, 2, 16, false },
    { "v_mfma_f32_32x32x16_fp8_bf8", 32, 32, 16, 1, FP8, BF8, F32, 2, 2, 16, false },
    { "v_mfma_f32_32x32x16_fp8_fp8", 32, 32, 16, 1, FP8, FP8, F32, 2, 2, 16, false },
    { "v_smfmac_f32_16x16x32_f16", 16, 16, 32, 1, F16, F16, F32, 2, 4, 4, true },
    { "v_smfmac_f32_32x32x16_f16", 32, 32, 16, 1, F16, F16, F32, 2, 4, 16, true },
    { "v_smfmac_f32_16x16x32_bf16", 16, 16, 32, 1, BF16, BF16, F32, 2, 4, 4, true },
    { "v_smfmac_f32_32x32x16_bf16", 32, 32, 16, 1, BF16, BF16, F32, 2, 4, 16, true },
    { "v_smfmac_i32_16x16x64_i8", 16, 16, 64, 1, I8, I8, I32, 2, 4, 4, true },
    { "v_smfmac_i32_32x32x32_i8", 32, 32, 32, 1, I8, I8, I32, 2, 4, 16, true },
    { "v_smfmac_f32_16x16x64_bf8_bf8", 16, 16, 64, 1, BF8, BF8, F32, 2, 4, 4, true },
    { "v_smfmac_f32_16x16x64_bf8_fp8", 16, 16, 64, 1, BF8, FP8, F32, 2, 4, 4, true },
    { "v_smfmac_f32_16x16x64_fp8_bf8", 16, 16, 64, 1, FP8, BF8, F32, 2, 4, 4, true },
    { "v_smfmac_f32_16x16x64_fp8_fp8", 16, 16, 64, 1, FP8, FP8, F32, 2, 4, 4, true },
    { "v_smfmac_f32_32x32x32_bf8_bf8", 32, 32, 32, 1, BF8, BF8, F32, 2, 4, 16, true },
    { "v_smfmac_f32_32x32x32_bf8_fp8", 32, 32, 32, 1, BF8, FP8, F32, 2, 4, 16, true },
    { "v_smfmac_f32_32x32x32_fp8_bf8", 32, 32, 32, 1, FP8, BF8, F32, 2, 4, 16, true },
    { "v_smfmac_f32_32x32x32_fp8_fp8", 32, 32, 32, 1, FP8, FP8, F32, 2, 4, 16, true },
};

/* Other LLVM spellings (llvm-mc-19 -mcpu=gfx942 accepts both spellings of each pair): gfx942's names
 * of the earlier instructions (the block count in the name, an underscore before the type), and
 * gfx942's own instructions without that underscore. */
static const struct { const char *alias, *name; } aliases[] = {
    { "v_mfma_f32_32x32x1_2b_f32", "v_mfma_f32_32x32x1f32" },
    { "v_mfma_f32_16x16x1_4b_f32", "v_mfma_f32_16x16x1f32" },
    { "v_mfma_f32_4x4x1_16b_f32", "v_mfma_f32_4x4x1f32" },
    { "v_mfma_f32_32x32x2_f32", "v_mfma_f32_32x32x2f32" },
    { "v_mfma_f32_16x16x4_f32", "v_mfma_f32_16x16x4f32" },
    { "v_mfma_f32_32x32x4_2b_f16", "v_mfma_f32_32x32x4f16" },
    { "v_mfma_f32_16x16x4_4b_f16", "v_mfma_f32_16x16x4f16" },
    { "v_mfma_f32_4x4x4_16b_f16", "v_mfma_f32_4x4x4f16" },
    { "v_mfma_f32_32x32x8_f16", "v_mfma_f32_32x32x8f16" },
    { "v_mfma_f32_16x16x16_f16", "v_mfma_f32_16x16x16f16" },
    { "v_mfma_i32_32x32x4_2b_i8", "v_mfma_i32_32x32x4i8" },
    { "v_mfma_i32_16x16x4_4b_i8", "v_mfma_i32_16x16x4i8" },
    { "v_mfma_i32_4x4x4_16b_i8", "v_mfma_i32_4x4x4i8" },
    { "v_mfma_f32_32x32x4_2b_bf16", "v_mfma_f32_32x32x4bf16_1k" },
    { "v_mfma_f32_16x16x4_4b_bf16", "v_mfma_f32_16x16x4bf16_1k" },
    { "v_mfma_f32_4x4x4_16b_bf16", "v_mfma_f32_4x4x4bf16_1k" },
    { "v_mfma_f32_32x32x8_bf16", "v_mfma_f32_32x32x8bf16_1k" },
    { "v_mfma_f32_16x16x16_bf16", "v_mfma_f32_16x16x16bf16_1k" },
    { "v_mfma_f64_16x16x4_f64", "v_mfma_f64_16x16x4f64" },
    { "v_mfma_f64_4x4x4_4b_f64", "v_mfma_f64_4x4x4f64" },
    /* gfx942-only instructions LLVM 19 also accepts without the underscore before the type */
    { "v_mfma_f32_16x16x8xf32", "v_mfma_f32_16x16x8_xf32" },
    { "v_mfma_f32_32x32x4xf32", "v_mfma_f32_32x32x4_xf32" },
    { "v_mfma_i32_32x32x16i8", "v_mfma_i32_32x32x16_i8" },
    { "v_mfma_i32_16x16x32i8", "v_mfma_i32_16x16x32_i8" },
    { "v_smfmac_f32_16x16x32f16", "v_smfmac_f32_16x16x32_f16" },
    { "v_smfmac_f32_32x32x16f16", "v_smfmac_f32_32x32x16_f16" },
    { "v_smfmac_f32_16x16x32bf16", "v_smfmac_f32_16x16x32_bf16" },
    { "v_smfmac_f32_32x32x16bf16", "v_smfmac_f32_32x32x16_bf16" },
    { "v_smfmac_i32_16x16x64i8", "v_smfmac_i32_16x16x64_i8" },
    { "v_smfmac_i32_32x32x32i8", "v_smfmac_i32_32x32x32_i8" },
};

const exec_mfma_shape_t *exec_mfma_shape(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (!strcmp(aliases[i].alias, name)) {
            name = aliases[i].name;
            break;
        }
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        if (!strcmp(shapes[i].name, name))
            return &shapes[i];
    return NULL;
}

unsigned exec_mfma_shape_count(void) { return (unsigned)(sizeof shapes / sizeof shapes[0]); }

const exec_mfma_shape_t *exec_mfma_shape_at(unsigned i)
{
    return i < exec_mfma_shape_count() ? &shapes[i] : NULL;
}

/* CDNA's matrix instructions as instructions (docs/asm.md, "Matrix instructions"): every form and
 * control assembled and encoded byte for byte as llvm-mc gives it (llvm-mc-15 -mcpu=gfx908/gfx90a
 * and llvm-mc-19 -mcpu=gfx942 -show-encoding: the expected bytes below are llvm-mc's), decoded back
 * to the same instruction and printed as llvm-mc prints it; the operand rules and the decoder's
 * refusals; the isa.def signatures against the shape table; and MFMAs run through isa_exec on a
 * wave, against references computed here from the lane layouts (docs/mfma.md, "Lane layouts") with
 * small integers, so that no rounding or order of summation enters. */
#include <stdio.h>

#include "asm/asm.h"
#include "asm/asm_decode.h"
#include "asm/asm_encode.h"
#include "asm_harness.h"
#include "exec/exec_mfma_math.h"

#define T908 ".amdgcn_target \"amdgcn-amd-amdhsa--gfx908\"\n"
#define T90A ".amdgcn_target \"amdgcn-amd-amdhsa--gfx90a\"\n"
#define T942 ".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"\n"

static const char *const tline[] = { [ISA_TARGET_GFX908] = T908, [ISA_TARGET_GFX90A] = T90A, [ISA_TARGET_GFX942] = T942 };

/* Assemble `line` for target t, encode it, require llvm-mc's bytes, decode them back to the same
 * instruction and print it as `text`. */
static void check_enc(isa_target_t t, const char *line, const uint8_t *want, unsigned n, const char *text)
{
    char src[256];
    snprintf(src, sizeof src, "%sk:\n  %s\n", tline[t], line);
    isa_program_t p = ah_ok(src);
    ah_round_trip(&p, t, line, want, n, text);
    char buf[160];
    isa_format_inst(&p.kernels[0], &p.kernels[0].insts[0], buf, sizeof buf); /* as assembled, too */
    ck_assert_str_eq(buf, text);
    isa_program_free(&p);
}
#define ENC(t, line, text, ...)                                                                \
    do {                                                                                       \
        static const uint8_t w_[] = { __VA_ARGS__ };                                           \
        check_enc(t, line, w_, sizeof w_, text);                                               \
    } while (0)
#define SAME(t, line, ...) ENC(t, line, line, __VA_ARGS__)

START_TEST(test_encode_gfx908)
{
    isa_target_t t = ISA_TARGET_GFX908;
    SAME(t, "v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31]", 0x00, 0x00, 0xc0, 0xd3, 0x00, 0x03, 0x02, 0x04);
    SAME(t, "v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] cbsz:1 abid:2 blgp:3",
         0x00, 0x11, 0xc0, 0xd3, 0x00, 0x03, 0x02, 0x64);
    SAME(t, "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3] cbsz:7 abid:15 blgp:7", 0x00, 0x7f, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0xe4);
    ENC(t, "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3] cbsz:0 abid:0 blgp:0", "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]",
        0x00, 0x00, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0x04);
    SAME(t, "v_mfma_f32_4x4x1f32 a[0:3], a0, v1, a[0:3]", 0x00, 0x00, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0x0c);
    SAME(t, "v_mfma_f32_4x4x1f32 a[0:3], v0, a1, a[0:3] abid:15", 0x00, 0x78, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0x14);
    SAME(t, "v_mfma_f32_4x4x1f32 a[0:3], v255, a255, a[252:255]", 0x00, 0x00, 0xc2, 0xd3, 0xff, 0xff, 0xf3, 0x17);
    SAME(t, "v_mfma_f32_4x4x1f32 a[1:4], v0, v1, a[1:4]", 0x01, 0x00, 0xc2, 0xd3, 0x00, 0x03, 0x06, 0x04);
    SAME(t, "v_mfma_f32_4x4x4f16 a[0:3], v[0:1], v[2:3], a[0:3]", 0x00, 0x00, 0xca, 0xd3, 0x00, 0x05, 0x02, 0x04);
    SAME(t, "v_mfma_f32_16x16x8bf16 a[0:3], a2, a3, a[0:3]", 0x00, 0x00, 0xed, 0xd3, 0x02, 0x07, 0x02, 0x1c);
    SAME(t, "v_mfma_i32_32x32x8i8 a[0:15], v0, v1, a[0:15]", 0x00, 0x00, 0xd4, 0xd3, 0x00, 0x03, 0x02, 0x04);
    ENC(t, "v_mfma_f32_4x4x1f32 acc[0:3], v0, v1, acc[0:3]", "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]",
        0x00, 0x00, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0x04);
}
END_TEST

START_TEST(test_encode_gfx90a)
{
    isa_target_t t = ISA_TARGET_GFX90A;
    SAME(t, "v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31]", 0x00, 0x80, 0xc0, 0xd3, 0x00, 0x03, 0x02, 0x04);
    SAME(t, "v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] cbsz:1 abid:2 blgp:3",
         0x00, 0x91, 0xc0, 0xd3, 0x00, 0x03, 0x02, 0x64);
    SAME(t, "v_mfma_f32_4x4x1f32 v[0:3], v0, v1, v[0:3]", 0x00, 0x00, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0x04);
    SAME(t, "v_mfma_f32_32x32x1f32 v[0:31], v0, v1, v[0:31] cbsz:1 abid:2 blgp:3",
         0x00, 0x11, 0xc0, 0xd3, 0x00, 0x03, 0x02, 0x64);
    SAME(t, "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, 1.0", 0x00, 0x80, 0xc2, 0xd3, 0x00, 0x03, 0xca, 0x03);
    SAME(t, "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, 0", 0x00, 0x80, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0x02);
    SAME(t, "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, -1", 0x00, 0x80, 0xc2, 0xd3, 0x00, 0x03, 0x06, 0x03);
    SAME(t, "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, 64", 0x00, 0x80, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0x03);
    SAME(t, "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, 0.5", 0x00, 0x80, 0xc2, 0xd3, 0x00, 0x03, 0xc2, 0x03);
    SAME(t, "v_mfma_f32_4x4x1f32 v[0:3], v0, v1, -16", 0x00, 0x00, 0xc2, 0xd3, 0x00, 0x03, 0x42, 0x03);
    SAME(t, "v_mfma_f32_4x4x1f32 a[0:3], a0, v1, a[0:3]", 0x00, 0x80, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0x0c);
    SAME(t, "v_mfma_f32_4x4x1f32 v[0:3], v0, v1, v[0:3] abid:3 blgp:1", 0x00, 0x18, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0x24);
    SAME(t, "v_mfma_f64_16x16x4f64 a[0:7], a[0:1], v[2:3], 1.0", 0x00, 0x80, 0xee, 0xd3, 0x00, 0x05, 0xca, 0x0b);
    SAME(t, "v_mfma_f64_16x16x4f64 v[0:7], v[0:1], v[2:3], v[0:7] blgp:3", 0x00, 0x00, 0xee, 0xd3, 0x00, 0x05, 0x02, 0x64);
    SAME(t, "v_mfma_f64_4x4x4f64 v[0:1], v[0:1], v[2:3], v[0:1] cbsz:1 abid:1", 0x00, 0x09, 0xef, 0xd3, 0x00, 0x05, 0x02, 0x04);
    SAME(t, "v_mfma_f32_32x32x4bf16_1k a[0:31], v[0:1], v[2:3], a[0:31]", 0x00, 0x80, 0xe3, 0xd3, 0x00, 0x05, 0x02, 0x04);
    SAME(t, "v_mfma_i32_32x32x8i8 v[0:15], v0, v1, v[0:15]", 0x00, 0x00, 0xd4, 0xd3, 0x00, 0x03, 0x02, 0x04);
    SAME(t, "v_mfma_f32_4x4x4f16 a[0:3], v[0:1], v[2:3], a[0:3]", 0x00, 0x80, 0xca, 0xd3, 0x00, 0x05, 0x02, 0x04);
}
END_TEST

START_TEST(test_encode_gfx942)
{
    isa_target_t t = ISA_TARGET_GFX942;
    SAME(t, "v_mfma_f32_32x32x1_2b_f32 a[0:31], v0, v1, a[0:31] cbsz:1 abid:2 blgp:3",
         0x00, 0x91, 0xc0, 0xd3, 0x00, 0x03, 0x02, 0x64);
    /* LLVM 19 keeps the earlier names as aliases and prints gfx940's */
    ENC(t, "v_mfma_f32_32x32x1f32 v[0:31], v0, v1, v[0:31]", "v_mfma_f32_32x32x1_2b_f32 v[0:31], v0, v1, v[0:31]",
        0x00, 0x00, 0xc0, 0xd3, 0x00, 0x03, 0x02, 0x04);
    ENC(t, "v_mfma_f64_4x4x4f64 v[0:1], v[0:1], v[2:3], 1.0", "v_mfma_f64_4x4x4_4b_f64 v[0:1], v[0:1], v[2:3], 1.0",
        0x00, 0x00, 0xef, 0xd3, 0x00, 0x05, 0xca, 0x03);
    SAME(t, "v_mfma_f32_4x4x1_16b_f32 v[0:3], v0, v1, v[0:3] cbsz:4 abid:15 blgp:7",
         0x00, 0x7c, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0xe4);
    SAME(t, "v_mfma_f32_4x4x1_16b_f32 v[0:3], v0, v1, 0.15915494", 0x00, 0x00, 0xc2, 0xd3, 0x00, 0x03, 0xe2, 0x03);
    SAME(t, "v_mfma_f64_16x16x4_f64 v[0:7], v[0:1], v[2:3], v[0:7] neg:[1,0,1]", 0x00, 0x00, 0xee, 0xd3, 0x00, 0x05, 0x02, 0xa4);
    SAME(t, "v_mfma_f64_4x4x4_4b_f64 v[0:1], v[0:1], v[2:3], 0 neg:[0,1,0]", 0x00, 0x00, 0xef, 0xd3, 0x00, 0x05, 0x02, 0x42);
    ENC(t, "v_mfma_f64_4x4x4_4b_f64 v[0:1], v[0:1], v[2:3], v[0:1] neg:[0,0,0]", "v_mfma_f64_4x4x4_4b_f64 v[0:1], v[0:1], v[2:3], v[0:1]",
        0x00, 0x00, 0xef, 0xd3, 0x00, 0x05, 0x02, 0x04);
    SAME(t, "v_smfmac_f32_16x16x32_f16 a[0:3], v[4:5], v[6:9], v10 cbsz:1 abid:2", 0x00, 0x91, 0xe2, 0xd3, 0x04, 0x0d, 0x2a, 0x04);
    SAME(t, "v_smfmac_f32_16x16x32_f16 v[0:3], a[4:5], a[6:9], v10", 0x00, 0x00, 0xe2, 0xd3, 0x04, 0x0d, 0x2a, 0x1c);
    SAME(t, "v_smfmac_f32_32x32x32_fp8_bf8 v[0:15], v[4:5], v[6:9], v10 cbsz:3 abid:1",
         0x00, 0x0b, 0xfe, 0xd3, 0x04, 0x0d, 0x2a, 0x04);
    SAME(t, "v_mfma_f32_32x32x16_fp8_bf8 v[0:15], v[0:1], v[2:3], v[0:15] cbsz:1 abid:1 blgp:2",
         0x00, 0x09, 0xf6, 0xd3, 0x00, 0x05, 0x02, 0x44);
    SAME(t, "v_mfma_f32_16x16x8_xf32 v[0:3], v[0:1], v[2:3], v[0:3]", 0x00, 0x00, 0xbe, 0xd3, 0x00, 0x05, 0x02, 0x04);
    SAME(t, "v_mfma_i32_16x16x32_i8 v[0:3], v[0:1], v[2:3], 4", 0x00, 0x00, 0xd7, 0xd3, 0x00, 0x05, 0x12, 0x02);
}
END_TEST

static void fails_with(const char *text, const char *msg)
{
    char *d = ah_fails(text, 1);
    ck_assert_msg(strstr(d, msg) != NULL, "want '%s' in:\n%s", msg, d);
    free(d);
}

START_TEST(test_asm_rules)
{
    fails_with(T908 "k:\n  v_mfma_f32_4x4x1f32 v[0:3], v0, v1, a[0:3]\n", "t.s:3:23: error: operand 1 of 'v_mfma_f32_4x4x1f32'");
    fails_with(T908 "k:\n  v_mfma_f32_4x4x1f32 a[0:3], v0, v1, 1.0\n",
               "inline constants are not allowed for the accumulator C of 'v_mfma_f32_4x4x1f32' on gfx908");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 a[0:3], v0, v1, v[0:3]\n",
               "the accumulator C of 'v_mfma_f32_4x4x1f32' must be of the destination's kind (AGPRs, a[a:b])");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 v[0:3], v0, v1, a[0:3]\n", "must be of the destination's kind (VGPRs, v[a:b])");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 v[0:3], s0, v1, v[0:3]\n", "operand 2 of 'v_mfma_f32_4x4x1f32' must be the source A");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 v[0:3], v0, 1, v[0:3]\n", "operand 3 of 'v_mfma_f32_4x4x1f32' must be the source B");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x4f16 v[0:3], v0, v[2:3], v[0:3]\n", "the source A: 2 VGPRs or AGPRs");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 v[0:3], v0, v1, 65\n", "not a literal");
    fails_with(T90A "k:\n  v_mfma_f64_4x4x4f64 v[0:1], v[0:1], v[2:3], 0.15915494\n", "no 1/(2*pi) for f64");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x4f16 v[0:3], v[1:2], v[2:3], v[0:3]\n", "misaligned VGPR range v[1:2]");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 v[0:3], v0, v1, v[0:3] clamp\n",
               "this modifier is not valid on the matrix instruction 'v_mfma_f32_4x4x1f32'");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 v[0:3], v0, v1, v[0:3] op_sel:[1,0,0]\n", "not valid on the matrix instruction");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 v[0:3], -v0, v1, v[0:3]\n", "source modifiers are not allowed on operand 2");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 v[0:3], v0, v1, v[0:3] abid:16\n", "abid:16 is out of range (0..15)");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 v[0:3], v0, v1, v[0:3] blgp:8\n", "blgp:8 is out of range (0..7)");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 v[0:3], v0, v1, v[0:3] cbsz:1 cbsz:2\n", "duplicate modifier 'cbsz'");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32 v[0:3], v0, v1, v[0:3] abid:1 cbsz:2\n",
               "t.s:3:53: error: 'cbsz' is out of order: write cbsz, abid, then blgp or neg");
    fails_with(T90A "k:\n  v_mfma_f64_4x4x4f64 v[0:1], v[0:1], v[2:3], v[0:1] neg:[1,0,0]\n",
               "neg:[..] is only valid on the f64 MFMAs of gfx940 (gfx942), not on 'v_mfma_f64_4x4x4f64' for gfx90a");
    fails_with(T942 "k:\n  v_mfma_f32_4x4x1_16b_f32 v[0:3], v0, v1, v[0:3] neg:[1,0,0]\n", "neg:[..] is only valid on the f64");
    fails_with(T942 "k:\n  v_mfma_f64_4x4x4_4b_f64 v[0:1], v[0:1], v[2:3], v[0:1] blgp:1\n",
               "'v_mfma_f64_4x4x4_4b_f64' takes no blgp: (gfx940's f64 MFMAs have neg:[..] there)");
    fails_with(T942 "k:\n  v_smfmac_f32_16x16x32_f16 v[0:3], v[4:5], v[6:9], v10 blgp:1\n", "takes no blgp: (v_smfmac has no");
    fails_with(T942 "k:\n  v_smfmac_f32_16x16x32_f16 v[0:3], v[4:5], v[6:9], a10\n", "operand 4 of 'v_smfmac_f32_16x16x32_f16'");
    fails_with(T90A "k:\n  v_add_f32 v0, v1, v2 cbsz:1\n", "cbsz, abid, blgp and neg:[..] are controls of the matrix instructions");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1_16b_f32 v[0:3], v0, v1, v[0:3]\n", "t.s:3:3: error:");
    fails_with(T942 "k:\n  v_mfma_f32_32x32x2bf16 v[0:31], v0, v1, v[0:31]\n", "t.s:3:3: error:");
    fails_with(T90A "k:\n  v_mfma_f32_4x4x1f32_e64 v[0:3], v0, v1, v[0:3]\n", "t.s:3:3: error:");
}
END_TEST

/* Words the assembler cannot have written: the decoder refuses them with a reason. */
static void refused(isa_target_t t, const uint8_t w[8], const char *msg)
{
    asm_opcode_map_t *m = asm_opcode_map_create(t);
    isa_inst_t *dec = NULL;
    uint32_t nd;
    char err[256];
    ck_assert_msg(asm_decode_code(m, w, 8, &dec, &nd, err, sizeof err) != 0, "decoded: %s", msg);
    ck_assert_msg(strstr(err, msg) != NULL, "want '%s' in '%s'", msg, err);
    free(dec);
    asm_opcode_map_free(m);
}

START_TEST(test_decode_refusals)
{
    static const uint8_t acc_cd908[] = { 0x00, 0x80, 0xc2, 0xd3, 0x00, 0x03, 0x02, 0x04 };
    refused(ISA_TARGET_GFX908, acc_cd908, "acc_cd set on gfx908");
    static const uint8_t const908[] = { 0x00, 0x00, 0xc2, 0xd3, 0x00, 0x03, 0xca, 0x03 };
    refused(ISA_TARGET_GFX908, const908, "neither a register tuple nor an inline constant");
    static const uint8_t odd90a[] = { 0x01, 0x00, 0xc2, 0xd3, 0x00, 0x03, 0x06, 0x04 };
    refused(ISA_TARGET_GFX90A, odd90a, "destination tuple out of range or not aligned");
    static const uint8_t sgpr_a[] = { 0x00, 0x00, 0xc2, 0xd3, 0x00, 0x02, 0x02, 0x04 };
    refused(ISA_TARGET_GFX90A, sgpr_a, "an A or B source that is not a VGPR or AGPR tuple");
    static const uint8_t lit_c[] = { 0x00, 0x00, 0xc2, 0xd3, 0x00, 0x03, 0xfe, 0x03 };
    refused(ISA_TARGET_GFX90A, lit_c, "neither a register tuple nor an inline constant");
    static const uint8_t blgp_smfmac[] = { 0x00, 0x00, 0xe2, 0xd3, 0x04, 0x0d, 0x2a, 0x24 };
    refused(ISA_TARGET_GFX942, blgp_smfmac, "blgp set on v_smfmac");
    static const uint8_t high_d[] = { 0xfe, 0x00, 0xc0, 0xd3, 0x00, 0x03, 0x02, 0x04 };
    refused(ISA_TARGET_GFX90A, high_d, "destination tuple out of range");
}
END_TEST

/* Every MFMA's signature has the register counts of its shape (exec_mfma_math's table, checked
 * there against AMD's calculator), and the MFMA exists on the targets the shape table says. */
START_TEST(test_signatures)
{
    unsigned n = 0;
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        if (!isa_op_mfma((unsigned)op))
            continue;
        n++;
        const exec_mfma_shape_t *s = exec_mfma_shape(isa_ops[op].name);
        ck_assert_msg(s != NULL, "%s has no shape", isa_ops[op].name);
        char want[32];
        if (s->sparse)
            snprintf(want, sizeof want, "Y%u B%s B%u V", s->cd_regs, s->a_regs == 1 ? "" : "2", s->b_regs);
        else
            snprintf(want, sizeof want, "Y%u B%s B%s y%u", s->cd_regs, s->a_regs == 1 ? "" : "2", s->b_regs == 1 ? "" : "2",
                     s->cd_regs);
        ck_assert_msg(strcmp(isa_ops[op].sig, want) == 0, "%s: signature '%s', shape says '%s'", isa_ops[op].name,
                      isa_ops[op].sig, want);
        ck_assert(isa_ops[op].unit == ISA_UNIT_VALU && isa_ops[op].enc == ISA_ENC_VOP3P);
        ck_assert(isa_op_on_target((isa_op_t)op, ISA_TARGET_GFX90A) || isa_op_on_target((isa_op_t)op, ISA_TARGET_GFX942));
        for (isa_target_t t = ISA_TARGET_GFX803; t <= ISA_TARGET_GFX906; t++)
            ck_assert_msg(!isa_op_on_target((isa_op_t)op, t), "%s exists on %s", isa_ops[op].name, isa_target_name(t));
    }
    ck_assert_uint_eq(n, 53);
}
END_TEST

/* ---- execution ----------------------------------------------------------------------------- */

static uint32_t agprs[256 * ISA_WAVE_SIZE];

static ut_machine_t *machine(isa_target_t t)
{
    ut_machine_t *m = ut_machine_new();
    memset(agprs, 0, sizeof agprs);
    m->w.agpr = agprs;
    m->w.nagpr = 256;
    m->w.target = t;
    return m;
}
static uint32_t *areg(unsigned r) { return agprs + (size_t)r * ISA_WAVE_SIZE; }

static isa_inst_t inst(isa_target_t t, const char *line)
{
    char src[256];
    snprintf(src, sizeof src, "%sk:\n  %s\n", tline[t], line);
    isa_program_t p = ah_ok(src);
    isa_inst_t in = p.kernels[0].insts[0];
    isa_program_free(&p);
    return in;
}

static float f(uint32_t b) { return ut_bitsf(b); }

/* v_mfma_f32_4x4x1f32, sixteen blocks: A[b][i] at lane 4b + i, B[b][j] at lane 4b + j, C and D[b][i][j]
 * in register i, lane 4b + j. cbsz/abid: block b takes A from block (b >> cbsz << cbsz) + abid. */
static void run_4x4(isa_target_t t, const char *line, unsigned cbsz, unsigned abid, uint64_t exec, unsigned dbase, bool d_agpr)
{
    ut_machine_t *m = machine(t);
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 0)[l] = ut_fbits((float)((int)l % 7 - 3));      /* A */
        ut_vreg(m, 1)[l] = ut_fbits((float)((int)l % 5 + 1));      /* B */
        for (unsigned r = 0; r < 4; r++) {
            uint32_t c = ut_fbits((float)(10 * r + l));
            if (d_agpr)
                areg(dbase + r)[l] = c;
            else
                ut_vreg(m, dbase + r)[l] = c;
        }
    }
    ut_set_exec(m, exec);
    isa_inst_t in = inst(t, line);
    isa_exec_result_t res = ut_run(m, &in);
    ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", line, res.fault_msg);
    for (unsigned b = 0; b < 16; b++)
        for (unsigned i = 0; i < 4; i++)
            for (unsigned j = 0; j < 4; j++) {
                unsigned ab = (b >> cbsz << cbsz) + abid;
                float want = (float)((int)(4 * ab + i) % 7 - 3) * (float)((int)(4 * b + j) % 5 + 1) + (float)(10 * i + 4 * b + j);
                uint32_t got = d_agpr ? areg(dbase + i)[4 * b + j] : ut_vreg(m, dbase + i)[4 * b + j];
                ck_assert_msg(f(got) == want, "%s: D[%u][%u][%u] = %g, want %g", line, b, i, j, f(got), want);
            }
    free(m);
}

START_TEST(test_exec_4x4)
{
    run_4x4(ISA_TARGET_GFX908, "v_mfma_f32_4x4x1f32 a[4:7], v0, v1, a[4:7]", 0, 0, ~0ull, 4, true);
    run_4x4(ISA_TARGET_GFX90A, "v_mfma_f32_4x4x1f32 v[4:7], v0, v1, v[4:7]", 0, 0, ~0ull, 4, false);
    run_4x4(ISA_TARGET_GFX942, "v_mfma_f32_4x4x1_16b_f32 a[8:11], v0, v1, a[8:11]", 0, 0, ~0ull, 8, true);
    /* EXEC does not mask an MFMA: every lane of D is written */
    run_4x4(ISA_TARGET_GFX90A, "v_mfma_f32_4x4x1f32 v[4:7], v0, v1, v[4:7]", 0, 0, 0x5555555555555555ull, 4, false);
    run_4x4(ISA_TARGET_GFX908, "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]", 0, 0, 0, 0, true);
    /* the controls reach the arithmetic */
    run_4x4(ISA_TARGET_GFX90A, "v_mfma_f32_4x4x1f32 v[4:7], v0, v1, v[4:7] cbsz:4 abid:3", 4, 3, ~0ull, 4, false);
    run_4x4(ISA_TARGET_GFX908, "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3] cbsz:1 abid:1", 1, 1, ~0ull, 0, true);
}
END_TEST

/* A and B from AGPRs (the acc bits), C an inline constant: D = A x B + 1.0 */
START_TEST(test_exec_sources)
{
    ut_machine_t *m = machine(ISA_TARGET_GFX90A);
    for (unsigned l = 0; l < 64; l++) {
        areg(10)[l] = ut_fbits((float)l);
        areg(11)[l] = ut_fbits(2.0f);
    }
    isa_inst_t in = inst(ISA_TARGET_GFX90A, "v_mfma_f32_4x4x1f32 v[4:7], a10, a11, 1.0");
    isa_exec_result_t res = ut_run(m, &in);
    ck_assert_msg(res.status == ISA_EXEC_OK, "%s", res.fault_msg);
    for (unsigned b = 0; b < 16; b++)
        for (unsigned i = 0; i < 4; i++)
            for (unsigned j = 0; j < 4; j++)
                ck_assert_float_eq(f(ut_vreg(m, 4 + i)[4 * b + j]), (float)(4 * b + i) * 2.0f + 1.0f);
    /* an integer constant is its bit pattern (the VALU's rule): -3 in an i32 MFMA */
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 0)[l] = (uint32_t)(l % 4 + 1) * 0x01010101u; /* four equal i8 per lane */
        ut_vreg(m, 1)[l] = 0x02020202u;
    }
    in = inst(ISA_TARGET_GFX90A, "v_mfma_i32_4x4x4i8 v[4:7], v0, v1, -3");
    res = ut_run(m, &in);
    ck_assert_msg(res.status == ISA_EXEC_OK, "%s", res.fault_msg);
    for (unsigned b = 0; b < 16; b++)
        for (unsigned i = 0; i < 4; i++)
            for (unsigned j = 0; j < 4; j++)
                ck_assert_int_eq((int32_t)ut_vreg(m, 4 + i)[4 * b + j], 4 * (int)(i + 1) * 2 - 3);
    free(m);
}
END_TEST

/* v_mfma_f32_32x32x2f32 (one block, k spread over lane halves): A[i][k] at lane 32k + i, B[k][j] at
 * lane 32k + j; D[i][j] in register 4 * (i / 8) + i % 4, lane 32 * ((i / 4) % 2) + j. */
START_TEST(test_exec_32x32)
{
    ut_machine_t *m = machine(ISA_TARGET_GFX908);
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 0)[l] = ut_fbits((float)((int)l % 9 - 4));
        ut_vreg(m, 1)[l] = ut_fbits((float)((int)l % 4));
    }
    for (unsigned r = 0; r < 16; r++)
        for (unsigned l = 0; l < 64; l++)
            areg(16 + r)[l] = ut_fbits((float)r);
    isa_inst_t in = inst(ISA_TARGET_GFX908, "v_mfma_f32_32x32x2f32 a[16:31], v0, v1, a[16:31]");
    isa_exec_result_t res = ut_run(m, &in);
    ck_assert_msg(res.status == ISA_EXEC_OK, "%s", res.fault_msg);
    for (unsigned i = 0; i < 32; i++)
        for (unsigned j = 0; j < 32; j++) {
            unsigned reg = 4 * (i / 8) + i % 4, lane = 32 * ((i / 4) % 2) + j;
            float want = (float)reg;
            for (unsigned k = 0; k < 2; k++)
                want += (float)((int)(32 * k + i) % 9 - 4) * (float)((int)(32 * k + j) % 4);
            ck_assert_msg(f(areg(16 + reg)[lane]) == want, "D[%u][%u] = %g, want %g", i, j, f(areg(16 + reg)[lane]), want);
        }
    free(m);
}
END_TEST

/* v_mfma_f64_4x4x4f64 (four blocks): A[b][i][k] at lane 16k + 4b + i, B[b][k][j] at lane 16k + 4b + j,
 * D[b][i][j] in the register pair at lane 16 * i + 4b + j; C the inline 1.0 (f64), and gfx942's neg. */
static double d64(const uint32_t *lo, const uint32_t *hi, unsigned l)
{
    uint64_t b = (uint64_t)lo[l] | (uint64_t)hi[l] << 32;
    double x;
    memcpy(&x, &b, 8);
    return x;
}
static void put64(uint32_t *lo, uint32_t *hi, unsigned l, double x)
{
    uint64_t b;
    memcpy(&b, &x, 8);
    lo[l] = (uint32_t)b;
    hi[l] = (uint32_t)(b >> 32);
}
static void run_f64(isa_target_t t, const char *line, double sa, double sc)
{
    ut_machine_t *m = machine(t);
    for (unsigned l = 0; l < 64; l++) {
        put64(ut_vreg(m, 0), ut_vreg(m, 1), l, (double)((int)l % 6 - 2));
        put64(ut_vreg(m, 2), ut_vreg(m, 3), l, (double)((int)l % 3 + 1));
    }
    isa_inst_t in = inst(t, line);
    isa_exec_result_t res = ut_run(m, &in);
    ck_assert_msg(res.status == ISA_EXEC_OK, "%s", res.fault_msg);
    for (unsigned b = 0; b < 4; b++)
        for (unsigned i = 0; i < 4; i++)
            for (unsigned j = 0; j < 4; j++) {
                double want = sc;
                for (unsigned k = 0; k < 4; k++)
                    want += sa * (double)((int)(16 * k + 4 * b + i) % 6 - 2) * (double)((int)(16 * k + 4 * b + j) % 3 + 1);
                double got = d64(ut_vreg(m, 4), ut_vreg(m, 5), 16 * i + 4 * b + j);
                ck_assert_msg(got == want, "%s: D[%u][%u][%u] = %g, want %g", line, b, i, j, got, want);
            }
    free(m);
}

START_TEST(test_exec_f64)
{
    run_f64(ISA_TARGET_GFX90A, "v_mfma_f64_4x4x4f64 v[4:5], v[0:1], v[2:3], 1.0", 1.0, 1.0);
    run_f64(ISA_TARGET_GFX942, "v_mfma_f64_4x4x4_4b_f64 v[4:5], v[0:1], v[2:3], 1.0 neg:[1,0,1]", -1.0, -1.0);
    run_f64(ISA_TARGET_GFX942, "v_mfma_f64_4x4x4_4b_f64 v[4:5], v[0:1], v[2:3], -4.0 neg:[0,1,0]", -1.0, -4.0);
}
END_TEST

/* v_smfmac accumulates into its destination: with A zero, D keeps its value (C is D) */
START_TEST(test_exec_smfmac)
{
    ut_machine_t *m = machine(ISA_TARGET_GFX942);
    for (unsigned l = 0; l < 64; l++) {
        for (unsigned r = 0; r < 4; r++)
            ut_vreg(m, 8 + r)[l] = ut_fbits((float)(r * 64 + l));
        ut_vreg(m, 2)[l] = ut_vreg(m, 3)[l] = 0;
        for (unsigned r = 4; r < 8; r++)
            ut_vreg(m, r)[l] = 0x3c003c00u; /* f16 1.0 pairs */
        ut_vreg(m, 12)[l] = 0x44444444u;
    }
    isa_inst_t in = inst(ISA_TARGET_GFX942, "v_smfmac_f32_16x16x32_f16 v[8:11], v[2:3], v[4:7], v12");
    isa_exec_result_t res = ut_run(m, &in);
    ck_assert_msg(res.status == ISA_EXEC_OK, "%s", res.fault_msg);
    for (unsigned r = 0; r < 4; r++)
        for (unsigned l = 0; l < 64; l++)
            ck_assert_float_eq(f(ut_vreg(m, 8 + r)[l]), (float)(r * 64 + l));
    free(m);
}
END_TEST

/* An instruction whose tuples the wave cannot hold faults with the usual report (ISA_FAULT_ILLEGAL,
 * a message naming the instruction and the operand): beyond the VGPRs or AGPRs, misaligned on
 * gfx90a (only a hand-built or hand-decoded instruction has those: the assembler refuses them). */
START_TEST(test_exec_faults)
{
    ut_machine_t *m = machine(ISA_TARGET_GFX90A);
    m->w.nvgpr = 8;
    isa_inst_t in = inst(ISA_TARGET_GFX90A, "v_mfma_f32_4x4x1f32 v[6:9], v0, v1, v[6:9]");
    isa_exec_result_t res = ut_run(m, &in);
    ck_assert_int_eq(res.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(res.fault, ISA_FAULT_ILLEGAL);
    ck_assert_str_eq(res.fault_msg, "v_mfma_f32_4x4x1f32: D (v6, 4 registers) lies beyond the wave's VGPRs");
    m->w.nagpr = 4;
    in = inst(ISA_TARGET_GFX90A, "v_mfma_f32_4x4x1f32 a[4:7], v0, a2, a[4:7]");
    res = ut_run(m, &in);
    ck_assert_str_eq(res.fault_msg, "v_mfma_f32_4x4x1f32: D (a4, 4 registers) lies beyond the wave's AGPRs");
    in = inst(ISA_TARGET_GFX90A, "v_mfma_f32_4x4x4f16 v[0:3], v[0:1], a[2:3], v[0:3]");
    in.src[1].code = (uint16_t)(ISA_AGPR_BASE + 3);
    res = ut_run(m, &in);
    ck_assert_str_eq(res.fault_msg, "v_mfma_f32_4x4x4f16: B (a3, 2 registers) is not aligned to an even register");
    in = inst(ISA_TARGET_GFX90A, "v_mfma_f32_4x4x4f16 v[0:3], v[0:1], a[2:3], v[0:3]");
    in.src[0].count = 1;
    res = ut_run(m, &in);
    ck_assert_str_eq(res.fault_msg, "v_mfma_f32_4x4x4f16: A (v0, 1 register) has another size than the instruction's");
    free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mfma");
    TCase *t = tcase_create("mfma");
    tcase_add_test(t, test_encode_gfx908);
    tcase_add_test(t, test_encode_gfx90a);
    tcase_add_test(t, test_encode_gfx942);
    tcase_add_test(t, test_asm_rules);
    tcase_add_test(t, test_decode_refusals);
    tcase_add_test(t, test_signatures);
    tcase_add_test(t, test_exec_4x4);
    tcase_add_test(t, test_exec_sources);
    tcase_add_test(t, test_exec_32x32);
    tcase_add_test(t, test_exec_f64);
    tcase_add_test(t, test_exec_smfmac);
    tcase_add_test(t, test_exec_faults);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

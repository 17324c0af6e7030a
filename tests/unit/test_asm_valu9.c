/* The gfx9 VALU/SALU instructions of the valu9 block in the assembler: VOP3 op_sel:[...] (which
 * instructions take it, how many elements, its bits [14:11]), clamp and modifier rules, s_call_b64's
 * label, and machine code byte for byte as llvm-mc-15 -mcpu=gfx906 -show-encoding gives it (the
 * expected bytes below are llvm-mc's), decoded back to the same instructions through gfx906's
 * opcode map, and printed back as llvm-mc's text. */
#include <stdio.h>

#include "asm/asm.h"
#include "asm/asm_decode.h"
#include "asm/asm_encode.h"
#include "gfx9_harness.h"

/* gfx906: gfx900 and v_xnor_b32, v_fmac_f32 */
#define GFX9 G9_GFX906
#define GFX900 G9_GFX900

/* gfx906's opcode map (the per-target tables). */
static asm_opcode_map_t *gfx9_map(void)
{
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX906);
    ck_assert_ptr_nonnull(m);
    return m;
}

/* Assemble `line` (one instruction, after a gfx9 target line), encode it, require llvm-mc's bytes,
 * decode them back to the same instruction and print it as `text`, llvm-mc's. */
static void check_enc(const char *line, const uint8_t *want, unsigned n, const char *text)
{
    isa_program_t p = g9_program(ISA_TARGET_GFX906, line);
    ah_round_trip(&p, ISA_TARGET_GFX906, line, want, n, text);
    isa_program_free(&p);
}
#define ENC(line, text, ...)                                                                   \
    do {                                                                                       \
        static const uint8_t w_[] = { __VA_ARGS__ };                                           \
        check_enc(line, w_, sizeof w_, text);                                                  \
    } while (0)

START_TEST(test_encoding)
{
    ENC("v_mad_u32_u16 v0, v1, v2, v3 op_sel:[0,0,1,1]", "v_mad_u32_u16 v0, v1, v2, v3 op_sel:[0,0,1,1]",
        0x00, 0x60, 0xf1, 0xd1, 0x01, 0x05, 0x0e, 0x04);
    ENC("v_mad_i32_i16 v5, v1, s2, 7 op_sel:[0,1,0,1] clamp", "v_mad_i32_i16 v5, v1, s2, 7 op_sel:[0,1,0,1] clamp",
        0x05, 0xd0, 0xf2, 0xd1, 0x01, 0x05, 0x1c, 0x02);
    ENC("v_add_i16 v0, v1, v2 op_sel:[1,1,1]", "v_add_i16 v0, v1, v2 op_sel:[1,1,1]",
        0x00, 0x58, 0x9e, 0xd2, 0x01, 0x05, 0x02, 0x00);
    ENC("v_sub_i16 v0, v1, v2 op_sel:[0,0,1] clamp", "v_sub_i16 v0, v1, v2 op_sel:[0,0,1] clamp",
        0x00, 0xc0, 0x9f, 0xd2, 0x01, 0x05, 0x02, 0x00);
    ENC("v_max3_u16 v255, v1, v2, v3 op_sel:[1,1,1,1]", "v_max3_u16 v255, v1, v2, v3 op_sel:[1,1,1,1]",
        0xff, 0x78, 0xf9, 0xd1, 0x01, 0x05, 0x0e, 0x04);
    ENC("v_med3_i16 v0, -1, v2, v3 op_sel:[1,0,0,0]", "v_med3_i16 v0, -1, v2, v3 op_sel:[1,0,0,0]",
        0x00, 0x08, 0xfb, 0xd1, 0xc1, 0x04, 0x0e, 0x04);
    ENC("v_min3_f16 v0, v1, v2, v3 op_sel:[0,0,0,1] clamp", "v_min3_f16 v0, v1, v2, v3 op_sel:[0,0,0,1] clamp",
        0x00, 0xc0, 0xf4, 0xd1, 0x01, 0x05, 0x0e, 0x04);
    ENC("v_pack_b32_f16 v0, -v1, |v2| op_sel:[0,1,0]", "v_pack_b32_f16 v0, -v1, |v2| op_sel:[0,1,0]",
        0x00, 0x12, 0xa0, 0xd2, 0x01, 0x05, 0x02, 0x20);
    ENC("v_cvt_pknorm_u16_f16 v1, |v1|, -v2 op_sel:[1,0,0]", "v_cvt_pknorm_u16_f16 v1, |v1|, -v2 op_sel:[1,0,0]",
        0x01, 0x09, 0x9a, 0xd2, 0x01, 0x05, 0x02, 0x40);
    ENC("v_mad_f16 v0, v1, v2, v3 op_sel:[1,0,1,1]", "v_mad_f16 v0, v1, v2, v3 op_sel:[1,0,1,1]",
        0x00, 0x68, 0x03, 0xd2, 0x01, 0x05, 0x0e, 0x04);
    ENC("v_div_fixup_f16 v0, v1, v2, v3 op_sel:[0,0,1,1] clamp",
        "v_div_fixup_f16 v0, v1, v2, v3 op_sel:[0,0,1,1] clamp", 0x00, 0xe0, 0x07, 0xd2, 0x01, 0x05, 0x0e, 0x04);
    ENC("v_add3_u32 v0, v1, v2, v3", "v_add3_u32 v0, v1, v2, v3", 0x00, 0x00, 0xff, 0xd1, 0x01, 0x05, 0x0e, 0x04);
    ENC("v_add_u32_e64 v0, v1, v2 clamp", "v_add_u32_e64 v0, v1, v2 clamp",
        0x00, 0x80, 0x34, 0xd1, 0x01, 0x05, 0x02, 0x00);
    ENC("v_sub_u32_e64 v0, s1, v2 clamp", "v_sub_u32_e64 v0, s1, v2 clamp",
        0x00, 0x80, 0x35, 0xd1, 0x01, 0x04, 0x02, 0x00);
    ENC("v_xnor_b32 v0, v1, v2", "v_xnor_b32_e32 v0, v1, v2", 0x01, 0x05, 0x00, 0x7a);
    ENC("v_fmac_f32_e64 v0, -v1, |v2| clamp mul:2", "v_fmac_f32_e64 v0, -v1, |v2| clamp mul:2",
        0x00, 0x82, 0x3b, 0xd1, 0x01, 0x05, 0x02, 0x28);
    ENC("v_cvt_norm_u16_f16_e64 v0, -v1 clamp", "v_cvt_norm_u16_f16_e64 v0, -v1 clamp",
        0x00, 0x80, 0x8e, 0xd1, 0x01, 0x01, 0x00, 0x20);
    ENC("v_swap_b32 v0, v1", "v_swap_b32 v0, v1", 0x01, 0xa3, 0x00, 0x7e);
    ENC("s_mul_hi_i32 s0, s1, s2", "s_mul_hi_i32 s0, s1, s2", 0x01, 0x02, 0x80, 0x96);
    ENC("s_pack_hh_b32_b16 s3, s4, -1", "s_pack_hh_b32_b16 s3, s4, -1", 0x04, 0xc1, 0x03, 0x9a);
    ENC("s_andn2_wrexec_b64 s[2:3], s[4:5]", "s_andn2_wrexec_b64 s[2:3], s[4:5]", 0x04, 0x36, 0x82, 0xbe);
    ENC("s_bitreplicate_b64_b32 s[0:1], s2", "s_bitreplicate_b64_b32 s[0:1], s2", 0x02, 0x37, 0x80, 0xbe);
}
END_TEST

/* s_call_b64 to a label two instructions on: simm16 = 1 dword past the next instruction. */
START_TEST(test_call_label)
{
    isa_program_t p = ah_ok(GFX9 "k:\n  s_call_b64 s[4:5], l\n  s_nop 0\nl:\n  s_endpgm\n");
    asm_opcode_map_t *m = gfx9_map();
    uint8_t *code;
    char err[256];
    const isa_kernel_t *k = &p.kernels[0];
    ck_assert_uint_eq(k->insts[0].target, 2);
    ck_assert_msg(asm_encode_kernel(m, k, &code, err, sizeof err) == 0, "%s", err);
    static const uint8_t want[] = { 0x01, 0x00, 0x84, 0xba };
    ck_assert_mem_eq(code, want, 4);
    isa_inst_t *dec;
    uint32_t nd;
    ck_assert_msg(asm_decode_code(m, code, k->code_bytes, &dec, &nd, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(nd, 3);
    ck_assert_uint_eq(dec[0].op, ISA_s_call_b64);
    ck_assert_uint_eq(dec[0].target, 2);
    ck_assert_uint_eq(dec[0].sdst.code, 4);
    free(dec);
    free(code);
    asm_opcode_map_free(m);
    isa_program_free(&p);
}
END_TEST

/* A decoded op_sel on an instruction without one is not read (bits [14:11] of VOP3b are its SGPR
 * destination); an output modifier on an op_sel instruction is refused, as llvm-mc. */
START_TEST(test_decode_rules)
{
    asm_opcode_map_t *m = gfx9_map();
    isa_inst_t *dec;
    uint32_t nd;
    char err[256];
    /* v_max3_u16 v0, v1, v2, v3 with omod 1 (mul:2) */
    static const uint8_t omod[] = { 0x00, 0x00, 0xf9, 0xd1, 0x01, 0x05, 0x0e, 0x0c };
    ck_assert_int_eq(asm_decode_code(m, omod, 8, &dec, &nd, err, sizeof err), 1);
    ck_assert_ptr_nonnull(strstr(err, "takes no output modifier"));
    /* v_add3_u32 with clamp: no clamp on the three-operand ops */
    static const uint8_t cl[] = { 0x00, 0x80, 0xff, 0xd1, 0x01, 0x05, 0x0e, 0x04 };
    ck_assert_int_eq(asm_decode_code(m, cl, 8, &dec, &nd, err, sizeof err), 1);
    ck_assert_ptr_nonnull(strstr(err, "takes no clamp"));
    /* v_add_i16 clamp: a saturating integer op */
    static const uint8_t ok[] = { 0x00, 0x80, 0x9e, 0xd2, 0x01, 0x05, 0x02, 0x00 };
    ck_assert_int_eq(asm_decode_code(m, ok, 8, &dec, &nd, err, sizeof err), 0);
    ck_assert(dec[0].clamp);
    ck_assert_uint_eq(dec[0].op_sel, 0);
    free(dec);
    asm_opcode_map_free(m);
}
END_TEST

START_TEST(test_asm_rules)
{
    static const struct { const char *line, *msg; } bad[] = {
        { "v_add_i16 v0, v1, v2 op_sel:[1,1]", "takes 3 elements (one for each of its 2 sources, then the destination), got 2" },
        { "v_mad_u32_u16 v0, v1, v2, v3 op_sel:[1,1,1]", "takes 4 elements" },
        { "v_add_i16 v0, v1, v2 clamp op_sel:[1,1,1]", "out of order" },
        { "v_add3_u32 v0, v1, v2, v3 op_sel:[0,0,0,0]", "'op_sel' is not allowed on 'v_add3_u32'" },
        { "v_add_f16_e64 v0, v1, v2 op_sel:[0,0,0]", "'op_sel' is not allowed on 'v_add_f16'" },
        { "v_add_i16 v0, v1, v2 op_sel:[1,1,1] op_sel_hi:[0,0,0]", "VOP3P modifiers" },
        { "v_max3_f16 v0, v1, v2, v3 mul:2", "output modifiers" },
        { "v_add3_u32 v0, v1, v2, v3 clamp", "'clamp' is not allowed" },
        { "v_mad_i32_i16 v0, -v1, v2, v3", "source modifiers" },
        { "v_xnor_b32_e64 v0, v1, v2 clamp", "'clamp' is not allowed" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *d = g9_fails(ISA_TARGET_GFX906, bad[i].line);
        ck_assert_msg(strstr(d, bad[i].msg) != NULL, "%s: %s", bad[i].line, d);
        free(d);
    }
    /* accepted: clamp on the saturating ops and the f16 ones, op_sel before clamp */
    static const char *const good[] = {
        "v_add_u32_e64 v0, v1, v2 clamp", "v_sub_i32 v0, v1, v2 clamp", "v_mad_u16 v0, v1, v2, v3 op_sel:[1,0,0,1] clamp",
        "v_med3_f16 v0, -v1, |v2|, v3 op_sel:[1,1,1,0] clamp", "v_cvt_pknorm_i16_f16 v0, v1, v2 clamp",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        g9_one(ISA_TARGET_GFX906, good[i]);
    /* which text has them: gfx803 refuses every one with its gfx803 way, gfx900 the gfx906 ones */
    char *d = ah_fails("k:\n  s_call_b64 s[4:5], k\n", 1);
    ck_assert_ptr_nonnull(strstr(d, "'s_call_b64' is not supported on gfx803 (it is a gfx9 instruction)"));
    free(d);
    d = ah_fails("k:\n  v_add_i16 v0, v1, v2\n", 1);
    ck_assert_ptr_nonnull(strstr(d, "'v_add_i16' is not supported on gfx803"));
    free(d);
    d = ah_fails(GFX900 "k:\n  v_fmac_f32 v0, v1, v2\n", 1);
    ck_assert_ptr_nonnull(strstr(d, "'v_fmac_f32' does not exist on gfx900 (it is a gfx906, gfx908, gfx90a and gfx942 "
                                     "instruction)"));
    free(d);
    isa_program_t p900 = ah_ok(GFX900 "k:\n  v_add3_u32 v0, v1, v2, v3\n  v_mad_f16 v0, v1, v2, v3 op_sel:[0,0,0,1]\n");
    isa_program_free(&p900);
    /* op_sel's destination element is bit 3 whatever the number of sources */
    isa_inst_t in = ah_one(GFX9 "v_add_i16 v0, v1, v2 op_sel:[0,1,1]");
    ck_assert_uint_eq(in.op_sel, 0xa);
    in = ah_one(GFX9 "v_fma_f16 v0, v1, v2, v3 op_sel:[1,0,1,0]");
    ck_assert_uint_eq(in.op_sel, 0x5);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("asm_valu9");
    TCase *t = tcase_create("asm_valu9");
    tcase_add_test(t, test_encoding);
    tcase_add_test(t, test_call_label);
    tcase_add_test(t, test_decode_rules);
    tcase_add_test(t, test_asm_rules);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

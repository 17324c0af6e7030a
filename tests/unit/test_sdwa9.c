/* gfx9's SDWA (sdwa9): the SDWA word's layout (LLVM's SDWA9 encodings, Vega ISA manual "VOP_SDWA")
 * against llvm-mc-15 -mcpu=gfx900 -show-encoding's bytes, the instruction encoder for a gfx900
 * kernel, and execution on a gfx900 wave: SGPR and inline-constant sources through the selectors,
 * a compare writing an SGPR pair, the output modifier. Expected words are llvm-mc's (copied from its
 * output, the fields read off by hand in the comments); expected values are derived by hand.
 * Instructions are assembled from gfx803 text (VGPR sources) and their gfx9 operands set in the
 * fields, until the assembler takes gfx9 text (the target branch). */
#include <stdio.h>

#include "asm/asm.h"
#include "asm/asm_decode.h"
#include "asm/asm_encode.h"
#include "test_valu.h"

static isa_inst_t one_on(isa_target_t t, const char *line)
{
    char text[512], *diag = NULL;
    size_t n = 0;
    snprintf(text, sizeof text, "k:\n%s\ns_endpgm\n", line);
    FILE *f = open_memstream(&diag, &n);
    isa_program_t p;
    int e = asm_assemble_buffer("t.s", text, strlen(text), t, &p, f);
    fclose(f);
    ck_assert_msg(e == 0, "'%s' refused:\n%s", line, diag);
    free(diag);
    isa_inst_t in = p.kernels[0].insts[0];
    isa_program_free(&p);
    return in;
}

static isa_inst_t one(const char *line) { return one_on(ISA_TARGET_GFX803, line); }
static isa_inst_t one9(const char *line) { return one_on(ISA_TARGET_GFX900, line); }

/* The diagnostic for a line gfx900 refuses. */
static void refused9(const char *line, const char *want)
{
    char text[512], *diag = NULL;
    size_t n = 0;
    snprintf(text, sizeof text, "k:\n%s\ns_endpgm\n", line);
    FILE *f = open_memstream(&diag, &n);
    isa_program_t p;
    int e = asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX900, &p, f);
    fclose(f);
    ck_assert_msg(e > 0, "'%s' was accepted", line);
    ck_assert_msg(strstr(diag, want) != NULL, "'%s': message\n%s\ndoes not say '%s'", line, diag, want);
    free(diag);
}

/* The listing of a gfx900 line (as llvm-mc-15 prints it). */
static void listed9(const char *line, const char *want)
{
    isa_inst_t in = one9(line);
    isa_kernel_t k;
    memset(&k, 0, sizeof k);
    k.target = ISA_TARGET_GFX900;
    char buf[300];
    isa_format_inst(&k, &in, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
}

static uint32_t le32(const uint8_t *b) { return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24; }

/* ---- the word -------------------------------------------------------------------------------- */

START_TEST(test_sdwa9_word_layout)
{
    /* v_add_f32_sdwa v1, s2, v3 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:BYTE_0
     * -> [...,0x02,0x16,0x85,0x00]: src0 2, dst_sel 6, dst_unused 2, src0_sel 5, S0 (bit 23) */
    asm_sdwa_fields_t f = { .src0 = 2, .dst_sel = 6, .dst_unused = 2, .src0_sel = 5, .src0_s = true };
    ck_assert_uint_eq(asm_encode_sdwa9(&f, false), le32((const uint8_t[]){ 0x02, 0x16, 0x85, 0x00 }));
    /* v_add_f32_sdwa v1, v3, 0.5 src0_sel:WORD_1 -> [0x03,0x16,0x05,0x86]: S1 (bit 31), src1_sel 6 */
    f = (asm_sdwa_fields_t){ .src0 = 3, .dst_sel = 6, .dst_unused = 2, .src0_sel = 5, .src1_sel = 6, .src1_s = true };
    ck_assert_uint_eq(asm_encode_sdwa9(&f, false), le32((const uint8_t[]){ 0x03, 0x16, 0x05, 0x86 }));
    /* v_add_f32_sdwa v1, v3, v2 clamp mul:2 ... src0_sel:WORD_1 -> [0x03,0x76,0x05,0x06]: clamp (13), OMOD 1 (15:14) */
    f = (asm_sdwa_fields_t){ .src0 = 3, .dst_sel = 6, .dst_unused = 2, .clamp = true, .omod = 1, .src0_sel = 5,
                             .src1_sel = 6 };
    ck_assert_uint_eq(asm_encode_sdwa9(&f, false), le32((const uint8_t[]){ 0x03, 0x76, 0x05, 0x06 }));
    /* ... clamp div:2 dst_sel:WORD_0 dst_unused:UNUSED_PAD -> [0x03,0xe4,0x05,0x06]: OMOD 3 */
    f.omod = 3;
    f.dst_sel = 4;
    f.dst_unused = 0;
    ck_assert_uint_eq(asm_encode_sdwa9(&f, false), le32((const uint8_t[]){ 0x03, 0xe4, 0x05, 0x06 }));
    /* v_cmp_eq_f32_sdwa s[2:3], s1, v2 src0_sel:WORD_1 src1_sel:BYTE_0 -> [0x01,0x82,0x85,0x00]:
     * SDST 2 (14:8), SD (15), S0 */
    f = (asm_sdwa_fields_t){ .src0 = 1, .sdst = 2, .sd = true, .src0_sel = 5, .src0_s = true };
    ck_assert_uint_eq(asm_encode_sdwa9(&f, true), le32((const uint8_t[]){ 0x01, 0x82, 0x85, 0x00 }));
    /* v_cmp_eq_f32_sdwa s[2:3], -v1, |v2| ... -> [0x01,0x82,0x15,0x20]: src0 neg (20), src1 abs (29) */
    f = (asm_sdwa_fields_t){ .src0 = 1, .sdst = 2, .sd = true, .src0_sel = 5, .src0_neg = true, .src1_abs = true };
    uint32_t w = le32((const uint8_t[]){ 0x01, 0x82, 0x15, 0x20 });
    ck_assert_uint_eq(asm_encode_sdwa9(&f, true), w);
    asm_sdwa_fields_t d;
    asm_decode_sdwa9(w, true, &d);
    ck_assert(d.sd && d.sdst == 2 && d.src0 == 1 && d.src0_sel == 5 && d.src0_neg && d.src1_abs && !d.src0_s);
    /* v_cmp_eq_f32_sdwa vcc, v1, v2 -> [0x01,0x00,0x05,0x00]: SD 0 */
    asm_decode_sdwa9(le32((const uint8_t[]){ 0x01, 0x00, 0x05, 0x00 }), true, &d);
    ck_assert(!d.sd && d.sdst == 0 && d.src1_sel == 0);
    /* a non-compare word: OMOD back from 15:14, S1 from 31 */
    asm_decode_sdwa9(le32((const uint8_t[]){ 0x03, 0xe4, 0x05, 0x86 }), false, &d);
    ck_assert(d.omod == 3 && d.clamp && d.dst_sel == 4 && d.dst_unused == 0 && d.src1_s && !d.src0_s && d.src1_sel == 6);
}
END_TEST

/* ---- the instruction encoder ----------------------------------------------------------------- */

static void check_bytes(isa_target_t t, const isa_inst_t *in, const uint8_t want[8])
{
    asm_opcode_map_t *m = asm_opcode_map_create(t);
    ck_assert_ptr_nonnull(m);
    isa_kernel_t k;
    memset(&k, 0, sizeof k);
    k.target = t;
    uint8_t out[ASM_ENCODE_MAX];
    char err[160] = "";
    ck_assert_msg(asm_encode_inst(m, &k, in, out, err, sizeof err) == 8, "%s", err);
    for (int i = 0; i < 8; i++)
        ck_assert_msg(out[i] == want[i], "%s byte %d: 0x%02x, llvm-mc 0x%02x", isa_ops[in->op].name, i, out[i], want[i]);
    asm_opcode_map_free(m);
}

START_TEST(test_sdwa9_encode_inst)
{
    isa_inst_t in = one9("v_add_f32_sdwa v1, s2, v3 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:BYTE_0");
    check_bytes(ISA_TARGET_GFX900, &in, (const uint8_t[]){ 0xf9, 0x06, 0x02, 0x02, 0x02, 0x16, 0x85, 0x00 });
    /* s3 in the VSRC1 field, S1 */
    in = one9("v_add_f32_sdwa v1, v2, s3 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:BYTE_0");
    check_bytes(ISA_TARGET_GFX900, &in, (const uint8_t[]){ 0xf9, 0x06, 0x02, 0x02, 0x02, 0x16, 0x06, 0x80 });
    in = one9("v_add_f32_sdwa v1, 1.0, v3 src0_sel:DWORD src1_sel:DWORD");
    check_bytes(ISA_TARGET_GFX900, &in, (const uint8_t[]){ 0xf9, 0x06, 0x02, 0x02, 0xf2, 0x16, 0x86, 0x06 });
    in = one9("v_add_f32_sdwa v1, v3, v2 clamp mul:2 src0_sel:WORD_1");
    check_bytes(ISA_TARGET_GFX900, &in, (const uint8_t[]){ 0xf9, 0x04, 0x02, 0x02, 0x03, 0x76, 0x05, 0x06 });
    in = one9("v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:WORD_1 src1_sel:BYTE_0");
    check_bytes(ISA_TARGET_GFX900, &in, (const uint8_t[]){ 0xf9, 0x04, 0x84, 0x7c, 0x01, 0x00, 0x05, 0x00 });
    in = one9("v_cmp_eq_f32_sdwa s[2:3], s1, v2 src0_sel:WORD_1 src1_sel:BYTE_0");
    check_bytes(ISA_TARGET_GFX900, &in, (const uint8_t[]){ 0xf9, 0x04, 0x84, 0x7c, 0x01, 0x82, 0x85, 0x00 });
    in = one9("v_mov_b32_sdwa v1, sext(s1) src0_sel:WORD_1");
    check_bytes(ISA_TARGET_GFX900, &in, (const uint8_t[]){ 0xf9, 0x02, 0x02, 0x7e, 0x01, 0x16, 0x8d, 0x00 });
    /* gfx803 keeps its word: v_cmp_eq_f32 vcc, v1, v2 src0_sel:WORD_1 src1_sel:BYTE_0 (llvm-mc 14) */
    in = one("v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:WORD_1 src1_sel:BYTE_0");
    check_bytes(ISA_TARGET_GFX803, &in, (const uint8_t[]){ 0xf9, 0x04, 0x84, 0x7c, 0x01, 0x00, 0x05, 0x00 });
}
END_TEST

/* The assembler's gfx900 rules and listing (llvm-mc-15's messages are "invalid operand" and the
 * like; gcnsim says why), and the decoder on gfx900 words. */
START_TEST(test_sdwa9_asm_rules)
{
    refused9("v_add_f32_sdwa v1, 0x1234, v2 src0_sel:WORD_1", "the SDWA form takes no literal constant");
    refused9("v_add_f32_sdwa v1, s1, s2 src0_sel:WORD_1", "constant bus limit: an SDWA instruction reads at most one SGPR");
    refused9("v_cndmask_b32_sdwa v1, s1, v2, vcc src0_sel:WORD_1", "the vcc of a carry or select counts");
    refused9("v_mac_f32_sdwa v1, v3, v2 src0_sel:WORD_1", "has no SDWA form on gfx900");
    refused9("v_add_co_u32_sdwa v1, vcc, v3, v2 mul:2 src0_sel:WORD_1", "need a floating-point result");
    refused9("v_cvt_u32_f32_sdwa v1, v2 mul:2 src0_sel:WORD_1", "need a floating-point result");
    refused9("v_cmp_eq_f32_sdwa s[2:3], v1, v2 clamp src0_sel:WORD_1", "'clamp' does not exist in the SDWA form of a compare");
    refused9("v_add_co_u32_sdwa v1, s[2:3], v3, v2 src0_sel:WORD_1", "writes and reads the lane mask");
    listed9("v_cmp_eq_f32_sdwa s[2:3], -v1, |s2| src0_sel:WORD_1 src1_sel:BYTE_0",
            "v_cmp_eq_f32_sdwa s[2:3], -v1, |s2| src0_sel:WORD_1 src1_sel:BYTE_0");
    listed9("v_cvt_f32_f16_sdwa v1, s1 mul:2 src0_sel:WORD_1",
            "v_cvt_f32_f16_sdwa v1, s1 mul:2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:WORD_1");
    /* decoding llvm-mc-15's v_cmp_eq_f32_sdwa s[2:3], s1, v2 src0_sel:WORD_1 src1_sel:BYTE_0 */
    static const uint8_t code[8] = { 0xf9, 0x04, 0x84, 0x7c, 0x01, 0x82, 0x85, 0x00 };
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX900);
    ck_assert_ptr_nonnull(m);
    isa_inst_t in;
    char err[160] = "";
    ck_assert_msg(asm_decode_inst(m, code, sizeof code, 0, &in, err, sizeof err) == 8, "%s", err);
    ck_assert_uint_eq(in.op, ISA_v_cmp_eq_f32);
    ck_assert_uint_eq(in.sdst.code, 2);
    ck_assert_uint_eq(in.src[0].code, 1);
    ck_assert_uint_eq(in.src[1].code, ISA_VGPR_BASE + 2);
    /* the same word is no gfx803 instruction: S0 and SD are reserved bits there */
    asm_opcode_map_free(m);
    m = asm_opcode_map_create(ISA_TARGET_GFX803);
    ck_assert_uint_eq(asm_decode_inst(m, code, sizeof code, 0, &in, err, sizeof err), 0);
    asm_opcode_map_free(m);
}
END_TEST

/* The SDWA form has a clamp bit for every instruction, integer ones included: the decoder takes
 * llvm-mc's `v_mov_b32_sdwa v1, v4 clamp src0_sel:WORD_1` (gfx803 and gfx900 alike). */
START_TEST(test_sdwa_decode_int_clamp)
{
    static const uint8_t code[8] = { 0xf9, 0x02, 0x02, 0x7e, 0x04, 0x36, 0x05, 0x00 };
    for (int t = ISA_TARGET_GFX803; t <= ISA_TARGET_GFX900; t++) {
        asm_opcode_map_t *m = asm_opcode_map_create((isa_target_t)t);
        ck_assert_ptr_nonnull(m);
        isa_inst_t in;
        char err[160] = "";
        ck_assert_msg(asm_decode_inst(m, code, sizeof code, 0, &in, err, sizeof err) == 8, "%s", err);
        ck_assert_uint_eq(in.op, ISA_v_mov_b32);
        ck_assert_uint_eq(in.form, ISA_FORM_SDWA);
        ck_assert(in.clamp);
        ck_assert_uint_eq(in.src_sel[0], 5);
        asm_opcode_map_free(m);
    }
}
END_TEST

/* ---- execution on a gfx900 wave -------------------------------------------------------------- */

static ut_machine_t *gfx900(void)
{
    ut_machine_t *m = ut_machine_new();
    m->w.target = ISA_TARGET_GFX900;
    return m;
}

START_TEST(test_sdwa9_scalar_sources)
{
    ut_machine_t *m = gfx900();
    /* v_mov_b32_sdwa v1, sext(s5) dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:WORD_1 with
     * s5 = 0x80a50000: WORD_1 = 0x80a5, sign-extended; its low byte 0xa5 goes to byte 1 (0xa500)
     * and bit 15 (1) fills the bits above: 0xffffa500. */
    isa_inst_t in = one9("v_mov_b32_sdwa v1, sext(s5) dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:WORD_1");
    m->w.sreg[5] = 0x80a50000u;
    ut_vset_all(m, 1, 0x12345678u);
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ck_assert_uint_eq(ut_vreg(m, 1)[l], 0xffffa500u);
    /* v_or_b32_sdwa v1, s4, v2 src0_sel:BYTE_2 src1_sel:BYTE_0 with s4 = 0x00ab0000 and
     * v2 = 0x1200 + lane: 0xab | (lane & 0xff) */
    in = one9("v_or_b32_sdwa v1, s4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:BYTE_2 src1_sel:BYTE_0");
    m->w.sreg[4] = 0x00ab0000u;
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ut_vreg(m, 2)[l] = 0x1200u + (uint32_t)l;
    ut_run(m, &in);
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ck_assert_uint_eq(ut_vreg(m, 1)[l], 0xabu | (uint32_t)l);
    /* the same with -1 (code 193) in src1, BYTE_3: 0xff; src0 s4 BYTE_2 -> 0xab | 0xff = 0xff */
    in = one9("v_or_b32_sdwa v1, s4, -1 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:BYTE_2 src1_sel:BYTE_3");
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[7], 0xffu);
    /* v_add_u16_sdwa v1, 64, v2 src0_sel:WORD_1: WORD_1 of 64 is 0, so v1 = v2's low word */
    in = one9("v_add_u16_sdwa v1, 64, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:WORD_0");
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[5], 0x1205u);
    /* an f16 source reads a float constant as its f16 pattern: v_add_f16_sdwa v1, 1.0, v2
     * src0_sel:WORD_0 with v2 = 1.0 (0x3c00) is 2.0 (0x4000); the f32 pattern's low word (0) would give 1.0 */
    in = one9("v_add_f16_sdwa v1, 1.0, v2 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_0");
    ut_vset_all(m, 2, 0x3c00u);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 0x4000u);
    free(m);
}
END_TEST

START_TEST(test_sdwa9_compare_sdst)
{
    ut_machine_t *m = gfx900();
    /* v_cmp_eq_u32_sdwa s[2:3], s1, v2 src0_sel:BYTE_0 src1_sel:BYTE_0: s1 = 0x3317; v2 low byte is
     * 0x17 in every fourth lane; EXEC 0x00ff00ff00ff00ff. The mask goes to s[2:3]; VCC is untouched. */
    isa_inst_t in = one9("v_cmp_eq_u32_sdwa s[2:3], s1, v2 src0_sel:BYTE_0 src1_sel:BYTE_0");
    m->w.sreg[1] = 0x3317u;
    m->w.sreg[ISA_REG_VCC_LO] = 0x5a5a5a5au;
    m->w.sreg[ISA_REG_VCC_HI] = 0xa5a5a5a5u;
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ut_vreg(m, 2)[l] = (uint32_t)l << 8 | (l % 4 == 0 ? 0x17u : 0x18u);
    ut_set_exec(m, 0x00ff00ff00ff00ffull);
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->w.sreg[2], 0x00110011u);
    ck_assert_uint_eq(m->w.sreg[3], 0x00110011u);
    ck_assert_uint_eq(m->w.sreg[ISA_REG_VCC_LO], 0x5a5a5a5au);
    ck_assert_uint_eq(m->w.sreg[ISA_REG_VCC_HI], 0xa5a5a5a5u);
    free(m);
}
END_TEST

START_TEST(test_sdwa9_omod)
{
    ut_machine_t *m = gfx900();
    isa_wave_set_mode(&m->w, 0x1c0); /* IEEE off: the output modifier applies */
    /* v_add_f32_sdwa v1, v2, v3 mul:2: (1.5 + 2.0) * 2 = 7.0; div:2: 1.75 */
    isa_inst_t in = one9("v_add_f32_sdwa v1, v2, v3 mul:2 src0_sel:DWORD src1_sel:DWORD");
    ut_vset_all(m, 2, ut_fbits(1.5f));
    ut_vset_all(m, 3, ut_fbits(2.0f));
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[3], ut_fbits(7.0f));
    in.omod = 3;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[3], ut_fbits(1.75f));
    free(m);
}
END_TEST

/* The rules: which instructions take an output modifier in gfx9's SDWA (a floating-point result,
 * as llvm-mc-15 -mcpu=gfx900 accepts mul:2: v_cvt_f32_u32 yes, v_cvt_u32_f32 no) and which have no
 * SDWA form there (v_mac_f32, v_mac_f16). */
START_TEST(test_sdwa9_rules)
{
    ck_assert(isa_op_sdwa_omod(ISA_v_add_f32));
    ck_assert(isa_op_sdwa_omod(ISA_v_cvt_f32_u32));
    ck_assert(isa_op_sdwa_omod(ISA_v_add_f16));
    ck_assert(!isa_op_sdwa_omod(ISA_v_cvt_u32_f32));
    ck_assert(!isa_op_sdwa_omod(ISA_v_mov_b32));
    ck_assert(!isa_op_sdwa_omod(ISA_v_cmp_eq_f32));
    ck_assert(!isa_op_sdwa_omod(ISA_v_frexp_exp_i32_f32));
    ck_assert(isa_op_has_form_on(ISA_v_mac_f32, ISA_FORM_SDWA, ISA_TARGET_GFX803));
    ck_assert(!isa_op_has_form_on(ISA_v_mac_f32, ISA_FORM_SDWA, ISA_TARGET_GFX900));
    ck_assert(!isa_op_has_form_on(ISA_v_mac_f16, ISA_FORM_SDWA, ISA_TARGET_GFX906));
    ck_assert(isa_op_has_form_on(ISA_v_mac_f32, ISA_FORM_DPP, ISA_TARGET_GFX900));
    ck_assert(isa_op_has_form_on(ISA_v_add_f32, ISA_FORM_SDWA, ISA_TARGET_GFX900));
}
END_TEST

static Suite *sdwa9_suite(void)
{
    Suite *s = suite_create("sdwa9");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_sdwa9_word_layout);
    tcase_add_test(tc, test_sdwa9_encode_inst);
    tcase_add_test(tc, test_sdwa_decode_int_clamp);
    tcase_add_test(tc, test_sdwa9_asm_rules);
    tcase_add_test(tc, test_sdwa9_scalar_sources);
    tcase_add_test(tc, test_sdwa9_compare_sdst);
    tcase_add_test(tc, test_sdwa9_omod);
    tcase_add_test(tc, test_sdwa9_rules);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(sdwa9_suite)

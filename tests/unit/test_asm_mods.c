/* One rule set for the assembler and the code-object decoder (issue 30): for every VALU instruction
 * of the table, in the 64-bit encoding and in the SDWA and DPP forms, every source modifier on every
 * operand the assembler accepts decodes back to the same instruction, and every modifier bit the
 * decoder accepts in a machine word prints as text the assembler takes back to the same word.
 * Both follow isa_op_src_mods (isa_forms.c); the check that the rule is llvm-mc's is table-check's
 * (tests/gen/table_sample.c --mods). */
#include <stdio.h>

#include "asm/asm.h"
#include "asm/asm_decode.h"
#include "asm/asm_encode.h"
#include "unit.h"

static const char *operand(const char *g, size_t n)
{
    static const struct { const char *sig, *text; } samples[] = {
        { "D", "v1" }, { "D2", "v[2:3]" }, { "D3", "v[4:6]" }, { "D4", "v[4:7]" }, { "S", "v8" },
        { "S2", "v[10:11]" }, { "I", "v8" }, { "h", "v8" }, { "j", "v8" }, { "V", "v9" }, { "V2", "v[12:13]" },
        { "V4", "v[12:15]" }, { "d", "s1" }, { "d2", "s[2:3]" }, { "s", "s20" }, { "C", "s[24:25]" },
        { "c", "s[26:27]" },
    };
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++)
        if (strlen(samples[i].sig) == n && strncmp(samples[i].sig, g, n) == 0)
            return samples[i].text;
    return NULL;
}

static const char *const form_suffix[] = { "_e64", "_sdwa", "_dpp" };

/* The text of `op` in `form` with modifier mods (ISA_MOD_*) on signature group pos (none: -1);
 * false when the signature has an operand this test does not build. */
static bool build(isa_op_t op, int form, int pos, unsigned mods, char *buf, size_t len)
{
    const isa_op_info_t *info = &isa_ops[op];
    bool vop3 = info->enc == ISA_ENC_VOP3;
    if ((vop3 && form != ISA_FORM_PLAIN) || info->enc == ISA_ENC_VOP3P) /* gfx9's VOP3P: test_vop3p.c */
        return false;
    if (isa_op_valu9(op)) /* gfx9 text and gfx9 opcodes only (valu9): test_asm_valu9.c */
        return false;
    if (!isa_op_on_target(op, ISA_TARGET_GFX803)) /* CDNA's: target-check and test_cdna_isa.c (cdnaisa) */
        return false;
    int n = snprintf(buf, len, "entry:\n  %s%s", info->name, vop3 ? "" : form_suffix[form]);
    const char *p = info->sig;
    for (int g = 0; *p; g++) {
        size_t w = strcspn(p, " ");
        const char *t = operand(p, w);
        if (!t)
            return false;
        /* SDWA/DPP: VOPC writes vcc; the lane-mask source of v_cndmask is vcc */
        if (form != ISA_FORM_PLAIN && (*p == 'C' || *p == 'c'))
            t = "vcc";
        const char *pre = g == pos ? (mods == ISA_MOD_NEG ? "-" : mods == ISA_MOD_ABS ? "|" : "-|") : "";
        const char *post = g == pos && (mods & ISA_MOD_ABS) ? "|" : "";
        n += snprintf(buf + n, len - (size_t)n, "%s%s%s%s", g ? ", " : " ", pre, t, post);
        p += w;
        while (*p == ' ')
            p++;
    }
    if (form == ISA_FORM_DPP)
        snprintf(buf + n, len - (size_t)n, " quad_perm:[0,1,2,3]\n");
    else
        snprintf(buf + n, len - (size_t)n, "\n");
    return true;
}

typedef struct {
    asm_opcode_map_t *m;
    unsigned accepted, refused, flipped;
} ctx_t;

/* Assemble text (one instruction); on success its encoding in out. */
static bool assemble(const ctx_t *c, const char *text, isa_program_t *p, uint8_t *out, unsigned *size)
{
    FILE *null = fopen("/dev/null", "w");
    int e = asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, p, null);
    fclose(null);
    if (e)
        return false;
    char err[256];
    const isa_kernel_t *k = &p->kernels[0];
    *size = asm_encode_inst(c->m, k, &k->insts[0], out, err, sizeof err);
    ck_assert_msg(*size, "%s: does not encode: %s", text, err);
    return true;
}

/* Assembler to decoder: text with modifiers that assembles must decode to the same instruction. */
static void assembler_to_decoder(ctx_t *c, isa_op_t op, int form, int pos, unsigned mods)
{
    char text[256];
    if (!build(op, form, pos, mods, text, sizeof text))
        return;
    isa_program_t p;
    uint8_t code[ASM_ENCODE_MAX];
    unsigned size;
    bool ok = assemble(c, text, &p, code, &size);
    /* The assembler applies the shared rule. */
    bool rule = (mods & ~isa_op_src_mods(op, form, (unsigned)pos)) == 0;
    if (!ok) {
        ck_assert_msg(!rule, "%s: the rule allows it, the assembler refuses it", text);
        c->refused++;
        return;
    }
    ck_assert_msg(rule, "%s: the assembler accepts what the rule refuses", text);
    isa_inst_t d;
    char err[256], what[64];
    ck_assert_msg(asm_decode_inst(c->m, code, size, 0, &d, err, sizeof err) == size,
                  "%s: the assembler accepts it, the decoder refuses it: %s", text, err);
    ck_assert_msg(asm_inst_same(&p.kernels[0].insts[0], &d, what, sizeof what), "%s: decoded with another %s", text,
                  what);
    c->accepted++;
    isa_program_free(&p);
}

/* Decoder to assembler: each neg/abs bit set in the machine word of the plain instruction; what the
 * decoder takes must print as text that assembles to the same word. */
static void decoder_to_assembler(ctx_t *c, isa_op_t op, int form)
{
    char text[256];
    if (!build(op, form, -1, 0, text, sizeof text))
        return;
    isa_program_t p;
    uint8_t base[ASM_ENCODE_MAX];
    unsigned size;
    if (!assemble(c, text, &p, base, &size))
        return;
    isa_program_free(&p);
    /* The modifier bits of each form (GCN3 ISA manual, chapter 12): VOP3 abs [10:8] of the first
     * dword, neg [63:61]; SDWA src0 neg/abs bits 20/21, src1 28/29; DPP src0 20/21, src1 22/23
     * of the second dword. */
    static const unsigned bits[3][6] = { { 8, 9, 10, 61, 62, 63 }, { 52, 53, 60, 61, 0, 0 }, { 52, 53, 54, 55, 0, 0 } };
    for (unsigned b = 0; b < 6 && bits[form][b]; b++) {
        uint8_t code[ASM_ENCODE_MAX];
        memcpy(code, base, size);
        code[bits[form][b] / 8] ^= (uint8_t)(1u << bits[form][b] % 8);
        isa_inst_t d;
        char err[256], line[200];
        if (asm_decode_inst(c->m, code, size, 0, &d, err, sizeof err) != size)
            continue;
        if (!(d.src[0].neg | d.src[0].abs | d.src[1].neg | d.src[1].abs | d.src[2].neg | d.src[2].abs))
            continue; /* VOP3b: the bit belongs to the lane-mask destination */
        isa_kernel_t k;
        memset(&k, 0, sizeof k);
        isa_format_inst(&k, &d, line, sizeof line);
        snprintf(text, sizeof text, "entry:\n  %s\n", line);
        uint8_t again[ASM_ENCODE_MAX];
        unsigned n;
        ck_assert_msg(assemble(c, text, &p, again, &n), "bit %u of '%s': the decoder accepts '%s', the assembler "
                      "refuses it", bits[form][b], isa_ops[op].name, line);
        ck_assert_msg(n == size && memcmp(again, code, size) == 0, "bit %u of '%s': '%s' assembles to other bytes",
                      bits[form][b], isa_ops[op].name, line);
        isa_program_free(&p);
        c->flipped++;
    }
}

START_TEST(assembler_and_decoder_agree)
{
    ctx_t c = { asm_opcode_map_create(ISA_TARGET_GFX803), 0, 0, 0 };
    ck_assert_ptr_nonnull(c.m);
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        if (isa_ops[op].unit != ISA_UNIT_VALU)
            continue;
        for (int form = ISA_FORM_PLAIN; form <= ISA_FORM_DPP; form++) {
            if (!isa_op_has_form((isa_op_t)op, form))
                continue;
            unsigned ngroups = isa_ops[op].sig[0] != 0;
            for (const char *s = isa_ops[op].sig; *s; s++)
                ngroups += *s == ' ';
            for (unsigned pos = 0; pos < ngroups; pos++)
                for (unsigned mods = 1; mods <= 3; mods++)
                    assembler_to_decoder(&c, (isa_op_t)op, form, (int)pos, mods);
            decoder_to_assembler(&c, (isa_op_t)op, form);
        }
    }
    /* The corpus is the table's: hundreds of each kind, not a handful. */
    ck_assert_uint_gt(c.accepted, 1000);
    ck_assert_uint_gt(c.refused, 1000);
    ck_assert_uint_gt(c.flipped, 1000);
    asm_opcode_map_free(c.m);
}
END_TEST

/* The case of issue 30: clang's gfx803 code (23 of librocsparse0's objects) has it. */
START_TEST(cndmask_neg_e64)
{
    static const uint8_t llvm[] = { 0x04, 0x00, 0x00, 0xd1, 0x0c, 0x19, 0x4a, 0x40 }; /* llvm-mc-15 -show-encoding */
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX803);
    isa_inst_t d;
    char err[256], line[128];
    ck_assert_msg(asm_decode_inst(m, llvm, sizeof llvm, 0, &d, err, sizeof err) == 8, "%s", err);
    ck_assert_uint_eq(d.op, ISA_v_cndmask_b32);
    ck_assert(d.src[1].neg && !d.src[0].neg && !d.src[1].abs);
    isa_kernel_t k;
    memset(&k, 0, sizeof k);
    isa_format_inst(&k, &d, line, sizeof line);
    ck_assert_str_eq(line, "v_cndmask_b32_e64 v4, v12, -v12, s[18:19]");
    asm_opcode_map_free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("asm_mods");
    TCase *t = tcase_create("rules");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, assembler_and_decoder_agree);
    tcase_add_test(t, cndmask_neg_e64);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

/* valu_syntax: the VALU syntax corpus, compared with llvm-mc by tests/isa/valu_syntax_check.sh.
 *   valu_syntax gen          print, for every VALU instruction of the table, the spellings
 *                            llvm-mc may accept for gfx803: suffixes, source modifiers (-, |.|,
 *                            neg(), abs(), sext()), clamp and output modifiers, vcc or SGPR-pair
 *                            lane masks, SGPRs, inline constants and literals in each source,
 *                            and the SDWA and DPP forms with their controls;
 *   valu_syntax check FILE   assemble each line of FILE on its own and print one line per input:
 *                            "OK\t<listing>" or "ERR\t<first diagnostic line>";
 *   valu_syntax forms        list the table's SDWA and DPP forms ("NAME sdwa", "NAME dpp");
 *   valu_syntax gen9         the gfx900 SDWA corpus (sources, constant bus, compare destinations,
 *                            clamp, output modifiers), for llvm-mc-15 -mcpu=gfx900;
 *   valu_syntax check9 FILE  `check` with each line assembled for gfx900 (.amdgcn_target);
 *   valu_syntax forms9       "NAME SDWA OMOD" (0/1): gfx900's SDWA form of each and its mul:/div:.
 * Being stricter than llvm-mc is a bug; so is accepting what it refuses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "isa.h"

/* The operand text of signature group g (letter and width) for the `alt`-th source spelling. */
/* The CDNA block of isa.def (cdnaisa): instructions of gfx908/gfx90a/gfx942 only, checked by
 * tests/isa/target_check.sh and test_cdna_isa.c, not by these gfx803/gfx900 corpora. */
static bool cdna(int op) { return op >= ISA_v_dot2c_f32_f16 && op <= ISA_scratch_load_lds_dword; }

static void operand(char *buf, size_t n, const char *g, int vsrc_idx, const char *src_text[2], bool pair_mask)
{
    char k = g[0];
    int w = g[1] >= '2' && g[1] <= '9' ? g[1] - '0' : 1;
    switch (k) {
    case 'D': w == 1 ? snprintf(buf, n, "v1") : snprintf(buf, n, "v[2:%d]", 1 + w); break;
    case 'S': case 'I': case 'V':
        if (vsrc_idx < 2 && src_text[vsrc_idx] && w == 1)
            snprintf(buf, n, "%s", src_text[vsrc_idx]);
        else
            w == 1 ? snprintf(buf, n, "v%d", 4 + 2 * vsrc_idx) : snprintf(buf, n, "v[%d:%d]", 4 + 2 * vsrc_idx, 5 + 2 * vsrc_idx);
        break;
    case 'C': snprintf(buf, n, pair_mask ? "s[8:9]" : "vcc"); break;
    case 'c': snprintf(buf, n, pair_mask ? "s[10:11]" : "vcc"); break;
    case 'd': w == 1 ? snprintf(buf, n, "s1") : snprintf(buf, n, "s[2:%d]", 1 + w); break;
    case 's': snprintf(buf, n, "s3"); break;
    case 'K': snprintf(buf, n, "0x41200000"); break;
    default: snprintf(buf, n, "?"); break;
    }
}

/* One line of the corpus into out (no newline). */
/* `half`: 16-bit sources (h, j) are written as 32-bit ones (gen's corpus leaves them as they are). */
static void format_line(char *out, size_t n, const isa_op_info_t *op, const char *suffix, const char *s0,
                        const char *s1, bool pair_mask, const char *tail, bool half)
{
    const char *src[2] = { s0, s1 };
    /* gfx900's lines (half) spell the instruction as gfx900 does (v_add_co_u32 for v_add_u32) */
    const char *mn = half ? isa_op_mnemonic((isa_op_t)(op - isa_ops), ISA_TARGET_GFX900) : NULL;
    size_t k = (size_t)snprintf(out, n, "%s%s", mn ? mn : op->name, suffix);
    char copy[64];
    snprintf(copy, sizeof copy, "%s", op->sig);
    int vi = 0, first = 1;
    for (char *g = strtok(copy, " "); g; g = strtok(NULL, " ")) {
        char buf[64];
        if (half && (g[0] == 'h' || g[0] == 'j'))
            g[0] = g[0] == 'h' ? 'S' : 'I';
        bool is_src = g[0] == 'S' || g[0] == 'I' || g[0] == 'V';
        operand(buf, sizeof buf, g, vi, src, pair_mask);
        if (is_src)
            vi++;
        if (k < n)
            k += (size_t)snprintf(out + k, n - k, "%s%s", first ? " " : ", ", buf);
        first = 0;
    }
    if (k < n)
        snprintf(out + k, n - k, "%s%s", tail[0] ? " " : "", tail);
}

static void line(const isa_op_info_t *op, const char *suffix, const char *s0, const char *s1, bool pair_mask,
                 const char *tail)
{
    char buf[300];
    format_line(buf, sizeof buf, op, suffix, s0, s1, pair_mask, tail, false);
    printf("%s\n", buf);
}

static void line9(const isa_op_info_t *op, const char *s0, const char *s1, bool pair_mask, const char *tail)
{
    char buf[300];
    format_line(buf, sizeof buf, op, "_sdwa", s0, s1, pair_mask, tail, true);
    printf("%s\n", buf);
}

static void gen(void)
{
    static const char *const mods[] = { "-v4", "|v4|", "-|v4|", "neg(v4)", "abs(v4)", "neg(abs(v4))", "neg(|v4|)",
                                        "-abs(v4)", "sext(v4)" };
    static const char *const consts[] = { "s4", "-16", "64", "65", "-17", "0.5", "-4.0", "0.15915494", "1.5",
                                          "0x1234", "0x3f800000", "-1", "0", "-0.5", "vcc_lo", "m0", "exec_hi",
                                          "-s4", "|s4|", "-1.0", "|-2.0|" };
    static const char *const sdwa_tails[] = {
        "", "clamp", "dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:WORD_1",
        "dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_3 src1_sel:BYTE_2", "src0_sel:BYTE_0 src1_sel:WORD_1",
        "clamp dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD", "mul:2",
        "src1_sel:WORD_0", "dst_unused:UNUSED_PAD",
    };
    static const char *const dpp_tails[] = {
        "row_shl:1", "quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:0", "row_mirror row_mask:0x3",
        "row_bcast:15 row_mask:0xa", "wave_ror:1 bank_mask:0x5", "row_shr:15 bound_ctrl:1", "", "row_shl:1 clamp",
    };
    for (int i = 0; i < ISA_NUM_OPS; i++) {
        const isa_op_info_t *op = &isa_ops[i];
        if (op->unit != ISA_UNIT_VALU || op->enc == ISA_ENC_VOP3P || /* gfx9's VOP3P: tests/isa/vop3p_check.sh */
            isa_op_valu9((isa_op_t)i) || /* gfx9's other additions (valu9): test_asm_valu9 */
            cdna(i)) /* CDNA's: target-check, test_cdna_isa (cdnaisa) */
            continue;
        bool e32 = isa_enc_has_e32(op->enc);
        const char *sfx[] = { "", "_e32", "_e64" };
        for (int k = 0; k < (e32 ? 3 : 1); k++) {
            line(op, sfx[k], NULL, NULL, false, "");
            line(op, sfx[k], NULL, NULL, true, "");
            line(op, sfx[k], NULL, NULL, false, "clamp");
            line(op, sfx[k], NULL, NULL, false, "mul:2");
            line(op, sfx[k], NULL, NULL, false, "clamp div:2");
            for (size_t m = 0; m < sizeof mods / sizeof mods[0]; m++) {
                line(op, sfx[k], mods[m], NULL, false, "");
                line(op, sfx[k], NULL, mods[m], false, "");
            }
        }
        for (size_t m = 0; m < sizeof consts / sizeof consts[0]; m++) {
            line(op, "", consts[m], NULL, false, "");
            line(op, "", NULL, consts[m], false, "");
            if (e32)
                line(op, "_e64", NULL, consts[m], false, "");
        }
        if (!e32)
            continue;
        for (size_t t = 0; t < sizeof sdwa_tails / sizeof sdwa_tails[0]; t++)
            line(op, "_sdwa", NULL, NULL, false, sdwa_tails[t]);
        for (size_t m = 0; m < sizeof mods / sizeof mods[0]; m++) {
            line(op, "_sdwa", mods[m], NULL, false, "");
            line(op, "_sdwa", NULL, mods[m], false, "");
            line(op, "_dpp", mods[m], NULL, false, "row_shl:1");
            line(op, "_dpp", NULL, mods[m], false, "row_shl:1");
        }
        line(op, "_sdwa", "s4", NULL, false, "");
        line(op, "_sdwa", NULL, "1", false, "");
        line(op, "_sdwa", NULL, NULL, true, "");
        line(op, "", NULL, NULL, false, "dst_sel:WORD_1");
        line(op, "", NULL, NULL, false, "row_half_mirror");
        for (size_t t = 0; t < sizeof dpp_tails / sizeof dpp_tails[0]; t++)
            line(op, "_dpp", NULL, NULL, false, dpp_tails[t]);
        line(op, "_dpp", "s4", NULL, false, "row_shl:1");
        line(op, "_dpp", NULL, NULL, true, "row_shl:1");
    }
}

static void line_dpp9(const isa_op_info_t *op, const char *s0, const char *tail)
{
    char buf[300];
    format_line(buf, sizeof buf, op, "_dpp", s0, NULL, false, tail, true);
    printf("%s\n", buf);
}

/* gfx9's SDWA (sdwa9): scalar and constant sources, the constant bus, literals (refused), a compare's
 * SGPR-pair destination, clamp and the output modifier, for every VOP1/VOP2/VOPC instruction with an
 * SDWA form on gfx803 (v_mac_f32/f16 included: gfx9 refuses them); and their DPP forms, which gfx9
 * keeps as gfx8 has them. */
static void gen9(void)
{
    static const char *const srcs[] = { "s4", "1", "-16", "64", "0.5", "-4.0", "65", "0x1234", "vcc_lo", "m0",
                                        "exec_hi", "-s4", "|s4|", "sext(s4)", "sext(1)", "-1.0" };
    static const char *const dpp_tails[] = {
        "row_bcast:15 row_mask:0xa", "row_bcast:31 row_mask:0xc bound_ctrl:0", "quad_perm:[1,0,3,2]",
        "wave_shl:1 bank_mask:0x5", "wave_ror:1", "row_shr:3 row_mask:0x5 bank_mask:0xa bound_ctrl:1",
        "row_half_mirror", "row_ror:15", "row_shl:1 clamp", "row_shl:1 mul:2",
    };
    static const char *const tails[] = {
        "", "mul:2", "clamp div:2 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_1",
        "mul:4 src0_sel:WORD_1 src1_sel:BYTE_2", "clamp", "clamp src0_sel:WORD_1",
    };
    for (int i = 0; i < ISA_NUM_OPS; i++) {
        const isa_op_info_t *op = &isa_ops[i];
        if (op->unit != ISA_UNIT_VALU || !isa_op_has_form((isa_op_t)i, ISA_FORM_SDWA) || i == ISA_v_nop)
            continue;
        for (size_t m = 0; m < sizeof srcs / sizeof srcs[0]; m++) {
            line9(op, srcs[m], NULL, false, "src0_sel:WORD_1");
            line9(op, NULL, srcs[m], false, "");
        }
        line9(op, "s4", "s4", false, "");
        line9(op, "s4", "s5", false, "");
        line9(op, "s4", "2", false, "");
        for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
            line9(op, NULL, NULL, false, tails[t]);
            line9(op, NULL, NULL, true, tails[t]);
        }
        /* DPP: gfx8's on gfx9 (every control, VGPR sources only, no clamp) */
        for (size_t t = 0; t < sizeof dpp_tails / sizeof dpp_tails[0]; t++)
            line_dpp9(op, NULL, dpp_tails[t]);
        line_dpp9(op, "s4", "row_shl:1");
    }
}

/* The gfx900 rules (sdwa9), one line per instruction with an SDWA form on gfx803:
 * "NAME SDWA OMOD|E32 LINE|SDWA LINE|SDWA LINE WITH mul:2": whether gfx900 has its SDWA form (0/1),
 * whether that form takes mul:/div:, and the three lines that ask llvm-mc the same. */
static void forms9(void)
{
    for (int i = 0; i < ISA_NUM_OPS; i++) {
        const isa_op_info_t *op = &isa_ops[i];
        if (!isa_op_has_form((isa_op_t)i, ISA_FORM_SDWA) || i == ISA_v_nop || cdna(i))
            continue;
        bool sdwa = isa_op_has_form_on((isa_op_t)i, ISA_FORM_SDWA, ISA_TARGET_GFX900);
        char e32[300], plain[300], omod[300];
        format_line(e32, sizeof e32, op, "_e32", NULL, NULL, false, "", true);
        format_line(plain, sizeof plain, op, "_sdwa", NULL, NULL, false, "src0_sel:WORD_1", true);
        format_line(omod, sizeof omod, op, "_sdwa", NULL, NULL, false, "mul:2 src0_sel:WORD_1", true);
        const char *mn = isa_op_mnemonic((isa_op_t)i, ISA_TARGET_GFX900);
        printf("%s %d %d|%s|%s|%s\n", mn ? mn : op->name, sdwa, sdwa && isa_op_sdwa_omod((isa_op_t)i), e32, plain, omod);
    }
}

/* Assemble each line alone (the line numbers match the input's); with `prefix` (a directive) first. */
static int check(const char *path, const char *prefix)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 2;
    }
    char src[512];
    while (fgets(src, sizeof src, f)) {
        src[strcspn(src, "\n")] = 0;
        char text[700];
        snprintf(text, sizeof text, "%sk:\n%s\ns_endpgm\n", prefix, src);
        char *diag = NULL;
        size_t n = 0;
        FILE *d = open_memstream(&diag, &n);
        isa_program_t p;
        int e = asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, d);
        fclose(d);
        if (e) {
            char *nl = strchr(diag, '\n');
            if (nl)
                *nl = 0;
            printf("ERR\t%s\n", diag);
        } else {
            char buf[300];
            isa_format_inst(&p.kernels[0], &p.kernels[0].insts[0], buf, sizeof buf);
            printf("OK\t%s\n", buf);
            isa_program_free(&p);
        }
        free(diag);
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "gen") == 0) {
        gen();
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "forms") == 0) { /* the table's SDWA/DPP forms, one a line */
        for (int i = 0; i < ISA_NUM_OPS; i++)
            for (int f = ISA_FORM_SDWA; f <= ISA_FORM_DPP; f++)
                if (isa_op_has_form((isa_op_t)i, f) && i != ISA_v_nop && !isa_op_valu9((isa_op_t)i) &&
                    !cdna(i)) /* gfx803's only */
                    printf("%s %s\n", isa_ops[i].name, f == ISA_FORM_SDWA ? "sdwa" : "dpp");
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "check") == 0)
        return check(argv[2], "");
    if (argc == 2 && strcmp(argv[1], "gen9") == 0) {
        gen9();
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "forms9") == 0) {
        forms9();
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "check9") == 0)
        return check(argv[2], ".amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\n");
    fprintf(stderr, "usage: valu_syntax gen | gen9 | check FILE | check9 FILE | forms | forms9\n");
    return 2;
}

/* encode_check: the encoder and decoder against themselves and against llvm-mc's bytes, for
 * tests/isa/encoding_check.sh (`make table-check`).
 *
 *   encode_check --corpus           print the VOP3/literal corpus: every VOP1/VOP2/VOPC instruction
 *                                   of the table in its 64-bit form with the modifiers it allows
 *                                   (neg, abs, clamp, omod) and with SGPR and inline-constant
 *                                   sources, and every instruction that can take a literal with one
 *   encode_check --roundtrip FILE   assemble FILE, encode every kernel, decode the bytes, and require
 *                                   the assembler's instructions back (prints "N passed, N failed")
 *   encode_check --unconnected      list the table's mnemonics the encoder cannot encode yet (an
 *                                   encoding family added to isa.def before its fields are connected
 *                                   in asm_encode.c, or a name without an opcode line)
 *   encode_check --decode           read `llvm-mc -show-encoding` output on stdin, decode the bytes of
 *                                   each instruction (a branch's unresolved offset bytes `A` as 0) and
 *                                   print our listing of them, one instruction a line */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "asm/asm_decode.h"
#include "asm/asm_lex.h"
#include "isa.h"

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t r; buf && (r = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += r;
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

static int roundtrip(const char *path, isa_target_t target)
{
    size_t len;
    char *text = read_file(path, &len);
    if (!text) {
        fprintf(stderr, "encode_check: cannot read %s\n", path);
        return 1;
    }
    isa_program_t prog;
    int errors = asm_assemble_buffer(path, text, len, target, &prog, stderr);
    free(text);
    if (errors)
        return 1;
    asm_opcode_map_t *m = asm_opcode_map_create(prog.target);
    int pass = 0, bad = 0;
    for (uint32_t k = 0; m && k < prog.nkernels; k++) {
        const isa_kernel_t *ker = &prog.kernels[k];
        uint8_t *code;
        char err[256];
        if (asm_encode_kernel(m, ker, &code, err, sizeof err)) {
            fprintf(stderr, "encode_check: %s: kernel %s: %s\n", path, ker->name, err);
            bad++;
            continue;
        }
        isa_inst_t *dec;
        uint32_t n;
        if (asm_decode_code(m, code, ker->code_bytes, &dec, &n, err, sizeof err)) {
            fprintf(stderr, "encode_check: %s: kernel %s: decoding our own code: %s\n", path, ker->name, err);
            bad++;
            free(code);
            continue;
        }
        if (n != ker->ninsts) {
            fprintf(stderr, "encode_check: %s: kernel %s: %u instructions decoded, %u assembled\n", path, ker->name,
                    n, ker->ninsts);
            bad++;
        }
        for (uint32_t i = 0; i < n && i < ker->ninsts; i++) {
            char what[64], a[200], b[200];
            /* An alias (ISA_OPCODE_ALIAS) decodes to the name its opcode is listed under. */
            isa_inst_t d = dec[i];
            if (d.op != ker->insts[i].op && m->native[d.op] == m->native[ker->insts[i].op] &&
                m->family[d.op] == m->family[ker->insts[i].op])
                d.op = ker->insts[i].op;
            if (asm_inst_same(&ker->insts[i], &d, what, sizeof what)) {
                pass++;
                continue;
            }
            isa_format_inst(ker, &ker->insts[i], a, sizeof a);
            isa_format_inst(ker, &dec[i], b, sizeof b);
            fprintf(stderr, "encode_check: %s:%u: '%s' decodes as '%s' (the %s differs)\n", path, ker->insts[i].line,
                    a, b, what);
            bad++;
        }
        free(dec);
        free(code);
    }
    if (!m)
        bad++;
    asm_opcode_map_free(m);
    isa_program_free(&prog);
    printf("encode-check roundtrip %s: %d passed, %d failed\n", path, pass, bad);
    return bad ? 1 : 0;
}

/* llvm-mc's "; encoding: [0x01,0x00,...]" lines, bytes in order, each instruction decoded alone
 * (its pc is 0: a branch prints its target as a byte offset). */
static int decode_stdin(isa_target_t target)
{
    asm_opcode_map_t *m = asm_opcode_map_create(target);
    if (!m)
        return 3;
    char line[4096];
    int bad = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *p = strstr(line, "; encoding: [");
        if (!p)
            continue;
        p += strlen("; encoding: [");
        uint8_t bytes[16];
        unsigned n = 0;
        while (*p && *p != ']' && n < sizeof bytes) {
            if (*p == 'A') { /* a fixup byte: the branch offset, resolved only at link time */
                bytes[n++] = 0;
                p++;
            } else {
                bytes[n++] = (uint8_t)strtoul(p, &p, 16);
            }
            if (*p == ',')
                p++;
        }
        isa_inst_t in;
        char err[256], text[256];
        if (!asm_decode_inst(m, bytes, n, 0, &in, err, sizeof err)) {
            printf("<error: %s>\n", err);
            bad++;
            continue;
        }
        if (in.size != n) {
            printf("<error: decoded %u of %u bytes>\n", in.size, n);
            bad++;
            continue;
        }
        /* gfx803 as before (no kernel); another target prints its mnemonics through a kernel of it */
        isa_kernel_t k;
        memset(&k, 0, sizeof k);
        k.target = target;
        isa_format_inst(target == ISA_TARGET_GFX803 ? NULL : &k, &in, text, sizeof text);
        printf("%s\n", text);
    }
    asm_opcode_map_free(m);
    return bad ? 1 : 0;
}

/* ---- The VOP3 and literal corpus -------------------------------------------------------------- */

/* Operand text for a signature group; the VOP3 variants use SGPRs, pairs and inline constants. */
static const char *operand(const char *g, int variant)
{
    static const struct { const char *sig, *v[3]; } t[] = {
        { "D", { "v1", "v1", "v1" } }, { "D2", { "v[2:3]", "v[2:3]", "v[2:3]" } },
        { "S", { "v8", "s4", "7" } }, { "S2", { "v[10:11]", "s[4:5]", "1.0" } },
        { "I", { "v9", "s4", "7" } }, { "V", { "v9", "v9", "v9" } },
        { "d", { "s1", "s1", "s1" } }, { "s", { "s20", "s20", "s20" } },
        { "C", { "s[24:25]", "vcc", "s[26:27]" } }, { "c", { "s[26:27]", "s[6:7]", "vcc" } },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strcmp(t[i].sig, g) == 0)
            return t[i].v[variant];
    return NULL;
}

static bool split_sig(const char *sig, char groups[][8], unsigned *n)
{
    *n = 0;
    for (const char *p = sig; *p;) {
        size_t len = strcspn(p, " ");
        if (len >= 8 || *n >= 6)
            return false;
        memcpy(groups[*n], p, len);
        groups[(*n)++][len] = 0;
        p += len;
        while (*p == ' ')
            p++;
    }
    return true;
}

static void corpus(void)
{
    puts("; The VOP3 forms of the VOP1/VOP2/VOPC instructions and literal operands (generated by");
    puts("; tests/gen/encode_check.c --corpus).");
    puts("entry:");
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX803);
    for (int op = 0; m && op < ISA_NUM_OPS; op++) {
        const isa_op_info_t *info = &isa_ops[op];
        char g[6][8];
        unsigned n;
        if (info->unit != ISA_UNIT_VALU || !split_sig(info->sig, g, &n) || strchr(info->sig, 'K'))
            continue;
        bool fl = (info->flags & ISA_FL_FLOAT) != 0, vopc = info->enc == ISA_ENC_VOPC;
        bool mask_dst = strchr(info->sig, 'C') != NULL, vop3b = mask_dst && !vopc;
        bool e3 = isa_enc_has_e32(info->enc);
        /* 64-bit forms: three operand variants, modifiers on the first. */
        if (info->enc == ISA_ENC_VOP3 || (e3 && m->vop3[op] != ASM_OPCODE_NONE)) {
            for (int v = 0; v < 3; v++) {
                char line[256];
                int len = snprintf(line, sizeof line, "  %s%s", info->name, e3 ? "_e64" : "");
                /* The constant bus takes one SGPR (or literal): with a scalar operand, a carry-in
                 * or the implicit vcc of div_fmas, the sources are VGPRs. */
                bool ok = true, sgpr_used = strchr(info->sig, 's') || strchr(info->sig, 'c') ||
                                            (info->flags & ISA_FL_VCC_IN);
                unsigned nsrc = 0;
                for (unsigned k = 0; k < n && ok; k++) {
                    const char *t = operand(g[k], v);
                    if (!t) {
                        ok = false;
                        break;
                    }
                    bool src = g[k][0] == 'S' || g[k][0] == 'I';
                    /* The constant bus takes one SGPR: later sources use VGPRs. */
                    if (src && fl && v == 2 && g[k][0] == 'S')
                        t = g[k][1] == '2' ? "1.0" : "0.5";
                    if (src && t[0] == 's') {
                        if (sgpr_used)
                            t = g[k][1] == '2' ? "v[12:13]" : "v10";
                        sgpr_used = true;
                    }
                    const char *pre = "", *post = "";
                    if (src && g[k][0] == 'S' && fl && t[0] == 'v') {
                        pre = nsrc == 0 ? "-" : nsrc == 1 && !vop3b ? "|" : "";
                        post = nsrc == 1 && !vop3b ? "|" : "";
                    }
                    if (src)
                        nsrc++;
                    len += snprintf(line + len, sizeof line - (size_t)len, "%s%s%s%s", k ? ", " : " ", pre, t, post);
                }
                if (!ok)
                    break;
                if (v == 0 && ((fl && !vopc) || (vop3b && info->enc != ISA_ENC_VOP3)))
                    len += snprintf(line + len, sizeof line - (size_t)len, " clamp");
                if (v == 1 && fl && !vopc)
                    len += snprintf(line + len, sizeof line - (size_t)len, " mul:2");
                if (v == 2 && fl && !vopc)
                    len += snprintf(line + len, sizeof line - (size_t)len, " div:2");
                puts(line);
            }
        }
        /* A literal in src0 of the 32-bit form. */
        /* (Not on 16-bit operands, which take no 32-bit literal, nor beside a carry-in: the vcc
         * read and the literal would both use the constant bus.) */
        if (e3 && n >= 2 && !strstr(info->name, "16") && !strchr(info->sig, 'c') &&
            (g[n - (vopc ? 2 : 1)][0] == 'S' || g[1][0] == 'S')) {
            char line[256];
            int len = snprintf(line, sizeof line, "  %s_e32", info->name);
            bool first = true, ok = true;
            for (unsigned k = 0; k < n && ok; k++) {
                const char *t;
                bool src = g[k][0] == 'S' || g[k][0] == 'I';
                if (src && first) {
                    t = "0x12345678";
                    first = false;
                } else if (g[k][0] == 'C' || g[k][0] == 'c') {
                    t = "vcc";
                } else if (src) {
                    t = g[k][1] == '2' ? "v[12:13]" : "v10";
                } else {
                    t = operand(g[k], 0);
                }
                if (!t)
                    ok = false;
                else
                    len += snprintf(line + len, sizeof line - (size_t)len, "%s%s", k ? ", " : " ", t);
            }
            if (ok && !first)
                puts(line);
        }
    }
    /* SDWA and DPP: every instruction that has the form, VGPR sources, selectors and masks that are
     * not the defaults (so every field is exercised); float sources negated and abs'ed, integer
     * ones sign-extended (SDWA). llvm-mc refusing a line (v_mac_f32's dst_sel, ...) leaves it out. */
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        const isa_op_info_t *info = &isa_ops[op];
        char g[6][8];
        unsigned n;
        if (!split_sig(info->sig, g, &n))
            continue;
        for (int form = ISA_FORM_SDWA; form <= ISA_FORM_DPP; form++) {
            if (!isa_op_has_form((isa_op_t)op, form))
                continue;
            char line[256];
            int len = snprintf(line, sizeof line, "  %s_%s", info->name, form == ISA_FORM_SDWA ? "sdwa" : "dpp");
            unsigned nsrc = 0;
            for (unsigned k = 0; k < n; k++) {
                char t[32];
                if (g[k][0] == 'C' || g[k][0] == 'c') {
                    snprintf(t, sizeof t, "vcc");
                } else if (g[k][0] == 'D') {
                    snprintf(t, sizeof t, "v1");
                } else {
                    bool fsrc = isa_op_src_float((isa_op_t)op, nsrc);
                    const char *pre = "", *post = "";
                    if (fsrc && nsrc == 0)
                        pre = "-";
                    else if (fsrc && nsrc == 1)
                        pre = "|", post = "|";
                    else if (!fsrc && form == ISA_FORM_SDWA && nsrc == 0 && op != ISA_v_cndmask_b32)
                        pre = "sext(", post = ")";
                    snprintf(t, sizeof t, "%sv%u%s", pre, 2 + nsrc, post);
                    nsrc++;
                }
                len += snprintf(line + len, sizeof line - (size_t)len, "%s%s", k ? ", " : " ", t);
            }
            if (form == ISA_FORM_SDWA) {
                if (info->enc != ISA_ENC_VOPC && n)
                    len += snprintf(line + len, sizeof line - (size_t)len, " dst_sel:WORD_1 dst_unused:UNUSED_PAD");
                if (nsrc >= 1)
                    len += snprintf(line + len, sizeof line - (size_t)len, " src0_sel:BYTE_1");
                if (nsrc >= 2 && info->enc != ISA_ENC_VOP1)
                    len += snprintf(line + len, sizeof line - (size_t)len, " src1_sel:WORD_0");
            } else {
                len += snprintf(line + len, sizeof line - (size_t)len, " row_shr:1 row_mask:0xa bank_mask:0xc%s",
                                op % 2 ? " bound_ctrl:0" : "");
            }
            puts(line);
        }
    }
    /* Scalar literals: one per shape. */
    puts("  s_mov_b32 s1, 0x12345678");
    puts("  s_mov_b64 s[2:3], 0x12345678");
    puts("  s_add_u32 s1, 0xfffffff0, s2");
    puts("  s_and_b64 s[2:3], s[4:5], 0x80000000");
    puts("  s_cmp_eq_u32 s1, 0x12345678");
    puts("  s_cmp_lg_u64 s[2:3], 0x1234");
    puts("  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xf");
    puts("  v_mov_b32 v1, -2.5");
    puts("  v_add_f32 v1, 0x3e800000, v2");
    puts("  v_mul_f32 v1, 0.15915494, v2");
    puts("  v_rcp_f64 v[2:3], 0x40000000");
    asm_opcode_map_free(m);
    /* Forms the table samples do not reach: LDS DMA and the SAD family's integer clamp. */
    static const char *const extra[] = {
        "buffer_load_dword v1, off, s[4:7], s1 lds",
        "buffer_load_ubyte v5, v[1:2], s[8:11], 0 idxen offen offset:7 glc slc lds",
        "buffer_load_sshort v0, v2, s[4:7], m0 offen lds", "buffer_load_format_x v3, off, s[4:7], s1 offset:4095 lds",
        "buffer_load_dwordx4 v[0:3], off, s[4:7], s1 lds", "buffer_store_lds_dword s[4:7], s1 lds",
        "buffer_store_lds_dword s[4:7], 0 offset:12 lds", "v_sad_u8 v0, v1, v2, v3 clamp",
        "v_qsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7] clamp", "v_mqsad_u32_u8 v[10:13], v[2:3], v4, v[6:9] clamp",
    };
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        printf("  %s\n", extra[i]);
}

static int unconnected(void)
{
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX803);
    if (!m)
        return 3;
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        uint8_t f = m->family[op];
        if (f == ASM_FAMILY_NONE || (m->native[op] == ASM_OPCODE_NONE && m->vop3[op] == ASM_OPCODE_NONE))
            printf("%s\n", isa_ops[op].name);
    }
    asm_opcode_map_free(m);
    return 0;
}

int main(int argc, char **argv)
{
    isa_target_t target = ISA_TARGET_GFX803; /* --target NAME, last: --roundtrip's default, --decode's */
    if (argc >= 3 && strcmp(argv[argc - 2], "--target") == 0) {
        if (!isa_target_parse(argv[argc - 1], strlen(argv[argc - 1]), &target)) {
            fprintf(stderr, "encode_check: unknown target '%s'\n", argv[argc - 1]);
            return 1;
        }
        argc -= 2;
    }
    if (argc == 2 && strcmp(argv[1], "--unconnected") == 0)
        return unconnected();
    if (argc == 2 && strcmp(argv[1], "--corpus") == 0) {
        corpus();
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "--roundtrip") == 0)
        return roundtrip(argv[2], target);
    if (argc == 2 && strcmp(argv[1], "--decode") == 0)
        return decode_stdin(target);
    fputs("usage: encode_check --corpus | --unconnected | --roundtrip FILE.s | --decode < LLVM-MC-OUTPUT [--target NAME]\n",
          stderr);
    return 1;
}

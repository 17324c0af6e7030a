/* asm: the assembler's driver. Pass 1 reads the file line by line (labels, instructions,
 * directives); then the instructions are split into kernels, branches resolved against the
 * kernel's labels, descriptors and metadata attached, and resource usage computed. */
#include "asm/asm.h"

#include "asm/asm_buffer.h"
#include "asm/asm_flat9.h"
#include "asm/asm_data.h"
#include "asm/asm_directives.h"
#include "asm/asm_lex.h"
#include "asm/asm_match.h"
#include "asm/asm_agpr.h"
#include "asm/asm_sdwa_dpp.h"
#include "asm/asm_operands.h"
#include "asm/asm_program.h"

#include <stdlib.h>
#include <string.h>

/* ---- Mnemonics ------------------------------------------------------------------------------ */

/* The entry a mnemonic means on the file's target (isa_mnemonic_op, by the hash): an entry the
 * target spells otherwise is found by that spelling only. */
static isa_op_t target_op(const asm_ctx_t *c, const char *name, size_t len)
{
    for (uint32_t k = 0; k < c->nrenamed; k++) {
        const char *m = c->mnemonic[c->renamed[k]];
        if (strlen(m) == len && memcmp(m, name, len) == 0)
            return (isa_op_t)c->renamed[k];
    }
    isa_op_t op = asm_op_lookup(c, name, len);
    /* LLVM keeps the earlier names of the renamed matrix instructions as aliases on gfx940 (llvm-mc-19
     * takes v_mfma_f32_32x32x1f32 and prints v_mfma_f32_32x32x1_2b_f32): so does gcnsim (mfma). */
    return op != ISA_NUM_OPS && c->mnemonic[op] != isa_ops[op].name && !isa_op_mfma(op) ? ISA_NUM_OPS : op;
}

static bool on_target(asm_ctx_t *c, isa_op_t op)
{
    if (c->on_target[op] < 0)
        c->on_target[op] = (int8_t)isa_op_on_target(op, c->target);
    return c->on_target[op] == 1;
}

/* The other targets LLVM knows a mnemonic on, for a message: "gfx9", "gfx906", "gfx803", or
 * "gfx803 and gfx906"; NULL when none. */
static const char *targets_of(const char *name, size_t len, isa_target_t except, char *buf, size_t size)
{
    bool on[ISA_NUM_TARGETS];
    unsigned n = 0;
    for (unsigned t = 0; t < ISA_NUM_TARGETS; t++) {
        on[t] = t != (unsigned)except && isa_target_knows(name, len, (isa_target_t)t);
        n += on[t];
    }
    if (!n)
        return NULL;
    if (on[ISA_TARGET_GFX900] && on[ISA_TARGET_GFX906] && !on[ISA_TARGET_GFX803] && except == ISA_TARGET_GFX803)
        return "gfx9";
    size_t pos = 0;
    buf[0] = '\0';
    for (unsigned t = 0, k = 0; t < ISA_NUM_TARGETS; t++)
        if (on[t]) {
            int w = snprintf(buf + pos, size - pos, "%s%s", k ? (k + 1 == n ? " and " : ", ") : "",
                             isa_target_name((isa_target_t)t));
            pos += w > 0 && (size_t)w < size - pos ? (size_t)w : 0;
            k++;
        }
    return buf;
}

/* gfx9 (and later) mnemonics people carry over; each gets the gfx803 way to say it. */
static const struct {
    const char *name;
    bool prefix;
    const char *hint;
} gfx9_ops[] = {
    { "v_add_co_u32", false, "use v_add_u32 with a carry-out: v_add_u32 v0, vcc, v1, v2" },
    { "v_sub_co_u32", false, "use v_sub_u32 with a carry-out: v_sub_u32 v0, vcc, v1, v2" },
    { "v_subrev_co_u32", false, "use v_subrev_u32 with a carry-out: v_subrev_u32 v0, vcc, v1, v2" },
    { "v_addc_co_u32", false, "use v_addc_u32: v_addc_u32 v0, vcc, v1, v2, vcc" },
    { "v_subb_co_u32", false, "use v_subb_u32: v_subb_u32 v0, vcc, v1, v2, vcc" },
    { "v_subbrev_co_u32", false, "use v_subbrev_u32: v_subbrev_u32 v0, vcc, v1, v2, vcc" },
    { "global_", true, "use the flat_* form with a 64-bit address: flat_load_dword v0, v[2:3]" },
    { "scratch_", true, "gcnsim has no scratch memory instructions" },
    { "v_lshl_add_u32", false, "use v_lshlrev_b32 then v_add_u32" },
    { "v_add_lshl_u32", false, "use v_add_u32 then v_lshlrev_b32" },
    { "v_add3_u32", false, "use two v_add_u32" },
    { "v_lshl_or_b32", false, "use v_lshlrev_b32 then v_or_b32" },
    { "v_and_or_b32", false, "use v_and_b32 then v_or_b32" },
    { "v_or3_b32", false, "use two v_or_b32" },
    { "v_xad_u32", false, "use v_xor_b32 then v_add_u32" },
    { "v_pk_", true, "packed 16-bit math does not exist on gfx803" },
    { "v_mad_u32_u16", false, "use v_mad_u32_u24 on zero-extended values" },
    { "v_mad_i32_i16", false, "use v_mad_i32_i24 on sign-extended values" },
    { "s_lshl1_add_u32", false, "use s_lshl_b32 then s_add_u32" },
    { "s_lshl2_add_u32", false, "use s_lshl_b32 then s_add_u32" },
    { "s_lshl3_add_u32", false, "use s_lshl_b32 then s_add_u32" },
    { "s_lshl4_add_u32", false, "use s_lshl_b32 then s_add_u32" },
    { "s_mul_hi_u32", false, "use v_mul_hi_u32 on VGPRs and v_readfirstlane_b32" },
    { "s_mul_hi_i32", false, "use v_mul_hi_i32 on VGPRs and v_readfirstlane_b32" },
    { "s_andn1_saveexec_b64", false, "use s_not_b64 and s_and_saveexec_b64" },
    { "s_orn1_saveexec_b64", false, "use s_not_b64 and s_or_saveexec_b64" },
    { "s_andn1_wrexec_b64", false, "use s_andn2_b64 on exec" },
    { "s_andn2_wrexec_b64", false, "use s_andn2_b64 on exec" },
    { "s_pack_", true, "use s_lshl_b32 and s_or_b32 / s_and_b32" },
    { "v_sub_nc_", true, "use v_sub_u32 with a carry-out" },
    { "v_add_nc_", true, "use v_add_u32 with a carry-out" },
    /* the rest of gfx9's VALU/SALU additions (valu9) */
    { "v_subrev_nc_", true, "use v_subrev_u32 with a carry-out" },
    { "v_min3_f16", false, "use two v_min_f16" },
    { "v_max3_f16", false, "use two v_max_f16" },
    { "v_med3_f16", false, "use v_min_f16 and v_max_f16" },
    { "v_min3_i16", false, "use two v_min_i16" },
    { "v_max3_i16", false, "use two v_max_i16" },
    { "v_med3_i16", false, "use v_min_i16 and v_max_i16" },
    { "v_min3_u16", false, "use two v_min_u16" },
    { "v_max3_u16", false, "use two v_max_u16" },
    { "v_med3_u16", false, "use v_min_u16 and v_max_u16" },
    { "v_add_i32", false, "use v_add_u32 with a carry-out (no signed clamp on gfx803)" },
    { "v_sub_i32", false, "use v_sub_u32 with a carry-out (no signed clamp on gfx803)" },
    { "v_add_i16", false, "use v_add_u16 (no signed clamp on gfx803)" },
    { "v_sub_i16", false, "use v_sub_u16 (no signed clamp on gfx803)" },
    { "v_pack_b32_f16", false, "use v_lshlrev_b32 and v_or_b32 (or v_cvt_pkrtz_f16_f32 from f32)" },
    { "v_cvt_pknorm_i16_f16", false, "convert with v_cvt_f32_f16, then v_cvt_pknorm_i16_f32" },
    { "v_cvt_pknorm_u16_f16", false, "convert with v_cvt_f32_f16, then v_cvt_pknorm_u16_f32" },
    { "v_cvt_norm_i16_f16", false, "convert with v_cvt_f32_f16, then v_cvt_pknorm_i16_f32" },
    { "v_cvt_norm_u16_f16", false, "convert with v_cvt_f32_f16, then v_cvt_pknorm_u16_f32" },
    { "v_sat_pk_u8_i16", false, "use v_med3_i32 and v_perm_b32" },
    { "v_swap_b32", false, "use three v_mov_b32 through a spare VGPR" },
    { "v_xnor_b32", false, "use v_xor_b32 then v_not_b32 (it is gfx906's)" },
    { "v_fmac_f32", false, "use v_fma_f32 (it is gfx906's)" },
    { "s_bitreplicate_b64_b32", false, "there is no single gfx803 instruction for it" },
    { "s_call_b64", false, "use s_getpc_b64, s_add_u32/s_addc_u32 and s_swappc_b64" },
    { "v_mad_f16_gfx9", false, "it is gcnsim's name of gfx9's v_mad_f16 with op_sel; use v_mad_f16" },
    { "v_mad_u16_gfx9", false, "it is gcnsim's name of gfx9's v_mad_u16 with op_sel; use v_mad_u16" },
    { "v_mad_i16_gfx9", false, "it is gcnsim's name of gfx9's v_mad_i16 with op_sel; use v_mad_i16" },
    { "v_fma_f16_gfx9", false, "it is gcnsim's name of gfx9's v_fma_f16 with op_sel; use v_fma_f16" },
    { "v_div_fixup_f16_gfx9", false, "it is gcnsim's name of gfx9's v_div_fixup_f16 with op_sel; use v_div_fixup_f16" },
};

static unsigned edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
    unsigned row[ASM_NAME_MAX + 1];
    if (la > ASM_NAME_MAX || lb > ASM_NAME_MAX)
        return 1000;
    for (size_t j = 0; j <= lb; j++)
        row[j] = (unsigned)j;
    for (size_t i = 1; i <= la; i++) {
        unsigned diag = row[0];
        row[0] = (unsigned)i;
        for (size_t j = 1; j <= lb; j++) {
            unsigned up = row[j];
            unsigned best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* True when tok[i] starts an instruction modifier rather than an operand: `name:` (offset:,
 * offset0:, mul:, ...; no operand is an identifier followed by ':') or a bare modifier word. */
static bool modifier_follows(const asm_ctx_t *c, uint32_t i)
{
    const asm_tok_t *t = &c->tok[i];
    if (t->kind != TK_IDENT)
        return false;
    if (asm_tok_punct(&c->tok[i + 1], ':'))
        return true;
    return asm_tok_is(t, "glc") || asm_tok_is(t, "slc") || asm_tok_is(t, "clamp") || asm_tok_is(t, "gds");
}

/* Scalar instructions LLVM knows for gfx803 that gcnsim deliberately does not simulate. */
static const struct {
    const char *name, *reason;
} refused_ops[] = {
#define ASM_REFUSED(name, reason) { #name, reason },
#include "asm/asm_refused.def"
#undef ASM_REFUSED
};

static void unknown_mnemonic(asm_ctx_t *c, const asm_tok_t *t, const char *name, size_t len)
{
    for (size_t k = 0; k < sizeof refused_ops / sizeof refused_ops[0]; k++) {
        if (strlen(refused_ops[k].name) == len && memcmp(name, refused_ops[k].name, len) == 0) {
            asm_error(c, t->col, "'%.*s' is not simulated by gcnsim: %s", (int)len, name, refused_ops[k].reason);
            return;
        }
    }
    for (size_t k = 0; c->target == ISA_TARGET_GFX803 && k < sizeof gfx9_ops / sizeof gfx9_ops[0]; k++) {
        size_t n = strlen(gfx9_ops[k].name);
        if (gfx9_ops[k].prefix ? (len >= n && memcmp(name, gfx9_ops[k].name, n) == 0)
                               : (len == n && memcmp(name, gfx9_ops[k].name, n) == 0)) {
            asm_error(c, t->col, "'%.*s' is not supported on gfx803 (it is a gfx9 instruction); %s", (int)len, name,
                      gfx9_ops[k].hint);
            return;
        }
    }
    const char *tn = isa_target_name(c->target);
    char buf[64];
    const char *others = targets_of(name, len, c->target, buf, sizeof buf);
    isa_op_t own = asm_op_lookup(c, name, len);
    if (own != ISA_NUM_OPS && c->mnemonic[own] != isa_ops[own].name && !isa_target_knows(name, len, c->target)) {
        asm_error(c, t->col, "'%.*s' is spelled '%s' on %s", (int)len, name, c->mnemonic[own], tn);
        return;
    }
    if (own != ISA_NUM_OPS || isa_target_knows(name, len, c->target) || others) {
        if (isa_target_knows(name, len, c->target))
            asm_error(c, t->col, "'%.*s' is a %s instruction that gcnsim does not simulate yet", (int)len, name, tn);
        else if (others)
            asm_error(c, t->col, "'%.*s' does not exist on %s (it is a %s instruction)", (int)len, name, tn, others);
        else
            asm_error(c, t->col, "'%.*s' does not exist on %s", (int)len, name, tn);
        return;
    }
    unsigned best = 1000;
    int best_op = -1;
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        if (!on_target(c, (isa_op_t)op))
            continue;
        const char *n = c->mnemonic[op];
        unsigned d = edit_distance(name, len, n, strlen(n));
        if (d < best) {
            best = d;
            best_op = op;
        }
    }
    unsigned limit = len < 6 ? 1 : len < 12 ? 2 : 3;
    if (best_op >= 0 && best <= limit)
        asm_error(c, t->col, "unknown instruction '%.*s'; did you mean '%s'?", (int)t->len, t->p, c->mnemonic[best_op]);
    else
        asm_error(c, t->col, "unknown instruction '%.*s'", (int)t->len, t->p);
}

/* ---- Pass 1: lines -------------------------------------------------------------------------- */

static void define_label(asm_ctx_t *c, const asm_tok_t *t)
{
    int32_t old = asm_label_find(c, t->p, t->len), dold = asm_data_find(c, c->line + (t->p - c->clean), t->len);
    if (old >= 0 || dold >= 0) {
        asm_error(c, t->col, "label '%.*s' is already defined on line %u", (int)t->len, t->p,
                  old >= 0 ? c->labels[old].line : c->dsyms[dold].line);
        return;
    }
    if (c->section != ASM_SEC_TEXT) {
        asm_data_label(c, c->line + (t->p - c->clean), t->len, t->col);
        return;
    }
    if ((c->nlabels + 1) * 2 > c->label_hash_size && !asm_label_rehash(c)) {
        asm_error(c, t->col, "out of memory");
        return;
    }
    if (!asm_grow((void **)&c->labels, &c->labels_cap, c->nlabels + 1, sizeof *c->labels)) {
        asm_error(c, t->col, "out of memory");
        return;
    }
    /* Labels point into the original text so diagnostics and copies see the source spelling. */
    asm_plabel_t *l = &c->labels[c->nlabels++];
    l->name = c->line + (t->p - c->clean);
    l->len = t->len;
    l->index = c->ninsts;
    l->line = c->lineno;
    l->col = t->col;
    l->src = c->line;
    l->src_len = c->line_len;
    l->kernel = -1;
    *asm_label_slot(c, l->name, l->len) = c->nlabels;
}

static void instruction(asm_ctx_t *c, uint32_t i)
{
    const asm_tok_t *t = &c->tok[i];
    const char *name = t->p;
    size_t len = t->len;
    int suffix = 0;
    size_t slen = 0;
    if (len > 4 && memcmp(name + len - 4, "_e32", 4) == 0)
        suffix = 32, slen = 4;
    else if (len > 4 && memcmp(name + len - 4, "_e64", 4) == 0)
        suffix = 64, slen = 4;
    else if (len > 5 && memcmp(name + len - 5, "_sdwa", 5) == 0)
        suffix = ASM_SUFFIX_SDWA, slen = 5;
    else if (len > 4 && memcmp(name + len - 4, "_dpp", 4) == 0)
        suffix = ASM_SUFFIX_DPP, slen = 4;
    isa_op_t op = target_op(c, name, len - slen);
    if (op == ISA_NUM_OPS && suffix) {
        op = target_op(c, name, len); /* a name that really ends in _e32/_e64 */
        if (op != ISA_NUM_OPS)
            suffix = 0, slen = 0;
    }
    if (op == ISA_NUM_OPS || !on_target(c, op)) {
        unknown_mnemonic(c, t, name, len - slen);
        return;
    }
    if (!asm_data_code_allowed(c, t->col))
        return;
    if (suffix && !isa_enc_has_e32(isa_ops[op].enc) && isa_ops[op].enc != ISA_ENC_VOP3 &&
        isa_ops[op].enc != ISA_ENC_VOP3P) {
        asm_error(c, t->col, "'%s' has no _e32/_e64 forms (suffixes exist only on VALU instructions)", isa_ops[op].name);
        return;
    }
    asm_pinst_t pi;
    memset(&pi, 0, sizeof pi);
    isa_inst_t *in = &pi.in;
    in->op = (uint16_t)op;
    in->vdst = in->sdst = (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 };
    for (int k = 0; k < ISA_MAX_SRCS; k++)
        in->src[k] = (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 };
    in->line = c->lineno;
    in->col = t->col;
    i++;
    asm_opnd_t ops[ASM_MAX_OPNDS];
    uint32_t nops = 0;
    asm_mods_t mods;
    memset(&mods, 0, sizeof mods);
    if (isa_ops[op].enc == ISA_ENC_MUBUF || isa_ops[op].enc == ISA_ENC_MTBUF) {
        if (!asm_buffer_inst(c, op, t->col, &i, &pi))
            return;
        goto matched;
    }
    if (isa_flat9_form(op, c->target)) { /* gfx9's FLAT: segments, offsets, SADDR (asm_flat9.c) */
        if (!asm_flat9_inst(c, op, t->col, &i, &pi))
            return;
        goto matched;
    }
    if (strchr(isa_ops[op].sig, 'W')) {
        if (!asm_parse_waitcnt(c, &i, &in->simm16))
            return;
    } else {
        /* s_endpgm: an optional immediate (asm_match) */
        if (c->tok[i].kind != TK_END && (isa_ops[op].sig[0] || op == ISA_s_endpgm)) {
            for (;;) {
                if (nops == ASM_MAX_OPNDS) {
                    asm_error(c, c->tok[i].col, "too many operands");
                    return;
                }
                if (!asm_parse_operand(c, &i, &ops[nops]))
                    return;
                nops++;
                if (!asm_tok_punct(&c->tok[i], ','))
                    break;
                i++;
                if (modifier_follows(c, i))
                    break; /* llvm-mc accepts a comma between the operands and the modifiers */
            }
        }
        if (!asm_parse_mods(c, &i, &mods) || !asm_ext_parse(c, &i, &mods))
            return;
    }
    if (!asm_match(c, op, suffix, t->col, ops, nops, &mods, &pi))
        return;
    if (in->glc && isa_smem_atomic_flat_op(op) != ISA_NUM_OPS) /* gfx9: the old value returns into the data */
        in->sdst = (isa_operand_t){ in->src[0].code, (uint8_t)(isa_ops[op].mem_bytes / 4), 0, 0 };
matched:
    if (isa_target_cdna(c->target)) { /* CDNA's AGPRs (asm_agpr.h) */
        const char *why = asm_agpr_mem_rule(c->target, in);
        if (!why)
            why = asm_agpr_inst_rule(c->target, in);
        if (why) {
            asm_error(c, t->col, "'%s': %s", c->mnemonic[op], why);
            return;
        }
    }
    pi.line = c->line;
    pi.line_len = c->line_len;
    if (pi.label) {
        /* Keep the label reference pointing at the original text (the clean copy is reused). */
        pi.label = c->line + (pi.label - c->clean);
    }
    if (!asm_grow((void **)&c->insts, &c->insts_cap, c->ninsts + 1, sizeof *c->insts)) {
        asm_error(c, t->col, "out of memory");
        return;
    }
    c->insts[c->ninsts++] = pi;
}

static void process_line(asm_ctx_t *c)
{
    c->line_failed = false;
    if (c->in_metadata) {
        asm_metadata_line(c);
        return;
    }
    if (!asm_tokenize(c) || c->ntok == 0)
        return;
    if (c->in_amdhsa >= 0) {
        asm_amdhsa_line(c);
        return;
    }
    uint32_t i = 0;
    while (c->tok[i].kind == TK_IDENT && asm_tok_punct(&c->tok[i + 1], ':')) {
        define_label(c, &c->tok[i]);
        if (c->line_failed)
            return;
        i += 2;
    }
    const asm_tok_t *t = &c->tok[i];
    if (t->kind == TK_END)
        return;
    if ((t->kind == TK_IDENT && t->p[0] == '.') ||
        (t->kind == TK_BADNUM && t->len == 6 && t->p[0] == '.' && memcmp(t->p + 2, "byte", 4) == 0))
        asm_directive(c, i); /* .2byte .4byte .8byte lex as malformed numbers */
    else if (t->kind == TK_IDENT)
        instruction(c, i);
    else if (asm_tok_punct(t, '#'))
        asm_error(c, t->col, "unexpected '#': '#' does not start a comment in this syntax (use ';' or '//')");
    else
        asm_error(c, t->col, "expected an instruction, a label or a directive, found '%.*s'", (int)t->len, t->p);
}

/* ---- Pass 2: kernels (asm_program.c) ------------------------------------------------------- */

/* ---- Entry points --------------------------------------------------------------------------- */

static void ctx_free(asm_ctx_t *c)
{
    asm_data_free(c);
    free(c->clean);
    free(c->insts);
    free(c->labels);
    free(c->label_hash);
    for (uint32_t k = 0; k < c->nkernels; k++)
        free(c->kernels[k].name);
    free(c->kernels);
    free(c->kernel_hash);
    for (uint32_t m = 0; m < c->nmeta; m++) {
        isa_kernel_args_free(c->meta[m].args, c->meta[m].nargs);
        free(c->meta[m].name);
    }
    free(c->meta);
    free(c);
}

int asm_assemble_buffer(const char *name, const char *text, size_t len, isa_target_t target, isa_program_t *out,
                        FILE *diag)
{
    memset(out, 0, sizeof *out);
    asm_ctx_t *c = calloc(1, sizeof *c);
    if (!c) {
        if (diag)
            fprintf(diag, "%s: error: out of memory\n", name);
        return 1;
    }
    c->file = name;
    c->diag = diag;
    c->in_amdhsa = -1;
    c->meta_kernel = -1;
    asm_op_hash_build(c); /* before the target's mnemonics, which it finds */
    asm_target_set(c, (unsigned)target < ISA_NUM_TARGETS ? target : ISA_TARGET_GFX803);
    for (int op = 0; op < ISA_NUM_OPS; op++)
        if (!asm_sig_parse(isa_ops[op].sig, &c->sigs[op])) {
            if (diag)
                fprintf(diag, "%s: internal error: bad signature '%s' for %s\n", name, isa_ops[op].sig, isa_ops[op].name);
            ctx_free(c);
            return 1;
        }
    size_t pos = 0;
    uint32_t lineno = 0;
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t l = end - pos;
        if (l && text[pos + l - 1] == '\r')
            l--;
        if (l > UINT32_MAX / 2) {
            if (diag)
                fprintf(diag, "%s:%u: error: line too long\n", name, lineno + 1);
            c->nerrors++;
            break;
        }
        c->line = text + pos;
        c->line_len = (uint32_t)l;
        c->lineno = ++lineno;
        if (lineno == 1) {
            c->first_line = c->line;
            c->first_line_len = c->line_len;
        }
        if (memchr(c->line, '\0', l)) {
            asm_error(c, (uint32_t)((const char *)memchr(c->line, '\0', l) - c->line) + 1, "NUL byte in source text");
        } else {
            process_line(c);
        }
        pos = end + 1;
    }
    c->line = "";
    c->line_len = 0;
    c->lineno = lineno ? lineno : 1;
    c->line_failed = false;
    asm_directives_finish(c);
    asm_program_partition(c, out); /* also when pass 1 failed: branch and kernel errors are reported too */
    if (c->nerrors == 0)
        asm_program_link(c, out);
    int errors = c->nerrors;
    isa_target_t target_used = c->target;
    if (errors > ASM_ERRORS_SHOWN && diag)
        fprintf(diag, "%s: ... and %d more error%s\n", name, errors - ASM_ERRORS_SHOWN,
                errors - ASM_ERRORS_SHOWN == 1 ? "" : "s");
    ctx_free(c);
    if (errors) {
        isa_program_free(out);
        return errors;
    }
    out->path = strdup(name);
    out->target = target_used;
    for (uint32_t k = 0; k < out->nkernels; k++)
        out->kernels[k].target = target_used;
    isa_program_predecode(out);
    return 0;
}

/* asm: the assembler's driver. Pass 1 reads the file line by line (labels, instructions,
 * directives); then the instructions are split into kernels, branches resolved against the
 * kernel's labels, descriptors and metadata attached, and resource usage computed. */
#include "asm/asm.h"

#include "asm/asm_buffer.h"
#include "asm/asm_data.h"
#include "asm/asm_directives.h"
#include "asm/asm_lex.h"
#include "asm/asm_match.h"
#include "asm/asm_sdwa_dpp.h"
#include "asm/asm_operands.h"

#include <stdlib.h>
#include <string.h>

/* ---- Mnemonics ------------------------------------------------------------------------------ */

static void build_op_hash(asm_ctx_t *c)
{
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        const char *n = isa_ops[op].name;
        uint32_t h = asm_hash(n, strlen(n)) & (ASM_OP_HASH - 1);
        while (c->op_hash[h])
            h = (h + 1) & (ASM_OP_HASH - 1);
        c->op_hash[h] = (uint16_t)(op + 1);
    }
}

static isa_op_t lookup_op(const asm_ctx_t *c, const char *name, size_t len)
{
    uint32_t h = asm_hash(name, len) & (ASM_OP_HASH - 1);
    while (c->op_hash[h]) {
        const char *n = isa_ops[c->op_hash[h] - 1].name;
        if (strlen(n) == len && memcmp(n, name, len) == 0)
            return (isa_op_t)(c->op_hash[h] - 1);
        h = (h + 1) & (ASM_OP_HASH - 1);
    }
    return ISA_NUM_OPS;
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
    for (size_t k = 0; k < sizeof gfx9_ops / sizeof gfx9_ops[0]; k++) {
        size_t n = strlen(gfx9_ops[k].name);
        if (gfx9_ops[k].prefix ? (len >= n && memcmp(name, gfx9_ops[k].name, n) == 0)
                               : (len == n && memcmp(name, gfx9_ops[k].name, n) == 0)) {
            asm_error(c, t->col, "'%.*s' is not supported on gfx803 (it is a gfx9 instruction); %s", (int)len, name,
                      gfx9_ops[k].hint);
            return;
        }
    }
    unsigned best = 1000;
    int best_op = -1;
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        const char *n = isa_ops[op].name;
        unsigned d = edit_distance(name, len, n, strlen(n));
        if (d < best) {
            best = d;
            best_op = op;
        }
    }
    unsigned limit = len < 6 ? 1 : len < 12 ? 2 : 3;
    if (best_op >= 0 && best <= limit)
        asm_error(c, t->col, "unknown instruction '%.*s'; did you mean '%s'?", (int)t->len, t->p, isa_ops[best_op].name);
    else
        asm_error(c, t->col, "unknown instruction '%.*s'", (int)t->len, t->p);
}

/* ---- Pass 1: lines -------------------------------------------------------------------------- */

static uint32_t *label_slot(asm_ctx_t *c, const char *name, uint32_t len)
{
    uint32_t mask = c->label_hash_size - 1;
    uint32_t h = asm_hash(name, len) & mask;
    while (c->label_hash[h]) {
        const asm_plabel_t *l = &c->labels[c->label_hash[h] - 1];
        if (l->len == len && memcmp(l->name, name, len) == 0)
            break;
        h = (h + 1) & mask;
    }
    return &c->label_hash[h];
}

static bool rehash_labels(asm_ctx_t *c)
{
    uint32_t size = c->label_hash_size ? c->label_hash_size * 2 : 256;
    uint32_t *h = calloc(size, sizeof *h);
    if (!h)
        return false;
    free(c->label_hash);
    c->label_hash = h;
    c->label_hash_size = size;
    for (uint32_t i = 0; i < c->nlabels; i++)
        *label_slot(c, c->labels[i].name, c->labels[i].len) = i + 1;
    return true;
}

static int32_t find_label(asm_ctx_t *c, const char *name, uint32_t len)
{
    if (!c->label_hash_size)
        return -1;
    uint32_t v = *label_slot(c, name, len);
    return v ? (int32_t)v - 1 : -1;
}

static void define_label(asm_ctx_t *c, const asm_tok_t *t)
{
    int32_t old = find_label(c, t->p, t->len), dold = asm_data_find(c, c->line + (t->p - c->clean), t->len);
    if (old >= 0 || dold >= 0) {
        asm_error(c, t->col, "label '%.*s' is already defined on line %u", (int)t->len, t->p,
                  old >= 0 ? c->labels[old].line : c->dsyms[dold].line);
        return;
    }
    if (c->section != ASM_SEC_TEXT) {
        asm_data_label(c, c->line + (t->p - c->clean), t->len, t->col);
        return;
    }
    if ((c->nlabels + 1) * 2 > c->label_hash_size && !rehash_labels(c)) {
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
    *label_slot(c, l->name, l->len) = c->nlabels;
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
    isa_op_t op = lookup_op(c, name, len - slen);
    if (op == ISA_NUM_OPS && suffix) {
        op = lookup_op(c, name, len); /* a name that really ends in _e32/_e64 */
        if (op != ISA_NUM_OPS)
            suffix = 0, slen = 0;
    }
    if (op == ISA_NUM_OPS) {
        unknown_mnemonic(c, t, name, len - slen);
        return;
    }
    if (!asm_data_code_allowed(c, t->col))
        return;
    if (suffix && !isa_enc_has_e32(isa_ops[op].enc) && isa_ops[op].enc != ISA_ENC_VOP3) {
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
matched:
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

/* ---- Pass 2: kernels ------------------------------------------------------------------------ */

typedef struct {
    int32_t decl;      /* index into c->kernels, or -1 for the implicit kernel */
    uint32_t start, end;
    char *name;        /* malloc'd */
    uint32_t line;
} span_t;

static int cmp_span(const void *a, const void *b)
{
    const span_t *x = a, *y = b;
    return x->start != y->start ? (x->start < y->start ? -1 : 1) : (x->line < y->line ? -1 : x->line > y->line);
}

void asm_kernel_resources(isa_kernel_t *k)
{
    int maxv = -1, maxs = -1;
    bool vcc = false, fs = false;
    for (uint32_t i = 0; i < k->ninsts; i++) {
        const isa_inst_t *in = &k->insts[i];
        isa_operand_t ops[2 + ISA_MAX_SRCS];
        unsigned n = 0;
        ops[n++] = in->vdst;
        ops[n++] = in->sdst;
        for (unsigned s = 0; s < in->nsrc && s < ISA_MAX_SRCS; s++)
            ops[n++] = in->src[s];
        for (unsigned j = 0; j < n; j++) {
            uint16_t code = ops[j].code;
            int last = code + (ops[j].count ? ops[j].count : 1) - 1;
            if (code == ISA_OPND_NONE)
                continue;
            if (code >= ISA_VGPR_BASE && last - ISA_VGPR_BASE > maxv)
                maxv = last - ISA_VGPR_BASE;
            else if (code <= ISA_SGPR_MAX && last > maxs)
                maxs = last;
            else if (code == ISA_REG_VCC_LO || code == ISA_REG_VCC_HI)
                vcc = true;
            else if (code == ISA_REG_FLAT_SCRATCH_LO || code == ISA_REG_FLAT_SCRATCH_HI)
                fs = true;
        }
        /* The VCC branches read VCC without naming it. */
        if (in->op == ISA_s_cbranch_vccz || in->op == ISA_s_cbranch_vccnz)
            vcc = true;
    }
    const isa_descriptor_t *d = &k->desc;
    uint32_t user = 4u * d->user_sgpr_private_segment_buffer + 2u * d->user_sgpr_dispatch_ptr +
                    2u * d->user_sgpr_queue_ptr + 2u * d->user_sgpr_kernarg_segment_ptr +
                    2u * d->user_sgpr_dispatch_id + 2u * d->user_sgpr_flat_scratch_init +
                    1u * d->user_sgpr_private_segment_size;
    uint32_t sys = (uint32_t)d->system_sgpr_workgroup_id_x + d->system_sgpr_workgroup_id_y +
                   d->system_sgpr_workgroup_id_z + d->system_sgpr_workgroup_info +
                   d->system_sgpr_private_segment_wavefront_offset;
    /* clang's NumSgprs counts the user SGPRs but not the system ones (a workgroup id past
     * next_free_sgpr is not counted); without a .amdhsa block there is no next_free_sgpr, so the
     * default descriptor's system SGPRs (s2..s4) are counted to keep them allocated. */
    uint32_t s = (uint32_t)(maxs + 1);
    if (d->next_free_sgpr > s)
        s = d->next_free_sgpr;
    if (user + (d->present ? 0 : sys) > s)
        s = user + (d->present ? 0 : sys);
    /* LLVM's getNumExtraSGPRs for gfx8: VCC 2; XNACK makes it 4; FLAT_SCRATCH makes it 6 (the
     * XNACK pair sits between them, so it is counted whenever FLAT_SCRATCH is). */
    uint32_t extra = 0;
    if (d->reserve_vcc || vcc)
        extra = 2;
    if (d->reserve_xnack_mask)
        extra = 4;
    if (d->reserve_flat_scratch || fs)
        extra = 6;
    k->sgprs_extra = extra;
    k->sgprs_used = s + extra;
    uint32_t v = (uint32_t)(maxv + 1);
    if (d->next_free_vgpr > v)
        v = d->next_free_vgpr;
    if (d->system_vgpr_workitem_id + 1 > v)
        v = d->system_vgpr_workitem_id + 1;
    k->vgprs_used = v;
    k->lds_static = d->group_segment_fixed_size;
}

static const char *base_name(const char *path, char *buf, size_t n)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t len = strcspn(b, ".");
    if (len == 0)
        len = strlen(b);
    if (len >= n)
        len = n - 1;
    memcpy(buf, b, len);
    buf[len] = 0;
    if (!buf[0])
        snprintf(buf, n, "kernel");
    return buf;
}

/* The metadata entries by name (the first of each), as indices into c->meta sorted by name. */
typedef struct {
    const asm_ctx_t *c;
    uint32_t *order;     /* meta indices sorted by (name, index) */
    uint32_t n;
} meta_index_t;

static int meta_cmp(const asm_ctx_t *c, uint32_t x, uint32_t y)
{
    int d = strcmp(c->meta[x].name, c->meta[y].name);
    return d ? d : (x < y ? -1 : x > y);
}

/* A numeric branch offset (as llvm-objdump prints branches): dwords from the next instruction, to
 * the start of an instruction of the same kernel (a binary search over the pcs). */
static void resolve_offset(asm_ctx_t *c, const asm_pinst_t *pi, isa_kernel_t *k, isa_inst_t *in)
{
    int64_t to = (int64_t)in->pc + 4 + 4 * (int64_t)pi->branch_off;
    uint32_t lo = 0, hi = k->ninsts;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if ((int64_t)k->insts[mid].pc < to)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < k->ninsts && (int64_t)k->insts[lo].pc == to)
        in->target = lo;
    else
        asm_error_at(c, pi->line, pi->line_len, in->line, pi->label_col, "branch offset %d leads to byte %lld of "
                     "kernel '%s', which is not the start of one of its instructions", (int)pi->branch_off,
                     (long long)to, k->name);
}

/* Heap sort (qsort has no context argument in C11): O(n log n), no recursion. */
static void sift(const asm_ctx_t *c, uint32_t *v, size_t root, size_t n)
{
    for (size_t child; (child = 2 * root + 1) < n; root = child) {
        if (child + 1 < n && meta_cmp(c, v[child], v[child + 1]) < 0)
            child++;
        if (meta_cmp(c, v[root], v[child]) >= 0)
            return;
        uint32_t t = v[root];
        v[root] = v[child];
        v[child] = t;
    }
}

static bool meta_index(const asm_ctx_t *c, meta_index_t *ix)
{
    ix->c = c;
    ix->n = 0;
    ix->order = malloc((c->nmeta ? c->nmeta : 1) * sizeof *ix->order);
    if (!ix->order)
        return false;
    for (uint32_t m = 0; m < c->nmeta; m++)
        if (c->meta[m].name)
            ix->order[ix->n++] = m;
    for (size_t i = ix->n / 2; i-- > 0;)
        sift(c, ix->order, i, ix->n);
    for (size_t end = ix->n; end-- > 1;) {
        uint32_t t = ix->order[0];
        ix->order[0] = ix->order[end];
        ix->order[end] = t;
        sift(c, ix->order, 0, end);
    }
    return true;
}

static asm_meta_kernel_t *find_meta(asm_ctx_t *c, const meta_index_t *ix, const char *name)
{
    uint32_t lo = 0, hi = ix->n;
    while (lo < hi) { /* the first entry not below name */
        uint32_t mid = lo + (hi - lo) / 2;
        if (strcmp(c->meta[ix->order[mid]].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ix->n && strcmp(c->meta[ix->order[lo]].name, name) == 0 ? &c->meta[ix->order[lo]] : NULL;
}

/* sp's labels are lab[0..nlab) (label indices, in source order). */
static bool build_kernel(asm_ctx_t *c, const span_t *sp, const meta_index_t *mx, const uint32_t *lab, uint32_t nlab,
                         int32_t kidx, isa_kernel_t *k)
{
    memset(k, 0, sizeof *k);
    if (!(k->name = strdup(sp->name)))
        return false;
    k->line = sp->line;
    k->ninsts = sp->end - sp->start;
    k->insts = calloc(k->ninsts ? k->ninsts : 1, sizeof *k->insts);
    k->labels = calloc(nlab ? nlab : 1, sizeof *k->labels);
    if (!k->insts || !k->labels)
        return false;
    for (uint32_t j = 0; j < nlab; j++) {
        const asm_plabel_t *l = &c->labels[lab[j]];
        isa_label_t *out = &k->labels[k->nlabels];
        if (!(out->name = strndup(l->name, l->len)))
            return false;
        out->index = l->index - sp->start;
        k->nlabels++;
    }
    uint32_t pc = 0;
    for (uint32_t i = 0; i < k->ninsts; i++) {
        asm_pinst_t *pi = &c->insts[sp->start + i];
        isa_inst_t *in = &k->insts[i];
        *in = pi->in;
        in->pc = pc;
        pc += in->size;
        if (!pi->label)
            continue;
        int32_t l = find_label(c, pi->label, pi->label_len);
        if (l < 0) {
            asm_error_at(c, pi->line, pi->line_len, in->line, pi->label_col, "undefined label '%.*s'",
                         (int)pi->label_len, pi->label);
        } else if (c->labels[l].kernel != kidx) {
            asm_error_at(c, pi->line, pi->line_len, in->line, pi->label_col,
                         "branch to label '%.*s', which is outside kernel '%s'", (int)pi->label_len, pi->label, k->name);
        } else if (c->labels[l].index >= sp->end) {
            asm_error_at(c, pi->line, pi->line_len, in->line, pi->label_col,
                         "label '%.*s' is at the end of kernel '%s': no instruction follows it", (int)pi->label_len,
                         pi->label, k->name);
        } else {
            in->target = c->labels[l].index - sp->start;
        }
    }
    k->code_bytes = pc;
    for (uint32_t i = 0; i < k->ninsts; i++)
        if (c->insts[sp->start + i].branch_num)
            resolve_offset(c, &c->insts[sp->start + i], k, &k->insts[i]);
    if (sp->decl >= 0 && c->kernels[sp->decl].has_desc)
        k->desc = c->kernels[sp->decl].desc;
    else
        asm_default_descriptor(&k->desc);
    asm_meta_kernel_t *m = find_meta(c, mx, k->name);
    k->kernarg_segment_size = k->desc.kernarg_size;
    if (m) {
        k->has_metadata = true;
        k->args = m->args;
        k->nargs = m->nargs;
        m->args = NULL;
        m->nargs = 0;
        if (m->has_kernarg_size)
            k->kernarg_segment_size = m->kernarg_size;
    }
    asm_kernel_resources(k);
    return true;
}

static void partition(asm_ctx_t *c, isa_program_t *out)
{
    int errors_before = c->nerrors;
    span_t *spans = calloc(c->nkernels + 1, sizeof *spans);
    int32_t *span_of = malloc((c->nlabels ? c->nlabels : 1) * sizeof *span_of); /* label -> span it starts */
    uint32_t *lab = malloc((c->nlabels ? c->nlabels : 1) * sizeof *lab), *first = NULL;
    meta_index_t mx = { c, NULL, 0 };
    uint32_t ns = 0;
    if (!spans || !span_of || !lab || !meta_index(c, &mx))
        goto oom;
    for (uint32_t k = 0; k < c->nkernels; k++) {
        asm_pkernel_t *pk = &c->kernels[k];
        int32_t l = find_label(c, pk->name, (uint32_t)strlen(pk->name));
        pk->label = l;
        if (l < 0) {
            if (pk->has_desc)
                asm_error_at(c, pk->src, pk->src_len, pk->line, pk->col,
                             "kernel '%s' has a .amdhsa_kernel block but no label in the code", pk->name);
            continue;
        }
        spans[ns].decl = (int32_t)k;
        spans[ns].start = c->labels[l].index;
        spans[ns].line = c->labels[l].line;
        if (!(spans[ns].name = strdup(pk->name)))
            goto oom;
        ns++;
    }
    if (ns == 0) {
        spans[0].decl = -1;
        spans[0].start = 0;
        if (c->nlabels) {
            spans[0].name = strndup(c->labels[0].name, c->labels[0].len);
            spans[0].line = c->labels[0].line;
        } else {
            char base[ASM_NAME_MAX];
            spans[0].name = strdup(base_name(c->file, base, sizeof base));
            spans[0].line = c->ninsts ? c->insts[0].in.line : 1;
        }
        ns = 1;
        if (!spans[0].name)
            goto oom;
        for (uint32_t l = 0; l < c->nlabels; l++)
            c->labels[l].kernel = 0;
    } else {
        qsort(spans, ns, sizeof *spans, cmp_span);
        /* Each label belongs to the kernel whose label precedes it in the source. */
        for (uint32_t l = 0; l < c->nlabels; l++)
            span_of[l] = -1;
        for (uint32_t s = 0; s < ns; s++)
            span_of[c->kernels[spans[s].decl].label] = (int32_t)s;
        int32_t cur = -1;
        for (uint32_t l = 0; l < c->nlabels; l++) {
            if (span_of[l] >= 0)
                cur = span_of[l];
            c->labels[l].kernel = cur;
        }
        if (spans[0].start > 0) {
            asm_pinst_t *pi = &c->insts[0];
            asm_error_at(c, pi->line, pi->line_len, pi->in.line, pi->in.col,
                         "instruction outside any kernel (it comes before the first kernel label '%s')", spans[0].name);
        }
    }
    for (uint32_t s = 0; s < ns; s++)
        spans[s].end = s + 1 < ns ? spans[s + 1].start : c->ninsts;
    for (uint32_t m = 0; m < c->nmeta; m++) {
        const char *mn = c->meta[m].name ? c->meta[m].name : ""; /* without .name: reported, and here too */
        int32_t k = asm_kernel_find(c, mn, (uint32_t)strlen(mn));
        bool found = spans[0].decl < 0 ? strcmp(spans[0].name, mn) == 0 : k >= 0 && c->kernels[k].label >= 0;
        if (!found)
            asm_error_at(c, c->meta[m].src, c->meta[m].src_len, c->meta[m].line, c->meta[m].col,
                         "metadata for kernel '%s', which is not defined in this file", mn);
    }
    /* Each span's labels, in source order: a counting sort by span. */
    if (!(first = calloc(ns + 1, sizeof *first)))
        goto oom;
    for (uint32_t l = 0; l < c->nlabels; l++)
        if (c->labels[l].kernel >= 0)
            first[c->labels[l].kernel + 1]++;
    for (uint32_t s = 0; s < ns; s++)
        first[s + 1] += first[s];
    {
        uint32_t *next = malloc((ns + 1) * sizeof *next);
        if (!next)
            goto oom;
        memcpy(next, first, (ns + 1) * sizeof *next);
        for (uint32_t l = 0; l < c->nlabels; l++)
            if (c->labels[l].kernel >= 0)
                lab[next[c->labels[l].kernel]++] = l;
        free(next);
    }
    out->kernels = calloc(ns, sizeof *out->kernels);
    if (!out->kernels)
        goto oom;
    for (uint32_t s = 0; s < ns; s++) {
        isa_kernel_t *k = &out->kernels[out->nkernels++];
        if (!build_kernel(c, &spans[s], &mx, lab + first[s], first[s + 1] - first[s], (int32_t)s, k)) {
            c->nerrors++;
            break;
        }
        if (k->ninsts == 0 && errors_before == 0) {
            const asm_plabel_t *l = spans[s].decl >= 0 ? &c->labels[c->kernels[spans[s].decl].label] : NULL;
            if (l)
                asm_error_at(c, l->src, l->src_len, l->line, l->col, "kernel '%s' has no instructions", k->name);
            else
                asm_error_at(c, c->first_line, c->first_line_len, 1, 1, "no instructions in the file");
        }
    }
    goto done;
oom:
    c->nerrors++;
done:
    for (uint32_t s = 0; spans && s < ns; s++)
        free(spans[s].name);
    free(spans);
    free(span_of);
    free(lab);
    free(first);
    free(mx.order);
}

/* ---- Entry points --------------------------------------------------------------------------- */

/* The program image: kernels in source order at 256-byte boundaries (the alignment clang's
 * `.p2align 8` asks for), then the data (asm_data_link). label_off gives the code labels'
 * addresses for relocations against them. */
static void link_image(asm_ctx_t *c, isa_program_t *out)
{
    uint64_t off = 0;
    for (uint32_t k = 0; k < out->nkernels; k++) {
        off = (off + 255) / 256 * 256;
        out->kernels[k].image_offset = (uint32_t)off;
        off += out->kernels[k].code_bytes ? out->kernels[k].code_bytes : 4;
    }
    uint64_t *label_off = malloc((c->nlabels ? c->nlabels : 1) * sizeof *label_off);
    uint32_t *start = malloc((out->nkernels ? out->nkernels : 1) * sizeof *start);
    if (!label_off || !start) {
        free(label_off);
        free(start);
        c->nerrors++;
        return;
    }
    /* Kernel k holds the instructions after those of kernels 0..k-1 (partition made them contiguous). */
    for (uint32_t k = 0, n = 0; k < out->nkernels; n += out->kernels[k].ninsts, k++)
        start[k] = n;
    for (uint32_t l = 0; l < c->nlabels; l++) {
        int32_t k = c->labels[l].kernel;
        label_off[l] = UINT64_MAX;
        if (k < 0 || (uint32_t)k >= out->nkernels || c->labels[l].index < start[k])
            continue;
        const isa_kernel_t *kn = &out->kernels[k];
        uint32_t i = c->labels[l].index - start[k];
        label_off[l] = kn->image_offset + (i < kn->ninsts ? kn->insts[i].pc : kn->code_bytes);
    }
    free(start);
    asm_data_link(c, out, &(asm_link_labels_t){ find_label, label_off });
    free(label_off);
}

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
        free(c->meta[m].args);
        free(c->meta[m].name);
    }
    free(c->meta);
    free(c);
}

int asm_assemble_buffer(const char *name, const char *text, size_t len, isa_program_t *out, FILE *diag)
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
    for (int op = 0; op < ISA_NUM_OPS; op++)
        if (!asm_sig_parse(isa_ops[op].sig, &c->sigs[op])) {
            if (diag)
                fprintf(diag, "%s: internal error: bad signature '%s' for %s\n", name, isa_ops[op].sig, isa_ops[op].name);
            ctx_free(c);
            return 1;
        }
    build_op_hash(c);
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
    partition(c, out); /* also when pass 1 failed: branch and kernel errors are reported too */
    if (c->nerrors == 0)
        link_image(c, out);
    int errors = c->nerrors;
    if (errors > ASM_ERRORS_SHOWN && diag)
        fprintf(diag, "%s: ... and %d more error%s\n", name, errors - ASM_ERRORS_SHOWN,
                errors - ASM_ERRORS_SHOWN == 1 ? "" : "s");
    ctx_free(c);
    if (errors) {
        isa_program_free(out);
        return errors;
    }
    out->path = strdup(name);
    isa_program_predecode(out);
    return 0;
}

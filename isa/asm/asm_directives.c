/* asm_directives: `.amdhsa_kernel` blocks, the `.amdgpu_metadata` YAML that clang emits, and the
 * directives that name kernels (.globl, .type NAME,@function). Every other directive is ignored. */
#include "asm/asm_directives.h"

#include "asm/asm_data.h"
#include "asm/asm_lex.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void asm_default_descriptor(isa_descriptor_t *d)
{
    memset(d, 0, sizeof *d);
    d->present = false;
    d->user_sgpr_kernarg_segment_ptr = true;  /* s[0:1] */
    d->system_sgpr_workgroup_id_x = d->system_sgpr_workgroup_id_y = d->system_sgpr_workgroup_id_z = true;
    d->system_vgpr_workitem_id = 2;           /* v0, v1, v2 */
    d->float_denorm_mode_32 = 0;              /* flush */
    d->ieee_mode = d->dx10_clamp = true;
    d->reserve_vcc = true;
}

/* Defaults of omitted .amdhsa_ fields (LLVM AMDGPUUsage, "AMDHSA Kernel Assembler Directives"). */
void asm_amdhsa_defaults(isa_descriptor_t *d)
{
    memset(d, 0, sizeof *d);
    d->present = true;
    d->system_sgpr_workgroup_id_x = true;
    d->reserve_vcc = true;
    d->reserve_flat_scratch = true;
    d->reserve_xnack_mask = false;            /* gfx803 has no XNACK by default */
    d->float_denorm_mode_32 = 0;
    d->ieee_mode = d->dx10_clamp = true;
}

static uint32_t *kernel_slot(asm_ctx_t *c, const char *name, uint32_t len)
{
    uint32_t mask = c->kernel_hash_size - 1;
    uint32_t h = asm_hash(name, len) & mask;
    while (c->kernel_hash[h]) {
        const char *k = c->kernels[c->kernel_hash[h] - 1].name;
        if (strlen(k) == len && memcmp(k, name, len) == 0)
            break;
        h = (h + 1) & mask;
    }
    return &c->kernel_hash[h];
}

int32_t asm_kernel_find(const asm_ctx_t *c, const char *name, uint32_t len)
{
    if (!c->kernel_hash_size)
        return -1;
    uint32_t v = *kernel_slot((asm_ctx_t *)c, name, len);
    return v ? (int32_t)v - 1 : -1;
}

int32_t asm_kernel_declare(asm_ctx_t *c, const char *name, uint32_t len, uint32_t line, uint32_t col)
{
    int32_t old = asm_kernel_find(c, name, len);
    if (old >= 0)
        return old;
    if ((c->nkernels + 1) * 2 > c->kernel_hash_size) { /* grow the index: at most half full */
        uint32_t size = c->kernel_hash_size ? c->kernel_hash_size * 2 : 64;
        uint32_t *h = calloc(size, sizeof *h);
        if (!h) {
            asm_error(c, col, "out of memory");
            return -1;
        }
        free(c->kernel_hash);
        c->kernel_hash = h;
        c->kernel_hash_size = size;
        for (uint32_t k = 0; k < c->nkernels; k++)
            *kernel_slot(c, c->kernels[k].name, (uint32_t)strlen(c->kernels[k].name)) = k + 1;
    }
    char *copy = strndup(name, len);
    if (!copy || !asm_grow((void **)&c->kernels, &c->kernels_cap, c->nkernels + 1, sizeof *c->kernels)) {
        free(copy);
        asm_error(c, col, "out of memory");
        return -1;
    }
    asm_pkernel_t *k = &c->kernels[c->nkernels];
    memset(k, 0, sizeof *k);
    k->name = copy;
    k->line = line;
    k->col = col;
    k->src = c->line;
    k->src_len = c->line_len;
    k->label = -1;
    *kernel_slot(c, copy, len) = c->nkernels + 1;
    return (int32_t)c->nkernels++;
}

/* The kernel name after a directive: an identifier or a quoted string. */
static bool directive_name(asm_ctx_t *c, uint32_t i, const char *dir, const char **name, uint32_t *len)
{
    const asm_tok_t *t = &c->tok[i];
    if (t->kind == TK_IDENT) {
        *name = t->p;
        *len = t->len;
        return true;
    }
    if (t->kind == TK_STRING && t->len >= 2) {
        *name = t->p + 1;
        *len = t->len - 2;
        return true;
    }
    asm_error(c, t->col, "expected a symbol name after '%s'", dir);
    return false;
}

static isa_op_t find_op(const void *c, const char *name)
{
    return asm_op_lookup(c, name, strlen(name));
}

void asm_target_set(asm_ctx_t *c, isa_target_t t)
{
    c->target = t;
    c->nrenamed = 0;
    isa_target_mnemonics(t, find_op, c, c->mnemonic);
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        if (!c->mnemonic[op])
            c->mnemonic[op] = isa_ops[op].name; /* none: it does not exist on t (on_target says) */
        c->on_target[op] = -1;
        if (c->mnemonic[op] != isa_ops[op].name && c->nrenamed < sizeof c->renamed / sizeof c->renamed[0])
            c->renamed[c->nrenamed++] = (uint16_t)op;
    }
}

/* `.amdgcn_target "amdgcn-amd-amdhsa--gfx900[:xnack-...]"` (AMDGPUUsage, "Code Object Target
 * Identification"; code object v3 wrote features as "+xnack"): the target of the file. Features
 * are taken and ignored (gcnsim models neither XNACK nor SRAM ECC). */
static bool amdgcn_target(asm_ctx_t *c, uint32_t i)
{
    const asm_tok_t *t = &c->tok[i + 1];
    static const char triple[] = "amdgcn-amd-amdhsa--";
    const size_t tl = sizeof triple - 1;
    if (t->kind != TK_STRING || t->len < 2) {
        asm_error(c, t->col, "expected a target string after '.amdgcn_target' (\"amdgcn-amd-amdhsa--gfx900\")");
        return false;
    }
    const char *s = t->p + 1;
    size_t n = t->len - 2;
    if (n < tl || memcmp(s, triple, tl) != 0) {
        asm_error(c, t->col, "'.amdgcn_target' %.*s: expected \"%sPROCESSOR\"", (int)t->len, t->p, triple);
        return false;
    }
    size_t p = tl, e = tl;
    while (e < n && ((s[e] >= 'a' && s[e] <= 'z') || (s[e] >= '0' && s[e] <= '9')))
        e++;
    for (size_t f = e; f < n; f++)
        if (!((s[f] >= 'a' && s[f] <= 'z') || s[f] == ':' || s[f] == '+' || s[f] == '-' || s[f] == '_') ||
            (f == e && s[f] != ':' && s[f] != '+')) {
            asm_error(c, t->col, "'.amdgcn_target' %.*s: malformed features after '%.*s' (expected :xnack- style "
                      "suffixes)", (int)t->len, t->p, (int)(e - p), s + p);
            return false;
        }
    isa_target_t tgt;
    if (!isa_target_parse(s + p, e - p, &tgt)) {
        asm_error(c, t->col, "'.amdgcn_target': gcnsim has no target '%.*s' (it has gfx803, gfx900, gfx906, gfx908, gfx90a and gfx942)",
                  (int)(e - p), s + p);
        return false;
    }
    if (c->target_line && tgt != c->target) {
        asm_error(c, t->col, "'.amdgcn_target' %s conflicts with %s on line %u", isa_target_name(tgt),
                  isa_target_name(c->target), c->target_line);
        return false;
    }
    if (c->ninsts && tgt != c->target) {
        asm_error(c, t->col, "'.amdgcn_target' %s after the first instruction (line %u), which was assembled for %s",
                  isa_target_name(tgt), c->insts[0].in.line, isa_target_name(c->target));
        return false;
    }
    if (tgt != c->target)
        asm_target_set(c, tgt);
    c->target_line = c->lineno;
    return true;
}

bool asm_directive(asm_ctx_t *c, uint32_t i)
{
    const asm_tok_t *t = &c->tok[i];
    const char *name;
    uint32_t len;
    bool ok;
    if (asm_data_directive(c, i, &ok))
        return ok; /* sections and data (asm_data.c) */
    if (asm_tok_is(t, ".amdhsa_kernel")) {
        if (!directive_name(c, i + 1, ".amdhsa_kernel", &name, &len))
            return false;
        int32_t k = asm_kernel_declare(c, name, len, c->lineno, c->tok[i + 1].col);
        if (k < 0)
            return false;
        asm_pkernel_t *pk = &c->kernels[k];
        if (pk->has_desc) {
            asm_error(c, c->tok[i + 1].col, "kernel '%s' already has a .amdhsa_kernel block (line %u)", pk->name, pk->line);
            return false;
        }
        pk->has_desc = true;
        pk->line = c->lineno;
        pk->col = c->tok[i + 1].col;
        pk->src = c->line;
        pk->src_len = c->line_len;
        asm_amdhsa_defaults(&pk->desc);
        c->in_amdhsa = k;
        c->amdhsa_seen = 0;
        return true;
    }
    if (asm_tok_is(t, ".end_amdhsa_kernel")) {
        asm_error(c, t->col, "'.end_amdhsa_kernel' without a matching '.amdhsa_kernel'");
        return false;
    }
    if (asm_tok_is(t, ".amdgpu_metadata")) {
        c->in_metadata = true;
        c->metadata_line = c->lineno;
        c->metadata_src = c->line;
        c->metadata_src_len = c->line_len;
        c->meta_section = 0;
        c->meta_kernel = -1;
        c->meta_in_args = false;
        return true;
    }
    if (asm_tok_is(t, ".end_amdgpu_metadata")) {
        asm_error(c, t->col, "'.end_amdgpu_metadata' without a matching '.amdgpu_metadata'");
        return false;
    }
    if (asm_tok_is(t, ".globl") || asm_tok_is(t, ".global")) {
        if (!directive_name(c, i + 1, ".globl", &name, &len))
            return false;
        return asm_kernel_declare(c, name, len, c->lineno, c->tok[i + 1].col) >= 0;
    }
    if (asm_tok_is(t, ".type")) {
        if (!directive_name(c, i + 1, ".type", &name, &len))
            return false;
        const asm_tok_t *kind = &c->tok[i + 3];
        if (asm_tok_punct(&c->tok[i + 2], ',') && asm_tok_is(&c->tok[i + 4], "function") &&
            (asm_tok_punct(kind, '@') || asm_tok_punct(kind, '%')))
            return asm_kernel_declare(c, name, len, c->lineno, c->tok[i + 1].col) >= 0;
        return true;
    }
    if (asm_tok_is(t, ".amdgcn_target"))
        return amdgcn_target(c, i);
    return true; /* .size .ident .hidden ...: no effect on gcnsim */
}

/* ---- .amdhsa_kernel fields ----------------------------------------------------------------- */

typedef struct {
    const char *name;  /* without the .amdhsa_ prefix */
    size_t off;
    bool is_bool;
    uint32_t max;
} amdhsa_field_t;

#define BOOL_FIELD(f) { #f, offsetof(isa_descriptor_t, f), true, 1 }
static const amdhsa_field_t amdhsa_fields[] = {
    { "next_free_vgpr", offsetof(isa_descriptor_t, next_free_vgpr), false, 256 },
    { "next_free_sgpr", offsetof(isa_descriptor_t, next_free_sgpr), false, 102 },
    { "group_segment_fixed_size", offsetof(isa_descriptor_t, group_segment_fixed_size), false, 65536 },
    { "private_segment_fixed_size", offsetof(isa_descriptor_t, private_segment_fixed_size), false, UINT32_MAX },
    { "kernarg_size", offsetof(isa_descriptor_t, kernarg_size), false, UINT32_MAX },
    { "system_vgpr_workitem_id", offsetof(isa_descriptor_t, system_vgpr_workitem_id), false, 2 },
    { "float_denorm_mode_32", offsetof(isa_descriptor_t, float_denorm_mode_32), false, 3 },
    BOOL_FIELD(user_sgpr_private_segment_buffer), BOOL_FIELD(user_sgpr_dispatch_ptr),
    BOOL_FIELD(user_sgpr_queue_ptr), BOOL_FIELD(user_sgpr_kernarg_segment_ptr),
    BOOL_FIELD(user_sgpr_dispatch_id), BOOL_FIELD(user_sgpr_flat_scratch_init),
    BOOL_FIELD(user_sgpr_private_segment_size),
    BOOL_FIELD(system_sgpr_workgroup_id_x), BOOL_FIELD(system_sgpr_workgroup_id_y),
    BOOL_FIELD(system_sgpr_workgroup_id_z), BOOL_FIELD(system_sgpr_workgroup_info),
    BOOL_FIELD(system_sgpr_private_segment_wavefront_offset),
    BOOL_FIELD(ieee_mode), BOOL_FIELD(dx10_clamp),
    BOOL_FIELD(reserve_vcc), BOOL_FIELD(reserve_flat_scratch), BOOL_FIELD(reserve_xnack_mask),
    /* gfx90a and later (agpr): COMPUTE_PGM_RSRC3 */
    { "accum_offset", offsetof(isa_descriptor_t, accum_offset), false, 256 }, BOOL_FIELD(tg_split),
};
enum { F_ACCUM_OFFSET = sizeof amdhsa_fields / sizeof amdhsa_fields[0] - 2 };
#undef BOOL_FIELD

/* gfx90a and later: .amdhsa_accum_offset is required, 4..256 in steps of 4, and within the
 * allocation .amdhsa_next_free_vgpr gives (which counts VGPRs and AGPRs there) rounded up to 4. */
static void amdhsa_accum_offset_check(asm_ctx_t *c, uint32_t col, const asm_pkernel_t *pk)
{
    uint32_t a = pk->desc.accum_offset, v = pk->desc.next_free_vgpr ? pk->desc.next_free_vgpr : 1;
    if (!(c->amdhsa_seen & (1u << F_ACCUM_OFFSET)))
        asm_error(c, col, "'.amdhsa_accum_offset' is required in the .amdhsa_kernel block of '%s' on %s", pk->name,
                  isa_target_name(c->target));
    else if (a < 4 || a % 4)
        asm_error(c, col, "'.amdhsa_accum_offset' %u of '%s' must be 4..256 in steps of 4", a, pk->name);
    else if (a > (v + 3) / 4 * 4)
        asm_error(c, col, "'.amdhsa_accum_offset' %u of '%s' exceeds the %u registers of .amdhsa_next_free_vgpr "
                  "rounded up to 4", a, pk->name, (v + 3) / 4 * 4);
}

void asm_amdhsa_line(asm_ctx_t *c)
{
    const asm_tok_t *t = &c->tok[0];
    asm_pkernel_t *pk = &c->kernels[c->in_amdhsa];
    if (asm_tok_is(t, ".end_amdhsa_kernel")) {
        c->in_amdhsa = -1;
        if (!(c->amdhsa_seen & 1u))
            asm_error(c, t->col, "'.amdhsa_next_free_vgpr' is required in the .amdhsa_kernel block of '%s'", pk->name);
        else if (!(c->amdhsa_seen & 2u))
            asm_error(c, t->col, "'.amdhsa_next_free_sgpr' is required in the .amdhsa_kernel block of '%s'", pk->name);
        else if (isa_target_gfx90a(c->target)) /* CDNA (agpr): LLVM's AMDGPUAsmParser rules */
            amdhsa_accum_offset_check(c, t->col, pk);
        return;
    }
    if (t->kind != TK_IDENT || t->len < 8 || memcmp(t->p, ".amdhsa_", 8) != 0) {
        asm_error(c, t->col, "unexpected '%.*s' inside .amdhsa_kernel (expected .amdhsa_* fields or .end_amdhsa_kernel)",
                  (int)t->len, t->p);
        return;
    }
    int f = -1;
    for (size_t k = 0; k < sizeof amdhsa_fields / sizeof amdhsa_fields[0]; k++)
        if (t->len - 8 == strlen(amdhsa_fields[k].name) && memcmp(t->p + 8, amdhsa_fields[k].name, t->len - 8) == 0)
            f = (int)k;
    if (f < 0)
        return; /* other .amdhsa_ fields (round modes, exceptions, ...) do not affect gcnsim */
    const amdhsa_field_t *fd = &amdhsa_fields[f];
    const asm_tok_t *v = &c->tok[1];
    if (f >= F_ACCUM_OFFSET && !isa_target_gfx90a(c->target)) { /* agpr */
        asm_error(c, t->col, "'%.*s' needs gfx90a or later (this file is for %s)", (int)t->len, t->p,
                  isa_target_name(c->target));
        return;
    }
    /* gfx90a and later: next_free_vgpr counts the unified file of 512 (LLVM: VGPRs and AGPRs) */
    uint32_t max = f == 0 && isa_target_gfx90a(c->target) ? 512 : fd->max;
    if (v->kind != TK_INT || v->overflow || c->tok[2].kind != TK_END) {
        asm_error(c, v->col, "'%.*s' needs a non-negative integer value", (int)t->len, t->p);
        return;
    }
    if (c->amdhsa_seen & (1u << f)) {
        asm_error(c, t->col, "'%.*s' is given twice", (int)t->len, t->p);
        return;
    }
    if (v->ival > max) {
        if (fd->is_bool)
            asm_error(c, v->col, "'%.*s' must be 0 or 1", (int)t->len, t->p);
        else
            asm_error(c, v->col, "'%.*s' value %llu is out of range (0..%u)", (int)t->len, t->p,
                      (unsigned long long)v->ival, max);
        return;
    }
    c->amdhsa_seen |= 1u << f;
    char *base = (char *)&pk->desc + fd->off;
    if (fd->is_bool) {
        bool b = v->ival != 0;
        memcpy(base, &b, sizeof b);
    } else {
        uint32_t u = (uint32_t)v->ival;
        memcpy(base, &u, sizeof u);
    }
}

/* ---- .amdgpu_metadata: the YAML subset clang emits ------------------------------------------- */

isa_arg_kind_t asm_arg_kind(const char *vk)
{
    if (strcmp(vk, "by_value") == 0)
        return ISA_ARG_BY_VALUE;
    if (strcmp(vk, "global_buffer") == 0)
        return ISA_ARG_GLOBAL_BUFFER;
    if (strcmp(vk, "dynamic_shared_pointer") == 0)
        return ISA_ARG_DYNAMIC_SHARED_POINTER;
    if (strncmp(vk, "hidden_", 7) == 0)
        return ISA_ARG_HIDDEN;
    return ISA_ARG_OTHER;
}

/* Copy a YAML scalar (quotes removed) into buf; false when it does not fit. */
static bool yaml_string(const char *v, size_t n, char *buf, size_t size)
{
    /* clang tags names YAML would read as another type (`n`, `y`, `N`) as `!str n`. */
    if (n >= 5 && memcmp(v, "!str", 4) == 0 && (v[4] == ' ' || v[4] == '\t')) {
        v += 5;
        n -= 5;
        while (n && (*v == ' ' || *v == '\t')) {
            v++;
            n--;
        }
    }
    if (n >= 2 && ((v[0] == '\'' && v[n - 1] == '\'') || (v[0] == '"' && v[n - 1] == '"'))) {
        v++;
        n -= 2;
    }
    if (n >= size)
        return false;
    memcpy(buf, v, n);
    buf[n] = 0;
    return true;
}

static bool yaml_uint(const char *v, size_t n, uint32_t *out)
{
    if (n == 0 || n > 10)
        return false;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9')
            return false;
        x = x * 10 + (uint64_t)(v[i] - '0');
    }
    if (x > UINT32_MAX)
        return false;
    *out = (uint32_t)x;
    return true;
}

static asm_meta_kernel_t *cur_meta(asm_ctx_t *c)
{
    return c->meta_kernel >= 0 ? &c->meta[c->meta_kernel] : NULL;
}

static void meta_new_kernel(asm_ctx_t *c, uint32_t col)
{
    if (!asm_grow((void **)&c->meta, &c->meta_cap, c->nmeta + 1, sizeof *c->meta)) {
        asm_error(c, col, "out of memory");
        return;
    }
    asm_meta_kernel_t *m = &c->meta[c->nmeta];
    memset(m, 0, sizeof *m);
    m->line = c->lineno;
    m->col = col;
    m->src = c->line;
    m->src_len = c->line_len;
    c->meta_kernel = (int32_t)c->nmeta++;
}

static void meta_new_arg(asm_ctx_t *c, uint32_t col)
{
    asm_meta_kernel_t *m = cur_meta(c);
    if (!m)
        return;
    if (!asm_grow((void **)&m->args, &m->args_cap, m->nargs + 1, sizeof *m->args)) {
        asm_error(c, col, "out of memory");
        return;
    }
    isa_kernel_arg_t *a = &m->args[m->nargs];
    bool ok = isa_kernel_arg_init(a, m->nargs);
    m->nargs++; /* counted either way, so that its names are freed */
    if (!ok)
        asm_error(c, col, "out of memory");
}

static void meta_kernel_key(asm_ctx_t *c, const char *key, size_t kn, const char *v, size_t vn, uint32_t vcol)
{
    asm_meta_kernel_t *m = cur_meta(c);
    if (!m)
        return;
    if (kn == 5 && memcmp(key, ".name", 5) == 0) {
        free(m->name);
        if (!(m->name = malloc(vn + 1)) || !yaml_string(v, vn, m->name, vn + 1))
            asm_error(c, vcol, "out of memory");
        m->line = c->lineno;
        m->col = vcol;
        m->src = c->line;
        m->src_len = c->line_len;
    } else if (kn == 21 && memcmp(key, ".kernarg_segment_size", 21) == 0) {
        if (!yaml_uint(v, vn, &m->kernarg_size))
            asm_error(c, vcol, "'.kernarg_segment_size' needs an unsigned integer");
        m->has_kernarg_size = true;
    }
}

static void meta_arg_key(asm_ctx_t *c, const char *key, size_t kn, const char *v, size_t vn, uint32_t vcol)
{
    asm_meta_kernel_t *m = cur_meta(c);
    if (!m || m->nargs == 0)
        return;
    isa_kernel_arg_t *a = &m->args[m->nargs - 1];
    bool ok = true;
    const char *what = NULL;
    if ((kn == 5 && memcmp(key, ".name", 5) == 0) || (kn == 10 && memcmp(key, ".type_name", 10) == 0)) {
        /* Any length: a C++ template's type name runs long. */
        char **dst = kn == 5 ? &a->name : &a->type_name, *s = malloc(vn + 1);
        ok = s && yaml_string(v, vn, s, vn + 1);
        if (ok) {
            free(*dst);
            *dst = s;
        } else {
            free(s);
        }
        what = "out of memory";
    } else if (kn == 11 && memcmp(key, ".value_kind", 11) == 0) {
        ok = yaml_string(v, vn, a->value_kind, sizeof a->value_kind);
        a->kind = asm_arg_kind(a->value_kind);
        what = "argument value kind is too long (at most 39 characters)";
    } else if (kn == 7 && memcmp(key, ".offset", 7) == 0) {
        ok = yaml_uint(v, vn, &a->offset);
        what = "'.offset' needs an unsigned integer";
    } else if (kn == 5 && memcmp(key, ".size", 5) == 0) {
        ok = yaml_uint(v, vn, &a->size);
        what = "'.size' needs an unsigned integer";
    }
    if (!ok)
        asm_error(c, vcol, "%s", what);
}

void asm_metadata_line(asm_ctx_t *c)
{
    const char *s = c->line;
    uint32_t n = c->line_len, i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i == n || s[i] == '#')
        return;
    const char *content = s + i;
    uint32_t cn = n - i;
    while (cn && (content[cn - 1] == ' ' || content[cn - 1] == '\t'))
        cn--;
    if (cn >= 20 && memcmp(content, ".end_amdgpu_metadata", 20) == 0) {
        c->in_metadata = false;
        return;
    }
    if ((cn == 3 && (memcmp(content, "---", 3) == 0 || memcmp(content, "...", 3) == 0)))
        return;
    int indent = (int)i;
    bool dash = content[0] == '-' && (cn == 1 || content[1] == ' ');
    uint32_t k = i;
    if (dash) {
        k++;
        while (k < n && s[k] == ' ')
            k++;
    }
    int keyind = (int)k;
    const char *key = s + k;
    const char *colon = memchr(key, ':', (size_t)(n - k));
    size_t kn = colon ? (size_t)(colon - key) : 0;
    const char *v = colon ? colon + 1 : s + n;
    while (v < s + n && (*v == ' ' || *v == '\t'))
        v++;
    size_t vn = (size_t)(s + i + cn - v);
    if (v > s + i + cn)
        vn = 0;
    uint32_t vcol = (uint32_t)(v - s) + 1;
    if (indent == 0 && !dash) {
        c->meta_section = kn == 14 && memcmp(key, "amdhsa.kernels", 14) == 0;
        c->meta_in_args = false;
        c->meta_kernel_dash = -1;
        return;
    }
    if (!c->meta_section)
        return;
    if (dash && (c->meta_kernel_dash < 0 || indent == c->meta_kernel_dash)) {
        meta_new_kernel(c, (uint32_t)indent + 1);
        c->meta_kernel_dash = indent;
        c->meta_kernel_key = keyind;
        c->meta_in_args = false;
        c->meta_arg_dash = -1;
    } else if (dash && c->meta_in_args && indent > c->meta_kernel_key &&
               (c->meta_arg_dash < 0 || indent == c->meta_arg_dash)) {
        meta_new_arg(c, (uint32_t)indent + 1);
        c->meta_arg_dash = indent;
        c->meta_arg_key = keyind;
    }
    if (!colon)
        return;
    if (keyind == c->meta_kernel_key) {
        c->meta_in_args = kn == 5 && memcmp(key, ".args", 5) == 0;
        c->meta_arg_dash = -1;
        meta_kernel_key(c, key, kn, v, vn, vcol);
    } else if (c->meta_in_args && c->meta_arg_dash >= 0 && keyind == c->meta_arg_key) {
        meta_arg_key(c, key, kn, v, vn, vcol);
    }
}

void asm_directives_finish(asm_ctx_t *c)
{
    if (c->in_amdhsa >= 0) {
        const asm_pkernel_t *pk = &c->kernels[c->in_amdhsa];
        asm_error_at(c, pk->src, pk->src_len, pk->line, pk->col, "'.amdhsa_kernel %s' is not closed by '.end_amdhsa_kernel'",
                     pk->name);
        c->in_amdhsa = -1;
    }
    if (c->in_metadata) {
        asm_error_at(c, c->metadata_src, c->metadata_src_len, c->metadata_line, 1,
                     "'.amdgpu_metadata' is not closed by '.end_amdgpu_metadata'");
        c->in_metadata = false;
    }
    for (uint32_t m = 0; m < c->nmeta; m++)
        if (!c->meta[m].name || !c->meta[m].name[0])
            asm_error_at(c, c->meta[m].src, c->meta[m].src_len, c->meta[m].line, c->meta[m].col,
                         "metadata kernel entry without '.name'");
}

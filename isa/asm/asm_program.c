/* asm_program: the assembler's second pass (asm_program.h): the parsed instructions split into
 * kernels at their labels, branches resolved against each kernel's labels (or numeric offsets),
 * descriptors and metadata attached by name, and the program image linked; and the table of code
 * labels both passes use. */
#include "asm/asm_program.h"

#include "asm/asm_data.h"
#include "asm/asm_directives.h"
#include "asm/asm_lex.h"
#include "asm/asm_link.h"

#include <stdlib.h>
#include <string.h>

uint32_t *asm_label_slot(asm_ctx_t *c, const char *name, uint32_t len)
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

bool asm_label_rehash(asm_ctx_t *c)
{
    uint32_t size = c->label_hash_size ? c->label_hash_size * 2 : 256;
    uint32_t *h = calloc(size, sizeof *h);
    if (!h)
        return false;
    free(c->label_hash);
    c->label_hash = h;
    c->label_hash_size = size;
    for (uint32_t i = 0; i < c->nlabels; i++)
        *asm_label_slot(c, c->labels[i].name, c->labels[i].len) = i + 1;
    return true;
}

int32_t asm_label_find(asm_ctx_t *c, const char *name, uint32_t len)
{
    if (!c->label_hash_size)
        return -1;
    uint32_t v = *asm_label_slot(c, name, len);
    return v ? (int32_t)v - 1 : -1;
}


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
        int32_t l = asm_label_find(c, pi->label, pi->label_len);
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
    k->target = c->target; /* the resources depend on it (CDNA's AGPRs) */
    asm_kernel_resources(k);
    /* gfx90a and later: the VGPRs lie below accum_offset, where the AGPRs start (agpr) */
    for (uint32_t i = 0; isa_target_gfx90a(k->target) && k->vgprs_used > k->desc.accum_offset && i < k->ninsts; i++) {
        const isa_inst_t *in = &k->insts[i];
        const isa_operand_t *o[1 + ISA_MAX_SRCS] = { &in->vdst, &in->src[0], &in->src[1], &in->src[2], &in->src[3] };
        for (unsigned j = 0; j < 1 + ISA_MAX_SRCS; j++)
            if (isa_opnd_is_vgpr(*o[j]) && isa_opnd_vnum(*o[j]) + o[j]->count > k->desc.accum_offset) {
                const asm_pinst_t *pi = &c->insts[sp->start + i];
                asm_error_at(c, pi->line, pi->line_len, in->line, in->col, "v%u is at or beyond .amdhsa_accum_offset "
                             "%u of kernel '%s': on %s the AGPRs start there", isa_opnd_vnum(*o[j]) + o[j]->count - 1,
                             k->desc.accum_offset, k->name, isa_target_name(k->target));
                return true;
            }
    }
    return true;
}

void asm_kernel_resources(isa_kernel_t *k)
{
    int maxv = -1, maxs = -1, maxa = -1;
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
            if (isa_opnd_is_agpr(ops[j])) { /* CDNA (agpr) */
                if (last - ISA_AGPR_BASE > maxa)
                    maxa = last - ISA_AGPR_BASE;
            } else if (code >= ISA_VGPR_BASE && last - ISA_VGPR_BASE > maxv)
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
    bool unified = isa_target_gfx90a(k->target); /* next_free_vgpr counts VGPRs and AGPRs (agpr) */
    if (d->next_free_vgpr > v && !unified)
        v = d->next_free_vgpr;
    if (d->system_vgpr_workitem_id + 1 > v)
        v = d->system_vgpr_workitem_id + 1;
    k->vgprs_used = v;
    k->lds_static = d->group_segment_fixed_size;
    uint32_t a = (uint32_t)(maxa + 1);
    if (a < k->agprs_used) /* the metadata's .agpr_count (codeobj_meta) */
        a = k->agprs_used;
    if (unified) {
        /* gfx90a: the AGPRs from accum_offset (the descriptor's, else the VGPRs rounded up to 4,
         * as LLVM lays them out) to the end of the allocation */
        if (!k->desc.accum_offset)
            k->desc.accum_offset = (v + 3) / 4 * 4;
        if (d->next_free_vgpr > k->desc.accum_offset + a)
            a = d->next_free_vgpr - k->desc.accum_offset;
    }
    k->agprs_used = a;
}

void asm_program_partition(asm_ctx_t *c, isa_program_t *out)
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
        int32_t l = asm_label_find(c, pk->name, (uint32_t)strlen(pk->name));
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


/* The program image: kernels in source order at 256-byte boundaries (the alignment clang's
 * `.p2align 8` asks for), then the data (asm_link_image). label_off gives the code labels'
 * addresses for relocations against them. */
void asm_program_link(asm_ctx_t *c, isa_program_t *out)
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
    asm_link_image(c, out, &(asm_link_labels_t){ asm_label_find, label_off });
    free(label_off);
}

/* codeobj_state: the lookups the code object reader shares (codeobj_state.h): errors, symbols by
 * name and index, kernels and instructions by place, the relocation sections and the relocations
 * sorted by place, and the checks that use them before the link. */
#include "asm/codeobj_state.h"

#include "asm/asm.h"
#include "asm/asm_diag.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>


void co_error(co_t *c, const char *fmt, ...)
{
    c->nerrors++;
    if (!c->diag || c->nerrors > ASM_ERRORS_SHOWN)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(c->diag, "%s: error: ", c->file);
    asm_diag_vprintf(c->diag, fmt, ap); /* names from the file escaped, as every message that echoes input */
    va_end(ap);
}

const co_sym_t *co_find_sym(const co_t *c, const char *name)
{
    co_sym_t *y = NULL;
    HASH_FIND_STR(c->by_name, name, y);
    return y;
}

const co_sym_t *co_sym_by_index(const co_t *c, uint32_t index)
{
    return index < c->nindex ? c->by_index[index] : NULL;
}


int64_t co_kernel_at(const co_t *c, uint32_t shndx, uint64_t off, bool at_end)
{
    /* The last kernel that starts at or before (shndx, off); with at_end, the one before it may
     * end exactly there (kernels do not overlap: find_kernels checks it). */
    size_t lo = 0, hi = c->nkernels;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const co_kernel_t *k = &c->kernels[mid];
        if (k->entry->shndx < shndx || (k->entry->shndx == shndx && k->start <= off))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return -1;
    size_t i = lo - 1;
    const co_kernel_t *k = &c->kernels[i];
    if (k->entry->shndx != shndx)
        return -1;
    if (at_end && i > 0 && c->kernels[i - 1].entry->shndx == shndx && c->kernels[i - 1].end == off)
        return (int64_t)i - 1;
    return off < k->end || (at_end && off == k->end) ? (int64_t)i : -1;
}

int64_t co_inst_at(const isa_kernel_t *k, uint64_t pc)
{
    uint32_t lo = 0, hi = k->ninsts;
    if (pc == k->code_bytes)
        return k->ninsts;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (k->insts[mid].pc < pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < k->ninsts && k->insts[lo].pc == pc ? (int64_t)lo : -1;
}

static int cmp_kd(const void *a, const void *b)
{
    const co_sym_t *x = *(const co_sym_t *const *)a, *y = *(const co_sym_t *const *)b;
    if (x->shndx != y->shndx)
        return x->shndx < y->shndx ? -1 : 1;
    return x->off < y->off ? -1 : x->off > y->off;
}


bool co_rela_next(co_t *c, co_rela_iter_t *it, GElf_Rela *r)
{
    if (it->i >= it->n)
        return false;
    const uint8_t *p = it->rs->data + it->i++ * sizeof(Elf64_Rela);
    Elf64_Rela e;
    memcpy(&e, p, sizeof e); /* the file is little-endian, as the host (checked in the header) */
    r->r_offset = e.r_offset;
    r->r_info = e.r_info;
    r->r_addend = e.r_addend;
    (void)c;
    return true;
}

bool co_rela_for(co_t *c, size_t rs, size_t target, co_rela_iter_t *it)
{
    const co_sec_t *s = &c->secs[rs];
    if (s->sh.sh_type != SHT_RELA || s->sh.sh_info != target || !s->data)
        return false;
    if (s->sh.sh_entsize != sizeof(Elf64_Rela)) {
        co_error(c, "section %s: relocation entries of %llu bytes, not %zu", s->name,
                 (unsigned long long)s->sh.sh_entsize, sizeof(Elf64_Rela));
        return false;
    }
    *it = (co_rela_iter_t){ s, 0, s->size / sizeof(Elf64_Rela) };
    return true;
}

static int cmp_rel_place(const void *a, const void *b)
{
    const co_rel_t *x = a, *y = b;
    if (x->sec != y->sec)
        return x->sec < y->sec ? -1 : 1;
    if (x->off != y->off)
        return x->off < y->off ? -1 : 1;
    return x->rs != y->rs ? (x->rs < y->rs ? -1 : 1) : 0;
}

bool co_index(co_t *c)
{
    c->kds = calloc(c->nkernels ? c->nkernels : 1, sizeof *c->kds);
    if (!c->kds) {
        co_error(c, "out of memory");
        return false;
    }
    for (size_t k = 0; k < c->nkernels; k++)
        if (c->kernels[k].kd)
            c->kds[c->nkds++] = c->kernels[k].kd;
    qsort(c->kds, c->nkds, sizeof *c->kds, cmp_kd);
    size_t n = 0;
    for (size_t rs = 1; rs < c->nsecs; rs++) /* the sections were read whole: their sizes fit in memory */
        if (c->secs[rs].sh.sh_type == SHT_RELA && c->secs[rs].data && c->secs[rs].sh.sh_info < c->nsecs)
            n += c->secs[rs].size / sizeof(Elf64_Rela);
    c->rels = calloc(n ? n : 1, sizeof *c->rels);
    if (!c->rels) {
        co_error(c, "out of memory");
        return false;
    }
    for (size_t rs = 1; rs < c->nsecs; rs++) {
        co_rela_iter_t it;
        GElf_Rela r;
        const co_sec_t *s = &c->secs[rs];
        if (s->sh.sh_type != SHT_RELA || !s->data || s->sh.sh_info >= c->nsecs)
            continue;
        if (!co_rela_for(c, rs, s->sh.sh_info, &it))
            return false;
        while (co_rela_next(c, &it, &r))
            c->rels[c->nrels++] = (co_rel_t){ (uint32_t)s->sh.sh_info, (uint32_t)rs, r.r_offset,
                                              (uint32_t)GELF_R_TYPE(r.r_info), (uint32_t)GELF_R_SYM(r.r_info),
                                              r.r_addend };
    }
    qsort(c->rels, c->nrels, sizeof *c->rels, cmp_rel_place);
    return true;
}

/* The first relocation of section sec at or after offset off. */
static size_t first_rel(const co_t *c, uint32_t sec, uint64_t off)
{
    size_t lo = 0, hi = c->nrels;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->rels[mid].sec < sec || (c->rels[mid].sec == sec && c->rels[mid].off < off))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

bool co_check_entry(co_t *c, const co_kernel_t *ck, const codeobj_kd_t *kd)
{
    const co_sym_t *d = ck->kd, *e = ck->entry;
    if (c->eh.e_type == ET_DYN) {
        uint64_t to = d->value + (uint64_t)kd->entry_offset;
        if (to != e->value) {
            co_error(c, "kernel descriptor '%s': kernel_code_entry_byte_offset %" PRId64 " leads to 0x%" PRIx64
                     ", not to '%s' at 0x%" PRIx64, d->name, kd->entry_offset, to, e->name, e->value);
            return false;
        }
        return true;
    }
    /* In a relocatable object the field is a relocation against the entry (S + 16 - P); without
     * one it is a plain offset, which can reach the entry only in the descriptor's own section. */
    bool relocated = false;
    for (size_t i = first_rel(c, d->shndx, d->off + 16); i < c->nrels && c->rels[i].sec == d->shndx &&
                                                         c->rels[i].off == d->off + 16; i++) {
        const co_rel_t *r = &c->rels[i];
        const co_sym_t *s = co_sym_by_index(c, r->sym);
        relocated = true;
        if (r->type != CO_R_REL64 || !s || s->shndx != e->shndx || s->off + (uint64_t)r->addend != e->off + 16) {
            co_error(c, "kernel descriptor '%s': kernel_code_entry_byte_offset (a relocation at %s+0x%" PRIx64
                     ") does not lead to '%s'", d->name, c->secs[d->shndx].name, r->off, e->name);
            return false;
        }
    }
    if (!relocated && (d->shndx != e->shndx || d->off + (uint64_t)kd->entry_offset != e->off)) {
        co_error(c, "kernel descriptor '%s': kernel_code_entry_byte_offset %" PRId64 " (no relocation) does not "
                 "lead to '%s' in section %s", d->name, kd->entry_offset, e->name, c->secs[e->shndx].name);
        return false;
    }
    return true;
}

bool co_branch_relocs(co_t *c, const co_kernel_t *ck, isa_kernel_t *k)
{
    /* A branch to a global symbol is left to the linker: R_AMDGPU_REL16 on its simm16, whose
     * target is S + A (the field holds (S + A - P - 4) / 4). */
    for (size_t n = first_rel(c, ck->entry->shndx, ck->start);
         n < c->nrels && c->rels[n].sec == ck->entry->shndx && c->rels[n].off < ck->end; n++) {
        const co_rel_t *r = &c->rels[n];
        if (r->type != CO_R_REL16)
            continue;
        const co_sym_t *y = co_sym_by_index(c, r->sym);
        uint64_t to = y && y->defined && y->shndx == ck->entry->shndx ? y->off + (uint64_t)r->addend : UINT64_MAX;
        int64_t i = co_inst_at(k, r->off - ck->start);
        int64_t t = to >= ck->start && to < ck->end ? co_inst_at(k, to - ck->start) : -1;
        if (i < 0 || i == k->ninsts || !strchr(isa_ops[k->insts[i].op].sig, 'L') || t < 0 || t == k->ninsts) {
            co_error(c, "section %s, branch relocation at %s+0x%" PRIx64 ": not a branch of kernel '%s' to one of "
                     "its instructions", c->secs[r->rs].name, c->secs[ck->entry->shndx].name, r->off, k->name);
            return false;
        }
        k->insts[i].target = (uint32_t)t;
    }
    return true;
}

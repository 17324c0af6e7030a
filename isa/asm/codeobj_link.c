/* codeobj_link: the program image of a code object and its relocations (LLVM AMDGPUUsage,
 * "Relocation Records"), following the assembler's link (asm_link.c) for relocatable objects so
 * that both give the same image and the same literals. */
#include "asm/codeobj_link.h"

#include "asm/asm.h"
#include "asm/asm_diag.h"
#include "common/le.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The instruction whose bytes hold offset pc (the last one starting at or before it), or -1. */
static int64_t inst_holding(const isa_kernel_t *k, uint64_t pc)
{
    uint32_t lo = 0, hi = k->ninsts;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (k->insts[mid].pc <= pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? (int64_t)lo - 1 : -1;
}

/* ---- The relocatable layout ------------------------------------------------------------------ */

static int section_class(const co_sec_t *s)
{
    if (!(s->sh.sh_flags & SHF_ALLOC) || (s->sh.sh_flags & SHF_EXECINSTR) || s->sh.sh_type == SHT_NOTE)
        return CO_CLS_NONE;
    if (s->sh.sh_type == SHT_NOBITS)
        return CO_CLS_BSS;
    if (strncmp(s->name, ".rodata", 7) == 0)
        return CO_CLS_RODATA;
    if (strncmp(s->name, ".data", 5) == 0)
        return CO_CLS_DATA;
    if (strncmp(s->name, ".bss", 4) == 0)
        return CO_CLS_BSS;
    return CO_CLS_NONE;
}

/* The first descriptor (c->kds index) of section sec at or after offset off. */
static size_t first_kd(const co_t *c, size_t sec, uint64_t off)
{
    size_t lo = 0, hi = c->nkds;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->kds[mid]->shndx < sec || (c->kds[mid]->shndx == sec && c->kds[mid]->off < off))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Descriptor bytes in section sec before offset off (descriptors are not data in the image). The
 * descriptors of a section are sorted and all CODEOBJ_KD_SIZE long, so those that end by off come
 * first and the next one is the only one that may hold off. */
static uint64_t kd_before(const co_t *c, size_t sec, uint64_t off, bool *inside)
{
    size_t from = first_kd(c, sec, 0);
    size_t lo = from, hi = c->nkds;
    while (lo < hi) { /* the first of sec that does not end by off */
        size_t mid = lo + (hi - lo) / 2;
        if (c->kds[mid]->shndx == sec && c->kds[mid]->off + CODEOBJ_KD_SIZE <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (inside && lo < c->nkds && c->kds[lo]->shndx == sec && off >= c->kds[lo]->off)
        *inside = true;
    return (uint64_t)(lo - from) * CODEOBJ_KD_SIZE;
}

/* The image offset of symbol y plus the offset within it, or false with an error. */
static bool sym_image(co_t *c, const isa_program_t *out, const co_sym_t *y, const char *where, uint64_t *at)
{
    if (!y || !y->defined) {
        co_error(c, "%s: undefined symbol '%s' (gcnsim links a code object alone: define it there)", where,
                 y ? y->name : "?");
        return false;
    }
    /* A symbol in a kernel's code (at an instruction or at its end); the kernel before it when both
     * hold it (one ends where the next starts), as the kernels' order decides. */
    for (int64_t k = co_kernel_at(c, y->shndx, y->off, true); k >= 0 && (size_t)k < c->nkernels; k++) {
        const co_kernel_t *ck = &c->kernels[k];
        if (ck->entry->shndx != y->shndx || y->off < ck->start || y->off > ck->end)
            break;
        const isa_kernel_t *kn = &out->kernels[k];
        int64_t i = co_inst_at(kn, y->off - ck->start);
        if (i >= 0) {
            *at = kn->image_offset + (i < kn->ninsts ? kn->insts[i].pc : kn->code_bytes);
            return true;
        }
    }
    const co_sec_t *s = &c->secs[y->shndx];
    bool inside = false;
    uint64_t skip = kd_before(c, y->shndx, y->off, &inside);
    if (s->cls == CO_CLS_NONE || inside) {
        co_error(c, "%s: symbol '%s' is in %s, which gcnsim does not load as data or code", where, y->name,
                 inside ? "a kernel descriptor" : s->name);
        return false;
    }
    *at = s->at + y->off - skip;
    return true;
}

/* A relocation against a section symbol: S is the section's start, A the offset in it (plus the
 * pc bias of a pc-relative literal: +4, +12). In a data section S + A is that place, less the
 * descriptors the image leaves out before it; in code it must be an instruction (A the place). */
static bool sym_plus(co_t *c, const isa_program_t *out, const co_sym_t *y, int64_t *addend, const char *where,
                     uint64_t *at)
{
    if (!y || y->type != STT_SECTION || !y->defined)
        return sym_image(c, out, y, where, at);
    const co_sec_t *s = &c->secs[y->shndx];
    uint64_t place = *addend < 0 ? 0 : y->off + (uint64_t)*addend;
    if (s->cls != CO_CLS_NONE) { /* any addend, as for a named symbol; the place only for the descriptors */
        bool inside = false;
        place = place < s->sh.sh_size ? place : s->sh.sh_size;
        uint64_t skip = kd_before(c, y->shndx, place, &inside);
        if (inside) {
            co_error(c, "%s: section %s + %" PRId64 " is in a kernel descriptor, which gcnsim does not load as data",
                     where, s->name, *addend);
            return false;
        }
        *at = s->at + y->off - skip;
        return true;
    }
    if (*addend < 0 || place > s->sh.sh_size) {
        co_error(c, "%s: section %s + %" PRId64 " lies outside the section", where, s->name, *addend);
        return false;
    }
    co_sym_t p = *y;
    p.off = place;
    *addend = 0;
    return sym_image(c, out, &p, where, at);
}

typedef struct {
    uint64_t target;         /* the image offset the entry holds */
    uint32_t slot;
    UT_hash_handle hh;
} got_slot_t;

typedef struct {
    uint32_t kernel, inst;
    const co_sym_t *sym;
    uint32_t type;
    int64_t addend;
} code_rel_t;

static int cmp_rel(const void *a, const void *b)
{
    const code_rel_t *x = a, *y = b;
    if (x->kernel != y->kernel)
        return x->kernel < y->kernel ? -1 : 1;
    return x->inst < y->inst ? -1 : x->inst > y->inst;
}

/* The relocations of the code, each tied to the instruction whose literal it fills. */
static code_rel_t *code_relocations(co_t *c, const isa_program_t *out, size_t *count)
{
    size_t n = 0, cap = 0;
    code_rel_t *v = NULL;
    for (size_t rs = 1; rs < c->nsecs; rs++) {
        const co_sec_t *s = &c->secs[rs];
        if (s->sh.sh_type != SHT_RELA || s->sh.sh_info >= c->nsecs || !(c->secs[s->sh.sh_info].sh.sh_flags & SHF_EXECINSTR))
            continue;
        co_rela_iter_t it;
        GElf_Rela r;
        if (!co_rela_for(c, rs, s->sh.sh_info, &it))
            return free(v), NULL;
        while (co_rela_next(c, &it, &r)) {
            code_rel_t x = { 0, 0, co_sym_by_index(c, (uint32_t)GELF_R_SYM(r.r_info)), (uint32_t)GELF_R_TYPE(r.r_info),
                             r.r_addend };
            if (x.type == CO_R_REL16)
                continue; /* branches: co_branch_relocs */
            bool found = false;
            int64_t k = co_kernel_at(c, (uint32_t)s->sh.sh_info, r.r_offset, false);
            if (k >= 0) {
                const co_kernel_t *ck = &c->kernels[k];
                const isa_kernel_t *kn = &out->kernels[k];
                int64_t i = inst_holding(kn, r.r_offset - ck->start);
                if (i >= 0 && kn->insts[i].size >= 8 && kn->insts[i].pc + kn->insts[i].size - 4 == r.r_offset - ck->start) {
                    x.kernel = (uint32_t)k;
                    x.inst = (uint32_t)i;
                    found = true;
                }
            }
            if (!found) {
                co_error(c, "section %s, relocation at %s+0x%" PRIx64 ": not at the literal of an instruction of a kernel",
                         s->name, c->secs[s->sh.sh_info].name, (uint64_t)r.r_offset);
                return free(v), NULL;
            }
            if (n == cap) {
                code_rel_t *g = realloc(v, (cap = cap ? cap * 2 : 16) * sizeof *v);
                if (!g) {
                    co_error(c, "out of memory");
                    return free(v), NULL;
                }
                v = g;
            }
            v[n++] = x;
        }
    }
    if (n)
        qsort(v, n, sizeof *v, cmp_rel);
    *count = n;
    return v ? v : calloc(1, sizeof *v);
}

static bool is_got(uint32_t t) { return t == CO_R_GOTPCREL || t == CO_R_GOTPCREL32_LO || t == CO_R_GOTPCREL32_HI; }

/* The literal for relocation type t (S, G, P absolute, as asm_data's reloc_value). */
static bool code_value(uint32_t t, uint64_t S, uint64_t G, int64_t addend, uint64_t P, uint32_t *out)
{
    uint64_t A = (uint64_t)addend;
    switch (t) {
    case CO_R_REL32: case CO_R_REL32_LO: *out = (uint32_t)(S + A - P); return true;
    case CO_R_REL32_HI: *out = (uint32_t)((S + A - P) >> 32); return true;
    case CO_R_GOTPCREL: case CO_R_GOTPCREL32_LO: *out = (uint32_t)(G + A - P); return true;
    case CO_R_GOTPCREL32_HI: *out = (uint32_t)((G + A - P) >> 32); return true;
    case CO_R_ABS32: case CO_R_ABS32_LO: *out = (uint32_t)(S + A); return true;
    case CO_R_ABS32_HI: *out = (uint32_t)((S + A) >> 32); return true;
    default: return false;
    }
}

static void link_relocatable(co_t *c, isa_program_t *out)
{
    uint64_t size[CO_NUM_CLS] = { 0 }, align[CO_NUM_CLS] = { 0 };
    bool any = false;
    for (size_t i = 1; i < c->nsecs; i++) {
        co_sec_t *s = &c->secs[i];
        s->cls = section_class(s);
        if (s->cls == CO_CLS_NONE)
            continue;
        uint64_t a = s->sh.sh_addralign > 1 ? s->sh.sh_addralign : 1;
        if (a > 4096) {
            co_error(c, "section %s: alignment %llu; at most 4096", s->name, (unsigned long long)a);
            return;
        }
        if (s->sh.sh_size > UINT32_MAX / 2) { /* before any sum: a .bss size near 2^64 would wrap */
            co_error(c, "section %s: %" PRIu64 " bytes; the program image holds at most %u", s->name,
                     (uint64_t)s->sh.sh_size, UINT32_MAX / 2);
            return;
        }
        size[s->cls] = (size[s->cls] + a - 1) / a * a;
        s->at = size[s->cls]; /* within its class until the bases are known */
        uint64_t bytes = s->sh.sh_size - kd_before(c, i, s->sh.sh_size, NULL);
        size[s->cls] += bytes;
        align[s->cls] = a > align[s->cls] ? a : align[s->cls];
        any |= bytes != 0;
    }
    for (size_t i = 0; i < c->nsyms && !any; i++) {
        const co_sym_t *y = &c->syms[i];
        any = y->defined && !y->is_kd && y->type != STT_SECTION && y->shndx < c->nsecs &&
              c->secs[y->shndx].cls != CO_CLS_NONE;
    }
    size_t nrel = 0;
    code_rel_t *rel = code_relocations(c, out, &nrel);
    if (!rel)
        return;
    if (!any && nrel == 0) {
        free(rel);
        return;
    }
    /* As asm_link_image: the code, then .rodata, .data, the GOT, .bss, each at its alignment. */
    const isa_kernel_t *last = &out->kernels[out->nkernels - 1];
    uint64_t end = last->image_offset + (last->code_bytes ? last->code_bytes : 4), base[CO_NUM_CLS] = { 0 };
    end = (end + 255) / 256 * 256;
    for (int k = CO_CLS_RODATA; k <= CO_CLS_DATA; k++) {
        uint64_t a = align[k] ? align[k] : 1;
        end = (end + a - 1) / a * a;
        base[k] = end;
        end += size[k];
    }
    /* One GOT entry per symbol reached through it (its slot assigned on first use below). */
    uint32_t ngot = 0;
    uint8_t *seen = calloc(c->nsyms + 1, 1);
    if (!seen) {
        co_error(c, "out of memory");
        free(rel);
        return;
    }
    for (size_t i = 0; i < nrel; i++) {
        size_t y = rel[i].sym ? (size_t)(rel[i].sym - c->syms) : c->nsyms;
        if (is_got(rel[i].type) && !seen[y])
            seen[y] = 1, ngot++;
    }
    free(seen);
    uint64_t got = ngot ? (end + 7) / 8 * 8 : end;
    end = got + 8ull * ngot;
    uint64_t a = align[CO_CLS_BSS] ? align[CO_CLS_BSS] : 1;
    end = (end + a - 1) / a * a;
    base[CO_CLS_BSS] = end;
    end += size[CO_CLS_BSS];
    if (end > UINT32_MAX / 2) {
        co_error(c, "the program image would be %" PRIu64 " bytes", end);
        free(rel);
        return;
    }
    uint8_t *img = calloc(end ? end : 1, 1);
    uint64_t *got_targets = calloc(ngot ? ngot : 1, sizeof *got_targets);
    got_slot_t *slots = calloc(ngot ? ngot : 1, sizeof *slots), *by_target = NULL;
    uint32_t nt = 0;
    if (!img || !got_targets || !slots) {
        co_error(c, "out of memory");
        goto done;
    }
    for (size_t i = 1; i < c->nsecs; i++) {
        co_sec_t *s = &c->secs[i];
        if (s->cls == CO_CLS_NONE)
            continue;
        s->at += base[s->cls];
        if (!s->data)
            continue;
        /* The bytes without the descriptors in them (sorted: the runs between them). */
        uint64_t to = s->at, off = 0;
        for (size_t d = first_kd(c, i, 0); d < c->nkds && c->kds[d]->shndx == i; d++) {
            uint64_t from = c->kds[d]->off < s->size ? c->kds[d]->off : s->size;
            if (from > off) {
                memcpy(img + to, s->data + off, from - off);
                to += from - off;
                off = from;
            }
            if (c->kds[d]->off + CODEOBJ_KD_SIZE > off)
                off = c->kds[d]->off + CODEOBJ_KD_SIZE < s->size ? c->kds[d]->off + CODEOBJ_KD_SIZE : s->size;
        }
        if (s->size > off)
            memcpy(img + to, s->data + off, s->size - off);
    }
    for (size_t i = 1; i < c->nsecs; i++) { /* data relocations: .quad sym, .long sym@abs32@lo */
        const co_sec_t *s = &c->secs[i];
        co_rela_iter_t it;
        GElf_Rela r;
        if (s->sh.sh_type != SHT_RELA || s->sh.sh_info >= c->nsecs || c->secs[s->sh.sh_info].cls == CO_CLS_NONE ||
            !co_rela_for(c, i, s->sh.sh_info, &it))
            continue;
        const co_sec_t *t = &c->secs[s->sh.sh_info];
        while (co_rela_next(c, &it, &r)) {
            bool inside = false;
            uint64_t skip = kd_before(c, s->sh.sh_info, r.r_offset, &inside);
            if (inside)
                continue; /* the descriptor's entry offset: checked by co_check_entry */
            uint32_t type = (uint32_t)GELF_R_TYPE(r.r_info);
            unsigned width = type == CO_R_ABS64 ? 8 : 4;
            char where[160];
            snprintf(where, sizeof where, "section %s, relocation at %s+0x%" PRIx64, s->name, t->name,
                     (uint64_t)r.r_offset);
            uint64_t sa;
            if (type != CO_R_ABS64 && type != CO_R_ABS32 && type != CO_R_ABS32_LO && type != CO_R_ABS32_HI) {
                co_error(c, "%s: relocation type %u in data (gcnsim resolves absolute ones there: .quad sym, "
                         ".long sym@abs32@lo)", where, type);
                continue;
            }
            if (r.r_offset > t->sh.sh_size || width > t->sh.sh_size - r.r_offset || !t->data) {
                co_error(c, "%s: outside the section", where);
                continue;
            }
            int64_t addend = r.r_addend;
            if (!sym_plus(c, out, co_sym_by_index(c, (uint32_t)GELF_R_SYM(r.r_info)), &addend, where, &sa))
                continue;
            uint64_t v = ISA_IMAGE_BASE + sa + (uint64_t)addend;
            le_put(img + t->at + r.r_offset - skip, width, type == CO_R_ABS32_HI ? v >> 32 : v);
        }
    }
    for (size_t i = 0; i < nrel; i++) {
        isa_kernel_t *kn = &out->kernels[rel[i].kernel];
        isa_inst_t *in = &kn->insts[rel[i].inst];
        char where[160];
        snprintf(where, sizeof where, "kernel '%s', relocation at +0x%x", kn->name, in->pc + in->size - 4);
        uint64_t s, g = 0, P = kn->image_offset + in->pc + in->size - 4;
        int64_t addend = rel[i].addend;
        if (!(is_got(rel[i].type) ? sym_image(c, out, rel[i].sym, where, &s)
                                  : sym_plus(c, out, rel[i].sym, &addend, where, &s)))
            continue;
        if (is_got(rel[i].type)) {
            /* Symbols at one address share an entry, in order of first use. */
            got_slot_t *e = NULL;
            HASH_FIND(hh, by_target, &s, sizeof s, e);
            if (!e && nt < ngot) {
                e = &slots[nt];
                e->target = s;
                e->slot = nt;
                got_targets[nt++] = s;
                HASH_ADD(hh, by_target, target, sizeof e->target, e);
            }
            g = got + 8ull * (e ? e->slot : nt);
        }
        if (!code_value(rel[i].type, ISA_IMAGE_BASE + s, ISA_IMAGE_BASE + g, addend, ISA_IMAGE_BASE + P,
                        &in->literal))
            co_error(c, "%s: relocation type %u is not one gcnsim resolves in code (rel32, gotpcrel32, abs32)",
                     where, rel[i].type);
    }
    for (uint32_t k = 0; k < nt; k++)
        le_put(img + got + 8ull * k, 8, ISA_IMAGE_BASE + got_targets[k]);
    if (!c->nerrors) {
        out->image = img;
        out->image_bytes = (uint32_t)end;
        img = NULL;
    }
done:
    HASH_CLEAR(hh, by_target);
    free(slots);
    free(img);
    free(got_targets);
    free(rel);
}

/* ---- The linked layout ----------------------------------------------------------------------- */

/* A linked object's code already holds its linker's pc-relative offsets, so its sections stay at
 * their addresses; it needs an image only when it holds data besides the descriptors. */
static void link_shared(co_t *c, isa_program_t *out)
{
    uint64_t end = 0;
    bool any = false;
    for (size_t i = 1; i < c->nsecs; i++) {
        co_sec_t *s = &c->secs[i];
        if (!(s->sh.sh_flags & SHF_ALLOC))
            continue;
        if (s->sh.sh_addr > UINT32_MAX / 2 || s->sh.sh_size > UINT32_MAX / 2 - s->sh.sh_addr) {
            co_error(c, "section %s: address 0x%llx is beyond the %u bytes gcnsim maps", s->name,
                     (unsigned long long)s->sh.sh_addr, UINT32_MAX / 2);
            return;
        }
        if (s->sh.sh_addr + s->sh.sh_size > end)
            end = s->sh.sh_addr + s->sh.sh_size;
        int cls = section_class(s);
        any |= cls != CO_CLS_NONE && s->sh.sh_size > kd_before(c, i, s->sh.sh_size, NULL);
        any |= strcmp(s->name, ".got") == 0;
    }
    for (size_t k = 0; k < c->nkernels; k++)
        out->kernels[k].image_offset = (uint32_t)c->kernels[k].entry->value;
    if (!any) {
        /* No data: each kernel is loaded alone, as from text. */
        uint64_t off = 0;
        for (uint32_t k = 0; k < out->nkernels; k++) {
            off = (off + 255) / 256 * 256;
            out->kernels[k].image_offset = (uint32_t)off;
            off += out->kernels[k].code_bytes ? out->kernels[k].code_bytes : 4;
        }
        return;
    }
    uint8_t *img = calloc(end ? end : 1, 1);
    if (!img) {
        co_error(c, "out of memory");
        return;
    }
    for (size_t i = 1; i < c->nsecs; i++) {
        const co_sec_t *s = &c->secs[i];
        if ((s->sh.sh_flags & SHF_ALLOC) && !(s->sh.sh_flags & SHF_EXECINSTR) && s->data)
            memcpy(img + s->sh.sh_addr, s->data, s->size);
    }
    for (size_t i = 1; i < c->nsecs; i++) { /* the dynamic relocations: GOT entries and pointers */
        const co_sec_t *s = &c->secs[i];
        if (s->sh.sh_type != SHT_RELA || !(s->sh.sh_flags & SHF_ALLOC) || !s->data ||
            s->sh.sh_entsize != sizeof(Elf64_Rela))
            continue;
        co_rela_iter_t it = { s, 0, s->size / sizeof(Elf64_Rela) };
        GElf_Rela r;
        while (co_rela_next(c, &it, &r)) {
            uint32_t type = (uint32_t)GELF_R_TYPE(r.r_info);
            const co_sym_t *y = co_sym_by_index(c, (uint32_t)GELF_R_SYM(r.r_info));
            if (r.r_offset > end || end - r.r_offset < 8 || (type != CO_R_RELATIVE64 && type != CO_R_ABS64) ||
                (type == CO_R_ABS64 && (!y || !y->defined))) {
                co_error(c, "section %s, relocation at 0x%" PRIx64 " (type %u): gcnsim applies RELATIVE64 and "
                         "ABS64 against defined symbols within the image", s->name, (uint64_t)r.r_offset, type);
                free(img);
                return;
            }
            uint64_t v = ISA_IMAGE_BASE + (uint64_t)r.r_addend + (type == CO_R_ABS64 ? y->value : 0);
            le_put(img + r.r_offset, 8, v);
        }
    }
    out->image = img;
    out->image_bytes = (uint32_t)end;
}

void co_link(co_t *c, isa_program_t *out)
{
    if (c->eh.e_type == ET_DYN) {
        link_shared(c, out);
        return;
    }
    uint64_t off = 0;
    for (uint32_t k = 0; k < out->nkernels; k++) {
        off = (off + 255) / 256 * 256;
        out->kernels[k].image_offset = (uint32_t)off;
        off += out->kernels[k].code_bytes ? out->kernels[k].code_bytes : 4;
    }
    link_relocatable(c, out);
}

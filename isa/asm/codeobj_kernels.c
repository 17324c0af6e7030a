/* codeobj_kernels: which symbols of a code object are kernels, and where each one's code lies
 * (codeobj_kernels.h). The rules are docs/kernels.md's, "Code objects": v3 and later name a kernel
 * by its descriptor NAME.kd, v2 by a symbol of type STT_AMDGPU_HSA_KERNEL over its
 * amd_kernel_code_t, and a file without either is code for gcnsim's default ABI. */
#include "asm/codeobj_kernels.h"

#include "asm/codeobj_v2.h"
#include "common/le.h"

#include <stdlib.h>
#include <string.h>

enum { CO_STT_AMDGPU_HSA_KERNEL = 10 }; /* a code object v2 kernel's symbol (STT_LOOS) */
#define CO_NOP 0xbf800000u /* s_nop 0: what .p2align pads code with */

static bool in_section(const co_t *c, const co_sym_t *y, uint64_t size)
{
    const GElf_Shdr *sh = &c->secs[y->shndx].sh;
    return y->defined && y->off <= sh->sh_size && size <= sh->sh_size - y->off;
}

static bool executable(const co_t *c, uint32_t shndx)
{
    return shndx < c->nsecs && (c->secs[shndx].sh.sh_flags & SHF_EXECINSTR) && c->secs[shndx].data;
}

static bool add_kernel(co_t *c, const co_sym_t *entry, const co_sym_t *kd)
{
    if (!executable(c, entry->shndx)) {
        co_error(c, "symbol '%s': it is in section %s, which holds no code", entry->name,
                 entry->shndx < c->nsecs ? c->secs[entry->shndx].name : "(none)");
        return false;
    }
    if (!in_section(c, entry, entry->size)) {
        co_error(c, "symbol '%s': offset 0x%llx (%llu bytes) lies outside section %s (%llu bytes)", entry->name,
                 (unsigned long long)entry->off, (unsigned long long)entry->size, c->secs[entry->shndx].name,
                 (unsigned long long)c->secs[entry->shndx].sh.sh_size);
        return false;
    }
    co_kernel_t *k = &c->kernels[c->nkernels++];
    memset(k, 0, sizeof *k);
    k->entry = entry;
    k->kd = kd;
    return true;
}

static int cmp_kernel(const void *a, const void *b)
{
    const co_kernel_t *x = a, *y = b;
    if (x->entry->shndx != y->entry->shndx)
        return x->entry->shndx < y->entry->shndx ? -1 : 1;
    return x->entry->off != y->entry->off ? (x->entry->off < y->entry->off ? -1 : 1) : 0;
}

/* Code object v2: a kernel is a global symbol of type STT_AMDGPU_HSA_KERNEL in code whose first
 * 256 bytes are its amd_kernel_code_t, its code kernel_code_entry_byte_offset bytes after that. Its
 * entry is a symbol made here at the code's start; the header's symbol stays as its descriptor. */
static bool find_kernels_v2(co_t *c)
{
    c->v2_entries = calloc(c->nsyms ? c->nsyms : 1, sizeof *c->v2_entries);
    if (!c->v2_entries) {
        co_error(c, "out of memory");
        return false;
    }
    for (size_t i = 0; i < c->nsyms; i++) {
        const co_sym_t *y = &c->syms[i];
        if (y->type != CO_STT_AMDGPU_HSA_KERNEL)
            continue;
        uint64_t hsize = y->size > CODEOBJ_V2_HEADER_SIZE ? y->size : CODEOBJ_V2_HEADER_SIZE;
        /* Global or not: ROCm's older compilers made some kernels' symbols local. */
        if (!y->defined || !executable(c, y->shndx) || !in_section(c, y, hsize) || !c->secs[y->shndx].data) {
            co_error(c, "symbol '%s': a code object v2 kernel is a symbol in code that holds its %d-byte "
                     "amd_kernel_code_t and its code; this one is %llu bytes at offset 0x%llx of %s", y->name,
                     CODEOBJ_V2_HEADER_SIZE, (unsigned long long)y->size, (unsigned long long)y->off,
                     y->shndx < c->nsecs ? c->secs[y->shndx].name : "(no section)");
            return false;
        }
        const co_sec_t *s = &c->secs[y->shndx];
        const uint8_t *h = s->data + y->off;
        uint64_t entry = (uint64_t)le_get32(h + 16) | (uint64_t)le_get32(h + 20) << 32;
        uint64_t room = y->size ? y->size : s->sh.sh_size - y->off;
        if (entry < CODEOBJ_V2_HEADER_SIZE || entry % 256 != 0 || entry >= room) {
            co_error(c, "amd_kernel_code_t '%s' (section %s, offset 0x%llx): kernel_code_entry_byte_offset %lld does "
                     "not lead into its code (a multiple of 256 from %d to %llu)", y->name, s->name,
                     (unsigned long long)y->off, (long long)entry, CODEOBJ_V2_HEADER_SIZE,
                     (unsigned long long)(room ? room - 1 : 0));
            return false;
        }
        co_sym_t *e = &c->v2_entries[i];
        *e = *y;
        e->off += entry;
        e->value += entry;
        e->size = y->size ? y->size - entry : 0;
        if (!add_kernel(c, e, y))
            return false;
        c->has_kd = true;
    }
    return true; /* none: code for gcnsim's default ABI, as in v3 */
}

/* Where kernel k's bytes begin: its v2 header, else its code. */
static uint64_t kernel_begin(const co_t *c, const co_kernel_t *k)
{
    return c->version == 2 && k->kd ? k->kd->off : k->entry->off;
}

/* Kernels are named by their descriptors (NAME.kd beside the entry NAME); a file without any
 * descriptor is hand-written code for gcnsim's default ABI, whose kernels are its global symbols
 * in code, as `.globl NAME` makes them (codeobj_kernels.h). */
bool co_find_kernels(co_t *c)
{
    c->kernels = calloc(c->nsyms ? c->nsyms : 1, sizeof *c->kernels);
    if (!c->kernels) {
        co_error(c, "out of memory");
        return false;
    }
    if (c->version == 2 && !find_kernels_v2(c))
        return false;
    char *name = NULL;
    for (size_t i = 0; i < c->nsyms && c->version > 2; i++) {
        co_sym_t *kd = &c->syms[i];
        size_t len = strlen(kd->name);
        if (len < 4 || strcmp(kd->name + len - 3, ".kd") != 0 || kd->type == STT_SECTION)
            continue;
        free(name);
        if (!(name = malloc(len - 2))) {
            co_error(c, "out of memory");
            return false;
        }
        memcpy(name, kd->name, len - 3);
        name[len - 3] = 0;
        /* A local NAME.kd is a descriptor when the metadata names the kernel NAME. */
        if (!kd->global && !codeobj_meta_find(&c->meta, name))
            continue;
        if (!kd->defined || kd->size != CODEOBJ_KD_SIZE || !in_section(c, kd, CODEOBJ_KD_SIZE) ||
            !c->secs[kd->shndx].data) {
            co_error(c, "symbol '%s': a kernel descriptor is %d bytes of a section with data; this one is %llu "
                     "bytes at offset 0x%llx of %s", kd->name, CODEOBJ_KD_SIZE, (unsigned long long)kd->size,
                     (unsigned long long)kd->off, kd->shndx < c->nsecs ? c->secs[kd->shndx].name : "(no section)");
            return free(name), false;
        }
        const co_sym_t *entry = co_find_sym(c, name);
        if (!entry || !entry->defined) {
            co_error(c, "symbol '%s': kernel descriptor without its kernel's code symbol '%s'", kd->name, name);
            return free(name), false;
        }
        if (!add_kernel(c, entry, kd))
            return free(name), false;
        c->has_kd = true;
    }
    free(name);
    for (size_t i = 0; i < c->nsyms && !c->has_kd; i++) {
        const co_sym_t *y = &c->syms[i];
        if (y->global && y->defined && executable(c, y->shndx) && (y->type == STT_FUNC || y->type == STT_NOTYPE) &&
            !add_kernel(c, y, NULL))
            return false;
    }
    if (c->nkernels == 0) {
        co_error(c, "no kernel: neither a kernel descriptor (NAME.kd) nor a global symbol in code");
        return false;
    }
    qsort(c->kernels, c->nkernels, sizeof *c->kernels, cmp_kernel);
    for (size_t i = 0; i < c->nkernels; i++) {
        ((co_sym_t *)c->kernels[i].entry)->kernel = (int32_t)i; /* syms and v2_entries are ours */
        if (c->kernels[i].kd)
            ((co_sym_t *)c->kernels[i].kd)->is_kd = true;
    }
    for (size_t i = 0; i + 1 < c->nkernels; i++)
        if (c->kernels[i].entry->shndx == c->kernels[i + 1].entry->shndx &&
            c->kernels[i].entry->off == c->kernels[i + 1].entry->off) {
            co_error(c, "symbols '%s' and '%s': two kernels at offset 0x%llx of %s", c->kernels[i].entry->name,
                     c->kernels[i + 1].entry->name, (unsigned long long)c->kernels[i].entry->off,
                     c->secs[c->kernels[i].entry->shndx].name);
            return false;
        }
    /* Each kernel's code: its symbol's size, else up to the next kernel or the section's end. */
    for (size_t i = 0; i < c->nkernels; i++) {
        co_kernel_t *k = &c->kernels[i];
        const co_sec_t *s = &c->secs[k->entry->shndx];
        k->start = k->entry->off;
        if (k->entry->size) {
            k->end = k->start + k->entry->size;
        } else {
            k->end = i + 1 < c->nkernels && c->kernels[i + 1].entry->shndx == k->entry->shndx
                         ? kernel_begin(c, &c->kernels[i + 1]) : s->sh.sh_size;
            k->end = k->start + (k->end - k->start) / 4 * 4;
            /* Without a size the alignment padding before the next kernel is s_nop 0 words. */
            while (k->end >= k->start + 8 && le_get32(s->data + k->end - 4) == CO_NOP)
                k->end -= 4;
        }
        if (i + 1 < c->nkernels && c->kernels[i + 1].entry->shndx == k->entry->shndx &&
            k->end > kernel_begin(c, &c->kernels[i + 1])) {
            co_error(c, "symbol '%s': its %llu bytes of code overlap kernel '%s'", k->entry->name,
                     (unsigned long long)(k->end - k->start), c->kernels[i + 1].entry->name);
            return false;
        }
    }
    return true;
}

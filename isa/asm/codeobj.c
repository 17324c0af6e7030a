/* codeobj: an AMDGPU ELF code object read into the program the assembler would make of its
 * source. libelf reads the ELF structure (headers, sections, symbols, relocations, notes); the
 * machine code goes through asm_decode, the descriptors through codeobj_kd, the metadata note
 * through codeobj_meta, the kernels are found by codeobj_kernels, and the program image is laid
 * out as asm_link lays out text (codeobj_link.c). The rules that decide what is a kernel and where
 * it ends are in docs/kernels.md, "Code objects". */
#include "asm/codeobj.h"

#include "asm/asm.h"
#include "asm/asm_program.h"
#include "asm/asm_decode.h"
#include "asm/asm_directives.h"
#include "asm/codeobj_kernels.h"
#include "asm/codeobj_link.h"
#include "common/le.h"
#include "asm/codeobj_kd.h"
#include "asm/codeobj_v2.h"

#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

/* The AMDGPU values of the ELF header (LLVM AMDGPUUsage, "ELF Code Object"). */
enum {
    CO_EM_AMDGPU = 224,
    CO_OSABI_AMDGPU_HSA = 64,
    CO_ABI_V2 = 0, CO_ABI_V3 = 1, CO_ABI_V5 = 3,
    CO_MACH_MASK = 0xff,
    CO_MACH_GFX803 = 0x2a, /* EF_AMDGPU_MACH_AMDGCN_GFX803 (AMDGPUUsage, "AMDGPU ELF Header"; llvm/BinaryFormat/ELF.h) */
    CO_MACH_GFX900 = 0x2c,
    CO_MACH_GFX906 = 0x2f,
    CO_MACH_GFX908 = 0x30,
    CO_MACH_GFX90A = 0x3f,
    CO_MACH_GFX942 = 0x4c,
    CO_NT_AMDGPU_METADATA = 32,
};

bool codeobj_is_elf(const void *data, size_t len)
{
    return len >= 4 && memcmp(data, "\177ELF", 4) == 0;
}

/* ---- Header ------------------------------------------------------------------------------- */

static const char *mach_name(unsigned mach)
{
    static const struct {
        unsigned mach;
        const char *name;
    } names[] = {
        { 0x20, "gfx600" }, { 0x21, "gfx601" }, { 0x22, "gfx700" }, { 0x23, "gfx701" }, { 0x24, "gfx702" },
        { 0x25, "gfx703" }, { 0x26, "gfx704" }, { 0x28, "gfx801" }, { 0x29, "gfx802" }, { 0x2a, "gfx803" },
        { 0x2b, "gfx810" }, { 0x2c, "gfx900" }, { 0x2d, "gfx902" }, { 0x2e, "gfx904" }, { 0x2f, "gfx906" },
        { 0x30, "gfx908" }, { 0x31, "gfx909" }, { 0x32, "gfx90c" }, { 0x33, "gfx1010" }, { 0x34, "gfx1011" },
        { 0x35, "gfx1012" }, { 0x36, "gfx1030" }, { 0x3f, "gfx90a" }, { 0x40, "gfx940" },
        { 0x41, "gfx1100" }, { 0x4b, "gfx941" }, { 0x4c, "gfx942" },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].mach == mach)
            return names[i].name;
    return "an unknown processor";
}

static bool check_header(co_t *c)
{
    GElf_Ehdr *h = &c->eh;
    if (elf_kind(c->elf) != ELF_K_ELF || !gelf_getehdr(c->elf, h)) {
        co_error(c, "ELF header: truncated or malformed (%s)", elf_errmsg(-1));
        return false;
    }
    if (h->e_ident[EI_CLASS] != ELFCLASS64 || h->e_ident[EI_DATA] != ELFDATA2LSB) {
        co_error(c, "ELF header: not a 64-bit little-endian ELF file (an AMDGPU code object is)");
        return false;
    }
    if (h->e_machine != CO_EM_AMDGPU) {
        co_error(c, "ELF header: machine %u is not AMDGPU (%u): not a GPU code object", h->e_machine, CO_EM_AMDGPU);
        return false;
    }
    if (h->e_ident[EI_OSABI] != CO_OSABI_AMDGPU_HSA) {
        co_error(c, "ELF header: OS/ABI %u is not AMDGPU_HSA (%u): compile for amdgcn-amd-amdhsa",
                 h->e_ident[EI_OSABI], CO_OSABI_AMDGPU_HSA);
        return false;
    }
    unsigned abi = h->e_ident[EI_ABIVERSION];
    if (abi > CO_ABI_V5) {
        co_error(c, "ELF header: ABI version %u is not one of code object v2, v3, v4, v5 (0, 1, 2, 3)", abi);
        return false;
    }
    c->version = abi == CO_ABI_V2 ? 2 : abi + 2;
    unsigned mach = (unsigned)(h->e_flags & CO_MACH_MASK);
    /* The target is the processor of EF_AMDGPU_MACH. A v2 object of an older compiler may leave
     * e_flags 0: its notes name the target (gfx803 only: codeobj_v2.c). */
    if (c->version == 2 && h->e_flags == 0)
        mach = CO_MACH_GFX803;
    static const unsigned machs[ISA_NUM_TARGETS] = {
        [ISA_TARGET_GFX803] = CO_MACH_GFX803, [ISA_TARGET_GFX900] = CO_MACH_GFX900,
        [ISA_TARGET_GFX906] = CO_MACH_GFX906, [ISA_TARGET_GFX908] = CO_MACH_GFX908,
        [ISA_TARGET_GFX90A] = CO_MACH_GFX90A, [ISA_TARGET_GFX942] = CO_MACH_GFX942,
    };
    unsigned t = 0;
    while (t < ISA_NUM_TARGETS && machs[t] != mach)
        t++;
    if (t == ISA_NUM_TARGETS) {
        co_error(c, "ELF header: e_flags 0x%x is for %s (EF_AMDGPU_MACH 0x%x); gcnsim simulates gfx803 (0x%x), "
                 "gfx900 (0x%x), gfx906 (0x%x), gfx908 (0x%x), gfx90a (0x%x) and gfx942 (0x%x)",
                 (unsigned)h->e_flags, mach_name(mach), mach, CO_MACH_GFX803, CO_MACH_GFX900, CO_MACH_GFX906,
                 CO_MACH_GFX908, CO_MACH_GFX90A, CO_MACH_GFX942);
        return false;
    }
    c->target = (isa_target_t)t;
    if (h->e_shoff > c->len || (uint64_t)h->e_shnum * h->e_shentsize > c->len - h->e_shoff) {
        co_error(c, "ELF header: the section header table (offset 0x%llx, %u entries of %u bytes) runs past the end "
                 "of the file (%zu bytes): truncated?", (unsigned long long)h->e_shoff, h->e_shnum, h->e_shentsize,
                 c->len);
        return false;
    }
    if (h->e_type != ET_REL && h->e_type != ET_DYN) {
        co_error(c, "ELF header: type %u is neither a relocatable object (clang -c) nor a shared object (.hsaco)",
                 h->e_type);
        return false;
    }
    return true;
}

/* ---- Sections and symbols ---------------------------------------------------------------- */

static bool read_sections(co_t *c)
{
    size_t shstrndx, n;
    if (elf_getshdrstrndx(c->elf, &shstrndx) != 0 || elf_getshdrnum(c->elf, &n) != 0) {
        co_error(c, "section headers: truncated or malformed (%s)", elf_errmsg(-1));
        return false;
    }
    if (n > 65536) {
        co_error(c, "section headers: %zu sections; at most 65536", n);
        return false;
    }
    c->secs = calloc(n ? n : 1, sizeof *c->secs);
    if (!c->secs) {
        co_error(c, "out of memory");
        return false;
    }
    c->nsecs = n;
    for (size_t i = 1; i < n; i++) {
        co_sec_t *s = &c->secs[i];
        Elf_Scn *scn = elf_getscn(c->elf, i);
        if (!scn || !gelf_getshdr(scn, &s->sh)) {
            co_error(c, "section %zu: malformed header (%s)", i, elf_errmsg(-1));
            return false;
        }
        const char *name = elf_strptr(c->elf, shstrndx, s->sh.sh_name);
        snprintf(s->name, sizeof s->name, "%s", name && name[0] ? name : "(unnamed)");
        if (s->sh.sh_type == SHT_NOBITS || s->sh.sh_type == SHT_NULL)
            continue;
        if (s->sh.sh_offset > c->len || s->sh.sh_size > c->len - s->sh.sh_offset) {
            co_error(c, "section %s: offset 0x%llx, %llu bytes: past the end of the file (%zu bytes; truncated?)",
                     s->name, (unsigned long long)s->sh.sh_offset, (unsigned long long)s->sh.sh_size, c->len);
            return false;
        }
        s->data = c->buf + s->sh.sh_offset;
        s->size = (size_t)s->sh.sh_size;
    }
    return true;
}

static bool read_symbols(co_t *c)
{
    size_t symsec = 0;
    for (size_t i = 1; i < c->nsecs && !symsec; i++)
        if (c->secs[i].sh.sh_type == SHT_SYMTAB)
            symsec = i;
    for (size_t i = 1; i < c->nsecs && !symsec; i++)
        if (c->secs[i].sh.sh_type == SHT_DYNSYM)
            symsec = i;
    if (!symsec) {
        co_error(c, "no symbol table (.symtab): the kernels cannot be found");
        return false;
    }
    const co_sec_t *ss = &c->secs[symsec];
    Elf_Data *d = elf_getdata(elf_getscn(c->elf, symsec), NULL);
    size_t n = ss->sh.sh_entsize ? ss->size / ss->sh.sh_entsize : 0;
    if (!d || ss->sh.sh_entsize != sizeof(Elf64_Sym) || ss->sh.sh_link >= c->nsecs) {
        co_error(c, "section %s: malformed symbol table", ss->name);
        return false;
    }
    c->syms = calloc(n ? n : 1, sizeof *c->syms);
    c->by_index = calloc(n ? n : 1, sizeof *c->by_index);
    if (!c->syms || !c->by_index) {
        co_error(c, "out of memory");
        return false;
    }
    c->nindex = n;
    for (size_t i = 1; i < n; i++) {
        GElf_Sym s;
        if (!gelf_getsym(d, (int)i, &s))
            continue;
        co_sym_t *y = &c->syms[c->nsyms];
        const char *name = elf_strptr(c->elf, ss->sh.sh_link, s.st_name);
        bool section = GELF_ST_TYPE(s.st_info) == STT_SECTION;
        /* A section symbol is kept for the relocations against it (llvm-mc writes one for a
         * reference to a .L label of another section), named after its section. */
        if (section && s.st_shndx != SHN_UNDEF && s.st_shndx < c->nsecs)
            name = c->secs[s.st_shndx].name;
        if (!name || !name[0] || (section && s.st_shndx >= c->nsecs) || GELF_ST_TYPE(s.st_info) == STT_FILE)
            continue;
        y->name = name; /* libelf's string table: NUL-terminated within the section, any length */
        y->index = (uint32_t)i;
        y->shndx = s.st_shndx;
        y->type = GELF_ST_TYPE(s.st_info);
        y->global = GELF_ST_BIND(s.st_info) != STB_LOCAL;
        y->kernel = -1;
        y->size = s.st_size;
        y->value = s.st_value;
        if (s.st_shndx != SHN_UNDEF && s.st_shndx < c->nsecs) {
            /* In a shared object a symbol's value is an address: make it an offset into its section. */
            const GElf_Shdr *sh = &c->secs[s.st_shndx].sh;
            y->off = c->eh.e_type == ET_DYN ? s.st_value - sh->sh_addr : s.st_value;
            y->defined = true;
        }
        c->by_index[i] = y;
        c->nsyms++;
    }
    /* By name, the first of each (a section symbol is never looked up by name). */
    for (size_t i = 0; i < c->nsyms; i++) {
        co_sym_t *y = &c->syms[i], *old = NULL;
        if (y->type == STT_SECTION)
            continue;
        HASH_FIND_STR(c->by_name, y->name, old);
        if (!old)
            HASH_ADD_KEYPTR(hh, c->by_name, y->name, strlen(y->name), y);
    }
    return true;
}

static const codeobj_meta_kernel_t *find_meta(const co_t *c, const char *name)
{
    return codeobj_meta_find(&c->meta, name);
}

/* ---- Code and labels ---------------------------------------------------------------------- */

static int cmp_label(const void *a, const void *b)
{
    const co_label_t *x = a, *y = b;
    if (x->index != y->index)
        return x->index < y->index ? -1 : 1;
    if (x->own != y->own)
        return x->own ? -1 : 1; /* the kernel's own name first, as it starts the kernel in the text */
    return x->order < y->order ? -1 : x->order > y->order;
}

/* The kernel's labels: the symbols within its code (with --save-temp-labels llvm-mc keeps the
 * .L names of the source), then a made-up `.Lpc_0xN` for a branch target without one. The symbols
 * in its code are found in c->by_place (sorted by section and offset). */
static bool build_labels(co_t *c, const co_kernel_t *ck, isa_kernel_t *k)
{
    size_t lo = 0, hi = c->nplace;
    while (lo < hi) { /* the first symbol at or after the kernel's start */
        size_t mid = lo + (hi - lo) / 2;
        const co_sym_t *y = c->by_place[mid];
        if (y->shndx < ck->entry->shndx || (y->shndx == ck->entry->shndx && y->off < ck->start))
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t first = lo, last = lo;
    while (last < c->nplace && c->by_place[last]->shndx == ck->entry->shndx && c->by_place[last]->off <= ck->end)
        last++;
    co_label_t *v = calloc(last - first + k->ninsts + 1, sizeof *v);
    bool *named = calloc(k->ninsts + 1, sizeof *named);
    uint32_t n = 0;
    if (!v || !named) {
        free(v);
        free(named);
        co_error(c, "out of memory");
        return false;
    }
    if (c->version == 2) { /* its entry symbol is made up, not in the table */
        v[n].name = ck->entry->name;
        v[n].own = true;
        v[n].order = ck->entry->index;
        n++;
    }
    for (size_t i = first; i < last; i++) {
        const co_sym_t *y = c->by_place[i];
        bool other_kernel = y->kernel >= 0 && &c->kernels[y->kernel] != ck;
        int64_t idx = co_inst_at(k, y->off - ck->start);
        if (other_kernel || idx < 0)
            continue;
        v[n].name = y->name;
        v[n].index = (uint32_t)idx;
        v[n].own = y == ck->entry;
        v[n].order = y->index;
        named[idx] = true;
        n++;
    }
    for (uint32_t i = 0; i < k->ninsts; i++) {
        uint32_t t = k->insts[i].target;
        if (!strchr(isa_ops[k->insts[i].op].sig, 'L') || t > k->ninsts || named[t])
            continue;
        snprintf(v[n].made, sizeof v[n].made, ".Lpc_0x%x", t < k->ninsts ? k->insts[t].pc : k->code_bytes);
        v[n].index = t;
        v[n].order = UINT32_MAX;
        named[t] = true;
        n++;
    }
    free(named);
    qsort(v, n, sizeof *v, cmp_label);
    k->labels = calloc(n ? n : 1, sizeof *k->labels);
    if (!k->labels) {
        free(v);
        co_error(c, "out of memory");
        return false;
    }
    for (uint32_t i = 0; i < n; i++) {
        if (!(k->labels[i].name = strdup(v[i].name ? v[i].name : v[i].made))) {
            free(v);
            co_error(c, "out of memory");
            return false;
        }
        k->labels[i].index = v[i].index;
        k->nlabels = i + 1;
    }
    free(v);
    return true;
}

static int cmp_place(const void *a, const void *b)
{
    const co_sym_t *x = *(const co_sym_t *const *)a, *y = *(const co_sym_t *const *)b;
    if (x->shndx != y->shndx)
        return x->shndx < y->shndx ? -1 : 1;
    if (x->off != y->off)
        return x->off < y->off ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static bool index_places(co_t *c)
{
    c->by_place = calloc(c->nsyms ? c->nsyms : 1, sizeof *c->by_place);
    if (!c->by_place) {
        co_error(c, "out of memory");
        return false;
    }
    for (size_t i = 0; i < c->nsyms; i++)
        if (c->syms[i].defined && c->syms[i].type != STT_SECTION)
            c->by_place[c->nplace++] = &c->syms[i];
    qsort(c->by_place, c->nplace, sizeof *c->by_place, cmp_place);
    return true;
}

static bool decode_kernel(co_t *c, co_kernel_t *ck, isa_kernel_t *k)
{
    const co_sec_t *s = &c->secs[ck->entry->shndx];
    char err[256];
    if (!(k->name = strdup(ck->entry->name))) {
        co_error(c, "out of memory");
        return false;
    }
    if (ck->end == ck->start) {
        co_error(c, "symbol '%s': kernel has no instructions", k->name);
        return false;
    }
    if (asm_decode_code(c->map, s->data + ck->start, (size_t)(ck->end - ck->start), &k->insts, &k->ninsts, err,
                        sizeof err)) {
        co_error(c, "section %s, kernel '%s' (at 0x%llx): %s", s->name, k->name, (unsigned long long)ck->start, err);
        return false;
    }
    k->code_bytes = (uint32_t)(ck->end - ck->start);
    return co_branch_relocs(c, ck, k) && build_labels(c, ck, k);
}

/* ---- Descriptor, metadata, resources -------------------------------------------------------- */

/* The YAML metadata's counts and sizes, where given, are the header's. */
static bool v2_agrees(const codeobj_v2_code_t *v2, const codeobj_meta_kernel_t *m, char *msg, size_t n)
{
    const char *what = NULL;
    uint32_t meta = 0, hdr = 0;
    if (m && m->has_kernarg_size && m->kernarg_size != v2->kernarg_size)
        what = "KernargSegmentSize", meta = m->kernarg_size, hdr = (uint32_t)v2->kernarg_size;
    else if (m && m->has_sgpr_count && m->sgpr_count != v2->sgpr_count)
        what = "NumSGPRs", meta = m->sgpr_count, hdr = v2->sgpr_count;
    else if (m && m->has_vgpr_count && m->vgpr_count != v2->vgpr_count)
        what = "NumVGPRs", meta = m->vgpr_count, hdr = v2->vgpr_count;
    if (what)
        snprintf(msg, n, "the metadata's CodeProps.%s is %u but the header says %u", what, meta, hdr);
    return !what;
}

/* A code object keeps next_free_sgpr and the VCC/FLAT_SCRATCH reservations only as their sum
 * (the metadata's .sgpr_count, else the descriptor's granulated count). The split taken is the
 * largest reservation (LLVM's defaults reserve both) that leaves next_free_sgpr at least what the
 * code uses; the VGPR count is the metadata's .vgpr_count, else the granulated count. */
static bool kernel_descriptor(co_t *c, const co_kernel_t *ck, isa_kernel_t *k)
{
    if (!ck->kd) {
        asm_default_descriptor(&k->desc);
        k->kernarg_segment_size = k->desc.kernarg_size;
        asm_kernel_resources(k);
        return true;
    }
    codeobj_v2_code_t v2;
    codeobj_kd_t kd;
    char msg[256];
    const uint8_t *p = c->secs[ck->kd->shndx].data + ck->kd->off;
    const codeobj_meta_kernel_t *m = find_meta(c, k->name);
    if (c->version == 2) {
        if (!codeobj_v2_code_read(p, &v2, msg, sizeof msg) || !v2_agrees(&v2, m, msg, sizeof msg)) {
            co_error(c, "amd_kernel_code_t '%s' (section %s, offset 0x%llx): %s", ck->kd->name,
                     c->secs[ck->kd->shndx].name, (unsigned long long)ck->kd->off, msg);
            return false;
        }
        kd = v2.kd;
    } else if (!codeobj_kd_read(p, &kd, msg, sizeof msg)) {
        co_error(c, "kernel descriptor '%s' (section %s, offset 0x%llx): %s", ck->kd->name,
                 c->secs[ck->kd->shndx].name, (unsigned long long)ck->kd->off, msg);
        return false;
    } else if (!co_check_entry(c, ck, &kd)) {
        return false;
    }
    /* COMPUTE_PGM_RSRC3: 0 before gfx90a; from gfx90a ACCUM_OFFSET [5:0] (accum_offset / 4 - 1) and
     * TG_SPLIT [16], and the granulated VGPR count in granules of 8 of the unified file (LLVM
     * AMDGPUUsage, "compute_pgm_rsrc3 for GFX90A, GFX942"; agpr) */
    const char *bad3 = NULL;
    if (isa_target_gfx90a(c->target)) {
        kd.vgprs_granted = (kd.vgpr_granules + 1) * 8;
        kd.desc.accum_offset = ((kd.rsrc3 & 0x3fu) + 1) * 4;
        kd.desc.tg_split = (kd.rsrc3 >> 16) & 1;
        if (kd.rsrc3 & ~(0x3fu | 1u << 16))
            snprintf(msg, sizeof msg, "compute_pgm_rsrc3 is 0x%x: bits other than ACCUM_OFFSET [5:0] and TG_SPLIT "
                     "[16] are set", kd.rsrc3), bad3 = msg;
    } else if (kd.rsrc3) {
        snprintf(msg, sizeof msg, "compute_pgm_rsrc3 is 0x%x; it must be 0 on %s", kd.rsrc3, isa_target_name(c->target));
        bad3 = msg;
    }
    if (bad3) {
        co_error(c, "kernel descriptor '%s' (section %s, offset 0x%llx): %s", ck->kd->name,
                 c->secs[ck->kd->shndx].name, (unsigned long long)ck->kd->off, bad3);
        return false;
    }
    /* v2's header holds the exact counts; a v3 descriptor only the granted ones. */
    uint32_t vgprs = m && m->has_vgpr_count ? m->vgpr_count : c->version == 2 ? v2.vgpr_count : kd.vgprs_granted;
    uint32_t total = m && m->has_sgpr_count ? m->sgpr_count : c->version == 2 ? v2.sgpr_count : kd.sgprs_granted;
    k->desc = kd.desc;
    k->agprs_used = m && m->has_agpr_count ? m->agpr_count : 0; /* CDNA's .agpr_count (agpr) */
    asm_kernel_resources(k); /* with nothing reserved: the SGPRs the code itself needs */
    uint32_t base = k->sgprs_used - k->sgprs_extra;
    static const uint32_t extras[] = { 6, 2, 0 };
    size_t e = 0;
    while (e < 2 && (total < extras[e] || total - extras[e] < base))
        e++;
    k->desc.next_free_vgpr = vgprs;
    k->desc.next_free_sgpr = total >= extras[e] ? total - extras[e] : 0;
    k->desc.reserve_vcc = extras[e] >= 2;
    k->desc.reserve_flat_scratch = extras[e] == 6;
    asm_kernel_resources(k);
    if (k->vgprs_used > kd.vgprs_granted) {
        co_error(c, "kernel descriptor '%s': compute_pgm_rsrc1 grants %u VGPRs but the kernel uses %u", ck->kd->name,
                 kd.vgprs_granted, k->vgprs_used);
        return false;
    }
    k->kernarg_segment_size = k->desc.kernarg_size;
    if (m) {
        k->has_metadata = true;
        k->args = m->args;
        k->nargs = m->nargs;
        ((codeobj_meta_kernel_t *)m)->args = NULL; /* the kernel owns them now */
        ((codeobj_meta_kernel_t *)m)->nargs = 0;
        if (m->has_kernarg_size)
            k->kernarg_segment_size = m->kernarg_size;
    }
    return true;
}

/* A code object v2 note of owner "AMD": the YAML metadata, or one that names the target. */
static bool read_v2_note(co_t *c, const co_sec_t *s, size_t off, uint32_t type, const uint8_t *desc, uint32_t descsz)
{
    char msg[256];
    if (type != CODEOBJ_NT_AMD_HSA_METADATA) {
        if (codeobj_v2_note(type, desc, descsz, &c->v2_target, msg, sizeof msg))
            return true;
        co_error(c, "section %s, offset 0x%zx: %s", s->name, off, msg);
        return false;
    }
    if (c->has_meta) {
        co_error(c, "section %s, offset 0x%zx: a second NT_AMD_HSA_METADATA note", s->name, off);
        return false;
    }
    if (!codeobj_meta_read_yaml(desc, descsz, &c->meta, msg, sizeof msg)) {
        co_error(c, "section %s, offset 0x%zx: NT_AMD_HSA_METADATA note: %s", s->name, off, msg);
        return false;
    }
    c->has_meta = true;
    return true;
}

/* The metadata note (NT_AMDGPU_METADATA; v2: NT_AMD_HSA_METADATA), in any note section. */
static bool read_notes(co_t *c)
{
    for (size_t i = 1; i < c->nsecs; i++) {
        const co_sec_t *s = &c->secs[i];
        if (s->sh.sh_type != SHT_NOTE || !s->data)
            continue;
        size_t off = 0;
        while (off < s->size) {
            if (s->size - off < 12) {
                co_error(c, "section %s, offset 0x%zx: truncated note header", s->name, off);
                return false;
            }
            uint32_t namesz = le_get32(s->data + off), descsz = le_get32(s->data + off + 4);
            uint32_t type = le_get32(s->data + off + 8);
            size_t name_at = off + 12, nlen = ((size_t)namesz + 3) / 4 * 4, dlen = ((size_t)descsz + 3) / 4 * 4;
            if (nlen > s->size - name_at || dlen > s->size - name_at - nlen || descsz > dlen) {
                co_error(c, "section %s, offset 0x%zx: note of %u + %u bytes runs past the section's end", s->name, off,
                         namesz, descsz);
                return false;
            }
            const uint8_t *desc = s->data + name_at + nlen;
            if (c->version == 2 && namesz == 4 && memcmp(s->data + name_at, "AMD", 4) == 0 && !read_v2_note(c, s, off, type, desc, descsz))
                return false;
            if (type == CO_NT_AMDGPU_METADATA && namesz == 7 && memcmp(s->data + name_at, "AMDGPU", 7) == 0) {
                char msg[256];
                if (c->has_meta) {
                    co_error(c, "section %s, offset 0x%zx: a second NT_AMDGPU_METADATA note", s->name, off);
                    return false;
                }
                if (!codeobj_meta_read_msgpack(desc, descsz, &c->meta, msg, sizeof msg)) {
                    co_error(c, "section %s, offset 0x%zx: NT_AMDGPU_METADATA note: %s", s->name, off, msg);
                    return false;
                }
                c->has_meta = true;
            }
            off = name_at + nlen + dlen;
        }
    }
    return true;
}

/* ---- Entry point --------------------------------------------------------------------------- */

static int finish(co_t *c, isa_program_t *out)
{
    int errors = c->nerrors;
    if (errors > ASM_ERRORS_SHOWN && c->diag)
        fprintf(c->diag, "%s: ... and %d more error%s\n", c->file, errors - ASM_ERRORS_SHOWN,
                errors - ASM_ERRORS_SHOWN == 1 ? "" : "s");
    codeobj_meta_free(&c->meta);
    if (c->elf)
        elf_end(c->elf);
    if (c->map)
        asm_opcode_map_free(c->map);
    HASH_CLEAR(hh, c->by_name);
    free(c->by_index);
    free(c->by_place);
    free(c->kds);
    free(c->rels);
    free(c->secs);
    free(c->syms);
    free(c->v2_entries);
    free(c->kernels);
    free(c->buf);
    if (errors)
        isa_program_free(out);
    else if (!(out->path = strdup(c->file)))
        errors = 1, isa_program_free(out);
    else
        isa_program_predecode(out);
    return errors;
}

int codeobj_read(const char *name, const uint8_t *data, size_t len, isa_program_t *out, FILE *diag)
{
    co_t c;
    memset(&c, 0, sizeof c);
    memset(out, 0, sizeof *out);
    c.file = name;
    c.diag = diag;
    c.len = len;
    if (len < sizeof(Elf64_Ehdr) || !codeobj_is_elf(data, len)) {
        co_error(&c, "ELF header: truncated (%zu bytes; a 64-bit ELF header is %zu)", len, sizeof(Elf64_Ehdr));
        return finish(&c, out);
    }
    /* libelf reads a private copy (elf_memory's buffer is not const). */
    c.buf = malloc(len);
    if (!c.buf || elf_version(EV_CURRENT) == EV_NONE) {
        co_error(&c, "cannot start libelf (or out of memory)");
        return finish(&c, out);
    }
    memcpy(c.buf, data, len);
    c.elf = elf_memory((char *)c.buf, len);
    if (!c.elf || !check_header(&c) || !read_sections(&c) || !read_symbols(&c) || !read_notes(&c) ||
        !co_find_kernels(&c))
        return finish(&c, out);
    const char *note = c.version == 2 ? "NT_AMD_HSA_METADATA" : "NT_AMDGPU_METADATA";
    if (c.has_kd && !c.has_meta) {
        co_error(&c, "no %s note: the kernels' arguments and register counts are unknown", note);
        return finish(&c, out);
    }
    if (c.version == 2 && c.eh.e_flags == 0 && !c.v2_target) {
        co_error(&c, "ELF header: e_flags 0 and no NT_AMD_HSA_ISA_VERSION or NT_AMD_HSA_ISA_NAME note: the target "
                 "is unknown (gcnsim simulates gfx803)");
        return finish(&c, out);
    }
    for (uint32_t m = 0; m < c.meta.nkernels; m++) {
        const co_sym_t *y = co_find_sym(&c, c.meta.kernels[m].name);
        /* v2: the entry is made (not in the table) and named after its header's symbol */
        bool found = y && (y->kernel >= 0 || (c.version == 2 && y->is_kd));
        if (!found) {
            co_error(&c, "%s note: metadata for kernel '%s', which is not in this code object", note,
                     c.meta.kernels[m].name);
            return finish(&c, out);
        }
    }
    for (size_t k = 0; k < c.nkernels && c.version == 2; k++)
        if (!find_meta(&c, c.kernels[k].entry->name)) {
            co_error(&c, "NT_AMD_HSA_METADATA note: no entry for kernel '%s' (its arguments are unknown)",
                     c.kernels[k].entry->name);
            return finish(&c, out);
        }
    if (!index_places(&c) || !co_index(&c))
        return finish(&c, out);
    c.map = asm_opcode_map_create(c.target);
    out->target = c.target;
    out->kernels = calloc(c.nkernels, sizeof *out->kernels);
    if (!c.map || !out->kernels) {
        co_error(&c, "out of memory");
        return finish(&c, out);
    }
    for (size_t k = 0; k < c.nkernels && !c.nerrors; k++) {
        isa_kernel_t *kn = &out->kernels[out->nkernels++];
        kn->target = c.target;
        if (decode_kernel(&c, &c.kernels[k], kn))
            kernel_descriptor(&c, &c.kernels[k], kn);
    }
    if (!c.nerrors)
        co_link(&c, out);
    return finish(&c, out);
}

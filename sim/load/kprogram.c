/* kprogram: a kernel program read from its file (kprogram.h) — assembly text, an ELF code object
 * (whatever the file's name), or an OpenCL C or HIP source compiled first — and the kernel a
 * dispatch names picked from it (docs/workloads.md, docs/kernels.md). */
#include "load/kprogram.h"

#include "asm/asm.h"
#include "asm/codeobj.h"
#include "base/fileio.h"
#include "base/text.h"
#include "load/kcompile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* A code object (detected by the ELF magic, whatever the file's name): read it whole and hand it
 * to the code object reader. Returns -1 when path is not one (the caller reads it as text). */
static int read_code_object(const char *path, isa_program_t *prog, FILE *err)
{
    char msg[256];
    unsigned long long size = 0;
    FILE *f = fio_open_regular(path, "kernel source", &size, msg, sizeof msg);
    if (!f)
        return -1; /* fio_read_text gives the message */
    unsigned char magic[4];
    size_t got = fread(magic, 1, sizeof magic, f);
    if (!codeobj_is_elf(magic, got)) {
        fclose(f);
        return -1;
    }
    if (size > FIO_KERNEL_MAX) {
        fclose(f);
        fprintf(err, "%s: error: code object is %llu bytes; at most %d\n", path, size, FIO_KERNEL_MAX);
        return 1;
    }
    uint8_t *buf = malloc(size > got ? size : got);
    if (!buf) {
        fclose(f);
        fprintf(err, "%s: error: out of memory reading the code object\n", path);
        return 1;
    }
    memcpy(buf, magic, got);
    size_t n = got + (size > got ? fread(buf + got, 1, (size_t)size - got, f) : 0);
    int rd = ferror(f);
    fclose(f);
    if (rd) {
        free(buf);
        fprintf(err, "%s: error: cannot read the code object\n", path);
        return 1;
    }
    int nerr = codeobj_read(path, buf, n, prog, err);
    free(buf);
    return nerr;
}

int kprogram_assemble(const char *path, isa_target_t target, isa_program_t *prog, FILE *err)
{
    return kprogram_assemble_src(path, NULL, target, prog, err);
}

/* An OpenCL C or HIP source is compiled first; the assembler then reads the compiler's output under
 * its temporary name, which is kept when it has errors so that their locations can be read. */
static int assemble_compiled(const char *path, const char *cflags, isa_target_t target, isa_program_t *prog,
                             FILE *err)
{
    kcompile_out_t c;
    if (!kcompile_run(path, cflags, &c, err))
        return 1;
    int nerr = asm_assemble_buffer(c.asm_path, c.text, c.len, target, prog, err);
    if (nerr)
        fprintf(err, "%s: note: the assembly above is the compiler's output for this source, kept as %s\n", path,
                c.asm_path);
    kcompile_free(&c, nerr != 0);
    return nerr;
}

int kprogram_assemble_src(const char *path, const char *cflags, isa_target_t target, isa_program_t *prog, FILE *err)
{
    memset(prog, 0, sizeof *prog);
    if (kcompile_lang(path) != KCOMPILE_NONE)
        return assemble_compiled(path, cflags, target, prog, err);
    int co = read_code_object(path, prog, err);
    if (co >= 0)
        return co;
    fio_text_t src;
    if (!fio_read_text(path, "kernel source", FIO_KERNEL_MAX, &src, err))
        return 1;
    int nerr = asm_assemble_buffer(path, src.data, src.len, target, prog, err);
    fio_text_free(&src);
    return nerr;
}

/* The unqualified name an Itanium-mangled C++ symbol declares (_Z5scalePff -> "scale",
 * _ZN2ns4stepEPf -> "step", _ZL5scalePf -> "scale"), so a workload may name a HIP kernel as written in its source; false
 * when `sym` is not such a name (OpenCL kernels are not mangled). */
static bool mangled_base(const char *sym, const char **base, size_t *len)
{
    if (strncmp(sym, "_Z", 2) != 0)
        return false;
    const char *p = sym + 2;
    if (*p == 'L') /* internal linkage (a static kernel: rocSPARSE's _ZL13coomvt_kernel...) */
        p++;
    bool nested = *p == 'N';
    if (nested) /* skip the member function's cv- and ref-qualifiers */
        for (p++; *p == 'r' || *p == 'V' || *p == 'K' || *p == 'R' || *p == 'O'; p++)
            ;
    for (;;) {
        if (nested && *p == 'L')
            p++;
        if (*p < '1' || *p > '9')
            return false;
        size_t n = 0;
        while (*p >= '0' && *p <= '9' && n < 4096)
            n = n * 10 + (size_t)(*p++ - '0');
        if (strnlen(p, n) < n)
            return false;
        *base = p;
        *len = n;
        p += n;
        if (!nested || *p == 'E')
            return true;
    }
}

/* The kernels whose unmangled name is `name`: the count, and the first in *found. */
static uint32_t find_by_base(const isa_program_t *prog, const char *name, const isa_kernel_t **found);

const isa_kernel_t *kprogram_find_kernel(const isa_program_t *prog, const char *name, uint32_t *nmatch)
{
    const isa_kernel_t *k = isa_program_find(prog, name);
    *nmatch = k ? 1 : find_by_base(prog, name, &k);
    return *nmatch == 1 ? k : NULL;
}

static uint32_t find_by_base(const isa_program_t *prog, const char *name, const isa_kernel_t **found)
{
    uint32_t count = 0;
    for (uint32_t i = 0; i < prog->nkernels; i++) {
        const char *b;
        size_t n;
        if (mangled_base(prog->kernels[i].name, &b, &n) && strlen(name) == n && memcmp(b, name, n) == 0) {
            if (count++ == 0)
                *found = &prog->kernels[i];
        }
    }
    return count;
}

const isa_kernel_t *kprogram_pick(const wl_workload_t *wl, const wl_dispatch_t *d, const isa_program_t *prog,
                                   FILE *err)
{
    if (prog->nkernels == 0) {
        wl_error(err, wl, wl->source_line, "'%s' defines no kernel", wl->source);
        return NULL;
    }
    if (!d->kernel) {
        if (prog->nkernels == 1)
            return &prog->kernels[0];
        char list[256] = "";
        for (uint32_t i = 0; i < prog->nkernels; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", prog->kernels[i].name);
        char sec[WL_NAME_MAX + 16];
        wl_error(err, wl, d != wl->dispatches ? d->line : wl->source_line, "'%s' defines %" PRIu32 " kernels (%s); choose one "
             "with name = ... in %s", wl->source, prog->nkernels, list, wl_dispatch_section(d, sec, sizeof sec));
        return NULL;
    }
    uint32_t nbase;
    const isa_kernel_t *k = kprogram_find_kernel(prog, d->kernel, &nbase);
    if (k)
        return k;
    if (nbase > 1) {
        char list[512] = "";
        for (uint32_t i = 0; i < prog->nkernels; i++) {
            const char *b;
            size_t n;
            const char *kn = prog->kernels[i].name;
            if (mangled_base(kn, &b, &n) && strlen(d->kernel) == n && memcmp(b, d->kernel, n) == 0)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? ", " : "", kn);
        }
        wl_error(err, wl, d->kernel_line, "kernel name '%s' is ambiguous in '%s': %" PRIu32 " kernels have that name (%s); "
             "give the full mangled name", d->kernel, wl->source, nbase, list);
        return NULL;
    }
    const char *best = NULL;
    unsigned bd = 4;
    for (uint32_t i = 0; i < prog->nkernels; i++) {
        unsigned dist = txt_edit_distance(d->kernel, prog->kernels[i].name);
        if (dist < bd) {
            bd = dist;
            best = prog->kernels[i].name;
        }
    }
    if (best)
        wl_error(err, wl, d->kernel_line, "no kernel '%s' in '%s'; did you mean '%s'?", d->kernel, wl->source, best);
    else
        wl_error(err, wl, d->kernel_line, "no kernel '%s' in '%s'", d->kernel, wl->source);
    return NULL;
}

bool kprogram_check_target(const wl_workload_t *wl, const wl_dispatch_t *d, const isa_kernel_t *k,
                           isa_target_t machine, FILE *err)
{
    if (k->target == machine)
        return true;
    const char *kt = isa_target_name(k->target), *mt = isa_target_name(machine);
    wl_error(err, wl, d != wl->dispatches && d->kernel ? d->line : wl->source_line,
             "kernel '%s' is %s code; the machine runs %s (gpu.target): build the kernel for %s, or run it on a %s "
             "machine (--set gpu.target=%s)", k->name, kt ? kt : "?", mt ? mt : "?", mt ? mt : "?", kt ? kt : "?",
             kt ? kt : "?");
    return false;
}

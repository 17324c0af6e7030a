/* kcompile: a kernel source in OpenCL C (.cl) or HIP (.hip, .cpp) compiled for gfx803 by the
 * documented compiler command (docs/kernels.md, "Compiling kernels"): clang-15 with the ROCm device
 * libraries, or hipcc, device code only, assembly out. The assembly goes to a temporary directory
 * gcnsim creates and removes; the compiler's diagnostics go to the error stream unchanged. */
#ifndef KCOMPILE_H
#define KCOMPILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Where Debian's rocm-device-libs puts the bitcode; GCNSIM_ROCM_DEVICE_LIBS overrides it. */
#define KCOMPILE_DEVICE_LIBS "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"

typedef enum { KCOMPILE_NONE, KCOMPILE_OPENCL, KCOMPILE_HIP } kcompile_lang_t;

/* The language a file name's extension says (.cl; .hip, .cpp, .cc, .cu), or KCOMPILE_NONE. */
kcompile_lang_t kcompile_lang(const char *path);

/* A compiled kernel: the assembly text, and the temporary file it was written to (removed by
 * kcompile_free unless kept for a message). */
typedef struct {
    char *text;
    size_t len;
    char dir[256];  /* the temporary directory, "" when none */
    char asm_path[512];
} kcompile_out_t;

/* Compile `path` (of language kcompile_lang(path)) with the extra compiler options `flags`
 * (whitespace-separated, may be NULL). On failure a message names the missing package, or the
 * compiler's own diagnostics have been passed through: false. */
bool kcompile_run(const char *path, const char *flags, kcompile_out_t *out, FILE *err);

/* Free the text and remove the temporary file, unless `keep` (its path is then reported). */
void kcompile_free(kcompile_out_t *out, bool keep);

#endif

/* kcompile: a kernel source in OpenCL C (.cl) or HIP (.hip, .cpp) compiled for a target (gfx803 to
 * gfx942: the machine's gpu.target) by the documented compiler command (docs/kernels.md,
 * "Compiling kernels"): clang-15 with the ROCm device libraries for OpenCL C, clang++-15 in HIP
 * mode with the options Debian's hipcc would pass for HIP (clang-19 and clang++-19 for gfx942);
 * device code only, assembly out. The compiler runs with an argument vector, never through a shell,
 * under a time and a memory limit, and is stopped with its process group on SIGINT and SIGTERM.
 * Options from a workload (cflags) pass only through an allowlist (kcompile_flags.c). The assembly
 * goes to a temporary directory gcnsim creates and removes; the compiler's diagnostics go to the
 * error stream unchanged. */
#ifndef KCOMPILE_H
#define KCOMPILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "isa.h"

/* Where Debian's rocm-device-libs puts the bitcode; GCNSIM_ROCM_DEVICE_LIBS overrides it. */
#define KCOMPILE_DEVICE_LIBS "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
/* What Debian's hipcc passes to clang: the HIP version of its libamdhip64-dev (HIP 5.2.3; hipcc
 * reads it from hipvars.pm) and the ROCm root the HIP headers are under (/usr/include/hip). */
#define KCOMPILE_HIP_VERSION "5.2.21153"
#define KCOMPILE_ROCM_PATH "/usr"

/* The compiler's limits (docs/kernels.md, "Limits"): its wall-clock time in seconds
 * (GCNSIM_COMPILE_TIMEOUT) and its address space in MiB (GCNSIM_COMPILE_MEMORY). */
enum {
    KCOMPILE_TIMEOUT_DEFAULT = 120,
    KCOMPILE_TIMEOUT_MAX = 86400,
    KCOMPILE_MEMORY_DEFAULT = 4096,
    KCOMPILE_MEMORY_MAX = 1048576
};

typedef enum { KCOMPILE_NONE, KCOMPILE_OPENCL, KCOMPILE_HIP } kcompile_lang_t;

/* The language a file name's extension says (.cl; .hip, .cpp, .cc, .cu), or KCOMPILE_NONE. */
kcompile_lang_t kcompile_lang(const char *path);

/* The compiler for a language and target (docs/kernels.md, "Targets"): clang-15 (OpenCL C) or
 * clang++-15 (HIP) for gfx803 to gfx90a, clang-19 / clang++-19 for gfx942, which clang-15 does not
 * know. */
const char *kcompile_compiler(kcompile_lang_t lang, isa_target_t target);

/* The device library file that gives the target's ISA version (oclc_isa_version_N.bc) written to
 * `buf`; false when it is a stand-in for a target the installed libraries lack (gfx942: gfx940's),
 * which kcompile_run then offers the compiler under the target's own name. */
bool kcompile_isa_library(isa_target_t target, char *buf, size_t len);

/* Workload compiler options that passed the allowlist, as the arguments to give the compiler
 * (an -I folder made absolute). */
typedef struct {
    char **argv;
    int argc;
    bool o0; /* the last -O option is -O0 (hipcc then leaves out its inlining options) */
} kcompile_flags_t;

/* Check `flags` (whitespace-separated, may be NULL) for a source `src` against the allowlist
 * (docs/kernels.md, "Compiler options"): -D/-U, -I inside the source's folder, -O levels,
 * floating-point, optimisation and warning options, OpenCL -cl-* options, HIP -std= and a few
 * named -mllvm options. On success fills `out` (release with kcompile_flags_free). Otherwise false:
 * `msg` (no location) says which option is refused and what to do instead, *at is the byte offset
 * of that option in `flags`. */
bool kcompile_flags_parse(const char *flags, const char *src, kcompile_flags_t *out, char *msg, size_t len,
                          size_t *at);
void kcompile_flags_free(kcompile_flags_t *f);
/* kcompile_flags_parse for its verdict only (a workload checks its cflags when it is loaded). */
bool kcompile_flags_check(const char *flags, const char *src, char *msg, size_t len, size_t *at);

/* A compiled kernel: the assembly text, and the temporary file it was written to (removed by
 * kcompile_free unless kept for a message). */
typedef struct {
    char *text;
    size_t len;
    char dir[256];  /* the temporary directory, "" when none */
    char asm_path[512];
} kcompile_out_t;

/* The compiler's argument vector (NULL-terminated) for a source `src` of language `lang` compiled
 * for `target` with the device libraries in folder `libs`, the checked options `fl`, and the
 * assembly written to `dst`: the documented command, -mcpu=TARGET (OpenCL C) or
 * --offload-arch=TARGET (HIP). argv points into cmd, fl, dst and src; false when out of memory. */
typedef struct {
    char **argv;
    int argc;
    char libs_arg[600], cpu_arg[64];
} kcompile_cmd_t;
bool kcompile_command(kcompile_lang_t lang, isa_target_t target, const kcompile_flags_t *fl, const char *libs,
                      const char *dst, const char *src, kcompile_cmd_t *cmd);
void kcompile_command_free(kcompile_cmd_t *cmd);

/* Compile `path` (of language kcompile_lang(path)) for `target` with the extra compiler options
 * `flags` (whitespace-separated, may be NULL; refused unless allowed). On failure a message names the
 * missing package or target library, the refused option, the limit the compiler exceeded or the signal that stopped
 * it (intr_caught() then says which), or the compiler's own diagnostics have been passed through:
 * false, and nothing is left in the temporary directory. */
bool kcompile_run(const char *path, const char *flags, isa_target_t target, kcompile_out_t *out, FILE *err);

/* Free the text and remove the temporary directory, unless `keep` (its path is then reported). */
void kcompile_free(kcompile_out_t *out, bool keep);

#endif

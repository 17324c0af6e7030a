/* kcompile_flags: the allowlist of compiler options a workload may give (kcompile.h; the list is
 * documented in docs/kernels.md, "Compiler options"). A shared workload file must not make the
 * compiler load code (-Xclang -load, -fplugin=, -fpass-plugin=), read options from a file (@FILE,
 * --config), write files (-o, -MF, -Wl,... , -mllvm -info-output-file=) or compile for another
 * machine; so only options known to steer the compilation itself pass, each checked with its
 * value. The options are split at spaces and tabs (no shell quoting: there is no shell). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "load/kcompile.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { L_CL = 1, L_HIP = 2, L_ANY = 3 };

/* Allowed exactly as written. */
static const struct {
    const char *name;
    int langs;
} exact[] = {
    { "-O0", L_ANY }, { "-O1", L_ANY }, { "-O2", L_ANY }, { "-O3", L_ANY }, { "-Os", L_ANY }, { "-Oz", L_ANY },
    { "-Ofast", L_ANY }, { "-w", L_ANY }, { "-pedantic", L_ANY },
    /* floating point */
    { "-ffast-math", L_ANY }, { "-fno-fast-math", L_ANY }, { "-ffinite-math-only", L_ANY },
    { "-fno-finite-math-only", L_ANY }, { "-fhonor-infinities", L_ANY }, { "-fno-honor-infinities", L_ANY },
    { "-fhonor-nans", L_ANY }, { "-fno-honor-nans", L_ANY }, { "-fmath-errno", L_ANY }, { "-fno-math-errno", L_ANY },
    { "-fassociative-math", L_ANY }, { "-fno-associative-math", L_ANY }, { "-freciprocal-math", L_ANY },
    { "-fno-reciprocal-math", L_ANY }, { "-fsigned-zeros", L_ANY }, { "-fno-signed-zeros", L_ANY },
    { "-ftrapping-math", L_ANY }, { "-fno-trapping-math", L_ANY }, { "-funsafe-math-optimizations", L_ANY },
    { "-fno-unsafe-math-optimizations", L_ANY }, { "-fapprox-func", L_ANY }, { "-fno-approx-func", L_ANY },
    { "-frounding-math", L_ANY }, { "-fno-rounding-math", L_ANY },
    /* optimisation */
    { "-funroll-loops", L_ANY }, { "-fno-unroll-loops", L_ANY }, { "-fvectorize", L_ANY }, { "-fno-vectorize", L_ANY },
    { "-fslp-vectorize", L_ANY }, { "-fno-slp-vectorize", L_ANY }, { "-finline-functions", L_ANY },
    { "-finline-hint-functions", L_ANY }, { "-fno-inline-functions", L_ANY }, { "-fno-inline", L_ANY },
    { "-fstrict-aliasing", L_ANY }, { "-fno-strict-aliasing", L_ANY }, { "-ffinite-loops", L_ANY },
    { "-fno-finite-loops", L_ANY }, { "-munsafe-fp-atomics", L_ANY }, { "-mno-unsafe-fp-atomics", L_ANY },
    /* OpenCL C */
    { "-cl-opt-disable", L_CL }, { "-cl-single-precision-constant", L_CL }, { "-cl-denorms-are-zero", L_CL },
    { "-cl-fp32-correctly-rounded-divide-sqrt", L_CL }, { "-cl-mad-enable", L_CL }, { "-cl-no-signed-zeros", L_CL },
    { "-cl-unsafe-math-optimizations", L_CL }, { "-cl-finite-math-only", L_CL }, { "-cl-fast-relaxed-math", L_CL },
    { "-cl-strict-aliasing", L_CL }, { "-cl-uniform-work-group-size", L_CL },
    { "-cl-no-uniform-work-group-size", L_CL }, { "-cl-no-stdinc", L_CL }, { "-cl-kernel-arg-info", L_CL },
    /* HIP */
    { "-fgpu-flush-denormals-to-zero", L_HIP }, { "-fno-gpu-flush-denormals-to-zero", L_HIP },
    { "-fcuda-flush-denormals-to-zero", L_HIP }, { "-fno-cuda-flush-denormals-to-zero", L_HIP },
    { "-fhip-fp32-correctly-rounded-divide-sqrt", L_HIP }, { "-fno-hip-fp32-correctly-rounded-divide-sqrt", L_HIP },
    { "-fcuda-approx-transcendentals", L_HIP }, { "-fno-cuda-approx-transcendentals", L_HIP },
    { "-fno-gpu-rdc", L_HIP },
};

typedef enum { V_LIST, V_UINT, V_BOOL, V_CLEXT, V_DENORMAL } vkind_t;

/* Allowed as PREFIX + VALUE, the value checked by its kind: V_LIST one of `list` (space-separated),
 * V_UINT a decimal number in [min, max]. */
static const struct {
    const char *prefix;
    int langs;
    vkind_t kind;
    const char *list;
    unsigned long min, max;
} valued[] = {
    { "-ffp-contract=", L_ANY, V_LIST, "fast on off fast-honor-pragmas", 0, 0 },
    { "-ffp-model=", L_ANY, V_LIST, "fast precise strict", 0, 0 },
    { "-ffp-exception-behavior=", L_ANY, V_LIST, "ignore maytrap strict", 0, 0 },
    { "-fdenormal-fp-math=", L_ANY, V_DENORMAL, NULL, 0, 0 },
    { "-fdenormal-fp-math-f32=", L_ANY, V_DENORMAL, NULL, 0, 0 },
    { "-mcode-object-version=", L_ANY, V_LIST, "2 3 4 5", 0, 0 },
    { "-cl-std=", L_CL, V_LIST,
      "CL1.0 CL1.1 CL1.2 CL2.0 CL3.0 CLC++ CLC++1.0 CLC++2021 cl1.0 cl1.1 cl1.2 cl2.0 cl3.0 clc++ clc++1.0 clc++2021", 0, 0 },
    { "-cl-ext=", L_CL, V_CLEXT, NULL, 0, 0 },
    { "-std=", L_HIP, V_LIST, "c++11 c++14 c++17 c++20 gnu++11 gnu++14 gnu++17 gnu++20", 0, 0 },
    { "--gpu-max-threads-per-block=", L_HIP, V_UINT, NULL, 1, 1024 },
};

/* -mllvm OPTION: LLVM options that only steer gfx803 code generation (for experiments); a boolean
 * one may be given bare or as =true/false/1/0, a number one as =N. */
static const struct {
    const char *name;
    vkind_t kind;
} mllvm[] = {
    { "-amdgpu-early-inline-all", V_BOOL }, { "-amdgpu-function-calls", V_BOOL },
    { "-amdgpu-unroll-threshold-private", V_UINT }, { "-amdgpu-unroll-threshold-local", V_UINT },
    { "-amdgpu-unroll-threshold-if", V_UINT }, { "-unroll-threshold", V_UINT },
    { "-amdgpu-promote-alloca-to-vector-limit", V_UINT }, { "-amdgpu-load-store-vectorizer", V_BOOL },
    { "-amdgpu-sdwa-peephole", V_BOOL }, { "-amdgpu-dpp-combine", V_BOOL }, { "-amdgpu-atomic-optimizations", V_BOOL },
    { "-amdgpu-scalarize-global-loads", V_BOOL }, { "-amdgpu-max-memory-clause", V_UINT },
    { "-amdgpu-vgpr-index-mode", V_BOOL }, { "-amdgpu-use-divergent-register-indexing", V_BOOL },
    { "-amdgpu-skip-threshold", V_UINT }, { "-amdgpu-early-ifcvt", V_BOOL }, { "-amdgpu-waitcnt-forcezero", V_BOOL },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char how[] = "(the allowed ones: docs/kernels.md, \"Compiler options\"); to use it, compile the kernel by "
                          "hand with the command in docs/kernels.md, \"Compiling kernels\", and name the .s file in source";

static bool in_list(const char *v, const char *list)
{
    size_t n = strlen(v);
    for (const char *p = list; *p;) {
        size_t m = strcspn(p, " ");
        if (m == n && strncmp(p, v, n) == 0)
            return true;
        p += m + (p[m] == ' ');
    }
    return false;
}

static bool is_uint(const char *v, unsigned long min, unsigned long max)
{
    if (!isdigit((unsigned char)v[0]) || strlen(v) > 9)
        return false;
    for (const char *p = v; *p; p++)
        if (!isdigit((unsigned char)*p))
            return false;
    unsigned long n = strtoul(v, NULL, 10);
    return n >= min && (max == 0 || n <= max);
}

static bool is_ident(const char *s, size_t n)
{
    if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return false;
    for (size_t i = 1; i < n; i++)
        if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
            return false;
    return true;
}

static bool value_ok(const char *v, vkind_t kind, const char *list, unsigned long min, unsigned long max)
{
    switch (kind) {
    case V_LIST: return in_list(v, list);
    case V_UINT: return is_uint(v, min, max);
    case V_BOOL: return in_list(v, "true false 1 0");
    case V_DENORMAL: { /* MODE or MODE,MODE */
        char a[32];
        size_t n = strcspn(v, ",");
        if (n >= sizeof a)
            return false;
        memcpy(a, v, n);
        a[n] = '\0';
        const char *modes = "ieee preserve-sign positive-zero";
        return in_list(a, modes) && (v[n] == '\0' || in_list(v + n + 1, modes));
    }
    case V_CLEXT: /* [+-]NAME,... */
        for (const char *p = v;;) {
            if (*p == '+' || *p == '-')
                p++;
            size_t n = strcspn(p, ",");
            if (!is_ident(p, n))
                return false;
            if (p[n] == '\0')
                return true;
            p += n + 1;
        }
    }
    return false;
}

/* A token: its text (NUL-terminated in the caller's copy) and byte offset in the flags. */
typedef struct {
    char *s;
    size_t at;
} tok_t;

static bool push(kcompile_flags_t *f, const char *s)
{
    char *c = strdup(s);
    if (!c)
        return false;
    f->argv[f->argc++] = c;
    return true;
}

/* -I DIR: DIR relative to the source's folder, and inside it; passed on absolute. */
static bool include_dir(kcompile_flags_t *f, const char *shown, const char *dir, const char *src, char *msg, size_t len)
{
    const char *slash = strrchr(src, '/');
    size_t sl = slash ? (size_t)(slash - src) : 0;
    char *srcdir = malloc(sl + 2), *path = malloc(sl + strlen(dir) + 4);
    char *base = NULL, *real = NULL;
    bool ok = false;
    if (!srcdir || !path) {
        snprintf(msg, len, "out of memory");
        goto out;
    }
    if (!slash)
        strcpy(srcdir, ".");
    else if (slash == src) /* the source is in / */
        strcpy(srcdir, "/");
    else {
        memcpy(srcdir, src, sl);
        srcdir[sl] = '\0';
    }
    if (dir[0] == '/')
        strcpy(path, dir);
    else
        sprintf(path, "%s/%s", srcdir, dir);
    struct stat st;
    if (!(base = realpath(srcdir, NULL))) {
        snprintf(msg, len, "cflags: '%s': the source's folder '%s' cannot be read: %s", shown, srcdir, strerror(errno));
        goto out;
    }
    if (!(real = realpath(path, NULL)) || stat(real, &st) != 0) {
        snprintf(msg, len, "cflags: '%s': the include folder '%s' cannot be read: %s", shown, path, strerror(errno));
        goto out;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(msg, len, "cflags: '%s': '%s' is not a folder", shown, path);
        goto out;
    }
    size_t bl = strlen(base);
    if (!(strcmp(base, "/") == 0 || (strncmp(real, base, bl) == 0 && (real[bl] == '\0' || real[bl] == '/')))) {
        snprintf(msg, len, "cflags: '%s': the include folder '%s' is outside the source's folder '%s' (an include "
                 "folder must be inside it; copy the headers there)", shown, real, base);
        goto out;
    }
    char *arg = malloc(strlen(real) + 3);
    if (!arg) {
        snprintf(msg, len, "out of memory");
        goto out;
    }
    sprintf(arg, "-I%s", real);
    f->argv[f->argc++] = arg;
    ok = true;
out:
    free(srcdir);
    free(path);
    free(base);
    free(real);
    return ok;
}

/* One option (with its separate argument `next`, may be NULL); *used says whether it took it. */
static bool one(kcompile_flags_t *f, int lang, const char *t, const char *next, bool *used, const char *src, char *msg,
                size_t len)
{
    char shown[600];
    *used = false;
    for (size_t i = 0; i < N(exact); i++)
        if (strcmp(t, exact[i].name) == 0) {
            if (!(exact[i].langs & lang))
                goto wrong_lang;
            if (t[1] == 'O')
                f->o0 = strcmp(t, "-O0") == 0;
            return push(f, t) || (snprintf(msg, len, "out of memory"), false);
        }
    for (size_t i = 0; i < N(valued); i++) {
        size_t n = strlen(valued[i].prefix);
        if (strncmp(t, valued[i].prefix, n) != 0)
            continue;
        if (!(valued[i].langs & lang))
            goto wrong_lang;
        if (!value_ok(t + n, valued[i].kind, valued[i].list, valued[i].min, valued[i].max)) {
            snprintf(msg, len, "cflags: '%s': '%s' is not a value gcnsim passes for %.*s %s", t, t + n, (int)(n - 1),
                     valued[i].prefix, how);
            return false;
        }
        return push(f, t) || (snprintf(msg, len, "out of memory"), false);
    }
    if (t[0] == '-' && (t[1] == 'D' || t[1] == 'U' || t[1] == 'I')) {
        const char *v = t + 2;
        if (*v == '\0') {
            if (!next) {
                snprintf(msg, len, "cflags: '%s' needs a %s after it", t, t[1] == 'I' ? "folder" : "macro name");
                return false;
            }
            v = next;
            *used = true;
        }
        snprintf(shown, sizeof shown, "%s%s%s", t, *used ? " " : "", *used ? v : "");
        if (t[1] == 'I')
            return include_dir(f, shown, v, src, msg, len);
        size_t n = strcspn(v, "=");
        if (!is_ident(v, n) || (t[1] == 'U' && v[n] == '=')) {
            snprintf(msg, len, "cflags: '%s': '%.*s' is not a macro name", shown, (int)(t[1] == 'U' ? strlen(v) : n), v);
            return false;
        }
        char *arg = malloc(strlen(v) + 3);
        if (!arg) {
            snprintf(msg, len, "out of memory");
            return false;
        }
        sprintf(arg, "-%c%s", t[1], v);
        f->argv[f->argc++] = arg;
        return true;
    }
    if (t[0] == '-' && t[1] == 'W' && t[2] && strspn(t + 2, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+=-") ==
                                                 strlen(t + 2))
        return push(f, t) || (snprintf(msg, len, "out of memory"), false);
    if (strcmp(t, "-mllvm") == 0 && next) {
        *used = true;
        for (size_t i = 0; i < N(mllvm); i++) {
            size_t n = strlen(mllvm[i].name);
            if (strncmp(next, mllvm[i].name, n) != 0 || (next[n] != '\0' && next[n] != '='))
                continue;
            if (next[n] == '\0' ? mllvm[i].kind == V_BOOL : value_ok(next + n + 1, mllvm[i].kind, NULL, 0, 0))
                return (push(f, t) && push(f, next)) || (snprintf(msg, len, "out of memory"), false);
        }
        snprintf(msg, len, "cflags: '%s %s' is not an option gcnsim passes to the compiler %s", t, next, how);
        return false;
    }
    snprintf(msg, len, "cflags: '%s' is not an option gcnsim passes to the compiler %s", t, how);
    return false;
wrong_lang:
    snprintf(msg, len, "cflags: '%s' is an option for %s sources, and this one is %s", t,
             lang == L_CL ? "HIP" : "OpenCL C", lang == L_CL ? "OpenCL C" : "HIP");
    return false;
}

bool kcompile_flags_parse(const char *flags, const char *src, kcompile_flags_t *out, char *msg, size_t len,
                          size_t *at)
{
    memset(out, 0, sizeof *out);
    *at = 0;
    msg[0] = '\0';
    if (!flags)
        return true;
    int lang = kcompile_lang(src) == KCOMPILE_HIP ? L_HIP : L_CL;
    size_t n = strlen(flags);
    char *copy = strdup(flags);
    tok_t *toks = malloc((n / 2 + 1) * sizeof *toks);
    out->argv = calloc(n / 2 + 2, sizeof *out->argv);
    if (!copy || !toks || !out->argv) {
        free(copy);
        free(toks);
        snprintf(msg, len, "out of memory");
        kcompile_flags_free(out);
        return false;
    }
    size_t nt = 0;
    for (size_t i = 0; i < n;) {
        if (copy[i] == ' ' || copy[i] == '\t') {
            copy[i++] = '\0';
            continue;
        }
        toks[nt].s = copy + i;
        toks[nt++].at = i;
        while (i < n && copy[i] != ' ' && copy[i] != '\t')
            i++;
    }
    bool ok = true;
    for (size_t i = 0; i < nt && ok; i++) {
        for (const char *p = toks[i].s; *p; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7f) {
                snprintf(msg, len, "cflags: an option has the control byte \\x%02x", (unsigned)(unsigned char)*p);
                *at = toks[i].at;
                ok = false;
                break;
            }
        if (!ok)
            break;
        bool used;
        if (!one(out, lang, toks[i].s, i + 1 < nt ? toks[i + 1].s : NULL, &used, src, msg, len)) {
            *at = toks[i].at;
            ok = false;
        }
        i += used;
    }
    free(copy);
    free(toks);
    if (!ok)
        kcompile_flags_free(out);
    return ok;
}

void kcompile_flags_free(kcompile_flags_t *f)
{
    for (int i = 0; f->argv && i < f->argc; i++)
        free(f->argv[i]);
    free(f->argv);
    memset(f, 0, sizeof *f);
}

bool kcompile_flags_check(const char *flags, const char *src, char *msg, size_t len, size_t *at)
{
    kcompile_flags_t f;
    if (!kcompile_flags_parse(flags, src, &f, msg, len, at))
        return false;
    kcompile_flags_free(&f);
    return true;
}

/* refcheck: C reference implementations of every shipped workload, for the end-to-end tests.
 *
 *   refcheck NAME DIR
 *
 * NAME is the workload's path under workloads/ without ".ini" (e.g. "saxpy", "opencl/spmv",
 * "tutorial/first"). DIR holds, for every buffer B of the workload, DIR/init_B.bin and
 * DIR/final_B.bin (gcnsim run --dump-init / --dump: raw little-endian bytes), and DIR/workload.ini,
 * a copy of the workload file, from which scalar arguments ([args] NAME = TYPE:VALUE) and the
 * workgroup size are read. The expected outputs are computed from the initial buffers in C and
 * compared with the final ones: integers exactly, floats with the tolerance justified at each check.
 * Prints the first mismatches (buffer, index, expected, got) and exits 1 on a mismatch, 2 on bad
 * input (missing file, unknown workload).
 *
 * Standalone on purpose: it shares no code with the simulator it checks. This file is the harness
 * and the table of workloads; the checks are refcheck_kernels.c's, refcheck_corpus.c's and
 * refcheck_hip.c's, refcheck_cdna.c's and refcheck_rocm.c's (refcheck.h).
 */
#include "refcheck.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void rc_die(const char *msg, const char *arg)
{
    fprintf(stderr, "refcheck: %s%s\n", msg, arg ? arg : "");
    exit(2);
}

void *rc_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        rc_die("out of memory", NULL);
    return p;
}

char *rc_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *p = rc_xmalloc(cap + 1);
    size_t got;
    while ((got = fread(p + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            char *q = realloc(p, cap + 1);
            if (!q)
                rc_die("out of memory", NULL);
            p = q;
        }
    }
    fclose(f);
    p[n] = '\0';
    *len = n;
    return p;
}

/* Load DIR/<which>_<name>.bin; `elem` is the element size the check expects. */
rc_buf_t rc_load(rc_ctx_t *c, const char *which, const char *name, size_t elem)
{
    char path[RC_PATH_LEN];
    snprintf(path, sizeof path, "%s/%s_%s.bin", c->dir, which, name);
    rc_buf_t b;
    b.data = rc_read_file(path, &b.bytes);
    if (!b.data)
        rc_die("cannot read ", path);
    if (b.bytes % elem != 0)
        rc_die("size is not a whole number of elements: ", path);
    if (c->nbufs == (int)(sizeof c->bufs / sizeof c->bufs[0]))
        rc_die("too many buffers", NULL);
    c->bufs[c->nbufs++] = b.data;
    return b;
}

/* Copy the value of `key` in `[section]` of the workload file to `out`; 0 if absent. In [args],
 * a type prefix ("u32:7") is skipped. */
int rc_ini_lookup(const rc_ctx_t *c, const char *section, const char *key, char *out, size_t outlen)
{
    const char *p = c->ini;
    int in_section = 0;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[512];
        if (len >= sizeof line)
            len = sizeof line - 1;
        memcpy(line, p, len);
        line[len] = '\0';
        p += len + (eol ? 1 : 0);
        char *s = line;
        while (isspace((unsigned char)*s))
            s++;
        if (*s == ';' || *s == '#' || *s == '\0')
            continue;
        if (*s == '[') {
            char *e = strchr(s, ']');
            if (e)
                *e = '\0';
            in_section = strcmp(s + 1, section) == 0;
            continue;
        }
        if (!in_section)
            continue;
        char *eq = strchr(s, '=');
        if (!eq)
            continue;
        char *k = s, *ke = eq;
        while (ke > k && isspace((unsigned char)ke[-1]))
            ke--;
        *ke = '\0';
        if (strcmp(k, key) != 0)
            continue;
        char *v = eq + 1;
        while (isspace((unsigned char)*v))
            v++;
        char *ve = v + strlen(v);
        while (ve > v && isspace((unsigned char)ve[-1]))
            ve--;
        *ve = '\0';
        char *colon = strchr(v, ':');
        if (colon && strcmp(section, "args") == 0)
            v = colon + 1;
        snprintf(out, outlen, "%s", v);
        return 1;
    }
    return 0;
}

/* A scalar argument by name (the first of the spellings given that exists). */
double rc_arg2(const rc_ctx_t *c, const char *key, const char *alt)
{
    char v[128];
    if (!rc_ini_lookup(c, "args", key, v, sizeof v) && !(alt && rc_ini_lookup(c, "args", alt, v, sizeof v)))
        rc_die("workload.ini has no [args] value for ", key);
    char *end;
    double d = strtod(v, &end);
    if (end == v)
        rc_die("not a number in [args]: ", v);
    return d;
}
double rc_arg(const rc_ctx_t *c, const char *key) { return rc_arg2(c, key, NULL); }

/* Workgroup size in x ([kernel] workgroup = X[,Y[,Z]]). */
size_t rc_workgroup_x(const rc_ctx_t *c)
{
    char v[128];
    if (!rc_ini_lookup(c, "kernel", "workgroup", v, sizeof v))
        rc_die("workload.ini has no [kernel] workgroup", NULL);
    long x = strtol(v, NULL, 10);
    if (x <= 0)
        rc_die("bad workgroup size: ", v);
    return (size_t)x;
}

void rc_mismatch_u32(rc_ctx_t *c, const char *buf, size_t i, uint32_t exp, uint32_t got)
{
    if (c->mismatches++ < RC_MAX_SHOWN)
        printf("  %s[%zu]: expected %u, got %u\n", buf, i, exp, got);
}

void rc_check_u32(rc_ctx_t *c, const char *buf, size_t i, uint32_t exp, uint32_t got)
{
    if (exp != got)
        rc_mismatch_u32(c, buf, i, exp, got);
}

/* |got - exp| <= tol (and both finite, or bit-identical). */
void rc_check_f32(rc_ctx_t *c, const char *buf, size_t i, double exp, float got, double tol)
{
    if (isfinite(got) && fabs((double)got - exp) <= tol)
        return;
    if (c->mismatches++ < RC_MAX_SHOWN)
        printf("  %s[%zu]: expected %.9g, got %.9g (tolerance %.3g)\n", buf, i, exp, (double)got, tol);
}

/* Buffers the kernel must leave alone (or elements past what it writes) are compared bitwise. */
void rc_check_unchanged(rc_ctx_t *c, const char *buf, const uint32_t *init, const uint32_t *fin,
                            size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        rc_check_u32(c, buf, i, init[i], fin[i]);
}

int rc_cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void rc_need_count(const char *what, size_t have, size_t need)
{
    if (have < need) {
        fprintf(stderr, "refcheck: buffer %s has %zu elements, the workload needs %zu\n", what, have, need);
        exit(2);
    }
}

typedef struct {
    const char *name;
    void (*check)(rc_ctx_t *);
} workload_t;

/* Hand-written kernels and their OpenCL counterparts share a check (opencl/NAME -> NAME). */
static const workload_t workloads[] = {
    {"tutorial/first", rc_first},
    {"vector_add", rc_vector_add},
    {"saxpy", rc_saxpy},
    {"dscale", rc_dscale},
    {"halfops", rc_halfops},
    {"fdiv", rc_fdiv},
    {"pipeline", rc_pipeline},
    {"reduce", rc_reduce},
    {"wave_reduce", rc_wave_reduce},
    {"matmul_naive", rc_matmul},
    {"matmul_tiled", rc_matmul},
    {"stencil3x3", rc_stencil},
    {"histogram", rc_histogram},
    {"compact", rc_compact},
    {"transpose", rc_transpose},
    {"scan", rc_scan},
    {"dpp_scan", rc_scan},
    {"sdwa_unpack", rc_sdwa_unpack},
    {"bitonic", rc_bitonic},
    {"bitonic_sort", rc_bitonic_sort},
    {"spmv", rc_spmv},
    {"privsort", rc_privsort},
    {"spill", rc_spill},
    {"blackscholes", rc_blackscholes},
    {"nbody", rc_nbody},
    {"memory/pointer_chase", rc_pointer_chase},
    {"memory/stream", rc_stream},
    {"memory/conv_wide", rc_conv_wide},
    {"memory/column_walk", rc_column_walk},
    {"bench/alu", rc_alu},
    {"crc32", rc_crc32},
    {"horner_f64", rc_horner_f64},
    {"half_mul", rc_half_mul},
    {"private_hist", rc_private_hist},
    {"pixel_blend", rc_pixel_blend},
    {"wave_reduce_dpp", rc_wave_reduce_dpp},
    {"div_fmod", rc_div_fmod},
    {"spill16", rc_spill16},
    {"hip/block_sum", rc_block_sum},
    {"hip/shfl_scan", rc_shfl_scan},
    {"hip/daxpy_poly", rc_daxpy_poly},
    {"wg_builtins", rc_wg_builtins},
    {"barrier_tail", rc_barrier_tail},
    {"cdna/gemm_f16_32x32x8", rc_gemm_f16},
    {"cdna/gemm_f16_16x16x16", rc_gemm_f16},
    {"cdna/gemm_bf16_1k", rc_gemm_bf16},
    {"cdna/gemm_f64", rc_gemm_f64},
    {"cdna/gemm_fp8", rc_gemm_fp8},
    {"cdna/rocprim_block_sum", rc_block_sum},
    {"cdna/rocrand_philox", rc_rocrand_philox},
    {"cdna/rocprim_radix_sort", rc_radix_sort},
    {"cdna/rocprim_radix_sort_dups", rc_radix_sort},
};

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < sizeof workloads / sizeof workloads[0]; i++)
            printf("%s\n", workloads[i].name);
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: refcheck NAME DIR   (NAME as in workloads/NAME.ini; DIR holds "
                        "init_BUF.bin, final_BUF.bin and workload.ini)\n       refcheck --list\n");
        return 2;
    }
    rc_ctx_t c = {.dir = argv[2], .name = argv[1]};
    if (strncmp(c.name, "opencl/", 7) == 0) {
        c.name += 7;
        c.opencl = 1;
    }
    const workload_t *w = NULL;
    for (size_t i = 0; i < sizeof workloads / sizeof workloads[0]; i++)
        if (strcmp(workloads[i].name, c.name) == 0)
            w = &workloads[i];
    if (!w || (c.opencl && strchr(c.name, '/'))) {
        fprintf(stderr, "refcheck: no reference for workload '%s'\n", argv[1]);
        return 2;
    }
    char path[RC_PATH_LEN];
    size_t len;
    snprintf(path, sizeof path, "%s/workload.ini", c.dir);
    c.ini = rc_read_file(path, &len);
    if (!c.ini)
        rc_die("cannot read ", path);
    w->check(&c);
    free(c.ini);
    for (int i = 0; i < c.nbufs; i++)
        free(c.bufs[i]);
    if (c.mismatches) {
        printf("refcheck %s: %ld mismatches%s\n", argv[1], c.mismatches,
               c.mismatches > RC_MAX_SHOWN ? " (first shown above)" : "");
        return 1;
    }
    return 0;
}

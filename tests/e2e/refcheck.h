/* refcheck.h: the reference checker's harness (refcheck.c) and its checks, one per workload
 * (refcheck_kernels.c: the hand-written kernels, their OpenCL twins and the memory
 * microbenchmarks; refcheck_corpus.c: the OpenCL corpus; refcheck_hip.c: the HIP examples;
 * refcheck_cdna.c: the MFMA GEMM workloads; refcheck_rocm.c: rocRAND's Philox, rocPRIM's radix sort).
 * A check loads a workload's buffers (rc_load), reads its scalar arguments (rc_arg), computes the
 * expected outputs in C and reports each mismatch (rc_check_u32, rc_check_f32). Standalone on
 * purpose: it shares no code with the simulator it checks. */
#ifndef GCNSIM_TESTS_REFCHECK_H
#define GCNSIM_TESTS_REFCHECK_H

#include <stddef.h>
#include <stdint.h>

enum { RC_MAX_SHOWN = 8, RC_PATH_LEN = 1024 };

typedef struct {
    const char *dir;
    const char *name;     /* the workload name without a leading "opencl/" */
    int opencl;           /* 1 for workloads/opencl/... */
    char *ini;            /* DIR/workload.ini */
    long mismatches;
    void *bufs[16];       /* loaded buffers, freed at the end */
    int nbufs;
} rc_ctx_t;

typedef struct {
    void *data;
    size_t bytes;
} rc_buf_t;

#define U32(b) ((const uint32_t *)(b).data)
#define F32(b) ((const float *)(b).data)
#define N32(b) ((b).bytes / 4)
#define U16(b) ((const uint16_t *)(b).data)
#define I32(b) ((const int32_t *)(b).data)
#define F64(b) ((const double *)(b).data)

/* "refcheck: MSG ARG" and exit 2 (bad input). */
_Noreturn void rc_die(const char *msg, const char *arg);
void *rc_xmalloc(size_t n);
/* The whole file, NUL-terminated (its length in *len); NULL when it cannot be opened. */
char *rc_read_file(const char *path, size_t *len);
/* Load DIR/<which>_<name>.bin; `elem` is the element size the check expects. */
rc_buf_t rc_load(rc_ctx_t *c, const char *which, const char *name, size_t elem);
/* Copy the value of `key` in `[section]` of the workload file to `out`; 0 if absent. In [args],
 * a type prefix ("u32:7") is skipped. */
int rc_ini_lookup(const rc_ctx_t *c, const char *section, const char *key, char *out, size_t outlen);
/* A scalar argument by name (the first of the spellings given that exists). */
double rc_arg2(const rc_ctx_t *c, const char *key, const char *alt);
double rc_arg(const rc_ctx_t *c, const char *key);
/* Workgroup size in x ([kernel] workgroup = X[,Y[,Z]]). */
size_t rc_workgroup_x(const rc_ctx_t *c);
void rc_mismatch_u32(rc_ctx_t *c, const char *buf, size_t i, uint32_t exp, uint32_t got);
void rc_check_u32(rc_ctx_t *c, const char *buf, size_t i, uint32_t exp, uint32_t got);
/* |got - exp| <= tol (and both finite, or bit-identical). */
void rc_check_f32(rc_ctx_t *c, const char *buf, size_t i, double exp, float got, double tol);
/* Buffers the kernel must leave alone (or elements past what it writes) are compared bitwise. */
void rc_check_unchanged(rc_ctx_t *c, const char *buf, const uint32_t *init, const uint32_t *fin, size_t from,
                        size_t to);
/* qsort's order of uint32_t values. */
int rc_cmp_u32(const void *a, const void *b);
/* Exit 2 when buffer `what` has fewer than `need` elements. */
void rc_need_count(const char *what, size_t have, size_t need);

/* The checks (refcheck.c's table names the workload each one serves). */
void rc_first(rc_ctx_t *c); void rc_vector_add(rc_ctx_t *c); void rc_saxpy(rc_ctx_t *c);
void rc_dscale(rc_ctx_t *c); void rc_halfops(rc_ctx_t *c); void rc_pipeline(rc_ctx_t *c);
void rc_reduce(rc_ctx_t *c); void rc_wave_reduce(rc_ctx_t *c); void rc_matmul(rc_ctx_t *c);
void rc_stencil(rc_ctx_t *c); void rc_histogram(rc_ctx_t *c); void rc_compact(rc_ctx_t *c);
void rc_transpose(rc_ctx_t *c); void rc_scan(rc_ctx_t *c); void rc_sdwa_unpack(rc_ctx_t *c);
void rc_bitonic(rc_ctx_t *c); void rc_privsort(rc_ctx_t *c); void rc_spill(rc_ctx_t *c);
void rc_spmv(rc_ctx_t *c); void rc_blackscholes(rc_ctx_t *c); void rc_nbody(rc_ctx_t *c);
void rc_pointer_chase(rc_ctx_t *c); void rc_column_walk(rc_ctx_t *c); void rc_stream(rc_ctx_t *c);
void rc_conv_wide(rc_ctx_t *c); void rc_alu(rc_ctx_t *c); void rc_fdiv(rc_ctx_t *c);
void rc_crc32(rc_ctx_t *c); void rc_horner_f64(rc_ctx_t *c); void rc_half_mul(rc_ctx_t *c);
void rc_private_hist(rc_ctx_t *c); void rc_pixel_blend(rc_ctx_t *c); void rc_barrier_tail(rc_ctx_t *c);
void rc_wave_reduce_dpp(rc_ctx_t *c); void rc_div_fmod(rc_ctx_t *c); void rc_spill16(rc_ctx_t *c);
void rc_bitonic_sort(rc_ctx_t *c);
void rc_block_sum(rc_ctx_t *c); void rc_shfl_scan(rc_ctx_t *c); void rc_daxpy_poly(rc_ctx_t *c);
void rc_wg_builtins(rc_ctx_t *c);
void rc_gemm_f16(rc_ctx_t *c); void rc_gemm_bf16(rc_ctx_t *c); void rc_gemm_fp8(rc_ctx_t *c);
void rc_gemm_f64(rc_ctx_t *c);
void rc_rocrand_philox(rc_ctx_t *c); void rc_radix_sort(rc_ctx_t *c);

#endif

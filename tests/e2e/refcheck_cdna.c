/* refcheck_cdna: the references of the MFMA GEMM workloads (workloads/cdna). C = A * B for A
 * (m x k) and B (k x n), row-major, from the initial buffers; each element type decoded here from
 * its bits by its definition, independently of the simulator's conversions. The exact product
 * sums are computed in double (exact for f16, bf16 and fp8 inputs: products of at most 11-bit
 * significands, summed over k <= 2^10 terms within 53 bits). The matrix cores add in f32 (f64 for
 * the f64 shape) in an order the manuals leave open, so a result may differ from the exact sum by
 * the rounding of k additions: at most k * 2^-23 * sum |a * b| in f32 (k * 2^-52 in f64), the
 * classic bound for any order of summation with twice the unit roundoff as margin. A wrong element,
 * a wrong lane layout or a dropped block is off by far more. */
#include "refcheck.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* IEEE binary16: 1 sign, 5 exponent (bias 15), 10 fraction bits. */
static double f16_value(uint16_t h)
{
    int e = (h >> 10) & 31, f = h & 1023;
    double v = e == 0 ? ldexp(f, -24) : e == 31 ? (f ? NAN : INFINITY) : ldexp(1024 + f, e - 25);
    return h & 0x8000 ? -v : v;
}

/* bfloat16: the upper half of an IEEE binary32 (1 sign, 8 exponent with bias 127, 7 fraction). */
static double bf16_value(uint16_t h)
{
    int e = (h >> 7) & 255, f = h & 127;
    double v = e == 0 ? ldexp(f, -133) : e == 255 ? (f ? NAN : INFINITY) : ldexp(128 + f, e - 134);
    return h & 0x8000 ? -v : v;
}

/* gfx942's fp8 (AMD's CDNA3 ISA, "FP8": E4M3 FNUZ): 1 sign, 4 exponent (bias 8), 3 fraction bits;
 * 0x80 is NaN, no infinities, no negative zero. */
static double fp8_value(uint8_t b)
{
    if (b == 0x80)
        return NAN;
    int e = (b >> 3) & 15, f = b & 7;
    double v = e == 0 ? ldexp(f, -10) : ldexp(8 + f, e - 11);
    return b & 0x80 ? -v : v;
}

typedef enum { T_F16, T_BF16, T_FP8, T_F64 } elem_t;

static double elem(const rc_buf_t *b, elem_t t, size_t i)
{
    switch (t) {
    case T_F16: return f16_value(U16(*b)[i]);
    case T_BF16: return bf16_value(U16(*b)[i]);
    case T_FP8: return fp8_value(((const uint8_t *)b->data)[i]);
    case T_F64: return F64(*b)[i];
    }
    return NAN;
}

static void gemm(rc_ctx_t *c, elem_t t)
{
    size_t esize = t == T_F64 ? 8 : t == T_FP8 ? 1 : 2;
    rc_buf_t a = rc_load(c, "init", "a", esize), b = rc_load(c, "init", "b", esize);
    rc_buf_t out = rc_load(c, "final", "c", t == T_F64 ? 8 : 4);
    size_t m = (size_t)rc_arg(c, "m"), n = (size_t)rc_arg(c, "n"), k = (size_t)rc_arg(c, "k");
    rc_need_count("a", a.bytes / esize, m * k);
    rc_need_count("b", b.bytes / esize, k * n);
    rc_need_count("c", out.bytes / (t == T_F64 ? 8 : 4), m * n);
    double *bv = rc_xmalloc(k * n * sizeof *bv);
    for (size_t i = 0; i < k * n; i++)
        bv[i] = elem(&b, t, i);
    double unit = t == T_F64 ? ldexp(1, -52) : ldexp(1, -23);
    for (size_t i = 0; i < m; i++)
        for (size_t j = 0; j < n; j++) {
            double sum = 0, mag = 0;
            for (size_t q = 0; q < k; q++) {
                double p = elem(&a, t, i * k + q) * bv[q * n + j];
                sum += p;
                mag += fabs(p);
            }
            double tol = (double)k * unit * mag;
            if (t == T_F64) {
                double got = F64(out)[i * n + j];
                if (!(isfinite(got) && fabs(got - sum) <= tol) && c->mismatches++ < RC_MAX_SHOWN)
                    printf("  c[%zu] (row %zu, column %zu): expected %.17g, got %.17g\n", i * n + j, i, j, sum, got);
            } else {
                rc_check_f32(c, "c", i * n + j, sum, F32(out)[i * n + j], tol);
            }
        }
    free(bv);
}

/* cdna/gemm_f16_32x32x8, cdna/gemm_f16_16x16x16: f16 inputs. */
void rc_gemm_f16(rc_ctx_t *c) { gemm(c, T_F16); }
/* cdna/gemm_bf16_1k: bf16 inputs. */
void rc_gemm_bf16(rc_ctx_t *c) { gemm(c, T_BF16); }
/* cdna/gemm_fp8: gfx942 fp8 inputs. */
void rc_gemm_fp8(rc_ctx_t *c) { gemm(c, T_FP8); }
/* cdna/gemm_f64: f64 inputs and result. */
void rc_gemm_f64(rc_ctx_t *c) { gemm(c, T_F64); }

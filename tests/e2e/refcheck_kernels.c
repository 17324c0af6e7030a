/* refcheck_kernels: the references of the hand-written kernels and their OpenCL counterparts
 * (workloads/, workloads/opencl/, workloads/tutorial/), and of the memory hierarchy and ALU
 * microbenchmarks (workloads/memory/, workloads/bench/). Each check is named in refcheck.c's table. */
#include "refcheck.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* tutorial/first: out[i] = in[i] + k (mod 2^32). */
void rc_first(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), out = rc_load(c, "final", "out", 4);
    uint32_t k = (uint32_t)rc_arg(c, "k");
    rc_need_count("out", N32(out), N32(in));
    for (size_t i = 0; i < N32(in); i++)
        rc_check_u32(c, "out", i, U32(in)[i] + k, U32(out)[i]);
}

/* c[i] = a[i] + b[i] for i < n; c unchanged beyond. A single f32 addition is correctly rounded,
 * so the result is exact; the only allowed difference is a result below FLT_MIN flushed to 0. */
void rc_vector_add(rc_ctx_t *c)
{
    rc_buf_t a = rc_load(c, "init", "a", 4), b = rc_load(c, "init", "b", 4);
    rc_buf_t c0 = rc_load(c, "init", "c", 4), c1 = rc_load(c, "final", "c", 4);
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("a", N32(a), n);
    rc_need_count("b", N32(b), n);
    rc_need_count("c", N32(c1), n);
    for (size_t i = 0; i < n; i++) {
        float e = F32(a)[i] + F32(b)[i];
        rc_check_f32(c, "c", i, e, F32(c1)[i], FLT_MIN);
    }
    rc_check_unchanged(c, "c", U32(c0), U32(c1), n, N32(c1));
}

/* y[i] = a * x[i] + y[i] for i < n. GCN's v_mac_f32 rounds the product, then the sum (as C does
 * below); a compiler may instead fuse them (v_fma_f32), which differs by at most the product's
 * rounding error, half an ulp of |a*x|: hence 1.2e-7 * (|a*x| + |y'|) + FLT_MIN (flushing). */
void rc_saxpy(rc_ctx_t *c)
{
    rc_buf_t x = rc_load(c, "init", "x", 4), y0 = rc_load(c, "init", "y", 4), y1 = rc_load(c, "final", "y", 4);
    float a = (float)rc_arg(c, "a");
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("x", N32(x), n);
    rc_need_count("y", N32(y1), n);
    for (size_t i = 0; i < n; i++) {
        float p = a * F32(x)[i];
        float e = p + F32(y0)[i];
        rc_check_f32(c, "y", i, e, F32(y1)[i], 1.2e-7 * (fabs(p) + fabs(e)) + FLT_MIN);
    }
    rc_check_unchanged(c, "y", U32(y0), U32(y1), n, N32(y1));
}

/* dscale (f64): y[i] = a * x[i] + sqrt(x[i]) / (x[i] + 1) for i < n. The kernel divides by a
 * reciprocal refined with Newton steps (within an ulp of the quotient, not always the correctly
 * rounded one) and fuses the final multiply-add, so it may differ from C's separately rounded
 * a*x + q by an ulp of q plus half an ulp of a*x and of the sum: 4 * DBL_EPSILON * the magnitudes. */
void rc_dscale(rc_ctx_t *c)
{
    rc_buf_t x = rc_load(c, "init", "x", 8), y0 = rc_load(c, "init", "y", 8), y1 = rc_load(c, "final", "y", 8);
    double a = rc_arg(c, "a");
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("x", x.bytes / 8, n);
    rc_need_count("y", y1.bytes / 8, n);
    const double *xv = x.data, *yv = y1.data;
    for (size_t i = 0; i < n; i++) {
        double q = sqrt(xv[i]) / (xv[i] + 1.0), p = a * xv[i], e = p + q;
        double tol = 4 * DBL_EPSILON * (fabs(p) + fabs(q) + fabs(e)) + DBL_MIN;
        if (!(isfinite(yv[i]) && fabs(yv[i] - e) <= tol) && c->mismatches++ < RC_MAX_SHOWN)
            printf("  y[%zu]: expected %.17g, got %.17g (tolerance %.3g)\n", i, e, yv[i], tol);
    }
    rc_check_unchanged(c, "y", U32(y0), U32(y1), 2 * n, N32(y1));
}

/* halfops (f16 and 16-bit integers, workloads/halfops.s), bit exact against the host compiler's
 * _Float16: each step assigned to a _Float16 (rounded to nearest even once: + - * and sqrt done in
 * float and rounded to f16 are correctly rounded), the fused step through fma in double (exact for
 * f16 inputs here, rounded once). w and z are whole VGPRs: zero-extended (gfx8 zeroes 31:16). */
__extension__ typedef _Float16 half_t;
static uint16_t half_bits(half_t h) { uint16_t b; memcpy(&b, &h, 2); return b; }
void rc_halfops(rc_ctx_t *c)
{
    rc_buf_t x = rc_load(c, "init", "x", 4), y = rc_load(c, "final", "y", 2), w = rc_load(c, "final", "w", 4);
    rc_buf_t z = rc_load(c, "final", "z", 4), w0 = rc_load(c, "init", "w", 4);
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("x", N32(x), n);
    rc_need_count("y", y.bytes / 2, n);
    rc_need_count("w", N32(w), n);
    rc_need_count("z", N32(z), n);
    const uint16_t *yv = y.data;
    const uint32_t *zv = z.data;
    for (size_t i = 0; i < n; i++) {
        half_t h = (half_t)F32(x)[i];
        half_t t = h * h;
        t = (half_t)fma((double)h, 0.5, (double)t);
        half_t q = (half_t)sqrtf(fabsf((float)h));
        t = t + q;
        t = (float)t > -1.0f ? t : (half_t)-1.0f;
        t = t * (half_t)0.5f;
        uint16_t want = (float)t > 0.0f ? half_bits(t) : 0;
        uint32_t k = (uint32_t)i & 0xffffu, a = (k * 3 + 0x1234) & 0xffffu;
        a = (uint32_t)(uint16_t)((int16_t)a >> 2);
        a = a < 0x7000u ? a : 0x7000u;
        uint16_t zw = (uint16_t)(k * k + a);
        if ((yv[i] != want || U32(w)[i] != want || zv[i] != zw) && c->mismatches++ < RC_MAX_SHOWN)
            printf("  [%zu] x %.9g: y 0x%04x w 0x%08x (expected 0x%04x), z 0x%08x (expected 0x%04x)\n", i,
                   (double)F32(x)[i], yv[i], U32(w)[i], want, zv[i], zw);
    }
    rc_check_unchanged(c, "w", U32(w0), U32(w), n, N32(w));
}

/* Two dispatches: t[i] = x[i]^2, then y[i] = t[i] + t[n-1-i] (the second reads other workgroups'
 * results of the first, so a missing dependency between them would show here). */
void rc_pipeline(rc_ctx_t *c)
{
    rc_buf_t x = rc_load(c, "init", "x", 4), t = rc_load(c, "final", "t", 4), y = rc_load(c, "final", "y", 4);
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("t", N32(t), n);
    rc_need_count("y", N32(y), n);
    for (size_t i = 0; i < n; i++) {
        float a = F32(x)[i] * F32(x)[i], b = F32(x)[n - 1 - i] * F32(x)[n - 1 - i];
        rc_check_f32(c, "t", i, a, F32(t)[i], FLT_MIN);
        rc_check_f32(c, "y", i, a + b, F32(y)[i], FLT_MIN);
    }
}

/* out[g] = sum of the g-th workgroup's inputs, mod 2^32. */
void rc_reduce(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), out = rc_load(c, "final", "out", 4);
    size_t l = rc_workgroup_x(c), groups = N32(in) / l;
    rc_need_count("out", N32(out), groups);
    for (size_t g = 0; g < groups; g++) {
        uint32_t s = 0;
        for (size_t i = 0; i < l; i++)
            s += U32(in)[g * l + i];
        rc_check_u32(c, "out", g, s, U32(out)[g]);
    }
}

/* sums[w] = the w-th wave's 64 inputs summed mod 2^32; rev reverses each workgroup's inputs. */
void rc_wave_reduce(rc_ctx_t *c)
{
    rc_buf_t x = rc_load(c, "init", "x", 4), rev = rc_load(c, "final", "rev", 4), sums = rc_load(c, "final", "sums", 4);
    size_t l = rc_workgroup_x(c), n = N32(x);
    rc_need_count("rev", N32(rev), n);
    rc_need_count("sums", N32(sums), n / 64);
    for (size_t w = 0; w < n / 64; w++) {
        uint32_t s = 0;
        for (size_t i = 0; i < 64; i++)
            s += U32(x)[64 * w + i];
        rc_check_u32(c, "sums", w, s, U32(sums)[w]);
    }
    for (size_t i = 0; i < n; i++)
        rc_check_u32(c, "rev", i, U32(x)[i - i % l + (l - 1 - i % l)], U32(rev)[i]);
}

/* C = A * B, N x N (N from the buffer size). Reference in double. The kernel accumulates N
 * products in f32: each step's rounding error is at most 2^-24 of the running |sum| <= sum|a*b|,
 * so the total stays below N * 6e-8 * sum|a*b| (4e-6 for N = 64); 2e-5 * sum|a*b| leaves room for
 * fused or reordered accumulation, and still catches any wrong or missing term. */
void rc_matmul(rc_ctx_t *c)
{
    rc_buf_t A = rc_load(c, "init", "A", 4), B = rc_load(c, "init", "B", 4), C = rc_load(c, "final", "C", 4);
    size_t n = (size_t)lround(sqrt((double)N32(C)));
    if (n * n != N32(C) || N32(A) < n * n || N32(B) < n * n)
        rc_die("matmul buffers are not square N x N matrices", NULL);
    for (size_t r = 0; r < n; r++)
        for (size_t col = 0; col < n; col++) {
            double s = 0, mag = 0;
            for (size_t k = 0; k < n; k++) {
                double p = (double)F32(A)[r * n + k] * F32(B)[k * n + col];
                s += p;
                mag += fabs(p);
            }
            rc_check_f32(c, "C", r * n + col, s, F32(C)[r * n + col], 2e-5 * mag + 1e-30);
        }
}

/* out = 0.5 * centre + 0.0625 * (8 clamped neighbours). Reference in double; ten f32 roundings
 * of values bounded by the weighted magnitude m give at most 10 * 6e-8 * m: tolerance 1e-6 * m. */
void rc_stencil(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), out = rc_load(c, "final", "out", 4);
    long w = (long)rc_arg2(c, "W", "w"), h = (long)rc_arg2(c, "H", "h");
    rc_need_count("in", N32(in), (size_t)(w * h));
    rc_need_count("out", N32(out), (size_t)(w * h));
    for (long y = 0; y < h; y++)
        for (long x = 0; x < w; x++) {
            double s = 0, mag = 0;
            for (long dy = -1; dy <= 1; dy++)
                for (long dx = -1; dx <= 1; dx++) {
                    if (dx == 0 && dy == 0)
                        continue;
                    long xx = x + dx < 0 ? 0 : x + dx >= w ? w - 1 : x + dx;
                    long yy = y + dy < 0 ? 0 : y + dy >= h ? h - 1 : y + dy;
                    s += F32(in)[yy * w + xx];
                    mag += fabs(F32(in)[yy * w + xx]);
                }
            double centre = F32(in)[y * w + x];
            double e = 0.5 * centre + 0.0625 * s;
            mag = 0.5 * fabs(centre) + 0.0625 * mag;
            rc_check_f32(c, "out", (size_t)(y * w + x), e, F32(out)[y * w + x], 1e-6 * mag + 1e-30);
        }
}

/* hist[b] += count of inputs in bin b. Hand-written: bin = low byte of all inputs;
 * OpenCL: bin = bits 4..11 of the first n inputs. */
void rc_histogram(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), h0 = rc_load(c, "init", "hist", 4), h1 = rc_load(c, "final", "hist", 4);
    size_t n = c->opencl ? (size_t)rc_arg(c, "n") : N32(in);
    rc_need_count("in", N32(in), n);
    rc_need_count("hist", N32(h0), 256);
    rc_need_count("hist", N32(h1), 256);
    uint32_t e[256];
    memcpy(e, h0.data, sizeof e);
    for (size_t i = 0; i < n; i++)
        e[c->opencl ? (U32(in)[i] >> 4) & 255u : U32(in)[i] & 255u]++;
    for (size_t b = 0; b < 256; b++)
        rc_check_u32(c, "hist", b, e[b], U32(h1)[b]);
}

/* count[0] = number of inputs > threshold (among the first n); out[0..count) holds exactly those
 * values in some order (atomics decide it), so both sides are sorted before comparing; the rest
 * of out is unchanged. */
void rc_compact(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), o0 = rc_load(c, "init", "out", 4), o1 = rc_load(c, "final", "out", 4);
    rc_buf_t c0 = rc_load(c, "init", "count", 4), c1 = rc_load(c, "final", "count", 4);
    uint32_t thr = (uint32_t)rc_arg(c, "threshold");
    size_t n = c->opencl ? (size_t)rc_arg(c, "n") : N32(in);
    rc_need_count("in", N32(in), n);
    rc_need_count("count", N32(c1), 1);
    uint32_t *kept = rc_xmalloc(n * 4);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (U32(in)[i] > thr)
            kept[m++] = U32(in)[i];
    uint32_t start = U32(c0)[0];
    rc_check_u32(c, "count", 0, start + (uint32_t)m, U32(c1)[0]);
    if (U32(c1)[0] == start + m && start + m <= N32(o1)) {
        uint32_t *got = rc_xmalloc(m * 4);
        memcpy(got, U32(o1) + start, m * 4);
        qsort(kept, m, 4, rc_cmp_u32);
        qsort(got, m, 4, rc_cmp_u32);
        for (size_t i = 0; i < m; i++)
            rc_check_u32(c, "out (sorted)", i, kept[i], got[i]);
        free(got);
        rc_check_unchanged(c, "out", U32(o0), U32(o1), 0, start);
        rc_check_unchanged(c, "out", U32(o0), U32(o1), start + m, N32(o1));
    }
    free(kept);
}

/* out[x * h + y] = in[y * w + x], bitwise. */
void rc_transpose(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), out = rc_load(c, "final", "out", 4);
    size_t w = (size_t)rc_arg(c, "w"), h = (size_t)rc_arg(c, "h");
    rc_need_count("in", N32(in), w * h);
    rc_need_count("out", N32(out), w * h);
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++)
            rc_check_u32(c, "out", x * h + y, U32(in)[y * w + x], U32(out)[x * h + y]);
}

/* Inclusive prefix sums restarted at each workgroup, mod 2^32. */
void rc_scan(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), out = rc_load(c, "final", "out", 4);
    size_t l = rc_workgroup_x(c);
    rc_need_count("out", N32(out), N32(in));
    uint32_t s = 0;
    for (size_t i = 0; i < N32(in); i++) {
        s = (i % l == 0 ? 0 : s) + U32(in)[i];
        rc_check_u32(c, "out", i, s, U32(out)[i]);
    }
}

/* Each u32 split by SDWA selects (workloads/sdwa_unpack.s): byte 0, byte 1 sign-extended,
 * byte 2 + byte 3, the low half-word moved to the high one. */
void rc_sdwa_unpack(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), out = rc_load(c, "final", "out", 4);
    rc_need_count("out", N32(out), 4 * N32(in));
    for (size_t i = 0; i < N32(in); i++) {
        uint32_t x = U32(in)[i];
        uint32_t want[4] = { x & 0xff, (uint32_t)(int32_t)(int8_t)(uint8_t)(x >> 8), ((x >> 16) & 0xff) + (x >> 24),
                             (x & 0xffff) << 16 };
        for (size_t k = 0; k < 4; k++)
            rc_check_u32(c, "out", 4 * i + k, want[k], U32(out)[4 * i + k]);
    }
}

/* Each workgroup's chunk of keys sorted ascending. */
void rc_bitonic(rc_ctx_t *c)
{
    rc_buf_t d0 = rc_load(c, "init", "data", 4), d1 = rc_load(c, "final", "data", 4);
    size_t l = rc_workgroup_x(c), n = N32(d0);
    rc_need_count("data", N32(d1), n);
    uint32_t *e = rc_xmalloc(n * 4);
    memcpy(e, d0.data, n * 4);
    for (size_t g = 0; g + l <= n; g += l)
        qsort(e + g, l, 4, rc_cmp_u32);
    for (size_t i = 0; i < n; i++)
        rc_check_u32(c, "data", i, e[i], U32(d1)[i]);
    free(e);
}

/* Each work-item's 40 keys sorted ascending in out, and a 32-bin histogram of their low 5 bits in
 * hist (the kernel sorts and counts in private arrays: scratch memory). */
void rc_privsort(rc_ctx_t *c)
{
    enum { N = 40, HB = 32 };
    rc_buf_t in = rc_load(c, "init", "in", 4), out = rc_load(c, "final", "out", 4), hist = rc_load(c, "final", "hist", 4);
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("in", N32(in), n * N);
    rc_need_count("out", N32(out), n * N);
    rc_need_count("hist", N32(hist), n * HB);
    uint32_t e[N], h[HB];
    for (size_t i = 0; i < n; i++) {
        memcpy(e, U32(in) + i * N, sizeof e);
        qsort(e, N, 4, rc_cmp_u32);
        memset(h, 0, sizeof h);
        for (int k = 0; k < N; k++) {
            rc_check_u32(c, "out", i * N + (size_t)k, e[k], U32(out)[i * N + (size_t)k]);
            h[e[k] & (HB - 1)]++;
        }
        for (int k = 0; k < HB; k++)
            rc_check_u32(c, "hist", i * HB + (size_t)k, h[k], U32(hist)[i * HB + (size_t)k]);
    }
}

/* The spill kernel's mixing, in place and in the same order (mod 2^32). */
void rc_spill(rc_ctx_t *c)
{
    enum { K = 32 };
    rc_buf_t in = rc_load(c, "init", "in", 4), out = rc_load(c, "final", "out", 4);
    size_t n = (size_t)rc_arg(c, "n");
    uint32_t rounds = (uint32_t)rc_arg(c, "rounds");
    rc_need_count("in", N32(in), n * K);
    rc_need_count("out", N32(out), n * K);
    for (size_t i = 0; i < n; i++) {
        uint32_t a[K];
        memcpy(a, U32(in) + i * K, sizeof a);
        for (uint32_t r = 0; r < rounds; r++)
            for (int k = 0; k < K; k++)
                a[k] = a[k] * 2654435761u + a[(k + 1) % K] + (a[(k + 7) % K] >> 3) + r;
        for (int k = 0; k < K; k++)
            rc_check_u32(c, "out", i * K + (size_t)k, a[k], U32(out)[i * K + (size_t)k]);
    }
}

/* y[r] = sum over the row's entries of val[j] * x[col[j]]. Reference in double; a row has few
 * entries (8 here), each f32 step within 6e-8 of the running magnitude: 1e-6 * sum|val*x|. */
void rc_spmv(rc_ctx_t *c)
{
    rc_buf_t rp = rc_load(c, "init", "row_ptr", 4), col = rc_load(c, "init", "col", 4);
    rc_buf_t val = rc_load(c, "init", "val", 4), x = rc_load(c, "init", "x", 4), y = rc_load(c, "final", "y", 4);
    size_t rows = (size_t)rc_arg(c, "rows");
    rc_need_count("row_ptr", N32(rp), rows + 1);
    rc_need_count("y", N32(y), rows);
    for (size_t r = 0; r < rows; r++) {
        double s = 0, mag = 0;
        for (uint32_t j = U32(rp)[r]; j < U32(rp)[r + 1]; j++) {
            if (j >= N32(col) || j >= N32(val) || U32(col)[j] >= N32(x))
                rc_die("spmv input is not a valid CSR matrix", NULL);
            double p = (double)F32(val)[j] * F32(x)[U32(col)[j]];
            s += p;
            mag += fabs(p);
        }
        rc_check_f32(c, "y", r, s, F32(y)[r], 1e-6 * mag + 1e-30);
    }
}

/* The normal CDF by the same Abramowitz-Stegun polynomial the kernel uses, in double. */
static double cnd(double d)
{
    const double a1 = 0.31938153, a2 = -0.356563782, a3 = 1.781477937, a4 = -1.821255978,
                 a5 = 1.330274429, rsqrt2pi = 0.39894228040143267794;
    double k = 1.0 / (1.0 + 0.2316419 * fabs(d));
    double v = rsqrt2pi * exp(-0.5 * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0 ? 1.0 - v : v;
}

/* Call and put prices. The kernel works in f32 with hardware exp2/log2/sqrt/reciprocal (about
 * 1 ulp each, libm-based in gcnsim): relative errors of a few 1e-7 in d1, d2 and the discount
 * factor move a price of up to ~100 by a few 1e-5. Prices are differences of such terms, so the
 * error is absolute: 1e-3 + 1e-4 * |price| is far above that noise and far below any wrong
 * formula (a wrong sign, rate or volatility term moves prices by > 0.01). */
void rc_blackscholes(rc_ctx_t *c)
{
    rc_buf_t S = rc_load(c, "init", "S", 4), K = rc_load(c, "init", "K", 4), T = rc_load(c, "init", "T", 4);
    rc_buf_t call = rc_load(c, "final", "call", 4), put = rc_load(c, "final", "put", 4);
    double r = rc_arg(c, "r"), v = rc_arg(c, "v");
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("S", N32(S), n);
    rc_need_count("K", N32(K), n);
    rc_need_count("T", N32(T), n);
    rc_need_count("call", N32(call), n);
    rc_need_count("put", N32(put), n);
    for (size_t i = 0; i < n; i++) {
        double s = F32(S)[i], k = F32(K)[i], t = F32(T)[i];
        double d1 = (log(s / k) + (r + 0.5 * v * v) * t) / (v * sqrt(t)), d2 = d1 - v * sqrt(t);
        double disc = exp(-r * t);
        double ec = s * cnd(d1) - k * disc * cnd(d2), ep = k * disc * cnd(-d2) - s * cnd(-d1);
        rc_check_f32(c, "call", i, ec, F32(call)[i], 1e-3 + 1e-4 * fabs(ec));
        rc_check_f32(c, "put", i, ep, F32(put)[i], 1e-3 + 1e-4 * fabs(ep));
    }
}

/* acc[i].xyz = sum over j of m_j * d / (|d|^2 + eps)^(3/2), acc[i].w = 0; reference in double.
 * The kernel sums n terms in f32 with a ~1 ulp reciprocal square root: error below
 * n * 1.2e-7 * sum|term| in the worst case (6e-5 for n = 512), typically far less; 1e-4 * sum|term|. */
void rc_nbody(rc_ctx_t *c)
{
    rc_buf_t pos = rc_load(c, "init", "pos", 16), acc = rc_load(c, "final", "acc", 16);
    size_t n = (size_t)rc_arg(c, "n");
    double eps = rc_arg(c, "eps");
    rc_need_count("pos", N32(pos) / 4, n);
    rc_need_count("acc", N32(acc) / 4, n);
    const float *p = F32(pos);
    for (size_t i = 0; i < n; i++) {
        double a[3] = {0, 0, 0}, mag[3] = {0, 0, 0};
        for (size_t j = 0; j < n; j++) {
            double d[3], r2 = eps;
            for (int k = 0; k < 3; k++) {
                d[k] = (double)p[4 * j + k] - p[4 * i + k];
                r2 += d[k] * d[k];
            }
            double f = p[4 * j + 3] / (r2 * sqrt(r2));
            for (int k = 0; k < 3; k++) {
                a[k] += d[k] * f;
                mag[k] += fabs(d[k] * f);
            }
        }
        for (int k = 0; k < 3; k++)
            rc_check_f32(c, "acc", 4 * i + (size_t)k, a[k], F32(acc)[4 * i + (size_t)k], 1e-4 * mag[k] + 1e-6);
        rc_check_f32(c, "acc", 4 * i + 3, 0.0, F32(acc)[4 * i + 3], 0.0);
    }
}

/* ---- the memory hierarchy microbenchmarks (workloads/memory) ---- */

/* The chain's line i holds 64 (i + 1): after warm + count steps from offset 0 the walk is at
 * 64 (warm + count) mod (mask + 1). The chain itself is left alone. */
void rc_pointer_chase(rc_ctx_t *c)
{
    rc_buf_t ch0 = rc_load(c, "init", "chain", 4), ch1 = rc_load(c, "final", "chain", 4), out = rc_load(c, "final", "out", 4);
    uint64_t mask = (uint64_t)rc_arg(c, "mask"), steps = (uint64_t)rc_arg(c, "warm") + (uint64_t)rc_arg(c, "count");
    rc_need_count("chain", N32(ch0), (size_t)(mask + 1) / 4);
    rc_need_count("out", N32(out), 1);
    /* Follow the chain as the kernel does (its contents, not the formula, decide). */
    uint64_t off = 0;
    for (uint64_t i = 0; i < steps; i++)
        off = U32(ch0)[off / 4] & mask;
    rc_check_u32(c, "out", 0, (uint32_t)off, U32(out)[0]);
    rc_check_unchanged(c, "chain", U32(ch0), U32(ch1), 0, N32(ch0));
}

/* out = the sum (u32, wrapping) of the first dword of each of `rows` rows `stride` bytes apart; a is
 * left alone. */
void rc_column_walk(rc_ctx_t *c)
{
    rc_buf_t a0 = rc_load(c, "init", "a", 4), a1 = rc_load(c, "final", "a", 4), out = rc_load(c, "final", "out", 4);
    size_t rows = (size_t)rc_arg(c, "rows"), stride = (size_t)rc_arg(c, "stride") / 4;
    rc_need_count("a", N32(a0), rows ? (rows - 1) * stride + 1 : 0);
    rc_need_count("out", N32(out), 1);
    uint32_t sum = 0;
    for (size_t k = 0; k < rows; k++)
        sum += U32(a0)[k * stride];
    rc_check_u32(c, "out", 0, sum, U32(out)[0]);
    rc_check_unchanged(c, "a", U32(a0), U32(a1), 0, N32(a0));
}

/* out[gid] = sum over k < iters of the 4 floats at a4[gid + k * G], added in order in f32. */
void rc_stream(rc_ctx_t *c)
{
    rc_buf_t a = rc_load(c, "init", "a", 4), out = rc_load(c, "final", "out", 4);
    size_t iters = (size_t)rc_arg(c, "iters"), g = (size_t)rc_arg(c, "stride") / 16, n = N32(out);
    rc_need_count("a", N32(a), 4 * g * iters);
    for (size_t i = 0; i < n; i++) {
        float s = 0.0f;
        for (size_t k = 0; k < iters; k++)
            for (size_t j = 0; j < 4; j++)
                s = s + F32(a)[4 * (i + k * g) + j];
        rc_check_f32(c, "out", i, s, F32(out)[i], 0.0);
    }
}

/* out[y][x] = sum over r < taps of in[y + r][x] + in[y + r][x + 1] + in[y + r][x + 2], in that order
 * in f32, with the input rows pitch / 4 floats apart. */
void rc_conv_wide(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), out = rc_load(c, "final", "out", 4);
    size_t w = (size_t)rc_arg(c, "W"), pitch = (size_t)rc_arg(c, "pitch") / 4, taps = (size_t)rc_arg(c, "taps");
    size_t h = N32(out) / w;
    rc_need_count("in", N32(in), pitch * (h + taps - 1));
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++) {
            float s = 0.0f;
            for (size_t r = 0; r < taps; r++)
                for (size_t dx = 0; dx < 3; dx++)
                    s = s + F32(in)[(y + r) * pitch + x + dx];
            rc_check_f32(c, "out", y * w + x, s, F32(out)[y * w + x], 0.0);
        }
}

/* The speed benchmark's ALU kernel: (a, b) = (1, 0.5); iters x 4 times a += x b, b -= x a, each
 * product and sum rounded to f32 (v_mac_f32); x = (i mod 256) / 256. */
void rc_alu(rc_ctx_t *c)
{
    rc_buf_t out = rc_load(c, "final", "out", 4);
    uint32_t iters = (uint32_t)rc_arg(c, "iters");
    for (size_t i = 0; i < N32(out); i++) {
        float x = (float)(i % 256) * 0.00390625f, a = 1.0f, b = 0.5f;
        for (uint32_t k = 0; k < 4 * iters; k++) {
            float q = x * b; /* separate statements: each product rounded before its sum */
            a = a + q;
            float p = -x * a;
            b = b + p;
        }
        rc_check_f32(c, "out", i, a, F32(out)[i], 0.0);
    }
}

/* fdiv (OpenCL, correctly rounded division): c[i] = a[i] / b[i] bit for bit, the operands being
 * arbitrary bit patterns. The gfx803 kernel flushes f32 denormals (its default mode): C's quotient
 * of the flushed operands, flushed. A kernel that keeps them (clang's gfx9 default; targets.sh
 * leaves DIR/f32_denormals then) must give C's quotient itself. Any NaN matches any NaN. */
static uint32_t flush_f32(uint32_t v) { return (v & 0x7f800000u) ? v : (v & 0x80000000u); }
static uint32_t keep_f32(uint32_t v) { return v; }
void rc_fdiv(rc_ctx_t *c)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/f32_denormals", c->dir);
    FILE *kept = fopen(path, "rb");
    uint32_t (*flush)(uint32_t) = kept ? keep_f32 : flush_f32;
    if (kept)
        fclose(kept);
    rc_buf_t a = rc_load(c, "init", "a", 4), b = rc_load(c, "init", "b", 4), q = rc_load(c, "final", "c", 4);
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("a", N32(a), n);
    rc_need_count("b", N32(b), n);
    rc_need_count("c", N32(q), n);
    for (size_t i = 0; i < n; i++) {
        uint32_t x = flush(U32(a)[i]), y = flush(U32(b)[i]), got = U32(q)[i], want;
        float fx, fy, fq;
        memcpy(&fx, &x, 4);
        memcpy(&fy, &y, 4);
        fq = fx / fy;
        memcpy(&want, &fq, 4);
        want = flush(want);
        int nans = (want & 0x7fffffffu) > 0x7f800000u && (got & 0x7fffffffu) > 0x7f800000u;
        if (got != want && !nans && c->mismatches++ < RC_MAX_SHOWN)
            printf("  c[%zu]: %a / %a: expected 0x%08x, got 0x%08x\n", i, (double)fx, (double)fy, want, got);
    }
}

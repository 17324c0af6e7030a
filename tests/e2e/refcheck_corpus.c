/* refcheck_corpus: the references of the real-code corpus of OpenCL kernels (doubles, halfs,
 * private arrays, __constant tables, 8/16-bit arithmetic, DPP reductions, division and fmod, spills).
 * Each check is named in refcheck.c's table; the helpers are refcheck.h's. */
#include "refcheck.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* crc32: zlib's CRC-32 (reflected polynomial 0xEDB88320, initial and final inversion) of each
 * 16-byte message, computed bit by bit here (the kernel uses a table): exact. */
void rc_crc32(rc_ctx_t *c)
{
    rc_buf_t msg = rc_load(c, "init", "msg", 4), crc = rc_load(c, "final", "crc", 4);
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("msg", N32(msg), 4 * n);
    rc_need_count("crc", N32(crc), n);
    for (size_t i = 0; i < n; i++) {
        uint32_t r = 0xffffffffu;
        for (size_t b = 0; b < 16; b++) {
            r ^= (U32(msg)[4 * i + b / 4] >> (8 * (b % 4))) & 0xffu;
            for (int k = 0; k < 8; k++)
                r = (r & 1u) ? 0xEDB88320u ^ (r >> 1) : r >> 1;
        }
        rc_check_u32(c, "crc", i, ~r, U32(crc)[i]);
    }
}

/* horner_f64: the kernel's fma chain, with C's fma (correctly rounded, as v_fma_f64): bit-exact. */
void rc_horner_f64(rc_ctx_t *c)
{
    rc_buf_t x = rc_load(c, "init", "x", 8), y = rc_load(c, "final", "y", 8);
    double c0 = rc_arg(c, "c0"), c1 = rc_arg(c, "c1"), c2 = rc_arg(c, "c2"), c3 = rc_arg(c, "c3");
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("x", x.bytes / 8, n);
    rc_need_count("y", y.bytes / 8, n);
    for (size_t i = 0; i < n; i++) {
        double v = F64(x)[i], acc = c3;
        acc = fma(acc, v, c2);
        acc = fma(acc, v, c1);
        acc = fma(acc, v, c0);
        acc = fma(acc, v, c3);
        acc = fma(acc, v, c2);
        acc = fma(acc, v, c1);
        acc = fma(acc, v, c0);
        if (memcmp(&acc, &F64(y)[i], 8) != 0 && c->mismatches++ < RC_MAX_SHOWN)
            printf("  y[%zu]: expected %.17g, got %.17g\n", i, acc, F64(y)[i]);
    }
}

/* IEEE binary16 to double (exact) and double to binary16, rounding to nearest even. */
static double half_to_double(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
    return (h & 0x8000) ? -v : v;
}

static uint16_t double_to_half(double d)
{
    uint16_t sign = signbit(d) ? 0x8000 : 0;
    d = fabs(d);
    if (isnan(d))
        return 0x7e00;
    if (d >= 65520.0) /* rounds to infinity */
        return sign | 0x7c00;
    int e;
    frexp(d, &e); /* d = f * 2^e, f in [0.5, 1) */
    int q = e - 11 < -24 ? -24 : e - 11; /* the place value of the last kept bit */
    double m = nearbyint(ldexp(d, -q));  /* the default rounding mode: to nearest even */
    return sign | (uint16_t)(m >= 2048 ? ((q + 25 + 1) << 10 | ((int)(m / 2) - 1024))
                                       : m >= 1024 ? ((q + 25) << 10 | ((int)m - 1024)) : (int)m);
}

/* half_mul: p = a * b and s = a + b rounded once to half (the exact double result rounded):
 * bit-exact. The inputs are normal halves in [0.125, 8], so no result is a denormal. */
void rc_half_mul(rc_ctx_t *c)
{
    rc_buf_t a = rc_load(c, "init", "a", 2), b = rc_load(c, "init", "b", 2);
    rc_buf_t p = rc_load(c, "final", "p", 2), s = rc_load(c, "final", "s", 2);
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("p", p.bytes / 2, n);
    rc_need_count("s", s.bytes / 2, n);
    for (size_t i = 0; i < n; i++) {
        double x = half_to_double(U16(a)[i]), y = half_to_double(U16(b)[i]);
        rc_check_u32(c, "p", i, double_to_half(x * y), U16(p)[i]);
        rc_check_u32(c, "s", i, double_to_half(x + y), U16(s)[i]);
    }
}

/* private_hist: the 32-bin histogram of each work-item's 64 values: the bin `key` selects and the
 * number of non-empty bins. Exact. */
void rc_private_hist(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), key = rc_load(c, "init", "key", 4), out = rc_load(c, "final", "out", 4);
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("in", N32(in), 64 * n);
    rc_need_count("out", N32(out), 2 * n);
    for (size_t i = 0; i < n; i++) {
        uint32_t h[32] = { 0 }, used = 0;
        for (size_t k = 0; k < 64; k++)
            h[U32(in)[64 * i + k] & 31u]++;
        for (int k = 0; k < 32; k++)
            used += h[k] != 0;
        rc_check_u32(c, "out", 2 * i, h[U32(key)[i] & 31u], U32(out)[2 * i]);
        rc_check_u32(c, "out", 2 * i + 1, used, U32(out)[2 * i + 1]);
    }
}

/* pixel_blend: per channel (a * w + b * (256 - w)) >> 8 with w = weight & 255, in integers. Exact. */
void rc_pixel_blend(rc_ctx_t *c)
{
    rc_buf_t a = rc_load(c, "init", "a", 4), b = rc_load(c, "init", "b", 4), w = rc_load(c, "init", "w", 2);
    rc_buf_t out = rc_load(c, "final", "out", 4);
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("out", N32(out), n);
    for (size_t i = 0; i < n; i++) {
        uint32_t wa = U16(w)[i] & 255u, wb = 256 - wa, e = 0;
        for (int ch = 0; ch < 4; ch++) {
            uint32_t x = (U32(a)[i] >> (8 * ch)) & 255u, y = (U32(b)[i] >> (8 * ch)) & 255u;
            e |= (((x * wa + y * wb) >> 8) & 255u) << (8 * ch);
        }
        rc_check_u32(c, "out", i, e, U32(out)[i]);
    }
}

/* barrier_tail: dist[i] = sum over k of (pts[4i + k] - centre_g[k])^2 (mod 2^32) for the n live
 * work-items, centre_g the 4 values of workgroup g = i / 256; the rest of dist keeps its initial
 * values (no work-item past n writes). Exact. */
void rc_barrier_tail(rc_ctx_t *c)
{
    rc_buf_t pts = rc_load(c, "init", "pts", 4), centres = rc_load(c, "init", "centres", 4);
    rc_buf_t init = rc_load(c, "init", "dist", 4), dist = rc_load(c, "final", "dist", 4);
    size_t n = (size_t)rc_arg(c, "n"), l = rc_workgroup_x(c);
    rc_need_count("dist", N32(dist), N32(init));
    rc_need_count("pts", N32(pts), 4 * N32(dist));
    for (size_t i = 0; i < N32(dist); i++) {
        uint32_t e = U32(init)[i];
        if (i < n) {
            size_t g = i / l;
            rc_need_count("centres", N32(centres), 4 * (g + 1));
            e = 0;
            for (int k = 0; k < 4; k++) {
                int32_t d = (int32_t)U32(pts)[4 * i + (size_t)k] - (int32_t)U32(centres)[4 * g + (size_t)k];
                e += (uint32_t)(d * d);
            }
        }
        rc_check_u32(c, "dist", i, e, U32(dist)[i]);
    }
}

/* wave_reduce_dpp: each wavefront's 64 values summed (mod 2^32). Exact. */
void rc_wave_reduce_dpp(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), sums = rc_load(c, "final", "sums", 4);
    rc_need_count("sums", N32(sums), N32(in) / 64);
    for (size_t w = 0; w < N32(in) / 64; w++) {
        uint32_t s = 0;
        for (size_t k = 0; k < 64; k++)
            s += U32(in)[64 * w + k];
        rc_check_u32(c, "sums", w, s, U32(sums)[w]);
    }
}

/* div_fmod: a / b correctly rounded (as C's float division is) and fmod as clang lowers it for
 * gfx803 (LLVM's AMDGPU frem expansion: fma(-trunc(a / b), b, a), with that same quotient), which is
 * C's exact fmodf except where a / b rounds up to an integer; so the reference computes the
 * expansion. Bit-identical, except a result below FLT_MIN, which f32 denormal flushing may make 0. */
void rc_div_fmod(rc_ctx_t *c)
{
    rc_buf_t a = rc_load(c, "init", "a", 4), b = rc_load(c, "init", "b", 4);
    rc_buf_t q = rc_load(c, "final", "q", 4), r = rc_load(c, "final", "r", 4);
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("q", N32(q), n);
    rc_need_count("r", N32(r), n);
    for (size_t i = 0; i < n; i++) {
        float x = F32(a)[i], y = F32(b)[i], e = x / y;
        rc_check_f32(c, "q", i, e, F32(q)[i], FLT_MIN);
        rc_check_f32(c, "r", i, fmaf(-truncf(e), y, x), F32(r)[i], FLT_MIN);
    }
}

/* spill16: 24 sums s[k] = s[k] * 0.5 + x * (k + 1) over `steps` inputs, then sum s[k] * (k & 3). The
 * compiler may fuse a multiply-add (v_fma_f32/v_mad_f32 differ from C's two roundings by half an ulp
 * of the product each step); the halving keeps the errors from growing, so 1e-5 relative is ample. */
void rc_spill16(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), out = rc_load(c, "final", "out", 4);
    size_t n = (size_t)rc_arg(c, "n");
    uint32_t steps = (uint32_t)rc_arg(c, "steps");
    rc_need_count("in", N32(in), n);
    rc_need_count("out", N32(out), n);
    for (size_t i = 0; i < n; i++) {
        float s[24], acc = 0.0f;
        for (int k = 0; k < 24; k++)
            s[k] = (float)k;
        for (uint32_t t = 0; t < steps; t++) {
            float x = F32(in)[(i + t) % n];
            for (int k = 0; k < 24; k++)
                s[k] = s[k] * 0.5f + x * (float)(k + 1);
        }
        for (int k = 0; k < 24; k++)
            acc += s[k] * (float)(k & 3);
        rc_check_f32(c, "out", i, acc, F32(out)[i], 1e-5 * (fabs(acc) + 1.0));
    }
}

/* bitonic_sort: the 66 dispatches of a global bitonic sort leave every key of keys sorted
 * ascending (a missing or repeated dispatch, or a wrong stage or pass, leaves some out of order). */
void rc_bitonic_sort(rc_ctx_t *c)
{
    rc_buf_t k0 = rc_load(c, "init", "keys", 4), k1 = rc_load(c, "final", "keys", 4);
    size_t n = N32(k0);
    rc_need_count("keys", N32(k1), n);
    uint32_t *e = rc_xmalloc(n * 4);
    memcpy(e, k0.data, n * 4);
    qsort(e, n, 4, rc_cmp_u32);
    for (size_t i = 0; i < n; i++)
        rc_check_u32(c, "keys", i, e[i], U32(k1)[i]);
    free(e);
}

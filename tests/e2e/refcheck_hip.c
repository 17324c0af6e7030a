/* refcheck_hip: the references of the HIP examples (workloads/hip) and of the OpenCL kernel that
 * exercises the device libraries' work-group and sub-group built-ins. Each check is named in
 * refcheck.c's table; the helpers are refcheck.h's. */
#include "refcheck.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t kernel_value(const rc_ctx_t *c, const char *key)
{
    char v[64];
    if (!rc_ini_lookup(c, "kernel", key, v, sizeof v))
        rc_die("workload.ini has no [kernel] value for ", key);
    return (size_t)strtoul(v, NULL, 0);
}

/* hip/block_sum: out[b] = the sum (mod 2^32) of block b's inputs: exact. */
void rc_block_sum(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), out = rc_load(c, "final", "out", 4);
    size_t wg = rc_workgroup_x(c), nb = N32(in) / wg;
    rc_need_count("out", N32(out), nb);
    for (size_t b = 0; b < nb; b++) {
        uint32_t s = 0;
        for (size_t i = 0; i < wg; i++)
            s += U32(in)[b * wg + i];
        rc_check_u32(c, "out", b, s, U32(out)[b]);
    }
}

/* hip/shfl_scan: within each run of 64 elements (a wavefront: the workgroup size is a multiple of
 * 64), scan[i] = the inclusive prefix sum and total[i] = the run's sum: exact (no overflow at
 * |in| <= 1000). */
void rc_shfl_scan(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), scan = rc_load(c, "final", "scan", 4), total = rc_load(c, "final", "total", 4);
    size_t n = N32(in);
    rc_need_count("scan", N32(scan), n);
    rc_need_count("total", N32(total), n);
    for (size_t w = 0; w + 64 <= n; w += 64) {
        int32_t s = 0, t = 0;
        for (size_t i = 0; i < 64; i++)
            t += I32(in)[w + i];
        for (size_t i = 0; i < 64; i++) {
            s += I32(in)[w + i];
            rc_check_u32(c, "scan", w + i, (uint32_t)s, (uint32_t)I32(scan)[w + i]);
            rc_check_u32(c, "total", w + i, (uint32_t)t, (uint32_t)I32(total)[w + i]);
        }
    }
}

/* hip/daxpy_poly: y[i] = a*x + ((x/4 + 1/3)x + 1/2)x + 1 for i < n, y unchanged (0) beyond. The
 * compiler fuses multiply-adds (HIP contracts by default), each rounding once where C rounds twice:
 * at most an ulp of each of the five terms' magnitudes, so 8 * DBL_EPSILON * their sum. */
void rc_daxpy_poly(rc_ctx_t *c)
{
    rc_buf_t x = rc_load(c, "init", "x", 8), y0 = rc_load(c, "init", "y", 8), y1 = rc_load(c, "final", "y", 8);
    double a = rc_arg(c, "a");
    size_t n = (size_t)rc_arg(c, "n");
    rc_need_count("x", x.bytes / 8, n);
    rc_need_count("y", y1.bytes / 8, n);
    for (size_t i = 0; i < n; i++) {
        double v = F64(x)[i];
        double e = a * v + (((0.25 * v + 1.0 / 3.0) * v + 0.5) * v + 1.0);
        double mag = fabs(a * v) + fabs(0.25 * v * v * v) + fabs(v * v / 3.0) + fabs(0.5 * v) + 1.0;
        double got = F64(y1)[i];
        if (!(isfinite(got) && fabs(got - e) <= 8 * DBL_EPSILON * mag) && c->mismatches++ < RC_MAX_SHOWN)
            printf("  y[%zu]: expected %.17g, got %.17g\n", i, e, got);
    }
    rc_check_unchanged(c, "y", U32(y0), U32(y1), 2 * n, N32(y1));
}

/* opencl/wg_builtins: for work-item g of a grid of G in workgroups of W (the last one partial),
 * info[4g..] = local size (W, or what is left in the last workgroup), the number of workgroups,
 * G and 1 dimension; sums[3g..] = the sum of g's workgroup, the inclusive prefix sum to g within
 * it, and the maximum of g's sub-group (its 64-lane wavefront); count = G. All exact. */
void rc_wg_builtins(rc_ctx_t *c)
{
    rc_buf_t in = rc_load(c, "init", "in", 4), info = rc_load(c, "final", "info", 4), sums = rc_load(c, "final", "sums", 4);
    rc_buf_t count = rc_load(c, "final", "count", 4);
    size_t g = kernel_value(c, "grid"), w = rc_workgroup_x(c), ng = (g + w - 1) / w;
    rc_need_count("in", N32(in), g);
    rc_need_count("info", N32(info), 4 * g);
    rc_need_count("sums", N32(sums), 3 * g);
    rc_need_count("count", N32(count), 1);
    for (size_t grp = 0; grp < ng; grp++) {
        size_t first = grp * w, size = g - first < w ? g - first : w;
        uint32_t total = 0, prefix = 0;
        for (size_t i = 0; i < size; i++)
            total += U32(in)[first + i];
        for (size_t i = 0; i < size; i++) {
            size_t k = first + i, wave = first + i / 64 * 64, wend = wave + 64 < first + size ? wave + 64 : first + size;
            uint32_t mx = 0;
            for (size_t j = wave; j < wend; j++)
                mx = U32(in)[j] > mx ? U32(in)[j] : mx;
            prefix += U32(in)[k];
            uint32_t want[4] = { (uint32_t)size, (uint32_t)ng, (uint32_t)g, 1 };
            for (int f = 0; f < 4; f++)
                rc_check_u32(c, "info", 4 * k + f, want[f], U32(info)[4 * k + f]);
            rc_check_u32(c, "sums", 3 * k, total, U32(sums)[3 * k]);
            rc_check_u32(c, "sums", 3 * k + 1, prefix, U32(sums)[3 * k + 1]);
            rc_check_u32(c, "sums", 3 * k + 2, mx, U32(sums)[3 * k + 2]);
        }
    }
    rc_check_u32(c, "count", 0, (uint32_t)g, U32(count)[0]);
}

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
 * Standalone on purpose: it shares no code with the simulator it checks.
 */
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_SHOWN = 8, PATH_LEN = 1024 };

typedef struct {
    const char *dir;
    const char *name;     /* the workload name without a leading "opencl/" */
    int opencl;           /* 1 for workloads/opencl/... */
    char *ini;            /* DIR/workload.ini */
    long mismatches;
    void *bufs[16];       /* loaded buffers, freed at the end */
    int nbufs;
} ctx_t;

typedef struct {
    void *data;
    size_t bytes;
} buf_t;

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "refcheck: %s%s\n", msg, arg ? arg : "");
    exit(2);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die("out of memory", NULL);
    return p;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *p = xmalloc(cap + 1);
    size_t got;
    while ((got = fread(p + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            char *q = realloc(p, cap + 1);
            if (!q)
                die("out of memory", NULL);
            p = q;
        }
    }
    fclose(f);
    p[n] = '\0';
    *len = n;
    return p;
}

/* Load DIR/<which>_<name>.bin; `elem` is the element size the check expects. */
static buf_t load(ctx_t *c, const char *which, const char *name, size_t elem)
{
    char path[PATH_LEN];
    snprintf(path, sizeof path, "%s/%s_%s.bin", c->dir, which, name);
    buf_t b;
    b.data = read_file(path, &b.bytes);
    if (!b.data)
        die("cannot read ", path);
    if (b.bytes % elem != 0)
        die("size is not a whole number of elements: ", path);
    if (c->nbufs == (int)(sizeof c->bufs / sizeof c->bufs[0]))
        die("too many buffers", NULL);
    c->bufs[c->nbufs++] = b.data;
    return b;
}

/* Copy the value of `key` in `[section]` of the workload file to `out`; 0 if absent. In [args],
 * a type prefix ("u32:7") is skipped. */
static int ini_lookup(const ctx_t *c, const char *section, const char *key, char *out, size_t outlen)
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
static double arg2(const ctx_t *c, const char *key, const char *alt)
{
    char v[128];
    if (!ini_lookup(c, "args", key, v, sizeof v) && !(alt && ini_lookup(c, "args", alt, v, sizeof v)))
        die("workload.ini has no [args] value for ", key);
    char *end;
    double d = strtod(v, &end);
    if (end == v)
        die("not a number in [args]: ", v);
    return d;
}
static double arg(const ctx_t *c, const char *key) { return arg2(c, key, NULL); }

/* Workgroup size in x ([kernel] workgroup = X[,Y[,Z]]). */
static size_t workgroup_x(const ctx_t *c)
{
    char v[128];
    if (!ini_lookup(c, "kernel", "workgroup", v, sizeof v))
        die("workload.ini has no [kernel] workgroup", NULL);
    long x = strtol(v, NULL, 10);
    if (x <= 0)
        die("bad workgroup size: ", v);
    return (size_t)x;
}

static void mismatch_u32(ctx_t *c, const char *buf, size_t i, uint32_t exp, uint32_t got)
{
    if (c->mismatches++ < MAX_SHOWN)
        printf("  %s[%zu]: expected %u, got %u\n", buf, i, exp, got);
}

static void check_u32(ctx_t *c, const char *buf, size_t i, uint32_t exp, uint32_t got)
{
    if (exp != got)
        mismatch_u32(c, buf, i, exp, got);
}

/* |got - exp| <= tol (and both finite, or bit-identical). */
static void check_f32(ctx_t *c, const char *buf, size_t i, double exp, float got, double tol)
{
    if (isfinite(got) && fabs((double)got - exp) <= tol)
        return;
    if (c->mismatches++ < MAX_SHOWN)
        printf("  %s[%zu]: expected %.9g, got %.9g (tolerance %.3g)\n", buf, i, exp, (double)got, tol);
}

/* Buffers the kernel must leave alone (or elements past what it writes) are compared bitwise. */
static void check_unchanged(ctx_t *c, const char *buf, const uint32_t *init, const uint32_t *fin,
                            size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        check_u32(c, buf, i, init[i], fin[i]);
}

static void need_count(const char *what, size_t have, size_t need)
{
    if (have < need) {
        fprintf(stderr, "refcheck: buffer %s has %zu elements, the workload needs %zu\n", what, have, need);
        exit(2);
    }
}

#define U32(b) ((const uint32_t *)(b).data)
#define F32(b) ((const float *)(b).data)
#define N32(b) ((b).bytes / 4)

/* ---- the checks ------------------------------------------------------------------------------ */

/* tutorial/first: out[i] = in[i] + k (mod 2^32). */
static void check_first(ctx_t *c)
{
    buf_t in = load(c, "init", "in", 4), out = load(c, "final", "out", 4);
    uint32_t k = (uint32_t)arg(c, "k");
    need_count("out", N32(out), N32(in));
    for (size_t i = 0; i < N32(in); i++)
        check_u32(c, "out", i, U32(in)[i] + k, U32(out)[i]);
}

/* c[i] = a[i] + b[i] for i < n; c unchanged beyond. A single f32 addition is correctly rounded,
 * so the result is exact; the only allowed difference is a result below FLT_MIN flushed to 0. */
static void check_vector_add(ctx_t *c)
{
    buf_t a = load(c, "init", "a", 4), b = load(c, "init", "b", 4);
    buf_t c0 = load(c, "init", "c", 4), c1 = load(c, "final", "c", 4);
    size_t n = (size_t)arg(c, "n");
    need_count("a", N32(a), n);
    need_count("b", N32(b), n);
    need_count("c", N32(c1), n);
    for (size_t i = 0; i < n; i++) {
        float e = F32(a)[i] + F32(b)[i];
        check_f32(c, "c", i, e, F32(c1)[i], FLT_MIN);
    }
    check_unchanged(c, "c", U32(c0), U32(c1), n, N32(c1));
}

/* y[i] = a * x[i] + y[i] for i < n. GCN's v_mac_f32 rounds the product, then the sum (as C does
 * below); a compiler may instead fuse them (v_fma_f32), which differs by at most the product's
 * rounding error, half an ulp of |a*x|: hence 1.2e-7 * (|a*x| + |y'|) + FLT_MIN (flushing). */
static void check_saxpy(ctx_t *c)
{
    buf_t x = load(c, "init", "x", 4), y0 = load(c, "init", "y", 4), y1 = load(c, "final", "y", 4);
    float a = (float)arg(c, "a");
    size_t n = (size_t)arg(c, "n");
    need_count("x", N32(x), n);
    need_count("y", N32(y1), n);
    for (size_t i = 0; i < n; i++) {
        float p = a * F32(x)[i];
        float e = p + F32(y0)[i];
        check_f32(c, "y", i, e, F32(y1)[i], 1.2e-7 * (fabs(p) + fabs(e)) + FLT_MIN);
    }
    check_unchanged(c, "y", U32(y0), U32(y1), n, N32(y1));
}

/* dscale (f64): y[i] = a * x[i] + sqrt(x[i]) / (x[i] + 1) for i < n. The kernel divides by a
 * reciprocal refined with Newton steps (within an ulp of the quotient, not always the correctly
 * rounded one) and fuses the final multiply-add, so it may differ from C's separately rounded
 * a*x + q by an ulp of q plus half an ulp of a*x and of the sum: 4 * DBL_EPSILON * the magnitudes. */
static void check_dscale(ctx_t *c)
{
    buf_t x = load(c, "init", "x", 8), y0 = load(c, "init", "y", 8), y1 = load(c, "final", "y", 8);
    double a = arg(c, "a");
    size_t n = (size_t)arg(c, "n");
    need_count("x", x.bytes / 8, n);
    need_count("y", y1.bytes / 8, n);
    const double *xv = x.data, *yv = y1.data;
    for (size_t i = 0; i < n; i++) {
        double q = sqrt(xv[i]) / (xv[i] + 1.0), p = a * xv[i], e = p + q;
        double tol = 4 * DBL_EPSILON * (fabs(p) + fabs(q) + fabs(e)) + DBL_MIN;
        if (!(isfinite(yv[i]) && fabs(yv[i] - e) <= tol) && c->mismatches++ < MAX_SHOWN)
            printf("  y[%zu]: expected %.17g, got %.17g (tolerance %.3g)\n", i, e, yv[i], tol);
    }
    check_unchanged(c, "y", U32(y0), U32(y1), 2 * n, N32(y1));
}

/* halfops (f16 and 16-bit integers, workloads/halfops.s), bit exact against the host compiler's
 * _Float16: each step assigned to a _Float16 (rounded to nearest even once: + - * and sqrt done in
 * float and rounded to f16 are correctly rounded), the fused step through fma in double (exact for
 * f16 inputs here, rounded once). w and z are whole VGPRs: zero-extended (gfx8 zeroes 31:16). */
__extension__ typedef _Float16 half_t;
static uint16_t half_bits(half_t h) { uint16_t b; memcpy(&b, &h, 2); return b; }
static void check_halfops(ctx_t *c)
{
    buf_t x = load(c, "init", "x", 4), y = load(c, "final", "y", 2), w = load(c, "final", "w", 4);
    buf_t z = load(c, "final", "z", 4), w0 = load(c, "init", "w", 4);
    size_t n = (size_t)arg(c, "n");
    need_count("x", N32(x), n);
    need_count("y", y.bytes / 2, n);
    need_count("w", N32(w), n);
    need_count("z", N32(z), n);
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
        if ((yv[i] != want || U32(w)[i] != want || zv[i] != zw) && c->mismatches++ < MAX_SHOWN)
            printf("  [%zu] x %.9g: y 0x%04x w 0x%08x (expected 0x%04x), z 0x%08x (expected 0x%04x)\n", i,
                   (double)F32(x)[i], yv[i], U32(w)[i], want, zv[i], zw);
    }
    check_unchanged(c, "w", U32(w0), U32(w), n, N32(w));
}

/* Two dispatches: t[i] = x[i]^2, then y[i] = t[i] + t[n-1-i] (the second reads other workgroups'
 * results of the first, so a missing dependency between them would show here). */
static void check_pipeline(ctx_t *c)
{
    buf_t x = load(c, "init", "x", 4), t = load(c, "final", "t", 4), y = load(c, "final", "y", 4);
    size_t n = (size_t)arg(c, "n");
    need_count("t", N32(t), n);
    need_count("y", N32(y), n);
    for (size_t i = 0; i < n; i++) {
        float a = F32(x)[i] * F32(x)[i], b = F32(x)[n - 1 - i] * F32(x)[n - 1 - i];
        check_f32(c, "t", i, a, F32(t)[i], FLT_MIN);
        check_f32(c, "y", i, a + b, F32(y)[i], FLT_MIN);
    }
}

/* out[g] = sum of the g-th workgroup's inputs, mod 2^32. */
static void check_reduce(ctx_t *c)
{
    buf_t in = load(c, "init", "in", 4), out = load(c, "final", "out", 4);
    size_t l = workgroup_x(c), groups = N32(in) / l;
    need_count("out", N32(out), groups);
    for (size_t g = 0; g < groups; g++) {
        uint32_t s = 0;
        for (size_t i = 0; i < l; i++)
            s += U32(in)[g * l + i];
        check_u32(c, "out", g, s, U32(out)[g]);
    }
}

/* sums[w] = the w-th wave's 64 inputs summed mod 2^32; rev reverses each workgroup's inputs. */
static void check_wave_reduce(ctx_t *c)
{
    buf_t x = load(c, "init", "x", 4), rev = load(c, "final", "rev", 4), sums = load(c, "final", "sums", 4);
    size_t l = workgroup_x(c), n = N32(x);
    need_count("rev", N32(rev), n);
    need_count("sums", N32(sums), n / 64);
    for (size_t w = 0; w < n / 64; w++) {
        uint32_t s = 0;
        for (size_t i = 0; i < 64; i++)
            s += U32(x)[64 * w + i];
        check_u32(c, "sums", w, s, U32(sums)[w]);
    }
    for (size_t i = 0; i < n; i++)
        check_u32(c, "rev", i, U32(x)[i - i % l + (l - 1 - i % l)], U32(rev)[i]);
}

/* C = A * B, N x N (N from the buffer size). Reference in double. The kernel accumulates N
 * products in f32: each step's rounding error is at most 2^-24 of the running |sum| <= sum|a*b|,
 * so the total stays below N * 6e-8 * sum|a*b| (4e-6 for N = 64); 2e-5 * sum|a*b| leaves room for
 * fused or reordered accumulation, and still catches any wrong or missing term. */
static void check_matmul(ctx_t *c)
{
    buf_t A = load(c, "init", "A", 4), B = load(c, "init", "B", 4), C = load(c, "final", "C", 4);
    size_t n = (size_t)lround(sqrt((double)N32(C)));
    if (n * n != N32(C) || N32(A) < n * n || N32(B) < n * n)
        die("matmul buffers are not square N x N matrices", NULL);
    for (size_t r = 0; r < n; r++)
        for (size_t col = 0; col < n; col++) {
            double s = 0, mag = 0;
            for (size_t k = 0; k < n; k++) {
                double p = (double)F32(A)[r * n + k] * F32(B)[k * n + col];
                s += p;
                mag += fabs(p);
            }
            check_f32(c, "C", r * n + col, s, F32(C)[r * n + col], 2e-5 * mag + 1e-30);
        }
}

/* out = 0.5 * centre + 0.0625 * (8 clamped neighbours). Reference in double; ten f32 roundings
 * of values bounded by the weighted magnitude m give at most 10 * 6e-8 * m: tolerance 1e-6 * m. */
static void check_stencil(ctx_t *c)
{
    buf_t in = load(c, "init", "in", 4), out = load(c, "final", "out", 4);
    long w = (long)arg2(c, "W", "w"), h = (long)arg2(c, "H", "h");
    need_count("in", N32(in), (size_t)(w * h));
    need_count("out", N32(out), (size_t)(w * h));
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
            check_f32(c, "out", (size_t)(y * w + x), e, F32(out)[y * w + x], 1e-6 * mag + 1e-30);
        }
}

/* hist[b] += count of inputs in bin b. Hand-written: bin = low byte of all inputs;
 * OpenCL: bin = bits 4..11 of the first n inputs. */
static void check_histogram(ctx_t *c)
{
    buf_t in = load(c, "init", "in", 4), h0 = load(c, "init", "hist", 4), h1 = load(c, "final", "hist", 4);
    size_t n = c->opencl ? (size_t)arg(c, "n") : N32(in);
    need_count("in", N32(in), n);
    need_count("hist", N32(h0), 256);
    need_count("hist", N32(h1), 256);
    uint32_t e[256];
    memcpy(e, h0.data, sizeof e);
    for (size_t i = 0; i < n; i++)
        e[c->opencl ? (U32(in)[i] >> 4) & 255u : U32(in)[i] & 255u]++;
    for (size_t b = 0; b < 256; b++)
        check_u32(c, "hist", b, e[b], U32(h1)[b]);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* count[0] = number of inputs > threshold (among the first n); out[0..count) holds exactly those
 * values in some order (atomics decide it), so both sides are sorted before comparing; the rest
 * of out is unchanged. */
static void check_compact(ctx_t *c)
{
    buf_t in = load(c, "init", "in", 4), o0 = load(c, "init", "out", 4), o1 = load(c, "final", "out", 4);
    buf_t c0 = load(c, "init", "count", 4), c1 = load(c, "final", "count", 4);
    uint32_t thr = (uint32_t)arg(c, "threshold");
    size_t n = c->opencl ? (size_t)arg(c, "n") : N32(in);
    need_count("in", N32(in), n);
    need_count("count", N32(c1), 1);
    uint32_t *kept = xmalloc(n * 4);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (U32(in)[i] > thr)
            kept[m++] = U32(in)[i];
    uint32_t start = U32(c0)[0];
    check_u32(c, "count", 0, start + (uint32_t)m, U32(c1)[0]);
    if (U32(c1)[0] == start + m && start + m <= N32(o1)) {
        uint32_t *got = xmalloc(m * 4);
        memcpy(got, U32(o1) + start, m * 4);
        qsort(kept, m, 4, cmp_u32);
        qsort(got, m, 4, cmp_u32);
        for (size_t i = 0; i < m; i++)
            check_u32(c, "out (sorted)", i, kept[i], got[i]);
        free(got);
        check_unchanged(c, "out", U32(o0), U32(o1), 0, start);
        check_unchanged(c, "out", U32(o0), U32(o1), start + m, N32(o1));
    }
    free(kept);
}

/* out[x * h + y] = in[y * w + x], bitwise. */
static void check_transpose(ctx_t *c)
{
    buf_t in = load(c, "init", "in", 4), out = load(c, "final", "out", 4);
    size_t w = (size_t)arg(c, "w"), h = (size_t)arg(c, "h");
    need_count("in", N32(in), w * h);
    need_count("out", N32(out), w * h);
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++)
            check_u32(c, "out", x * h + y, U32(in)[y * w + x], U32(out)[x * h + y]);
}

/* Inclusive prefix sums restarted at each workgroup, mod 2^32. */
static void check_scan(ctx_t *c)
{
    buf_t in = load(c, "init", "in", 4), out = load(c, "final", "out", 4);
    size_t l = workgroup_x(c);
    need_count("out", N32(out), N32(in));
    uint32_t s = 0;
    for (size_t i = 0; i < N32(in); i++) {
        s = (i % l == 0 ? 0 : s) + U32(in)[i];
        check_u32(c, "out", i, s, U32(out)[i]);
    }
}

/* Each u32 split by SDWA selects (workloads/sdwa_unpack.s): byte 0, byte 1 sign-extended,
 * byte 2 + byte 3, the low half-word moved to the high one. */
static void check_sdwa_unpack(ctx_t *c)
{
    buf_t in = load(c, "init", "in", 4), out = load(c, "final", "out", 4);
    need_count("out", N32(out), 4 * N32(in));
    for (size_t i = 0; i < N32(in); i++) {
        uint32_t x = U32(in)[i];
        uint32_t want[4] = { x & 0xff, (uint32_t)(int32_t)(int8_t)(uint8_t)(x >> 8), ((x >> 16) & 0xff) + (x >> 24),
                             (x & 0xffff) << 16 };
        for (size_t k = 0; k < 4; k++)
            check_u32(c, "out", 4 * i + k, want[k], U32(out)[4 * i + k]);
    }
}

/* Each workgroup's chunk of keys sorted ascending. */
static void check_bitonic(ctx_t *c)
{
    buf_t d0 = load(c, "init", "data", 4), d1 = load(c, "final", "data", 4);
    size_t l = workgroup_x(c), n = N32(d0);
    need_count("data", N32(d1), n);
    uint32_t *e = xmalloc(n * 4);
    memcpy(e, d0.data, n * 4);
    for (size_t g = 0; g + l <= n; g += l)
        qsort(e + g, l, 4, cmp_u32);
    for (size_t i = 0; i < n; i++)
        check_u32(c, "data", i, e[i], U32(d1)[i]);
    free(e);
}

/* Each work-item's 40 keys sorted ascending in out, and a 32-bin histogram of their low 5 bits in
 * hist (the kernel sorts and counts in private arrays: scratch memory). */
static void check_privsort(ctx_t *c)
{
    enum { N = 40, HB = 32 };
    buf_t in = load(c, "init", "in", 4), out = load(c, "final", "out", 4), hist = load(c, "final", "hist", 4);
    size_t n = (size_t)arg(c, "n");
    need_count("in", N32(in), n * N);
    need_count("out", N32(out), n * N);
    need_count("hist", N32(hist), n * HB);
    uint32_t e[N], h[HB];
    for (size_t i = 0; i < n; i++) {
        memcpy(e, U32(in) + i * N, sizeof e);
        qsort(e, N, 4, cmp_u32);
        memset(h, 0, sizeof h);
        for (int k = 0; k < N; k++) {
            check_u32(c, "out", i * N + (size_t)k, e[k], U32(out)[i * N + (size_t)k]);
            h[e[k] & (HB - 1)]++;
        }
        for (int k = 0; k < HB; k++)
            check_u32(c, "hist", i * HB + (size_t)k, h[k], U32(hist)[i * HB + (size_t)k]);
    }
}

/* The spill kernel's mixing, in place and in the same order (mod 2^32). */
static void check_spill(ctx_t *c)
{
    enum { K = 32 };
    buf_t in = load(c, "init", "in", 4), out = load(c, "final", "out", 4);
    size_t n = (size_t)arg(c, "n");
    uint32_t rounds = (uint32_t)arg(c, "rounds");
    need_count("in", N32(in), n * K);
    need_count("out", N32(out), n * K);
    for (size_t i = 0; i < n; i++) {
        uint32_t a[K];
        memcpy(a, U32(in) + i * K, sizeof a);
        for (uint32_t r = 0; r < rounds; r++)
            for (int k = 0; k < K; k++)
                a[k] = a[k] * 2654435761u + a[(k + 1) % K] + (a[(k + 7) % K] >> 3) + r;
        for (int k = 0; k < K; k++)
            check_u32(c, "out", i * K + (size_t)k, a[k], U32(out)[i * K + (size_t)k]);
    }
}

/* y[r] = sum over the row's entries of val[j] * x[col[j]]. Reference in double; a row has few
 * entries (8 here), each f32 step within 6e-8 of the running magnitude: 1e-6 * sum|val*x|. */
static void check_spmv(ctx_t *c)
{
    buf_t rp = load(c, "init", "row_ptr", 4), col = load(c, "init", "col", 4);
    buf_t val = load(c, "init", "val", 4), x = load(c, "init", "x", 4), y = load(c, "final", "y", 4);
    size_t rows = (size_t)arg(c, "rows");
    need_count("row_ptr", N32(rp), rows + 1);
    need_count("y", N32(y), rows);
    for (size_t r = 0; r < rows; r++) {
        double s = 0, mag = 0;
        for (uint32_t j = U32(rp)[r]; j < U32(rp)[r + 1]; j++) {
            if (j >= N32(col) || j >= N32(val) || U32(col)[j] >= N32(x))
                die("spmv input is not a valid CSR matrix", NULL);
            double p = (double)F32(val)[j] * F32(x)[U32(col)[j]];
            s += p;
            mag += fabs(p);
        }
        check_f32(c, "y", r, s, F32(y)[r], 1e-6 * mag + 1e-30);
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
static void check_blackscholes(ctx_t *c)
{
    buf_t S = load(c, "init", "S", 4), K = load(c, "init", "K", 4), T = load(c, "init", "T", 4);
    buf_t call = load(c, "final", "call", 4), put = load(c, "final", "put", 4);
    double r = arg(c, "r"), v = arg(c, "v");
    size_t n = (size_t)arg(c, "n");
    need_count("S", N32(S), n);
    need_count("K", N32(K), n);
    need_count("T", N32(T), n);
    need_count("call", N32(call), n);
    need_count("put", N32(put), n);
    for (size_t i = 0; i < n; i++) {
        double s = F32(S)[i], k = F32(K)[i], t = F32(T)[i];
        double d1 = (log(s / k) + (r + 0.5 * v * v) * t) / (v * sqrt(t)), d2 = d1 - v * sqrt(t);
        double disc = exp(-r * t);
        double ec = s * cnd(d1) - k * disc * cnd(d2), ep = k * disc * cnd(-d2) - s * cnd(-d1);
        check_f32(c, "call", i, ec, F32(call)[i], 1e-3 + 1e-4 * fabs(ec));
        check_f32(c, "put", i, ep, F32(put)[i], 1e-3 + 1e-4 * fabs(ep));
    }
}

/* acc[i].xyz = sum over j of m_j * d / (|d|^2 + eps)^(3/2), acc[i].w = 0; reference in double.
 * The kernel sums n terms in f32 with a ~1 ulp reciprocal square root: error below
 * n * 1.2e-7 * sum|term| in the worst case (6e-5 for n = 512), typically far less; 1e-4 * sum|term|. */
static void check_nbody(ctx_t *c)
{
    buf_t pos = load(c, "init", "pos", 16), acc = load(c, "final", "acc", 16);
    size_t n = (size_t)arg(c, "n");
    double eps = arg(c, "eps");
    need_count("pos", N32(pos) / 4, n);
    need_count("acc", N32(acc) / 4, n);
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
            check_f32(c, "acc", 4 * i + (size_t)k, a[k], F32(acc)[4 * i + (size_t)k], 1e-4 * mag[k] + 1e-6);
        check_f32(c, "acc", 4 * i + 3, 0.0, F32(acc)[4 * i + 3], 0.0);
    }
}

/* ---- the memory hierarchy microbenchmarks (workloads/memory) ---- */

/* The chain's line i holds 64 (i + 1): after warm + count steps from offset 0 the walk is at
 * 64 (warm + count) mod (mask + 1). The chain itself is left alone. */
static void check_pointer_chase(ctx_t *c)
{
    buf_t ch0 = load(c, "init", "chain", 4), ch1 = load(c, "final", "chain", 4), out = load(c, "final", "out", 4);
    uint64_t mask = (uint64_t)arg(c, "mask"), steps = (uint64_t)arg(c, "warm") + (uint64_t)arg(c, "count");
    need_count("chain", N32(ch0), (size_t)(mask + 1) / 4);
    need_count("out", N32(out), 1);
    /* Follow the chain as the kernel does (its contents, not the formula, decide). */
    uint64_t off = 0;
    for (uint64_t i = 0; i < steps; i++)
        off = U32(ch0)[off / 4] & mask;
    check_u32(c, "out", 0, (uint32_t)off, U32(out)[0]);
    check_unchanged(c, "chain", U32(ch0), U32(ch1), 0, N32(ch0));
}

/* out = the sum (u32, wrapping) of the first dword of each of `rows` rows `stride` bytes apart; a is
 * left alone. */
static void check_column_walk(ctx_t *c)
{
    buf_t a0 = load(c, "init", "a", 4), a1 = load(c, "final", "a", 4), out = load(c, "final", "out", 4);
    size_t rows = (size_t)arg(c, "rows"), stride = (size_t)arg(c, "stride") / 4;
    need_count("a", N32(a0), rows ? (rows - 1) * stride + 1 : 0);
    need_count("out", N32(out), 1);
    uint32_t sum = 0;
    for (size_t k = 0; k < rows; k++)
        sum += U32(a0)[k * stride];
    check_u32(c, "out", 0, sum, U32(out)[0]);
    check_unchanged(c, "a", U32(a0), U32(a1), 0, N32(a0));
}

/* out[gid] = sum over k < iters of the 4 floats at a4[gid + k * G], added in order in f32. */
static void check_stream(ctx_t *c)
{
    buf_t a = load(c, "init", "a", 4), out = load(c, "final", "out", 4);
    size_t iters = (size_t)arg(c, "iters"), g = (size_t)arg(c, "stride") / 16, n = N32(out);
    need_count("a", N32(a), 4 * g * iters);
    for (size_t i = 0; i < n; i++) {
        float s = 0.0f;
        for (size_t k = 0; k < iters; k++)
            for (size_t j = 0; j < 4; j++)
                s = s + F32(a)[4 * (i + k * g) + j];
        check_f32(c, "out", i, s, F32(out)[i], 0.0);
    }
}

/* out[y][x] = sum over r < taps of in[y + r][x] + in[y + r][x + 1] + in[y + r][x + 2], in that order
 * in f32, with the input rows pitch / 4 floats apart. */
static void check_conv_wide(ctx_t *c)
{
    buf_t in = load(c, "init", "in", 4), out = load(c, "final", "out", 4);
    size_t w = (size_t)arg(c, "W"), pitch = (size_t)arg(c, "pitch") / 4, taps = (size_t)arg(c, "taps");
    size_t h = N32(out) / w;
    need_count("in", N32(in), pitch * (h + taps - 1));
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++) {
            float s = 0.0f;
            for (size_t r = 0; r < taps; r++)
                for (size_t dx = 0; dx < 3; dx++)
                    s = s + F32(in)[(y + r) * pitch + x + dx];
            check_f32(c, "out", y * w + x, s, F32(out)[y * w + x], 0.0);
        }
}

/* The speed benchmark's ALU kernel: (a, b) = (1, 0.5); iters x 4 times a += x b, b -= x a, each
 * product and sum rounded to f32 (v_mac_f32); x = (i mod 256) / 256. */
static void check_alu(ctx_t *c)
{
    buf_t out = load(c, "final", "out", 4);
    uint32_t iters = (uint32_t)arg(c, "iters");
    for (size_t i = 0; i < N32(out); i++) {
        float x = (float)(i % 256) * 0.00390625f, a = 1.0f, b = 0.5f;
        for (uint32_t k = 0; k < 4 * iters; k++) {
            float q = x * b; /* separate statements: each product rounded before its sum */
            a = a + q;
            float p = -x * a;
            b = b + p;
        }
        check_f32(c, "out", i, a, F32(out)[i], 0.0);
    }
}

#include "refcheck_corpus.c"
#include "refcheck_hip.c"
/* fdiv (OpenCL, correctly rounded division): c[i] = a[i] / b[i] bit for bit, the operands being
 * arbitrary bit patterns. The kernel flushes f32 denormals (its default mode): C's quotient of the
 * flushed operands, flushed. Any NaN matches any NaN. */
static uint32_t flush_f32(uint32_t v) { return (v & 0x7f800000u) ? v : (v & 0x80000000u); }
static void check_fdiv(ctx_t *c)
{
    buf_t a = load(c, "init", "a", 4), b = load(c, "init", "b", 4), q = load(c, "final", "c", 4);
    size_t n = (size_t)arg(c, "n");
    need_count("a", N32(a), n);
    need_count("b", N32(b), n);
    need_count("c", N32(q), n);
    for (size_t i = 0; i < n; i++) {
        uint32_t x = flush_f32(U32(a)[i]), y = flush_f32(U32(b)[i]), got = U32(q)[i], want;
        float fx, fy, fq;
        memcpy(&fx, &x, 4);
        memcpy(&fy, &y, 4);
        fq = fx / fy;
        memcpy(&want, &fq, 4);
        want = flush_f32(want);
        int nans = (want & 0x7fffffffu) > 0x7f800000u && (got & 0x7fffffffu) > 0x7f800000u;
        if (got != want && !nans && c->mismatches++ < MAX_SHOWN)
            printf("  c[%zu]: %a / %a: expected 0x%08x, got 0x%08x\n", i, (double)fx, (double)fy, want, got);
    }
}

typedef struct {
    const char *name;
    void (*check)(ctx_t *);
} workload_t;

/* Hand-written kernels and their OpenCL counterparts share a check (opencl/NAME -> NAME). */
static const workload_t workloads[] = {
    {"tutorial/first", check_first},
    {"vector_add", check_vector_add},
    {"saxpy", check_saxpy},
    {"dscale", check_dscale},
    {"halfops", check_halfops},
    {"fdiv", check_fdiv},
    {"pipeline", check_pipeline},
    {"reduce", check_reduce},
    {"wave_reduce", check_wave_reduce},
    {"matmul_naive", check_matmul},
    {"matmul_tiled", check_matmul},
    {"stencil3x3", check_stencil},
    {"histogram", check_histogram},
    {"compact", check_compact},
    {"transpose", check_transpose},
    {"scan", check_scan},
    {"dpp_scan", check_scan},
    {"sdwa_unpack", check_sdwa_unpack},
    {"bitonic", check_bitonic},
    {"bitonic_sort", check_bitonic_sort},
    {"spmv", check_spmv},
    {"privsort", check_privsort},
    {"spill", check_spill},
    {"blackscholes", check_blackscholes},
    {"nbody", check_nbody},
    {"memory/pointer_chase", check_pointer_chase},
    {"memory/stream", check_stream},
    {"memory/conv_wide", check_conv_wide},
    {"memory/column_walk", check_column_walk},
    {"bench/alu", check_alu},
    {"crc32", check_crc32},
    {"horner_f64", check_horner_f64},
    {"half_mul", check_half_mul},
    {"private_hist", check_private_hist},
    {"pixel_blend", check_pixel_blend},
    {"wave_reduce_dpp", check_wave_reduce_dpp},
    {"div_fmod", check_div_fmod},
    {"spill16", check_spill16},
    {"hip/block_sum", check_block_sum},
    {"hip/shfl_scan", check_shfl_scan},
    {"hip/daxpy_poly", check_daxpy_poly},
    {"wg_builtins", check_wg_builtins},
    {"barrier_tail", check_barrier_tail},
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
    ctx_t c = {.dir = argv[2], .name = argv[1]};
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
    char path[PATH_LEN];
    size_t len;
    snprintf(path, sizeof path, "%s/workload.ini", c.dir);
    c.ini = read_file(path, &len);
    if (!c.ini)
        die("cannot read ", path);
    w->check(&c);
    free(c.ini);
    for (int i = 0; i < c.nbufs; i++)
        free(c.bufs[i]);
    if (c.mismatches) {
        printf("refcheck %s: %ld mismatches%s\n", argv[1], c.mismatches,
               c.mismatches > MAX_SHOWN ? " (first shown above)" : "");
        return 1;
    }
    return 0;
}

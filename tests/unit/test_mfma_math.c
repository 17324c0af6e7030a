/* The matrix arithmetic of CDNA (isa/exec/exec_mfma_math.c, docs/mfma.md): every MFMA and
 * SMFMAC shape against a host reference written here independently of the module. The test
 * builds logical matrices A[block][i][k], B[block][k][j], C[block][i][j], places them into
 * registers by the layouts AMD's matrix instruction calculator prints (written out below in
 * the calculator's own per-family form, not the module's general rule), runs
 * exec_mfma_compute, gathers D back the same way and compares it with a naive product in
 * double (exact: the values are small multiples of 1/4, so no sum rounds and the accumulation
 * order does not matter). Targeted tests pin the conversions (fp8/bf8/bf16 rounding and
 * saturation, xf32 truncation), cbsz/abid, blgp, gfx940's f64 neg bits, the sparse index and the
 * accumulation order the module documents. */
#include "unit.h"

#include <math.h>
#include <stdio.h>

#include "exec/exec_mfma_math.h"
#include "isa_f16.h"

#define LANES 64

static uint32_t fbits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static float bitsf(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }

/* ---- element formats, written from their definitions ---- */

static unsigned tbits(exec_mf_type_t t)
{
    switch (t) {
    case EXEC_MF_F64: return 64;
    case EXEC_MF_F16: case EXEC_MF_BF16: return 16;
    case EXEC_MF_I8: case EXEC_MF_FP8: case EXEC_MF_BF8: return 8;
    default: return 32;
    }
}

/* FNUZ 8-bit floats as LLVM's fltSemantics define them: E4M3FNUZ has exponents -7..7 and 4 bits
 * of precision, E5M2FNUZ -15..15 and 3; code 0x80 is the NaN, the exponent field 0 is subnormal. */
static double fnuz_value(unsigned code, int minexp, unsigned mbits)
{
    if (code == 0x80)
        return NAN;
    unsigned ef = (code & 0x7f) >> mbits, m = code & ((1u << mbits) - 1);
    double frac = (double)m / (double)(1u << mbits);
    double v = ef == 0 ? ldexp(frac, minexp) : ldexp(1.0 + frac, minexp + (int)ef - 1);
    return code & 0x80 ? -v : v;
}
static double fp8_value(unsigned c) { return fnuz_value(c, -7, 3); }
static double bf8_value(unsigned c) { return fnuz_value(c, -15, 2); }

/* The code of an exactly representable value (searching all 255 codes). */
static uint32_t fnuz_code(double v, bool bf8)
{
    for (unsigned c = 0; c < 256; c++)
        if (c != 0x80 && (bf8 ? bf8_value(c) : fp8_value(c)) == v && !(v == 0 && c))
            return c;
    ck_abort_msg("%g is not an exact %s value", v, bf8 ? "bf8" : "fp8");
    return 0;
}

/* The bits of value v (exactly representable) as type t; f64 gives the low word here. */
static uint32_t encode(exec_mf_type_t t, double v)
{
    switch (t) {
    case EXEC_MF_F16: return isa_f16_from_f64(v, NULL);
    case EXEC_MF_BF16: return fbits((float)v) >> 16;
    case EXEC_MF_I8: return (uint32_t)(int32_t)v & 0xffu;
    case EXEC_MF_I32: return (uint32_t)(int64_t)v;
    case EXEC_MF_FP8: return fnuz_code(v, false);
    case EXEC_MF_BF8: return fnuz_code(v, true);
    default: return fbits((float)v);
    }
}

static uint64_t dbits(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }
static double bitsd(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }

/* ---- register layouts, as the calculator prints them (matrix_calculator.py -d) ---- */

typedef struct {
    unsigned reg, lane, slot; /* slot: element index inside the 32-bit register */
} where_t;

/* Dense A[blk][i][k] or B[blk][k][j] (`row` is i or j, `dim` M or N). Multi-block shapes: lane
 * dim * block + row, the register holds k in order; one block: lane dim * (k / per) + row, k % per
 * in the lane. f64: lane 16 * k + row (+ 4 * block for the 4x4x4 four-block shape). */
static where_t ab_where(const exec_mfma_shape_t *s, exec_mf_type_t t, unsigned regs, unsigned dim,
                        unsigned blk, unsigned row, unsigned k)
{
    where_t w = { 0, 0, 0 };
    unsigned bits = tbits(t);
    if (bits == 64) {
        w.lane = 16 * k + (s->blocks > 1 ? 4 * blk : 0) + row;
        return w;
    }
    unsigned per = regs * 32 / bits, in_reg = 32 / bits, slot;
    if (s->blocks > 1) {
        w.lane = dim * blk + row;
        slot = k;
    } else {
        w.lane = dim * (k / per) + row;
        slot = k % per;
    }
    w.reg = slot / in_reg;
    w.slot = slot % in_reg;
    return w;
}

/* C/D[blk][i][j]: the calculator's three families and f64. */
static where_t cd_where(const exec_mfma_shape_t *s, unsigned blk, unsigned i, unsigned j)
{
    where_t w = { 0, 0, 0 };
    if (s->cd == EXEC_MF_F64) {
        w.reg = s->m == 16 ? 2 * (i / 4) : 0;
        w.lane = 16 * (i % 4) + (s->m == 4 ? 4 * blk : 0) + j;
    } else if (s->m == 32) {
        w.reg = 16 * blk + 4 * (i / 8) + i % 4;
        w.lane = (32 * (i / 4)) % 64 + j;
    } else if (s->m == 16) {
        w.reg = 4 * blk + i % 4;
        w.lane = 16 * (i / 4) + j;
    } else {
        w.reg = i;
        w.lane = 4 * blk + j;
    }
    return w;
}

/* Sparse A: the v-th (0, 1) stored value of the group of four k starting at 4 * g of row i. 16-bit:
 * a lane holds 8 k (two groups), register g % 2, half v; 8-bit: 16 k (four groups), register
 * (g / 2) % 2, byte 2 * (g % 2) + v. The 4-bit index of the group sits in the same lane at bit
 * 4 * (g % 2) (16-bit) or 4 * (g % 4) (8-bit), plus the index set abid picks. */
static where_t sparse_where(const exec_mfma_shape_t *s, unsigned i, unsigned g, unsigned v, unsigned *idx_shift)
{
    where_t w;
    if (tbits(s->a) == 16) {
        w.lane = s->m * (g / 2) + i;
        w.reg = g % 2;
        w.slot = v;
        *idx_shift = 4 * (g % 2);
    } else {
        w.lane = s->m * (g / 4) + i;
        w.reg = (g / 2) % 2;
        w.slot = 2 * (g % 2) + v;
        *idx_shift = 4 * (g % 4);
    }
    return w;
}

static void put(uint32_t *regs, where_t w, unsigned bits, uint32_t v)
{
    uint32_t *r = &regs[w.reg * LANES + w.lane];
    if (bits == 32) {
        *r = v;
        return;
    }
    uint32_t mask = ((1u << bits) - 1) << (w.slot * bits);
    *r = (*r & ~mask) | ((v << (w.slot * bits)) & mask);
}

/* ---- the reference ---- */

#define MAXB 16
#define MAXM 32
#define MAXK 64

typedef struct {
    double a[MAXB][MAXM][MAXK], b[MAXB][MAXK][MAXM], c[MAXB][MAXM][MAXM];
    uint32_t ra[8 * LANES], rb[8 * LANES], rc[32 * LANES], rd[32 * LANES], idx[LANES];
    double bslot[4][LANES][4]; /* the logical B value each register slot holds (for blgp) */
    exec_mfma_args_t args;
} rig_t;

static uint32_t lcg(uint32_t *st)
{
    *st = *st * 1664525u + 1013904223u;
    return *st >> 8;
}

/* A small exact value of type t: multiples of 1/2 in [-2, 2] for floats (exact in every input
 * format, products and sums exact in f32), the whole range for i8. */
static double pick(exec_mf_type_t t, uint32_t *st)
{
    if (t == EXEC_MF_I8)
        return (double)((int)(lcg(st) % 256) - 128);
    return ((int)(lcg(st) % 9) - 4) * 0.5;
}

/* Random logical matrices (sparse A: two of each four k nonzero, at positions the index names),
 * placed into the registers by the test's layouts. Registers start as 0xa5 poison so that a
 * layout the test misses shows. */
static void fill(rig_t *r, const exec_mfma_shape_t *s, uint32_t seed)
{
    uint32_t st = seed;
    memset(r->a, 0, sizeof r->a);
    memset(r->b, 0, sizeof r->b);
    memset(r->c, 0, sizeof r->c);
    memset(r->ra, 0xa5, sizeof r->ra);
    memset(r->rb, 0xa5, sizeof r->rb);
    memset(r->rc, 0xa5, sizeof r->rc);
    memset(r->rd, 0x5a, sizeof r->rd);
    memset(r->idx, 0xff, sizeof r->idx);
    bool f64 = s->cd == EXEC_MF_F64;
    for (unsigned blk = 0; blk < s->blocks; blk++) {
        for (unsigned i = 0; i < s->m; i++) {
            if (s->sparse) {
                for (unsigned g = 0; g < s->k / 4u; g++) {
                    unsigned p0 = lcg(&st) % 4, p1 = (p0 + 1 + lcg(&st) % 3) % 4, sh;
                    if (p1 < p0) {
                        unsigned x = p0;
                        p0 = p1;
                        p1 = x;
                    }
                    unsigned pos[2] = { p0, p1 };
                    for (unsigned v = 0; v < 2; v++) {
                        double x = pick(s->a, &st);
                        r->a[blk][i][4 * g + pos[v]] = x;
                        put(r->ra, sparse_where(s, i, g, v, &sh), tbits(s->a), encode(s->a, x));
                    }
                    unsigned lane = sparse_where(s, i, g, 0, &sh).lane;
                    r->idx[lane] &= ~(0xfu << sh);
                    r->idx[lane] |= (p0 | p1 << 2) << sh;
                }
                continue;
            }
            for (unsigned k = 0; k < s->k; k++) {
                double x = pick(s->a, &st);
                r->a[blk][i][k] = x;
                where_t w = ab_where(s, s->a, s->a_regs, s->m, blk, i, k);
                if (f64) {
                    r->ra[w.lane] = (uint32_t)dbits(x);
                    r->ra[LANES + w.lane] = (uint32_t)(dbits(x) >> 32);
                } else
                    put(r->ra, w, tbits(s->a), encode(s->a, x));
            }
        }
        for (unsigned k = 0; k < s->k; k++)
            for (unsigned j = 0; j < s->n; j++) {
                double x = pick(s->b, &st);
                r->b[blk][k][j] = x;
                where_t w = ab_where(s, s->b, s->b_regs, s->n, blk, j, k);
                if (f64) {
                    r->rb[w.lane] = (uint32_t)dbits(x);
                    r->rb[LANES + w.lane] = (uint32_t)(dbits(x) >> 32);
                } else {
                    put(r->rb, w, tbits(s->b), encode(s->b, x));
                    r->bslot[w.reg][w.lane][w.slot] = x;
                }
            }
        for (unsigned i = 0; i < s->m; i++)
            for (unsigned j = 0; j < s->n; j++) {
                double x = s->cd == EXEC_MF_I32 ? (double)(int32_t)(lcg(&st) * 2654435761u) : pick(EXEC_MF_F32, &st) * 8;
                r->c[blk][i][j] = x;
                where_t w = cd_where(s, blk, i, j);
                if (f64) {
                    r->rc[w.reg * LANES + w.lane] = (uint32_t)dbits(x);
                    r->rc[(w.reg + 1) * LANES + w.lane] = (uint32_t)(dbits(x) >> 32);
                } else
                    r->rc[w.reg * LANES + w.lane] = encode(s->cd, x);
            }
    }
    memset(&r->args, 0, sizeof r->args);
    r->args.a = r->ra;
    r->args.b = r->rb;
    r->args.c = r->rc;
    r->args.d = r->rd;
    r->args.sparse_idx = s->sparse ? r->idx : NULL;
}

/* D[blk][i][j] expected: C + sum over k of A[ablk][i][k] * Bx[blk][k][j], where ablk is the block
 * cbsz/abid select and Bx the B blgp presents. i32: mod 2^32. Compared bit for bit. */
static unsigned blgp_source(unsigned blgp, unsigned lane);

/* The B value the product uses: B itself, or under blgp the value in the same register slot of
 * the lane blgp names. */
static double b_at(const rig_t *r, const exec_mfma_shape_t *s, unsigned blgp, unsigned blk, unsigned k, unsigned j)
{
    if (!blgp)
        return r->b[blk][k][j];
    where_t w = ab_where(s, s->b, s->b_regs, s->n, blk, j, k);
    return r->bslot[w.reg][blgp_source(blgp, w.lane)][w.slot];
}

static void check_d(const rig_t *r, const exec_mfma_shape_t *s, unsigned ablk_cbsz, unsigned abid, unsigned blgp,
                    unsigned neg)
{
    for (unsigned blk = 0; blk < s->blocks; blk++) {
        /* cbsz/abid (calculator README): block abid of each group of 2^cbsz blocks feeds the group */
        unsigned group = 1u << ablk_cbsz, ablk = blk / group * group + abid;
        for (unsigned i = 0; i < s->m; i++)
            for (unsigned j = 0; j < s->n; j++) {
                where_t w = cd_where(s, blk, i, j);
                if (s->cd == EXEC_MF_I32) {
                    int64_t sum = (int64_t)r->c[blk][i][j];
                    for (unsigned k = 0; k < s->k; k++)
                        sum += (int64_t)r->a[ablk][i][k] * (int64_t)b_at(r, s, blgp, blk, k, j);
                    uint32_t got = r->rd[w.reg * LANES + w.lane];
                    ck_assert_msg(got == (uint32_t)sum, "%s D[%u][%u][%u] = %d, want %d", s->name, blk, i, j,
                                  (int32_t)got, (int32_t)(uint32_t)sum);
                    continue;
                }
                double sum = neg & 4 ? -r->c[blk][i][j] : r->c[blk][i][j];
                for (unsigned k = 0; k < s->k; k++)
                    sum += (neg & 1 ? -1 : 1) * r->a[ablk][i][k] * (neg & 2 ? -1 : 1) * b_at(r, s, blgp, blk, k, j);
                double got;
                if (s->cd == EXEC_MF_F64)
                    got = bitsd((uint64_t)r->rd[w.reg * LANES + w.lane] |
                                (uint64_t)r->rd[(w.reg + 1) * LANES + w.lane] << 32);
                else
                    got = bitsf(r->rd[w.reg * LANES + w.lane]);
                ck_assert_msg(got == sum, "%s D[%u][%u][%u] = %g, want %g", s->name, blk, i, j, got, sum);
            }
    }
}

static rig_t *rig_new(void)
{
    rig_t *r = calloc(1, sizeof *r);
    ck_assert_ptr_nonnull(r);
    return r;
}

/* ---- tests ---- */

START_TEST(shape_table)
{
    ck_assert_uint_eq(exec_mfma_shape_count(), 53);
    const exec_mfma_shape_t *s = exec_mfma_shape("v_mfma_f32_32x32x1f32");
    ck_assert_ptr_nonnull(s);
    ck_assert_uint_eq(s->m, 32);
    ck_assert_uint_eq(s->blocks, 2);
    ck_assert_uint_eq(s->cd_regs, 32);
    ck_assert_ptr_eq(exec_mfma_shape("v_mfma_f32_32x32x1_2b_f32"), s);
    ck_assert_ptr_eq(exec_mfma_shape("v_mfma_f32_16x16x16_bf16"), exec_mfma_shape("v_mfma_f32_16x16x16bf16_1k"));
    ck_assert_ptr_eq(exec_mfma_shape("v_mfma_f64_4x4x4_4b_f64"), exec_mfma_shape("v_mfma_f64_4x4x4f64"));
    ck_assert_ptr_eq(exec_mfma_shape("v_smfmac_i32_16x16x64i8"), exec_mfma_shape("v_smfmac_i32_16x16x64_i8"));
    ck_assert_ptr_null(exec_mfma_shape("v_mfma_f32_32x32x1"));
    ck_assert_ptr_null(exec_mfma_shape("v_add_f32"));
    ck_assert_ptr_null(exec_mfma_shape(NULL));
    s = exec_mfma_shape("v_smfmac_f32_32x32x32_fp8_bf8");
    ck_assert(s->sparse && s->a == EXEC_MF_FP8 && s->b == EXEC_MF_BF8 && s->k == 32);
    /* every shape: A and B fill their registers exactly, D holds blocks * M * N per wave */
    for (unsigned n = 0; n < exec_mfma_shape_count(); n++) {
        s = exec_mfma_shape_at(n);
        ck_assert_ptr_eq(exec_mfma_shape(s->name), s);
        unsigned ka = s->sparse ? s->k / 2u : s->k;
        ck_assert_msg(s->blocks * s->m * ka * tbits(s->a) == s->a_regs * 32u * LANES, "%s A", s->name);
        ck_assert_msg(s->blocks * s->n * s->k * tbits(s->b) == s->b_regs * 32u * LANES, "%s B", s->name);
        ck_assert_msg(s->blocks * s->m * s->n * tbits(s->cd) == s->cd_regs * 32u * LANES, "%s D", s->name);
    }
    ck_assert_ptr_null(exec_mfma_shape_at(53));
}
END_TEST

/* Every shape, three seeds: D against the naive product. */
START_TEST(every_shape_matches_the_reference)
{
    rig_t *r = rig_new();
    for (unsigned n = 0; n < exec_mfma_shape_count(); n++) {
        const exec_mfma_shape_t *s = exec_mfma_shape_at(n);
        for (uint32_t seed = 1; seed <= 3; seed++) {
            fill(r, s, seed * 7919u + n);
            exec_mfma_compute(s, &r->args);
            check_d(r, s, 0, 0, 0, 0);
        }
    }
    free(r);
}
END_TEST

/* D may be C itself (the usual in-place accumulate). */
START_TEST(d_may_alias_c)
{
    rig_t *r = rig_new();
    const exec_mfma_shape_t *s = exec_mfma_shape("v_mfma_f32_32x32x8f16");
    fill(r, s, 5);
    r->args.d = r->rc;
    exec_mfma_compute(s, &r->args);
    memcpy(r->rd, r->rc, sizeof r->rd);
    check_d(r, s, 0, 0, 0, 0);
    free(r);
}
END_TEST

/* cbsz/abid on every multi-block shape: every legal pair. */
START_TEST(cbsz_abid_broadcast_a_blocks)
{
    rig_t *r = rig_new();
    unsigned tried = 0;
    for (unsigned n = 0; n < exec_mfma_shape_count(); n++) {
        const exec_mfma_shape_t *s = exec_mfma_shape_at(n);
        if (s->blocks == 1 || s->cd == EXEC_MF_F64)
            continue;
        for (unsigned cbsz = 1; (1u << cbsz) <= s->blocks; cbsz++)
            for (unsigned abid = 0; abid < (1u << cbsz); abid++) {
                fill(r, s, 100 + n);
                r->args.cbsz = cbsz;
                r->args.abid = abid;
                exec_mfma_compute(s, &r->args);
                check_d(r, s, cbsz, abid, 0, 0);
                tried++;
            }
    }
    ck_assert_uint_gt(tried, 100);
    free(r);
}
END_TEST

/* blgp: the lane whose B value lane L uses (calculator README, "BLGP"). */
static unsigned blgp_source(unsigned blgp, unsigned lane)
{
    switch (blgp) {
    case 1: return lane < 32 ? lane : lane - 32;         /* lanes 0-31 also into 32-63 */
    case 2: return lane >= 32 ? lane : lane + 32;        /* lanes 32-63 into 0-31 */
    case 3: return lane < 48 ? lane + 16 : lane - 48;    /* rotated down by 16 */
    case 4: case 5: case 6: case 7:
        return 16 * (blgp - 4) + lane % 16;              /* one group of 16 into all four */
    default: return lane;
    }
}

START_TEST(blgp_patterns)
{
    static const char *const names[] = { "v_mfma_f32_16x16x2bf16", "v_mfma_f32_4x4x4f16", "v_mfma_i32_32x32x4i8",
                                         "v_mfma_f32_16x16x4f32", "v_mfma_f32_32x32x8f16" };
    rig_t *r = rig_new();
    for (unsigned n = 0; n < sizeof names / sizeof names[0]; n++)
        for (unsigned blgp = 1; blgp < 8; blgp++) {
            const exec_mfma_shape_t *s = exec_mfma_shape(names[n]);
            fill(r, s, 300 + blgp);
            r->args.blgp = blgp;
            exec_mfma_compute(s, &r->args);
            check_d(r, s, 0, 0, blgp, 0);
        }
    free(r);
}
END_TEST

/* gfx940's f64 neg bits (A, B, C), and blgp has no lane effect on f64. */
START_TEST(f64_neg)
{
    rig_t *r = rig_new();
    static const char *const names[] = { "v_mfma_f64_16x16x4f64", "v_mfma_f64_4x4x4f64" };
    for (unsigned n = 0; n < 2; n++)
        for (unsigned neg = 0; neg < 8; neg++) {
            const exec_mfma_shape_t *s = exec_mfma_shape(names[n]);
            fill(r, s, 40 + neg);
            r->args.neg = neg;
            exec_mfma_compute(s, &r->args);
            check_d(r, s, 0, 0, 0, neg);
        }
    free(r);
}
END_TEST

/* Sparse: the index set abid picks (cbsz 0), or set 0 whatever abid is (cbsz != 0). */
START_TEST(sparse_index_sets)
{
    rig_t *r = rig_new();
    static const char *const names[] = { "v_smfmac_f32_16x16x32_f16", "v_smfmac_i32_32x32x32_i8",
                                         "v_smfmac_f32_16x16x64_fp8_bf8" };
    for (unsigned n = 0; n < 3; n++) {
        const exec_mfma_shape_t *s = exec_mfma_shape(names[n]);
        unsigned width = tbits(s->a) == 16 ? 8 : 16, sets = 32 / width;
        for (unsigned abid = 0; abid < sets; abid++) {
            fill(r, s, 60 + abid);
            /* move the index to set abid; the other sets get garbage */
            for (unsigned l = 0; l < LANES; l++) {
                uint32_t v = r->idx[l] & ((1u << width) - 1), junk = 0x9e3779b9u * (l + 1);
                r->idx[l] = (junk & ~(((1u << width) - 1) << (abid * width))) | v << (abid * width);
            }
            r->args.abid = abid;
            exec_mfma_compute(s, &r->args);
            check_d(r, s, 0, 0, 0, 0);
        }
        fill(r, s, 77);
        r->args.cbsz = 1;
        r->args.abid = 1;
        exec_mfma_compute(s, &r->args);
        check_d(r, s, 0, 0, 0, 0);
    }
    free(r);
}
END_TEST

/* The index picks which B rows each stored A value meets: all stored values 1.0, B[k][j] = k + 1,
 * index group 0 = k 0 and 3, group 1 = k 1 and 2 (of the lane's second four), in every lane. */
START_TEST(sparse_index_selects_b_rows)
{
    const exec_mfma_shape_t *s = exec_mfma_shape("v_smfmac_f32_16x16x32_f16");
    uint32_t a[2 * LANES], b[4 * LANES], c[4 * LANES], d[4 * LANES], idx[LANES];
    memset(b, 0, sizeof b);
    memset(c, 0, sizeof c);
    for (unsigned l = 0; l < LANES; l++) {
        a[l] = a[LANES + l] = 0x3c003c00u;
        idx[l] = (0u | 3u << 2) | (1u | 2u << 2) << 4;
    }
    for (unsigned k = 0; k < 32; k++)
        for (unsigned j = 0; j < 16; j++) /* lane 16 * (k / 8) + j, register (k % 8) / 2, half k % 2 */
            b[(k % 8) / 2 * LANES + 16 * (k / 8) + j] |= (uint32_t)isa_f16_from_f64(k + 1.0, NULL) << (16 * (k % 2));
    exec_mfma_args_t x = { a, b, c, d, idx, 0, 0, 0, 0 };
    exec_mfma_compute(s, &x);
    /* row 0 meets k = 8q + {0, 3, 5, 6} for q = 0..3: B values 8q + {1, 4, 6, 7} */
    float want = 0;
    for (unsigned q = 0; q < 4; q++)
        want += (float)(32 * q + 18);
    ck_assert_float_eq(bitsf(d[0]), want);
    ck_assert_float_eq(bitsf(d[0]), 264.0f);
}
END_TEST

/* ---- conversions ---- */

START_TEST(fp8_bf8_decode)
{
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x00)), 0.0f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x01)), 0x1p-10f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x07)), 7 * 0x1p-10f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x08)), 0x1p-7f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x40)), 1.0f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x7f)), 240.0f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0xff)), -240.0f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0xc4)), -1.5f);
    ck_assert(isnan(bitsf(exec_fp8_to_f32(0x80))));
    ck_assert_float_eq(bitsf(exec_bf8_to_f32(0x01)), 0x1p-17f);
    ck_assert_float_eq(bitsf(exec_bf8_to_f32(0x04)), 0x1p-15f);
    ck_assert_float_eq(bitsf(exec_bf8_to_f32(0x40)), 1.0f);
    ck_assert_float_eq(bitsf(exec_bf8_to_f32(0x7f)), 57344.0f);
    ck_assert_float_eq(bitsf(exec_bf8_to_f32(0xbf)), -1.75f * 0x1p-1f);
    ck_assert(isnan(bitsf(exec_bf8_to_f32(0x80))));
    /* every code against the test's own decoding */
    for (unsigned c = 0; c < 256; c++) {
        if (c == 0x80)
            continue;
        ck_assert_msg(bitsf(exec_fp8_to_f32((uint8_t)c)) == (float)fp8_value(c), "fp8 %02x", c);
        ck_assert_msg(bitsf(exec_bf8_to_f32((uint8_t)c)) == (float)bf8_value(c), "bf8 %02x", c);
    }
}
END_TEST

START_TEST(fp8_bf8_round_to_nearest_even)
{
    /* exact values round-trip */
    for (unsigned c = 0; c < 256; c++) {
        if (c == 0x80)
            continue;
        ck_assert_uint_eq(exec_f32_to_fp8(fbits((float)fp8_value(c)), false), c);
        ck_assert_uint_eq(exec_f32_to_bf8(fbits((float)bf8_value(c)), false), c);
    }
    /* ties to even, and above the tie */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(1.0625f), false), 0x40);           /* 1 + 1/16: tie, to 1.0 */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(1.1875f), false), 0x42);           /* tie, to 1.25 */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(1.0625f + 0x1p-20f), false), 0x41); /* above: 1.125 */
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(1.125f), false), 0x40);            /* tie, to 1.0 */
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(1.375f), false), 0x42);            /* tie, to 1.5 */
    /* subnormals: half the smallest is a tie to 0; no -0 (0x80 is the NaN) */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(0x1p-11f), false), 0x00);
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(3 * 0x1p-11f), false), 0x02);
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(-0x1p-12f), false), 0x00);
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(-0.0f), false), 0x00);
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(0x1p-18f + 0x1p-30f), false), 0x01);
    /* a subnormal carrying into the smallest normal */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(7.5f * 0x1p-10f + 0x1p-20f), false), 0x08);
}
END_TEST

START_TEST(fp8_bf8_overflow_and_clamp)
{
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(241.0f), false), 0x7f);   /* rounds down to 240 */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(248.0f), false), 0x80);   /* tie rounds to 256: NaN */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(248.0f), true), 0x7f);
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(-1000.0f), false), 0x80);
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(-1000.0f), true), 0xff);
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(65536.0f), true), 0x7f);
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(65536.0f), false), 0x80);
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(61439.0f), false), 0x7f); /* below the tie with 65536 */
    /* infinities and NaN are the NaN, clamp or not */
    ck_assert_uint_eq(exec_f32_to_fp8(0x7f800000u, true), 0x80);
    ck_assert_uint_eq(exec_f32_to_fp8(0xff800000u, false), 0x80);
    ck_assert_uint_eq(exec_f32_to_bf8(0x7fc00000u, true), 0x80);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(0x7f800001u, 0, false), 0x80);
}
END_TEST

START_TEST(fp8_bf8_stochastic_rounding)
{
    /* rnd is added below the kept bits (23 - 3 = 20 bits for fp8, 21 for bf8) before truncating */
    float x = 1.0f + 0x1p-4f; /* fp8: 1.0 + half an ulp; dropped bits 0x80000 of 0x100000 */
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(x), 0, false), 0x40);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(x), 0x7ffffu, false), 0x40);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(x), 0x80000u, false), 0x41);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(x), 0xfff80000u, false), 0x41); /* high bits ignored */
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(x), 0xfff00000u, false), 0x40);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(1.125f), 0xfffffu, false), 0x41); /* exact stays */
    ck_assert_uint_eq(exec_f32_to_bf8_sr(fbits(1.125f), 0xfffffu, false), 0x40); /* 21 dropped bits */
    ck_assert_uint_eq(exec_f32_to_bf8_sr(fbits(1.125f), 0x100000u, false), 0x41);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(240.0f + 8.0f), 0xfffffu, false), 0x80);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(240.0f + 8.0f), 0xfffffu, true), 0x7f);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(-1.0f - 0x1p-4f), 0x80000u, false), 0xc1);
    /* in the subnormal range the same 20 bits sit below the subnormal quantum (2^-10) */
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(1.5f * 0x1p-10f), 0x7ffffu, false), 0x01);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(1.5f * 0x1p-10f), 0x80000u, false), 0x02);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(0x1p-12f), 0xbffffu, false), 0x00);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(0x1p-12f), 0xc0000u, false), 0x01);
}
END_TEST

START_TEST(bf16_conversions)
{
    ck_assert_uint_eq(exec_bf16_to_f32(0x3f80), 0x3f800000u);
    ck_assert_uint_eq(exec_bf16_to_f32(0xc2c8), fbits(-100.0f));
    ck_assert_uint_eq(exec_f32_to_bf16(0x3f808000u), 0x3f80); /* tie to even */
    ck_assert_uint_eq(exec_f32_to_bf16(0x3f818000u), 0x3f82);
    ck_assert_uint_eq(exec_f32_to_bf16(0x3f808001u), 0x3f81);
    ck_assert_uint_eq(exec_f32_to_bf16(0x7f7fffffu), 0x7f80); /* rounds to inf */
    ck_assert_uint_eq(exec_f32_to_bf16(0xff800000u), 0xff80);
    ck_assert_uint_eq(exec_f32_to_bf16(0x7f800001u), 0x7fc0); /* NaN stays NaN, quiet */
}
END_TEST

/* xf32 keeps 10 fraction bits, cut (not rounded). */
START_TEST(xf32_truncates)
{
    ck_assert_uint_eq(exec_xf32_from_f32(fbits(1.0f + 0x1p-11f)), fbits(1.0f));
    ck_assert_uint_eq(exec_xf32_from_f32(fbits(1.0f + 0x1p-10f + 0x1p-11f)), fbits(1.0f + 0x1p-10f));
    ck_assert_uint_eq(exec_xf32_from_f32(fbits(-3.0f)), fbits(-3.0f));
    const exec_mfma_shape_t *s = exec_mfma_shape("v_mfma_f32_16x16x8_xf32");
    uint32_t a[2 * LANES], b[2 * LANES], c[4 * LANES], d[4 * LANES];
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    memset(c, 0, sizeof c);
    a[0] = fbits(1.0f + 0x1p-10f + 0x1p-11f); /* A[0][0] */
    b[0] = fbits(1.0f + 0x1p-12f);            /* B[0][0] */
    exec_mfma_args_t x = { a, b, c, d, NULL, 0, 0, 0, 0 };
    exec_mfma_compute(s, &x);
    ck_assert_float_eq(bitsf(d[0]), 1.0f + 0x1p-10f);
}
END_TEST

/* The documented accumulation: C first, then each product fused in k order, rounded each step
 * (1 + 2^-24 + 2^-24 gives 1, not 1 + 2^-23). */
START_TEST(f32_accumulates_in_k_order)
{
    const exec_mfma_shape_t *s = exec_mfma_shape("v_mfma_f32_16x16x4f32");
    uint32_t a[LANES], b[LANES], c[4 * LANES], d[4 * LANES];
    memset(a, 0, sizeof a);
    memset(c, 0, sizeof c);
    for (unsigned l = 0; l < LANES; l++)
        b[l] = fbits(1.0f);
    a[0] = fbits(1.0f);        /* A[0][0], lane 16 * k + i */
    a[16] = fbits(0x1p-24f);   /* A[0][1] */
    a[32] = fbits(0x1p-24f);   /* A[0][2] */
    exec_mfma_args_t x = { a, b, c, d, NULL, 0, 0, 0, 0 };
    exec_mfma_compute(s, &x);
    ck_assert_uint_eq(d[0], fbits(1.0f));
    /* the product is not rounded before the add: (1 + 2^-12)^2 - 1 keeps its 2^-24 */
    a[0] = fbits(1.0f + 0x1p-12f);
    a[16] = a[32] = 0;
    for (unsigned l = 0; l < LANES; l++)
        b[l] = fbits(1.0f + 0x1p-12f);
    c[0] = fbits(-1.0f);
    exec_mfma_compute(s, &x);
    ck_assert_float_eq(bitsf(d[0]), 0x1p-11f + 0x1p-24f);
}
END_TEST

/* NaN results are the default NaN; f32 subnormals are kept; i32 wraps. */
START_TEST(special_values)
{
    const exec_mfma_shape_t *s = exec_mfma_shape("v_mfma_f32_4x4x1f32");
    uint32_t a[LANES], b[LANES], c[4 * LANES], d[4 * LANES];
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    memset(c, 0, sizeof c);
    a[0] = 0xffc12345u;              /* A[0][0][0]: a NaN with a payload */
    a[1] = 0x7f800000u;              /* A[0][1][0]: inf, times B = 0 */
    c[2 * LANES + 0] = 0x00000001u;  /* C[0][2][0]: the smallest subnormal, kept */
    c[3 * LANES + 0] = 0x80000000u;  /* C[0][3][0]: -0 + (+0 * +0) = +0 */
    exec_mfma_args_t x = { a, b, c, d, NULL, 0, 0, 0, 0 };
    exec_mfma_compute(s, &x);
    ck_assert_uint_eq(d[0], 0x7fc00000u);
    ck_assert_uint_eq(d[LANES], 0x7fc00000u);
    ck_assert_uint_eq(d[2 * LANES], 0x00000001u);
    ck_assert_uint_eq(d[3 * LANES], 0x00000000u);
    s = exec_mfma_shape("v_mfma_i32_16x16x16i8");
    uint32_t ai[LANES], bi[LANES];
    memset(ai, 0, sizeof ai);
    memset(bi, 0, sizeof bi);
    memset(c, 0, sizeof c);
    ai[0] = 0x7f;      /* A[0][0] = 127 */
    bi[0] = 0x02;      /* B[0][0] = 2 */
    c[0] = 0x7fffff00u;
    exec_mfma_args_t y = { ai, bi, c, d, NULL, 0, 0, 0, 0 };
    exec_mfma_compute(s, &y);
    ck_assert_uint_eq(d[0], 0x7fffff00u + 254u);
    c[0] = 0x7fffffffu;
    exec_mfma_compute(s, &y);
    ck_assert_uint_eq(d[0], 0x7fffffffu + 254u); /* wraps past INT32_MAX */
    /* the fp8 NaN (0x80) as an input gives the default NaN */
    s = exec_mfma_shape("v_mfma_f32_16x16x32_fp8_fp8");
    memset(ai, 0, sizeof ai);
    memset(bi, 0, sizeof bi);
    memset(c, 0, sizeof c);
    ai[0] = 0x80;      /* A[0][0] */
    ai[1] = 0x40;      /* A[1][0] = 1.0 */
    bi[0] = 0x40;      /* B[0][0] = 1.0 */
    uint32_t a2[2 * LANES], b2[2 * LANES];
    memset(a2, 0, sizeof a2);
    memset(b2, 0, sizeof b2);
    memcpy(a2, ai, sizeof ai);
    memcpy(b2, bi, sizeof bi);
    exec_mfma_args_t z = { a2, b2, c, d, NULL, 0, 0, 0, 0 };
    exec_mfma_compute(s, &z);
    ck_assert_uint_eq(d[0], 0x7fc00000u);      /* D[0][0] */
    ck_assert_uint_eq(d[LANES], fbits(1.0f));  /* D[1][0]: register 1, lane 0 */
}
END_TEST

/* EXEC_MFMA_FLUSH16 (gfx90a): f16/bf16 MFMA read subnormal A, B, C as zero and write a subnormal
 * D as zero; without it (and for other input types with it) subnormals are kept. */
static uint32_t run_one(const char *name, uint32_t a00, uint32_t b00, uint32_t c00, unsigned mode)
{
    const exec_mfma_shape_t *s = exec_mfma_shape(name);
    uint32_t a[2 * LANES], b[2 * LANES], c[16 * LANES], d[16 * LANES];
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    memset(c, 0, sizeof c);
    a[0] = a00; /* A[0][0] (lane 0, register 0, low half) */
    b[0] = b00; /* B[0][0] */
    c[0] = c00; /* C[0][0] */
    exec_mfma_args_t x = { a, b, c, d, NULL, 0, 0, 0, 0 };
    exec_mfma_compute_mode(s, &x, mode);
    return d[0];
}

START_TEST(flush16_mode)
{
    static const char f16[] = "v_mfma_f32_16x16x16f16", bf16[] = "v_mfma_f32_16x16x16bf16_1k";
    /* f16 subnormal input: 2^-24 * 2^10 */
    ck_assert_uint_eq(run_one(f16, 0x0001, 0x6400, 0, 0), fbits(0x1p-14f));
    ck_assert_uint_eq(run_one(f16, 0x0001, 0x6400, 0, EXEC_MFMA_FLUSH16), 0);
    ck_assert_uint_eq(run_one(f16, 0x6400, 0x0001, 0, EXEC_MFMA_FLUSH16), 0);
    /* bf16 subnormal input: 2^-133 * 2^100 */
    ck_assert_uint_eq(run_one(bf16, 0x0001, 0x7180, 0, 0), fbits(0x1p-33f));
    ck_assert_uint_eq(run_one(bf16, 0x0001, 0x7180, 0, EXEC_MFMA_FLUSH16), 0);
    /* subnormal C, kept or read as a zero of its sign (-0 + +0 = +0) */
    ck_assert_uint_eq(run_one(f16, 0, 0, 0x80000001u, 0), 0x80000001u);
    ck_assert_uint_eq(run_one(f16, 0, 0, 0x80000001u, EXEC_MFMA_FLUSH16), 0);
    /* a subnormal result: 2^-126 * (1 + 2^-4) - 2^-126 = 2^-130 */
    ck_assert_uint_eq(run_one(bf16, 0x0080, 0x3f88, 0x80800000u, 0), 0x00080000u);
    ck_assert_uint_eq(run_one(bf16, 0x0080, 0x3f88, 0x80800000u, EXEC_MFMA_FLUSH16), 0);
    /* other input types keep subnormals in this mode */
    ck_assert_uint_eq(run_one("v_mfma_f32_16x16x4f32", 0, 0, 0x00000001u, EXEC_MFMA_FLUSH16), 1);
    ck_assert_uint_eq(run_one("v_mfma_f32_16x16x4f32", 0x00800000u, 0x3d800000u, 0, EXEC_MFMA_FLUSH16),
                      0x00080000u);
    ck_assert_uint_eq(run_one(f16, 0x0001, 0x6400, 0, EXEC_MFMA_FLUSH32), fbits(0x1p-14f));
}
END_TEST

/* EXEC_MFMA_FLUSH32 (a wave whose MODE flushes f32 denormals): the f32 and xf32 MFMA flush A, B,
 * C and D; the other input types do not. */
START_TEST(flush32_mode)
{
    static const char f32[] = "v_mfma_f32_16x16x4f32", xf32[] = "v_mfma_f32_16x16x8_xf32";
    /* a subnormal A: 2^-130 * 2^20 */
    ck_assert_uint_eq(run_one(f32, 0x00080000u, 0x49800000u, 0, 0), fbits(0x1p-110f));
    ck_assert_uint_eq(run_one(f32, 0x00080000u, 0x49800000u, 0, EXEC_MFMA_FLUSH32), 0);
    ck_assert_uint_eq(run_one(f32, 0x49800000u, 0x80080000u, 0, EXEC_MFMA_FLUSH32), 0); /* -0 product + +0 */
    ck_assert_uint_eq(run_one(xf32, 0x00080000u, 0x49800000u, 0, EXEC_MFMA_FLUSH32), 0);
    /* C and D */
    ck_assert_uint_eq(run_one(f32, 0, 0, 0x00000001u, EXEC_MFMA_FLUSH32), 0);
    ck_assert_uint_eq(run_one(f32, 0x00800000u, 0x3d800000u, 0, EXEC_MFMA_FLUSH32), 0);
    ck_assert_uint_eq(run_one(f32, 0x00800000u, 0xbd800000u, 0, EXEC_MFMA_FLUSH32), 0x80000000u);
    /* f16 and i8 are not affected; both bits together flush both families */
    ck_assert_uint_eq(run_one("v_mfma_f32_16x16x16f16", 0, 0, 0x00000001u, EXEC_MFMA_FLUSH32), 1);
    ck_assert_uint_eq(run_one("v_mfma_f32_16x16x16f16", 0, 0, 0x00000001u, EXEC_MFMA_FLUSH16 | EXEC_MFMA_FLUSH32), 0);
    ck_assert_uint_eq(run_one("v_mfma_i32_16x16x16i8", 0, 0, 0x00000001u, EXEC_MFMA_FLUSH32), 1);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mfma_math");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, shape_table);
    tcase_add_test(tc, every_shape_matches_the_reference);
    tcase_add_test(tc, d_may_alias_c);
    tcase_add_test(tc, cbsz_abid_broadcast_a_blocks);
    tcase_add_test(tc, blgp_patterns);
    tcase_add_test(tc, f64_neg);
    tcase_add_test(tc, sparse_index_sets);
    tcase_add_test(tc, sparse_index_selects_b_rows);
    tcase_add_test(tc, fp8_bf8_decode);
    tcase_add_test(tc, fp8_bf8_round_to_nearest_even);
    tcase_add_test(tc, fp8_bf8_overflow_and_clamp);
    tcase_add_test(tc, fp8_bf8_stochastic_rounding);
    tcase_add_test(tc, bf16_conversions);
    tcase_add_test(tc, xf32_truncates);
    tcase_add_test(tc, f32_accumulates_in_k_order);
    tcase_add_test(tc, special_values);
    tcase_add_test(tc, flush16_mode);
    tcase_add_test(tc, flush32_mode);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

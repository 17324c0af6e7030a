/* exec_mfma_math: D = A * B + C for the MFMA shapes of exec_mfma_shapes.c, on registers laid out
 * as AMD's matrix instruction calculator describes (docs/mfma.md, "Lane layouts"), with the
 * arithmetic rules of docs/mfma.md ("Arithmetic"). */
#include "exec_mfma_math.h"

#include <math.h>
#include <string.h>

#include "isa_f16.h"

#define LANES 64u

static unsigned type_bits(exec_mf_type_t t)
{
    switch (t) {
    case EXEC_MF_F16:
    case EXEC_MF_BF16: return 16;
    case EXEC_MF_I8:
    case EXEC_MF_FP8:
    case EXEC_MF_BF8: return 8;
    case EXEC_MF_F64: return 64;
    default: return 32;
    }
}

/* Where one element of an operand lives: register, lane, and bit offset inside the register. */
typedef struct {
    unsigned reg, lane, shift;
} place_t;

/* Dense A[block][row][k] (or B[block][k][col]: the same rule with N for M). `dim` is M for A and
 * N for B, `regs` the operand's registers per lane. The lane holds `per` consecutive k of one row;
 * lane groups of `dim` lanes count the k groups of block 0, then of block 1, ... f64 instead puts
 * k in groups of 16 lanes and the block inside them (4x4x4 f64). */
static place_t dense_place(const exec_mfma_shape_t *s, exec_mf_type_t t, unsigned regs, unsigned dim,
                           unsigned blk, unsigned row, unsigned k)
{
    place_t p;
    unsigned bits = type_bits(t);
    if (bits == 64) {
        p.lane = 16u * k + dim * blk + row;
        p.reg = 0;
        p.shift = 0;
        return p;
    }
    unsigned per = regs * 32u / bits, in_reg = 32u / bits;
    unsigned group = blk * (s->k / per) + k / per, at = k % per;
    p.lane = dim * group + row;
    p.reg = at / in_reg;
    p.shift = (at % in_reg) * bits;
    return p;
}

/* C/D[block][i][j]. 4x4 shapes: row i in register i, the block in lane groups of 4; otherwise rows
 * in groups of 4 registers, groups of 4 rows spread over the 64 / N lane groups, then over further
 * registers, blocks after one another in registers. f64: row i % 4 picks a group of 16 lanes, i / 4
 * the register pair. */
static place_t cd_place(const exec_mfma_shape_t *s, unsigned blk, unsigned i, unsigned j)
{
    place_t p = { 0, 0, 0 };
    if (s->cd == EXEC_MF_F64) {
        p.lane = 16u * (i % 4) + s->n * blk + j;
        p.reg = 2u * (i / 4);
    } else if (s->m == 4) {
        p.lane = 4u * blk + j;
        p.reg = i;
    } else {
        unsigned groups = LANES / s->n, rg = i / 4;
        p.lane = s->n * (rg % groups) + j;
        p.reg = (unsigned)(s->m * s->n / LANES) * blk + 4u * (rg / groups) + i % 4;
    }
    return p;
}

/* The lane whose B values lane `lane` uses under blgp (gfx908/gfx90a lane-group patterns). */
static unsigned blgp_lane(unsigned blgp, unsigned lane)
{
    switch (blgp & 7u) {
    case 1: return lane % 32;
    case 2: return 32 + lane % 32;
    case 3: return (lane + 16) % LANES;
    case 4: return lane % 16;
    case 5: return 16 + lane % 16;
    case 6: return 32 + lane % 16;
    case 7: return 48 + lane % 16;
    default: return lane;
    }
}

static float f32_of(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static uint32_t bits_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static double f64_of(uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    return d;
}

static uint64_t bits64_of(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

/* The element at p of an operand of type t, as a double: every input type is exact in it (i8 as
 * its integer value; xf32 after its truncation). */
static double element(exec_mf_type_t t, const uint32_t *regs, place_t p, bool flush)
{
    uint32_t v = regs[p.reg * LANES + p.lane];
    unsigned bits = type_bits(t);
    if (bits < 32)
        v = (v >> p.shift) & ((1u << bits) - 1u);
    if (flush) /* a subnormal f16, bf16 or f32 (xf32) reads as a zero of its sign */
        switch (t) {
        case EXEC_MF_F16: v = (v & 0x7c00u) ? v : v & 0x8000u; break;
        case EXEC_MF_BF16: v = (v & 0x7f80u) ? v : v & 0x8000u; break;
        case EXEC_MF_F32: case EXEC_MF_XF32: v = (v & 0x7f800000u) ? v : v & 0x80000000u; break;
        default: break;
        }
    switch (t) {
    case EXEC_MF_F16: return isa_f16_to_f64((uint16_t)v);
    case EXEC_MF_BF16: return f32_of(exec_bf16_to_f32((uint16_t)v));
    case EXEC_MF_I8: return (int8_t)(uint8_t)v;
    case EXEC_MF_FP8: return f32_of(exec_fp8_to_f32((uint8_t)v));
    case EXEC_MF_BF8: return f32_of(exec_bf8_to_f32((uint8_t)v));
    case EXEC_MF_XF32: return f32_of(exec_xf32_from_f32(v));
    case EXEC_MF_F64: return f64_of((uint64_t)v | (uint64_t)regs[(p.reg + 1) * LANES + p.lane] << 32);
    default: return f32_of(v);
    }
}

/* An f32 subnormal as a zero of its sign (EXEC_MFMA_FLUSH16, EXEC_MFMA_FLUSH32). */
static uint32_t flush32(uint32_t b) { return (b & 0x7f800000u) ? b : b & 0x80000000u; }

/* A NaN result is the default quiet NaN (payloads not modelled: docs/mfma.md). */
static uint32_t f32_result(float f) { return isnan(f) ? 0x7fc00000u : bits_of(f); }
static uint64_t f64_result(double d) { return isnan(d) ? 0x7ff8000000000000ull : bits64_of(d); }

/* The A block that block `blk` multiplies: cbsz / abid broadcast one block of each group of
 * 2^cbsz blocks to the whole group (cbsz beyond the block count is cut to it). */
static unsigned a_block(const exec_mfma_shape_t *s, const exec_mfma_args_t *x, unsigned blk)
{
    unsigned cbsz = x->cbsz, lg = 0;
    while ((1u << lg) < s->blocks)
        lg++;
    if (cbsz > lg)
        cbsz = lg;
    unsigned mask = (1u << cbsz) - 1u;
    return (blk & ~mask) | (x->abid & mask);
}

/* The terms of row i of block blk's dot products, in accumulation order: the A values in a[]
 * and the k of the B row each meets in k[] (k ascending; sparse: the stored values in register
 * order, each at the k its 2-bit index names). Returns their count. */
static unsigned row_terms(const exec_mfma_shape_t *s, const exec_mfma_args_t *x, bool flush, unsigned blk,
                          unsigned i, double *a, uint8_t *k)
{
    unsigned n = 0;
    if (!s->sparse) {
        unsigned ab = a_block(s, x, blk);
        for (unsigned kk = 0; kk < s->k; kk++, n++) {
            a[n] = element(s->a, x->a, dense_place(s, s->a, s->a_regs, s->m, ab, i, kk), flush);
            k[n] = (uint8_t)kk;
        }
        return n;
    }
    /* 2:4 sparse A: per lane `stored` values (two per group of four k), the lane covering
     * 2 * stored consecutive k of row i; the index VGPR has 4 bits per group (two 2-bit indices,
     * the first value's low), the set at bit 8 * abid (16-bit types) or 16 * abid (8-bit) when
     * cbsz is 0, set 0 otherwise. */
    unsigned bits = type_bits(s->a), stored = s->a_regs * 32u / bits, in_reg = 32u / bits;
    unsigned span = 2u * stored, set_bits = bits == 16 ? 8u : 16u;
    unsigned set = x->cbsz ? 0 : x->abid % (32u / set_bits);
    for (unsigned k0 = 0; k0 < s->k; k0 += 4) {
        unsigned lane = s->m * (k0 / span) + i, gl = (k0 % span) / 4;
        uint32_t idx = x->sparse_idx ? x->sparse_idx[lane] >> (set * set_bits + 4u * gl) : 0;
        for (unsigned v = 0; v < 2; v++, n++) {
            unsigned at = 2u * gl + v;
            place_t p = { at / in_reg, lane, (at % in_reg) * bits };
            a[n] = element(s->a, x->a, p, flush);
            k[n] = (uint8_t)(k0 + ((idx >> (2u * v)) & 3u));
        }
    }
    return n;
}

void exec_mfma_compute(const exec_mfma_shape_t *s, const exec_mfma_args_t *x) { exec_mfma_compute_mode(s, x, 0); }

void exec_mfma_compute_mode(const exec_mfma_shape_t *s, const exec_mfma_args_t *x, unsigned mode)
{
    /* A row by row and B column by column, each element read once per block: M x K and K x N */
    double a[32][64], b[64];
    uint8_t k[32][64];
    unsigned nt = 0;
    bool f64 = s->cd == EXEC_MF_F64;
    bool f16in = s->a == EXEC_MF_F16 || s->a == EXEC_MF_BF16, f32in = s->a == EXEC_MF_F32 || s->a == EXEC_MF_XF32;
    bool flush = ((mode & EXEC_MFMA_FLUSH16) && f16in) || ((mode & EXEC_MFMA_FLUSH32) && f32in);
    /* gfx940's neg bits (f64 only; blgp has no lane meaning there) */
    double na = f64 && (x->neg & 1u) ? -1.0 : 1.0, nb = f64 && (x->neg & 2u) ? -1.0 : 1.0;
    for (unsigned blk = 0; blk < s->blocks; blk++) {
        for (unsigned i = 0; i < s->m; i++)
            nt = row_terms(s, x, flush, blk, i, a[i], k[i]);
        for (unsigned j = 0; j < s->n; j++) {
            for (unsigned kk = 0; kk < s->k; kk++) {
                place_t pb = dense_place(s, s->b, s->b_regs, s->n, blk, j, kk);
                if (!f64)
                    pb.lane = blgp_lane(x->blgp, pb.lane);
                b[kk] = element(s->b, x->b, pb, flush);
            }
            for (unsigned i = 0; i < s->m; i++) {
                /* D may alias C: each D element is written right after its own C element is
                 * read, and no other element reads that one. */
                place_t pd = cd_place(s, blk, i, j);
                uint32_t *d = &x->d[pd.reg * LANES + pd.lane];
                const uint32_t *c = &x->c[pd.reg * LANES + pd.lane];
                if (f64) {
                    double acc = f64_of((uint64_t)c[0] | (uint64_t)c[LANES] << 32);
                    if (x->neg & 4u)
                        acc = -acc;
                    for (unsigned t = 0; t < nt; t++)
                        acc = fma(na * a[i][t], nb * b[k[i][t]], acc);
                    uint64_t r = f64_result(acc);
                    d[0] = (uint32_t)r;
                    d[LANES] = (uint32_t)(r >> 32);
                } else if (s->cd == EXEC_MF_I32) {
                    uint32_t acc = c[0];
                    for (unsigned t = 0; t < nt; t++)
                        acc += (uint32_t)((int32_t)a[i][t] * (int32_t)b[k[i][t]]);
                    *d = acc;
                } else {
                    float acc = f32_of(flush ? flush32(c[0]) : c[0]);
                    for (unsigned t = 0; t < nt; t++)
                        acc = fmaf((float)a[i][t], (float)b[k[i][t]], acc);
                    *d = flush ? flush32(f32_result(acc)) : f32_result(acc);
                }
            }
        }
    }
}

/* ---- small floats ---- */

/* An FNUZ float with `eb` exponent bits, `mb` fraction bits, bias 2^(eb-1) as f32 bits. */
static uint32_t fnuz_to_f32(uint8_t v, unsigned eb, unsigned mb)
{
    int bias = 1 << (eb - 1);
    if (v == 0x80u)
        return 0x7fc00000u;
    unsigned e = (v >> mb) & ((1u << eb) - 1u), m = v & ((1u << mb) - 1u);
    float f = e ? ldexpf((float)((1u << mb) | m), (int)e - bias - (int)mb)
                : ldexpf((float)m, 1 - bias - (int)mb);
    return bits_of(v & 0x80u ? -f : f);
}

uint32_t exec_fp8_to_f32(uint8_t v) { return fnuz_to_f32(v, 4, 3); }
uint32_t exec_bf8_to_f32(uint8_t v) { return fnuz_to_f32(v, 5, 2); }

/* f32 -> FNUZ with `eb` exponent bits and `mb` fraction bits. The f32 value is scaled so that the
 * FNUZ quantum at its exponent (or the subnormal quantum) is 1; the integer part is kept and the
 * fraction decides: round to nearest even, or stochastically (sr), which adds the low 23 - mb bits
 * of rnd to the 23 - mb bits below the kept ones and rounds up on a carry (the f32 fraction's
 * alignment, as AMD's host model of the instruction does it, docs/mfma.md). NaN and infinity give
 * the NaN 0x80; a finite value beyond the largest gives 0x80, or the largest with clamp; a zero
 * result is +0 (FNUZ has no -0). */
static uint8_t f32_to_fnuz(uint32_t f, unsigned eb, unsigned mb, bool sr, uint32_t rnd, bool clamp)
{
    int bias = 1 << (eb - 1);
    uint8_t sign = (f >> 31) ? 0x80u : 0;
    if ((f & 0x7f800000u) == 0x7f800000u)
        return 0x80u;
    double a = fabs((double)f32_of(f));
    if (a == 0)
        return 0;
    int ex;
    frexp(a, &ex);
    int e = ex - 1;
    if (e < 1 - bias)
        e = 1 - bias;
    double n = ldexp(a, (int)mb - e), q = floor(n), fr = n - q;
    if (sr) {
        unsigned w = 23u - mb;
        uint32_t mask = (1u << w) - 1u, dropped = (uint32_t)floor(ldexp(fr, (int)w));
        if (dropped + (rnd & mask) > mask)
            q += 1;
    } else if (fr > 0.5 || (fr == 0.5 && fmod(q, 2.0) != 0))
        q += 1;
    if (q == 0)
        return 0;
    if (q >= (double)(2u << mb)) {
        q /= 2;
        e++;
    }
    if (q < (double)(1u << mb))
        return (uint8_t)(sign | (unsigned)q);
    if (e + bias > (int)((1u << eb) - 1u))
        return clamp ? (uint8_t)(sign | 0x7fu) : 0x80u;
    return (uint8_t)(sign | (unsigned)(e + bias) << mb | ((unsigned)q - (1u << mb)));
}

uint8_t exec_f32_to_fp8(uint32_t f, bool clamp) { return f32_to_fnuz(f, 4, 3, false, 0, clamp); }
uint8_t exec_f32_to_bf8(uint32_t f, bool clamp) { return f32_to_fnuz(f, 5, 2, false, 0, clamp); }
uint8_t exec_f32_to_fp8_sr(uint32_t f, uint32_t rnd, bool clamp) { return f32_to_fnuz(f, 4, 3, true, rnd, clamp); }
uint8_t exec_f32_to_bf8_sr(uint32_t f, uint32_t rnd, bool clamp) { return f32_to_fnuz(f, 5, 2, true, rnd, clamp); }

uint32_t exec_bf16_to_f32(uint16_t v) { return (uint32_t)v << 16; }

uint16_t exec_f32_to_bf16(uint32_t f)
{
    if ((f & 0x7fffffffu) > 0x7f800000u)
        return (uint16_t)((f >> 16) | 0x40u);
    uint32_t r = f + 0x7fffu + ((f >> 16) & 1u);
    return (uint16_t)(r >> 16);
}

uint32_t exec_xf32_from_f32(uint32_t f) { return f & 0xffffe000u; }

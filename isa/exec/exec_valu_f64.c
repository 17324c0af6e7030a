/* exec_valu_f64: f64 VALU semantics (exec_valu_f64.h). Sources pass through the modifiers of
 * isa_valu_read_f64; results through the output modifier and clamp of write_f64. Arithmetic is
 * C double (round to nearest even, as the hardware), f64 denormals are neither flushed on input
 * nor on output. v_rcp/rsq/sqrt_f64 are approximations (1 ULP) on hardware; here they are the
 * host's correctly rounded 1/x and sqrt(x), and 1/sqrt(x) rounded twice (within 1 ULP), see
 * docs/semantics-valu.md. */
#include "exec/exec_valu_f64.h"

#include "exec/exec_lanes.h"
#include "exec/exec_operands.h"
#include "exec/exec_valu_float.h"

#include <math.h>

enum { NL = ISA_WAVE_SIZE };

static inline double D(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static inline uint64_t B(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }
static inline bool isnan64(uint64_t b) { return (b & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
static inline bool issnan64(uint64_t b) { return isnan64(b) && !(b & 0x0008000000000000ull); }
static inline uint64_t quiet64(uint64_t b) { return b | 0x0008000000000000ull; }

void isa_valu_read_f64(const isa_wave_t *w, const isa_inst_t *in, int i, uint64_t out[NL])
{
    isa_operand_t o = in->src[i];
    if (o.code == ISA_OPND_NONE) {
        memset(out, 0, sizeof(uint64_t) * NL);
        return;
    }
    isa_x_read_v64(w, in, o, true, out);
    uint64_t and_mask = o.abs ? 0x7fffffffffffffffull : ~0ull;
    uint64_t xor_mask = o.neg ? 0x8000000000000000ull : 0;
    if (o.abs || o.neg)
        for (int l = 0; l < NL; l++)
            out[l] = (out[l] & and_mask) ^ xor_mask;
}

/* Write a 64-bit result to the vdst pair for the EXEC lanes. */
static void write_pair(isa_wave_t *w, const isa_inst_t *in, const uint64_t d[NL])
{
    uint32_t lo[NL], hi[NL];
    for (int l = 0; l < NL; l++) {
        lo[l] = (uint32_t)d[l];
        hi[l] = (uint32_t)(d[l] >> 32);
    }
    uint32_t r = isa_x_vreg(in->vdst);
    isa_x_write_v32(w, r, isa_wave_exec(w), lo);
    isa_x_write_v32(w, r + 1, isa_wave_exec(w), hi);
}

/* Finish an f64 result: output modifier (ignored in IEEE mode, as for f32), clamp to [0,1] with
 * NaN and anything negative (incl. -0) to +0 (DX10 clamp); no denormal flush. */
static void write_f64(isa_wave_t *w, const isa_inst_t *in, uint64_t d[NL])
{
    if (in->omod && !w->ieee_mode) {
        static const double scale[4] = { 1.0, 2.0, 4.0, 0.5 };
        double s = scale[in->omod & 3];
        for (int l = 0; l < NL; l++)
            d[l] = B(D(d[l]) * s);
    }
    if (in->clamp)
        for (int l = 0; l < NL; l++) {
            if (isnan64(d[l]) || (d[l] >> 63))
                d[l] = 0;
            else if (D(d[l]) > 1.0)
                d[l] = 0x3ff0000000000000ull;
        }
    write_pair(w, in, d);
}

/* IEEE mode: a signalling NaN operand gives that NaN quietened; otherwise a NaN operand gives the
 * other operand. -0 orders below +0. The f32 rules of exec_valu_float.c, in 64 bits. */
static inline uint64_t minmax64(uint64_t a, uint64_t b, bool want_max, bool ieee)
{
    bool na = isnan64(a), nb = isnan64(b);
    if (na || nb) {
        if (ieee && issnan64(a))
            return quiet64(a);
        if (ieee && issnan64(b))
            return quiet64(b);
        return na ? (nb ? quiet64(a) : b) : a;
    }
    double fa = D(a), fb = D(b);
    if (fa == fb)
        return want_max ? (a & b) : (a | b);
    return (fa < fb) != want_max ? a : b;
}

static inline uint64_t fract64(uint64_t a)
{
    double x = D(a);
    double r = x - floor(x);
    if (r > 0x1.fffffffffffffp-1) /* a tiny negative x would round to 1.0 */
        r = 0x1.fffffffffffffp-1;
    return B(r);
}

/* frexp: the exponent of a finite non-zero value such that the mantissa is in [0.5, 1); 0 for
 * zero, inf and NaN. The mantissa of inf or NaN is the input itself (the ISA manual's rule). */
static inline uint32_t frexp_exp(uint64_t a)
{
    double x = D(a);
    if (isnan(x) || isinf(x))
        return 0;
    int e;
    frexp(x, &e);
    return (uint32_t)e;
}
static inline uint64_t frexp_mant(uint64_t a)
{
    double x = D(a);
    if (isnan(x) || isinf(x))
        return a;
    int e;
    return B(frexp(x, &e));
}

/* f64 -> 32-bit integer, truncating: NaN -> 0, saturating at both ends. */
static inline uint32_t sat_i32(double x)
{
    if (x != x)
        return 0;
    double t = trunc(x);
    if (t >= 2147483647.0)
        return 0x7fffffffu;
    if (t <= -2147483648.0)
        return 0x80000000u;
    return (uint32_t)(int32_t)t;
}
static inline uint32_t sat_u32(double x)
{
    if (x != x || x <= 0.0)
        return 0;
    double t = trunc(x);
    if (t >= 4294967295.0)
        return 0xffffffffu;
    return (uint32_t)t;
}

/* ldexp with a 32-bit signed exponent: scalbn takes an int, which the exponent fits. */
static inline uint64_t ldexp64(uint64_t a, uint32_t e) { return B(scalbn(D(a), (int)(int32_t)e)); }

/* ---- the division sequence ------------------------------------------------------------------ */
/* LLVM divides n/d as: d' = div_scale(d, d, n); r ~ 1/d' (rcp and fma Newton steps);
 * n' = div_scale(n, d, n) (VCC: "rescale"); q' = n' * r; e = fma(-d', q', n');
 * q = div_fmas(e, r, q') (with VCC); div_fixup(q, d, n) (the IEEE special cases). */

static inline int exp64(uint64_t b) { return (int)((b >> 52) & 0x7ff); }
static inline bool denorm64(double x) { return fpclassify(x) == FP_SUBNORMAL; }

/* v_div_scale_f64 S0, S1 (denominator), S2 (numerator): the ISA manual's rules. When the quotient
 * or the reciprocal would leave the normal range, the operand (S0 is the denominator or the
 * numerator) is scaled by 2^+-128: both together where that keeps n/d unchanged (VCC 0), only
 * one where it does not (VCC 1, undone by div_fmas). One departure from the manual's text: a
 * huge denominator (1/d denormal) with a denormal quotient is scaled down, 2^-128, as in the
 * next rule, so that the sequence's result stays exact (the manual's "2^128" would overflow d). */
static uint64_t div_scale(uint64_t s0, uint64_t s1, uint64_t s2, bool *vcc)
{
    double a = D(s0), d = D(s1), n = D(s2);
    *vcc = false;
    if (n == 0 || d == 0)
        return 0x7ff8000000000000ull;
    if (exp64(s2) - exp64(s1) >= 768) { /* n/d near the largest double: scale d up */
        *vcc = true;
        return s0 == s1 ? B(ldexp(a, 128)) : s0;
    }
    if (denorm64(d)) /* both up: the quotient is unchanged */
        return B(ldexp(a, 128));
    if (denorm64(1.0 / d) && denorm64(n / d)) {
        *vcc = true;
        return s0 == s1 ? B(ldexp(a, -128)) : s0;
    }
    if (denorm64(1.0 / d)) /* both down */
        return B(ldexp(a, -128));
    if (denorm64(n / d)) { /* the quotient would be denormal: scale n up */
        *vcc = true;
        return s0 == s2 ? B(ldexp(a, 128)) : s0;
    }
    if (exp64(s2) <= 53) /* a tiny numerator: both up */
        return B(ldexp(a, 128));
    return s0;
}

/* v_div_fmas_f64: fma(S0, S1, S2), and where VCC is set the div_scale scaling undone: 2^128 when
 * the quotient S2 is large (|S2| >= 2: the denominator was scaled up), else 2^-128 (the numerator
 * was scaled up, or the denominator down). The direction rule is the one measured on hardware by
 * other emulators; the manual's "2^64" is known to be wrong. The scale is applied to the rounded
 * fma, so a denormal quotient may be rounded twice (hardware scales inside the fma). */
static inline uint64_t div_fmas(uint64_t a, uint64_t b, uint64_t c, bool vcc)
{
    double r = fma(D(a), D(b), D(c));
    if (vcc)
        r = ldexp(r, exp64(c) > 1023 ? 128 : -128);
    return B(r);
}

/* v_div_fixup_f64 S0 (the quotient), S1 (denominator), S2 (numerator): the IEEE special cases of
 * n/d (NaN, 0/0, inf/inf, x/0, inf/x, x/inf, 0/x, an underflow the scaled path cannot see), else
 * S0 with the quotient's sign; a NaN S0 for ordinary inputs (a failed estimate) gives inf. */
static uint64_t div_fixup(uint64_t q, uint64_t s1, uint64_t s2)
{
    uint64_t sign = (s1 ^ s2) & 0x8000000000000000ull;
    uint64_t ad = s1 & ~0x8000000000000000ull, an = s2 & ~0x8000000000000000ull;
    const uint64_t inf = 0x7ff0000000000000ull;
    if (isnan64(s2))
        return quiet64(s2);
    if (isnan64(s1))
        return quiet64(s1);
    if ((ad == 0 && an == 0) || (ad == inf && an == inf))
        return 0xfff8000000000000ull; /* the default NaN */
    if (ad == 0 || an == inf)
        return sign | inf;
    if (ad == inf || an == 0)
        return sign;
    if (exp64(s2) - exp64(s1) < -1075) /* |n/d| < 2^-1075: rounds to 0 */
        return sign;
    if (isnan64(q))
        return sign | inf;
    return sign | (q & ~0x8000000000000000ull);
}

/* ---- v_trig_preop_f64 ---------------------------------------------------------------------- */

/* 2/pi in 24-bit chunks after the binary point (fdlibm's table, 1584 bits); the hardware holds the
 * first 1201 of them. */
static const uint32_t two_over_pi[66] = {
    0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163,
    0xABDEBB, 0xC561B7, 0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129,
    0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C,
    0x845F8B, 0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF,
    0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7, 0x8A5292,
    0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3,
    0x91615E, 0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880, 0x4D7327, 0x310606, 0x1556CA,
    0x73A8C9, 0x60E27B, 0xC08C6B,
};

/* Fraction bit k of 2/pi (k = 1 is the 2^-1 bit); 0 past the hardware's 1201 bits. */
static inline unsigned two_over_pi_bit(unsigned k)
{
    if (k < 1 || k > 1201)
        return 0;
    return (two_over_pi[(k - 1) / 24] >> (23 - (k - 1) % 24)) & 1;
}

/* The manual's rule: the 53 bits of 2/pi after the first `shift` (shift = 53 * S1[4:0], plus the
 * amount S0's exponent is above 1077), as a double scaled to their place, times 2^128 when S0's
 * exponent is >= 1968 (so that large arguments keep the segment above the denormal range). */
static uint64_t trig_preop(uint64_t a, uint32_t sel)
{
    unsigned shift = (sel & 31) * 53;
    int e = exp64(a);
    if (e > 1077)
        shift += (unsigned)(e - 1077);
    uint64_t m = 0;
    for (unsigned k = 1; k <= 53; k++)
        m = m << 1 | two_over_pi_bit(shift + k);
    int scale = -53 - (int)shift + (e >= 1968 ? 128 : 0);
    return B(ldexp((double)m, scale));
}

static void div_scale_op(isa_wave_t *w, const isa_inst_t *in)
{
    uint64_t s0[NL], s1[NL], s2[NL], d[NL], m = 0;
    isa_valu_read_f64(w, in, 0, s0);
    isa_valu_read_f64(w, in, 1, s1);
    isa_valu_read_f64(w, in, 2, s2);
    for (int l = 0; l < NL; l++) {
        bool v;
        d[l] = div_scale(s0[l], s1[l], s2[l], &v);
        m |= (uint64_t)v << l;
    }
    uint64_t exec = isa_wave_exec(w);
    write_f64(w, in, d);
    isa_x_write_s64(w, isa_valu_mask_dst(in), m & exec);
}

bool isa_valu_f64(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    bool ieee = w->ieee_mode != 0;
    uint64_t s0[NL], s1[NL], s2[NL], d[NL];
    uint32_t r32[NL];

    switch (op) {
    /* ---- 32-bit sources or results ---- */
    case ISA_v_cvt_f64_i32:
    case ISA_v_cvt_f64_u32:
        isa_x_read_v32(w, in, in->src[0], r32);
        for (int l = 0; l < NL; l++)
            d[l] = B(op == ISA_v_cvt_f64_i32 ? (double)(int32_t)r32[l] : (double)r32[l]);
        write_f64(w, in, d);
        return true;
    case ISA_v_cvt_f64_f32:
        /* an f32 source: f32 modifiers and the wave's f32 denormal mode; exact widening */
        isa_valu_read_f32(w, in, 0, true, r32);
        for (int l = 0; l < NL; l++)
            d[l] = B((double)isa_x_f32(r32[l]));
        write_f64(w, in, d);
        return true;
    case ISA_v_cvt_f32_f64:
    case ISA_v_cvt_i32_f64:
    case ISA_v_cvt_u32_f64:
    case ISA_v_frexp_exp_i32_f64:
        isa_valu_read_f64(w, in, 0, s0);
        for (int l = 0; l < NL; l++) {
            double x = D(s0[l]);
            switch (op) {
            case ISA_v_cvt_f32_f64: r32[l] = isa_x_bits((float)x); break;
            case ISA_v_cvt_i32_f64: r32[l] = sat_i32(x); break;
            case ISA_v_cvt_u32_f64: r32[l] = sat_u32(x); break;
            default: r32[l] = frexp_exp(s0[l]); break;
            }
        }
        if (op == ISA_v_cvt_f32_f64) /* an f32 result: f32 omod, clamp and flush */
            isa_valu_write_f32(w, in, r32);
        else /* integer results are written as-is */
            isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), r32);
        return true;
    case ISA_v_div_scale_f64:
        div_scale_op(w, in);
        return true;
    default:
        break;
    }

    isa_valu_read_f64(w, in, 0, s0);
    if (op == ISA_v_ldexp_f64 || op == ISA_v_trig_preop_f64) { /* a 32-bit integer: no modifiers */
        isa_x_read_v32(w, in, in->src[1], r32);
        for (int l = 0; l < NL; l++)
            s1[l] = r32[l];
    } else {
        isa_valu_read_f64(w, in, 1, s1);
    }
    if (op == ISA_v_fmac_f64) /* gfx90a (cdnaisa): the accumulator is the destination pair */
        isa_x_read_v64(w, in, in->vdst, true, s2);
    else
        isa_valu_read_f64(w, in, 2, s2);

#define LANES64(expr)                                   \
    for (int l = 0; l < NL; l++) {                      \
        uint64_t a = s0[l], b = s1[l], c = s2[l];       \
        (void)a; (void)b; (void)c;                      \
        d[l] = (expr);                                  \
    }
    switch (op) {
    case ISA_v_add_f64: LANES64(B(D(a) + D(b))); break;
    case ISA_v_mul_f64: LANES64(B(D(a) * D(b))); break;
    case ISA_v_fma_f64: case ISA_v_fmac_f64: LANES64(B(fma(D(a), D(b), D(c)))); break;
    case ISA_v_min_f64: LANES64(minmax64(a, b, false, ieee)); break;
    case ISA_v_max_f64: LANES64(minmax64(a, b, true, ieee)); break;
    case ISA_v_ldexp_f64: LANES64(ldexp64(a, (uint32_t)b)); break;
    case ISA_v_trunc_f64: LANES64(B(trunc(D(a)))); break;
    case ISA_v_ceil_f64: LANES64(B(ceil(D(a)))); break;
    case ISA_v_floor_f64: LANES64(B(floor(D(a)))); break;
    case ISA_v_rndne_f64: LANES64(B(nearbyint(D(a)))); break;
    case ISA_v_fract_f64: LANES64(fract64(a)); break;
    case ISA_v_frexp_mant_f64: LANES64(frexp_mant(a)); break;
    case ISA_v_rcp_f64: LANES64(B(1.0 / D(a))); break;
    case ISA_v_rsq_f64: LANES64(B(1.0 / sqrt(D(a)))); break;
    case ISA_v_sqrt_f64: LANES64(B(sqrt(D(a)))); break;
    case ISA_v_div_fmas_f64: {
        uint64_t vcc = isa_wave_vcc(w);
        LANES64(div_fmas(a, b, c, (vcc >> l) & 1));
        break;
    }
    case ISA_v_div_fixup_f64: LANES64(div_fixup(a, b, c)); break;
    case ISA_v_trig_preop_f64: LANES64(trig_preop(a, (uint32_t)b)); break;
    default: return false;
    }
#undef LANES64
    write_f64(w, in, d);
    return true;
}

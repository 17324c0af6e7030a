/* exec_valu_div: the f32 division sequence and the round modes (exec_valu_div.h).
 *
 * LLVM divides n / d in f32 (correctly rounded: -cl-fp32-correctly-rounded-divide-sqrt, or any
 * `/` that must be exact) as: d' = div_scale(d, d, n); n' = div_scale(n, d, n) (VCC: "rescale");
 * r = rcp(d'); then, with f32 denormals enabled by s_setreg of MODE[5:4], the Newton steps
 * e = fma(-d', r, 1); r = fma(e, r, r); q' = n' * r; e = fma(-d', q', n'); q' = fma(e, r, q');
 * e = fma(-d', q', n'); MODE restored; q = div_fmas(e, r, q') (VCC); div_fixup(q, d, n).
 * The rules below are the GCN3 ISA manual's (chapter 12, VOP3a opcodes 478 V_DIV_FIXUP_F32,
 * 480 V_DIV_SCALE_F32, 482 V_DIV_FMAS_F32), with the departures of the f64 sequence
 * (exec_valu_f64.c) carried over; docs/semantics-valu.md explains them. */
#include "exec/exec_valu_div.h"

#include "exec/exec_lanes.h"
#include "exec/exec_operands.h"
#include "exec/exec_valu_float.h"

#include <fenv.h>
#include <math.h>

enum { NL = ISA_WAVE_SIZE };

static inline float F(uint32_t b) { return isa_x_f32(b); }
static inline uint32_t B(float f) { return isa_x_bits(f); }
static inline int exp32(uint32_t b) { return (int)((b >> 23) & 0xff); }
static inline bool denorm32(float x) { return fpclassify(x) == FP_SUBNORMAL; }
static inline double D(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static inline uint64_t DB(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }

/* v_div_scale_f32 S0, S1 (denominator), S2 (numerator): when the quotient or the reciprocal would
 * leave the normal range, the operand S0 (the denominator or the numerator) is scaled by 2^+-64:
 * both together where that keeps n/d unchanged (VCC 0), only one where it does not (VCC 1, undone
 * by div_fmas). As for f64, a huge denominator (1/d denormal) with a denormal quotient is scaled
 * down, 2^-64, where the manual's text says 2^64 (which would overflow d). */
static uint32_t div_scale(uint32_t s0, uint32_t s1, uint32_t s2, bool *vcc)
{
    float a = F(s0), d = F(s1), n = F(s2);
    *vcc = false;
    if (n == 0 || d == 0)
        return 0x7fc00000u;
    if (exp32(s2) - exp32(s1) >= 96) { /* n/d near the largest float: scale d up */
        *vcc = true;
        return s0 == s1 ? B(ldexpf(a, 64)) : s0;
    }
    if (denorm32(d)) /* both up: the quotient is unchanged */
        return B(ldexpf(a, 64));
    if (denorm32(1.0f / d) && denorm32(n / d)) {
        *vcc = true;
        return s0 == s1 ? B(ldexpf(a, -64)) : s0;
    }
    if (denorm32(1.0f / d)) /* both down */
        return B(ldexpf(a, -64));
    if (denorm32(n / d)) { /* the quotient would be denormal: scale n up */
        *vcc = true;
        return s0 == s2 ? B(ldexpf(a, 64)) : s0;
    }
    if (exp32(s2) <= 23) /* a tiny numerator: both up */
        return B(ldexpf(a, 64));
    return s0;
}

/* fma(a, b, c) * 2^k rounded once to f32 in the current rounding mode, as the hardware scales
 * inside the fma. The exact a*b + c is first rounded to double towards zero with the inexact bit
 * folded into the last place ("round to odd": 53 bits >= 2*24 + 2, so the second rounding to f32
 * is the correct one); the scaling by 2^k is exact in double. */
static uint32_t fma_scaled(float a, float b, float c, int k)
{
    fenv_t env;
    int mode = fegetround();
    feholdexcept(&env);
    fesetround(FE_TOWARDZERO);
    feclearexcept(FE_INEXACT);
    double r = fma((double)a, (double)b, (double)c);
    bool inexact = fetestexcept(FE_INEXACT) != 0;
    fesetround(mode);
    feupdateenv(&env);
    if (inexact && isfinite(r))
        r = D(DB(r) | 1);
    return B((float)ldexp(r, k));
}

/* v_div_fmas_f32: fma(S0, S1, S2), and where VCC is set the div_scale scaling undone: 2^64 when
 * the quotient S2 is large (|S2| >= 2: the denominator was scaled up), else 2^-64 (the numerator
 * was scaled up, or the denominator down), in one rounding. */
static inline uint32_t div_fmas(uint32_t a, uint32_t b, uint32_t c, bool vcc)
{
    if (!vcc)
        return B(fmaf(F(a), F(b), F(c)));
    return fma_scaled(F(a), F(b), F(c), exp32(c) > 127 ? 64 : -64);
}

/* v_div_fixup_f32 S0 (the quotient), S1 (denominator), S2 (numerator): the IEEE special cases of
 * n/d (NaN, 0/0, inf/inf, x/0, inf/x, x/inf, 0/x, an underflow the scaled path cannot see), else
 * S0 with the quotient's sign; a NaN S0 for ordinary inputs (a failed estimate) gives inf. */
static uint32_t div_fixup(uint32_t q, uint32_t s1, uint32_t s2)
{
    uint32_t sign = (s1 ^ s2) & 0x80000000u;
    uint32_t ad = s1 & 0x7fffffffu, an = s2 & 0x7fffffffu;
    const uint32_t inf = 0x7f800000u;
    if (isa_valu_isnan(s2))
        return s2 | 0x00400000u;
    if (isa_valu_isnan(s1))
        return s1 | 0x00400000u;
    if ((ad == 0 && an == 0) || (ad == inf && an == inf))
        return 0xffc00000u; /* the default NaN */
    if (ad == 0 || an == inf)
        return sign | inf;
    if (ad == inf || an == 0)
        return sign;
    if (exp32(s2) - exp32(s1) < -150) /* |n/d| < 2^-150: rounds to 0 */
        return sign;
    if (isa_valu_isnan(q))
        return sign | inf;
    return sign | (q & 0x7fffffffu);
}

bool isa_valu_div32(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    if (op != ISA_v_div_scale_f32 && op != ISA_v_div_fmas_f32 && op != ISA_v_div_fixup_f32)
        return false;
    uint32_t s0[NL], s1[NL], s2[NL], d[NL];
    isa_valu_read_f32(w, in, 0, true, s0);
    isa_valu_read_f32(w, in, 1, true, s1);
    isa_valu_read_f32(w, in, 2, true, s2);
    if (op == ISA_v_div_scale_f32) {
        uint64_t m = 0;
        for (int l = 0; l < NL; l++) {
            bool v;
            d[l] = div_scale(s0[l], s1[l], s2[l], &v);
            m |= (uint64_t)v << l;
        }
        uint64_t exec = isa_wave_exec(w);
        isa_valu_write_f32(w, in, d);
        isa_x_write_s64(w, isa_valu_mask_dst(in), m & exec);
        return true;
    }
    if (op == ISA_v_div_fmas_f32) {
        uint64_t vcc = isa_wave_vcc(w);
        LANES(div_fmas(a, b, c, (vcc >> l) & 1));
    } else {
        LANES(div_fixup(a, b, c));
    }
    isa_valu_write_f32(w, in, d);
    return true;
}

/* ---- round modes ------------------------------------------------------------------------------ */

/* The instructions whose result rounds by MODE's round field on hardware: IEEE arithmetic and the
 * conversions that can be inexact. Exact operations (min/max, compares, floor/ceil/trunc, rndne,
 * fract, frexp) and the approximations (rcp, rsq, sqrt, exp, log, sin, cos) are not listed. */
static bool rounds_by_mode(isa_op_t op)
{
    switch (op) {
    case ISA_v_add_f32: case ISA_v_sub_f32: case ISA_v_subrev_f32: case ISA_v_mul_f32:
    case ISA_v_mac_f32: case ISA_v_mad_f32: case ISA_v_madak_f32: case ISA_v_madmk_f32:
    case ISA_v_fma_f32: case ISA_v_ldexp_f32: case ISA_v_cvt_f32_i32: case ISA_v_cvt_f32_u32:
    case ISA_v_div_fmas_f32: case ISA_v_cvt_pk_u8_f32: case ISA_v_cvt_f32_f64:
    case ISA_v_add_f64: case ISA_v_mul_f64: case ISA_v_fma_f64: case ISA_v_ldexp_f64:
    case ISA_v_div_fmas_f64:
        return true;
    default:
        return false;
    }
}

bool isa_valu_rounded(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, isa_valu_fn fn)
{
    /* MODE round field: 0 nearest even, 1 towards +inf, 2 towards -inf, 3 towards zero (GCN3 ISA
     * manual, chapter 3 "Kernel State", "Mode Register"); f32 in [1:0], f64 (and f16) in [3:2]. An f64
     * instruction with an f32 result (v_cvt_f32_f64) rounds by the f32 field. */
    static const int fe_mode[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
    isa_op_t op = (isa_op_t)in->op;
    bool f64 = (isa_ops[op].flags & ISA_FL_F64) && op != ISA_v_cvt_f32_f64;
    unsigned field = (w->mode >> (f64 ? 2 : 0)) & 3;
    if (field == 0 || !rounds_by_mode(op))
        return fn(w, in, res);
    int saved = fegetround();
    fesetround(fe_mode[field]);
    bool done = fn(w, in, res);
    fesetround(saved);
    return done;
}

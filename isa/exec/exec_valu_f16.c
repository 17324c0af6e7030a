/* exec_valu_f16: f16 and 16-bit integer VALU semantics, and the f32 legacy/frexp ops
 * (exec_valu_f16.h). The rules, with their sources, are in docs/semantics-valu.md, "16-bit
 * operands (gfx8)"; in short:
 *   - a 16-bit source is bits [15:0] of its register (the high half is ignored); an inline float
 *     constant on a 16-bit operand is the f16 value (0.5 reads as 0x3800);
 *   - a 16-bit result is written zero-extended: bits [31:16] of the VGPR become 0 (gfx8, "VI",
 *     zeroes them; LLVM's GCNSubtarget::zeroesHigh16BitsOfDest relies on it), except that gfx9 keeps
 *     them for the multiply-adds, fma and div_fixup (keeps_high);
 *   - f16 arithmetic is exact in a double and rounded once to f16 (round to nearest even), which
 *     is bit exact (see isa_f16.h); transcendentals are computed in double and rounded once;
 *   - f16 denormals follow MODE[7:6] (bit 6 keeps input denormals, bit 7 output denormals; the
 *     default 3 keeps both); the unfused v_mad/mac/madak/madmk_f16 flush them always, as v_mad_f32;
 *   - a NaN result is the first NaN source quietened, else the default NaN 0xfe00. */
#include "exec/exec_valu_f16.h"

#include "exec/exec_lanes.h"
#include "exec/exec_operands.h"
#include "exec/exec_valu_float.h"
#include "isa_f16.h"

#include <math.h>

enum { NL = ISA_WAVE_SIZE };
enum { F16_QNAN = 0xfe00u, F16_ONE = 0x3c00u, F16_INF = 0x7c00u };

/* ---- f16 bits ------------------------------------------------------------------------------- */

static inline double H(uint32_t h) { return isa_f16_to_f64((uint16_t)h); }
static inline uint32_t R(double x) { return isa_f16_from_f64(x, NULL); }
static inline int exp16(uint32_t h) { return (int)((h >> 10) & 0x1f); }

/* MODE[7:6], the f64/f16 denormal mode (GCN3 ISA manual, the MODE register): bit 6 allows input
 * denormals, bit 7 output denormals; 0 in a bit flushes them to a zero of the same sign. */
static inline bool keep_in(const isa_wave_t *w) { return (w->mode >> 6) & 1; }
static inline bool keep_out(const isa_wave_t *w) { return (w->mode >> 7) & 1; }

/* ---- sources and results -------------------------------------------------------------------- */

static const uint16_t inline_f16[9] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118 };

/* Source i as 16 bits: [15:0] of the register or literal; an inline float constant as its f16
 * pattern; 0 when absent. */
static void rd16(const isa_wave_t *w, const isa_inst_t *in, int i, uint32_t out[NL])
{
    isa_operand_t o = in->src[i];
    if (o.code == ISA_OPND_NONE) {
        memset(out, 0, sizeof(uint32_t) * NL);
        return;
    }
    if (o.code >= ISA_CONST_F_HALF && o.code <= ISA_CONST_F_INV2PI) {
        for (int l = 0; l < NL; l++)
            out[l] = inline_f16[o.code - ISA_CONST_F_HALF];
        return;
    }
    isa_x_read_v32(w, in, o, out);
    for (int l = 0; l < NL; l++)
        out[l] &= 0xffffu;
}

/* An f16 source: modifiers (abs, then neg, on bit 15) and, when `flush` and MODE drops input
 * denormals, the flush. */
static void rdh(const isa_wave_t *w, const isa_inst_t *in, int i, bool flush, uint32_t out[NL])
{
    rd16(w, in, i, out);
    isa_operand_t o = in->src[i];
    uint32_t and_mask = o.abs ? 0x7fffu : 0xffffu, xor_mask = o.neg ? 0x8000u : 0;
    for (int l = 0; l < NL; l++)
        out[l] = (out[l] & and_mask) ^ xor_mask;
    if (flush && !keep_in(w))
        for (int l = 0; l < NL; l++)
            out[l] = isa_f16_flush(out[l]);
}

/* gfx9 keeps bits [31:16] of the destination for the multiply-adds, fma and div_fixup (LLVM,
 * GCNSubtarget::zeroesHigh16BitsOfDest: "In gfx9, the preferred handling of the unused high
 * 16-bits changed. Most instructions maintain the legacy behavior of 0ing. Some instructions
 * changed to preserving the high bits"); gfx8 zeroes them for every 16-bit result. */
static inline bool keeps_high(const isa_wave_t *w, isa_op_t op)
{
    if (w->target == ISA_TARGET_GFX803)
        return false;
    switch (op) {
    case ISA_v_mad_f16: case ISA_v_madak_f16: case ISA_v_madmk_f16: case ISA_v_mac_f16:
    case ISA_v_mad_u16: case ISA_v_mad_i16: case ISA_v_fma_f16: case ISA_v_div_fixup_f16:
        return true;
    default:
        return false;
    }
}

/* A 16-bit integer result: zero-extended, or over the old high half where the target keeps it. */
static void write_i16(isa_wave_t *w, const isa_inst_t *in, uint32_t d[NL])
{
    uint32_t r = isa_x_vreg(in->vdst);
    if (keeps_high(w, (isa_op_t)in->op)) {
        const uint32_t *old = isa_x_vgpr(w, r);
        for (int l = 0; l < NL; l++)
            d[l] = (d[l] & 0xffffu) | (old[l] & 0xffff0000u);
    } else {
        for (int l = 0; l < NL; l++)
            d[l] &= 0xffffu;
    }
    isa_x_write_v32(w, r, isa_wave_exec(w), d);
}

/* An f16 result: output modifier (ignored in IEEE mode, as for f32), clamp to [0,1] (NaN and
 * anything negative to +0), output denormal flush per MODE, then zero-extended. */
static void write_h(isa_wave_t *w, const isa_inst_t *in, uint32_t d[NL])
{
    if (in->omod && !w->ieee_mode) {
        static const double scale[4] = { 1.0, 2.0, 4.0, 0.5 };
        for (int l = 0; l < NL; l++)
            d[l] = isa_f16_nan(d[l]) ? d[l] : R(H(d[l]) * scale[in->omod & 3]);
    }
    if (in->clamp)
        for (int l = 0; l < NL; l++) {
            if (isa_f16_nan(d[l]) || (d[l] & 0x8000u))
                d[l] = 0;
            else if (H(d[l]) > 1.0)
                d[l] = F16_ONE;
        }
    if (!keep_out(w))
        for (int l = 0; l < NL; l++)
            d[l] = isa_f16_flush(d[l]);
    write_i16(w, in, d);
}

/* ---- f16 helpers ---------------------------------------------------------------------------- */

/* Unfused multiply-add (v_mad/mac/madak/madmk_f16): the product rounded to f16, then the sum;
 * denormals flushed on input, product and result whatever the mode (as v_mad_f32: LLVM selects
 * v_mad_f16 only when f16 denormals are flushed). */
static inline uint32_t mad16(uint32_t a, uint32_t b, uint32_t c)
{
    a = isa_f16_flush(a);
    b = isa_f16_flush(b);
    c = isa_f16_flush(c);
    uint32_t p = isa_f16_flush(isa_f16_nan_result(R(H(a) * H(b)), a, b, 0));
    return isa_f16_flush(isa_f16_nan_result(R(H(p) + H(c)), p, c, 0));
}

/* sin/cos take revolutions, as the f32 ops: sin(2*pi*x), the fraction taken first. */
static inline uint32_t sin16(uint32_t a, bool cosine)
{
    double r = 6.283185307179586476925 * fmod(H(a), 1.0);
    return isa_f16_nan_result(R(cosine ? cos(r) : sin(r)), a, 0, 0);
}

/* fract: x - floor(x), below 1.0 (0x3bff is the largest f16 under 1); +-inf gives NaN. */
static inline uint32_t fract16(uint32_t a)
{
    double x = H(a);
    uint32_t r = R(x - floor(x));
    if (!isa_f16_nan(r) && r > 0x3bffu && !(r & 0x8000u))
        r = 0x3bffu;
    return isa_f16_nan_result(r, a, 0, 0);
}

/* frexp: the exponent that puts the mantissa in [0.5, 1); 0 for zero, inf and NaN, whose
 * mantissa is the input itself (NaN quietened). */
static inline uint32_t frexp_exp16(uint32_t a)
{
    if (exp16(a) == 0x1f)
        return 0;
    int e;
    frexp(H(a), &e);
    return (uint32_t)e & 0xffffu;
}
static inline uint32_t frexp_mant16(uint32_t a)
{
    if (exp16(a) == 0x1f)
        return isa_f16_nan(a) ? isa_f16_quiet(a) : a;
    int e;
    return R(frexp(H(a), &e));
}

/* f16 -> 16-bit integer, truncating: NaN -> 0, saturating at both ends. */
static inline uint32_t cvt_i16(uint32_t a)
{
    if (isa_f16_nan(a))
        return 0;
    double t = trunc(H(a));
    return t >= 32767.0 ? 0x7fffu : t <= -32768.0 ? 0x8000u : (uint32_t)(int32_t)t & 0xffffu;
}
static inline uint32_t cvt_u16(uint32_t a)
{
    if (isa_f16_nan(a))
        return 0;
    double t = trunc(H(a));
    return t >= 65535.0 ? 0xffffu : t <= 0.0 ? 0 : (uint32_t)t;
}

/* v_div_fixup_f16 S0 (the quotient), S1 (denominator), S2 (numerator): the IEEE special cases of
 * n/d, as v_div_fixup_f64 (GCN3 ISA manual, V_DIV_FIXUP_F16): NaN inputs, 0/0 and inf/inf (the
 * default NaN), x/0 and inf/x (inf), x/inf and 0/x (0), else S0 with the quotient's sign; a NaN
 * S0 for ordinary inputs gives inf. */
static inline uint32_t div_fixup16(uint32_t q, uint32_t d, uint32_t n)
{
    uint32_t sign = (d ^ n) & 0x8000u, ad = d & 0x7fffu, an = n & 0x7fffu;
    if (isa_f16_nan(n))
        return isa_f16_quiet(n);
    if (isa_f16_nan(d))
        return isa_f16_quiet(d);
    if ((ad == 0 && an == 0) || (ad == F16_INF && an == F16_INF))
        return F16_QNAN;
    if (ad == 0 || an == F16_INF)
        return sign | F16_INF;
    if (ad == F16_INF || an == 0)
        return sign;
    if (isa_f16_nan(q))
        return sign | F16_INF;
    return sign | (q & 0x7fffu);
}

/* v_cmp_class_f16 mask bits, as for f32: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0,
 * 6 +0, 7 +denormal, 8 +normal, 9 +inf; classified before any flush. */
static unsigned class16(uint32_t v)
{
    unsigned e = (unsigned)exp16(v), f = v & 0x3ffu;
    bool neg = (v >> 15) & 1;
    if (e == 0x1f)
        return f ? ((f & 0x200u) ? 1 : 0) : (neg ? 2 : 9);
    if (e == 0)
        return f ? (neg ? 4 : 7) : (neg ? 5 : 6);
    return neg ? 3 : 8;
}

/* ---- the families --------------------------------------------------------------------------- */

/* VOPC on f16: the condition is the op's position in its block (exec_vcmp.c explains the bit
 * set: 0 less, 1 equal, 2 greater, 3 unordered). */
static void cmp16(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    uint32_t a[NL], b[NL];
    uint64_t m = 0;
    if (op == ISA_v_cmp_class_f16 || op == ISA_v_cmpx_class_f16) {
        rdh(w, in, 0, false, a);
        isa_x_read_v32(w, in, in->src[1], b);
        for (int l = 0; l < NL; l++)
            m |= (uint64_t)((b[l] >> class16(a[l])) & 1) << l;
    } else {
        unsigned cond = (unsigned)(op - ISA_v_cmp_f_f16) / 2;
        rdh(w, in, 0, true, a);
        rdh(w, in, 1, true, b);
        for (int l = 0; l < NL; l++) {
            double x = H(a[l]), y = H(b[l]);
            int r = (x != x || y != y) ? 3 : x < y ? 0 : x == y ? 1 : 2;
            m |= (uint64_t)((cond >> r) & 1) << l;
        }
    }
    m &= isa_wave_exec(w);
    isa_x_write_s64(w, isa_valu_mask_dst(in), m);
    if (isa_ops[op].flags & ISA_FL_CMPX)
        isa_x_write_s64(w, ISA_REG_EXEC_LO, m);
}

/* 16-bit integer ops: sources [15:0], results zero-extended; clamp saturates where the table says
 * (ISA_FL_SAT): unsigned for add/sub/mad_u16, signed for mad_i16. */
static bool int16_ops(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    uint32_t s0[NL], s1[NL], s2[NL], d[NL];
    rd16(w, in, 0, s0);
    rd16(w, in, 1, s1);
    rd16(w, in, 2, s2);
    bool sat = in->clamp;
    switch (op) {
    case ISA_v_add_u16: LANES(sat && a + b > 0xffffu ? 0xffffu : a + b); break;
    case ISA_v_sub_u16: LANES(sat && b > a ? 0 : a - b); break;
    case ISA_v_subrev_u16: LANES(sat && a > b ? 0 : b - a); break;
    case ISA_v_mul_lo_u16: LANES(a * b); break;
    case ISA_v_max_u16: LANES(a > b ? a : b); break;
    case ISA_v_min_u16: LANES(a < b ? a : b); break;
    case ISA_v_max_i16: LANES((int16_t)a > (int16_t)b ? a : b); break;
    case ISA_v_min_i16: LANES((int16_t)a < (int16_t)b ? a : b); break;
    /* src0 is the shift amount, [3:0]; the shift is arithmetic on the 16-bit value */
    case ISA_v_ashrrev_i16: LANES((uint32_t)((int32_t)(int16_t)b >> (a & 15))); break;
    case ISA_v_mad_u16: {
        for (int l = 0; l < NL; l++) {
            uint32_t r = s0[l] * s1[l] + s2[l]; /* < 2^32: 0xffff^2 + 0xffff */
            d[l] = sat && r > 0xffffu ? 0xffffu : r;
        }
        break;
    }
    case ISA_v_mad_i16: {
        for (int l = 0; l < NL; l++) {
            int32_t r = (int32_t)(int16_t)s0[l] * (int16_t)s1[l] + (int16_t)s2[l];
            if (sat)
                r = r > 32767 ? 32767 : r < -32768 ? -32768 : r;
            d[l] = (uint32_t)r;
        }
        break;
    }
    default: return false;
    }
    write_i16(w, in, d);
    return true;
}

/* The f32 ops of the family: legacy multiply(-add), legacy exp/log, frexp, cvt_off. Sources and
 * results through the f32 path of exec_valu_float (modifiers, f32 denormal mode, clamp, omod). */
static bool f32_ops(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    switch (op) {
    case ISA_v_mul_legacy_f32: case ISA_v_mad_legacy_f32: case ISA_v_exp_legacy_f32:
    case ISA_v_log_legacy_f32: case ISA_v_frexp_mant_f32: case ISA_v_frexp_exp_i32_f32:
    case ISA_v_cvt_off_f32_i4:
        break;
    default:
        return false;
    }
    uint32_t s0[NL], s1[NL], s2[NL], d[NL];
    if (op == ISA_v_cvt_off_f32_i4) {
        /* 4-bit signed integer [3:0] / 16: -0.5 .. 0.4375 (the manual's table) */
        isa_x_read_v32(w, in, in->src[0], s0);
        for (int l = 0; l < NL; l++)
            d[l] = isa_x_bits((float)((int)(s0[l] & 15) - (s0[l] & 8 ? 16 : 0)) / 16.0f);
        isa_valu_write_f32(w, in, d);
        return true;
    }
    isa_valu_read_f32(w, in, 0, true, s0);
    isa_valu_read_f32(w, in, 1, true, s1);
    isa_valu_read_f32(w, in, 2, true, s2);
    switch (op) {
    /* DX9 rules: +-0 times anything (inf and NaN too) is +0 */
    case ISA_v_mul_legacy_f32:
        LANES((a & 0x7fffffffu) == 0 || (b & 0x7fffffffu) == 0 ? 0 : isa_x_bits(isa_x_f32(a) * isa_x_f32(b)));
        break;
    /* the legacy product, then the add, unfused and flushed as v_mad_f32 */
    case ISA_v_mad_legacy_f32:
        for (int l = 0; l < NL; l++) {
            uint32_t a = isa_x_flush32(s0[l]), b = isa_x_flush32(s1[l]);
            uint32_t p = (a & 0x7fffffffu) == 0 || (b & 0x7fffffffu) == 0
                             ? 0 : isa_x_flush32(isa_x_bits(isa_x_f32(a) * isa_x_f32(b)));
            d[l] = isa_x_flush32(isa_x_bits(isa_x_f32(p) + isa_x_f32(isa_x_flush32(s2[l]))));
        }
        break;
    /* gcnsim computes the legacy (SI-precision) exp/log as v_exp_f32/v_log_f32 */
    case ISA_v_exp_legacy_f32: LANES(isa_x_bits((float)exp2((double)isa_x_f32(a)))); break;
    case ISA_v_log_legacy_f32: LANES(isa_x_bits((float)log2((double)isa_x_f32(a)))); break;
    case ISA_v_frexp_mant_f32:
        for (int l = 0; l < NL; l++) {
            uint32_t a = s0[l];
            int e;
            d[l] = (a & 0x7f800000u) == 0x7f800000u ? (isa_valu_isnan(a) ? a | 0x00400000u : a)
                                                     : isa_x_bits(frexpf(isa_x_f32(a), &e));
        }
        break;
    case ISA_v_frexp_exp_i32_f32: /* an integer result: no output modifiers */
        for (int l = 0; l < NL; l++) {
            int e = 0;
            if ((s0[l] & 0x7f800000u) != 0x7f800000u)
                frexpf(isa_x_f32(s0[l]), &e);
            d[l] = (uint32_t)e;
        }
        isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), d);
        return true;
    default: return false;
    }
    isa_valu_write_f32(w, in, d);
    return true;
}

/* f16 arithmetic, conversions, rounding and transcendentals. */
static bool f16_ops(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    bool ieee = w->ieee_mode != 0;
    uint32_t s0[NL], s1[NL], s2[NL], d[NL];
    switch (op) {
    case ISA_v_cvt_f16_f32: /* an f32 source: the f32 path, then one rounding */
        isa_valu_read_f32(w, in, 0, true, s0);
        for (int l = 0; l < NL; l++)
            d[l] = R((double)isa_x_f32(s0[l]));
        write_h(w, in, d);
        return true;
    case ISA_v_cvt_f16_u16:
    case ISA_v_cvt_f16_i16: /* integer sources: no modifiers, no flush */
        rd16(w, in, 0, s0);
        for (int l = 0; l < NL; l++)
            d[l] = R(op == ISA_v_cvt_f16_u16 ? (double)s0[l] : (double)(int16_t)s0[l]);
        write_h(w, in, d);
        return true;
    case ISA_v_mac_f16:
    case ISA_v_madmk_f16:
    case ISA_v_madak_f16:
    case ISA_v_mad_f16: /* flushed in every mode (mad16): read without the mode's flush */
        rdh(w, in, 0, false, s0);
        rdh(w, in, 1, false, s1);
        if (op == ISA_v_mac_f16) {
            memcpy(s2, isa_x_vgpr(w, isa_x_vreg(in->vdst)), sizeof s2);
            for (int l = 0; l < NL; l++)
                s2[l] &= 0xffffu;
        } else {
            rdh(w, in, 2, false, s2);
        }
        LANES(mad16(a, b, c));
        write_h(w, in, d);
        return true;
    case ISA_v_ldexp_f16: /* the exponent is S1.i16 (GCN3 ISA manual) */
        rdh(w, in, 0, true, s0);
        isa_x_read_v32(w, in, in->src[1], s1);
        for (int l = 0; l < NL; l++)
            d[l] = isa_f16_nan_result(R(ldexp(H(s0[l]), (int16_t)(s1[l] & 0xffffu))), s0[l], 0, 0);
        write_h(w, in, d);
        return true;
    default:
        break;
    }

    rdh(w, in, 0, true, s0);
    rdh(w, in, 1, true, s1);
    rdh(w, in, 2, true, s2);
    switch (op) {
    /* ---- results that are not f16 ---- */
    case ISA_v_cvt_f32_f16: /* exact; an f16 NaN keeps its payload, quietened */
        for (int l = 0; l < NL; l++)
            d[l] = isa_f16_nan(s0[l]) ? ((s0[l] & 0x8000u) << 16) | 0x7fc00000u | ((s0[l] & 0x1ffu) << 13)
                                : isa_x_bits((float)H(s0[l]));
        isa_valu_write_f32(w, in, d);
        return true;
    case ISA_v_cvt_u16_f16: LANES(cvt_u16(a)); write_i16(w, in, d); return true;
    case ISA_v_cvt_i16_f16: LANES(cvt_i16(a)); write_i16(w, in, d); return true;
    case ISA_v_frexp_exp_i16_f16: LANES(frexp_exp16(a)); write_i16(w, in, d); return true;

    /* ---- VOP1 ---- */
    case ISA_v_rcp_f16: LANES(isa_f16_nan_result(R(1.0 / H(a)), a, 0, 0)); break;
    case ISA_v_sqrt_f16: LANES(isa_f16_nan_result(R(sqrt(H(a))), a, 0, 0)); break;
    case ISA_v_rsq_f16: LANES(isa_f16_nan_result(R(1.0 / sqrt(H(a))), a, 0, 0)); break;
    case ISA_v_log_f16: LANES(isa_f16_nan_result(R(log2(H(a))), a, 0, 0)); break;
    case ISA_v_exp_f16: LANES(isa_f16_nan_result(R(exp2(H(a))), a, 0, 0)); break;
    case ISA_v_sin_f16: LANES(sin16(a, false)); break;
    case ISA_v_cos_f16: LANES(sin16(a, true)); break;
    case ISA_v_frexp_mant_f16: LANES(frexp_mant16(a)); break;
    case ISA_v_floor_f16: LANES(isa_f16_nan_result(R(floor(H(a))), a, 0, 0)); break;
    case ISA_v_ceil_f16: LANES(isa_f16_nan_result(R(ceil(H(a))), a, 0, 0)); break;
    case ISA_v_trunc_f16: LANES(isa_f16_nan_result(R(trunc(H(a))), a, 0, 0)); break;
    case ISA_v_rndne_f16: LANES(isa_f16_nan_result(R(nearbyint(H(a))), a, 0, 0)); break;
    case ISA_v_fract_f16: LANES(fract16(a)); break;

    /* ---- VOP2 / VOP3 ---- */
    case ISA_v_add_f16: LANES(isa_f16_nan_result(R(H(a) + H(b)), a, b, 0)); break;
    case ISA_v_sub_f16: LANES(isa_f16_nan_result(R(H(a) - H(b)), a, b, 0)); break;
    case ISA_v_subrev_f16: LANES(isa_f16_nan_result(R(H(b) - H(a)), a, b, 0)); break;
    case ISA_v_mul_f16: LANES(isa_f16_nan_result(R(H(a) * H(b)), a, b, 0)); break;
    case ISA_v_max_f16: LANES(isa_f16_minmax(a, b, true, ieee)); break;
    case ISA_v_min_f16: LANES(isa_f16_minmax(a, b, false, ieee)); break;
    /* fused: exact in a double's fma for f16 inputs, so rounding once to f16 is correct */
    case ISA_v_fma_f16: LANES(isa_f16_nan_result(R(fma(H(a), H(b), H(c))), a, b, c)); break;
    case ISA_v_div_fixup_f16: LANES(div_fixup16(a, b, c)); break;
    default: return false;
    }
    write_h(w, in, d);
    return true;
}

bool isa_valu_f16(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    if (!isa_valu_f16_owns(op))
        return false;
    if (op == ISA_v_clrexcp) /* the exception flags are not modelled */
        return true;
    if (isa_ops[op].enc == ISA_ENC_VOPC) {
        cmp16(w, in);
        return true;
    }
    if (!(isa_ops[op].flags & ISA_FL_FLOAT))
        return int16_ops(w, in);
    if (f32_ops(w, in))
        return true;
    return f16_ops(w, in);
}

/* ---- the f16 helpers the gfx9 family uses (exec_valu9.c; valu9) ---------------------------------- */

uint32_t isa_f16_mad(uint32_t a, uint32_t b, uint32_t c) { return mad16(a, b, c); }
uint32_t isa_f16_fma(uint32_t a, uint32_t b, uint32_t c) { return isa_f16_nan_result(R(fma(H(a), H(b), H(c))), a, b, c); }
uint32_t isa_f16_div_fixup(uint32_t q, uint32_t d, uint32_t n) { return div_fixup16(q, d, n); }

void isa_f16_read_half(const isa_wave_t *w, const isa_inst_t *in, int i, bool hi, bool mods, bool flush,
                       uint32_t out[NL])
{
    isa_operand_t o = in->src[i];
    if (o.code >= ISA_CONST_F_HALF && o.code <= ISA_CONST_F_INV2PI) {
        /* an inline float constant is its f16 pattern in [15:0], zero above */
        for (int l = 0; l < NL; l++)
            out[l] = hi ? 0 : inline_f16[o.code - ISA_CONST_F_HALF];
    } else if (o.code == ISA_OPND_NONE) {
        memset(out, 0, sizeof(uint32_t) * NL);
    } else {
        isa_x_read_v32(w, in, o, out);
        for (int l = 0; l < NL; l++)
            out[l] = (hi ? out[l] >> 16 : out[l]) & 0xffffu;
    }
    if (mods) {
        uint32_t and_mask = o.abs ? 0x7fffu : 0xffffu, xor_mask = o.neg ? 0x8000u : 0;
        for (int l = 0; l < NL; l++)
            out[l] = (out[l] & and_mask) ^ xor_mask;
    }
    if (flush && !keep_in(w))
        for (int l = 0; l < NL; l++)
            out[l] = isa_f16_flush(out[l]);
}

void isa_f16_finish(const isa_wave_t *w, const isa_inst_t *in, uint32_t d[NL])
{
    if (in->clamp)
        for (int l = 0; l < NL; l++) {
            if (isa_f16_nan(d[l]) || (d[l] & 0x8000u))
                d[l] = 0;
            else if (H(d[l]) > 1.0)
                d[l] = F16_ONE;
        }
    if (!keep_out(w))
        for (int l = 0; l < NL; l++)
            d[l] = isa_f16_flush(d[l]);
}

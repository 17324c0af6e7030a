/* exec_valu_float: f32 VALU semantics: arithmetic, IEEE-mode min/max, multiply-add, rounding,
 * conversions and transcendentals. Sources pass through the modifiers and the denormal flush of
 * isa_valu_read_f32; results through the output modifier, clamp and flush of isa_valu_write_f32.
 * Arithmetic is done in C float (round to nearest even, as the hardware); transcendentals use
 * libm in double and round once, which is at least as accurate as the hardware (see
 * docs/semantics-valu.md). */
#include "exec/exec_valu_float.h"

#include "exec/exec_lanes.h"
#include "exec/exec_operands.h"

#include <math.h>

enum { NL = ISA_WAVE_SIZE };

static inline float F(uint32_t b) { return isa_x_f32(b); }
static inline uint32_t B(float f) { return isa_x_bits(f); }

void isa_valu_read_f32(const isa_wave_t *w, const isa_inst_t *in, int i, bool flush, uint32_t out[NL])
{
    isa_operand_t o = in->src[i];
    if (o.code == ISA_OPND_NONE) {
        memset(out, 0, sizeof(uint32_t) * NL);
        return;
    }
    isa_x_read_v32(w, in, o, out);
    uint32_t and_mask = o.abs ? 0x7fffffffu : 0xffffffffu;
    uint32_t xor_mask = o.neg ? 0x80000000u : 0;
    /* Separate loops for the common cases, so that each is a plain vectorisable loop. */
    if (o.abs || o.neg)
        for (int l = 0; l < NL; l++)
            out[l] = (out[l] & and_mask) ^ xor_mask;
    if (flush && w->flush_denorm_f32)
        for (int l = 0; l < NL; l++)
            out[l] = isa_x_flush32(out[l]);
}

void isa_valu_write_f32(isa_wave_t *w, const isa_inst_t *in, uint32_t d[NL])
{
    /* Hardware ignores omod when the IEEE mode bit is set (LLVM SIFoldOperands relies on it). */
    if (in->omod && !w->ieee_mode) {
        static const float scale[4] = { 1.0f, 2.0f, 4.0f, 0.5f };
        float s = scale[in->omod & 3];
        for (int l = 0; l < NL; l++)
            d[l] = B(F(d[l]) * s);
    }
    if (in->clamp) {
        for (int l = 0; l < NL; l++) {
            uint32_t v = d[l];
            /* NaN and anything with the sign bit (incl. -0) become +0 (DX10 clamp). */
            if (isa_valu_isnan(v) || (v & 0x80000000u))
                d[l] = 0;
            else if (F(v) > 1.0f)
                d[l] = 0x3f800000u;
        }
    }
    if (w->flush_denorm_f32)
        for (int l = 0; l < NL; l++)
            d[l] = isa_x_flush32(d[l]);
    isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), d);
}

/* ---- min/max with the hardware's NaN rules ------------------------------------------------- */

static inline uint32_t quiet(uint32_t v) { return v | 0x00400000u; }

/* IEEE mode: a signalling NaN operand gives that NaN quietened; otherwise a NaN operand gives the
 * other operand. -0 orders below +0. `want_max` selects max. */
static inline uint32_t minmax(uint32_t a, uint32_t b, bool want_max, bool ieee)
{
    bool na = isa_valu_isnan(a), nb = isa_valu_isnan(b);
    if (na || nb) {
        if (ieee && isa_valu_issnan(a))
            return quiet(a);
        if (ieee && isa_valu_issnan(b))
            return quiet(b);
        return na ? (nb ? quiet(a) : b) : a;
    }
    float fa = F(a), fb = F(b);
    if (fa == fb) /* equal values differ at most in the sign of zero */
        return want_max ? (a & b) : (a | b);
    return (fa < fb) != want_max ? a : b;
}

/* med3: any NaN -> min3 (the ISA manual's rule); else the middle value. */
static uint32_t med3(uint32_t a, uint32_t b, uint32_t c, bool ieee)
{
    if (isa_valu_isnan(a) || isa_valu_isnan(b) || isa_valu_isnan(c))
        return minmax(minmax(a, b, false, ieee), c, false, ieee);
    uint32_t hi = minmax(minmax(a, b, true, ieee), c, true, ieee);
    if (hi == a)
        return minmax(b, c, true, ieee);
    if (hi == b)
        return minmax(a, c, true, ieee);
    return minmax(a, b, true, ieee);
}

/* ---- conversions ------------------------------------------------------------------------------ */

/* f32 -> i32 after rounding (already integral): NaN -> 0, saturate at both ends. */
static inline uint32_t sat_i32(float t)
{
    if (t != t)
        return 0;
    if (t >= 2147483648.0f)
        return 0x7fffffffu;
    if (t < -2147483648.0f)
        return 0x80000000u;
    return (uint32_t)(int32_t)t;
}
static inline uint32_t sat_u32(float t)
{
    if (t != t || t <= 0.0f)
        return 0;
    if (t >= 4294967296.0f)
        return 0xffffffffu;
    return (uint32_t)t;
}

static inline uint32_t fract(uint32_t a)
{
    float x = F(a);
    float r = x - floorf(x);
    /* Largest float below 1.0: a tiny negative x would otherwise round to exactly 1.0. NaN
     * (also from +-inf) propagates. */
    if (r > 0x1.fffffep-1f)
        r = 0x1.fffffep-1f;
    return B(r);
}

/* sin/cos take revolutions: sin(2*pi*x). The fraction is taken first (exact in double) so large
 * inputs keep their precision. */
static inline uint32_t sin_rev(uint32_t a, bool cosine)
{
    double x = fmod((double)F(a), 1.0);
    double r = 6.283185307179586476925 * x;
    return B((float)(cosine ? cos(r) : sin(r)));
}

/* ---- dispatch ----------------------------------------------------------------------------------- */

/* Float-flagged ops whose sources are integers (no modifiers, no flush). */
static bool int_sources(isa_op_t op)
{
    switch (op) {
    case ISA_v_cvt_f32_i32: case ISA_v_cvt_f32_u32:
    case ISA_v_cvt_f32_ubyte0: case ISA_v_cvt_f32_ubyte1:
    case ISA_v_cvt_f32_ubyte2: case ISA_v_cvt_f32_ubyte3:
        return true;
    default:
        return false;
    }
}

/* Unfused multiply-add (v_mad/mac/madak/madmk): the product is rounded to f32 first. These ops do
 * not support denormals on hardware, so inputs, product and result flush regardless of mode. */
static inline uint32_t mad(uint32_t a, uint32_t b, uint32_t c)
{
    float p = F(isa_x_flush32(a)) * F(isa_x_flush32(b));
    float r = F(isa_x_flush32(B(p))) + F(isa_x_flush32(c));
    return isa_x_flush32(B(r));
}

/* ---- the fast path: common arithmetic without modifiers ---------------------------------------- */

/* The 64 lanes of source i without modifiers: the VGPR row itself (no copy), or the scalar
 * broadcast into `buf`, or zeros for an absent operand. */
static const uint32_t *src_lanes(const isa_wave_t *w, const isa_inst_t *in, int i, uint32_t buf[NL])
{
    isa_operand_t o = in->src[i];
    if (isa_opnd_is_vgpr(o))
        return w->vgpr + (size_t)isa_x_vreg(o) * NL;
    uint32_t v = o.code == ISA_OPND_NONE ? 0 : isa_x_read_s32(w, in, o);
    for (int l = 0; l < NL; l++)
        buf[l] = v;
    return buf;
}

/* src_lanes with its usual case, a VGPR row, inline. */
static inline const uint32_t *src_row(const isa_wave_t *w, const isa_inst_t *in, int i, uint32_t buf[NL])
{
    isa_operand_t o = in->src[i];
    if (__builtin_expect(isa_opnd_is_vgpr(o), 1))
        return w->vgpr + (size_t)isa_x_vreg(o) * NL;
    return src_lanes(w, in, i, buf);
}

/* One fused pass over the lanes for the ops the fast path takes: sources read in place, the
 * denormal flush (when `flush`, a constant after inlining) applied on the fly, the result into d.
 * Exactly the arithmetic of the general path below, so results are bit-identical. */
static inline __attribute__((always_inline)) void fused_body(isa_op_t op, bool flush, const uint32_t *restrict p0,
                                                             const uint32_t *restrict p1,
                                                             const uint32_t *restrict p2, uint32_t *restrict d)
{
#define FL(x) (flush ? isa_x_flush32(x) : (x))
#define FUSED(expr)                                                       \
    for (int l = 0; l < NL; l++) {                                        \
        uint32_t a = FL(p0[l]), b = FL(p1[l]);                            \
        d[l] = FL(expr);                                                  \
    }
    switch (op) {
    case ISA_v_add_f32: FUSED(B(F(a) + F(b))); break;
    case ISA_v_sub_f32: FUSED(B(F(a) - F(b))); break;
    case ISA_v_subrev_f32: FUSED(B(F(b) - F(a))); break;
    case ISA_v_mul_f32: FUSED(B(F(a) * F(b))); break;
    default: /* mac/mad/madmk/madak: mad() flushes inputs, product and result in every mode */
        for (int l = 0; l < NL; l++)
            d[l] = mad(p0[l], p1[l], p2[l]);
        break;
    }
#undef FUSED
#undef FL
}

/* On x86-64 the loop is also compiled for AVX2 and the variant picked once at load time by the
 * CPU (GCC/Clang function multi-versioning): 8 lanes a step instead of SSE2's 4. The binary is the
 * same everywhere, and so are the results: every step is a lane-wise IEEE single-precision
 * operation or integer logic, rounded identically at any vector width (no FMA contraction: the
 * build is ISO C, and the AVX2 target does not enable FMA). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define WIDE_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define WIDE_CLONES
#endif

WIDE_CLONES static void fused(isa_op_t op, bool flush, const uint32_t *restrict p0, const uint32_t *restrict p1,
                              const uint32_t *restrict p2, uint32_t *restrict d)
{
    if (flush)
        fused_body(op, true, p0, p1, p2, d);
    else
        fused_body(op, false, p0, p1, p2, d);
}

/* The multiply-adds whose addend is the destination itself (v_mac, or v_mad with src2 = vdst), all
 * lanes enabled: computed in place in the register row, each lane read before it is written, so
 * the result needs no second pass through a buffer. */
WIDE_CLONES static void fused_mac_inplace(const uint32_t *restrict p0, const uint32_t *restrict p1, uint32_t *d)
{
    for (int l = 0; l < NL; l++)
        d[l] = mad(p0[l], p1[l], d[l]);
}

/* The ops of the fast path (isa.h, ISA_XK_F32). */
static bool fast_op(isa_op_t op)
{
    switch (op) {
    case ISA_v_add_f32: case ISA_v_sub_f32: case ISA_v_subrev_f32: case ISA_v_mul_f32:
    case ISA_v_mac_f32: case ISA_v_madmk_f32: case ISA_v_madak_f32: case ISA_v_mad_f32:
        return true;
    default:
        return false;
    }
}

bool isa_valu_f32_fast_ok(const isa_inst_t *in)
{
    if (!fast_op((isa_op_t)in->op) || in->form != ISA_FORM_PLAIN || in->clamp || in->omod ||
        !isa_opnd_is_vgpr(in->vdst))
        return false;
    for (int i = 0; i < 3; i++)
        if (in->src[i].abs || in->src[i].neg)
            return false;
    return true;
}

/* The fast path: no source or output modifiers in effect. Returns false to take the general
 * path. */
static bool valu_float_fast(isa_wave_t *w, const isa_inst_t *in, isa_op_t op)
{
    if (!fast_op(op))
        return false;
    if (in->clamp || (in->omod && !w->ieee_mode))
        return false;
    for (int i = 0; i < 3; i++)
        if (in->src[i].abs || in->src[i].neg)
            return false;
    isa_valu_f32_fast(w, in);
    return true;
}

void isa_valu_f32_fast(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    uint32_t b0[NL], b1[NL], b2[NL], d[NL];
    const uint32_t *p0 = src_row(w, in, 0, b0), *p1 = src_row(w, in, 1, b1);
    uint32_t *dst = isa_x_vgpr(w, isa_x_vreg(in->vdst));
    bool is_mad = op == ISA_v_mac_f32 || op == ISA_v_mad_f32 || op == ISA_v_madmk_f32 || op == ISA_v_madak_f32;
    const uint32_t *p2 = op == ISA_v_mac_f32 ? dst : is_mad ? src_row(w, in, 2, b2) : p1;
    /* With every lane enabled the result goes straight into the register row when that is safe
     * for restrict (a row is either a source or disjoint from it); otherwise through d. */
    if (isa_wave_exec(w) == ~0ull && dst != p0 && dst != p1) {
        if (is_mad && p2 == dst) {
            fused_mac_inplace(p0, p1, dst);
            return;
        }
        if (p2 != dst) {
            fused(op, w->flush_denorm_f32 != 0, p0, p1, p2, dst);
            return;
        }
    }
    fused(op, w->flush_denorm_f32 != 0, p0, p1, p2, d);
    isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), d);
}

bool isa_valu_float(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    bool ieee = w->ieee_mode != 0;
    uint32_t s0[NL], s1[NL], s2[NL], d[NL];

    if (valu_float_fast(w, in, op))
        return true;

    if (int_sources(op)) {
        isa_x_read_v32(w, in, in->src[0], s0);
        memset(s1, 0, sizeof s1);
        memset(s2, 0, sizeof s2);
    } else {
        isa_valu_read_f32(w, in, 0, true, s0);
        /* ldexp's exponent and cmp_class's mask are integers: no modifiers, no flush. */
        if (op == ISA_v_ldexp_f32)
            isa_x_read_v32(w, in, in->src[1], s1);
        else
            isa_valu_read_f32(w, in, 1, true, s1);
        if (op == ISA_v_mac_f32)
            memcpy(s2, isa_x_vgpr(w, isa_x_vreg(in->vdst)), sizeof s2);
        else
            isa_valu_read_f32(w, in, 2, true, s2);
    }

    switch (op) {
    /* ---- results that are integers: written as-is, no output modifiers ---- */
    case ISA_v_cvt_u32_f32:
    case ISA_v_cvt_i32_f32:
    case ISA_v_cvt_rpi_i32_f32:
    case ISA_v_cvt_flr_i32_f32:
        switch (op) {
        case ISA_v_cvt_u32_f32: LANES(sat_u32(truncf(F(a)))); break;
        case ISA_v_cvt_i32_f32: LANES(sat_i32(truncf(F(a)))); break;
        case ISA_v_cvt_rpi_i32_f32: LANES(sat_i32(floorf(F(a) + 0.5f))); break;
        default: LANES(sat_i32(floorf(F(a)))); break;
        }
        isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), d);
        return true;

    /* ---- VOP1 ---- */
    case ISA_v_cvt_f32_i32: LANES(B((float)(int32_t)a)); break;
    case ISA_v_cvt_f32_u32: LANES(B((float)a)); break;
    case ISA_v_cvt_f32_ubyte0: LANES(B((float)(a & 0xff))); break;
    case ISA_v_cvt_f32_ubyte1: LANES(B((float)((a >> 8) & 0xff))); break;
    case ISA_v_cvt_f32_ubyte2: LANES(B((float)((a >> 16) & 0xff))); break;
    case ISA_v_cvt_f32_ubyte3: LANES(B((float)(a >> 24))); break;
    case ISA_v_fract_f32: LANES(fract(a)); break;
    case ISA_v_trunc_f32: LANES(B(truncf(F(a)))); break;
    case ISA_v_ceil_f32: LANES(B(ceilf(F(a)))); break;
    case ISA_v_rndne_f32: LANES(B(nearbyintf(F(a)))); break;
    case ISA_v_floor_f32: LANES(B(floorf(F(a)))); break;
    case ISA_v_exp_f32: LANES(B((float)exp2((double)F(a)))); break;
    case ISA_v_log_f32: LANES(B((float)log2((double)F(a)))); break;
    case ISA_v_rcp_f32:
    case ISA_v_rcp_iflag_f32: LANES(B(1.0f / F(a))); break;
    case ISA_v_rsq_f32: LANES(B((float)(1.0 / sqrt((double)F(a))))); break;
    case ISA_v_sqrt_f32: LANES(B(sqrtf(F(a)))); break;
    case ISA_v_sin_f32: LANES(sin_rev(a, false)); break;
    case ISA_v_cos_f32: LANES(sin_rev(a, true)); break;

    /* ---- VOP2 / VOP3 arithmetic ---- */
    case ISA_v_add_f32: LANES(B(F(a) + F(b))); break;
    case ISA_v_sub_f32: LANES(B(F(a) - F(b))); break;
    case ISA_v_subrev_f32: LANES(B(F(b) - F(a))); break;
    case ISA_v_mul_f32: LANES(B(F(a) * F(b))); break;
    case ISA_v_mac_f32:   /* c = the old vdst */
    case ISA_v_madmk_f32: /* "D S K V": src[1] is the literal K */
    case ISA_v_madak_f32: /* "D S V K": src[2] is the literal K */
    case ISA_v_mad_f32: LANES(mad(a, b, c)); break;
    case ISA_v_fma_f32: LANES(B(fmaf(F(a), F(b), F(c)))); break;
    case ISA_v_min_f32: LANES(minmax(a, b, false, ieee)); break;
    case ISA_v_max_f32: LANES(minmax(a, b, true, ieee)); break;
    case ISA_v_min3_f32: LANES(minmax(minmax(a, b, false, ieee), c, false, ieee)); break;
    case ISA_v_max3_f32: LANES(minmax(minmax(a, b, true, ieee), c, true, ieee)); break;
    case ISA_v_med3_f32: LANES(med3(a, b, c, ieee)); break;
    case ISA_v_ldexp_f32: LANES(B(ldexpf(F(a), (int32_t)b))); break;
    default: return false;
    }
    isa_valu_write_f32(w, in, d);
    return true;
}

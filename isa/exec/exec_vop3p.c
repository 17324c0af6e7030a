/* exec_vop3p: gfx9's VOP3P instructions (exec_vop3p.h). The rules, with their sources, are in
 * docs/semantics-valu.md, "Packed math (gfx9 VOP3P)"; in short:
 *   - a packed source is a 32-bit word whose halves feed the two results: the low result reads the
 *     half op_sel picks ([31:16] when its bit is set), the high result the half op_sel_hi picks;
 *     neg_lo/neg_hi flip the sign of an f16 half (they do nothing to integer sources);
 *   - an inline constant is a 32-bit word: an integer sign-extended, a float on an f16 or 16-bit
 *     integer source its f16 pattern (0x00003c00 for 1.0: with op_sel_hi the high half reads 0, as
 *     LLVM's SIFoldOperands assumes), on a 32-bit source its f32 pattern;
 *   - f16 arithmetic is exact in a double and rounded once (isa_f16.h); f16 denormals and NaNs as
 *     the gfx8 f16 instructions (MODE[7:6], first NaN source quietened); clamp is [0,1] on float
 *     results and saturation on the integer ones that add (add, sub, mad, mul_lo, dot);
 *   - the mix instructions read each source as an f32 or (op_sel_hi) an f16 half converted exactly,
 *     compute in f32 as v_mad_f32 (unfused, denormals flushed) or v_fma_f32 (fused), and mixlo/mixhi
 *     round that f32 result to f16 into one half of vdst, keeping the other. */
#include "exec/exec_vop3p.h"

#include "exec/exec_lanes.h"
#include "exec/exec_operands.h"
#include "exec/exec_valu_float.h"
#include "isa_f16.h"

#include <math.h>

enum { NL = ISA_WAVE_SIZE };
enum { F16_QNAN = 0xfe00u, F16_ONE = 0x3c00u, F16_INF = 0x7c00u };

/* ---- f16 bits (the rules of exec_valu_f16.c) ------------------------------------------------- */

static inline double H(uint32_t h) { return isa_f16_to_f64((uint16_t)h); }
static inline uint32_t R(double x) { return isa_f16_from_f64(x, NULL); }
static inline bool keep_in16(const isa_wave_t *w) { return (w->mode >> 6) & 1; }
static inline bool keep_out16(const isa_wave_t *w) { return (w->mode >> 7) & 1; }

/* An f16 as its f32 bits, exact; a NaN keeps sign and payload, quietened (v_cvt_f32_f16). */
static inline uint32_t f16_to_f32(uint32_t h)
{
    if (isa_f16_nan(h))
        return ((h & 0x8000u) << 16) | 0x7fc00000u | ((h & 0x1ffu) << 13);
    return isa_x_bits((float)H(h));
}

/* ---- sources ------------------------------------------------------------------------------------ */

static const uint16_t inline_f16[9] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118 };

/* Source i's 32-bit word per lane; `f16` reads a float inline constant as its f16 pattern. */
static void rd_word(const isa_wave_t *w, const isa_inst_t *in, int i, bool f16, uint32_t out[NL])
{
    isa_operand_t o = in->src[i];
    if (o.code == ISA_OPND_NONE) {
        memset(out, 0, sizeof(uint32_t) * NL);
        return;
    }
    if (f16 && o.code >= ISA_CONST_F_HALF && o.code <= ISA_CONST_F_INV2PI) {
        for (int l = 0; l < NL; l++)
            out[l] = inline_f16[o.code - ISA_CONST_F_HALF];
        return;
    }
    isa_x_read_v32(w, in, o, out);
}

/* A packed source split into the halves each result reads: lo[l], hi[l]. `fneg`: apply neg_lo and
 * neg_hi to bit 15 (f16 sources). */
static void rd_packed(const isa_wave_t *w, const isa_inst_t *in, int i, bool fneg, uint32_t lo[NL], uint32_t hi[NL])
{
    uint32_t v[NL];
    rd_word(w, in, i, true, v);
    unsigned sl = (in->op_sel >> i & 1) * 16, sh = (in->op_sel_hi >> i & 1) * 16;
    uint32_t xl = fneg && in->src[i].neg ? 0x8000u : 0, xh = fneg && in->src[i].abs ? 0x8000u : 0;
    for (int l = 0; l < NL; l++) {
        lo[l] = ((v[l] >> sl) & 0xffffu) ^ xl;
        hi[l] = ((v[l] >> sh) & 0xffffu) ^ xh;
    }
}

/* An f16 packed source: halves with neg applied, input denormals flushed when MODE says so. */
static void rd_f16x2(const isa_wave_t *w, const isa_inst_t *in, int i, uint32_t lo[NL], uint32_t hi[NL])
{
    rd_packed(w, in, i, true, lo, hi);
    if (!keep_in16(w))
        for (int l = 0; l < NL; l++) {
            lo[l] = isa_f16_flush(lo[l]);
            hi[l] = isa_f16_flush(hi[l]);
        }
}

/* ---- results ------------------------------------------------------------------------------------ */

static void write_v(isa_wave_t *w, const isa_inst_t *in, const uint32_t d[NL])
{
    isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), d);
}

/* An f16 result: clamp to [0,1] (NaN and anything negative to +0), output denormals per MODE. */
static inline uint32_t finish16(const isa_wave_t *w, const isa_inst_t *in, uint32_t h)
{
    if (in->clamp) {
        if (isa_f16_nan(h) || (h & 0x8000u))
            h = 0;
        else if (H(h) > 1.0)
            h = F16_ONE;
    }
    return keep_out16(w) ? h : isa_f16_flush(h);
}

/* ---- packed f16 ------------------------------------------------------------------------------- */

static uint32_t f16_op(isa_op_t op, uint32_t a, uint32_t b, uint32_t c, bool ieee)
{
    switch (op) {
    case ISA_v_pk_fma_f16: return isa_f16_nan_result(R(fma(H(a), H(b), H(c))), a, b, c); /* exact in a double's fma */
    case ISA_v_pk_add_f16: return isa_f16_nan_result(R(H(a) + H(b)), a, b, 0);
    case ISA_v_pk_mul_f16: return isa_f16_nan_result(R(H(a) * H(b)), a, b, 0);
    case ISA_v_pk_min_f16: return isa_f16_minmax(a, b, false, ieee);
    default: return isa_f16_minmax(a, b, true, ieee); /* v_pk_max_f16 */
    }
}

static void pk_f16(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    uint32_t a0[NL], a1[NL], b0[NL], b1[NL], c0[NL], c1[NL], d[NL];
    rd_f16x2(w, in, 0, a0, a1);
    rd_f16x2(w, in, 1, b0, b1);
    if (op == ISA_v_pk_fma_f16) {
        rd_f16x2(w, in, 2, c0, c1);
    } else {
        memset(c0, 0, sizeof c0);
        memset(c1, 0, sizeof c1);
    }
    bool ieee = w->ieee_mode != 0;
    for (int l = 0; l < NL; l++) {
        uint32_t lo = finish16(w, in, f16_op(op, a0[l], b0[l], c0[l], ieee));
        uint32_t hi = finish16(w, in, f16_op(op, a1[l], b1[l], c1[l], ieee));
        d[l] = lo | hi << 16;
    }
    write_v(w, in, d);
}

/* ---- packed 16-bit integers ------------------------------------------------------------------- */

static inline int64_t sx16(uint32_t v) { return (int16_t)(uint16_t)v; }

/* A 16-bit result from a wide one: saturated with clamp (signed or unsigned), else wrapped. */
static inline uint32_t sat16(int64_t v, bool clamp, bool is_signed)
{
    if (clamp) {
        int64_t lo = is_signed ? -32768 : 0, hi = is_signed ? 32767 : 65535;
        v = v < lo ? lo : v > hi ? hi : v;
    }
    return (uint32_t)v & 0xffffu;
}

static uint32_t i16_op(isa_op_t op, uint32_t a, uint32_t b, uint32_t c, bool clamp)
{
    switch (op) {
    case ISA_v_pk_mad_i16: return sat16(sx16(a) * sx16(b) + sx16(c), clamp, true);
    case ISA_v_pk_mad_u16: return sat16((int64_t)a * b + c, clamp, false);
    case ISA_v_pk_mul_lo_u16: return sat16((int64_t)a * b, clamp, false);
    case ISA_v_pk_add_i16: return sat16(sx16(a) + sx16(b), clamp, true);
    case ISA_v_pk_sub_i16: return sat16(sx16(a) - sx16(b), clamp, true);
    case ISA_v_pk_add_u16: return sat16((int64_t)a + b, clamp, false);
    case ISA_v_pk_sub_u16: return sat16((int64_t)a - b, clamp, false);
    case ISA_v_pk_lshlrev_b16: return (b << (a & 15)) & 0xffffu;
    case ISA_v_pk_lshrrev_b16: return b >> (a & 15);
    case ISA_v_pk_ashrrev_i16: return (uint32_t)(sx16(b) >> (a & 15)) & 0xffffu;
    case ISA_v_pk_max_i16: return sx16(a) > sx16(b) ? a : b;
    case ISA_v_pk_min_i16: return sx16(a) < sx16(b) ? a : b;
    case ISA_v_pk_max_u16: return a > b ? a : b;
    default: return a < b ? a : b; /* v_pk_min_u16 */
    }
}

static void pk_int(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    uint32_t a0[NL], a1[NL], b0[NL], b1[NL], c0[NL], c1[NL], d[NL];
    rd_packed(w, in, 0, false, a0, a1);
    rd_packed(w, in, 1, false, b0, b1);
    if (isa_op_vop3p_nsrc(op) == 3) {
        rd_packed(w, in, 2, false, c0, c1);
    } else {
        memset(c0, 0, sizeof c0);
        memset(c1, 0, sizeof c1);
    }
    bool clamp = in->clamp != 0;
    for (int l = 0; l < NL; l++)
        d[l] = i16_op(op, a0[l], b0[l], c0[l], clamp) | i16_op(op, a1[l], b1[l], c1[l], clamp) << 16;
    write_v(w, in, d);
}

/* ---- mixed precision -------------------------------------------------------------------------- */

/* Mix source i as f32 bits: an f16 half (op_sel_hi set; op_sel picks it) converted exactly, else the
 * 32-bit source; then abs and neg (the neg_hi and neg_lo bits); f16 denormals per MODE[6], f32 ones
 * flushed when `flush32`. */
static void rd_mix(const isa_wave_t *w, const isa_inst_t *in, int i, bool flush32, uint32_t out[NL])
{
    bool half = in->op_sel_hi >> i & 1;
    rd_word(w, in, i, half, out);
    unsigned sh = (in->op_sel >> i & 1) * 16;
    isa_operand_t o = in->src[i];
    for (int l = 0; l < NL; l++) {
        uint32_t v = out[l];
        if (half) {
            uint32_t h = (v >> sh) & 0xffffu;
            v = f16_to_f32(keep_in16(w) ? h : isa_f16_flush(h));
        } else if (flush32) {
            v = isa_x_flush32(v);
        }
        if (o.abs)
            v &= 0x7fffffffu;
        if (o.neg)
            v ^= 0x80000000u;
        out[l] = v;
    }
}

static void mix(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    bool fused = op >= ISA_v_fma_mix_f32;
    int kind = (op - (fused ? ISA_v_fma_mix_f32 : ISA_v_mad_mix_f32)); /* 0 f32, 1 lo, 2 hi */
    /* v_mad_mix* flush f32 denormals always, as v_mad_f32; v_fma_mix* as the f32 mode says */
    bool flush = fused ? w->flush_denorm_f32 != 0 : true;
    uint32_t s0[NL], s1[NL], s2[NL], d[NL];
    rd_mix(w, in, 0, flush, s0);
    rd_mix(w, in, 1, flush, s1);
    rd_mix(w, in, 2, flush, s2);
    for (int l = 0; l < NL; l++) {
        float a = isa_x_f32(s0[l]), b = isa_x_f32(s1[l]), c = isa_x_f32(s2[l]);
        if (fused) {
            d[l] = isa_x_bits(fmaf(a, b, c));
        } else {
            uint32_t p = isa_x_flush32(isa_x_bits(a * b));
            d[l] = isa_x_flush32(isa_x_bits(isa_x_f32(p) + c));
        }
    }
    if (kind == 0) {
        isa_valu_write_f32(w, in, d); /* clamp, the f32 denormal mode */
        return;
    }
    const uint32_t *old = isa_x_vgpr(w, isa_x_vreg(in->vdst));
    for (int l = 0; l < NL; l++) {
        uint32_t f = d[l], h;
        if (isa_valu_isnan(f)) /* sign and the top payload bits, quiet (v_cvt_f16_f32) */
            h = ((f >> 16) & 0x8000u) | 0x7e00u | ((f >> 13) & 0x1ffu);
        else
            h = R((double)isa_x_f32(f));
        h = finish16(w, in, h);
        d[l] = kind == 1 ? (old[l] & 0xffff0000u) | h : (old[l] & 0xffffu) | h << 16;
    }
    write_v(w, in, d);
}

/* ---- dot products (gfx906) -------------------------------------------------------------------- */

/* A 32-bit result from a wide sum: saturated with clamp, else wrapped. */
static inline uint32_t sat32(int64_t v, bool clamp, bool is_signed)
{
    if (clamp) {
        int64_t lo = is_signed ? INT32_MIN : 0, hi = is_signed ? INT32_MAX : (int64_t)UINT32_MAX;
        v = v < lo ? lo : v > hi ? hi : v;
    }
    return (uint32_t)v;
}

/* The sum of the products of the n-bit elements of a and b (8 / bits of them), sign-extended or not. */
static inline int64_t dot_elems(uint32_t a, uint32_t b, unsigned bits, bool is_signed)
{
    int64_t s = 0;
    uint32_t mask = (1u << bits) - 1;
    for (unsigned k = 0; k < 32 / bits; k++) {
        int64_t x = (a >> (k * bits)) & mask, y = (b >> (k * bits)) & mask;
        if (is_signed) {
            x = x >= (int64_t)(mask >> 1) + 1 ? x - (int64_t)mask - 1 : x;
            y = y >= (int64_t)(mask >> 1) + 1 ? y - (int64_t)mask - 1 : y;
        }
        s += x * y;
    }
    return s;
}

static void dot(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    bool clamp = in->clamp != 0, sg = (isa_ops[op].flags & ISA_FL_SIGNED) != 0;
    uint32_t a0[NL], a1[NL], b0[NL], b1[NL], c[NL], d[NL];
    if (op == ISA_v_dot2_f32_f16) {
        /* f16 x f16 is exact in f32; the two products and src2 summed in a double and rounded once */
        rd_f16x2(w, in, 0, a0, a1);
        rd_f16x2(w, in, 1, b0, b1);
        isa_valu_read_f32(w, in, 2, true, c); /* neg_lo as neg, neg_hi as abs on the f32 source */
        for (int l = 0; l < NL; l++) {
            double p0 = H(a0[l]) * H(b0[l]), p1 = H(a1[l]) * H(b1[l]);
            float r = (float)(p0 + p1 + (double)isa_x_f32(c[l]));
            uint32_t bits = isa_x_bits(r);
            if (isa_valu_isnan(bits)) { /* the first NaN source, quietened, else the default NaN */
                uint32_t src[5] = { a0[l], b0[l], a1[l], b1[l], 0 };
                bits = 0x7fc00000u;
                for (int k = 0; k < 4; k++)
                    if (isa_f16_nan(src[k])) {
                        bits = f16_to_f32(src[k]);
                        break;
                    }
                if (bits == 0x7fc00000u && isa_valu_isnan(c[l]))
                    bits = c[l] | 0x00400000u;
            }
            d[l] = bits;
        }
        isa_valu_write_f32(w, in, d);
        return;
    }
    rd_word(w, in, 2, false, c);
    if (op == ISA_v_dot2_i32_i16 || op == ISA_v_dot2_u32_u16) {
        rd_packed(w, in, 0, false, a0, a1);
        rd_packed(w, in, 1, false, b0, b1);
        for (int l = 0; l < NL; l++) {
            int64_t s = sg ? sx16(a0[l]) * sx16(b0[l]) + sx16(a1[l]) * sx16(b1[l]) + (int32_t)c[l]
                           : (int64_t)a0[l] * b0[l] + (int64_t)a1[l] * b1[l] + (int64_t)c[l];
            d[l] = sat32(s, clamp, sg);
        }
    } else { /* dot4 (bytes), dot8 (nibbles): whole 32-bit sources */
        unsigned bits = op == ISA_v_dot4_i32_i8 || op == ISA_v_dot4_u32_u8 ? 8 : 4;
        rd_word(w, in, 0, false, a0);
        rd_word(w, in, 1, false, b0);
        for (int l = 0; l < NL; l++)
            d[l] = sat32(dot_elems(a0[l], b0[l], bits, sg) + (sg ? (int64_t)(int32_t)c[l] : (int64_t)c[l]), clamp, sg);
    }
    write_v(w, in, d);
}

bool isa_valu_vop3p(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    if (!isa_valu_vop3p_owns(op))
        return false;
    if (isa_op_vop3p_mix(op))
        mix(w, in);
    else if (op >= ISA_v_dot2_f32_f16)
        dot(w, in);
    else if (op >= ISA_v_pk_fma_f16)
        pk_f16(w, in);
    else
        pk_int(w, in);
    return true;
}

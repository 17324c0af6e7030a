/* exec_valu9: the gfx9 (gfx900, gfx906) VALU instructions that are not packed math (exec_valu9.h):
 * the carry-less adds, the three-operand integer ops, the signed adds with clamp, the 16-bit
 * min3/max3/med3, the op_sel forms of the 16-bit multiply-adds, packing and normalising conversions,
 * v_swap_b32, v_xnor_b32 and v_fmac_f32. The rules, with their sources (the Vega ISA manual, LLVM),
 * are in docs/semantics-valu.md, "gfx9"; in short:
 *   - op_sel (isa_inst_t.op_sel, on the instructions isa_op_has_op_sel names): bit k reads 16-bit
 *     source k from [31:16] instead of [15:0]; bit 3 (ISA_OP_SEL_DST) writes a 16-bit result into
 *     [31:16] instead of [15:0]. A 16-bit result of an op_sel instruction keeps the other half of
 *     the destination (gfx9: these are not among the instructions that zero it, LLVM's
 *     GCNSubtarget::zeroesHigh16BitsOfDest); the 16-bit results of the VOP1 conversions are written
 *     zero-extended, as gfx8's;
 *   - integer clamp saturates: unsigned (v_add/sub/subrev_nc_u32, v_mad_u32_u16, v_mad_u16) or
 *     signed (v_add/sub_i32, v_add/sub_i16, v_mad_i32_i16, v_mad_i16) at the result's width;
 *   - f16 arithmetic as in exec_valu_f16.c (exact in a double, rounded once; the NaN rules there). */
#include "exec/exec_valu9.h"

#include "exec/exec_lanes.h"
#include "exec/exec_operands.h"
#include "exec/exec_valu_f16.h"
#include "exec/exec_valu_float.h"
#include "isa_f16.h"

#include <math.h>

enum { NL = ISA_WAVE_SIZE };

static inline bool sel(const isa_inst_t *in, int k) { return (in->op_sel >> k) & 1; }

/* A 32-bit source: rows of zeros for an absent operand. */
static void rd32(const isa_wave_t *w, const isa_inst_t *in, int i, uint32_t out[NL])
{
    if (in->src[i].code == ISA_OPND_NONE)
        memset(out, 0, sizeof(uint32_t) * NL);
    else
        isa_x_read_v32(w, in, in->src[i], out);
}

/* A 16-bit integer source, from the half op_sel picks. */
static void rd16(const isa_wave_t *w, const isa_inst_t *in, int i, uint32_t out[NL])
{
    isa_f16_read_half(w, in, i, sel(in, i), false, false, out);
}

/* An f16 source: the half op_sel picks, abs/neg, the input denormal flush of MODE. */
static void rdh(const isa_wave_t *w, const isa_inst_t *in, int i, uint32_t out[NL])
{
    isa_f16_read_half(w, in, i, sel(in, i), true, true, out);
}

/* A 16-bit result into the half op_sel[3] names, the other half of each lane kept. */
static void write_half(isa_wave_t *w, const isa_inst_t *in, const uint32_t d[NL])
{
    uint32_t r = isa_x_vreg(in->vdst), out[NL];
    const uint32_t *old = isa_x_vgpr(w, r);
    bool hi = (in->op_sel & ISA_OP_SEL_DST) != 0;
    for (int l = 0; l < NL; l++)
        out[l] = hi ? (old[l] & 0xffffu) | (d[l] << 16) : (old[l] & 0xffff0000u) | (d[l] & 0xffffu);
    isa_x_write_v32(w, r, isa_wave_exec(w), out);
}

static void write32(isa_wave_t *w, const isa_inst_t *in, const uint32_t d[NL])
{
    isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), d);
}

static inline int32_t s16(uint32_t v) { return (int16_t)(uint16_t)v; }
static inline uint32_t sat_s(int64_t v, int64_t lo, int64_t hi) { return (uint32_t)(v < lo ? lo : v > hi ? hi : v); }
static inline uint32_t umin16(uint32_t a, uint32_t b) { return a < b ? a : b; }
static inline uint32_t umax16(uint32_t a, uint32_t b) { return a > b ? a : b; }
static inline uint32_t smin16(uint32_t a, uint32_t b) { return s16(a) < s16(b) ? a : b; }
static inline uint32_t smax16(uint32_t a, uint32_t b) { return s16(a) > s16(b) ? a : b; }

/* f16 med3: a NaN anywhere gives min3 (the f32 rule of exec_valu_float.c), else the middle value. */
static uint32_t med3_f16(uint32_t a, uint32_t b, uint32_t c, bool ieee)
{
    bool nan = (a & 0x7fffu) > 0x7c00u || (b & 0x7fffu) > 0x7c00u || (c & 0x7fffu) > 0x7c00u;
    if (nan)
        return isa_f16_minmax(isa_f16_minmax(a, b, false, ieee), c, false, ieee);
    uint32_t hi = isa_f16_minmax(isa_f16_minmax(a, b, true, ieee), c, true, ieee);
    if (hi == a)
        return isa_f16_minmax(b, c, true, ieee);
    if (hi == b)
        return isa_f16_minmax(a, c, true, ieee);
    return isa_f16_minmax(a, b, true, ieee);
}

/* f16 -> 16-bit normalised integer (the f32 rule of v_cvt_pknorm_*_f32): NaN 0; signed [-1, 1]
 * to -32767..32767, unsigned [0, 1] to 0..65535, rounded to nearest even. In a double: the f16
 * value times 32767 needs 26 bits, more than a float holds. */
static uint32_t norm16(uint32_t h, bool is_signed)
{
    if ((h & 0x7fffu) > 0x7c00u)
        return 0;
    double f = isa_f16_to_f64((uint16_t)h);
    if (is_signed) {
        f = f < -1.0 ? -1.0 : f > 1.0 ? 1.0 : f;
        return (uint32_t)(int32_t)nearbyint(f * 32767.0) & 0xffffu;
    }
    f = f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
    return (uint32_t)nearbyint(f * 65535.0);
}

/* A signed 16-bit value saturated to an unsigned byte. */
static inline uint32_t sat_u8(uint32_t v) { int32_t x = s16(v); return x < 0 ? 0 : x > 255 ? 255 : (uint32_t)x; }

/* The 32-bit integer ops: carry-less adds, xnor, the three-operand ops, the signed adds, swap. */
static bool int32_ops(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    uint32_t s0[NL], s1[NL], s2[NL], d[NL];
    if (op == ISA_v_swap_b32) { /* both VGPRs: exchanged in the EXEC lanes */
        uint32_t *x = isa_x_vgpr(w, isa_x_vreg(in->vdst)), *y = isa_x_vgpr(w, isa_x_vreg(in->src[0]));
        uint64_t exec = isa_wave_exec(w);
        for (int l = 0; l < NL; l++)
            if (exec >> l & 1) {
                uint32_t t = x[l];
                x[l] = y[l];
                y[l] = t;
            }
        return true;
    }
    rd32(w, in, 0, s0);
    rd32(w, in, 1, s1);
    rd32(w, in, 2, s2);
    bool sat = in->clamp;
    switch (op) {
    case ISA_v_add_nc_u32: LANES(sat && a + b < a ? 0xffffffffu : a + b); break;
    case ISA_v_sub_nc_u32: LANES(sat && b > a ? 0 : a - b); break;
    case ISA_v_subrev_nc_u32: LANES(sat && a > b ? 0 : b - a); break;
    case ISA_v_xnor_b32: LANES(~(a ^ b)); break;
    case ISA_v_sat_pk_u8_i16: LANES(sat_u8(a) | sat_u8(a >> 16) << 8); break;
    case ISA_v_xad_u32: LANES((a ^ b) + c); break;
    case ISA_v_lshl_add_u32: LANES((a << (b & 31)) + c); break;
    case ISA_v_add_lshl_u32: LANES((a + b) << (c & 31)); break;
    case ISA_v_add3_u32: LANES(a + b + c); break;
    case ISA_v_lshl_or_b32: LANES((a << (b & 31)) | c); break;
    case ISA_v_and_or_b32: LANES((a & b) | c); break;
    case ISA_v_or3_b32: LANES(a | b | c); break;
    case ISA_v_add_i32:
        LANES(sat ? sat_s((int64_t)(int32_t)a + (int32_t)b, INT32_MIN, INT32_MAX) : a + b);
        break;
    case ISA_v_sub_i32:
        LANES(sat ? sat_s((int64_t)(int32_t)a - (int32_t)b, INT32_MIN, INT32_MAX) : a - b);
        break;
    default: return false;
    }
    write32(w, in, d);
    return true;
}

/* The 16-bit integer ops with op_sel: 16-bit results into a half, v_mad_u32_u16/i32_i16 32-bit. */
static bool int16_ops(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    uint32_t s0[NL], s1[NL], s2[NL], d[NL];
    rd16(w, in, 0, s0);
    rd16(w, in, 1, s1);
    bool sat = in->clamp;
    if (op == ISA_v_mad_u32_u16 || op == ISA_v_mad_i32_i16) { /* S2 is 32 bits */
        rd32(w, in, 2, s2);
        if (op == ISA_v_mad_u32_u16)
            LANES(sat ? sat_s((int64_t)a * b + c, 0, UINT32_MAX) : a * b + c);
        else
            LANES(sat ? sat_s((int64_t)s16(a) * s16(b) + (int32_t)c, INT32_MIN, INT32_MAX)
                      : (uint32_t)(s16(a) * s16(b)) + c);
        write32(w, in, d);
        return true;
    }
    rd16(w, in, 2, s2);
    switch (op) {
    case ISA_v_min3_u16: LANES(umin16(umin16(a, b), c)); break;
    case ISA_v_max3_u16: LANES(umax16(umax16(a, b), c)); break;
    case ISA_v_med3_u16: LANES(umax16(umin16(a, b), umin16(umax16(a, b), c))); break;
    case ISA_v_min3_i16: LANES(smin16(smin16(a, b), c)); break;
    case ISA_v_max3_i16: LANES(smax16(smax16(a, b), c)); break;
    case ISA_v_med3_i16: LANES(smax16(smin16(a, b), smin16(smax16(a, b), c))); break;
    case ISA_v_add_i16: LANES(sat ? sat_s(s16(a) + s16(b), INT16_MIN, INT16_MAX) : a + b); break;
    case ISA_v_sub_i16: LANES(sat ? sat_s(s16(a) - s16(b), INT16_MIN, INT16_MAX) : a - b); break;
    case ISA_v_mad_u16_gfx9: LANES(sat && a * b + c > 0xffffu ? 0xffffu : a * b + c); break;
    case ISA_v_mad_i16_gfx9:
        LANES(sat ? sat_s(s16(a) * s16(b) + s16(c), INT16_MIN, INT16_MAX) : (uint32_t)(s16(a) * s16(b) + s16(c)));
        break;
    default: return false;
    }
    write_half(w, in, d);
    return true;
}

/* The f16 ops: VOP1 conversions (no op_sel), packing (32-bit results), the op_sel arithmetic. */
static bool f16_ops(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    bool ieee = w->ieee_mode != 0;
    uint32_t s0[NL], s1[NL], s2[NL], d[NL];
    rdh(w, in, 0, s0);
    rdh(w, in, 1, s1);
    rdh(w, in, 2, s2);
    switch (op) {
    /* 16-bit integer results, zero-extended; clamp changes nothing (already in range) */
    case ISA_v_cvt_norm_i16_f16: LANES(norm16(a, true)); write32(w, in, d); return true;
    case ISA_v_cvt_norm_u16_f16: LANES(norm16(a, false)); write32(w, in, d); return true;
    case ISA_v_cvt_pknorm_i16_f16: LANES(norm16(a, true) | norm16(b, true) << 16); write32(w, in, d); return true;
    case ISA_v_cvt_pknorm_u16_f16: LANES(norm16(a, false) | norm16(b, false) << 16); write32(w, in, d); return true;
    case ISA_v_pack_b32_f16: /* each half through the f16 result path (clamp, output flush) */
        isa_f16_finish(w, in, s0);
        isa_f16_finish(w, in, s1);
        LANES(a | b << 16);
        write32(w, in, d);
        return true;
    case ISA_v_min3_f16: LANES(isa_f16_minmax(isa_f16_minmax(a, b, false, ieee), c, false, ieee)); break;
    case ISA_v_max3_f16: LANES(isa_f16_minmax(isa_f16_minmax(a, b, true, ieee), c, true, ieee)); break;
    case ISA_v_med3_f16: LANES(med3_f16(a, b, c, ieee)); break;
    case ISA_v_mad_f16_gfx9: LANES(isa_f16_mad(a, b, c)); break;
    case ISA_v_fma_f16_gfx9: LANES(isa_f16_fma(a, b, c)); break;
    case ISA_v_div_fixup_f16_gfx9: LANES(isa_f16_div_fixup(a, b, c)); break;
    default: return false;
    }
    isa_f16_finish(w, in, d);
    write_half(w, in, d);
    return true;
}

/* v_fmac_f32: D = S0 * S1 + D, fused (one rounding), through the f32 source and result path. */
static void fmac_f32(isa_wave_t *w, const isa_inst_t *in)
{
    uint32_t s0[NL], s1[NL], s2[NL], d[NL];
    isa_valu_read_f32(w, in, 0, true, s0);
    isa_valu_read_f32(w, in, 1, true, s1);
    const uint32_t *acc = isa_x_vgpr(w, isa_x_vreg(in->vdst));
    for (int l = 0; l < NL; l++)
        s2[l] = w->flush_denorm_f32 ? isa_x_flush32(acc[l]) : acc[l];
    LANES(isa_x_bits(fmaf(isa_x_f32(a), isa_x_f32(b), isa_x_f32(c))));
    isa_valu_write_f32(w, in, d);
}

bool isa_valu9(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    if (!isa_valu9_owns(op))
        return false;
    if (op == ISA_v_fmac_f32) {
        fmac_f32(w, in);
        return true;
    }
    if (isa_ops[op].flags & ISA_FL_FLOAT)
        return f16_ops(w, in);
    if (isa_op_has_op_sel(op))
        return int16_ops(w, in);
    return int32_ops(w, in);
}

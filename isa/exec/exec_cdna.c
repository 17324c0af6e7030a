/* exec_cdna: CDNA's VALU additions (exec_cdna.h). The accumulating forms read their accumulator
 * from the destination through the same source path as a third source would take it (a copy of
 * the instruction with the destination as src[2]), so its denormal rules are the sources'. */
#include "exec/exec_cdna.h"

#include "exec/exec_lanes.h"
#include "exec/exec_mfma_math.h"
#include "exec/exec_operands.h"
#include "exec/exec_valu_f16.h"
#include "exec/exec_valu_f64.h"
#include "exec/exec_valu_float.h"
#include "isa_f16.h"

#include <math.h>

enum { NL = ISA_WAVE_SIZE };

/* `in` with its destination as source 2 (the accumulator of a VOP2 accumulating form). */
static isa_inst_t acc_form(const isa_inst_t *in)
{
    isa_inst_t t = *in;
    t.src[2] = in->vdst;
    t.src[2].neg = t.src[2].abs = 0;
    return t;
}

/* Write 32-bit results to vdst for the EXEC lanes. */
static void write32(isa_wave_t *w, const isa_inst_t *in, const uint32_t d[NL])
{
    isa_x_write_dst_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), d);
}

/* Write 64-bit results to the vdst pair for the EXEC lanes. */
static void write64(isa_wave_t *w, const isa_inst_t *in, const uint64_t d[NL])
{
    uint32_t lo[NL], hi[NL];
    for (int l = 0; l < NL; l++) {
        lo[l] = (uint32_t)d[l];
        hi[l] = (uint32_t)(d[l] >> 32);
    }
    isa_x_write_dst_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), lo);
    isa_x_write_dst_v32(w, isa_x_vreg(in->vdst) + 1, isa_wave_exec(w), hi);
}

static inline int64_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    v &= (bits == 32 ? ~0u : (1u << bits) - 1);
    return (int64_t)(int32_t)(v ^ m) - (int64_t)m;
}

/* v_dot2c_i32_i16, v_dot4c_i32_i8, v_dot8c_i32_i4: D = D + the sum of the products of the signed
 * n-bit elements; wrapped to 32 bits (saturated with clamp, in gfx940's 64-bit form). */
static void dot_int(isa_wave_t *w, const isa_inst_t *in, unsigned bits)
{
    uint32_t a[NL], b[NL], d[NL];
    isa_x_read_v32(w, in, in->src[0], a);
    isa_x_read_v32(w, in, in->src[1], b);
    const uint32_t *acc = isa_x_vgpr(w, isa_x_vreg(in->vdst));
    for (int l = 0; l < NL; l++) {
        int64_t s = (int32_t)acc[l];
        for (unsigned k = 0; k < 32 / bits; k++)
            s += sext(a[l] >> (k * bits), bits) * sext(b[l] >> (k * bits), bits);
        if (in->clamp)
            s = s < INT32_MIN ? INT32_MIN : s > INT32_MAX ? INT32_MAX : s;
        d[l] = (uint32_t)s;
    }
    write32(w, in, d);
}

/* v_dot2c_f32_f16: D = D + a.lo * b.lo + a.hi * b.hi. Each f16 product is exact in a double; the
 * sum is taken in a double and rounded once to f32 (as v_dot2_f32_f16). A NaN result is the first
 * NaN f16 source quietened, else a NaN accumulator quietened, else the default NaN. */
static void dot2c_f32_f16(isa_wave_t *w, const isa_inst_t *in)
{
    uint32_t alo[NL], ahi[NL], blo[NL], bhi[NL], c[NL], d[NL];
    isa_f16_read_half(w, in, 0, false, false, false, alo);
    isa_f16_read_half(w, in, 0, true, false, false, ahi);
    isa_f16_read_half(w, in, 1, false, false, false, blo);
    isa_f16_read_half(w, in, 1, true, false, false, bhi);
    isa_inst_t t = acc_form(in);
    isa_valu_read_f32(w, &t, 2, true, c);
    for (int l = 0; l < NL; l++) {
        double s = isa_f16_to_f64((uint16_t)alo[l]) * isa_f16_to_f64((uint16_t)blo[l]) +
                   isa_f16_to_f64((uint16_t)ahi[l]) * isa_f16_to_f64((uint16_t)bhi[l]) +
                   (double)isa_x_f32(c[l]);
        uint32_t r = isa_x_bits((float)s);
        if (isa_valu_isnan(r)) {
            const uint32_t h[4] = { alo[l], blo[l], ahi[l], bhi[l] };
            r = 0x7fc00000u;
            bool found = false;
            for (int k = 0; k < 4 && !found; k++)
                if (isa_f16_nan(h[k])) {
                    /* the f16 NaN widened: sign, quiet bit and payload moved up 13 bits */
                    r = (h[k] & 0x8000u) << 16 | 0x7fc00000u | (h[k] & 0x1ffu) << 13;
                    found = true;
                }
            if (!found && isa_valu_isnan(c[l]))
                r = c[l] | 0x00400000u;
        }
        d[l] = r;
    }
    isa_valu_write_f32(w, in, d);
}

/* v_pk_fmac_f16: each half D.h = fma(S0.h, S1.h, D.h), rounded once to f16. */
static void pk_fmac_f16(isa_wave_t *w, const isa_inst_t *in)
{
    isa_inst_t t = acc_form(in);
    uint32_t a[2][NL], b[2][NL], c[2][NL], d[NL];
    for (int h = 0; h < 2; h++) {
        isa_f16_read_half(w, in, 0, h, false, true, a[h]);
        isa_f16_read_half(w, in, 1, h, false, true, b[h]);
        isa_f16_read_half(w, &t, 2, h, false, true, c[h]);
        for (int l = 0; l < NL; l++)
            c[h][l] = isa_f16_fma(a[h][l], b[h][l], c[h][l]);
        isa_f16_finish(w, in, c[h]);
    }
    for (int l = 0; l < NL; l++)
        d[l] = (c[0][l] & 0xffffu) | c[1][l] << 16;
    write32(w, in, d);
}

/* ---- packed f32 (gfx90a) --------------------------------------------------------------------- */

/* Source i of a packed f32 instruction as the two 32-bit values its low and high results read:
 * op_sel bit i picks the pair's dword the low result takes (1: the high one), op_sel_hi bit i the
 * one the high result takes; neg_lo / neg_hi (src.neg / src.abs) negate them. A constant gives the
 * same 32-bit value for both dwords. `fp`: flush f32 denormals per MODE. */
static void pk_src(const isa_wave_t *w, const isa_inst_t *in, int i, bool fp, uint32_t lo[NL], uint32_t hi[NL])
{
    isa_operand_t o = in->src[i];
    uint32_t d0[NL], d1[NL];
    if (isa_opnd_is_vgpr(o)) {
        memcpy(d0, w->vgpr + (size_t)isa_x_vreg(o) * NL, sizeof d0);
        memcpy(d1, w->vgpr + (size_t)(isa_x_vreg(o) + 1) * NL, sizeof d1);
    } else if (isa_opnd_is_sreg(o) && o.code < ISA_SGPR_MAX) {
        isa_operand_t lo_reg = { o.code, 1, 0, 0 }, hi_reg = { (uint16_t)(o.code + 1), 1, 0, 0 };
        isa_x_read_v32(w, in, lo_reg, d0);
        isa_x_read_v32(w, in, hi_reg, d1);
    } else {
        isa_operand_t c = { o.code, 1, 0, 0 };
        isa_x_read_v32(w, in, c, d0);
        memcpy(d1, d0, sizeof d1);
    }
    bool sel_lo = in->op_sel >> i & 1, sel_hi = in->op_sel_hi >> i & 1;
    for (int l = 0; l < NL; l++) {
        lo[l] = (sel_lo ? d1 : d0)[l] ^ (o.neg ? 0x80000000u : 0);
        hi[l] = (sel_hi ? d1 : d0)[l] ^ (o.abs ? 0x80000000u : 0);
        if (fp && w->flush_denorm_f32) {
            lo[l] = isa_x_flush32(lo[l]);
            hi[l] = isa_x_flush32(hi[l]);
        }
    }
}

/* An f32 result of packed math: clamp to [0, 1] (NaN to +0), denormal flush per MODE. */
static uint32_t pk_finish(const isa_wave_t *w, const isa_inst_t *in, uint32_t r)
{
    if (in->clamp) {
        if (isa_valu_isnan(r) || (r >> 31))
            r = 0;
        else if (isa_x_f32(r) > 1.0f)
            r = 0x3f800000u;
    }
    return w->flush_denorm_f32 ? isa_x_flush32(r) : r;
}

static void pk_f32(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    uint32_t a[2][NL], b[2][NL], c[2][NL];
    uint64_t d[NL];
    if (op == ISA_v_pk_mov_b32) {
        /* D.lo = S0's dword op_sel[0], D.hi = S1's dword op_sel[1] (each the low result's pick of its
         * source): no modifiers, no arithmetic */
        isa_inst_t t = *in;
        t.src[0].neg = t.src[0].abs = t.src[1].neg = t.src[1].abs = 0;
        pk_src(w, &t, 0, false, a[0], a[1]);
        pk_src(w, &t, 1, false, b[0], b[1]);
        for (int l = 0; l < NL; l++)
            d[l] = (uint64_t)a[0][l] | (uint64_t)b[0][l] << 32;
        write64(w, in, d);
        return;
    }
    pk_src(w, in, 0, true, a[0], a[1]);
    pk_src(w, in, 1, true, b[0], b[1]);
    if (op == ISA_v_pk_fma_f32)
        pk_src(w, in, 2, true, c[0], c[1]);
    uint32_t r[2];
    for (int l = 0; l < NL; l++) {
        for (int h = 0; h < 2; h++) {
            float x = isa_x_f32(a[h][l]), y = isa_x_f32(b[h][l]);
            float v = op == ISA_v_pk_fma_f32 ? fmaf(x, y, isa_x_f32(c[h][l])) : op == ISA_v_pk_mul_f32 ? x * y : x + y;
            r[h] = pk_finish(w, in, isa_x_bits(v));
        }
        d[l] = (uint64_t)r[0] | (uint64_t)r[1] << 32;
    }
    write64(w, in, d);
}

/* ---- gfx940 ------------------------------------------------------------------------------------ */

/* v_fmamk_f32 (D = S0 * K + S1) and v_fmaak_f32 (D = S0 * S1 + K): in the signature's order both are
 * fma(src0, src1, src2), fused, through the f32 source and result path. */
static void fma_k(isa_wave_t *w, const isa_inst_t *in)
{
    uint32_t s[3][NL], d[NL];
    for (int i = 0; i < 3; i++)
        isa_valu_read_f32(w, in, i, true, s[i]);
    for (int l = 0; l < NL; l++)
        d[l] = isa_x_bits(fmaf(isa_x_f32(s[0][l]), isa_x_f32(s[1][l]), isa_x_f32(s[2][l])));
    isa_valu_write_f32(w, in, d);
}

/* ---- floating-point atomics ---------------------------------------------------------------------- */

static inline double f64_of(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static inline uint64_t bits64(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }
static inline bool nan64(uint64_t b) { return (b & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }

/* A NaN result: the first NaN operand (old, then data) quietened, else the default NaN. */
static uint64_t nan_result64(uint64_t r, uint64_t a, uint64_t b)
{
    if (!nan64(r))
        return r;
    return nan64(a) ? a | 0x0008000000000000ull : nan64(b) ? b | 0x0008000000000000ull : 0x7ff8000000000000ull;
}
static uint32_t nan_result32(uint32_t r, uint32_t a, uint32_t b)
{
    if (!isa_valu_isnan(r))
        return r;
    return isa_valu_isnan(a) ? a | 0x00400000u : isa_valu_isnan(b) ? b | 0x00400000u : 0x7fc00000u;
}

/* IEEE minNum / maxNum, the rule of ds_min_f64 / ds_max_f64: a NaN operand gives the other one,
 * -0 orders below +0. */
static uint64_t minmax64(uint64_t a, uint64_t b, bool max)
{
    if (nan64(a))
        return b;
    if (nan64(b))
        return a;
    double x = f64_of(a), y = f64_of(b);
    if (x == y) /* equal, or +0 and -0: by the sign bit */
        return ((a >> 63) != 0) == max ? b : a;
    return (x < y) == max ? b : a;
}

/* A double to bf16 (8 significant bits, f32's exponent range, denormals down to 2^-133), round to
 * nearest even, in one step (no intermediate f32 rounding). NaN and infinity keep their class. */
static uint32_t bf16_of(double x)
{
    if (isnan(x))
        return 0x7fc0u;
    if (x == 0 || isinf(x))
        return (uint32_t)(isa_x_bits((float)x) >> 16);
    int e;
    (void)frexp(x, &e); /* |x| = m * 2^e, 0.5 <= m < 1: the unit of the last place is 2^(e - 8) */
    int ulp = e - 8 < -133 ? -133 : e - 8;
    double q = ldexp(x, -ulp), f = floor(q), rem = q - f; /* exact: q is below 2^9 */
    if (rem > 0.5 || (rem == 0.5 && fmod(f, 2.0) != 0))
        f += 1;
    return (uint32_t)(isa_x_bits((float)ldexp(f, ulp)) >> 16); /* exact, or infinity past the range */
}

uint32_t isa_x_pk_add_f16(uint32_t a, uint32_t b)
{
    uint32_t r = 0;
    for (int h = 0; h < 2; h++) {
        uint32_t x = (a >> (16 * h)) & 0xffffu, y = (b >> (16 * h)) & 0xffffu;
        unsigned status = 0;
        /* the sum of two f16 is exact in a double: one rounding */
        uint32_t s = isa_f16_from_f64(isa_f16_to_f64((uint16_t)x) + isa_f16_to_f64((uint16_t)y), &status);
        r |= isa_f16_nan_result(s, x, y, 0) << (16 * h);
    }
    return r;
}

uint32_t isa_x_pk_add_bf16(uint32_t a, uint32_t b)
{
    uint32_t r = 0;
    for (int h = 0; h < 2; h++) {
        uint32_t x = (a >> (16 * h)) & 0xffffu, y = (b >> (16 * h)) & 0xffffu;
        bool nx = (x & 0x7fffu) > 0x7f80u, ny = (y & 0x7fffu) > 0x7f80u;
        uint32_t s = nx ? x | 0x40u : ny ? y | 0x40u /* the first NaN, quietened */
                   : bf16_of((double)isa_x_f32(x << 16) + (double)isa_x_f32(y << 16));
        r |= s << (16 * h);
    }
    return r;
}

bool isa_x_cdna_atomic(isa_op_t op, uint64_t old, uint64_t data, uint64_t *nv)
{
    switch (op) {
    case ISA_flat_atomic_add_f32: case ISA_global_atomic_add_f32: case ISA_buffer_atomic_add_f32: {
        uint32_t a = isa_x_flush32((uint32_t)old), b = isa_x_flush32((uint32_t)data);
        *nv = nan_result32(isa_x_flush32(isa_x_bits(isa_x_f32(a) + isa_x_f32(b))), a, b);
        return true;
    }
    case ISA_flat_atomic_pk_add_f16: case ISA_global_atomic_pk_add_f16: case ISA_buffer_atomic_pk_add_f16:
    case ISA_ds_pk_add_f16: case ISA_ds_pk_add_rtn_f16:
        *nv = isa_x_pk_add_f16((uint32_t)old, (uint32_t)data);
        return true;
    case ISA_flat_atomic_pk_add_bf16: case ISA_global_atomic_pk_add_bf16:
    case ISA_ds_pk_add_bf16: case ISA_ds_pk_add_rtn_bf16:
        *nv = isa_x_pk_add_bf16((uint32_t)old, (uint32_t)data);
        return true;
    case ISA_flat_atomic_add_f64: case ISA_global_atomic_add_f64: case ISA_buffer_atomic_add_f64:
    case ISA_ds_add_f64: case ISA_ds_add_rtn_f64:
        *nv = nan_result64(bits64(f64_of(old) + f64_of(data)), old, data);
        return true;
    case ISA_flat_atomic_min_f64: case ISA_global_atomic_min_f64: case ISA_buffer_atomic_min_f64:
        *nv = minmax64(old, data, false);
        return true;
    case ISA_flat_atomic_max_f64: case ISA_global_atomic_max_f64: case ISA_buffer_atomic_max_f64:
        *nv = minmax64(old, data, true);
        return true;
    default:
        return false;
    }
}

/* ---- fp8 / bf8 conversions (gfx940) ------------------------------------------------------------ */

/* f32 results through the f32 result path (clamp, output modifier) into vdst + k. */
static void write_f32_at(isa_wave_t *w, const isa_inst_t *in, unsigned k, uint32_t d[NL])
{
    isa_inst_t t = *in;
    t.vdst.code = (uint16_t)(in->vdst.code + k);
    t.vdst.count = 1;
    isa_valu_write_f32(w, &t, d);
}

static void cvt_fp8(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    bool bf8 = op == ISA_v_cvt_f32_bf8 || op == ISA_v_cvt_pk_f32_bf8 || op == ISA_v_cvt_pk_bf8_f32 ||
               op == ISA_v_cvt_sr_bf8_f32;
    uint32_t s[NL], d[NL];
    if (op == ISA_v_cvt_f32_fp8 || op == ISA_v_cvt_f32_bf8 || op == ISA_v_cvt_pk_f32_fp8 || op == ISA_v_cvt_pk_f32_bf8) {
        /* byte 0 (and 1) of the source; the SDWA layer has already moved the selected byte there */
        bool pk = op == ISA_v_cvt_pk_f32_fp8 || op == ISA_v_cvt_pk_f32_bf8;
        isa_x_read_v32(w, in, in->src[0], s);
        for (unsigned k = 0; k < (pk ? 2u : 1u); k++) {
            for (int l = 0; l < NL; l++) {
                uint8_t b = (uint8_t)(s[l] >> (8 * k));
                d[l] = bf8 ? exec_bf8_to_f32(b) : exec_fp8_to_f32(b);
            }
            write_f32_at(w, in, k, d);
        }
        return;
    }
    uint32_t a[NL], r[NL];
    isa_valu_read_f32(w, in, 0, true, a);
    const uint32_t *old = isa_x_vgpr(w, isa_x_vreg(in->vdst));
    if (op == ISA_v_cvt_pk_fp8_f32 || op == ISA_v_cvt_pk_bf8_f32) {
        /* S0 into byte 0, S1 into byte 1 of the word op_sel[3] picks; the other word kept */
        isa_valu_read_f32(w, in, 1, true, s);
        unsigned sh = (in->op_sel & ISA_OP_SEL_DST) ? 16 : 0;
        for (int l = 0; l < NL; l++) {
            uint32_t lo = bf8 ? exec_f32_to_bf8(a[l], in->clamp) : exec_f32_to_fp8(a[l], in->clamp);
            uint32_t hi = bf8 ? exec_f32_to_bf8(s[l], in->clamp) : exec_f32_to_fp8(s[l], in->clamp);
            d[l] = (old[l] & ~(0xffffu << sh)) | (lo | hi << 8) << sh;
        }
    } else {
        /* S0 rounded with the random bits of S1 into the byte op_sel[3:2] picks; the others kept */
        isa_x_read_v32(w, in, in->src[1], r);
        unsigned sh = 8 * ((in->op_sel >> 2) & 3u);
        for (int l = 0; l < NL; l++) {
            uint32_t v = bf8 ? exec_f32_to_bf8_sr(a[l], r[l], in->clamp) : exec_f32_to_fp8_sr(a[l], r[l], in->clamp);
            d[l] = (old[l] & ~(0xffu << sh)) | v << sh;
        }
    }
    write32(w, in, d);
}

bool isa_exec_cdna(isa_wave_t *w, const isa_inst_t *in)
{
    uint64_t a[NL], b[NL], d[NL];
    uint32_t s[NL];
    switch ((isa_op_t)in->op) {
    case ISA_v_dot2c_f32_f16: dot2c_f32_f16(w, in); return true;
    case ISA_v_dot2c_i32_i16: dot_int(w, in, 16); return true;
    case ISA_v_dot4c_i32_i8: dot_int(w, in, 8); return true;
    case ISA_v_dot8c_i32_i4: dot_int(w, in, 4); return true;
    case ISA_v_pk_fmac_f16: pk_fmac_f16(w, in); return true;
    case ISA_v_fmac_f64: return isa_valu_f64(w, in); /* v_fma_f64 with the destination as src2 */
    case ISA_v_pk_fma_f32: case ISA_v_pk_mul_f32: case ISA_v_pk_add_f32: case ISA_v_pk_mov_b32:
        pk_f32(w, in);
        return true;
    case ISA_v_mov_b64: /* an inline float constant is its f64 pattern, a literal zero-extended (LLVM's 64-bit integer operand) */
        isa_x_read_v64(w, in, in->src[0], in->src[0].code != ISA_SRC_LITERAL, d);
        write64(w, in, d);
        return true;
    case ISA_v_lshl_add_u64: /* D = (S0 << S1[2:0]) + S2, 64-bit, wrapping */
        isa_x_read_v64(w, in, in->src[0], true, a);
        isa_x_read_v32(w, in, in->src[1], s);
        isa_x_read_v64(w, in, in->src[2], true, b);
        for (int l = 0; l < NL; l++)
            d[l] = (a[l] << (s[l] & 7)) + b[l];
        write64(w, in, d);
        return true;
    case ISA_v_fmamk_f32: case ISA_v_fmaak_f32: fma_k(w, in); return true;
    case ISA_v_cvt_f32_fp8: case ISA_v_cvt_f32_bf8: case ISA_v_cvt_pk_f32_fp8: case ISA_v_cvt_pk_f32_bf8:
    case ISA_v_cvt_pk_fp8_f32: case ISA_v_cvt_pk_bf8_f32: case ISA_v_cvt_sr_fp8_f32: case ISA_v_cvt_sr_bf8_f32:
        cvt_fp8(w, in);
        return true;
    default: return false;
    }
}

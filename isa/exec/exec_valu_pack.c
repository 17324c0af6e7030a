/* exec_valu_pack: VOP3-only byte/pack ops, cube-map ops and M0-relative VGPR moves
 * (exec_valu_pack.h). Definitions: the GCN3 ISA manual, chapter 12 (VOP3a opcodes 452-455 cube,
 * 461 V_LERP_U8, 473-477 SAD and V_CVT_PK_U8_F32, 484-487 MSAD/QSAD/MQSAD, 493 V_PERM_B32; VOP1
 * opcodes 54-56 V_MOVREL*); where the manual's one-line text leaves a detail open the choice and
 * its source are in docs/semantics-valu.md. */
#include "exec/exec_valu_pack.h"

#include "isa_f16.h"

#include "exec/exec_lanes.h"
#include "exec/exec_operands.h"
#include "exec/exec_valu_div.h"
#include "exec/exec_valu_float.h"

#include <math.h>
#include <string.h>

enum { NL = ISA_WAVE_SIZE };

static inline float F(uint32_t b) { return isa_x_f32(b); }
static inline uint32_t B(float f) { return isa_x_bits(f); }

static inline uint32_t byte_of(uint64_t v, unsigned i) { return (uint32_t)(v >> (8 * i)) & 0xffu; }
static inline uint32_t absdiff(uint32_t a, uint32_t b) { return a > b ? a - b : b - a; }

/* The accumulating add of the SAD family: with `clamp` it saturates at `max` (the width of the
 * result: 0xffffffff, or 0xffff for the packed 16-bit results of qsad_pk/mqsad_pk) instead of
 * wrapping. The GCN3 manual names clamp for these VOP3a opcodes without defining it for integers;
 * gcnsim takes the rule LLVM documents for integer clamp (saturate to the unsigned range of the
 * result), see docs/semantics-valu.md. */
static inline uint32_t acc_add(uint64_t sum, uint64_t acc, bool clamp, uint32_t max)
{
    uint64_t s = sum + acc;
    return clamp && s > max ? max : (uint32_t)(s & max);
}

/* Sum over the four bytes of |a.byte - b.byte|; `masked` skips the bytes where the reference b is
 * 0 (the MSAD rule: a zero reference byte marks a pixel outside the shape). */
static inline uint32_t sad4(uint32_t a, uint32_t b, bool masked)
{
    uint32_t s = 0;
    for (unsigned i = 0; i < 4; i++)
        if (!masked || byte_of(b, i))
            s += absdiff(byte_of(a, i), byte_of(b, i));
    return s;
}

/* The four-byte window of the 8-byte source starting at byte k (QSAD's sliding source). */
static inline uint32_t window(uint64_t s0, unsigned k) { return (uint32_t)(s0 >> (8 * k)); }

/* V_LERP_U8: per byte, the average of S0 and S1 rounded up when bit 0 of S2's byte is set. */
static inline uint32_t lerp_u8(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t d = 0;
    for (unsigned i = 0; i < 4; i++)
        d |= ((byte_of(a, i) + byte_of(b, i) + (byte_of(c, i) & 1)) >> 1) << (8 * i);
    return d;
}

/* V_PERM_B32: each result byte selected from the 8 bytes {S0, S1} (S1 the low four) by the byte
 * of S2: 0..7 a byte, 8..11 the sign of byte 1, 3, 5, 7 replicated, 12 zero, 13 and above 0xff. */
static inline uint32_t perm_b32(uint32_t s0, uint32_t s1, uint32_t sel)
{
    uint64_t in = ((uint64_t)s0 << 32) | s1;
    uint32_t d = 0;
    for (unsigned i = 0; i < 4; i++) {
        uint32_t s = byte_of(sel, i), b;
        if (s >= 13)
            b = 0xff;
        else if (s == 12)
            b = 0;
        else if (s >= 8)
            b = (byte_of(in, 2 * (s - 8) + 1) >> 7) ? 0xff : 0;
        else
            b = byte_of(in, s);
        d |= b << (8 * i);
    }
    return d;
}

/* V_CVT_PK_U8_F32: S0 rounded to an integer (by MODE's round mode: nearbyintf follows the host
 * mode that isa_valu_rounded sets), clamped to 0..255 (NaN gives 0), into byte S1[1:0] of S2. */
static inline uint32_t cvt_pk_u8(uint32_t a, uint32_t b, uint32_t c)
{
    float f = nearbyintf(F(a));
    uint32_t v = f != f || f <= 0.0f ? 0 : f >= 255.0f ? 255 : (uint32_t)f;
    unsigned sh = 8 * (b & 3);
    return (c & ~(0xffu << sh)) | (v << sh);
}

/* The packing conversions (GCN3 ISA manual, VOP3a opcodes 0x1f0 and 0x294..0x298). Rounding is the
 * host's current mode (nearest even unless MODE says otherwise, exec_valu_div.c); NaN gives 0. */
static inline uint32_t norm16(uint32_t a, bool is_signed)
{
    float f = F(a);
    if (f != f)
        return 0;
    if (is_signed) { /* [-1, 1] -> -32767..32767 */
        f = f < -1.0f ? -1.0f : f > 1.0f ? 1.0f : f;
        return (uint32_t)(int32_t)nearbyintf(f * 32767.0f) & 0xffffu;
    }
    f = f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f; /* [0, 1] -> 0..65535 */
    return (uint32_t)nearbyintf(f * 65535.0f);
}
/* f32 -> f16 rounded toward zero: the nearest-even result, one ulp back when it went away from
 * zero (an overflow becomes the largest finite f16); NaN and infinity as they are. */
static inline uint32_t f16_rtz(uint32_t a)
{
    float f = F(a);
    unsigned st = 0;
    uint16_t h = isa_f16_from_f64((double)f, &st);
    if (f == f && !isinf(f) && fabs(isa_f16_to_f64(h)) > fabs((double)f))
        h = (uint16_t)(h - 1); /* the magnitude bits step down; the sign stays */
    return h;
}
static inline uint32_t sat_u16(uint32_t v) { return v > 0xffffu ? 0xffffu : v; }
static inline uint32_t sat_i16(uint32_t v)
{
    int32_t i = (int32_t)v;
    return (uint32_t)(i < -32768 ? -32768 : i > 32767 ? 32767 : i) & 0xffffu;
}

/* Cube-map face selection (x = S0, y = S1, z = S2): z's face when |z| is the largest (ties go
 * to z, then y), else y's, else x's. The manual's sign tests are "< 0", so -0 counts as positive
 * and a NaN falls through to the last case. */
typedef enum { FACE_X, FACE_Y, FACE_Z } face_t;
static inline face_t face(float x, float y, float z)
{
    if (fabsf(z) >= fabsf(x) && fabsf(z) >= fabsf(y))
        return FACE_Z;
    return fabsf(y) >= fabsf(x) ? FACE_Y : FACE_X;
}
static inline uint32_t cubeid(uint32_t a, uint32_t b, uint32_t c)
{
    float x = F(a), y = F(b), z = F(c);
    switch (face(x, y, z)) {
    case FACE_Z: return B(z < 0 ? 5.0f : 4.0f);
    case FACE_Y: return B(y < 0 ? 3.0f : 2.0f);
    default: return B(x < 0 ? 1.0f : 0.0f);
    }
}
static inline uint32_t cubesc(uint32_t a, uint32_t b, uint32_t c)
{
    float x = F(a), y = F(b), z = F(c);
    switch (face(x, y, z)) {
    case FACE_Z: return B(z < 0 ? -x : x);
    case FACE_Y: return B(x);
    default: return B(x < 0 ? z : -z);
    }
}
static inline uint32_t cubetc(uint32_t a, uint32_t b, uint32_t c)
{
    float x = F(a), y = F(b), z = F(c);
    return face(x, y, z) == FACE_Y ? B(y < 0 ? -z : z) : B(-y);
}
static inline uint32_t cubema(uint32_t a, uint32_t b, uint32_t c)
{
    float x = F(a), y = F(b), z = F(c);
    face_t f = face(x, y, z);
    return B(2.0f * (f == FACE_Z ? z : f == FACE_Y ? y : x));
}

/* ---- 64- and 128-bit results: qsad_pk, mqsad_pk, mqsad_u32 -------------------------------------- */

static void write_rows(isa_wave_t *w, const isa_inst_t *in, unsigned n, uint32_t rows[][NL])
{
    uint64_t exec = isa_wave_exec(w);
    for (unsigned r = 0; r < n; r++)
        isa_x_write_v32(w, isa_x_vreg(in->vdst) + r, exec, rows[r]);
}

/* QSAD/MQSAD with 16-bit packed accumulators: result k (bits 16k+15..16k) is the SAD of the
 * window at byte k of S0 against S1 plus S2's 16-bit field k, kept to 16 bits. MQSAD_U32: four
 * 32-bit results, each with S2's dword k (S2 a VGPR quad) as its accumulator. */
static void qsad(isa_wave_t *w, const isa_inst_t *in, isa_op_t op)
{
    uint64_t s0[NL], s2[NL];
    uint32_t s1[NL], rows[4][NL];
    bool masked = op != ISA_v_qsad_pk_u16_u8;
    isa_x_read_v64(w, in, in->src[0], false, s0);
    isa_x_read_v32(w, in, in->src[1], s1);
    if (op == ISA_v_mqsad_u32_u8) {
        const uint32_t *acc = isa_x_vgpr(w, isa_x_vreg(in->src[2]));
        for (unsigned k = 0; k < 4; k++)
            for (int l = 0; l < NL; l++)
                rows[k][l] = acc_add(sad4(window(s0[l], k), s1[l], true), acc[k * NL + l], in->clamp, 0xffffffffu);
        write_rows(w, in, 4, rows);
        return;
    }
    isa_x_read_v64(w, in, in->src[2], false, s2);
    for (int l = 0; l < NL; l++) {
        uint64_t d = 0;
        for (unsigned k = 0; k < 4; k++) {
            uint32_t acc = (uint32_t)(s2[l] >> (16 * k)) & 0xffffu;
            d |= (uint64_t)acc_add(sad4(window(s0[l], k), s1[l], masked), acc, in->clamp, 0xffffu) << (16 * k);
        }
        rows[0][l] = (uint32_t)d;
        rows[1][l] = (uint32_t)(d >> 32);
    }
    write_rows(w, in, 2, rows);
}

/* ---- M0-relative VGPR moves ------------------------------------------------------------------ */

/* v_movrels_b32 D = v[S0 + M0]; v_movreld_b32 v[D + M0] = S0; v_movrelsd_b32 v[D + M0] =
 * v[S0 + M0]. M0 is an unsigned register offset; a register beyond the wave's VGPRs faults
 * instead of reading or writing outside the register file (hardware behaviour there is undefined). */
static bool movrel(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    isa_op_t op = (isa_op_t)in->op;
    uint64_t m0 = w->sreg[ISA_REG_M0];
    uint64_t dreg = isa_x_vreg(in->vdst) + (op == ISA_v_movrels_b32 ? 0 : m0);
    bool rel_src = op != ISA_v_movreld_b32;
    uint64_t sreg = rel_src ? isa_x_vreg(in->src[0]) + m0 : 0;
    if (dreg >= w->nvgpr || (rel_src && sreg >= w->nvgpr)) {
        uint64_t bad = dreg >= w->nvgpr ? dreg : sreg;
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0,
                    "%s: M0-relative VGPR v%llu (M0 = %llu) is beyond the wave's %u VGPRs", isa_ops[op].name,
                    (unsigned long long)bad, (unsigned long long)m0, w->nvgpr);
        return true;
    }
    uint32_t v[NL];
    if (rel_src)
        memcpy(v, isa_x_vgpr(w, (uint32_t)sreg), sizeof v);
    else
        isa_x_read_v32(w, in, in->src[0], v);
    isa_x_write_v32(w, (uint32_t)dreg, isa_wave_exec(w), v);
    return true;
}

/* ---- dispatch ------------------------------------------------------------------------------------ */

bool isa_valu_vop3x(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    isa_op_t op = (isa_op_t)in->op;
    uint32_t s0[NL], s1[NL], s2[NL], d[NL];
    switch (op) {
    case ISA_v_div_scale_f32: case ISA_v_div_fmas_f32: case ISA_v_div_fixup_f32:
        return isa_valu_div32(w, in);
    case ISA_v_movrels_b32: case ISA_v_movreld_b32: case ISA_v_movrelsd_b32:
        return movrel(w, in, res);
    case ISA_v_qsad_pk_u16_u8: case ISA_v_mqsad_pk_u16_u8: case ISA_v_mqsad_u32_u8:
        qsad(w, in, op);
        return true;
    case ISA_v_cubeid_f32: case ISA_v_cubesc_f32: case ISA_v_cubetc_f32: case ISA_v_cubema_f32:
        /* f32 sources and result: modifiers, denormal flush, omod and clamp as any f32 op */
        isa_valu_read_f32(w, in, 0, true, s0);
        isa_valu_read_f32(w, in, 1, true, s1);
        isa_valu_read_f32(w, in, 2, true, s2);
        switch (op) {
        case ISA_v_cubeid_f32: LANES(cubeid(a, b, c)); break;
        case ISA_v_cubesc_f32: LANES(cubesc(a, b, c)); break;
        case ISA_v_cubetc_f32: LANES(cubetc(a, b, c)); break;
        default: LANES(cubema(a, b, c)); break;
        }
        isa_valu_write_f32(w, in, d);
        return true;
    case ISA_v_cvt_pknorm_i16_f32: case ISA_v_cvt_pknorm_u16_f32: case ISA_v_cvt_pkrtz_f16_f32:
        /* f32 sources with their modifiers; the packed result takes no clamp or output modifier
         * (llvm-mc accepts them; gcnsim does not apply them to a packed value) */
        isa_valu_read_f32(w, in, 0, true, s0);
        isa_valu_read_f32(w, in, 1, true, s1);
        memset(s2, 0, sizeof s2);
        if (op == ISA_v_cvt_pkrtz_f16_f32)
            LANES(f16_rtz(a) | f16_rtz(b) << 16);
        else
            LANES(norm16(a, op == ISA_v_cvt_pknorm_i16_f32) | norm16(b, op == ISA_v_cvt_pknorm_i16_f32) << 16);
        isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), d);
        return true;
    case ISA_v_cvt_pk_u16_u32: case ISA_v_cvt_pk_i16_i32: /* two integers, saturated to 16 bits */
        isa_x_read_v32(w, in, in->src[0], s0);
        isa_x_read_v32(w, in, in->src[1], s1);
        memset(s2, 0, sizeof s2);
        if (op == ISA_v_cvt_pk_u16_u32)
            LANES(sat_u16(a) | sat_u16(b) << 16);
        else
            LANES(sat_i16(a) | sat_i16(b) << 16);
        isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), d);
        return true;
    case ISA_v_cvt_pkaccum_u8_f32:
        /* byte S1[1:0] of D becomes S0 as v_cvt_pk_u8_f32 rounds and clamps it; D's others stay */
        isa_valu_read_f32(w, in, 0, true, s0);
        isa_x_read_v32(w, in, in->src[1], s1);
        memcpy(s2, isa_x_vgpr(w, isa_x_vreg(in->vdst)), sizeof s2);
        LANES(cvt_pk_u8(a, b, c));
        isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), d);
        return true;
    default:
        break;
    }
    /* 32-bit integer results (cvt_pk_u8_f32's float source has its modifiers and flush) */
    if (op == ISA_v_cvt_pk_u8_f32)
        isa_valu_read_f32(w, in, 0, true, s0);
    else
        isa_x_read_v32(w, in, in->src[0], s0);
    isa_x_read_v32(w, in, in->src[1], s1);
    isa_x_read_v32(w, in, in->src[2], s2);
    bool cl = in->clamp != 0;
    const uint32_t M32 = 0xffffffffu;
    switch (op) {
    case ISA_v_sad_u8: LANES(acc_add(sad4(a, b, false), c, cl, M32)); break;
    case ISA_v_sad_hi_u8: LANES(acc_add((uint64_t)sad4(a, b, false) << 16, c, cl, M32)); break;
    case ISA_v_sad_u16:
        LANES(acc_add((uint64_t)absdiff(a & 0xffffu, b & 0xffffu) + absdiff(a >> 16, b >> 16), c, cl, M32));
        break;
    case ISA_v_sad_u32: LANES(acc_add(absdiff(a, b), c, cl, M32)); break;
    case ISA_v_msad_u8: LANES(acc_add(sad4(a, b, true), c, cl, M32)); break;
    case ISA_v_lerp_u8: LANES(lerp_u8(a, b, c)); break;
    case ISA_v_perm_b32: LANES(perm_b32(a, b, c)); break;
    case ISA_v_cvt_pk_u8_f32: LANES(cvt_pk_u8(a, b, c)); break;
    default: return false;
    }
    isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), d);
    return true;
}

/* exec_valu: the VALU entry point, and the integer, bit-manipulation, lane and 64-bit ops of
 * VOP1/VOP2/VOP3. Floats are in exec_valu_float.c (f32) and exec_valu_f64.c (f64), compares in
 * exec_vcmp.c. The rules and their
 * sources are in docs/semantics-valu.md.
 *
 * Every op reads whole source vectors first and computes all 64 lanes into a local array (plain
 * loops the compiler can vectorise); only the final write looks at EXEC, so a destination that
 * aliases a source is handled for free. */
#include "exec/exec_valu.h"

#include "exec/exec_lanes.h"
#include "exec/exec_operands.h"
#include "exec/exec_gpr_idx.h"
#include "exec/exec_sdwa_dpp.h"
#include "exec/exec_valu_div.h"
#include "exec/exec_valu_f16.h"
#include "exec/exec_cdna.h"
#include "exec/exec_valu9.h"
#include "exec/exec_valu_f64.h"
#include "exec/exec_valu_pack.h"
#include "exec/exec_valu_float.h"
#include "exec/exec_vcmp.h"
#include "exec/exec_vop3p.h"
#include "exec/exec_agpr.h"
#include "exec/exec_mfma.h"

enum { NL = ISA_WAVE_SIZE };

/* ---- small integer helpers -------------------------------------------------------------------- */

static inline uint32_t asr32(uint32_t v, unsigned s)
{
    /* Arithmetic shift written out: C leaves >> of negative values implementation-defined. */
    return (v >> s) | ((v & 0x80000000u) && s ? ~(0xffffffffu >> s) : 0);
}
static inline uint64_t asr64(uint64_t v, unsigned s)
{
    return (v >> s) | ((v >> 63) && s ? ~(~0ull >> s) : 0);
}
static inline int64_t sext24(uint32_t v) { return (int64_t)((int32_t)(v << 8) / 256); }
static inline int32_t s32(uint32_t v) { return (int32_t)v; }
static inline uint32_t sat_i32(int64_t v) { return (uint32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v); }
static inline uint32_t sat_u32(uint64_t v) { return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v; }
static inline uint32_t bitrev32(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}
static inline uint32_t clz_or_neg1(uint32_t v) { return v ? (uint32_t)__builtin_clz(v) : 0xffffffffu; }
static inline uint32_t ctz_or_neg1(uint32_t v) { return v ? (uint32_t)__builtin_ctz(v) : 0xffffffffu; }
static inline uint32_t popc(uint32_t v) { return (uint32_t)__builtin_popcount(v); }
static inline uint32_t smin(uint32_t a, uint32_t b) { return s32(a) < s32(b) ? a : b; }
static inline uint32_t smax(uint32_t a, uint32_t b) { return s32(a) > s32(b) ? a : b; }
static inline uint32_t umin(uint32_t a, uint32_t b) { return a < b ? a : b; }
static inline uint32_t umax(uint32_t a, uint32_t b) { return a > b ? a : b; }

static uint32_t bfe_i32(uint32_t v, uint32_t off, uint32_t width)
{
    off &= 31;
    width &= 31;
    if (width == 0)
        return 0;
    if (off + width < 32) {
        uint32_t f = (v >> off) & ((1u << width) - 1);
        uint32_t sign = 1u << (width - 1);
        return (f ^ sign) - sign; /* sign-extend the field */
    }
    return asr32(v, off); /* the field reaches bit 31: its sign is the value's sign */
}

/* mbcnt masks: lanes below `lane` within the low / high half of a 64-bit mask. */
static inline uint32_t below_lo(int lane) { return lane >= 32 ? 0xffffffffu : (1u << lane) - 1; }
static inline uint32_t below_hi(int lane) { return lane < 32 ? 0 : (1u << (lane - 32)) - 1; }

/* Read source i (zero when the operand is absent, so no lane is ever uninitialised). */
static void rd32(const isa_wave_t *w, const isa_inst_t *in, int i, uint32_t out[NL])
{
    if (in->src[i].code == ISA_OPND_NONE)
        memset(out, 0, sizeof(uint32_t) * NL);
    else
        isa_x_read_v32(w, in, in->src[i], out);
}

/* Source i's 64 lanes without a copy: the VGPR row itself, zeros for an absent operand, or the
 * scalar/constant broadcast into buf. The same values rd32 gives. */
static const uint32_t zero_lanes[NL];
static const uint32_t *row32(const isa_wave_t *w, const isa_inst_t *in, int i, uint32_t buf[NL])
{
    isa_operand_t o = in->src[i];
    if (isa_opnd_is_vgpr(o))
        return w->vgpr + (size_t)isa_x_vreg(o) * NL;
    if (o.code == ISA_OPND_NONE)
        return zero_lanes;
    uint32_t v = isa_x_read_s32(w, in, o);
    for (int l = 0; l < NL; l++)
        buf[l] = v;
    return buf;
}

static void write_v64(isa_wave_t *w, const isa_inst_t *in, uint64_t exec, const uint64_t d[NL])
{
    uint32_t lo[NL], hi[NL];
    for (int l = 0; l < NL; l++) {
        lo[l] = (uint32_t)d[l];
        hi[l] = (uint32_t)(d[l] >> 32);
    }
    uint32_t r = isa_x_vreg(in->vdst);
    isa_x_write_v32(w, r, exec, lo);
    isa_x_write_v32(w, r + 1, exec, hi);
}

/* ---- carries: v_add/sub/subrev_u32 and the carry-in forms ------------------------------------ */

typedef enum { CY_ADD, CY_SUB, CY_SUBREV } carry_kind_t;

/* d = x + y (x - y) with the carry (borrow) of each lane as a flag; restrict, so that the loops
 * vectorise without a run-time overlap check (the sources may be VGPR rows, d and cy are local). */
static inline void add_flags(const uint32_t *restrict x, const uint32_t *restrict y, uint32_t *restrict d,
                             uint8_t *restrict cy)
{
    for (int l = 0; l < NL; l++) {
        d[l] = x[l] + y[l];
        cy[l] = d[l] < x[l];
    }
}
static inline void sub_flags(const uint32_t *restrict x, const uint32_t *restrict y, uint32_t *restrict d,
                             uint8_t *restrict cy)
{
    for (int l = 0; l < NL; l++) {
        d[l] = x[l] - y[l];
        cy[l] = x[l] < y[l];
    }
}

static void carry_op(isa_wave_t *w, const isa_inst_t *in, uint64_t exec, carry_kind_t kind, bool cin_used)
{
    uint32_t ba[NL], bb[NL], d[NL];
    uint8_t cy[NL];
    const uint32_t *a = row32(w, in, 0, ba), *b = row32(w, in, 1, bb);
    uint64_t cin = cin_used ? isa_x_read_s64(w, in, in->src[2], false) : 0;
    const uint32_t *x = kind == CY_SUBREV ? b : a, *y = kind == CY_SUBREV ? a : b;
    /* The 32-bit sum (difference) and its carry (borrow), by compare, in vectorised loops. */
    if (kind == CY_ADD)
        add_flags(x, y, d, cy);
    else
        sub_flags(x, y, d, cy);
    /* A carry-in (borrow-in) then adds (subtracts) one in its lanes only, few in address
     * arithmetic: it carries out of a sum that was all ones (borrows from a difference of zero). */
    for (uint64_t m = cin_used ? cin : 0; m; m &= m - 1) {
        int l = __builtin_ctzll(m);
        if (kind == CY_ADD)
            cy[l] |= d[l]++ == 0xffffffffu;
        else
            cy[l] |= d[l]-- == 0;
    }
    uint64_t cout = isa_x_pack_flags(cy);
    for (int l = 0; l < NL && in->clamp; l++) /* integer clamp saturates: to 0xffffffff, or 0 for a borrow */
        if (cout >> l & 1)
            d[l] = kind == CY_ADD ? 0xffffffffu : 0;
    isa_x_write_v32(w, isa_x_vreg(in->vdst), exec, d);
    isa_x_write_s64(w, isa_valu_mask_dst(in), cout & exec);
}

/* ---- 64-bit results: mad_u64_u32 / mad_i64_i32, 64-bit shifts ------------------------------- */

static void mad64(isa_wave_t *w, const isa_inst_t *in, uint64_t exec, bool is_signed)
{
    uint32_t a[NL], b[NL];
    uint64_t c[NL], d[NL];
    rd32(w, in, 0, a);
    rd32(w, in, 1, b);
    isa_x_read_v64(w, in, in->src[2], false, c);
    uint64_t cout = 0;
    for (int l = 0; l < NL; l++) {
        uint64_t p, r, cy;
        if (is_signed) {
            p = (uint64_t)((int64_t)s32(a[l]) * s32(b[l]));
            r = p + c[l];
            /* Carry-out is bit 64 of the exact 65-bit signed sum, i.e. its sign. */
            bool ovf = ((~(p ^ c[l]) & (p ^ r)) >> 63) & 1;
            cy = ((r >> 63) & 1) ^ (uint64_t)ovf;
        } else {
            p = (uint64_t)a[l] * b[l];
            r = p + c[l];
            cy = r < p;
        }
        d[l] = r;
        cout |= cy << l;
    }
    write_v64(w, in, exec, d);
    isa_x_write_s64(w, isa_valu_mask_dst(in), cout & exec);
}

static void shift64(isa_wave_t *w, const isa_inst_t *in, uint64_t exec, isa_op_t op)
{
    uint32_t bs[NL], lo[NL], hi[NL];
    uint64_t v[NL];
    const uint32_t *s = row32(w, in, 0, bs);
    isa_x_read_v64(w, in, in->src[1], false, v);
    /* One loop per op (the choice out of the lanes), the result split into the two rows as made. */
#define SHIFT64(expr)                                                     \
    for (int l = 0; l < NL; l++) {                                        \
        unsigned n = s[l] & 63;                                           \
        uint64_t r = (expr);                                              \
        lo[l] = (uint32_t)r;                                              \
        hi[l] = (uint32_t)(r >> 32);                                      \
    }
    if (op == ISA_v_lshlrev_b64)
        SHIFT64(v[l] << n)
    else if (op == ISA_v_lshrrev_b64)
        SHIFT64(v[l] >> n)
    else
        SHIFT64(asr64(v[l], n))
#undef SHIFT64
    uint32_t r = isa_x_vreg(in->vdst);
    isa_x_write_v32(w, r, exec, lo);
    isa_x_write_v32(w, r + 1, exec, hi);
}

/* ---- lane ops: readfirstlane, readlane, writelane (scalar <-> one lane) ---------------------- */

static void lane_op(isa_wave_t *w, const isa_inst_t *in, uint64_t exec, isa_op_t op)
{
    if (op == ISA_v_readfirstlane_b32) {
        /* First active lane; lane 0 when EXEC is empty (hardware reads lane 0). */
        int lane = exec ? __builtin_ctzll(exec) : 0;
        uint32_t v[NL];
        rd32(w, in, 0, v);
        isa_x_write_s32(w, in->sdst.code, v[lane]);
    } else if (op == ISA_v_readlane_b32) {
        uint32_t lane = isa_x_read_s32(w, in, in->src[1]) & 63;
        uint32_t v[NL];
        rd32(w, in, 0, v);
        isa_x_write_s32(w, in->sdst.code, v[lane]);
    } else { /* v_writelane_b32: ignores EXEC by definition */
        uint32_t val = isa_x_read_s32(w, in, in->src[0]);
        uint32_t lane = isa_x_read_s32(w, in, in->src[1]) & 63;
        isa_x_vgpr(w, isa_x_vreg(in->vdst))[lane] = val;
    }
}

/* ---- the simple three-input ops: d = f(a, b, c) per lane ------------------------------------ */

/* Integer, bit, lane and 64-bit ops. Like each VALU family handler it returns true when it knows
 * the opcode, so isa_exec_valu can report anything left over as not implemented. */
static bool valu_int(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    uint64_t exec = isa_wave_exec(w);
    switch (op) {
    case ISA_v_nop: return true;
    case ISA_v_add_u32: carry_op(w, in, exec, CY_ADD, false); return true;
    case ISA_v_sub_u32: carry_op(w, in, exec, CY_SUB, false); return true;
    case ISA_v_subrev_u32: carry_op(w, in, exec, CY_SUBREV, false); return true;
    case ISA_v_addc_u32: carry_op(w, in, exec, CY_ADD, true); return true;
    case ISA_v_subb_u32: carry_op(w, in, exec, CY_SUB, true); return true;
    case ISA_v_subbrev_u32: carry_op(w, in, exec, CY_SUBREV, true); return true;
    case ISA_v_mad_u64_u32: mad64(w, in, exec, false); return true;
    case ISA_v_mad_i64_i32: mad64(w, in, exec, true); return true;
    case ISA_v_lshlrev_b64:
    case ISA_v_lshrrev_b64:
    case ISA_v_ashrrev_i64: shift64(w, in, exec, op); return true;
    case ISA_v_readfirstlane_b32:
    case ISA_v_readlane_b32:
    case ISA_v_writelane_b32: lane_op(w, in, exec, op); return true;
    default: break;
    }

    /* The sources in place (row32: no copy of a VGPR row); d is separate, written at the end. */
    uint32_t b0[NL], b1[NL], b2[NL], d[NL];
    const uint32_t *s0 = row32(w, in, 0, b0), *s1 = row32(w, in, 1, b1);
    /* v_cndmask's src[2] is a lane mask, read below as 64 bits */
    const uint32_t *s2 = op == ISA_v_cndmask_b32 ? zero_lanes : row32(w, in, 2, b2);

    switch (op) {
    case ISA_v_mov_b32: LANES(a); break;
    case ISA_v_not_b32: LANES(~a); break;
    case ISA_v_bfrev_b32: LANES(bitrev32(a)); break;
    case ISA_v_ffbh_u32: LANES(clz_or_neg1(a)); break;
    case ISA_v_ffbl_b32: LANES(ctz_or_neg1(a)); break;
    /* Leading bits equal to the sign bit: clz of the value with its sign folded away. */
    case ISA_v_ffbh_i32: LANES(clz_or_neg1(a ^ asr32(a, 31))); break;
    case ISA_v_cndmask_b32: {
        uint64_t m = isa_x_read_s64(w, in, in->src[2], false);
        for (int k = 0; k < 2; k++) { /* e64 neg/abs: the sign bit, as on a float (on a copy) */
            uint32_t clr = in->src[k].abs ? 0x80000000u : 0, flip = in->src[k].neg ? 0x80000000u : 0;
            if (!(clr | flip))
                continue;
            uint32_t *s = k ? b1 : b0;
            const uint32_t *from = k ? s1 : s0;
            for (int l = 0; l < NL; l++)
                s[l] = (from[l] & ~clr) ^ flip;
            if (k)
                s1 = b1;
            else
                s0 = b0;
        }
        for (int l = 0; l < NL; l++)
            d[l] = (m >> l) & 1 ? s1[l] : s0[l];
        break;
    }
    case ISA_v_min_i32: LANES(smin(a, b)); break;
    case ISA_v_max_i32: LANES(smax(a, b)); break;
    case ISA_v_min_u32: LANES(umin(a, b)); break;
    case ISA_v_max_u32: LANES(umax(a, b)); break;
    case ISA_v_and_b32: LANES(a & b); break;
    case ISA_v_or_b32: LANES(a | b); break;
    case ISA_v_xor_b32: LANES(a ^ b); break;
    /* *rev shifts: src0 is the shift amount. */
    case ISA_v_lshrrev_b32: LANES(b >> (a & 31)); break;
    case ISA_v_ashrrev_i32: LANES(asr32(b, a & 31)); break;
    case ISA_v_lshlrev_b32: LANES(b << (a & 31)); break;
    /* 16-bit ops on gfx8 zero the high half of the destination. */
    case ISA_v_lshlrev_b16: LANES(((b & 0xffffu) << (a & 15)) & 0xffffu); break;
    case ISA_v_lshrrev_b16: LANES((b & 0xffffu) >> (a & 15)); break;
    /* clamp on the 24-bit multiplies saturates to the 32-bit range (VOP3 integer clamp). */
    case ISA_v_mul_i32_i24:
        if (in->clamp)
            LANES(sat_i32(sext24(a) * sext24(b)));
        else
            LANES((uint32_t)(uint64_t)(sext24(a) * sext24(b)));
        break;
    case ISA_v_mul_hi_i32_i24: LANES((uint32_t)((uint64_t)(sext24(a) * sext24(b)) >> 32)); break;
    case ISA_v_mul_u32_u24:
        if (in->clamp)
            LANES(sat_u32((uint64_t)(a & 0xffffffu) * (b & 0xffffffu)));
        else
            LANES((uint32_t)((uint64_t)(a & 0xffffffu) * (b & 0xffffffu)));
        break;
    case ISA_v_mul_hi_u32_u24: LANES((uint32_t)(((uint64_t)(a & 0xffffffu) * (b & 0xffffffu)) >> 32)); break;
    case ISA_v_mad_i32_i24:
        if (in->clamp)
            LANES(sat_i32(sext24(a) * sext24(b) + s32(c)));
        else
            LANES((uint32_t)(uint64_t)(sext24(a) * sext24(b)) + c);
        break;
    case ISA_v_mad_u32_u24:
        if (in->clamp)
            LANES(sat_u32((uint64_t)(a & 0xffffffu) * (b & 0xffffffu) + c));
        else
            LANES((uint32_t)((uint64_t)(a & 0xffffffu) * (b & 0xffffffu)) + c);
        break;
    case ISA_v_bfe_u32: LANES((c & 31) ? (a >> (b & 31)) & ((1u << (c & 31)) - 1) : 0); break;
    case ISA_v_bfe_i32: LANES(bfe_i32(a, b, c)); break;
    case ISA_v_bfi_b32: LANES((a & b) | (~a & c)); break;
    case ISA_v_alignbit_b32: LANES((uint32_t)((((uint64_t)a << 32) | b) >> (c & 31))); break;
    case ISA_v_alignbyte_b32: LANES((uint32_t)((((uint64_t)a << 32) | b) >> (8 * (c & 3)))); break;
    case ISA_v_min3_i32: LANES(smin(smin(a, b), c)); break;
    case ISA_v_max3_i32: LANES(smax(smax(a, b), c)); break;
    case ISA_v_med3_i32: LANES(smax(smin(a, b), smin(smax(a, b), c))); break;
    case ISA_v_min3_u32: LANES(umin(umin(a, b), c)); break;
    case ISA_v_max3_u32: LANES(umax(umax(a, b), c)); break;
    case ISA_v_med3_u32: LANES(umax(umin(a, b), umin(umax(a, b), c))); break;
    case ISA_v_mul_lo_u32:
    case ISA_v_mul_lo_i32: LANES(a * b); break; /* the low half is sign-agnostic */
    case ISA_v_mul_hi_u32: LANES((uint32_t)(((uint64_t)a * b) >> 32)); break;
    case ISA_v_mul_hi_i32: LANES((uint32_t)((uint64_t)((int64_t)s32(a) * s32(b)) >> 32)); break;
    case ISA_v_bcnt_u32_b32: LANES(popc(a) + b); break;
    case ISA_v_mbcnt_lo_u32_b32:
        for (int l = 0; l < NL; l++)
            d[l] = popc(s0[l] & below_lo(l)) + s1[l];
        break;
    case ISA_v_mbcnt_hi_u32_b32:
        for (int l = 0; l < NL; l++)
            d[l] = popc(s0[l] & below_hi(l)) + s1[l];
        break;
    case ISA_v_bfm_b32: LANES(((1u << (a & 31)) - 1) << (b & 31)); break;
    default: return false;
    }
    isa_x_write_v32(w, isa_x_vreg(in->vdst), exec, d);
    return true;
}

/* The width of a VALU operand by its signature: the vdst (slot -1) is the D group, the sources
 * the S/V/c groups in order; C (the lane-mask destination) is not a source. */
static unsigned sig_width(const char *sig, int slot)
{
    int src = 0;
    for (const char *p = sig; *p; p++) {
        if (p != sig && p[-1] != ' ')
            continue;
        bool dst = *p == 'D';
        if (*p == 'C' || (!dst && slot < 0) || (dst && slot >= 0) || (!dst && src++ != slot))
            continue;
        return p[1] >= '2' && p[1] <= '9' ? (unsigned)(p[1] - '0') : 1;
    }
    return 1;
}

/* Registers an operand covers: its range, or 2 for the 64-bit operands of these ops. */
static unsigned opnd_width(isa_op_t op, int slot)
{
    switch (op) {
    case ISA_v_mad_u64_u32:
    case ISA_v_mad_i64_i32: return slot < 0 || slot == 2 ? 2 : 1;
    case ISA_v_lshlrev_b64:
    case ISA_v_lshrrev_b64:
    case ISA_v_ashrrev_i64: return slot < 0 || slot == 1 ? 2 : 1;
    default:
        if (op >= ISA_v_cmp_f_i64 && op <= ISA_v_cmpx_t_u64)
            return slot >= 0 ? 2 : 1;
        if (isa_ops[op].flags & ISA_FL_F64)
            return sig_width(isa_ops[op].sig, slot);
        return 1;
    }
}

/* One past the last VGPR an operand at least `minw` registers wide covers (its range, or minw
 * when larger), 0 when not a VGPR. */
static inline uint32_t vgpr_end(isa_operand_t o, uint32_t minw)
{
    uint32_t n = o.count > minw ? o.count : minw;
    return isa_opnd_is_vgpr(o) ? isa_x_vreg(o) + n : 0;
}

static bool vgpr_ok(const isa_wave_t *w, isa_operand_t o, unsigned width)
{
    return vgpr_end(o, width) <= w->nvgpr;
}

/* CDNA (agpr): an AGPR operand of an instruction whose signature takes none (X, x, Y, y: the AGPR
 * moves, the MFMA), which only a hand-built instruction can have: vgpr_end does not bound it. */
static bool agpr_misplaced(const isa_inst_t *in)
{
    bool a = isa_opnd_is_agpr(in->vdst);
    for (int i = 0; i < ISA_MAX_SRCS; i++)
        a |= isa_opnd_is_agpr(in->src[i]);
    return a && !strpbrk(isa_ops[in->op].sig, "XxYy");
}

/* A malformed instruction (hand-built, or VGPRs beyond the wave's allocation) faults cleanly
 * instead of touching memory outside the register file. */
static inline __attribute__((always_inline)) bool operands_ok(const isa_wave_t *w, const isa_inst_t *in,
                                                              isa_exec_result_t *res)
{
    isa_op_t op = (isa_op_t)in->op;
    const char *sig = isa_ops[op].sig;
    if (sig[0] == 'D' && !isa_opnd_is_vgpr(in->vdst)) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: destination is not a VGPR", isa_ops[op].name);
        return false;
    }
    if (agpr_misplaced(in)) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: an AGPR operand, which it does not take", isa_ops[op].name);
        return false;
    }
    /* Fast path: the largest end, without branches, against the allocation, every operand taken
     * as one register wide (opnd_width 1) or, for the ops with 64-bit operands, as two (the widest
     * opnd_width gives: a pass here is a pass there). Otherwise, or to fault, the general check. */
    bool wide = op == ISA_v_mad_u64_u32 || op == ISA_v_mad_i64_i32 || op == ISA_v_lshlrev_b64 ||
                op == ISA_v_lshrrev_b64 || op == ISA_v_ashrrev_i64 ||
                (op >= ISA_v_cmp_f_i64 && op <= ISA_v_cmpx_t_u64) || (isa_ops[op].flags & ISA_FL_F64);
    uint32_t minw = wide ? 2 : 1;
    uint32_t end = vgpr_end(in->vdst, minw);
    for (int i = 0; i < ISA_MAX_SRCS; i++) {
        uint32_t e = vgpr_end(in->src[i], minw);
        end = e > end ? e : end;
    }
    if (end <= w->nvgpr)
        return true;
    bool ok = vgpr_ok(w, in->vdst, opnd_width(op, -1));
    for (int i = 0; i < ISA_MAX_SRCS; i++)
        ok = ok && vgpr_ok(w, in->src[i], opnd_width(op, i));
    if (!ok)
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: VGPR operand beyond the wave's %u VGPRs",
                    isa_ops[op].name, w->nvgpr);
    return ok;
}

/* The family handler of `in`; true when it knows the opcode. */
static inline __attribute__((always_inline)) bool valu_dispatch_inline(isa_wave_t *w, const isa_inst_t *in,
                                                                      isa_exec_result_t *res)
{
    if (isa_valu_f16_owns(in->op))
        return isa_valu_f16(w, in);
    if (isa_valu_vop3p_owns(in->op)) /* gfx9's packed math (exec_vop3p.c) */
        return isa_valu_vop3p(w, in);
    if (isa_valu9_owns(in->op)) /* gfx9 (exec_valu9.c) */
        return isa_valu9(w, in);
    if (isa_exec_cdna_owns(in->op)) /* CDNA (exec_cdna.c; cdnaisa) */
        return isa_exec_cdna(w, in);
    if (isa_ops[in->op].enc == ISA_ENC_VOPC)
        return isa_valu_cmp(w, in);
    if (isa_ops[in->op].flags & ISA_FL_F64)
        return isa_valu_f64(w, in);
    /* the VOP3 extras (exec_valu_pack.c) after the families that do not know them, so that the
     * common instructions pay nothing for them */
    if (isa_ops[in->op].flags & ISA_FL_FLOAT)
        return isa_valu_float(w, in) || isa_valu_vop3x(w, in, res);
    return valu_int(w, in) || isa_valu_vop3x(w, in, res) || isa_valu_agpr(w, in, res); /* CDNA's AGPR moves */
}
static bool valu_dispatch(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    return valu_dispatch_inline(w, in, res);
}

/* The SDWA/DPP layer's callback (exec_sdwa_dpp.c). Those forms exist only for VOP1/VOP2/VOPC, whose
 * families never fault through the result, so a local one serves. */
static bool valu_run(isa_wave_t *w, const isa_inst_t *in)
{
    isa_exec_result_t unused;
    return valu_dispatch(w, in, &unused);
}

/* MODE bits that change how a VALU instruction executes: the round fields [3:0] (not nearest
 * even: the rounding instructions run under the host rounding mode they select, exec_valu_div.c)
 * and GPR_IDX_EN [27] (VGPR index mode: operands offset by M0, exec_gpr_idx.c). Both are 0 unless
 * the program set them, so the ordinary path costs one test of the MODE word. */
enum { MODE_SPECIAL = 0xfu | 1u << 27 };

/* The rare path, kept out of line so that the ordinary one compiles as before. */
static __attribute__((noinline)) void valu_special(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    isa_inst_t indexed;
    if (w->gpr_idx_on)
        in = isa_valu_indexed(w, in, &indexed);
    res->lanes = isa_wave_exec(w);
    if (!operands_ok(w, in, res))
        return;
    if (in->form != ISA_FORM_PLAIN) { /* SDWA, DPP: a layer around the same semantics */
        isa_valu_ext(w, in, res, valu_run);
        return;
    }
    bool done = (w->mode & 0xfu) ? isa_valu_rounded(w, in, res, valu_dispatch) : valu_dispatch(w, in, res);
    if (!done)
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: VALU instruction not implemented", isa_ops[in->op].name);
}

void isa_exec_valu(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    /* Predecoded at load (isa_inst_predecode): the operands' check is one compare, and the f32
     * fast path's instructions go straight to it */
    if (__builtin_expect(in->exec_kind != ISA_XK_NONE && !(w->mode & MODE_SPECIAL) && in->vgpr_end <= w->nvgpr, 1)) {
        res->lanes = isa_wave_exec(w);
        if (in->exec_kind == ISA_XK_F32)
            isa_valu_f32_fast(w, in);
        else if (!valu_dispatch_inline(w, in, res))
            isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: VALU instruction not implemented", isa_ops[in->op].name);
        return;
    }
    /* CDNA's matrix instructions (exec_mfma.c), never of a fast path (their exec_kind is NONE): asked
     * here rather than before every VALU instruction */
    if (isa_ops[in->op].flags & ISA_FL_MFMA) {
        isa_exec_mfma(w, in, res);
        return;
    }
    if (__builtin_expect((w->mode & MODE_SPECIAL) != 0, 0)) {
        valu_special(w, in, res);
        return;
    }
    res->lanes = isa_wave_exec(w);
    if (!operands_ok(w, in, res))
        return;
    if (in->form != ISA_FORM_PLAIN) { /* SDWA, DPP: a layer around the same semantics */
        isa_valu_ext(w, in, res, valu_run);
        return;
    }
    if (!valu_dispatch_inline(w, in, res))
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: VALU instruction not implemented", isa_ops[in->op].name);
}

void isa_valu_predecode(isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    in->exec_kind = ISA_XK_NONE;
    in->vgpr_end = 0;
    /* what operands_ok checks at every execution, decided once; SDWA and DPP keep the general
     * path */
    if (in->form != ISA_FORM_PLAIN || (isa_ops[op].sig[0] == 'D' && !isa_opnd_is_vgpr(in->vdst)) || agpr_misplaced(in))
        return;
    uint32_t end = vgpr_end(in->vdst, opnd_width(op, -1));
    for (int i = 0; i < ISA_MAX_SRCS; i++) {
        uint32_t e = vgpr_end(in->src[i], opnd_width(op, i));
        end = e > end ? e : end;
    }
    in->vgpr_end = (uint16_t)end;
    in->exec_kind = isa_valu_f32_fast_ok(in) ? ISA_XK_F32 : ISA_XK_VALU;
}

/* exec_salu: scalar ALU (SOP1, SOP2, SOPC, SOPK), program control (SOPP) and scalar memory
 * (SMEM) semantics. The rules, including SCC for every op class, are listed with their sources in
 * docs/semantics-scalar-memory.md (GCN3 ISA manual, section 5 and chapter 12). */
#include "exec/exec_salu.h"

#include "exec/exec_operands.h"
#include "common/le.h"

#include <inttypes.h>

/* 64-bit scalar source. Inline float constants in a 64-bit operand mean their f64 bit pattern
 * (as LLVM encodes them); literals are zero-extended and inline integers sign-extended. */
static uint64_t rd64(const isa_wave_t *w, const isa_inst_t *in, isa_operand_t o)
{
    bool f = o.code >= ISA_CONST_F_HALF && o.code <= ISA_CONST_F_INV2PI;
    return isa_x_read_s64(w, in, o, f);
}

static uint32_t rd32(const isa_wave_t *w, const isa_inst_t *in, int i)
{
    return isa_x_read_s32(w, in, in->src[i]);
}

/* Arithmetic right shifts written without relying on implementation-defined signed shifts. */
static uint32_t ashr32(uint32_t x, unsigned n)
{
    uint32_t r = x >> n;
    if ((x >> 31) && n)
        r |= ~(UINT32_MAX >> n);
    return r;
}

static uint64_t ashr64(uint64_t x, unsigned n)
{
    uint64_t r = x >> n;
    if ((x >> 63) && n)
        r |= ~(UINT64_MAX >> n);
    return r;
}

static uint32_t popcount64(uint64_t x)
{
    uint32_t n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static uint32_t brev32(uint32_t x)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        r |= ((x >> i) & 1u) << (31 - i);
    return r;
}

/* Index of the lowest set bit, -1 (all ones) when none. */
static uint32_t ff1_64(uint64_t x)
{
    if (!x)
        return UINT32_MAX;
    uint32_t i = 0;
    while (!(x & 1)) {
        x >>= 1;
        i++;
    }
    return i;
}

/* Leading zeros counted from the MSB, -1 when the source is zero. */
static uint32_t flbit32(uint32_t x)
{
    if (!x)
        return UINT32_MAX;
    uint32_t n = 0;
    while (!(x & 0x80000000u)) {
        x <<= 1;
        n++;
    }
    return n;
}

static uint64_t brev64(uint64_t x)
{
    return (uint64_t)brev32((uint32_t)x) << 32 | brev32((uint32_t)(x >> 32));
}

/* Leading zeros of a 64-bit value from the MSB, -1 when it is zero. */
static uint32_t flbit64(uint64_t x)
{
    return x >> 32 ? flbit32((uint32_t)(x >> 32)) : (uint32_t)x ? 32 + flbit32((uint32_t)x) : UINT32_MAX;
}

/* Signed forms: the first bit (from the MSB) that differs from the sign bit, -1 for 0 and -1.
 * A negative value is complemented first, which turns that bit into the first set bit. */
static uint32_t flbit_signed(uint64_t x, unsigned bits)
{
    if ((x >> (bits - 1)) & 1)
        x = ~x & (bits == 32 ? UINT32_MAX : UINT64_MAX);
    return bits == 32 ? flbit32((uint32_t)x) : flbit64(x);
}

/* s_wqm: every quad (4 bits) with any bit set becomes all ones. */
static uint64_t wqm(uint64_t x)
{
    uint64_t r = 0;
    for (int q = 0; q < 64; q += 4)
        if ((x >> q) & 0xf)
            r |= 0xfull << q;
    return r;
}

/* s_quadmask: bit q of the result = quad q (bits 4q..4q+3) of the source has any bit set. */
static uint64_t quadmask(uint64_t x)
{
    uint64_t r = 0;
    for (int q = 0; q < 16; q++)
        if ((x >> (4 * q)) & 0xf)
            r |= 1ull << q;
    return r;
}

/* Bit-field extract: ctl = offset | width << 16. A field running past the top of the source is
 * cut there (so a signed field then takes the source's top bit as its sign). */
static uint64_t bfe(uint64_t s, uint32_t ctl, unsigned bits, bool sign)
{
    unsigned off = ctl & (bits - 1);
    unsigned wid = (ctl >> 16) & 0x7f;
    if (wid == 0)
        return 0;
    if (off + wid >= bits) {
        uint64_t r = sign ? ashr64(s << (64 - bits), off + (64 - bits)) : s >> off;
        return bits == 32 ? (r & UINT32_MAX) : r;
    }
    uint64_t mask = (1ull << wid) - 1;
    uint64_t r = (s >> off) & mask;
    if (sign && (r >> (wid - 1) & 1))
        r |= ~mask;
    return bits == 32 ? (r & UINT32_MAX) : r;
}

static void wr32(isa_wave_t *w, const isa_inst_t *in, uint32_t v) { isa_x_write_s32(w, in->sdst.code, v); }

/* A hardware register as s_getreg_b32 reads it (isa.h): STATUS with its live SCC [0], EXECZ [9]
 * and VCCZ [10] bits. */
static uint32_t hwreg_read(const isa_wave_t *w, unsigned id)
{
    switch (id) {
    case ISA_HWREG_MODE: return w->mode;
    case ISA_HWREG_STATUS:
        return w->status | w->scc | (uint32_t)(isa_wave_exec(w) == 0) << 9 | (uint32_t)(isa_wave_vcc(w) == 0) << 10;
    case ISA_HWREG_TRAPSTS: return w->trapsts;
    case ISA_HWREG_HW_ID: return w->hw_id;
    case ISA_HWREG_GPR_ALLOC: return w->gpr_alloc;
    case ISA_HWREG_LDS_ALLOC: return w->lds_alloc;
    case ISA_HWREG_IB_STS: return w->ib_sts;
    case ISA_HWREG_SH_MEM_BASES: return 0; /* gfx9 only: no LDS or scratch aperture (isa.h) */
    default: return 0; /* the assembler and the decoder take no other id */
    }
}
static void wr64(isa_wave_t *w, const isa_inst_t *in, uint64_t v) { isa_x_write_s64(w, in->sdst.code, v); }

static void set_exec(isa_wave_t *w, uint64_t e)
{
    w->sreg[ISA_REG_EXEC_LO] = (uint32_t)e;
    w->sreg[ISA_REG_EXEC_HI] = (uint32_t)(e >> 32);
}

/* SOP1 ops; returns false when `in` is not one. */
static bool exec_sop1(isa_wave_t *w, const isa_inst_t *in)
{
    uint64_t r;
    switch (in->op) {
    case ISA_s_mov_b32: wr32(w, in, rd32(w, in, 0)); return true;
    case ISA_s_mov_b64: wr64(w, in, rd64(w, in, in->src[0])); return true;
    case ISA_s_cmov_b32: if (w->scc) wr32(w, in, rd32(w, in, 0)); return true;
    case ISA_s_cmov_b64: if (w->scc) wr64(w, in, rd64(w, in, in->src[0])); return true;
    case ISA_s_not_b32:
        r = ~rd32(w, in, 0) & UINT32_MAX;
        wr32(w, in, (uint32_t)r);
        w->scc = r != 0;
        return true;
    case ISA_s_not_b64:
        r = ~rd64(w, in, in->src[0]);
        wr64(w, in, r);
        w->scc = r != 0;
        return true;
    case ISA_s_brev_b32: wr32(w, in, brev32(rd32(w, in, 0))); return true;
    case ISA_s_brev_b64: wr64(w, in, brev64(rd64(w, in, in->src[0]))); return true;
    case ISA_s_bcnt0_i32_b32:
    case ISA_s_bcnt0_i32_b64:
        r = in->op == ISA_s_bcnt0_i32_b32 ? 32 - popcount64(rd32(w, in, 0)) : 64 - popcount64(rd64(w, in, in->src[0]));
        wr32(w, in, (uint32_t)r);
        w->scc = r != 0;
        return true;
    case ISA_s_ff0_i32_b32: wr32(w, in, ff1_64(~rd32(w, in, 0) & UINT32_MAX)); return true;
    case ISA_s_ff0_i32_b64: wr32(w, in, ff1_64(~rd64(w, in, in->src[0]))); return true;
    case ISA_s_flbit_i32_b64: wr32(w, in, flbit64(rd64(w, in, in->src[0]))); return true;
    case ISA_s_flbit_i32: wr32(w, in, flbit_signed(rd32(w, in, 0), 32)); return true;
    case ISA_s_flbit_i32_i64: wr32(w, in, flbit_signed(rd64(w, in, in->src[0]), 64)); return true;
    /* Bit set/clear read-modify-write D; the bit index is S0[4:0] (S0[5:0] for b64). No SCC. */
    case ISA_s_bitset0_b32: case ISA_s_bitset1_b32: {
        uint32_t bit = 1u << (rd32(w, in, 0) & 31), d = isa_x_read_s32(w, in, in->sdst);
        wr32(w, in, in->op == ISA_s_bitset1_b32 ? d | bit : d & ~bit);
        return true;
    }
    case ISA_s_bitset0_b64: case ISA_s_bitset1_b64: {
        uint64_t bit = 1ull << (rd32(w, in, 0) & 63), d = isa_x_read_s64(w, in, in->sdst, false);
        wr64(w, in, in->op == ISA_s_bitset1_b64 ? d | bit : d & ~bit);
        return true;
    }
    case ISA_s_abs_i32:
        /* 0x80000000 stays itself (the manual's two's-complement absolute value). */
        r = rd32(w, in, 0);
        r = (r >> 31) ? (0u - (uint32_t)r) : r;
        wr32(w, in, (uint32_t)r);
        w->scc = r != 0;
        return true;
    case ISA_s_wqm_b32:
        r = wqm(rd32(w, in, 0)) & UINT32_MAX;
        wr32(w, in, (uint32_t)r);
        w->scc = r != 0;
        return true;
    case ISA_s_wqm_b64:
        r = wqm(rd64(w, in, in->src[0]));
        wr64(w, in, r);
        w->scc = r != 0;
        return true;
    case ISA_s_quadmask_b32:
        r = quadmask(rd32(w, in, 0));
        wr32(w, in, (uint32_t)r);
        w->scc = r != 0;
        return true;
    case ISA_s_quadmask_b64:
        r = quadmask(rd64(w, in, in->src[0]));
        wr64(w, in, r);
        w->scc = r != 0;
        return true;
    case ISA_s_bcnt1_i32_b32:
    case ISA_s_bcnt1_i32_b64:
        r = popcount64(in->op == ISA_s_bcnt1_i32_b32 ? rd32(w, in, 0) : rd64(w, in, in->src[0]));
        wr32(w, in, (uint32_t)r);
        w->scc = r != 0;
        return true;
    case ISA_s_ff1_i32_b32: wr32(w, in, ff1_64(rd32(w, in, 0))); return true;
    case ISA_s_ff1_i32_b64: wr32(w, in, ff1_64(rd64(w, in, in->src[0]))); return true;
    case ISA_s_flbit_i32_b32: wr32(w, in, flbit32(rd32(w, in, 0))); return true;
    case ISA_s_sext_i32_i8: wr32(w, in, (uint32_t)(int32_t)(int8_t)(uint8_t)rd32(w, in, 0)); return true;
    case ISA_s_sext_i32_i16: wr32(w, in, (uint32_t)(int32_t)(int16_t)(uint16_t)rd32(w, in, 0)); return true;
    case ISA_s_getpc_b64: wr64(w, in, w->code_base + in->pc + in->size); return true;
    case ISA_s_and_saveexec_b64:
    case ISA_s_or_saveexec_b64:
    case ISA_s_xor_saveexec_b64:
    case ISA_s_andn2_saveexec_b64:
    case ISA_s_orn2_saveexec_b64:
    case ISA_s_nand_saveexec_b64:
    case ISA_s_nor_saveexec_b64:
    case ISA_s_xnor_saveexec_b64: {
        /* D = EXEC; EXEC = S0 op EXEC (the n2 forms invert EXEC, not S0); SCC = EXEC != 0.
         * S0 is read before D is written so that D may alias S0. */
        uint64_t old = isa_wave_exec(w), s0 = rd64(w, in, in->src[0]), e;
        switch (in->op) {
        case ISA_s_and_saveexec_b64: e = s0 & old; break;
        case ISA_s_or_saveexec_b64: e = s0 | old; break;
        case ISA_s_xor_saveexec_b64: e = s0 ^ old; break;
        case ISA_s_andn2_saveexec_b64: e = s0 & ~old; break;
        case ISA_s_orn2_saveexec_b64: e = s0 | ~old; break;
        case ISA_s_nand_saveexec_b64: e = ~(s0 & old); break;
        case ISA_s_nor_saveexec_b64: e = ~(s0 | old); break;
        default: e = ~(s0 ^ old); break; /* xnor */
        }
        wr64(w, in, old);
        set_exec(w, e);
        w->scc = e != 0;
        return true;
    }
    /* gfx9 (valu9): the n1 forms invert S0; the wrexec forms write the new EXEC to D as well. */
    case ISA_s_andn1_saveexec_b64:
    case ISA_s_orn1_saveexec_b64:
    case ISA_s_andn1_wrexec_b64:
    case ISA_s_andn2_wrexec_b64: {
        uint64_t old = isa_wave_exec(w), s0 = rd64(w, in, in->src[0]), e;
        e = in->op == ISA_s_orn1_saveexec_b64 ? ~s0 | old : in->op == ISA_s_andn2_wrexec_b64 ? s0 & ~old : ~s0 & old;
        bool wrexec = in->op == ISA_s_andn1_wrexec_b64 || in->op == ISA_s_andn2_wrexec_b64;
        wr64(w, in, wrexec ? e : old);
        set_exec(w, e);
        w->scc = e != 0;
        return true;
    }
    case ISA_s_bitreplicate_b64_b32: { /* bit i of S0 to bits 2i and 2i+1 of D */
        uint32_t s0 = rd32(w, in, 0);
        uint64_t r = 0;
        for (unsigned i = 0; i < 32; i++)
            r |= (uint64_t)((s0 >> i) & 1) * 3u << (2 * i);
        wr64(w, in, r);
        return true;
    }
    default: return false;
    }
}

static uint64_t logic(isa_op_t op, uint64_t a, uint64_t b)
{
    switch (op) {
    case ISA_s_and_b32: case ISA_s_and_b64: return a & b;
    case ISA_s_or_b32: case ISA_s_or_b64: return a | b;
    case ISA_s_xor_b32: case ISA_s_xor_b64: return a ^ b;
    case ISA_s_andn2_b32: case ISA_s_andn2_b64: return a & ~b;
    case ISA_s_orn2_b32: case ISA_s_orn2_b64: return a | ~b;
    case ISA_s_nand_b32: case ISA_s_nand_b64: return ~(a & b);
    case ISA_s_nor_b32: case ISA_s_nor_b64: return ~(a | b);
    default: return ~(a ^ b); /* xnor */
    }
}

/* SOP2 ops; returns false when `in` is not one. */
static bool exec_sop2(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    uint32_t a, b, r;
    uint64_t a64, r64;
    switch (op) {
    case ISA_s_and_b32: case ISA_s_or_b32: case ISA_s_xor_b32: case ISA_s_andn2_b32:
    case ISA_s_orn2_b32: case ISA_s_nand_b32: case ISA_s_nor_b32: case ISA_s_xnor_b32:
        r = (uint32_t)logic(op, rd32(w, in, 0), rd32(w, in, 1));
        wr32(w, in, r);
        w->scc = r != 0;
        return true;
    case ISA_s_and_b64: case ISA_s_or_b64: case ISA_s_xor_b64: case ISA_s_andn2_b64:
    case ISA_s_orn2_b64: case ISA_s_nand_b64: case ISA_s_nor_b64: case ISA_s_xnor_b64:
        r64 = logic(op, rd64(w, in, in->src[0]), rd64(w, in, in->src[1]));
        wr64(w, in, r64);
        w->scc = r64 != 0;
        return true;
    case ISA_s_lshl_b64: case ISA_s_lshr_b64: case ISA_s_ashr_i64:
        a64 = rd64(w, in, in->src[0]);
        b = rd32(w, in, 1) & 63;
        r64 = op == ISA_s_lshl_b64 ? a64 << b : op == ISA_s_lshr_b64 ? a64 >> b : ashr64(a64, b);
        wr64(w, in, r64);
        w->scc = r64 != 0;
        return true;
    case ISA_s_bfm_b64:
        a = rd32(w, in, 0) & 63;
        b = rd32(w, in, 1) & 63;
        wr64(w, in, (a ? (UINT64_MAX >> (64 - a)) : 0) << b);
        return true;
    case ISA_s_bfe_u64: case ISA_s_bfe_i64:
        r64 = bfe(rd64(w, in, in->src[0]), rd32(w, in, 1), 64, op == ISA_s_bfe_i64);
        wr64(w, in, r64);
        w->scc = r64 != 0;
        return true;
    case ISA_s_cselect_b64:
        wr64(w, in, w->scc ? rd64(w, in, in->src[0]) : rd64(w, in, in->src[1]));
        return true;
    default: break;
    }

    a = rd32(w, in, 0);
    b = rd32(w, in, 1);
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    switch (op) {
    case ISA_s_add_u32:
        r = a + b;
        w->scc = r < a;
        break;
    case ISA_s_sub_u32:
        r = a - b;
        w->scc = b > a;
        break;
    case ISA_s_add_i32:
        r = a + b;
        w->scc = ((a ^ r) & (b ^ r)) >> 31; /* operands agree in sign, result differs */
        break;
    case ISA_s_sub_i32:
        r = a - b;
        w->scc = ((a ^ b) & (a ^ r)) >> 31;
        break;
    case ISA_s_addc_u32: {
        uint64_t s = (uint64_t)a + b + w->scc;
        r = (uint32_t)s;
        w->scc = (s >> 32) != 0;
        break;
    }
    case ISA_s_subb_u32: {
        uint64_t sub = (uint64_t)b + w->scc;
        r = a - (uint32_t)sub;
        w->scc = sub > a;
        break;
    }
    /* min/max: SCC = 1 when S0 is the chosen value (strict compare; on a tie S1 is chosen). */
    case ISA_s_min_i32: w->scc = sa < sb; r = w->scc ? a : b; break;
    case ISA_s_min_u32: w->scc = a < b; r = w->scc ? a : b; break;
    case ISA_s_max_i32: w->scc = sa > sb; r = w->scc ? a : b; break;
    case ISA_s_max_u32: w->scc = a > b; r = w->scc ? a : b; break;
    case ISA_s_cselect_b32: r = w->scc ? a : b; break;
    case ISA_s_lshl_b32: r = a << (b & 31); w->scc = r != 0; break;
    case ISA_s_lshr_b32: r = a >> (b & 31); w->scc = r != 0; break;
    case ISA_s_ashr_i32: r = ashr32(a, b & 31); w->scc = r != 0; break;
    case ISA_s_bfm_b32: r = (a & 31 ? (UINT32_MAX >> (32 - (a & 31))) : 0) << (b & 31); break;
    case ISA_s_mul_i32: r = a * b; break;
    case ISA_s_bfe_u32: case ISA_s_bfe_i32:
        r = (uint32_t)bfe(a, b, 32, op == ISA_s_bfe_i32);
        w->scc = r != 0;
        break;
    case ISA_s_absdiff_i32:
        /* 32-bit wrapping difference, then its absolute value (as the manual writes it). */
        r = a - b;
        if ((int32_t)r < 0)
            r = 0u - r;
        w->scc = r != 0;
        break;
    /* gfx9 (valu9): shift-and-add, SCC the carry out of the 64-bit sum (bits shifted out count);
     * the high halves of the 64-bit products (SCC kept); packing of 16-bit halves (SCC kept). */
    case ISA_s_lshl1_add_u32: case ISA_s_lshl2_add_u32: case ISA_s_lshl3_add_u32: case ISA_s_lshl4_add_u32: {
        uint64_t t = ((uint64_t)a << (op - ISA_s_lshl1_add_u32 + 1)) + b;
        r = (uint32_t)t;
        w->scc = (t >> 32) != 0;
        break;
    }
    case ISA_s_mul_hi_u32: r = (uint32_t)(((uint64_t)a * b) >> 32); break;
    case ISA_s_mul_hi_i32: r = (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int32_t)b) >> 32); break;
    case ISA_s_pack_ll_b32_b16: r = (a & 0xffffu) | b << 16; break;
    case ISA_s_pack_lh_b32_b16: r = (a & 0xffffu) | (b & 0xffff0000u); break;
    case ISA_s_pack_hh_b32_b16: r = a >> 16 | (b & 0xffff0000u); break;
    default: return false;
    }
    wr32(w, in, r);
    return true;
}

/* Compare kinds shared by SOPC and SOPK. */
typedef enum { CMP_EQ, CMP_LG, CMP_GT, CMP_GE, CMP_LT, CMP_LE } cmp_t;

static bool compare(cmp_t c, int64_t a, int64_t b)
{
    switch (c) {
    case CMP_EQ: return a == b;
    case CMP_LG: return a != b;
    case CMP_GT: return a > b;
    case CMP_GE: return a >= b;
    case CMP_LT: return a < b;
    default: return a <= b;
    }
}

/* Decode a SOPC/SOPK compare: its condition and whether it is signed. */
static bool cmp_kind(isa_op_t op, cmp_t *c, bool *sign)
{
#define CMP_CASE(name, cond) \
    case ISA_s_cmp_##name##_i32: case ISA_s_cmpk_##name##_i32: *c = cond; *sign = true; return true; \
    case ISA_s_cmp_##name##_u32: case ISA_s_cmpk_##name##_u32: *c = cond; *sign = false; return true;
    switch (op) {
    CMP_CASE(eq, CMP_EQ)
    CMP_CASE(lg, CMP_LG)
    CMP_CASE(gt, CMP_GT)
    CMP_CASE(ge, CMP_GE)
    CMP_CASE(lt, CMP_LT)
    CMP_CASE(le, CMP_LE)
    default: return false;
    }
#undef CMP_CASE
}

/* SOPC and SOPK ops; returns false when `in` is neither. */
static bool exec_sopc_sopk(isa_wave_t *w, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    uint32_t k = (uint32_t)in->simm16 & 0xffffu;
    uint32_t ks = (uint32_t)(int32_t)(int16_t)(uint16_t)k; /* sign-extended immediate */
    cmp_t c;
    bool sign;
    if (cmp_kind(op, &c, &sign)) {
        uint32_t a = rd32(w, in, 0);
        bool sopk = isa_ops[op].enc == ISA_ENC_SOPK;
        /* SOPK: the _i32 forms sign-extend the immediate, the _u32 forms zero-extend it. */
        uint32_t b = sopk ? (sign ? ks : k) : rd32(w, in, 1);
        w->scc = sign ? compare(c, (int32_t)a, (int32_t)b) : compare(c, a, b);
        return true;
    }
    switch (op) {
    case ISA_s_cmp_eq_u64: w->scc = rd64(w, in, in->src[0]) == rd64(w, in, in->src[1]); return true;
    case ISA_s_cmp_lg_u64: w->scc = rd64(w, in, in->src[0]) != rd64(w, in, in->src[1]); return true;
    case ISA_s_bitcmp0_b32: w->scc = ((rd32(w, in, 0) >> (rd32(w, in, 1) & 31)) & 1) == 0; return true;
    case ISA_s_bitcmp1_b32: w->scc = ((rd32(w, in, 0) >> (rd32(w, in, 1) & 31)) & 1) == 1; return true;
    case ISA_s_bitcmp0_b64: w->scc = ((rd64(w, in, in->src[0]) >> (rd32(w, in, 1) & 63)) & 1) == 0; return true;
    case ISA_s_bitcmp1_b64: w->scc = ((rd64(w, in, in->src[0]) >> (rd32(w, in, 1) & 63)) & 1) == 1; return true;
    case ISA_s_movk_i32: wr32(w, in, ks); return true;
    case ISA_s_cmovk_i32: if (w->scc) wr32(w, in, ks); return true;
    case ISA_s_addk_i32: {
        uint32_t d = isa_x_read_s32(w, in, in->sdst), r = d + ks;
        w->scc = ((d ^ r) & (ks ^ r)) >> 31;
        wr32(w, in, r);
        return true;
    }
    case ISA_s_mulk_i32: wr32(w, in, isa_x_read_s32(w, in, in->sdst) * ks); return true;
    /* Bits [offset + size - 1 : offset] of a hardware register (isa.h). MODE and TRAPSTS take
     * writes; the others are read-only, and a write to them changes nothing, as on hardware. */
    case ISA_s_getreg_b32: case ISA_s_setreg_b32: case ISA_s_setreg_imm32_b32: {
        unsigned off = isa_hwreg_offset(in->simm16), size = isa_hwreg_size(in->simm16);
        unsigned id = isa_hwreg_id(in->simm16);
        uint32_t mask = (size >= 32 ? UINT32_MAX : (1u << size) - 1) << off;
        if (op == ISA_s_getreg_b32) {
            wr32(w, in, (hwreg_read(w, id) & mask) >> off);
            return true;
        }
        uint32_t v = rd32(w, in, 0) << off;
        if (id == ISA_HWREG_MODE)
            isa_wave_set_mode(w, (w->mode & ~mask) | (v & mask));
        else if (id == ISA_HWREG_TRAPSTS)
            w->trapsts = (w->trapsts & ~mask) | (v & mask);
        return true;
    }
    default: return false;
    }
}

/* s_movrels/s_movreld: the register operand (S0 for movrels, D for movreld) plus M0 names the
 * SGPR read or written. The sum must stay inside s0..s101; gcnsim faults rather than guess at
 * what the hardware does beyond the wave's SGPRs. Returns false when `in` is not one. */
static bool exec_movrel(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    bool rels = in->op == ISA_s_movrels_b32 || in->op == ISA_s_movrels_b64;
    bool b64 = in->op == ISA_s_movrels_b64 || in->op == ISA_s_movreld_b64;
    if (!rels && in->op != ISA_s_movreld_b32 && in->op != ISA_s_movreld_b64)
        return false;
    isa_operand_t rel = rels ? in->src[0] : in->sdst;
    uint64_t m0 = w->sreg[ISA_REG_M0];
    uint64_t idx = rel.code + m0;
    if (rel.code > ISA_SGPR_MAX || idx + b64 > ISA_SGPR_MAX) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: register %u + M0 (%" PRIu64 ") is outside s0..s%d",
                    isa_ops[in->op].name, (unsigned)rel.code, m0, ISA_SGPR_MAX);
        return true;
    }
    isa_operand_t at = { (uint16_t)idx, (uint8_t)(b64 ? 2 : 1), 0, 0 };
    if (rels) {
        if (b64)
            wr64(w, in, isa_x_read_s64(w, in, at, false));
        else
            wr32(w, in, isa_x_read_s32(w, in, at));
    } else if (b64) {
        isa_x_write_s64(w, at.code, rd64(w, in, in->src[0]));
    } else {
        isa_x_write_s32(w, at.code, rd32(w, in, 0));
    }
    return true;
}

/* s_setpc_b64 / s_swappc_b64: jump to the byte address in S0; s_swappc first saves the address
 * of the next instruction in D (S0 is read before, so D may alias it). The address must be the
 * start of one of the kernel's instructions; anything else faults, as gcnsim holds instructions,
 * not bytes. Returns false when `in` is neither. */
static bool exec_setpc(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    if (in->op != ISA_s_setpc_b64 && in->op != ISA_s_swappc_b64)
        return false;
    uint64_t addr = rd64(w, in, in->src[0]);
    const isa_kernel_t *k = w->kernel;
    uint32_t lo = 0, hi = k ? k->ninsts : 0; /* instructions are in ascending pc order */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (w->code_base + k->insts[mid].pc < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (!k || lo >= k->ninsts || w->code_base + k->insts[lo].pc != addr) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, addr, "%s: address 0x%" PRIx64 " is not the start of an instruction of the kernel",
                    isa_ops[in->op].name, addr);
        return true;
    }
    if (in->op == ISA_s_swappc_b64)
        wr64(w, in, w->code_base + in->pc + in->size);
    res->branch_taken = true;
    res->target = lo;
    return true;
}

void isa_exec_salu(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    bool done;
    if (exec_movrel(w, in, res) || exec_setpc(w, in, res))
        return;
    if (in->op == ISA_s_call_b64) { /* gfx9 (valu9): D = the next instruction's address, then branch */
        wr64(w, in, w->code_base + in->pc + in->size);
        res->branch_taken = true;
        return;
    }
    switch (isa_ops[in->op].enc) {
    case ISA_ENC_SOP1: done = exec_sop1(w, in); break;
    case ISA_ENC_SOP2: done = exec_sop2(w, in); break;
    default: done = exec_sopc_sopk(w, in); break;
    }
    if (!done)
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: not a scalar ALU instruction", isa_ops[in->op].name);
}

void isa_exec_sopp(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    switch (in->op) {
    case ISA_s_endpgm: res->status = ISA_EXEC_END; break;
    case ISA_s_barrier: res->status = ISA_EXEC_BARRIER; break;
    /* Timing-only instructions: the sequencer models them; nothing changes functionally. */
    case ISA_s_nop: case ISA_s_waitcnt: case ISA_s_sleep: case ISA_s_setprio: break;
    /* Hardware state gcnsim does not model (instruction cache, power, thread trace, sleeping waves). */
    case ISA_s_icache_inv: case ISA_s_incperflevel: case ISA_s_decperflevel: case ISA_s_ttracedata:
    case ISA_s_wakeup: break;
    case ISA_s_branch: res->branch_taken = true; break;
    case ISA_s_cbranch_scc0: res->branch_taken = w->scc == 0; break;
    case ISA_s_cbranch_scc1: res->branch_taken = w->scc != 0; break;
    case ISA_s_cbranch_vccz: res->branch_taken = isa_wave_vcc(w) == 0; break;
    case ISA_s_cbranch_vccnz: res->branch_taken = isa_wave_vcc(w) != 0; break;
    case ISA_s_cbranch_execz: res->branch_taken = isa_wave_exec(w) == 0; break;
    case ISA_s_cbranch_execnz: res->branch_taken = isa_wave_exec(w) != 0; break;
    default:
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: not a program-control instruction", isa_ops[in->op].name);
        break;
    }
}

void isa_exec_smem(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    const char *name = isa_ops[in->op].name;
    uint32_t bytes = isa_ops[in->op].mem_bytes;
    /* s_dcache_* (and gfx9's s_dcache_discard*, ISA_FL_NOOP): the functional memory is always coherent */
    if (isa_ops[in->op].sig[0] == '\0' || (isa_ops[in->op].flags & ISA_FL_NOOP))
        return;
    bool store = (isa_ops[in->op].flags & ISA_FL_STORE) != 0; /* s_store_*: data, base, offset */
    if (!(isa_ops[in->op].flags & (ISA_FL_LOAD | ISA_FL_STORE)) || bytes == 0) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: not a scalar load or store", name);
        return;
    }
    /* gfx9's s_scratch_*: the base is FLAT_SCRATCH (SBASE is ignored), the offset a linear byte
     * offset from it (docs/semantics-memory9.md, "Scalar scratch"). */
    bool scratch = in->op >= ISA_s_scratch_load_dword && in->op <= ISA_s_scratch_store_dwordx4;
    uint64_t base = scratch ? (uint64_t)w->sreg[ISA_REG_FLAT_SCRATCH_LO] | (uint64_t)w->sreg[ISA_REG_FLAT_SCRATCH_HI] << 32
                            : isa_x_read_s64(w, in, in->src[store ? 1 : 0], false);
    /* An SGPR offset is unsigned; gfx9's immediate one may be negative (isa_smem_offset). */
    uint64_t off = in->has_soffset_sgpr ? isa_x_read_s32(w, in, in->src[store ? 2 : 1])
                                        : (uint64_t)isa_smem_offset((isa_op_t)in->op, in->offset, w->target);
    uint64_t addr = (base + off) & ~(uint64_t)3; /* SMEM ignores the low two address bits */
    res->lanes = 1;
    res->addr[0] = addr;
    uint8_t *p = w->mem && w->mem->translate ? w->mem->translate(w->mem->ctx, addr, bytes) : NULL;
    if (!p) {
        isa_x_fault(res, ISA_FAULT_UNMAPPED, -1, addr,
                    "%s: scalar %s of %" PRIu32 " bytes at address 0x%" PRIx64 " is not mapped",
                    name, store ? "store" : "load", bytes, addr);
        return;
    }
    if (store) {
        for (uint32_t i = 0; i < bytes / 4; i++) {
            uint32_t v = isa_x_read_s32(w, in, (isa_operand_t){ (uint16_t)(in->src[0].code + i), 1, 0, 0 });
            le_put32(p + 4 * i, v);
        }
        return;
    }
    for (uint32_t i = 0; i < bytes / 4; i++) {
        const uint8_t *q = p + 4 * i;
        uint32_t v = (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
        isa_x_write_dst_s32(w, (uint16_t)(in->sdst.code + i), v);
    }
}

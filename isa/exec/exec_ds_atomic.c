/* exec_ds_atomic: DS atomics beyond the first block, src2 forms, append/consume, ds_nop and
 * ds_permute/bpermute (exec_ds_atomic.h). Definitions: AMD "Graphics Core Next Architecture,
 * Generation 3" ISA manual, section 12.12 (DS instructions) and chapter 9 (Data Share
 * Operations); rules in docs/semantics-scalar-memory.md.
 *
 * As in exec_mem: every active lane's addresses are checked before anything is written (a
 * faulting instruction has no effect), atomics then apply in lane order 0..63, and returned
 * values are written after the memory update (vdst may alias a data register). DS addresses are
 * 32-bit: base + offset wraps modulo 2^32. */
#include "exec/exec_ds_atomic.h"

#include "exec/exec_cdna.h"

#include "exec/exec_operands.h"
#include "common/le.h"

#include <inttypes.h>
#include <math.h>

/* ---- Operations ------------------------------------------------------------------------------- */

typedef enum {
    K_NONE, K_ADD, K_SUB, K_RSUB, K_INC, K_DEC, K_SMIN, K_SMAX, K_UMIN, K_UMAX, K_AND, K_OR, K_XOR,
    K_MSKOR, K_SWAP, K_CMPST, K_FMIN, K_FMAX, K_FADD, K_FCMPST, K_WRAP,
    K_PK_FADD16, K_PK_BFADD16 /* CDNA (cdnaisa): packed f16 / bf16 add */
} kind_t;

/* How an instruction finds its operands and addresses. */
typedef enum {
    FORM_ATOMIC,   /* one address (base + offset), data0 [, data1] from VGPRs */
    FORM_SRC2,     /* LDS[A] = LDS[A] op LDS[B]; A and B from the address and the offset */
    FORM_XCHG2,    /* two addresses (offset0/offset1 in elements), two data, both old values back */
    FORM_CONDX,    /* ds_condxchg32_rtn_b64 */
    FORM_APPEND,   /* ds_append / ds_consume: a counter at M0 + offset */
    FORM_NOP,
    FORM_ADDTID,   /* gfx9's ds_read/write_addtid_b32: lane l at M0[15:0] + offset + 4 * l */
    FORM_PERMUTE,
    FORM_BPERMUTE
} form_t;

typedef struct {
    kind_t kind;
    form_t form;
    uint32_t width; /* bytes of one memory element: 4 or 8 */
} desc_t;

static desc_t describe(isa_op_t op)
{
#define A4(k) return (desc_t){ k, FORM_ATOMIC, 4 }
#define A8(k) return (desc_t){ k, FORM_ATOMIC, 8 }
#define S4(k) return (desc_t){ k, FORM_SRC2, 4 }
#define S8(k) return (desc_t){ k, FORM_SRC2, 8 }
    switch (op) {
    case ISA_ds_rsub_u32: case ISA_ds_rsub_rtn_u32: A4(K_RSUB);
    case ISA_ds_add_f32: case ISA_ds_add_rtn_f32: A4(K_FADD);
    case ISA_ds_add_f64: case ISA_ds_add_rtn_f64: A8(K_FADD); /* gfx90a (cdnaisa) */
    case ISA_ds_pk_add_f16: case ISA_ds_pk_add_rtn_f16: A4(K_PK_FADD16); /* gfx940 (cdnaisa) */
    case ISA_ds_pk_add_bf16: case ISA_ds_pk_add_rtn_bf16: A4(K_PK_BFADD16);
    case ISA_ds_min_f32: case ISA_ds_min_rtn_f32: A4(K_FMIN);
    case ISA_ds_max_f32: case ISA_ds_max_rtn_f32: A4(K_FMAX);
    case ISA_ds_cmpst_f32: case ISA_ds_cmpst_rtn_f32: A4(K_FCMPST);
    case ISA_ds_mskor_b32: case ISA_ds_mskor_rtn_b32: A4(K_MSKOR);
    case ISA_ds_wrap_rtn_b32: A4(K_WRAP);
    case ISA_ds_wrxchg2_rtn_b32: case ISA_ds_wrxchg2st64_rtn_b32: return (desc_t){ K_SWAP, FORM_XCHG2, 4 };
    case ISA_ds_add_u64: case ISA_ds_add_rtn_u64: A8(K_ADD);
    case ISA_ds_sub_u64: case ISA_ds_sub_rtn_u64: A8(K_SUB);
    case ISA_ds_rsub_u64: case ISA_ds_rsub_rtn_u64: A8(K_RSUB);
    case ISA_ds_inc_u64: case ISA_ds_inc_rtn_u64: A8(K_INC);
    case ISA_ds_dec_u64: case ISA_ds_dec_rtn_u64: A8(K_DEC);
    case ISA_ds_min_i64: case ISA_ds_min_rtn_i64: A8(K_SMIN);
    case ISA_ds_max_i64: case ISA_ds_max_rtn_i64: A8(K_SMAX);
    case ISA_ds_min_u64: case ISA_ds_min_rtn_u64: A8(K_UMIN);
    case ISA_ds_max_u64: case ISA_ds_max_rtn_u64: A8(K_UMAX);
    case ISA_ds_and_b64: case ISA_ds_and_rtn_b64: A8(K_AND);
    case ISA_ds_or_b64: case ISA_ds_or_rtn_b64: A8(K_OR);
    case ISA_ds_xor_b64: case ISA_ds_xor_rtn_b64: A8(K_XOR);
    case ISA_ds_min_f64: case ISA_ds_min_rtn_f64: A8(K_FMIN);
    case ISA_ds_max_f64: case ISA_ds_max_rtn_f64: A8(K_FMAX);
    case ISA_ds_cmpst_b64: case ISA_ds_cmpst_rtn_b64: A8(K_CMPST);
    case ISA_ds_cmpst_f64: case ISA_ds_cmpst_rtn_f64: A8(K_FCMPST);
    case ISA_ds_mskor_b64: case ISA_ds_mskor_rtn_b64: A8(K_MSKOR);
    case ISA_ds_wrxchg_rtn_b64: A8(K_SWAP);
    case ISA_ds_wrxchg2_rtn_b64: case ISA_ds_wrxchg2st64_rtn_b64: return (desc_t){ K_SWAP, FORM_XCHG2, 8 };
    case ISA_ds_condxchg32_rtn_b64: return (desc_t){ K_NONE, FORM_CONDX, 8 };
    case ISA_ds_add_src2_u32: S4(K_ADD);
    case ISA_ds_sub_src2_u32: S4(K_SUB);
    case ISA_ds_rsub_src2_u32: S4(K_RSUB);
    case ISA_ds_inc_src2_u32: S4(K_INC);
    case ISA_ds_dec_src2_u32: S4(K_DEC);
    case ISA_ds_min_src2_i32: S4(K_SMIN);
    case ISA_ds_max_src2_i32: S4(K_SMAX);
    case ISA_ds_min_src2_u32: S4(K_UMIN);
    case ISA_ds_max_src2_u32: S4(K_UMAX);
    case ISA_ds_and_src2_b32: S4(K_AND);
    case ISA_ds_or_src2_b32: S4(K_OR);
    case ISA_ds_xor_src2_b32: S4(K_XOR);
    case ISA_ds_write_src2_b32: S4(K_SWAP);
    case ISA_ds_min_src2_f32: S4(K_FMIN);
    case ISA_ds_max_src2_f32: S4(K_FMAX);
    case ISA_ds_add_src2_f32: S4(K_FADD);
    case ISA_ds_add_src2_u64: S8(K_ADD);
    case ISA_ds_sub_src2_u64: S8(K_SUB);
    case ISA_ds_rsub_src2_u64: S8(K_RSUB);
    case ISA_ds_inc_src2_u64: S8(K_INC);
    case ISA_ds_dec_src2_u64: S8(K_DEC);
    case ISA_ds_min_src2_i64: S8(K_SMIN);
    case ISA_ds_max_src2_i64: S8(K_SMAX);
    case ISA_ds_min_src2_u64: S8(K_UMIN);
    case ISA_ds_max_src2_u64: S8(K_UMAX);
    case ISA_ds_and_src2_b64: S8(K_AND);
    case ISA_ds_or_src2_b64: S8(K_OR);
    case ISA_ds_xor_src2_b64: S8(K_XOR);
    case ISA_ds_write_src2_b64: S8(K_SWAP);
    case ISA_ds_min_src2_f64: S8(K_FMIN);
    case ISA_ds_max_src2_f64: S8(K_FMAX);
    case ISA_ds_append: return (desc_t){ K_ADD, FORM_APPEND, 4 };
    case ISA_ds_consume: return (desc_t){ K_SUB, FORM_APPEND, 4 };
    case ISA_ds_nop: return (desc_t){ K_NONE, FORM_NOP, 4 };
    case ISA_ds_read_addtid_b32: case ISA_ds_write_addtid_b32: return (desc_t){ K_SWAP, FORM_ADDTID, 4 };
    case ISA_ds_permute_b32: return (desc_t){ K_NONE, FORM_PERMUTE, 4 };
    case ISA_ds_bpermute_b32: return (desc_t){ K_NONE, FORM_BPERMUTE, 4 };
    default: return (desc_t){ K_NONE, FORM_ATOMIC, 0 };
    }
#undef A4
#undef A8
#undef S4
#undef S8
}

bool isa_ds_st64(isa_op_t op)
{
    switch (op) {
    case ISA_ds_read2st64_b32: case ISA_ds_write2st64_b32: case ISA_ds_read2st64_b64:
    case ISA_ds_write2st64_b64: case ISA_ds_wrxchg2st64_rtn_b32: case ISA_ds_wrxchg2st64_rtn_b64:
        return true;
    default:
        return false;
    }
}

bool isa_ds_crossbar(isa_op_t op)
{
    return op == ISA_ds_swizzle_b32 || op == ISA_ds_permute_b32 || op == ISA_ds_bpermute_b32;
}

static double f64_of(uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    return d;
}

static uint64_t bits_of(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

/* IEEE-754 minNum/maxNum, as LLVM's atomicrmw fmin/fmax that select these instructions assume: a
 * quiet NaN operand yields the other operand; -0 is below +0. The manual's "handles
 * NaN/INF/denorm" says no more; denormals are kept (LDS does no flushing). */
static double fminmax(double a, double b, bool max)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    if (a == b) /* equal, or +0 and -0: order by the sign bit */
        return (signbit(a) != 0) == max ? b : a;
    return (a < b) == max ? b : a;
}

/* New memory value of a 32- or 64-bit element (width 4 keeps the low 32 bits meaningful).
 * d0/d1: data0/data1 (for CMPST data0 is the compare value and data1 the new one; for MSKOR
 * data0 the mask of bits to clear and data1 the bits to set; for WRAP data0 the limit, data1 the
 * step). */
static uint64_t apply(kind_t k, uint32_t width, uint64_t old, uint64_t d0, uint64_t d1)
{
    bool w8 = width == 8;
    uint64_t m = w8 ? ~0ull : 0xffffffffull;
    old &= m;
    d0 &= m;
    d1 &= m;
    int64_t so = w8 ? (int64_t)old : (int64_t)(int32_t)(uint32_t)old;
    int64_t sd = w8 ? (int64_t)d0 : (int64_t)(int32_t)(uint32_t)d0;
    switch (k) {
    case K_ADD: return (old + d0) & m;
    case K_SUB: return (old - d0) & m;
    case K_RSUB: return (d0 - old) & m;
    case K_INC: return old >= d0 ? 0 : old + 1;
    case K_DEC: return (old == 0 || old > d0) ? d0 : old - 1;
    case K_SMIN: return sd < so ? d0 : old;
    case K_SMAX: return sd > so ? d0 : old;
    case K_UMIN: return d0 < old ? d0 : old;
    case K_UMAX: return d0 > old ? d0 : old;
    case K_AND: return old & d0;
    case K_OR: return old | d0;
    case K_XOR: return old ^ d0;
    case K_MSKOR: return (old & ~d0) | d1;
    case K_SWAP: return d0;
    case K_CMPST: return old == d0 ? d1 : old;
    case K_WRAP: return old >= d0 ? old - d0 : (old + d1) & m;
    case K_FMIN: case K_FMAX:
        if (w8)
            return bits_of(fminmax(f64_of(old), f64_of(d0), k == K_FMAX));
        return isa_x_bits((float)fminmax(isa_x_f32((uint32_t)old), isa_x_f32((uint32_t)d0), k == K_FMAX));
    case K_FADD: /* f32 on gfx8; f64 from gfx90a (exec_cdna.c) */
        if (w8) {
            uint64_t nv = old;
            (void)isa_x_cdna_atomic(ISA_ds_add_f64, old, d0, &nv);
            return nv;
        }
        return isa_x_bits(isa_x_f32((uint32_t)old) + isa_x_f32((uint32_t)d0));
    case K_PK_FADD16: return isa_x_pk_add_f16((uint32_t)old, (uint32_t)d0);
    case K_PK_BFADD16: return isa_x_pk_add_bf16((uint32_t)old, (uint32_t)d0);
    case K_FCMPST: /* a float compare: +0 equals -0, NaN equals nothing */
        if (w8)
            return f64_of(old) == f64_of(d0) ? d1 : old;
        return isa_x_f32((uint32_t)old) == isa_x_f32((uint32_t)d0) ? d1 : old;
    default: return old;
    }
}

uint64_t isa_x_flat_atomic64(isa_op_t op, uint64_t old, uint64_t data, uint64_t cmp)
{
    kind_t k;
    switch (op) {
    case ISA_flat_atomic_swap_x2: k = K_SWAP; break;
    case ISA_flat_atomic_add_x2: k = K_ADD; break;
    case ISA_flat_atomic_sub_x2: k = K_SUB; break;
    case ISA_flat_atomic_smin_x2: k = K_SMIN; break;
    case ISA_flat_atomic_umin_x2: k = K_UMIN; break;
    case ISA_flat_atomic_smax_x2: k = K_SMAX; break;
    case ISA_flat_atomic_umax_x2: k = K_UMAX; break;
    case ISA_flat_atomic_and_x2: k = K_AND; break;
    case ISA_flat_atomic_or_x2: k = K_OR; break;
    case ISA_flat_atomic_xor_x2: k = K_XOR; break;
    case ISA_flat_atomic_inc_x2: k = K_INC; break;
    case ISA_flat_atomic_dec_x2: k = K_DEC; break;
    case ISA_flat_atomic_cmpswap_x2: return apply(K_CMPST, 8, old, cmp, data);
    default: {
        uint64_t nv = old; /* CDNA's f64 atomics (exec_cdna.c) */
        (void)isa_x_cdna_atomic(op, old, data, &nv);
        return nv;
    }
    }
    return apply(k, 8, old, data, 0);
}

/* ---- LDS access --------------------------------------------------------------------------------- */

static uint64_t lds_ld(const isa_wave_t *w, uint32_t a, uint32_t width)
{
    return le_get(w->lds + a, width);
}

static void lds_st(isa_wave_t *w, uint32_t a, uint32_t width, uint64_t v)
{
    le_put(w->lds + a, width, v);
}

/* Bounds (the allocation, and M0 as the limit register unless M0 is the address) and natural
 * alignment of one element; false with the fault set. */
static bool lds_ok(const isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, int lane, uint32_t a,
                   uint32_t size, bool m0_limit)
{
    const char *name = isa_ops[in->op].name;
    uint32_t m0 = w->sreg[ISA_REG_M0];
    uint64_t limit = m0_limit && isa_lds_m0_limit(w->target) && m0 < w->lds_size ? m0 : w->lds_size;
    if ((uint64_t)a + size > limit) {
        isa_x_fault(res, ISA_FAULT_LDS_BOUNDS, lane, a,
                    "%s: lane %d: LDS address 0x%" PRIx32 " (%" PRIu32 " bytes) is outside %s "
                    "(allocation %" PRIu32 " bytes, M0 = 0x%" PRIx32 ")",
                    name, lane, a, size, limit < w->lds_size ? "the M0 limit" : "the workgroup's LDS allocation",
                    w->lds_size, m0);
        return false;
    }
    if (a & (size - 1)) {
        isa_x_fault(res, ISA_FAULT_MISALIGNED, lane, a,
                    "%s: lane %d: LDS address 0x%" PRIx32 " is not %" PRIu32 "-byte aligned "
                    "(gfx8 DS accesses must be naturally aligned)",
                    name, lane, a, size);
        return false;
    }
    return true;
}

static bool regs_ok(const isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, isa_operand_t o, uint32_t n)
{
    if (isa_x_vregs_in(w, o, n)) /* a VGPR, or on gfx90a an AGPR */
        return true;
    bool a = isa_opnd_is_agpr(o);
    isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: operand needs %" PRIu32 " %s(s) within the wave's %" PRIu32,
                isa_ops[in->op].name, n, a ? "AGPR" : "VGPR", a ? w->nagpr : w->nvgpr);
    return false;
}

/* A lane's value of a 1- or 2-register operand. */
static uint64_t vread(isa_wave_t *w, isa_operand_t o, uint32_t width, int lane)
{
    uint32_t r = isa_x_vreg(o);
    uint64_t v = isa_x_vgpr(w, r)[lane];
    if (width == 8)
        v |= (uint64_t)isa_x_vgpr(w, r + 1)[lane] << 32;
    return v;
}

/* Write ret[e][lane] (element e, `width` bytes each) to vdst, vdst+1, ... for the lanes of exec. */
static void write_back(isa_wave_t *w, const isa_inst_t *in, uint64_t exec, const uint64_t ret[][ISA_WAVE_SIZE],
                       uint32_t nelem, uint32_t width)
{
    uint32_t reg = isa_x_vreg(in->vdst);
    for (uint32_t e = 0; e < nelem; e++) {
        for (uint32_t half = 0; half < width / 4; half++) {
            uint32_t v[ISA_WAVE_SIZE];
            for (int l = 0; l < ISA_WAVE_SIZE; l++)
                v[l] = (uint32_t)(ret[e][l] >> (32 * half));
            isa_x_write_dst_v32(w, reg++, exec, v);
        }
    }
}

/* ---- The forms ---------------------------------------------------------------------------------- */

/* ds_permute_b32 / ds_bpermute_b32 (manual 12.12): the lane index is ((addr + offset) / 4) mod 64.
 * permute (forward): each active lane i sends data[i] to that lane, the highest sender winning,
 * and a lane nobody sends to gets 0; bpermute (backward): each lane reads data of that lane, 0
 * when the source lane is inactive. Only active lanes are written. No LDS memory is touched. */
static void permute(isa_wave_t *w, const isa_inst_t *in, uint64_t exec, bool backward)
{
    const uint32_t *addr = isa_x_vgpr(w, isa_x_vreg(in->src[0]));
    const uint32_t *data = isa_x_vgpr(w, isa_x_vreg(in->src[1]));
    uint32_t out[ISA_WAVE_SIZE] = { 0 };
    for (int i = 0; i < ISA_WAVE_SIZE; i++) {
        uint32_t lane = ((addr[i] + (in->offset & 0xffff)) / 4) % ISA_WAVE_SIZE;
        if (backward) {
            out[i] = (exec >> lane & 1) ? data[lane] : 0;
        } else if (exec >> i & 1) {
            out[lane] = data[i];
        }
    }
    isa_x_write_dst_v32(w, isa_x_vreg(in->vdst), exec, out);
}

/* src2 addresses (manual 12.12, "DS_*_SRC2_*"): the offset field is not added to the address but
 * gives B's distance from A in dwords: offset[15] = 0: A = addr, B = A + 4 * sext(offset[14:0]);
 * offset[15] = 1: A = addr[16:0], B = A + 4 * sext({addr[31], addr[31:17]}). */
static void src2_addrs(uint32_t addr, uint32_t offset, uint32_t *a, uint32_t *b)
{
    int32_t stride;
    if (offset & 0x8000) {
        *a = addr & 0x1ffff;
        stride = (int16_t)(uint16_t)(((addr >> 16) & 0x8000) | ((addr >> 17) & 0x7fff));
    } else {
        *a = addr;
        stride = (int16_t)(uint16_t)((offset & 0x7fff) | ((offset << 1) & 0x8000));
    }
    *b = *a + (uint32_t)stride * 4u;
}

/* ds_read_addtid_b32 / ds_write_addtid_b32 (gfx9): no address VGPR; lane l reads or writes the
 * dword at M0[15:0] + offset + 4 * l (M0 is the address here, not the limit). Every active lane is
 * checked before anything moves. */
static void addtid(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, uint64_t exec)
{
    bool load = in->op == ISA_ds_read_addtid_b32;
    if (!regs_ok(w, in, res, load ? in->vdst : in->src[0], 1))
        return;
    uint32_t base = (w->sreg[ISA_REG_M0] & 0xffffu) + (in->offset & 0xffffu);
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        res->addr[l] = (exec >> l & 1) ? base + 4u * (uint32_t)l : 0;
    for (uint64_t m = exec; m; m &= m - 1) {
        int l = __builtin_ctzll(m);
        if (!lds_ok(w, in, res, l, (uint32_t)res->addr[l], 4, false))
            return;
    }
    if (!load) {
        for (uint64_t m = exec; m; m &= m - 1) {
            int l = __builtin_ctzll(m);
            lds_st(w, (uint32_t)res->addr[l], 4, vread(w, in->src[0], 4, l));
        }
        return;
    }
    uint64_t ret[1][ISA_WAVE_SIZE] = { { 0 } };
    for (uint64_t m = exec; m; m &= m - 1) {
        int l = __builtin_ctzll(m);
        ret[0][l] = lds_ld(w, (uint32_t)res->addr[l], 4);
    }
    write_back(w, in, exec, (const uint64_t(*)[ISA_WAVE_SIZE])ret, 1, 4);
}

bool isa_exec_ds_more(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    desc_t d = describe((isa_op_t)in->op);
    if (d.width == 0)
        return false;
    const isa_op_info_t *info = &isa_ops[in->op];
    uint64_t exec = isa_wave_exec(w);
    bool rtn = (info->flags & ISA_FL_RTN) != 0;
    uint32_t nd = d.width / 4; /* registers per element */
    res->lanes = exec;
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        res->addr[l] = 0;

    switch (d.form) {
    case FORM_NOP:
        res->lanes = 0; /* no LDS access: one pipeline slot */
        return true;
    case FORM_PERMUTE:
    case FORM_BPERMUTE:
        if (regs_ok(w, in, res, in->src[0], 1) && regs_ok(w, in, res, in->src[1], 1) && regs_ok(w, in, res, in->vdst, 1))
            permute(w, in, exec, d.form == FORM_BPERMUTE);
        return true;
    case FORM_APPEND: {
        /* The counter's address is M0 + offset (LLVM puts the LDS pointer in M0): M0 is the
         * address here, not the limit. Every active lane gets the old value; the counter moves by
         * the number of active lanes. */
        if (!regs_ok(w, in, res, in->vdst, 1))
            return true;
        uint32_t a = w->sreg[ISA_REG_M0] + (in->offset & 0xffff);
        if (!exec)
            return true;
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            res->addr[l] = (exec >> l & 1) ? a : 0;
        if (!lds_ok(w, in, res, __builtin_ctzll(exec), a, 4, false))
            return true;
        uint64_t old = lds_ld(w, a, 4), ret[1][ISA_WAVE_SIZE];
        lds_st(w, a, 4, apply(d.kind, 4, old, (uint64_t)__builtin_popcountll(exec), 0));
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            ret[0][l] = old;
        write_back(w, in, exec, (const uint64_t(*)[ISA_WAVE_SIZE])ret, 1, 4);
        return true;
    }
    case FORM_ADDTID:
        addtid(w, in, res, exec);
        return true;
    default:
        break;
    }

    /* Operand registers of the memory forms. */
    if (!regs_ok(w, in, res, in->src[0], 1))
        return true;
    uint32_t ndata = d.form == FORM_SRC2 ? 0 : (d.kind == K_CMPST || d.kind == K_FCMPST || d.kind == K_MSKOR ||
                                                d.kind == K_WRAP || d.form == FORM_XCHG2) ? 2 : 1;
    for (uint32_t i = 0; i < ndata; i++)
        if (!regs_ok(w, in, res, in->src[1 + i], nd))
            return true;
    uint32_t nelem = d.form == FORM_XCHG2 ? 2 : 1;
    if (rtn && !regs_ok(w, in, res, in->vdst, nd * nelem))
        return true;

    /* Addresses of every active lane, all checked before any write. */
    const uint32_t *base = isa_x_vgpr(w, isa_x_vreg(in->src[0]));
    uint32_t a[2][ISA_WAVE_SIZE] = { { 0 } };
    uint32_t stride = d.width * (isa_ds_st64((isa_op_t)in->op) ? 64u : 1u);
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        if (!(exec >> l & 1))
            continue;
        uint32_t n = 1;
        if (d.form == FORM_SRC2) {
            src2_addrs(base[l], in->offset & 0xffff, &a[0][l], &a[1][l]);
            n = 2;
        } else if (d.form == FORM_XCHG2) {
            a[0][l] = base[l] + in->offset0 * stride;
            a[1][l] = base[l] + in->offset1 * stride;
            n = 2;
        } else {
            a[0][l] = base[l] + (in->offset & 0xffff);
        }
        res->addr[l] = a[0][l];
        for (uint32_t e = 0; e < n; e++)
            if (!lds_ok(w, in, res, l, a[e][l], d.width, true))
                return true;
    }

    uint64_t ret[2][ISA_WAVE_SIZE] = { { 0 } };
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        if (!(exec >> l & 1))
            continue;
        switch (d.form) {
        case FORM_SRC2: {
            uint64_t old = lds_ld(w, a[0][l], d.width);
            lds_st(w, a[0][l], d.width, apply(d.kind, d.width, old, lds_ld(w, a[1][l], d.width), 0));
            break;
        }
        case FORM_XCHG2:
            for (uint32_t e = 0; e < 2; e++) {
                ret[e][l] = lds_ld(w, a[e][l], d.width);
                lds_st(w, a[e][l], d.width, vread(w, in->src[1 + e], d.width, l));
            }
            break;
        case FORM_CONDX: {
            /* Each dword of the data: when its bit 31 is set, store its bits 30:0 (bit 31 clear)
             * over the matching dword of LDS; return both old dwords. */
            uint64_t old = lds_ld(w, a[0][l], 8), data = vread(w, in->src[1], 8, l), nv = old;
            for (int h = 0; h < 2; h++) {
                uint32_t dh = (uint32_t)(data >> (32 * h));
                if (dh & 0x80000000u)
                    nv = (nv & ~(0xffffffffull << (32 * h))) | (uint64_t)(dh & 0x7fffffffu) << (32 * h);
            }
            lds_st(w, a[0][l], 8, nv);
            ret[0][l] = old;
            break;
        }
        default: {
            uint64_t old = lds_ld(w, a[0][l], d.width);
            uint64_t d0 = vread(w, in->src[1], d.width, l);
            uint64_t d1 = ndata > 1 ? vread(w, in->src[2], d.width, l) : 0;
            lds_st(w, a[0][l], d.width, apply(d.kind, d.width, old, d0, d1));
            ret[0][l] = old;
            break;
        }
        }
    }
    if (rtn)
        write_back(w, in, exec, (const uint64_t(*)[ISA_WAVE_SIZE])ret, nelem, d.width);
    return true;
}

/* exec_mem: vector memory semantics, FLAT (global memory through w->mem) and DS (the workgroup's
 * LDS, plus ds_swizzle_b32). Every active lane is checked before anything is written, so a
 * faulting instruction has no effect; atomics then apply in lane order 0..63. Rules and sources:
 * docs/semantics-scalar-memory.md. */
#include "exec/exec_mem.h"

#include "exec/exec_cdna.h"
#include "exec/exec_ds_atomic.h"
#include "exec/exec_operands.h"
#include "common/le.h"

#include <inttypes.h>


/* True when operand `o` names `n` VGPRs inside the wave's allocation; otherwise sets an
 * ILLEGAL fault (the assembler should never let this through, but a bad index must not write
 * outside the register file). */
static bool vregs_ok(const isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, isa_operand_t o,
                     uint32_t n)
{
    if (isa_x_vregs_in(w, o, n)) /* a VGPR, or on gfx90a an AGPR */
        return true;
    bool a = isa_opnd_is_agpr(o);
    isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: operand needs %" PRIu32 " %s(s) within the wave's %" PRIu32,
                isa_ops[in->op].name, n, a ? "AGPR" : "VGPR", a ? w->nagpr : w->nvgpr);
    return false;
}

/* ---- Atomics shared by FLAT and DS ------------------------------------------------------------ */

typedef enum {
    AT_NONE, AT_SWAP, AT_ADD, AT_SUB, AT_SMIN, AT_UMIN, AT_SMAX, AT_UMAX, AT_AND, AT_OR, AT_XOR,
    AT_INC, AT_DEC, AT_CMPSWAP
} atomic_t;

static atomic_t atomic_kind(isa_op_t op)
{
    switch (op) {
    case ISA_flat_atomic_swap: case ISA_ds_wrxchg_rtn_b32: return AT_SWAP;
    case ISA_flat_atomic_add: case ISA_ds_add_u32: case ISA_ds_add_rtn_u32: return AT_ADD;
    case ISA_flat_atomic_sub: case ISA_ds_sub_u32: case ISA_ds_sub_rtn_u32: return AT_SUB;
    case ISA_flat_atomic_smin: case ISA_ds_min_i32: case ISA_ds_min_rtn_i32: return AT_SMIN;
    case ISA_flat_atomic_umin: case ISA_ds_min_u32: case ISA_ds_min_rtn_u32: return AT_UMIN;
    case ISA_flat_atomic_smax: case ISA_ds_max_i32: case ISA_ds_max_rtn_i32: return AT_SMAX;
    case ISA_flat_atomic_umax: case ISA_ds_max_u32: case ISA_ds_max_rtn_u32: return AT_UMAX;
    case ISA_flat_atomic_and: case ISA_ds_and_b32: case ISA_ds_and_rtn_b32: return AT_AND;
    case ISA_flat_atomic_or: case ISA_ds_or_b32: case ISA_ds_or_rtn_b32: return AT_OR;
    case ISA_flat_atomic_xor: case ISA_ds_xor_b32: case ISA_ds_xor_rtn_b32: return AT_XOR;
    case ISA_flat_atomic_inc: case ISA_ds_inc_u32: case ISA_ds_inc_rtn_u32: return AT_INC;
    case ISA_flat_atomic_dec: case ISA_ds_dec_u32: case ISA_ds_dec_rtn_u32: return AT_DEC;
    case ISA_flat_atomic_cmpswap: case ISA_ds_cmpst_b32: case ISA_ds_cmpst_rtn_b32: return AT_CMPSWAP;
    default: return AT_NONE;
    }
}

/* New memory value. inc wraps to 0 once old >= data; dec reloads data when old is 0 or above
 * data. Compare-and-swap stores `src` when old == cmp. */
static uint32_t atomic_apply(atomic_t k, uint32_t old, uint32_t data, uint32_t cmp)
{
    switch (k) {
    case AT_SWAP: return data;
    case AT_ADD: return old + data;
    case AT_SUB: return old - data;
    case AT_SMIN: return (int32_t)data < (int32_t)old ? data : old;
    case AT_UMIN: return data < old ? data : old;
    case AT_SMAX: return (int32_t)data > (int32_t)old ? data : old;
    case AT_UMAX: return data > old ? data : old;
    case AT_AND: return old & data;
    case AT_OR: return old | data;
    case AT_XOR: return old ^ data;
    case AT_INC: return old >= data ? 0 : old + 1;
    case AT_DEC: return (old == 0 || old > data) ? data : old - 1;
    case AT_CMPSWAP: return old == cmp ? data : old;
    default: return old;
    }
}

uint32_t isa_x_atomic32(isa_op_t op, uint32_t old, uint32_t data, uint32_t cmp)
{
    atomic_t k = atomic_kind(op);
    uint64_t nv;
    if (k == AT_NONE && isa_x_cdna_atomic(op, old, data, &nv)) /* CDNA's float atomics (exec_cdna.c) */
        return (uint32_t)nv;
    return atomic_apply(k, old, data, cmp);
}

/* ---- FLAT ------------------------------------------------------------------------------------ */

static uint8_t *flat_ptr(const isa_wave_t *w, uint64_t addr, uint32_t size)
{
    if (!w->mem || !w->mem->translate)
        return NULL;
    return w->mem->translate(w->mem->ctx, addr, size);
}

/* A lane's host pointer: inside a span mapped as one, from the span's pointer (the pointer the
 * look-up would give, a mapping being contiguous); otherwise looked up. */
static inline uint8_t *lane_ptr(const isa_wave_t *w, uint8_t *span, uint64_t lo, uint64_t addr, uint32_t size)
{
    return span ? span + (addr - lo) : flat_ptr(w, addr, size);
}

/* The 64 lanes' addresses from the VGPR pair at `lo` (low halves; the high halves follow). */
static void flat_addrs(const uint32_t *restrict lo, uint64_t *restrict addr)
{
    const uint32_t *hi = lo + ISA_WAVE_SIZE;
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        addr[l] = (uint64_t)lo[l] | ((uint64_t)hi[l] << 32);
}

/* Dword loads and stores (1 to 4 dwords a lane) whose lanes all lie in the mapped span from `lo`:
 * loads straight into the destination rows (the addresses are already read), stores lane by lane
 * in lane order as the general path, so overlapping lanes end the same. */
static void flat_dwords_span(isa_wave_t *w, const isa_inst_t *in, bool load, uint64_t exec, uint8_t *span,
                             uint64_t lo, const uint64_t addr[ISA_WAVE_SIZE], uint32_t ndw)
{
    if (load) {
        for (uint32_t i = 0; i < ndw; i++) {
            uint32_t *row = isa_x_dst_vgpr(w, isa_x_vreg(in->vdst) + i);
            if (exec == ~0ull)
                for (int l = 0; l < ISA_WAVE_SIZE; l++)
                    row[l] = le_get32(span + (addr[l] - lo) + 4 * i);
            else
                for (uint64_t m = exec; m; m &= m - 1) {
                    int l = __builtin_ctzll(m);
                    row[l] = le_get32(span + (addr[l] - lo) + 4 * i);
                }
        }
        return;
    }
    const uint32_t *rows = isa_x_vgpr(w, isa_x_vreg(in->src[1]));
    for (uint64_t m = exec; m; m &= m - 1) {
        int l = __builtin_ctzll(m);
        uint8_t *p = span + (addr[l] - lo);
        for (uint32_t i = 0; i < ndw; i++)
            le_put32(p + 4 * i, rows[i * ISA_WAVE_SIZE + l]);
    }
}

void isa_exec_flat(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    uint64_t exec = isa_wave_exec(w);
    uint32_t size = info->mem_bytes;
    uint32_t ndw = size < 4 ? 1 : size / 4; /* data registers per lane */
    if (!vregs_ok(w, in, res, in->src[0], 2))
        return;
    if ((info->flags & ISA_FL_LOAD) && !vregs_ok(w, in, res, in->vdst, ndw))
        return;
    if ((info->flags & (ISA_FL_STORE | ISA_FL_ATOMIC)) &&
        !vregs_ok(w, in, res, in->src[1],
                  in->op == ISA_flat_atomic_cmpswap || in->op == ISA_flat_atomic_cmpswap_x2 ? 2 * ndw : ndw))
        return;
    if ((info->flags & ISA_FL_ATOMIC) && isa_opnd_is_vreg(in->vdst) && !vregs_ok(w, in, res, in->vdst, ndw))
        return;
    uint64_t addr[ISA_WAVE_SIZE];
    flat_addrs(isa_x_vgpr(w, isa_x_vreg(in->src[0])), addr);
    res->lanes = exec;

    /* Unaligned addresses are accepted: HSA runs the hardware in unaligned access mode. When the
     * lanes' whole span is mapped (one buffer, the usual case), so is every lane: one look-up. */
    uint64_t lo = UINT64_MAX, hi = 0;
    if (exec == ~0ull) { /* every lane: no mask tests */
        memcpy(res->addr, addr, sizeof addr);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            lo = addr[l] < lo ? addr[l] : lo;
            hi = addr[l] > hi ? addr[l] : hi;
        }
    } else {
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            res->addr[l] = (exec >> l & 1) ? addr[l] : 0;
        for (uint64_t m = exec; m; m &= m - 1) {
            int l = __builtin_ctzll(m);
            lo = addr[l] < lo ? addr[l] : lo;
            hi = addr[l] > hi ? addr[l] : hi;
        }
    }
    uint8_t *span = exec && hi - lo < (uint64_t)UINT32_MAX - size ? flat_ptr(w, lo, (uint32_t)(hi - lo) + size) : NULL;
    for (int l = 0; l < ISA_WAVE_SIZE && !span; l++) {
        if ((exec >> l & 1) && !flat_ptr(w, addr[l], size)) {
            isa_x_fault(res, ISA_FAULT_UNMAPPED, l, addr[l],
                        "%s: lane %d: address 0x%" PRIx64 " (%" PRIu32 " bytes) is not mapped",
                        info->name, l, addr[l], size);
            return;
        }
    }

    if (span && size >= 4 && (info->flags & (ISA_FL_LOAD | ISA_FL_STORE))) {
        flat_dwords_span(w, in, info->flags & ISA_FL_LOAD, exec, span, lo, addr, ndw);
    } else if (info->flags & ISA_FL_LOAD) {
        uint32_t out[4][ISA_WAVE_SIZE] = { { 0 } };
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            if (!(exec >> l & 1))
                continue;
            const uint8_t *p = lane_ptr(w, span, lo, addr[l], size);
            switch (in->op) {
            case ISA_flat_load_ubyte: out[0][l] = p[0]; break;
            case ISA_flat_load_sbyte: out[0][l] = (uint32_t)(int32_t)(int8_t)p[0]; break;
            case ISA_flat_load_ushort: out[0][l] = (uint32_t)p[0] | (uint32_t)p[1] << 8; break;
            case ISA_flat_load_sshort:
                out[0][l] = (uint32_t)(int32_t)(int16_t)(uint16_t)((uint32_t)p[0] | (uint32_t)p[1] << 8);
                break;
            default:
                for (uint32_t i = 0; i < ndw; i++)
                    out[i][l] = le_get32(p + 4 * i);
                break;
            }
        }
        for (uint32_t i = 0; i < ndw; i++)
            isa_x_write_dst_v32(w, isa_x_vreg(in->vdst) + i, exec, out[i]);
    } else if (info->flags & ISA_FL_STORE) {
        uint32_t dreg = isa_x_vreg(in->src[1]);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            if (!(exec >> l & 1))
                continue;
            uint8_t *p = lane_ptr(w, span, lo, addr[l], size);
            uint32_t v0 = isa_x_vgpr(w, dreg)[l];
            if (size == 1) {
                p[0] = (uint8_t)v0;
            } else if (size == 2) {
                p[0] = (uint8_t)v0;
                p[1] = (uint8_t)(v0 >> 8);
            } else {
                for (uint32_t i = 0; i < size / 4; i++)
                    le_put32(p + 4 * i, isa_x_vgpr(w, dreg + i)[l]);
            }
        }
    } else if (info->flags & ISA_FL_ATOMIC) {
        atomic_t k = atomic_kind((isa_op_t)in->op);
        uint32_t dreg = isa_x_vreg(in->src[1]);
        uint32_t ret[ISA_WAVE_SIZE] = { 0 }, ret_hi[ISA_WAVE_SIZE] = { 0 };
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            if (!(exec >> l & 1))
                continue;
            if (size == 8) {
                /* The _x2 atomics: 64-bit data in v[n:n+1]; cmpswap_x2's data is
                 * v[n:n+3] = {new value, compare value}. */
                uint8_t *p = lane_ptr(w, span, lo, addr[l], 8);
                uint64_t old = (uint64_t)le_get32(p) | (uint64_t)le_get32(p + 4) << 32;
                uint64_t data = isa_x_vgpr(w, dreg)[l] | (uint64_t)isa_x_vgpr(w, dreg + 1)[l] << 32;
                uint64_t cmp = 0;
                if (in->op == ISA_flat_atomic_cmpswap_x2)
                    cmp = isa_x_vgpr(w, dreg + 2)[l] | (uint64_t)isa_x_vgpr(w, dreg + 3)[l] << 32;
                uint64_t nv = isa_x_flat_atomic64((isa_op_t)in->op, old, data, cmp);
                le_put32(p, (uint32_t)nv);
                le_put32(p + 4, (uint32_t)(nv >> 32));
                ret[l] = (uint32_t)old;
                ret_hi[l] = (uint32_t)(old >> 32);
                continue;
            }
            uint8_t *p = lane_ptr(w, span, lo, addr[l], 4);
            uint32_t old = le_get32(p);
            /* cmpswap data is v[n:n+1] = {new value, compare value}. */
            uint32_t data = isa_x_vgpr(w, dreg)[l];
            uint32_t cmp = k == AT_CMPSWAP ? isa_x_vgpr(w, dreg + 1)[l] : 0;
            le_put32(p, atomic_apply(k, old, data, cmp));
            ret[l] = old;
        }
        /* Returning (glc) atomics write the pre-op value; written last since vdst may alias data. */
        if (isa_opnd_is_vreg(in->vdst)) {
            isa_x_write_dst_v32(w, isa_x_vreg(in->vdst), exec, ret);
            if (size == 8)
                isa_x_write_dst_v32(w, isa_x_vreg(in->vdst) + 1, exec, ret_hi);
        }
    } else {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: not a FLAT memory instruction", info->name);
    }
}

/* ---- DS ---------------------------------------------------------------------------------------- */

/* ds_swizzle_b32: offset[15] set = quad permute (lane i of each quad takes lane offset[2i+1:2i]);
 * clear = bit-mask mode within 32-lane halves: and = offset[4:0], or = [9:5], xor = [14:10].
 * A source lane that is inactive supplies 0. */
static void ds_swizzle(isa_wave_t *w, const isa_inst_t *in, uint64_t exec)
{
    uint32_t pat = in->offset & 0xffff;
    const uint32_t *src = isa_x_vgpr(w, isa_x_vreg(in->src[0]));
    uint32_t out[ISA_WAVE_SIZE];
    for (unsigned l = 0; l < ISA_WAVE_SIZE; l++) {
        unsigned from;
        if (pat & 0x8000) {
            from = (l & ~3u) | ((pat >> (2 * (l & 3))) & 3);
        } else {
            unsigned andm = pat & 31, orm = (pat >> 5) & 31, xorm = (pat >> 10) & 31;
            from = (l & 32) | ((((l & 31) & andm) | orm) ^ xorm);
        }
        out[l] = (exec >> from & 1) ? src[from] : 0;
    }
    isa_x_write_dst_v32(w, isa_x_vreg(in->vdst), exec, out);
}

/* Element geometry of a DS op: element bytes, elements per lane, byte stride of offset0/1. */
typedef struct {
    uint32_t esize, nelem, stride;
} ds_shape_t;

static ds_shape_t ds_shape(const isa_inst_t *in)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    ds_shape_t s = { info->mem_bytes, 1, 0 };
    if (info->flags & ISA_FL_DUAL) {
        s.nelem = 2;
        s.esize = info->mem_bytes / 2;
        s.stride = s.esize;
        if (isa_ds_st64((isa_op_t)in->op))
            s.stride = 64 * s.esize;
    }
    return s;
}

/* Bounds and alignment of one element; false (with the fault set) on a violation. */
static bool ds_check(const isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, int lane,
                     uint64_t a, uint32_t esize)
{
    const char *name = isa_ops[in->op].name;
    uint32_t m0 = w->sreg[ISA_REG_M0];
    bool by_m0 = isa_lds_m0_limit(w->target);
    uint64_t limit = !by_m0 || w->lds_size < m0 ? w->lds_size : m0;
    if (a + esize > limit) {
        isa_x_fault(res, ISA_FAULT_LDS_BOUNDS, lane, a,
                    "%s: lane %d: LDS address 0x%" PRIx64 " (%" PRIu32 " bytes) is outside %s "
                    "(allocation %" PRIu32 " bytes, M0 = 0x%" PRIx32 ")",
                    name, lane, a, esize,
                    by_m0 && (uint64_t)m0 < w->lds_size && a + esize <= w->lds_size ? "the M0 limit"
                                                                          : "the workgroup's LDS allocation",
                    w->lds_size, m0);
        return false;
    }
    /* gfx8 has no unaligned DS access: the hardware drops the low address bits, which silently
     * corrupts data, so a misaligned element is reported as a fault instead. A 12-byte element
     * (ds_read_b96/ds_write_b96) needs 16-byte alignment on gfx8, as LLVM assumes when it
     * selects them (SIISelLowering, allowsMisalignedMemoryAccesses). */
    uint32_t align = esize == 12 ? 16 : esize;
    if (align > 1 && (a & (align - 1)) != 0) {
        isa_x_fault(res, ISA_FAULT_MISALIGNED, lane, a,
                    "%s: lane %d: LDS address 0x%" PRIx64 " is not %" PRIu32 "-byte aligned "
                    "(gfx8 DS accesses must be naturally aligned)",
                    name, lane, a, align);
        return false;
    }
    return true;
}

/* The lanes' addresses (as the checked loop in isa_exec_ds computes them) when every element is
 * in bounds and aligned: one pass with the bounds and alignment folded over the lanes, which is
 * what almost every DS instruction takes. False when some lane faults: the caller's lane-by-lane
 * loop then reports the first fault exactly as before. */
static bool ds_addrs_fast(const isa_wave_t *w, const isa_inst_t *in, uint64_t exec, const uint32_t *base,
                          ds_shape_t s, uint64_t a[2][ISA_WAVE_SIZE], isa_exec_result_t *res)
{
    uint32_t m0 = w->sreg[ISA_REG_M0];
    uint64_t limit = w->lds_size < m0 ? w->lds_size : m0;
    uint64_t amask = (s.esize == 12 ? 16 : s.esize) - 1;
    uint64_t hi = 0, low_bits = 0;
    if (exec == ~0ull) { /* every lane: plain loops, one per shape, no lane mask to walk */
        uint32_t o0 = s.nelem == 2 ? in->offset0 * s.stride : (in->offset & 0xffff), o1 = in->offset1 * s.stride;
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            a[0][l] = (uint32_t)(base[l] + o0);
            hi = a[0][l] > hi ? a[0][l] : hi;
            low_bits |= a[0][l];
        }
        for (int l = 0; l < ISA_WAVE_SIZE && s.nelem == 2; l++) {
            a[1][l] = (uint32_t)(base[l] + o1);
            hi = a[1][l] > hi ? a[1][l] : hi;
            low_bits |= a[1][l];
        }
        if (hi + s.esize > limit || (low_bits & amask) != 0)
            return false;
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            res->addr[l] = a[0][l];
        return true;
    }
    for (uint64_t m = exec; m; m &= m - 1) {
        int l = __builtin_ctzll(m);
        if (s.nelem == 2) {
            a[0][l] = (uint32_t)(base[l] + in->offset0 * s.stride);
            a[1][l] = (uint32_t)(base[l] + in->offset1 * s.stride);
            hi = a[1][l] > hi ? a[1][l] : hi;
            low_bits |= a[1][l];
        } else {
            a[0][l] = (uint32_t)(base[l] + (in->offset & 0xffff));
        }
        hi = a[0][l] > hi ? a[0][l] : hi;
        low_bits |= a[0][l];
    }
    if (exec && (hi + s.esize > limit || (low_bits & amask) != 0))
        return false;
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        res->addr[l] = exec >> l & 1 ? a[0][l] : 0;
    return true;
}

/* Whole-dword loads and stores whose active lanes are one run [lo, end) (every lane, or the lower
 * lanes of a tree reduction) and whose addresses, found from the bases' maximum and OR, are all in
 * bounds and aligned without 32-bit wrap-around: the access itself, straight from the bases (no
 * per-lane address arrays), loads written straight into the destination registers. False, with
 * nothing done, for anything else, which then takes the checked path (its bounds check also admits
 * misaligned bases with misaligned offsets that sum to aligned addresses, and bases that wrap). */
static inline __attribute__((always_inline)) bool ds_lane_run(isa_wave_t *w, const isa_inst_t *in, int lo, int end,
                                                              const uint32_t *base_reg, ds_shape_t s,
                                                              isa_exec_result_t *res)
{
    uint32_t m0 = w->sreg[ISA_REG_M0];
    uint64_t limit = w->lds_size < m0 ? w->lds_size : m0;
    uint64_t amask = (s.esize == 12 ? 16 : s.esize) - 1;
    uint32_t o[2] = { s.nelem == 2 ? in->offset0 * s.stride : (in->offset & 0xffff), in->offset1 * s.stride };
    uint32_t base[ISA_WAVE_SIZE], hi = 0, bits = 0;
    for (int l = lo; l < end; l++) { /* a copy: a load may overwrite its address register */
        base[l] = base_reg[l];
        hi = base[l] > hi ? base[l] : hi;
        bits |= base[l];
        res->addr[l] = base[l] + o[0]; /* the checked path rewrites every lane's */
    }
    uint64_t omax = s.nelem == 2 && o[1] > o[0] ? o[1] : o[0];
    if ((uint64_t)hi + omax + s.esize > limit || ((bits | o[0] | (s.nelem == 2 ? o[1] : 0)) & amask) != 0)
        return false;
    for (int l = 0; l < lo; l++)
        res->addr[l] = 0;
    for (int l = end; l < ISA_WAVE_SIZE; l++)
        res->addr[l] = 0;
    uint32_t nd = s.esize / 4;
    if (isa_ops[in->op].flags & ISA_FL_LOAD) {
        if (nd == 1 && s.nelem == 2) { /* read2_b32, the tiles' read: both elements in one loop */
            uint32_t *d0 = isa_x_dst_vgpr(w, isa_x_vreg(in->vdst)), *d1 = d0 + ISA_WAVE_SIZE;
            const uint8_t *p0 = w->lds + o[0], *p1 = w->lds + o[1];
            for (int l = lo; l < end; l++) {
                d0[l] = le_get32(p0 + base[l]);
                d1[l] = le_get32(p1 + base[l]);
            }
            return true;
        }
        for (uint32_t e = 0; e < s.nelem; e++)
            for (uint32_t i = 0; i < nd; i++) {
                uint32_t *d = isa_x_dst_vgpr(w, isa_x_vreg(in->vdst) + e * nd + i);
                const uint8_t *p = w->lds + o[e] + 4 * i;
                for (int l = lo; l < end; l++)
                    d[l] = le_get32(p + base[l]);
            }
        return true;
    }
    /* Stores lane by lane, as ds_store: where lanes overlap, the highest lane's data stays. */
    const uint32_t *data[2] = { isa_x_vgpr(w, isa_x_vreg(in->src[1])),
                                isa_x_vgpr(w, isa_x_vreg(in->src[s.nelem == 2 ? 2 : 1])) };
    for (int l = lo; l < end; l++)
        for (uint32_t e = 0; e < s.nelem; e++)
            for (uint32_t i = 0; i < nd; i++)
                le_put32(w->lds + base[l] + o[e] + 4 * i, data[e][i * ISA_WAVE_SIZE + l]);
    return true;
}

static void ds_load(isa_wave_t *w, const isa_inst_t *in, uint64_t exec, const uint64_t a[][ISA_WAVE_SIZE],
                    ds_shape_t s)
{
    uint32_t out[4][ISA_WAVE_SIZE] = { { 0 } };
    uint32_t nd = s.esize < 4 ? 1 : s.esize / 4; /* registers per element */
    for (uint32_t e = 0; e < s.nelem && s.esize >= 4; e++) /* whole dwords: no per-lane switch */
        for (uint32_t i = 0; i < nd; i++) {
            if (exec == ~0ull) { /* every lane: a plain loop */
                for (int l = 0; l < ISA_WAVE_SIZE; l++)
                    out[e * nd + i][l] = le_get32(w->lds + a[e][l] + 4 * i);
                continue;
            }
            for (uint64_t m = exec; m; m &= m - 1) {
                int l = __builtin_ctzll(m);
                out[e * nd + i][l] = le_get32(w->lds + a[e][l] + 4 * i);
            }
        }
    for (int l = 0; l < ISA_WAVE_SIZE && s.esize < 4; l++) {
        if (!(exec >> l & 1))
            continue;
        for (uint32_t e = 0; e < s.nelem; e++) {
            const uint8_t *p = w->lds + a[e][l];
            switch (in->op) {
            case ISA_ds_read_u8: out[0][l] = p[0]; break;
            case ISA_ds_read_i8: out[0][l] = (uint32_t)(int32_t)(int8_t)p[0]; break;
            case ISA_ds_read_u16: out[0][l] = (uint32_t)p[0] | (uint32_t)p[1] << 8; break;
            case ISA_ds_read_i16:
                out[0][l] = (uint32_t)(int32_t)(int16_t)(uint16_t)((uint32_t)p[0] | (uint32_t)p[1] << 8);
                break;
            /* gfx9's d16 reads: one half of the register, the other kept */
            case ISA_ds_read_u8_d16: case ISA_ds_read_u8_d16_hi:
                out[0][l] = isa_d16_merge(isa_op_d16((isa_op_t)in->op), isa_x_vgpr(w, isa_x_vreg(in->vdst))[l], p[0]);
                break;
            case ISA_ds_read_i8_d16: case ISA_ds_read_i8_d16_hi:
                out[0][l] = isa_d16_merge(isa_op_d16((isa_op_t)in->op), isa_x_vgpr(w, isa_x_vreg(in->vdst))[l],
                                          (uint32_t)(int32_t)(int8_t)p[0]);
                break;
            case ISA_ds_read_u16_d16: case ISA_ds_read_u16_d16_hi:
                out[0][l] = isa_d16_merge(isa_op_d16((isa_op_t)in->op), isa_x_vgpr(w, isa_x_vreg(in->vdst))[l],
                                          (uint32_t)p[0] | (uint32_t)p[1] << 8);
                break;
            default:
                for (uint32_t i = 0; i < nd; i++)
                    out[e * nd + i][l] = le_get32(p + 4 * i);
                break;
            }
        }
    }
    for (uint32_t i = 0; i < nd * s.nelem; i++)
        isa_x_write_dst_v32(w, isa_x_vreg(in->vdst) + i, exec, out[i]);
}

static void ds_store(isa_wave_t *w, const isa_inst_t *in, uint64_t exec, const uint64_t a[][ISA_WAVE_SIZE],
                     ds_shape_t s)
{
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        if (!(exec >> l & 1))
            continue;
        for (uint32_t e = 0; e < s.nelem; e++) {
            uint8_t *p = w->lds + a[e][l];
            uint32_t dreg = isa_x_vreg(in->src[1 + e]); /* write2: data0 in src[1], data1 in src[2] */
            uint32_t v0 = isa_x_vgpr(w, dreg)[l];
            if (in->op == ISA_ds_write_b8_d16_hi || in->op == ISA_ds_write_b16_d16_hi)
                v0 >>= 16; /* gfx9: the register's high half */
            if (s.esize == 1) {
                p[0] = (uint8_t)v0;
            } else if (s.esize == 2) {
                p[0] = (uint8_t)v0;
                p[1] = (uint8_t)(v0 >> 8);
            } else {
                for (uint32_t i = 0; i < s.esize / 4; i++)
                    le_put32(p + 4 * i, isa_x_vgpr(w, dreg + i)[l]);
            }
        }
    }
}

static void ds_atomic(isa_wave_t *w, const isa_inst_t *in, uint64_t exec, const uint64_t a[ISA_WAVE_SIZE])
{
    atomic_t k = atomic_kind((isa_op_t)in->op);
    /* ds_cmpst: data0 (src[1]) is the compare value, data1 (src[2]) the new value: the reverse of
     * flat_atomic_cmpswap. */
    uint32_t dreg = isa_x_vreg(in->src[k == AT_CMPSWAP ? 2 : 1]);
    uint32_t creg = k == AT_CMPSWAP ? isa_x_vreg(in->src[1]) : 0;
    uint32_t ret[ISA_WAVE_SIZE] = { 0 };
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        if (!(exec >> l & 1))
            continue;
        uint8_t *p = w->lds + a[l];
        uint32_t old = le_get32(p);
        uint32_t cmp = k == AT_CMPSWAP ? isa_x_vgpr(w, creg)[l] : 0;
        le_put32(p, atomic_apply(k, old, isa_x_vgpr(w, dreg)[l], cmp));
        ret[l] = old;
    }
    if ((isa_ops[in->op].flags & ISA_FL_RTN) && isa_opnd_is_vreg(in->vdst))
        isa_x_write_dst_v32(w, isa_x_vreg(in->vdst), exec, ret);
}

void isa_exec_ds(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    uint64_t exec = isa_wave_exec(w);
    res->lanes = exec;
    if (isa_exec_ds_more(w, in, res))
        return;
    if (in->op == ISA_ds_swizzle_b32) {
        if (vregs_ok(w, in, res, in->src[0], 1) && vregs_ok(w, in, res, in->vdst, 1))
            ds_swizzle(w, in, exec);
        return;
    }
    if (!(info->flags & (ISA_FL_LOAD | ISA_FL_STORE | ISA_FL_ATOMIC)) || info->mem_bytes == 0) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: not a DS instruction", info->name);
        return;
    }
    ds_shape_t s = ds_shape(in);
    uint32_t nd = s.esize < 4 ? 1 : s.esize / 4; /* registers per element */
    atomic_t k = atomic_kind((isa_op_t)in->op);
    if (!vregs_ok(w, in, res, in->src[0], 1))
        return;
    if ((info->flags & ISA_FL_LOAD) && !vregs_ok(w, in, res, in->vdst, nd * s.nelem))
        return;
    if ((info->flags & ISA_FL_STORE) && !vregs_ok(w, in, res, in->src[1], nd))
        return;
    if ((info->flags & ISA_FL_STORE) && s.nelem == 2 && !vregs_ok(w, in, res, in->src[2], nd))
        return;
    if ((info->flags & ISA_FL_ATOMIC) && !vregs_ok(w, in, res, in->src[1], 1))
        return;
    if (k == AT_CMPSWAP && !vregs_ok(w, in, res, in->src[2], 1))
        return;
    if ((info->flags & ISA_FL_RTN) && !vregs_ok(w, in, res, in->vdst, 1))
        return;
    const uint32_t *base = isa_x_vgpr(w, isa_x_vreg(in->src[0]));
    if (s.esize >= 4 && !(info->flags & ISA_FL_ATOMIC) && exec) {
        /* Every lane (bounds the compiler knows), or one run of lanes. */
        int lo = __builtin_ctzll(exec), end = ISA_WAVE_SIZE - __builtin_clzll(exec);
        if (exec == ~0ull ? ds_lane_run(w, in, 0, ISA_WAVE_SIZE, base, s, res)
                          : (exec >> lo & ((exec >> lo) + 1)) == 0 && ds_lane_run(w, in, lo, end, base, s, res))
            return;
    }
    uint64_t a[2][ISA_WAVE_SIZE];
    if (ds_addrs_fast(w, in, exec, base, s, a, res))
        goto access;
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        res->addr[l] = 0;
        if (!(exec >> l & 1))
            continue;
        /* DS addresses are 32-bit: base + offset wraps modulo 2^32, as on CI and later (LLVM
         * folds `255 - tid` into a negative base and a positive offset). */
        if (s.nelem == 2) {
            a[0][l] = (uint32_t)(base[l] + in->offset0 * s.stride);
            a[1][l] = (uint32_t)(base[l] + in->offset1 * s.stride);
        } else {
            a[0][l] = (uint32_t)(base[l] + (in->offset & 0xffff));
        }
        res->addr[l] = a[0][l];
        for (uint32_t e = 0; e < s.nelem; e++)
            if (!ds_check(w, in, res, l, a[e][l], s.esize))
                return;
    }
access:
    if (info->flags & ISA_FL_LOAD)
        ds_load(w, in, exec, (const uint64_t(*)[ISA_WAVE_SIZE])a, s);
    else if (info->flags & ISA_FL_STORE)
        ds_store(w, in, exec, (const uint64_t(*)[ISA_WAVE_SIZE])a, s);
    else
        ds_atomic(w, in, exec, a[0]);
}

/* exec_buffer: the buffer family (MUBUF, MTBUF) and the scalar buffer loads (s_buffer_load_*), on
 * a 128-bit buffer resource descriptor (V#). Addressing, range checking and the formats follow the
 * GCN3 ISA manual, chapter 8 ("Vector Memory Operations": 8.1.4 buffer addressing with and without
 * swizzle, 8.1.5 range checking, 8.1.7 the buffer resource); what gcnsim simulates and leaves out is
 * in docs/semantics-scalar-memory.md ("Buffer instructions"). As for FLAT, every active lane is
 * checked before anything is written, so a faulting instruction has no effect. */
#include "exec/exec_buffer.h"

#include "exec/exec_cdna.h"

#include "exec/exec_buffer_fmt.h"
#include "exec/exec_operands.h"
#include "common/le.h"

#include <inttypes.h>
#include <string.h>

/* The fields of a V# (manual table 8.5) that gcnsim uses. */
typedef struct {
    uint64_t base;          /* word0, word1[15:0]: 48-bit byte address */
    uint32_t stride;        /* word1[29:16]: bytes per record (14 bits) */
    bool swizzle;           /* word1[31] */
    uint32_t num_records;   /* word2: bytes (stride 0 or swizzled) or records */
    uint32_t nfmt, dfmt;    /* word3[14:12], [18:15] */
    uint32_t element_size;  /* word3[20:19]: 2, 4, 8, 16 bytes */
    uint32_t index_stride;  /* word3[22:21]: 8, 16, 32, 64 */
    bool add_tid;           /* word3[23] */
    uint32_t es_log2, is_log2; /* log2 of element_size and index_stride (both powers of two) */
} desc_t;

static desc_t desc_read(const isa_wave_t *w, isa_operand_t o)
{
    const uint32_t *s = &w->sreg[o.code];
    desc_t d;
    d.base = (uint64_t)s[0] | (uint64_t)(s[1] & 0xffffu) << 32;
    d.stride = (s[1] >> 16) & 0x3fffu;
    d.swizzle = (s[1] >> 31) & 1u;
    d.num_records = s[2];
    d.nfmt = (s[3] >> 12) & 7u;
    d.dfmt = (s[3] >> 15) & 15u;
    d.es_log2 = 1u + ((s[3] >> 19) & 3u);
    d.is_log2 = 3u + ((s[3] >> 21) & 3u);
    d.element_size = 1u << d.es_log2;
    d.index_stride = 1u << d.is_log2;
    d.add_tid = (s[3] >> 23) & 1u;
    return d;
}


/* n consecutive little-endian dwords from memory to registers (and back): one copy on a
 * little-endian host, where they are laid out alike. */
static void run_load(uint32_t *v, const uint8_t *p, int n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(v, p, 4 * (size_t)n);
#else
    for (int i = 0; i < n; i++)
        v[i] = le_get32(p + 4 * i);
#endif
}

static void run_store(uint8_t *p, const uint32_t *v, int n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, v, 4 * (size_t)n);
#else
    for (int i = 0; i < n; i++)
        le_put32(p + 4 * i, v[i]);
#endif
}

static uint8_t *mem_ptr(const isa_wave_t *w, uint64_t addr, uint32_t size)
{
    return w->mem && w->mem->translate ? w->mem->translate(w->mem->ctx, addr, size) : NULL;
}

/* Byte address of the byte at `offset` (instruction offset + VGPR offset + component) of record
 * `index` (VGPR index + lane id when add_tid), and whether it is in range (manual 8.1.5):
 * stride 0 or swizzled buffers check the offset against num_records bytes, the others the index
 * against num_records records. soffset is added to the address but not range-checked. */
static bool buf_addr(const desc_t *d, uint32_t index, uint32_t offset, uint32_t soffset, uint64_t *addr)
{
    bool in_range = (d->stride == 0 || d->swizzle) ? offset < d->num_records : index < d->num_records;
    uint64_t off;
    if (d->swizzle) {
        /* Swizzled: records are interleaved in index_stride groups of element_size pieces (8.1.4). */
        uint64_t imsb = index >> d->is_log2, ilsb = index & (d->index_stride - 1u);
        uint64_t omsb = offset >> d->es_log2, olsb = offset & (d->element_size - 1u);
        off = (imsb * d->stride + omsb * d->element_size) * d->index_stride + ilsb * d->element_size + olsb;
    } else {
        off = (uint64_t)offset + (uint64_t)index * d->stride;
    }
    *addr = (d->base + soffset + off) & 0xffffffffffffull; /* a 48-bit virtual address */
    return in_range;
}

/* ---- Formats ---------------------------------------------------------------------------------- */

/* gfx9's packed d16 formats (isa.def, fin33 block): two components per register. */
static bool is_d16_packed(isa_op_t op)
{
    return op >= ISA_buffer_load_format_d16_xy_gfx9 && op <= ISA_buffer_store_format_d16_hi_x;
}

static bool is_d16(isa_op_t op)
{
    return (op >= ISA_buffer_load_format_d16_x && op <= ISA_buffer_store_format_d16_xyzw) ||
           (op >= ISA_tbuffer_load_format_d16_x && op <= ISA_tbuffer_store_format_d16_xyzw) || is_d16_packed(op);
}

/* Register r's part of packed component c: x in [15:0], y in [31:16] of the first register, z and w
 * of the second; d16_hi_x's x in [31:16]. */
static unsigned packed_shift(isa_op_t op, uint32_t c)
{
    bool hi = op == ISA_buffer_load_format_d16_hi_x || op == ISA_buffer_store_format_d16_hi_x;
    return hi || (c & 1) ? 16 : 0;
}

/* ---- Atomics ------------------------------------------------------------------------------------ */

typedef enum { A_SWAP, A_ADD, A_SUB, A_SMIN, A_UMIN, A_SMAX, A_UMAX, A_AND, A_OR, A_XOR, A_INC, A_DEC, A_CMPSWAP } atom_t;

static atom_t atom_kind(isa_op_t op)
{
    if (op == ISA_buffer_atomic_cmpswap || op == ISA_buffer_atomic_cmpswap_x2)
        return A_CMPSWAP;
    /* The table lists each atomic then its _x2 form, swap first (isa.def, BUF_ATOMIC). */
    return (atom_t)((op - ISA_buffer_atomic_swap) / 2);
}

/* The new value of a 32-bit (wide false) or 64-bit atomic: inc wraps to 0 once old >= data, dec
 * reloads data when old is 0 or above data, cmpswap stores data when old equals cmp (manual 8.2). */
static uint64_t atom_apply(atom_t k, bool wide, uint64_t old, uint64_t data, uint64_t cmp)
{
    int64_t so = wide ? (int64_t)old : (int64_t)(int32_t)old, sd = wide ? (int64_t)data : (int64_t)(int32_t)data;
    uint64_t r;
    switch (k) {
    case A_SWAP: r = data; break;
    case A_ADD: r = old + data; break;
    case A_SUB: r = old - data; break;
    case A_SMIN: r = sd < so ? data : old; break;
    case A_UMIN: r = data < old ? data : old; break;
    case A_SMAX: r = sd > so ? data : old; break;
    case A_UMAX: r = data > old ? data : old; break;
    case A_AND: r = old & data; break;
    case A_OR: r = old | data; break;
    case A_XOR: r = old ^ data; break;
    case A_INC: r = old >= data ? 0 : old + 1; break;
    case A_DEC: r = (old == 0 || old > data) ? data : old - 1; break;
    default: r = old == cmp ? data : old; break;
    }
    return wide ? r : (r & 0xffffffffu);
}

/* ---- MUBUF / MTBUF -------------------------------------------------------------------------------- */

static bool vregs_ok(const isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, isa_operand_t o, uint32_t n)
{
    if (isa_x_vregs_in(w, o, n)) /* a VGPR, or on gfx90a an AGPR */
        return true;
    bool a = isa_opnd_is_agpr(o);
    isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: operand needs %" PRIu32 " %s(s) within the wave's %" PRIu32,
                isa_ops[in->op].name, n, a ? "AGPR" : "VGPR", a ? w->nagpr : w->nvgpr);
    return false;
}

enum { MAXC = 4 }; /* dwords per lane */

/* LDS DMA (GCN3 ISA manual, chapter 8: the MUBUF LDS bit, buffer loads to LDS): each active lane's
 * dword goes to LDS at LDS_base + LDS_offset + inst_offset + TID * 4, LDS_offset = M0[15:0],
 * LDS_base the workgroup's allocation (our lds pointer). Every address is checked before anything
 * moves. Returns false (the fault filled in) when one is outside the allocation. */
static bool lds_dma_addrs(const isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, uint64_t exec,
                          uint32_t *a)
{
    uint32_t base = (w->sreg[ISA_REG_M0] & 0xffffu) + in->offset;
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        a[l] = base + 4u * (uint32_t)l;
        if ((exec >> l & 1) && (uint64_t)a[l] + 4 > w->lds_size) {
            isa_x_fault(res, ISA_FAULT_LDS_BOUNDS, l, a[l],
                        "%s: lane %d: LDS address 0x%" PRIx32 " (M0[15:0] 0x%" PRIx32 " + offset %" PRIu32
                        " + lane * 4) is outside the workgroup's LDS allocation (%" PRIu32 " bytes)",
                        isa_ops[in->op].name, l, a[l], w->sreg[ISA_REG_M0] & 0xffffu, in->offset, w->lds_size);
            return false;
        }
    }
    return true;
}

/* The span of a wave's in-range accesses and, once found mapped as one, its host pointer. */
typedef struct {
    uint64_t lo, hi;
    uint8_t *base;
} buf_span_t;

/* The host address of an access: from the span's pointer when it was mapped as one (the same
 * pointer the look-up gives, a region being contiguous), else looked up. */
static inline uint8_t *acc_ptr(const isa_wave_t *w, const buf_span_t *sp, uint64_t addr, uint32_t size)
{
    return sp->base ? sp->base + (addr - sp->lo) : mem_ptr(w, addr, size);
}

/* Addresses and range of every component of every active lane (res->addr, res->lanes), with their
 * span in sp; with `check`, the mapping of each access in range too, lane by lane, the first one
 * unmapped a fault (returns false). */
static bool buf_addrs(const isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, const desc_t *d,
                      uint64_t exec, const uint32_t *va0, const uint32_t *va1, uint32_t soffset, uint32_t ncomp,
                      uint32_t csize, bool whole, bool check, uint64_t (*addr)[ISA_WAVE_SIZE],
                      uint8_t (*inr)[ISA_WAVE_SIZE], buf_span_t *sp)
{
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        res->addr[l] = 0;
        if (!(exec >> l & 1))
            continue;
        uint32_t index = (in->idxen ? va0[l] : 0) + (d->add_tid ? (uint32_t)l : 0);
        uint32_t voff = in->offen ? (in->idxen ? va1[l] : va0[l]) : 0;
        uint32_t offset = voff + in->offset;
        bool any = false;
        for (uint32_t c = 0; c < ncomp; c++) {
            inr[c][l] = buf_addr(d, index, offset + 4 * c, soffset, &addr[c][l]);
            /* Format and atomic accesses are all or nothing (8.1.5): the first component decides. */
            if (whole && c > 0)
                inr[c][l] = inr[0][l];
            if (!inr[c][l])
                continue;
            if (!any) {
                res->addr[l] = addr[c][l];
                res->lanes |= 1ull << l;
                any = true;
            }
            uint64_t a = addr[c][l];
            sp->lo = a < sp->lo ? a : sp->lo;
            sp->hi = a > sp->hi ? a : sp->hi;
            if (check && !mem_ptr(w, a, csize)) {
                isa_x_fault(res, ISA_FAULT_UNMAPPED, l, a,
                            "%s: lane %d: buffer address 0x%" PRIx64 " (%" PRIu32 " bytes; V# base 0x%" PRIx64
                            ", offset %" PRIu32 ", index %" PRIu32 ") is not mapped",
                            isa_ops[in->op].name, l, a, csize, d->base, offset + 4 * c, index);
                return false;
            }
        }
    }
    return true;
}

/* The scratch form, as compilers address the private segment: a swizzled V# with add_tid, element
 * size 4 and index stride 64, no index or offset VGPR, whole dwords. The lane id is then the whole
 * index, so lane l's address is the first lane's plus 4 * l, and the range check (the offset against
 * num_records) is the same for every lane: each dword of the lanes is one contiguous run, and one
 * look-up of the runs' span gives every pointer. Returns false, having changed nothing, when the
 * span is not mapped as one or a run wraps the 48-bit space: the general path then does it all. */
static bool buf_scratch(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, const desc_t *d,
                        uint64_t exec, uint32_t soffset, uint32_t ncomp, bool load)
{
    const uint64_t m48 = 0xffffffffffffull;
    int first = __builtin_ctzll(exec), last = 63 - __builtin_clzll(exec);
    bool blk = ((exec >> first) & ((exec >> first) + 1)) == 0; /* one block of lanes */
    uint64_t a0[MAXC]; /* the first active lane's address of each dword */
    bool inr[MAXC];
    uint64_t lo = UINT64_MAX, hi = 0;
    int cf = -1; /* the first dword in range: res->addr's */
    for (uint32_t c = 0; c < ncomp; c++) {
        uint32_t off = in->offset + 4 * c;
        inr[c] = off < d->num_records;
        if (!inr[c])
            continue;
        /* buf_addr with index = lane < 64: (offset / 4 * 4) * 64 + lane * 4 + offset % 4 */
        uint64_t b = d->base + soffset + ((uint64_t)(off >> 2) << 8) + (off & 3u);
        a0[c] = (b + 4u * (uint64_t)first) & m48;
        uint64_t an = (b + 4u * (uint64_t)last) & m48;
        if (an - a0[c] != 4u * (uint64_t)(last - first))
            return false; /* wraps the top of the 48-bit space */
        lo = a0[c] < lo ? a0[c] : lo;
        hi = an > hi ? an : hi;
        if (cf < 0)
            cf = (int)c;
    }
    uint8_t *sb = NULL;
    if (cf >= 0) {
        if (hi - lo >= (uint64_t)UINT32_MAX - 4 || !(sb = mem_ptr(w, lo, (uint32_t)(hi - lo) + 4)))
            return false;
        uint64_t a = a0[cf] - 4u * (uint64_t)first; /* lane 0's, were it active */
        if (exec == ~0ull)
            for (int l = 0; l < ISA_WAVE_SIZE; l += 4, a += 16) { /* unrolled: a quarter of the loop */
                res->addr[l] = a;
                res->addr[l + 1] = a + 4;
                res->addr[l + 2] = a + 8;
                res->addr[l + 3] = a + 12;
            }
        else
            for (int l = 0; l < ISA_WAVE_SIZE; l++)
                res->addr[l] = (a + 4u * (uint64_t)l) & (0 - (exec >> l & 1)); /* inactive: 0 */
        res->lanes = exec;
    } else {
        memset(res->addr, 0, sizeof res->addr);
    }
    for (uint32_t c = 0; c < ncomp; c++) {
        /* The host address of lane `first`, moved down so that lane l is at p + 4 * l. */
        uint8_t *p = inr[c] ? sb + (a0[c] - lo) - 4 * first : NULL;
        if (load) {
            uint32_t out[ISA_WAVE_SIZE];
            if (p) /* the lanes between first and last too: only EXEC's are written */
                run_load(out + first, p + 4 * first, last - first + 1);
            else
                memset(out, 0, sizeof out); /* out of range: 0 */
            isa_x_write_dst_v32(w, isa_x_vreg(in->vdst) + c, exec, out);
        } else if (p) { /* out of range: dropped */
            const uint32_t *v = isa_x_vgpr(w, isa_x_vreg(in->src[3]) + c);
            if (blk)
                run_store(p + 4 * first, v + first, last - first + 1);
            else
                for (int l = first; l <= last; l++)
                    if (exec >> l & 1)
                        le_put32(p + 4 * l, v[l]);
        }
    }
    return true;
}

/* gfx9's packed d16 format loads: component c of `ncomp` into the half packed_shift names of
 * register c / 2; past the format's `fcomps` components the defaults, out of range 0. The half
 * after d16_xyz's z is 0; d16_hi_x keeps the low half. */
static void load_packed(isa_wave_t *w, const isa_inst_t *in, const buf_span_t *sp, uint64_t exec,
                        const uint64_t *addr, const uint8_t *inr, uint32_t dfmt, uint32_t nfmt, uint32_t fcomps,
                        uint32_t ncomp, uint32_t csize, uint32_t out[][ISA_WAVE_SIZE])
{
    isa_op_t op = (isa_op_t)in->op;
    bool hi = op == ISA_buffer_load_format_d16_hi_x;
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        if (!(exec >> l & 1))
            continue;
        for (uint32_t r = 0; r < (ncomp + 1) / 2; r++)
            out[r][l] = hi ? isa_x_vgpr(w, isa_x_vreg(in->vdst))[l] & 0xffffu : 0;
        for (uint32_t c = 0; c < ncomp; c++) {
            uint32_t v = 0;
            if (c >= fcomps)
                v = isa_buf_fmt_default(nfmt, c, true);
            else if (inr[l])
                v = isa_buf_fmt_load(acc_ptr(w, sp, addr[l], csize), dfmt, nfmt, c, true);
            out[c / 2][l] |= (v & 0xffffu) << packed_shift(op, c);
        }
    }
}

void isa_exec_buffer(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    uint64_t exec = isa_wave_exec(w);
    res->lanes = 0;
    if (info->sig[0] == 0)
        return; /* buffer_wbinvl1*: the functional memory is coherent; the timing model moves nothing */
    bool fmt = (info->flags & ISA_FL_BUF_FORMAT) != 0, atomic = (info->flags & ISA_FL_ATOMIC) != 0;
    bool load = (info->flags & ISA_FL_LOAD) != 0;
    bool d16 = fmt && is_d16((isa_op_t)in->op);
    bool packed = fmt && is_d16_packed((isa_op_t)in->op);
    if (in->src[1].code + 4 > ISA_NUM_SREGS) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: bad buffer resource operand", info->name);
        return;
    }
    desc_t d = desc_read(w, in->src[1]);
    uint32_t size = info->mem_bytes;          /* bytes per lane */
    uint32_t ndw = size < 4 ? 1 : size / 4;   /* data registers per lane */
    uint32_t ncomp = ndw;                     /* accesses per lane (dwords, or one element) */
    uint32_t fcomps = 0, dfmt = 0, nfmt = 0;
    if (fmt) {
        /* The format: the V#'s (word 3 DATA_FORMAT, NUM_FORMAT) for MUBUF, the instruction's for
         * MTBUF. One access per lane moves the whole element (manual 8.1.5: all or nothing). */
        dfmt = info->enc == ISA_ENC_MTBUF ? in->dfmt : d.dfmt;
        nfmt = info->enc == ISA_ENC_MTBUF ? in->nfmt : d.nfmt;
        const char *why = isa_buf_fmt_problem(dfmt, nfmt);
        if (why) {
            isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: buffer format (data format %" PRIu32 ", number format %"
                        PRIu32 "%s): %s", info->name, dfmt, nfmt,
                        info->enc == ISA_ENC_MTBUF ? ", from the instruction" : ", from the V#'s word 3", why);
            return;
        }
        fcomps = isa_buf_fmt_comps(dfmt);
        ndw = size / (d16 ? 2 : 4); /* one register per component (gfx803's d16 is unpacked) */
        ncomp = 1;
        if (packed) {
            fcomps = fcomps < ndw ? fcomps : ndw; /* the components the instruction moves, ndw of them */
            ndw = (ndw + 1) / 2;                  /* gfx9: two per register */
        }
    }
    if (atomic)
        ncomp = 1; /* one 32- or 64-bit element; `size` says which */
    /* bytes per access */
    uint32_t csize = atomic ? size : fmt ? isa_buf_fmt_bytes(dfmt) : size < 4 ? size : 4;
    if (fmt)
        res->elem_bytes = csize;
    isa_operand_t data = load ? in->vdst : in->src[3];
    uint32_t nreg = (atomic && (in->op == ISA_buffer_atomic_cmpswap || in->op == ISA_buffer_atomic_cmpswap_x2)) ? 2 * ndw
                                                                                                               : ndw;
    uint32_t lds_addr[ISA_WAVE_SIZE];
    if (in->lds) {
        /* LDS DMA: the data go to (or, for buffer_store_lds_dword, come from) LDS, never VGPRs. The
         * manual defines it for one dword per lane; llvm-mc also assembles dwordx2..x4 with lds,
         * whose LDS layout the manual leaves undefined. */
        if (ndw != 1) {
            isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s with lds: the GCN3 manual defines loads into LDS only for "
                        "one dword per lane (format_x, ubyte, sbyte, ushort, sshort, dword); gcnsim does not guess "
                        "the LDS layout of wider ones", info->name);
            return;
        }
        if (!lds_dma_addrs(w, in, res, exec, lds_addr))
            return;
    } else if (!vregs_ok(w, in, res, data, nreg)) {
        return;
    }
    uint32_t naddr = (uint32_t)in->offen + (uint32_t)in->idxen;
    if (naddr && !vregs_ok(w, in, res, in->src[0], naddr))
        return;
    uint32_t soffset = isa_x_read_s32(w, in, in->src[2]);
    const uint32_t *va0 = naddr ? isa_x_vgpr(w, isa_x_vreg(in->src[0])) : NULL;
    const uint32_t *va1 = naddr == 2 ? isa_x_vgpr(w, isa_x_vreg(in->src[0]) + 1) : NULL;
    if (!fmt && !atomic && !in->lds && !naddr && size >= 4 && d.swizzle && d.add_tid && d.es_log2 == 2 &&
        d.is_log2 == 6 && exec && buf_scratch(w, in, res, &d, exec, soffset, ncomp, load))
        return;

    /* Addresses and range of every component, and their span; when the span is mapped as one
     * (one buffer, the usual case), so is every access, and one look-up gives every pointer.
     * Otherwise the lane-by-lane check runs and faults exactly as it always did. */
    uint64_t addr[MAXC][ISA_WAVE_SIZE];
    uint8_t inr[MAXC][ISA_WAVE_SIZE];
    buf_span_t sp = { UINT64_MAX, 0, NULL };
    if (!buf_addrs(w, in, res, &d, exec, va0, va1, soffset, ncomp, csize, fmt || atomic, false, addr, inr, &sp))
        return;
    if (sp.lo <= sp.hi) {
        if (sp.hi - sp.lo < (uint64_t)UINT32_MAX - csize)
            sp.base = mem_ptr(w, sp.lo, (uint32_t)(sp.hi - sp.lo) + csize);
        if (!sp.base) {
            res->lanes = 0;
            if (!buf_addrs(w, in, res, &d, exec, va0, va1, soffset, ncomp, csize, fmt || atomic, true, addr, inr, &sp))
                return;
        }
    }

    if (load) {
        uint32_t out[MAXC][ISA_WAVE_SIZE];
        unsigned d16_half = fmt ? ISA_D16_NONE : isa_op_d16((isa_op_t)in->op);
        if (packed) {
            load_packed(w, in, &sp, exec, addr[0], inr[0], dfmt, nfmt, fcomps, size / 2, csize, out);
            for (uint32_t r = 0; r < ndw; r++)
                isa_x_write_dst_v32(w, isa_x_vreg(in->vdst) + r, exec, out[r]);
            return;
        }
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            if (!(exec >> l & 1))
                continue;
            for (uint32_t c = 0; c < ndw; c++) {
                uint32_t v = 0;
                if (fmt) {
                    /* Past the format's components: 0, and 1 for w (the defaults); out of range 0. */
                    if (c >= fcomps)
                        v = isa_buf_fmt_default(nfmt, c, d16);
                    else if (inr[0][l])
                        v = isa_buf_fmt_load(acc_ptr(w, &sp, addr[0][l], csize), dfmt, nfmt, c, d16);
                } else if (inr[c][l]) {
                    const uint8_t *p = acc_ptr(w, &sp, addr[c][l], csize);
                    switch (in->op) {
                    case ISA_buffer_load_ubyte: v = p[0]; break;
                    case ISA_buffer_load_sbyte: v = (uint32_t)(int32_t)(int8_t)p[0]; break;
                    case ISA_buffer_load_ushort: v = (uint32_t)p[0] | (uint32_t)p[1] << 8; break;
                    case ISA_buffer_load_sshort:
                        v = (uint32_t)(int32_t)(int16_t)(uint16_t)((uint32_t)p[0] | (uint32_t)p[1] << 8);
                        break;
                    case ISA_buffer_load_ubyte_d16: case ISA_buffer_load_ubyte_d16_hi: v = p[0]; break;
                    case ISA_buffer_load_sbyte_d16: case ISA_buffer_load_sbyte_d16_hi:
                        v = (uint32_t)(int32_t)(int8_t)p[0];
                        break;
                    case ISA_buffer_load_short_d16: case ISA_buffer_load_short_d16_hi:
                        v = (uint32_t)p[0] | (uint32_t)p[1] << 8;
                        break;
                    default: v = le_get32(p); break;
                    }
                }
                if (d16_half) /* gfx9's d16 loads: one half (0 out of range), the other kept */
                    v = isa_d16_merge(d16_half, isa_x_vgpr(w, isa_x_vreg(in->vdst) + c)[l], v);
                out[c][l] = v; /* out of range: 0 */
            }
        }
        if (in->lds) {
            for (int l = 0; l < ISA_WAVE_SIZE; l++)
                if (exec >> l & 1)
                    le_put32(w->lds + lds_addr[l], out[0][l]);
            return;
        }
        for (uint32_t c = 0; c < ndw; c++)
            isa_x_write_dst_v32(w, isa_x_vreg(in->vdst) + c, exec, out[c]);
        return;
    }
    uint32_t dreg = isa_x_vreg(data);
    if (fmt) {
        /* Each supplied component converts into its field; the format's others stay in memory. */
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            if (!(exec >> l & 1) || !inr[0][l])
                continue;
            uint8_t *p = acc_ptr(w, &sp, addr[0][l], csize);
            if (packed) {
                for (uint32_t c = 0; c < fcomps; c++)
                    isa_buf_fmt_store(p, dfmt, nfmt, c,
                                      isa_x_vgpr(w, dreg + c / 2)[l] >> packed_shift((isa_op_t)in->op, c) & 0xffffu, true);
                continue;
            }
            for (uint32_t c = 0; c < ndw && c < fcomps; c++)
                isa_buf_fmt_store(p, dfmt, nfmt, c, isa_x_vgpr(w, dreg + c)[l], d16);
        }
        return;
    }
    if (!atomic) {
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            if (!(exec >> l & 1))
                continue;
            for (uint32_t c = 0; c < ncomp; c++) {
                if (!inr[c][l])
                    continue; /* out of range: dropped */
                uint8_t *p = acc_ptr(w, &sp, addr[c][l], csize);
                uint32_t v = in->lds ? le_get32(w->lds + lds_addr[l]) : isa_x_vgpr(w, dreg + c)[l];
                if (in->op == ISA_buffer_store_byte_d16_hi || in->op == ISA_buffer_store_short_d16_hi)
                    v >>= 16; /* gfx9: the register's high half */
                if (csize == 4)
                    le_put32(p, v);
                else
                    for (uint32_t b = 0; b < csize; b++)
                        p[b] = (uint8_t)(v >> (8 * b));
            }
        }
        return;
    }
    /* Atomics, in lane order. cmpswap's data is {new value, compare value}, each ndw registers. */
    bool wide = size == 8;
    atom_t k = atom_kind((isa_op_t)in->op);
    uint32_t ret[2][ISA_WAVE_SIZE] = { { 0 } };
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        if (!(exec >> l & 1) || !inr[0][l])
            continue;
        uint8_t *p = acc_ptr(w, &sp, addr[0][l], size);
        uint64_t old = le_get32(p), dv = isa_x_vgpr(w, dreg)[l], cv = 0;
        if (wide) {
            old |= (uint64_t)le_get32(p + 4) << 32;
            dv |= (uint64_t)isa_x_vgpr(w, dreg + 1)[l] << 32;
        }
        if (k == A_CMPSWAP) {
            cv = isa_x_vgpr(w, dreg + ndw)[l];
            if (wide)
                cv |= (uint64_t)isa_x_vgpr(w, dreg + ndw + 1)[l] << 32;
        }
        uint64_t nv;
        if (!isa_x_cdna_atomic((isa_op_t)in->op, old, dv, &nv)) /* CDNA's float atomics (exec_cdna.c) */
            nv = atom_apply(k, wide, old, dv, cv);
        le_put32(p, (uint32_t)nv);
        if (wide)
            le_put32(p + 4, (uint32_t)(nv >> 32));
        ret[0][l] = (uint32_t)old;
        ret[1][l] = (uint32_t)(old >> 32);
    }
    /* With glc the pre-op value returns into the data registers (out-of-range lanes get 0). */
    if (in->glc && isa_opnd_is_vreg(in->vdst))
        for (uint32_t c = 0; c < (wide ? 2u : 1u); c++)
            isa_x_write_dst_v32(w, isa_x_vreg(in->vdst) + c, exec, ret[c]);
}

/* ---- s_buffer_load ------------------------------------------------------------------------------ */

bool isa_exec_is_sbuffer(isa_op_t op)
{
    return (op >= ISA_s_buffer_load_dword && op <= ISA_s_buffer_load_dwordx16) ||
           (op >= ISA_s_buffer_store_dword && op <= ISA_s_buffer_store_dwordx4);
}

void isa_exec_sbuffer(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    const char *name = isa_ops[in->op].name;
    uint32_t bytes = isa_ops[in->op].mem_bytes;
    bool store = (isa_ops[in->op].flags & ISA_FL_STORE) != 0; /* s_buffer_store_*: data, V#, offset */
    isa_operand_t rsrc = in->src[store ? 1 : 0];
    if (rsrc.code + 4 > ISA_NUM_SREGS) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: bad buffer resource operand", name);
        return;
    }
    desc_t d = desc_read(w, rsrc);
    uint32_t off = (in->has_soffset_sgpr ? isa_x_read_s32(w, in, in->src[store ? 2 : 1]) : in->offset) & ~3u;
    uint64_t addr = (d.base + off) & 0xffffffffffffull;
    res->lanes = 1;
    res->addr[0] = addr;
    if (store) { /* each dword range-checked like the loads': out of range, it is dropped */
        for (uint32_t i = 0; i < bytes / 4 && i < 4; i++) {
            if ((uint64_t)off + 4 * i >= d.num_records)
                continue;
            uint8_t *p = mem_ptr(w, addr + 4 * i, 4);
            if (!p) {
                isa_x_fault(res, ISA_FAULT_UNMAPPED, -1, addr + 4 * i,
                            "%s: scalar buffer store at address 0x%" PRIx64 " (V# base 0x%" PRIx64 ", offset %" PRIu32
                            ") is not mapped", name, addr + 4 * i, d.base, off + 4 * i);
                return;
            }
            uint32_t v = isa_x_read_s32(w, in, (isa_operand_t){ (uint16_t)(in->src[0].code + i), 1, 0, 0 });
            for (int b = 0; b < 4; b++)
                p[b] = (uint8_t)(v >> (8 * b));
        }
        return;
    }
    /* Each dword is range-checked against num_records bytes; out of range reads 0 (8.1.5). All are
     * checked before any SGPR is written, so a fault has no effect. */
    uint32_t v[16];
    for (uint32_t i = 0; i < bytes / 4 && i < 16; i++) {
        v[i] = 0;
        if ((uint64_t)off + 4 * i < d.num_records) {
            const uint8_t *p = mem_ptr(w, addr + 4 * i, 4);
            if (!p) {
                isa_x_fault(res, ISA_FAULT_UNMAPPED, -1, addr + 4 * i,
                            "%s: scalar buffer load at address 0x%" PRIx64 " (V# base 0x%" PRIx64 ", offset %" PRIu32
                            ") is not mapped", name, addr + 4 * i, d.base, off + 4 * i);
                return;
            }
            v[i] = le_get32(p);
        }
    }
    for (uint32_t i = 0; i < bytes / 4 && i < 16; i++)
        isa_x_write_dst_s32(w, (uint16_t)(in->sdst.code + i), v[i]);
}

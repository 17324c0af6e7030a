/* writeback: the per-wave queue of memory operations in flight and their write-back at
 * completion (writeback.h). */
#include "machine/writeback.h"

#include <stdlib.h>
#include <string.h>

enum { WB_WORDS = 4 * ISA_WAVE_SIZE + 16 }; /* the most a load writes: 4 VGPRs, or 16 SGPRs */
enum { WB_SMALL = 16 };                     /* the most a load of SGPRs alone writes */

/* A memory operation in flight: its results, written when it completes. */
typedef struct {
    uint8_t vm;
    uint8_t nv, ns;            /* VGPRs and SGPRs it writes (0 for stores) */
    uint16_t vreg, sreg;       /* first VGPR index, first SGPR code */
    uint64_t done;             /* lgkm: the cycle it completes (vm completes in order) */
    uint64_t lanes;            /* VGPR lanes written: the active lanes at issue */
    uint32_t *data;            /* nv * 64 VGPR words, then ns SGPR words */
} wb_entry_t;

struct wb_wave {
    wb_entry_t *e;             /* oldest first */
    uint32_t n, cap;
    /* Data blocks, reused: [0] WB_SMALL words (a load of SGPRs), [1] WB_WORDS (of VGPRs). At most
     * one per entry of e in each list, which grows with e. */
    uint32_t **free_blocks[2];
    uint32_t nfree[2];
    /* Between wb_issue_begin and wb_issue_end of a deferred instruction: where isa_exec writes
     * its results (sink.data, the block its entry will own; NULL otherwise). */
    isa_sink_t sink;
};

static unsigned opnd_count(isa_operand_t o) { return o.count ? o.count : 1; }

bool wb_deferred(const isa_inst_t *in)
{
    isa_unit_t u = isa_ops[in->op].unit;
    if (u == ISA_UNIT_SMEM)
        return in->sdst.code < ISA_NUM_SREGS;
    if (u == ISA_UNIT_VMEM || u == ISA_UNIT_LDS)
        return isa_opnd_is_vgpr(in->vdst);
    return false;
}

bool wb_wave_reset(wb_wave_t **slot)
{
    wb_wave_t *q = *slot;
    if (!q) {
        if (!(q = calloc(1, sizeof *q)))
            return false;
        *slot = q;
        return true;
    }
    /* Keep the allocations; give the blocks of entries still listed back (none after a clean end). */
    for (uint32_t i = 0; i < q->n; i++)
        if (q->e[i].data)
            q->free_blocks[q->e[i].nv != 0][q->nfree[q->e[i].nv != 0]++] = q->e[i].data;
    q->n = 0;
    free(q->sink.data); /* an issue that never ended (none after a clean end) */
    q->sink.data = NULL;
    return true;
}

void wb_wave_free(wb_wave_t *q)
{
    if (!q)
        return;
    for (uint32_t i = 0; i < q->n; i++)
        free(q->e[i].data);
    for (int k = 0; k < 2; k++) {
        for (uint32_t i = 0; i < q->nfree[k]; i++)
            free(q->free_blocks[k][i]);
        free(q->free_blocks[k]);
    }
    free(q->e);
    free(q->sink.data);
    free(q);
}

bool wb_issue_begin(wb_wave_t *q, isa_wave_t *isa, const isa_inst_t *in)
{
    if (!wb_deferred(in))
        return true;
    /* The lanes isa_exec writes go to a block that starts as a copy of the registers (so a lane
     * it does not write is the register's old value, as it was); the registers stay as they are. */
    isa_sink_t k = { 0 };
    if (isa_opnd_is_vreg(in->vdst)) { /* VGPRs, or gfx90a's AGPRs (isa_wave_vreg's index) */
        k.vreg = (uint16_t)(in->vdst.code - ISA_VGPR_BASE);
        k.nv = (uint8_t)opnd_count(in->vdst);
        if (!isa_wave_vregs_in(isa, k.vreg, k.nv) || k.nv > 4)
            k.nv = 0; /* isa_exec refuses it; nothing to defer */
    }
    if (in->sdst.code < ISA_NUM_SREGS) {
        k.sreg = in->sdst.code;
        k.ns = (uint8_t)opnd_count(in->sdst);
        if (k.sreg + k.ns > ISA_NUM_SREGS || k.ns > 16)
            k.ns = 0;
    }
    if (!k.nv && !k.ns)
        return true;
    int kind = k.nv != 0;
    k.data = q->nfree[kind] ? q->free_blocks[kind][--q->nfree[kind]] : malloc((kind ? WB_WORDS : WB_SMALL) * sizeof *k.data);
    if (!k.data)
        return false;
    size_t vw = (size_t)k.nv * ISA_WAVE_SIZE;
    if (vw)
        memcpy(k.data, isa_wave_vreg(isa, k.vreg), vw * sizeof *k.data);
    if (k.ns)
        memcpy(k.data + vw, &isa->sreg[k.sreg], k.ns * sizeof *k.data);
    q->sink = k;
    isa->sink = &q->sink;
    return true;
}

void wb_issue_abort(wb_wave_t *q, isa_wave_t *isa)
{
    isa->sink = NULL;
    free(q->sink.data); /* not back to the free list, which may be full */
    q->sink.data = NULL;
}

static bool push(wb_wave_t *q, bool vm, uint64_t done, wb_entry_t **out)
{
    if (q->n == q->cap) {
        uint32_t cap = q->cap ? 2 * q->cap : 4;
        wb_entry_t *p = realloc(q->e, cap * sizeof *p);
        if (p)
            q->e = p;
        for (int k = 0; k < 2 && p; k++) {
            uint32_t **f = realloc(q->free_blocks[k], cap * sizeof *f);
            if (!f)
                return false;
            q->free_blocks[k] = f;
        }
        if (!p)
            return false;
        q->cap = cap;
    }
    wb_entry_t *b = &q->e[q->n++];
    memset(b, 0, sizeof *b);
    b->vm = vm;
    b->done = done;
    *out = b;
    return true;
}

bool wb_issue_end(wb_wave_t *q, isa_wave_t *isa, bool vm, uint64_t lgkm_done, uint64_t lanes)
{
    isa->sink = NULL;
    isa_sink_t k = q->sink;
    q->sink.data = NULL;
    wb_entry_t *b;
    if (!push(q, vm, lgkm_done, &b)) {
        free(k.data);
        return false;
    }
    if (!k.data)
        return true;
    /* the results isa_exec wrote to the sink, queued as they are */
    b->data = k.data;
    b->nv = k.nv;
    b->ns = k.ns;
    b->vreg = k.vreg;
    b->sreg = k.sreg;
    b->lanes = lanes;
    return true;
}

bool wb_complete(wb_wave_t *q, isa_wave_t *isa, bool vm, uint64_t c)
{
    uint32_t i = 0;
    while (i < q->n && (q->e[i].vm != vm || (!vm && q->e[i].done != c)))
        i++;
    if (i == q->n)
        return false;
    wb_entry_t b = q->e[i];
    memmove(&q->e[i], &q->e[i + 1], (q->n - i - 1) * sizeof *q->e);
    q->n--;
    if (!b.data)
        return true;
    size_t vw = (size_t)b.nv * ISA_WAVE_SIZE;
    uint32_t *vg = isa_wave_vreg(isa, b.vreg);
    if (b.lanes == UINT64_MAX) /* all lanes (the usual case): one copy */
        memcpy(vg, b.data, vw * sizeof *b.data);
    else for (unsigned r = 0; r < b.nv; r++) {
        uint32_t *dst = vg + (size_t)r * ISA_WAVE_SIZE;
        const uint32_t *src = b.data + (size_t)r * ISA_WAVE_SIZE;
        for (uint64_t m = b.lanes; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            dst[l] = src[l];
        }
    }
    memcpy(&isa->sreg[b.sreg], b.data + vw, b.ns * sizeof *b.data);
    q->free_blocks[b.nv != 0][q->nfree[b.nv != 0]++] = b.data;
    return true;
}

uint32_t wb_queued(const wb_wave_t *q)
{
    return q->n;
}

bool wb_pending(const wb_wave_t *q, uint16_t code)
{
    bool vgpr = code >= ISA_VGPR_BASE && code != ISA_OPND_NONE;
    for (uint32_t i = 0; i < q->n; i++) {
        const wb_entry_t *b = &q->e[i];
        if (vgpr && b->nv && (unsigned)(code - ISA_VGPR_BASE) - b->vreg < b->nv)
            return true;
        if (!vgpr && b->ns && code < ISA_NUM_SREGS && (unsigned)code - b->sreg < b->ns)
            return true;
    }
    return false;
}

/* hazard_lds: the LDS race check of the hazard checker (hazard_lds.h). */
#include "machine/hazard_lds.h"

#include <stdlib.h>
#include <string.h>

/* The last writer of one byte of LDS. Bytes, not dwords: waves that write different bytes of one
 * dword (ds_write_b8/b16, a byte histogram) do not race, and a wave reading back only its own
 * bytes must not be reported. */
typedef struct {
    uint64_t wave;             /* the writer's id + 1; 0: never written */
    uint32_t pc, epoch;
} hz_byte_t;

struct hz_lds {
    hz_byte_t *byte;
    uint32_t cap;              /* bytes */
    uint32_t epoch;
    uint32_t writers;          /* waves (index in the workgroup) that wrote in this epoch: a read
                                  needs no look at its words while no other wave has */
};

bool hz_lds_reset(hz_lds_t **slot, uint32_t lds_bytes, uint32_t epoch)
{
    if (!epoch)
        return true;
    hz_lds_t *l = *slot;
    if (!l) {
        if (!(l = calloc(1, sizeof *l)))
            return false;
        *slot = l;
    }
    if (l->cap < lds_bytes) {
        hz_byte_t *p = realloc(l->byte, (size_t)lds_bytes * sizeof *p);
        if (!p)
            return false;
        memset(p + l->cap, 0, (size_t)(lds_bytes - l->cap) * sizeof *p);
        l->byte = p;
        l->cap = lds_bytes;
    }
    l->epoch = epoch;
    l->writers = 0;
    return true;
}

void hz_lds_barrier(hz_lds_t *l, uint32_t epoch)
{
    if (l) {
        l->epoch = epoch;
        l->writers = 0;
    }
}

void hz_lds_free(hz_lds_t *l)
{
    if (l)
        free(l->byte);
    free(l);
}

/* The bytes a lane of DS instruction `in` touches: up to two runs (read2/write2) of `len` bytes,
 * the second `delta` bytes (modulo 2^64) after the first, which starts at the lane's address
 * (base + offset0 * stride). The same for every lane, so found once per instruction. */
static unsigned ds_runs(const isa_inst_t *in, uint64_t *delta, uint32_t *len)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    if (!(info->flags & ISA_FL_DUAL)) {
        *delta = 0;
        *len = info->mem_bytes;
        return 1;
    }
    uint32_t esize = info->mem_bytes / 2u;
    uint32_t stride = strstr(info->name, "st64") ? 64u * esize : esize;
    *delta = (uint64_t)in->offset1 * stride - (uint64_t)in->offset0 * stride;
    *len = esize;
    return 2;
}

void hz_lds_access(tw_sim_t *s, hz_lds_t *l, tw_wave_t *w, const isa_inst_t *in, const isa_exec_result_t *res, uint64_t c)
{
    uint32_t flags = isa_ops[in->op].flags;
    bool rd = flags & ISA_FL_LOAD, wr = flags & ISA_FL_STORE;
    if (!l || w->wg->nwaves < 2 || (flags & ISA_FL_ATOMIC) || (!rd && !wr))
        return;
    uint32_t me = 1u << (w->index & 31);
    if (wr)
        l->writers |= me;
    else if (!(l->writers & ~me))
        return; /* no other wave wrote since the last barrier */
    uint64_t delta;
    uint32_t len;
    unsigned nr = ds_runs(in, &delta, &len);
    const hz_byte_t stamp = { w->id + 1, w->hz_hot.cur_pc, l->epoch };
    for (uint64_t m = res->lanes; m; m &= m - 1) {
        uint64_t addr = res->addr[__builtin_ctzll(m)];
        for (unsigned k = 0; k < nr; k++) {
            uint64_t start = addr + (k ? delta : 0), end = start + len;
            if (start >= l->cap)
                continue; /* outside the allocation (wrapped or out of range): isa_exec's to judge */
            end = end < l->cap ? end : l->cap;
            if (wr) {
                for (uint64_t a = start; a < end; a++)
                    l->byte[a] = stamp;
                continue;
            }
            for (uint64_t a = start; a < end; a++) {
                const hz_byte_t *x = &l->byte[a];
                if (x->wave && x->wave != stamp.wave && x->epoch == l->epoch) {
                    tev_hazard_t hz = { 0 };
                    hz.kind = TEV_HZ_LDS_RACE;
                    hz.src_pc = x->pc;
                    hz.addr = (uint32_t)a;
                    hz.other_wave = x->wave - 1;
                    hz.pc = w->hz_hot.cur_pc;
                    tev_t ev;
                    tw_wave_event(&ev, w, TEV_HAZARD, c);
                    ev.u.hazard = &hz;
                    tw_emit(s, &ev);
                    return; /* one finding per execution */
                }
            }
        }
    }
}

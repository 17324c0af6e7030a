/* stats: interval accounting over the timing model's events (stats.h). The top of the statistics:
 * the memory figures (stats_mem), the per-instruction rows (stats_pc) and distributions
 * (stats_dist) are below it and know nothing of stats_t. The report, JSON and CSV row are
 * rendered from the run's result (report/). */
#include "observe/stats.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

int stats_init(stats_t *st, const cfg_t *cfg)
{
    memset(st, 0, sizeof *st);
    st->ncu = cfg_compute_units(cfg);
    st->simds = (uint32_t)cfg->cu_simds;
    st->simd_shift = -1;
    for (int sh = 0; sh < 8; sh++)
        if (st->simds == 1u << sh)
            st->simd_shift = sh;
    st->slots = STATS_SLOTS;
    st->wg_cap = (uint32_t)cfg->cu_max_workgroups;
    size_t nslot = (size_t)st->ncu * st->simds * st->slots, nsimd = (size_t)st->ncu * st->simds;
    st->slot = calloc(nslot, sizeof *st->slot);
    st->valu_busy = calloc(nsimd, sizeof *st->valu_busy);
    st->valu_issues = calloc(nsimd, sizeof *st->valu_issues);
    st->valu_pending = calloc(nsimd, sizeof *st->valu_pending);
    st->mfma_busy = calloc(nsimd, sizeof *st->mfma_busy);
    st->mfma_issues = calloc(nsimd, sizeof *st->mfma_issues);
    st->resident_area = calloc(nsimd, sizeof *st->resident_area);
    st->resident = calloc(nsimd, sizeof *st->resident);
    st->resident_since = calloc(nsimd, sizeof *st->resident_since);
    st->lim_state = calloc(st->ncu, sizeof *st->lim_state);
    st->lim_res = calloc(st->ncu, sizeof *st->lim_res);
    st->lim_since = calloc(st->ncu, sizeof *st->lim_since);
    st->lim_valid = calloc(st->ncu, sizeof *st->lim_valid);
    st->wg_live = calloc((size_t)st->ncu * st->wg_cap * 2, sizeof *st->wg_live);
    st->wg_nlive = calloc(st->ncu, sizeof *st->wg_nlive);
    if (!st->slot || !st->valu_busy || !st->valu_issues || !st->valu_pending || !st->mfma_busy || !st->mfma_issues || !st->resident_area ||
        !st->resident || !st->resident_since || !st->lim_state || !st->lim_res || !st->lim_since ||
        !st->lim_valid || !st->wg_live || !st->wg_nlive) {
        stats_free(st);
        return 3;
    }
    for (size_t i = 0; i < nslot; i++)
        st->slot[i].state = TEV_WAVE_GONE;
    return 0;
}

void stats_free(stats_t *st)
{
    free(st->dispatch);
    free(st->slot);
    free(st->valu_busy);
    free(st->valu_issues);
    free(st->valu_pending);
    free(st->mfma_busy);
    free(st->mfma_issues);
    free(st->resident_area);
    free(st->resident);
    free(st->resident_since);
    free(st->lim_state);
    free(st->lim_res);
    free(st->lim_since);
    free(st->lim_valid);
    free(st->wg_live);
    free(st->wg_nlive);
    free(st->pc);
    memset(st, 0, sizeof *st);
}

/* Issue slots of SIMD `simd` (cycles t with t % simds == simd) in [a, b): the multiples of simds in
 * (a - 1 - simd, b - 1 - simd], counted with the offset simds - 1 - simd added so that nothing is
 * negative (no branch on b <= simd); shift is log2(simds) or -1. */
static inline uint64_t simd_slots(uint64_t a, uint64_t b, uint32_t simd, uint32_t simds, int shift)
{
    uint64_t off = (uint64_t)simds - 1 - simd;
    if (shift >= 0)
        return ((b + off) >> shift) - ((a + off) >> shift);
    return (b + off) / simds - (a + off) / simds;
}

/* The slot kind a state's slots are charged to (eligible but did not issue: unit busy). */
static const uint8_t slot_kind_of[TEV_NUM_WAVE_STATES] = {
    [TEV_WAVE_LAUNCHING] = STATS_LAUNCHING, [TEV_WAVE_ELIGIBLE] = STATS_UNIT_BUSY,
    [TEV_WAVE_NOINST] = STATS_NO_INSTRUCTION, [TEV_WAVE_WAIT_VM] = STATS_VMCNT,
    [TEV_WAVE_WAIT_LGKM] = STATS_LGKMCNT, [TEV_WAVE_BARRIER] = STATS_BARRIER,
    [TEV_WAVE_DRAINING] = STATS_DRAINING, [TEV_WAVE_HELD] = STATS_HELD, [TEV_WAVE_GONE] = STATS_UNIT_BUSY,
};

static bool is_wait(tev_wave_state_t s) { return s == TEV_WAVE_WAIT_VM || s == TEV_WAVE_WAIT_LGKM; }

static void set_npc(stats_t *st, uint32_t npc)
{
    st->npc = npc;
    if (!st->general_only)
        st->fast_npc = npc;
}

/* The per-PC entry of instruction `pc`, growing the table (bounded by the kernel's size). */
static stats_pc_t *pc_entry_grow(stats_t *st, uint32_t pc)
{
    if (pc >= st->pc_cap) {
        uint32_t cap = st->pc_cap ? st->pc_cap : 64;
        while (cap <= pc)
            cap *= 2;
        stats_pc_t *n = realloc(st->pc, (size_t)cap * sizeof *n);
        if (!n) {
            st->oom = true;
            return NULL;
        }
        memset(n + st->pc_cap, 0, (size_t)(cap - st->pc_cap) * sizeof *n);
        st->pc = n;
        st->pc_cap = cap;
    }
    if (pc >= st->npc)
        set_npc(st, pc + 1);
    return &st->pc[pc];
}

/* Inline for the per-issue path: the table has almost always grown already. */
static inline stats_pc_t *pc_entry(stats_t *st, uint32_t pc)
{
    if (pc >= st->pc_cap)
        return pc_entry_grow(st, pc);
    if (pc >= st->npc)
        set_npc(st, pc + 1);
    return &st->pc[pc];
}

/* Charge the slot's issue slots in [mark, to) to its current state: to the totals, and to the row
 * of the wave's last issue (its row owns every slot until the next issue). Before its first issue
 * they wait in pend for the first instruction. A wait's slots are split into hidden and exposed by
 * its SIMD's VALU issues since the wait began: events for one CU arrive in cycle order and a wait
 * ends in a memory-completion event, which runs before the issue stage of its cycle
 * (timing_state.h), so the count then covers exactly the cycles before `to`. */
static inline __attribute__((always_inline)) void advance(stats_t *st, stats_slot_t *sl, size_t simd_index, uint32_t simd, uint64_t to)
{
    if (sl->state == TEV_WAVE_GONE || to <= sl->mark)
        return;
    uint64_t n = simd_slots(sl->mark, to, simd, st->simds, st->simd_shift);
    unsigned k = slot_kind_of[sl->state];
    st->slot_counts[k] += n;
    stats_pc_t *p = sl->has_pc ? &st->pc[sl->last_pc] : NULL;
    if (p) {
        p->slots[k] += n;
    } else {
        sl->pend[k] += n;
        sl->pend_mask |= 1u << k;
    }
    if (is_wait(sl->state)) {
        uint64_t hidden = st->valu_issues[simd_index] - sl->wait_valu0;
        if (hidden > n)
            hidden = n; /* cannot happen: at most one VALU issue per SIMD slot */
        st->hidden += hidden;
        st->exposed += n - hidden;
        if (p) {
            p->waited += n;
            p->hidden += hidden;
        }
        sl->wait_valu0 = st->valu_issues[simd_index];
    }
    sl->mark = to;
}

static void resident_change(stats_t *st, uint32_t cu, uint32_t simd, int delta, uint64_t now)
{
    size_t i = (size_t)cu * st->simds + simd;
    if (now > st->resident_since[i]) {
        st->resident_area[i] += (uint64_t)st->resident[i] * (now - st->resident_since[i]);
        st->resident_since[i] = now;
    }
    st->resident[i] = (uint32_t)((int)st->resident[i] + delta);
    uint32_t on_cu = 0;
    for (uint32_t d = 0; d < st->simds; d++)
        on_cu += st->resident[(size_t)cu * st->simds + d];
    if (on_cu > st->max_resident_cu)
        st->max_resident_cu = on_cu;
}

static void limiter_close(stats_t *st, uint32_t cu, uint64_t now)
{
    if (!st->lim_valid[cu] || now <= st->lim_since[cu])
        return;
    uint64_t n = now - st->lim_since[cu];
    switch (st->lim_state[cu]) {
    case TEV_CU_REFUSED: st->refused[st->lim_res[cu]] += n; break;
    case TEV_CU_NO_WORK: st->no_work += n; break;
    case TEV_CU_LAUNCH_LIMITED: st->launch_limited += n; break;
    default: break;
    }
    st->lim_since[cu] = now;
}

static void wave_state(stats_t *st, uint32_t cu, uint32_t simd, uint32_t slot, tev_wave_state_t to, uint64_t t)
{
    size_t si = (size_t)cu * st->simds + simd;
    stats_slot_t *sl = &st->slot[si * STATS_SLOTS + slot];
    advance(st, sl, si, simd, t);
    bool was = sl->state != TEV_WAVE_GONE, is = to != TEV_WAVE_GONE;
    if (was != is)
        resident_change(st, cu, simd, is ? 1 : -1, t);
    if (!was && is) {
        memset(sl, 0, sizeof *sl);
        sl->launched = sl->last_issue = sl->mark = t;
    } else if (was && !is) {
        /* The row of its last instruction (s_endpgm) ends with the wave; slots still pending (it
         * never issued) belong to no instruction. */
        if (sl->has_pc)
            st->pc[sl->last_pc].cycles += t - sl->last_issue;
        stats_dist_add(&st->wave_life, t - sl->launched);
    }
    sl->state = to;
    sl->since = t;
    if (t > sl->mark)
        sl->mark = t;
    sl->wait_valu0 = st->valu_issues[si];
    if (is_wait(to))
        st->valu_pending[si] |= 1u << slot;
}

/* An issue's accounting up to its row, in general: the slots since the wave's last issue in any
 * state, its first issue, a row not yet in the table. */
static __attribute__((noinline)) void issue_general(stats_t *st, stats_slot_t *sl, size_t si, uint32_t simd,
                                                            uint64_t c, uint32_t pc)
{
    advance(st, sl, si, simd, c);
    stats_pc_t *p = pc_entry(st, pc);
    if (sl->has_pc) {
        /* The previous instruction's row ends here (its slots were charged to it as they passed);
         * pc_entry may have moved the table, so index it only now. */
        st->pc[sl->last_pc].cycles += c - sl->last_issue;
    } else if (p) {
        /* The first issue: the slots since the launch belong to the first instruction. */
        for (uint32_t m = sl->pend_mask; m; m &= m - 1) {
            unsigned k = (unsigned)__builtin_ctz(m);
            p->slots[k] += sl->pend[k];
            sl->pend[k] = 0;
        }
        sl->pend_mask = 0;
    }
    if (p) {
        p->execs++;
        p->slots[STATS_ISSUED]++;
    }
    sl->has_pc = p != NULL; /* out of memory: nothing more is charged to rows (the run fails) */
}

/* A VALU issue at cycle c: a wait reported during this issue stage starts at the next cycle, so a
 * VALU issue at this cycle that comes after the report is not in the wait: it moves the wait's
 * baseline. */
static __attribute__((noinline)) void valu_pending(stats_t *st, size_t si, uint64_t c)
{
    for (uint32_t m = st->valu_pending[si]; m; m &= m - 1) {
        unsigned k = (unsigned)__builtin_ctz(m);
        stats_slot_t *w = &st->slot[si * STATS_SLOTS + k];
        if (is_wait(w->state) && w->since > c)
            w->wait_valu0++;
        else
            st->valu_pending[si] &= ~(1u << k);
    }
}

/* One issue (TEV_ISSUE, or the direct entry stats_issue: the same accounting). The usual case —
 * the wave issued before, was eligible since, and its instruction has a row — is advance() and
 * the row's update written out for that case; the rest goes to issue_general. */
static inline __attribute__((always_inline)) void issue(stats_t *st, const tev_issue_t *is)
{
    size_t si = (size_t)is->cu * st->simds + is->simd;
    stats_slot_t *sl = &st->slot[si * STATS_SLOTS + is->slot];
    uint64_t c = is->cycle;
    uint32_t pc = is->pc;
    st->insts[is->unit]++;
    st->valu_busy[si] += is->busy;
    if (is->mfma) {
        st->mfma_busy[si] += is->mfma;
        st->mfma_issues[si]++;
        st->mfma_total++;
    }
    st->slot_counts[STATS_ISSUED]++;
    if (sl->has_pc && sl->state == TEV_WAVE_ELIGIBLE && pc < st->fast_npc) {
        stats_pc_t *prev = &st->pc[sl->last_pc];
        if (c > sl->mark) {
            uint64_t n = simd_slots(sl->mark, c, is->simd, st->simds, st->simd_shift);
            st->slot_counts[STATS_UNIT_BUSY] += n;
            prev->slots[STATS_UNIT_BUSY] += n;
        }
        prev->cycles += c - sl->last_issue;
        stats_pc_t *p = &st->pc[pc];
        p->execs++;
        p->slots[STATS_ISSUED]++;
    } else {
        issue_general(st, sl, si, is->simd, c, pc);
    }
    sl->mark = c + 1;
    sl->last_issue = c;
    sl->last_pc = pc;
    if (is->unit == ISA_UNIT_VALU) {
        st->valu_issues[si]++;
        if (st->valu_pending[si])
            valu_pending(st, si, c);
    }
}

static void wg_start(stats_t *st, uint32_t cu, uint64_t wg, uint64_t t)
{
    uint32_t *n = &st->wg_nlive[cu];
    if (*n >= st->wg_cap)
        return; /* cannot happen: the dispatcher holds at most cu.max_workgroups per CU */
    uint64_t *e = &st->wg_live[((size_t)cu * st->wg_cap + *n) * 2];
    e[0] = wg;
    e[1] = t;
    ++*n;
}

static void wg_end(stats_t *st, uint32_t cu, uint64_t wg, uint64_t t)
{
    uint64_t *base = &st->wg_live[(size_t)cu * st->wg_cap * 2];
    uint32_t *n = &st->wg_nlive[cu];
    for (uint32_t i = 0; i < *n; i++)
        if (base[2 * i] == wg) {
            stats_dist_add(&st->wg_life, t - base[2 * i + 1]);
            --*n;
            base[2 * i] = base[2 * *n];
            base[2 * i + 1] = base[2 * *n + 1];
            return;
        }
}

static void dispatch_start(stats_t *st, const tev_t *ev)
{
    uint32_t d = ev->u.wg_info.dispatch;
    if (d >= st->dispatch_cap) {
        /* Doubling: dispatches start in order, so the array grows O(log n) times. */
        uint32_t cap = st->dispatch_cap ? st->dispatch_cap : 16;
        while (cap <= d && cap < UINT32_MAX / 2)
            cap *= 2;
        stats_dispatch_t *p = cap > d ? realloc(st->dispatch, (size_t)cap * sizeof *p) : NULL;
        if (!p) {
            st->oom = true;
            return;
        }
        memset(p + st->dispatch_cap, 0, (size_t)(cap - st->dispatch_cap) * sizeof *p);
        st->dispatch = p;
        st->dispatch_cap = cap;
    }
    if (st->dispatch[d].started)
        return;
    st->dispatch[d] = (stats_dispatch_t){ true, ev->wg, ev->cycle, ev->cycle };
    if (d + 1 > st->ndispatches)
        st->ndispatches = d + 1;
}

static void dispatch_end(stats_t *st, const tev_t *ev)
{
    for (uint32_t d = st->ndispatches; d-- > 0;)
        if (st->dispatch[d].started && ev->wg >= st->dispatch[d].first_wg) {
            if (ev->cycle > st->dispatch[d].last_end)
                st->dispatch[d].last_end = ev->cycle;
            return;
        }
}

void stats_issue(void *ctx, const tev_issue_t *is) { issue(ctx, is); }

void stats_state(void *ctx, uint32_t cu, uint32_t simd, uint32_t slot, tev_wave_state_t to, uint64_t cycle)
{
    wave_state(ctx, cu, simd, slot, to, cycle);
}

void stats_observe(void *ctx, const tev_t *ev)
{
    stats_t *st = ctx;
    switch (ev->kind) {
    case TEV_WAVE_STATE:
        wave_state(st, ev->cu, ev->simd, ev->slot, ev->u.wave_state, ev->cycle);
        break;
    case TEV_ISSUE: {
        tev_issue_t is = { ev->cycle, ev->cu, ev->simd, ev->slot, ev->u.issue.unit, ev->u.issue.pc,
                           ev->u.issue.busy, ev->u.issue.mfma };
        issue(st, &is);
        break;
    }
    case TEV_WG_START:
        st->workgroups++;
        st->waves += ev->u.wg_info.waves;
        wg_start(st, ev->cu, ev->wg, ev->cycle);
        dispatch_start(st, ev);
        break;
    case TEV_WG_END:
        wg_end(st, ev->cu, ev->wg, ev->cycle);
        dispatch_end(st, ev);
        break;
    case TEV_CU_LIMITER:
        limiter_close(st, ev->cu, ev->cycle);
        st->lim_valid[ev->cu] = true;
        st->lim_state[ev->cu] = ev->u.limiter.state;
        st->lim_res[ev->cu] = ev->u.limiter.resource;
        if (ev->cycle > st->lim_since[ev->cu])
            st->lim_since[ev->cu] = ev->cycle;
        break;
    case TEV_MEM: {
        uint64_t lat = stats_mem_observe(&st->mem, ev->u.mem.access);
        stats_pc_t *p = pc_entry(st, ev->u.mem.pc);
        if (p) {
            p->mem_count++;
            p->mem_latency += lat;
            p->mem_bytes += ev->u.mem.access->bytes;
        }
        break;
    }
    case TEV_HAZARD: /* hazlog.h keeps them */
        break;
    case TEV_END:
        st->cycles = ev->cycle;
        st->ended = true;
        for (uint32_t cu = 0; cu < st->ncu; cu++) {
            limiter_close(st, cu, ev->cycle);
            for (uint32_t d = 0; d < st->simds; d++) {
                resident_change(st, cu, d, 0, ev->cycle);
                for (uint32_t k = 0; k < st->slots; k++)
                    if (st->slot[((size_t)cu * st->simds + d) * st->slots + k].state != TEV_WAVE_GONE)
                        wave_state(st, cu, d, k, TEV_WAVE_GONE, ev->cycle);
            }
        }
        break;
    }
}

/* ---- figures derived from the accounting (the run's result takes them once) ------------------- */

uint64_t stats_total_insts(const stats_t *st)
{
    uint64_t n = 0;
    for (int u = 0; u < ISA_NUM_UNITS; u++)
        n += st->insts[u];
    return n;
}

double stats_measured_waves_per_simd(const stats_t *st)
{
    uint64_t area = 0;
    for (size_t i = 0; i < (size_t)st->ncu * st->simds; i++)
        area += st->resident_area[i];
    double denom = (double)st->cycles * st->ncu * st->simds;
    return denom > 0 ? (double)area / denom : 0.0;
}

const stats_dispatch_t *stats_dispatch_at(const stats_t *st, uint32_t i)
{
    static const stats_dispatch_t none;
    return i < st->ndispatches ? &st->dispatch[i] : &none;
}

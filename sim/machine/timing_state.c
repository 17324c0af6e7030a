/* timing_state: what changes a wave's state or reports it (timing_state.h). */
#include "machine/timing_state.h"

#include <inttypes.h>
#include <string.h>

void tw_emit(tw_sim_t *s, const tev_t *ev)
{
    /* Something would happen after --max-cycles (a state change takes effect after the event
     * that caused it): stop there, and let no observer see time pass the limit. */
    if (s->max_cycles && ev->cycle > s->max_cycles) {
        if (s->status == 0)
            tw_cycle_limit(s, s->max_cycles);
        return;
    }
    unsigned n = s->nobs[ev->kind];
    for (unsigned i = 0; i < n; i++)
        s->obs[ev->kind][i].fn(s->obs[ev->kind][i].ctx, ev);
}

/* Whether observer i takes events of `kind` (kinds NULL or kinds[i] 0: every kind). */
static bool takes(const uint32_t *kinds, unsigned i, unsigned kind)
{
    return !kinds || !kinds[i] || (kinds[i] & TEV_BIT(kind));
}

/* The index of the only observer taking events of `kind`, else -1. */
static int only_observer(const uint32_t *kinds, unsigned n, unsigned kind)
{
    int only = -1;
    for (unsigned i = 0; i < n && i < TW_MAX_OBSERVERS; i++)
        if (takes(kinds, i, kind)) {
            if (only >= 0)
                return -1;
            only = (int)i;
        }
    return only;
}

void tw_observers_init(tw_sim_t *s, const tev_observer_t *o, const uint32_t *kinds, const tev_issue_fn_t *issue,
                       const tev_state_fn_t *state, unsigned n)
{
    memset(s->nobs, 0, sizeof s->nobs);
    for (unsigned i = 0; i < n && i < TW_MAX_OBSERVERS; i++)
        for (unsigned k = 0; k < TEV_NUM_KINDS; k++)
            if (takes(kinds, i, k)) {
                s->obs[k][s->nobs[k]].fn = o[i].fn;
                s->obs[k][s->nobs[k]].ctx = o[i].ctx;
                s->nobs[k]++;
            }
    /* A direct entry only when nothing else takes its kind: that event is then never built. */
    int i = only_observer(kinds, n, TEV_ISSUE);
    s->issue_fn = i >= 0 && issue ? issue[i] : NULL;
    s->issue_ctx = s->issue_fn ? o[i].ctx : NULL;
    i = only_observer(kinds, n, TEV_WAVE_STATE);
    s->state_fn = i >= 0 && state ? state[i] : NULL;
    s->state_ctx = s->state_fn ? o[i].ctx : NULL;
}

void tw_set_state(tw_sim_t *s, tw_wave_t *w, tev_wave_state_t st, uint64_t cycle)
{
    if (w->state == st)
        return;
    w->state = st;
    tw_cu_t *cu = &s->cus[w->cu];
    uint32_t bit = 1u << w->slot;
    if (st == TEV_WAVE_ELIGIBLE || st == TEV_WAVE_NOINST)
        cu->rdy_active[w->simd] |= bit;
    else
        cu->rdy_active[w->simd] &= ~bit;
    if (st == TEV_WAVE_NOINST)
        cu->rdy_noinst[w->simd] |= bit;
    else
        cu->rdy_noinst[w->simd] &= ~bit;
    if (s->state_fn && !(s->max_cycles && cycle > s->max_cycles)) {
        s->state_fn(s->state_ctx, w->cu, w->simd, w->slot, st, cycle);
        return;
    }
    tev_t ev;
    tw_wave_event(&ev, w, TEV_WAVE_STATE, cycle);
    ev.u.wave_state = st;
    tw_emit(s, &ev);
}

void tw_wake_cu(tw_sim_t *s, uint32_t cu, uint64_t cycle)
{
    tw_cu_t *c = &s->cus[cu];
    if (s->tick_every_cycle)
        return; /* every CU already runs every cycle */
    if (c->tick_at != TW_NEVER && c->tick_at <= cycle)
        return;
    c->tick_at = cycle;
    eng_tick(&s->eng, cu, cycle);
}

void tw_fault(tw_sim_t *s, tw_wave_t *w, launch_fault_kind_t kind, uint32_t inst, int lane, const char *msg)
{
    launch_record_fault(s->L, kind, w->wg->dispatch, w->wg->gid, w->index, inst, lane, msg);
    s->status = 2;
}

/* ---- the oldest-first order of a SIMD's waves --------------------------------------------------- */

void tw_age_add(tw_cu_t *cu, uint32_t simd, uint32_t slot) { cu->age[simd][cu->nage[simd]++] = (uint8_t)slot; }

void tw_age_remove(tw_cu_t *cu, uint32_t simd, uint32_t slot)
{
    uint8_t *a = cu->age[simd];
    uint32_t n = cu->nage[simd], i = 0;
    while (i < n && a[i] != slot)
        i++;
    if (i == n)
        return;
    memmove(a + i, a + i + 1, n - i - 1);
    cu->nage[simd]--;
}

void tw_age_resort(tw_cu_t *cu, uint32_t simd)
{
    uint8_t *a = cu->age[simd];
    for (uint32_t i = 1; i < cu->nage[simd]; i++) {
        uint8_t x = a[i];
        const tw_wave_t *wx = cu->slot[simd][x];
        uint32_t j = i;
        for (; j > 0; j--) {
            const tw_wave_t *wy = cu->slot[simd][a[j - 1]];
            if (wy->prio > wx->prio || (wy->prio == wx->prio && wy->id < wx->id))
                break;
            a[j] = a[j - 1];
        }
        a[j] = x;
    }
}

/* ---- the cycle limit ---------------------------------------------------------------------------- */

/* The run would pass opt->max_cycles: fault, showing the oldest wave still running (the likeliest
 * to be stuck) at the instruction it would issue next; failing that, the oldest one that ended
 * but still holds its slot (the run was about to end). */
void tw_cycle_limit(tw_sim_t *s, uint64_t limit)
{
    const tw_wave_t *old = NULL, *held = NULL;
    uint64_t live = 0;
    for (uint32_t ci = 0; ci < s->ncu; ci++)
        for (uint32_t d = 0; d < s->simds; d++)
            for (uint32_t k = 0; k < s->slots; k++) {
                const tw_wave_t *w = s->cus[ci].slot[d][k];
                if (w && (w->wg->ended_mask >> w->index & 1)) {
                    if (!held || w->id < held->id)
                        held = w;
                } else if (w) {
                    live++;
                    if (!old || w->id < old->id)
                        old = w;
                }
            }
    if (!old)
        old = held;
    uint64_t waiting = s->L->nworkgroups - s->L->workgroups_run;
    char msg[200];
    snprintf(msg, sizeof msg, "the run passed %" PRIu64 " cycles (--max-cycles) with %" PRIu64 " workgroups (%"
             PRIu64 " waves) running and %" PRIu64 " not yet dispatched; shown: the oldest running wave",
             limit, s->wgs_live, live, waiting);
    static const uint32_t none[3] = { 0, 0, 0 };
    if (old)
        launch_record_fault(s->L, LAUNCH_FAULT_CYCLES, old->wg->dispatch, old->wg->gid, old->index, old->isa.pc, -1, msg);
    else
        launch_record_fault(s->L, LAUNCH_FAULT_CYCLES, s->cur, none, 0, 0, -1, msg);
    s->status = 2;
}

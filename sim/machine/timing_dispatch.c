/* timing_dispatch: the dispatcher and the ends of waves and workgroups (timing_dispatch.h).
 *
 * Dispatch: workgroups come from dorder in the configured order. The dispatcher offers the next
 * one to the CUs in turn (starting after the CU that took the previous one); a CU takes it only
 * when all of it fits: per wave a slot, VGPRs and SGPRs on the SIMD it goes to (waves go to SIMDs
 * round-robin, skipping a SIMD that has no room), per workgroup its LDS and a barrier when it has
 * more than one wave, within the CU's workgroup and wave limits. Placing a workgroup occupies the
 * launcher for one wave_launch_cycles per wave; each wave can issue wave_init_cycles after its
 * launch. When nothing fits, the dispatcher sleeps until a wave or workgroup frees resources.
 *
 * Several dispatches form one in-order queue: dispatch i's workgroups are handed out only after
 * every workgroup of dispatch i-1 has been; with after = previous (the AQL barrier bit) it also
 * waits until every earlier workgroup has ended, then kernel_launch_cycles; with after = none it is
 * ready kernel_launch_cycles after the previous dispatch was, so its workgroups fill the CUs as the
 * previous dispatch's tail drains. */
#include "machine/timing_dispatch.h"
#include "machine/hazard.h"
#include "machine/hazard_lds.h"
#include "machine/writeback.h"

#include "machine/timing_state.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void tw_wake_dispatcher(tw_sim_t *s, uint64_t cycle)
{
    if (s->dispatch_at != TW_NEVER && s->dispatch_at <= cycle)
        return;
    s->dispatch_at = cycle;
    if (!eng_schedule(&s->eng, cycle, 0, EV_DISPATCH, 0, NULL))
        s->status = 3;
}

/* ---- fitting a workgroup on a CU -------------------------------------------------------------- */

/* Check whether the pending workgroup fits on CU `ci`; on success fill simd_of[] with the SIMD of
 * each wave. On failure *why is the first refusing resource in occupancy order. */
static bool fits(const tw_sim_t *s, uint32_t ci, uint32_t simd_of[], occ_resource_t *why)
{
    const tw_cu_t *c = &s->cus[ci];
    const cfg_t *cfg = s->cfg;
    const tw_disp_t *dp = &s->disp[s->cur];
    uint32_t n = dp->waves_per_wg;
    bool ok[OCC_NUM_RESOURCES];
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        ok[r] = true;
    ok[OCC_LDS] = c->lds_used + dp->lds_alloc <= cfg->cu_lds_bytes;
    ok[OCC_BARRIERS] = n <= 1 || c->barriers_used < cfg->cu_barriers;
    ok[OCC_WORKGROUPS] = c->wgs < cfg->cu_max_workgroups;
    /* Place the waves round-robin over the SIMDs that have room for one more; every resource is
     * evaluated so that the refusal is charged to the first short one in occupancy order. */
    uint32_t slots[TW_MAX_SIMDS], vgprs[TW_MAX_SIMDS], sgprs[TW_MAX_SIMDS];
    memcpy(slots, c->slots_used, sizeof slots);
    memcpy(vgprs, c->vgprs_used, sizeof vgprs);
    memcpy(sgprs, c->sgprs_used, sizeof sgprs);
    uint32_t p = c->simd_rr;
    bool placing = true;
    for (uint32_t i = 0; i < n && placing; i++) {
        bool slot_any = false, vgpr_any = false, placed = false;
        for (uint32_t k = 0; k < s->simds && !placed; k++) {
            uint32_t d = (p + k) % s->simds;
            bool slot_ok = slots[d] < s->slots;
            bool vgpr_ok = vgprs[d] + dp->vgpr_alloc <= cfg->cu_vgprs;
            bool sgpr_ok = sgprs[d] + dp->sgpr_alloc <= cfg->cu_sgprs;
            slot_any |= slot_ok;
            vgpr_any |= slot_ok && vgpr_ok;
            if (slot_ok && vgpr_ok && sgpr_ok) {
                slots[d]++;
                vgprs[d] += dp->vgpr_alloc;
                sgprs[d] += dp->sgpr_alloc;
                simd_of[i] = d;
                p = (d + 1) % s->simds;
                placed = true;
            }
        }
        if (!placed) {
            placing = false;
            if (!slot_any)
                ok[OCC_WAVE_SLOTS] = false;
            else if (!vgpr_any)
                ok[OCC_VGPR] = false;
            else
                ok[OCC_SGPR] = false;
        }
    }
    if (c->waves + n > cfg->cu_max_waves)
        ok[OCC_WAVE_SLOTS] = false;
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        if (!ok[r]) {
            *why = (occ_resource_t)r;
            return false;
        }
    return true;
}

static bool has_free_slot(const tw_sim_t *s, const tw_cu_t *c)
{
    if (c->waves >= s->cfg->cu_max_waves)
        return false;
    for (uint32_t d = 0; d < s->simds; d++)
        if (c->slots_used[d] < s->slots)
            return true;
    return false;
}

/* Whether the queue offers a workgroup at `cycle` (a dispatch waiting for its turn offers none). */
static bool offering(const tw_sim_t *s, uint64_t cycle)
{
    return s->have_pending && s->disp[s->cur].ready <= cycle;
}

/* Recompute every CU's dispatch situation and report the ones that changed. */
static void update_limiters(tw_sim_t *s, uint64_t cycle)
{
    for (uint32_t ci = 0; ci < s->ncu; ci++) {
        tw_cu_t *c = &s->cus[ci];
        tev_cu_state_t st;
        occ_resource_t why = OCC_VGPR;
        uint32_t simd_of[TW_MAX_WG_WAVES];
        if (!has_free_slot(s, c))
            st = TEV_CU_FULL;
        else if (!offering(s, cycle) || (s->nxcd > 1 && ci / (s->ncu / s->nxcd) != s->wg_seq % s->nxcd))
            st = TEV_CU_NO_WORK; /* (several XCDs: the pending workgroup is another XCD's) */
        else if (fits(s, ci, simd_of, &why))
            st = TEV_CU_LAUNCH_LIMITED;
        else
            st = TEV_CU_REFUSED;
        if (c->lim_valid && c->lim_state == st && (st != TEV_CU_REFUSED || c->lim_res == why))
            continue;
        c->lim_valid = true;
        c->lim_state = st;
        c->lim_res = why;
        tev_t ev;
        memset(&ev, 0, sizeof ev);
        ev.kind = TEV_CU_LIMITER;
        ev.cycle = cycle;
        ev.cu = ci;
        ev.u.limiter.state = st;
        ev.u.limiter.resource = why;
        tw_emit(s, &ev);
    }
}

void tw_queue_start(tw_sim_t *s)
{
    const cfg_t *cfg = s->cfg;
    s->wg_seq = 0; /* each dispatch deals its workgroup 0 to XCD 0 */
    dorder_init(&s->order, s->L->dispatches[s->cur].wg_count, cfg->dispatch_order, cfg->dispatch_tile_direction,
                (uint32_t)cfg->dispatch_tile_width);
    s->have_pending = dorder_next(&s->order, s->pending) != 0;
}

/* The next workgroup to offer: the current dispatch's next, or the first of the next dispatch. */
static void next_pending(tw_sim_t *s)
{
    s->have_pending = dorder_next(&s->order, s->pending) != 0;
    if (s->have_pending || s->cur + 1 >= s->L->ndispatches)
        return;
    uint64_t prev_ready = s->disp[s->cur].ready;
    s->cur++;
    tw_disp_t *dp = &s->disp[s->cur];
    if (s->L->dispatches[s->cur].wl->after == WL_AFTER_NONE)
        dp->ready = prev_ready + (uint64_t)s->cfg->dispatch_kernel_launch_cycles;
    else
        dp->ready = TW_NEVER; /* set when the last earlier workgroup ends (wg_end) */
    tw_queue_start(s);
}

/* Give the pending workgroup to CU `ci` at cycle `c` (it fits: simd_of[] from fits()). */
static void place(tw_sim_t *s, uint32_t ci, const uint32_t simd_of[], uint64_t c)
{
    tw_cu_t *cu = &s->cus[ci];
    const cfg_t *cfg = s->cfg;
    launch_t *L = s->L;
    tw_wg_t *wg = NULL;
    for (uint32_t i = 0; i < s->wg_pool_n; i++)
        if (!cu->wg_pool[i].used) {
            wg = &cu->wg_pool[i];
            wg->pool_index = i;
            break;
        }
    if (!wg) {
        s->status = 3; /* fits() guarantees a free entry; never reached */
        return;
    }
    tw_disp_t *dp = &s->disp[s->cur];
    const launch_dispatch_t *D = &L->dispatches[s->cur];
    wg->used = true;
    wg->id = s->next_wg_id++;
    wg->dispatch = s->cur;
    memcpy(wg->gid, s->pending, sizeof wg->gid);
    launch_wg_size(D, wg->gid, wg->size);
    uint32_t items = wg->size[0] * wg->size[1] * wg->size[2];
    wg->nwaves = (items + ISA_WAVE_SIZE - 1) / ISA_WAVE_SIZE;
    wg->ended = wg->at_barrier = 0;
    wg->ended_mask = wg->released_mask = 0;
    wg->cu = ci;
    /* Each entry's LDS storage is allocated on first use and grown for a larger dispatch, so host
     * memory follows the workgroups actually resident. */
    uint32_t lds_bytes = D->lds_total ? D->lds_total : 1;
    if (wg->lds_cap < lds_bytes) {
        uint8_t *p = realloc(wg->lds, lds_bytes);
        if (!p) {
            s->status = 3;
            return;
        }
        wg->lds = p;
        wg->lds_cap = lds_bytes;
    }
    memset(wg->lds, 0, lds_bytes);
    if (s->hz && !hz_lds_reset(&s->hz->lds[(size_t)wg->cu * s->wg_pool_n + wg->pool_index], lds_bytes, ++s->hz->epoch)) {
        s->status = 3;
        return;
    }
    cu->lds_used += dp->lds_alloc;
    cu->barriers_used += dp->waves_per_wg > 1;
    cu->wgs++;
    cu->waves += wg->nwaves;

    tev_t ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = TEV_WG_START;
    ev.cycle = c;
    ev.cu = ci;
    ev.wg = wg->id;
    ev.u.wg_info.waves = wg->nwaves;
    ev.u.wg_info.dispatch = wg->dispatch;
    memcpy(ev.u.wg_info.gid, wg->gid, sizeof ev.u.wg_info.gid);
    tw_emit(s, &ev);

    uint64_t launch_cost = (uint64_t)cfg->dispatch_wave_launch_cycles;
    for (uint32_t i = 0; i < wg->nwaves; i++) {
        uint32_t d = simd_of[i], slot = 0;
        while (cu->slot[d][slot])
            slot++;
        tw_wave_t *w = &cu->wave_pool[d * TW_MAX_SLOTS + slot];
        memset(w, 0, sizeof *w);
        w->wg = wg;
        w->id = s->next_wave_id++;
        w->cu = ci;
        w->simd = d;
        w->slot = slot;
        w->index = i;
        w->inst_base = L->kernels[D->kernel_index].inst_base;
        w->state = TEV_WAVE_GONE;
        w->ready_at = TW_NEVER;
        tw_ready_clear(cu, d, slot);
        uint32_t **vgpr_slot = &cu->vgpr_slot[d * TW_MAX_SLOTS + slot];
        if (!*vgpr_slot && !(*vgpr_slot = malloc((size_t)s->nvgpr_each * ISA_WAVE_SIZE * sizeof **vgpr_slot))) {
            s->status = 3;
            return;
        }
        uint32_t *vgpr = *vgpr_slot;
        /* The machine-wide wave slot chooses the wave's scratch area (timing_run maps one per slot). */
        launch_wave_init_slot(L, D, &w->isa, vgpr, wg->lds, wg->gid, wg->size, i, (ci * s->simds + d) * s->slots + slot);
        /* HW_ID from the real placement (16 CUs per shader engine, as Fiji; TG_ID the workgroup's
         * place on its CU), GPR_ALLOC and LDS_ALLOC from the allocation (isa.h). */
        w->isa.hw_id = isa_hw_id(slot, d, ci % 16, ci / 16, wg->pool_index);
        w->isa.gpr_alloc = isa_gpr_alloc(D->kernel->target, dp->vgpr_alloc, D->kernel->desc.accum_offset, dp->sgpr_alloc);
        w->isa.lds_alloc = isa_lds_alloc(dp->lds_alloc);
        wb_wave_t **wb = &cu->wb_slot[d * TW_MAX_SLOTS + slot];
        if (!wb_wave_reset(wb) || (s->hz && !hz_wave_reset(s->hz, w))) {
            s->status = 3;
            return;
        }
        w->wb = *wb;
        tw_wave_fetch(cu, w);
        cu->slot[d][slot] = w;
        tw_age_add(cu, d, slot);
        cu->slots_used[d]++;
        cu->vgprs_used[d] += dp->vgpr_alloc;
        cu->sgprs_used[d] += dp->sgpr_alloc;
        wg->waves[i] = w;
        tw_set_state(s, w, TEV_WAVE_LAUNCHING, c);
        uint64_t start = c + (uint64_t)i * launch_cost + (uint64_t)cfg->dispatch_wave_init_cycles;
        if (!eng_schedule(&s->eng, start, 0, EV_WAVE_START, ci, w))
            s->status = 3;
    }
    cu->simd_rr = (simd_of[wg->nwaves - 1] + 1) % s->simds;
    s->wgs_live++;
    L->workgroups_run++;
    L->waves_run += wg->nwaves;
    s->launcher_free = c + (uint64_t)wg->nwaves * launch_cost;
}

void tw_dispatch(tw_sim_t *s, uint64_t c)
{
    s->dispatch_at = TW_NEVER;
    while (s->have_pending && s->status == 0) {
        uint64_t ready = s->disp[s->cur].ready;
        if (ready > c) {
            /* The queue waits: for its turn (after = none) or for the earlier workgroups to end. */
            update_limiters(s, c);
            if (ready != TW_NEVER)
                tw_wake_dispatcher(s, ready);
            return;
        }
        if (s->launcher_free > c) {
            update_limiters(s, c);
            tw_wake_dispatcher(s, s->launcher_free);
            return;
        }
        uint32_t simd_of[TW_MAX_WG_WAVES];
        occ_resource_t why;
        bool placed = false;
        /* The workgroup's XCD, then its CUs in turn after the one that took the XCD's previous
         * workgroup (one XCD: every CU of the machine). In order: while its XCD has no room, the
         * workgroups after it wait too. */
        uint32_t x = s->wg_seq % s->nxcd, per = s->ncu / s->nxcd;
        for (uint32_t k = 0; k < per && !placed; k++) {
            uint32_t local = (s->xcd_rr[x] + k) % per, ci = x * per + local;
            if (fits(s, ci, simd_of, &why)) {
                place(s, ci, simd_of, c);
                s->xcd_rr[x] = (local + 1) % per;
                placed = true;
            }
        }
        if (!placed)
            break; /* woken again when a wave or workgroup frees resources */
        s->wg_seq++;
        next_pending(s);
    }
    update_limiters(s, c);
}

/* ---- the end of waves and workgroups ---------------------------------------------------------- */

static void free_wave_slot(tw_sim_t *s, tw_wave_t *w, uint64_t c)
{
    tw_cu_t *cu = &s->cus[w->cu];
    w->wg->released_mask |= 1u << w->index;
    cu->slot[w->simd][w->slot] = NULL;
    tw_age_remove(cu, w->simd, w->slot);
    const tw_disp_t *dp = &s->disp[w->wg->dispatch];
    cu->slots_used[w->simd]--;
    cu->vgprs_used[w->simd] -= dp->vgpr_alloc;
    cu->sgprs_used[w->simd] -= dp->sgpr_alloc;
    cu->waves--;
    tw_set_state(s, w, TEV_WAVE_GONE, c);
}

static void wg_end(tw_sim_t *s, tw_wg_t *wg, uint64_t c)
{
    tw_cu_t *cu = &s->cus[wg->cu];
    for (uint32_t i = 0; i < wg->nwaves; i++)
        if (!(wg->released_mask >> i & 1))
            free_wave_slot(s, wg->waves[i], c);
    tw_disp_t *dp = &s->disp[wg->dispatch];
    cu->lds_used -= dp->lds_alloc;
    cu->barriers_used -= dp->waves_per_wg > 1;
    cu->wgs--;
    wg->used = false;
    s->wgs_live--;
    s->L->progress_at = s->L->insts_total; /* progress, for the runaway detector */
    /* A dispatch waiting for every earlier one (after = previous) is ready once the last ends. */
    if (s->wgs_live == 0 && s->have_pending && s->disp[s->cur].ready == TW_NEVER)
        s->disp[s->cur].ready = c + (uint64_t)s->cfg->dispatch_kernel_launch_cycles;
    tev_t ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = TEV_WG_END;
    ev.cycle = c;
    ev.cu = wg->cu;
    ev.wg = wg->id;
    tw_emit(s, &ev);
    if (c > s->last_cycle)
        s->last_cycle = c;
}

/* Every wave of wg that has not ended waits at the barrier: all continue from c + 1. S_BARRIER waits
 * only for the waves that have not ended (GCN3 ISA manual, S_BARRIER: "If some waves in the
 * threadgroup have already terminated, this waits on only the surviving waves"), so the release
 * is decided both when a wave arrives and when one ends. */
static void barrier_release(tw_sim_t *s, tw_wg_t *wg, uint64_t c)
{
    wg->at_barrier = 0;
    if (s->hz)
        hz_lds_barrier(s->hz->lds[(size_t)wg->cu * s->wg_pool_n + wg->pool_index], ++s->hz->epoch);
    for (uint32_t i = 0; i < wg->nwaves; i++) {
        if (wg->ended_mask >> i & 1)
            continue;
        tw_wave_t *x = wg->waves[i];
        tw_set_ready(&s->cus[x->cu], x, c + 1);
        tw_set_state(s, x, TEV_WAVE_ELIGIBLE, c + 1);
        tw_wake_cu(s, x->cu, tw_simd_slot(s, x->simd, c + 1));
    }
}

void tw_wave_end(tw_sim_t *s, tw_wave_t *w, uint64_t c)
{
    tw_wg_t *wg = w->wg;
    wg->ended++;
    wg->ended_mask |= 1u << w->index;
    if (s->cfg->dispatch_release == CFG_RELEASE_WAVE)
        free_wave_slot(s, w, c);
    else
        tw_set_state(s, w, TEV_WAVE_HELD, c);
    /* The last wave the others waited for has ended instead of arriving. */
    if (wg->at_barrier > 0 && wg->at_barrier == wg->nwaves - wg->ended)
        barrier_release(s, wg, c);
    if (wg->ended == wg->nwaves)
        wg_end(s, wg, c);
    if (c > s->last_cycle)
        s->last_cycle = c;
    if (s->have_pending)
        tw_wake_dispatcher(s, c);
    else
        update_limiters(s, c);
}

void tw_barrier_arrive(tw_sim_t *s, tw_wave_t *w, uint64_t c)
{
    tw_wg_t *wg = w->wg;
    if (wg->nwaves == 1) {
        tw_set_ready(&s->cus[w->cu], w, c + (uint64_t)s->cfg->valu_cycles);
        return;
    }
    tw_set_state(s, w, TEV_WAVE_BARRIER, c + 1);
    wg->at_barrier++;
    if (wg->at_barrier == wg->nwaves - wg->ended)
        barrier_release(s, wg, c);
}

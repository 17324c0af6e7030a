/* timing: the dispatcher, the lifetimes of waves and workgroups, and the event loop.
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
#include "machine/timing_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void cycle_limit(tw_sim_t *s, uint64_t limit);

void tw_emit(tw_sim_t *s, const tev_t *ev)
{
    /* Something would happen after --max-cycles (a state change takes effect after the event
     * that caused it): stop there, and let no observer see time pass the limit. */
    if (s->opt->max_cycles && ev->cycle > s->opt->max_cycles) {
        if (s->status == 0)
            cycle_limit(s, s->opt->max_cycles);
        return;
    }
    for (unsigned i = 0; i < s->opt->nobservers; i++)
        s->opt->observers[i].fn(s->opt->observers[i].ctx, ev);
}

void tw_set_state(tw_sim_t *s, tw_wave_t *w, tev_wave_state_t st, uint64_t cycle)
{
    if (w->state == st)
        return;
    w->state = st;
    tev_t ev;
    tw_wave_event(&ev, w, TEV_WAVE_STATE, cycle);
    ev.u.wave_state = st;
    tw_emit(s, &ev);
}

void tw_wake_cu(tw_sim_t *s, uint32_t cu, uint64_t cycle)
{
    tw_cu_t *c = &s->cus[cu];
    if (s->opt->tick_every_cycle)
        return; /* every CU already runs every cycle */
    if (c->tick_at != TW_NEVER && c->tick_at <= cycle)
        return;
    c->tick_at = cycle;
    eng_tick(&s->eng, cu, cycle);
}

static void wake_dispatcher(tw_sim_t *s, uint64_t cycle)
{
    if (s->dispatch_at != TW_NEVER && s->dispatch_at <= cycle)
        return;
    s->dispatch_at = cycle;
    if (!eng_schedule(&s->eng, cycle, 0, EV_DISPATCH, 0, NULL))
        s->status = 3;
}

void tw_fault(tw_sim_t *s, tw_wave_t *w, launch_fault_kind_t kind, uint32_t inst, int lane, const char *msg)
{
    launch_record_fault(s->L, kind, w->wg->dispatch, w->wg->gid, w->index, inst, lane, msg);
    s->status = 2;
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
        else if (!offering(s, cycle))
            st = TEV_CU_NO_WORK;
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

static void start_order(tw_sim_t *s)
{
    const cfg_t *cfg = s->cfg;
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
    start_order(s);
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
        uint32_t **vgpr_slot = &cu->vgpr_slot[d * TW_MAX_SLOTS + slot];
        if (!*vgpr_slot && !(*vgpr_slot = malloc((size_t)s->nvgpr_each * ISA_WAVE_SIZE * sizeof **vgpr_slot))) {
            s->status = 3;
            return;
        }
        uint32_t *vgpr = *vgpr_slot;
        launch_wave_init(L, D, &w->isa, vgpr, wg->lds, wg->gid, wg->size, i);
        tw_wave_fetch(w);
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

static void dispatch(tw_sim_t *s, uint64_t c)
{
    s->dispatch_at = TW_NEVER;
    while (s->have_pending && s->status == 0) {
        uint64_t ready = s->disp[s->cur].ready;
        if (ready > c) {
            /* The queue waits: for its turn (after = none) or for the earlier workgroups to end. */
            update_limiters(s, c);
            if (ready != TW_NEVER)
                wake_dispatcher(s, ready);
            return;
        }
        if (s->launcher_free > c) {
            update_limiters(s, c);
            wake_dispatcher(s, s->launcher_free);
            return;
        }
        uint32_t simd_of[TW_MAX_WG_WAVES];
        occ_resource_t why;
        bool placed = false;
        for (uint32_t k = 0; k < s->ncu && !placed; k++) {
            uint32_t ci = (s->cu_rr + k) % s->ncu;
            if (fits(s, ci, simd_of, &why)) {
                place(s, ci, simd_of, c);
                s->cu_rr = (ci + 1) % s->ncu;
                placed = true;
            }
        }
        if (!placed)
            break; /* woken again when a wave or workgroup frees resources */
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

static void barrier_deadlock(tw_sim_t *s, tw_wg_t *wg)
{
    tw_wave_t *waiter = NULL;
    uint32_t ended_index = 0;
    for (uint32_t i = 0; i < wg->nwaves; i++) {
        if (wg->ended_mask >> i & 1)
            ended_index = i;
        else if (!waiter && wg->waves[i]->state == TEV_WAVE_BARRIER)
            waiter = wg->waves[i];
    }
    char msg[200];
    snprintf(msg, sizeof msg, "%" PRIu32 " of %" PRIu32 " waves wait at s_barrier but wave %" PRIu32
             " has ended (s_endpgm), so the barrier can never complete", wg->at_barrier, wg->nwaves, ended_index);
    tw_fault(s, waiter, LAUNCH_FAULT_BARRIER, waiter->isa.pc - 1, -1, msg);
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
    if (wg->at_barrier > 0) {
        barrier_deadlock(s, wg);
        return;
    }
    if (wg->ended == wg->nwaves)
        wg_end(s, wg, c);
    if (c > s->last_cycle)
        s->last_cycle = c;
    if (s->have_pending)
        wake_dispatcher(s, c);
    else
        update_limiters(s, c);
}

void tw_barrier_arrive(tw_sim_t *s, tw_wave_t *w, uint64_t c)
{
    tw_wg_t *wg = w->wg;
    if (wg->nwaves == 1) {
        w->ready_at = c + (uint64_t)s->cfg->valu_cycles;
        return;
    }
    tw_set_state(s, w, TEV_WAVE_BARRIER, c + 1);
    wg->at_barrier++;
    if (wg->ended > 0) {
        barrier_deadlock(s, wg);
        return;
    }
    if (wg->at_barrier < wg->nwaves)
        return;
    /* Every wave has arrived: all continue from the next cycle. */
    wg->at_barrier = 0;
    for (uint32_t i = 0; i < wg->nwaves; i++) {
        tw_wave_t *x = wg->waves[i];
        x->ready_at = c + 1;
        tw_set_state(s, x, TEV_WAVE_ELIGIBLE, c + 1);
        tw_wake_cu(s, x->cu, tw_simd_slot(s, x->simd, c + 1));
    }
}

/* ---- set-up and the event loop ------------------------------------------------------------------ */

occ_kernel_t timing_occ_kernel(const launch_dispatch_t *D)
{
    occ_kernel_t k;
    k.vgprs = D->nvgpr;
    k.sgprs = D->kernel->sgprs_used;
    k.lds_bytes = D->lds_total;
    k.wg_size = D->wl->wg[0] * D->wl->wg[1] * D->wl->wg[2];
    return k;
}

/* The message for a dispatch whose workgroup can never fit on a CU. */
static void never_fits(const launch_t *L, uint32_t di, const cfg_t *cfg, const occ_kernel_t *ok, const occ_result_t *o,
                       FILE *err)
{
    fputs("gcnsim: error: ", err);
    if (L->ndispatches > 1) {
        char sec[WL_NAME_MAX + 16];
        fprintf(err, "dispatch %" PRIu32 " %s: ", di, wl_dispatch_section(L->dispatches[di].wl, sec, sizeof sec));
    }
    switch (o->limiter) {
    case OCC_VGPR:
        fprintf(err, "a workgroup can never fit on a CU: a wave needs %u VGPRs "
                "but a SIMD has %" PRId64 "\n", o->vgpr_alloc, cfg->cu_vgprs);
        break;
    case OCC_SGPR:
        fprintf(err, "a workgroup can never fit on a CU: a wave needs %u SGPRs "
                "but a SIMD has %" PRId64 "\n", o->sgpr_alloc, cfg->cu_sgprs);
        break;
    case OCC_LDS:
        fprintf(err, "a workgroup can never fit on a CU: it needs %u bytes of LDS "
                "(%u requested, in %" PRId64 "-byte granules) but a CU has %" PRId64 "\n",
                o->lds_alloc, ok->lds_bytes, cfg->cu_lds_granule, cfg->cu_lds_bytes);
        break;
    default:
        fprintf(err, "a workgroup can never fit on a CU: it has %u waves but a CU holds %" PRId64
                " (%" PRId64 " SIMDs x %" PRId64 " wave slots, at most %" PRId64 " waves)\n", o->waves_per_wg,
                cfg->cu_simds * cfg->cu_wave_slots, cfg->cu_simds, cfg->cu_wave_slots, cfg->cu_max_waves);
        break;
    }
}

static int setup(tw_sim_t *s, launch_t *L, const cfg_t *cfg, const timing_options_t *opt, FILE *err)
{
    memset(s, 0, sizeof *s);
    s->L = L;
    s->cfg = cfg;
    s->opt = opt;
    eng_init(&s->eng);
    if (!eng_ticks_init(&s->eng, (uint32_t)cfg->gpu_compute_units, TW_PRIO_TICK, EV_TICK))
        return 3;
    s->disp = calloc(L->ndispatches, sizeof *s->disp);
    if (!s->disp)
        return 3;
    /* Workgroups resident at once on a CU: each dispatch's are bounded by its per-workgroup
     * resources (with per-wave release, waves' slots and registers return before their workgroup
     * ends), and all of them by the CU's workgroup limit. */
    uint64_t pool = 0;
    for (uint32_t i = 0; i < L->ndispatches; i++) {
        tw_disp_t *dp = &s->disp[i];
        occ_kernel_t ok = timing_occ_kernel(&L->dispatches[i]);
        if (occ_compute(cfg, &ok, &dp->occ) != 0) {
            never_fits(L, i, cfg, &ok, &dp->occ, err);
            return 1;
        }
        dp->waves_per_wg = dp->occ.waves_per_wg;
        dp->vgpr_alloc = dp->occ.vgpr_alloc;
        dp->sgpr_alloc = dp->occ.sgpr_alloc;
        dp->lds_alloc = dp->occ.lds_alloc;
        uint32_t n = dp->occ.wg_limit[OCC_WORKGROUPS];
        if (dp->occ.wg_limit[OCC_LDS] < n)
            n = dp->occ.wg_limit[OCC_LDS];
        if (dp->occ.wg_limit[OCC_BARRIERS] < n)
            n = dp->occ.wg_limit[OCC_BARRIERS];
        pool += n;
    }
    s->wg_pool_n = pool < (uint64_t)cfg->cu_max_workgroups ? (uint32_t)pool : (uint32_t)cfg->cu_max_workgroups;
    s->ncu = (uint32_t)cfg->gpu_compute_units;
    s->simds = (uint32_t)cfg->cu_simds;
    s->simd_mask = (s->simds & (s->simds - 1)) == 0 ? s->simds - 1 : 0;
    s->slots = (uint32_t)cfg->cu_wave_slots;
    s->ldst.banks = (uint32_t)cfg->lds_banks;
    s->ldst.bytes_per_cycle = (uint32_t)cfg->lds_bytes_per_cycle;
    s->dispatch_at = TW_NEVER;
    s->nvgpr_each = launch_max_nvgpr(L);
    s->cus = calloc(s->ncu, sizeof *s->cus);
    if (!s->cus)
        return 3;
    for (uint32_t i = 0; i < s->ncu; i++) {
        tw_cu_t *c = &s->cus[i];
        c->tick_at = TW_NEVER;
        c->wave_pool = calloc((size_t)TW_MAX_SIMDS * TW_MAX_SLOTS, sizeof *c->wave_pool);
        c->wg_pool = calloc(s->wg_pool_n, sizeof *c->wg_pool);
        if (!c->wave_pool || !c->wg_pool)
            return 3;
    }
    if (mem_init(&s->mem, cfg, s->ncu) != 0)
        return 3;
    s->disp[0].ready = (uint64_t)cfg->dispatch_kernel_launch_cycles;
    start_order(s);
    return 0;
}

static void teardown(tw_sim_t *s)
{
    for (uint32_t i = 0; s->cus && i < s->ncu; i++) {
        free(s->cus[i].wave_pool);
        for (uint32_t k = 0; k < TW_MAX_SIMDS * TW_MAX_SLOTS; k++)
            free(s->cus[i].vgpr_slot[k]);
        for (uint32_t k = 0; s->cus[i].wg_pool && k < s->wg_pool_n; k++)
            free(s->cus[i].wg_pool[k].lds);
        free(s->cus[i].wg_pool);
    }
    free(s->cus);
    free(s->disp);
    mem_free(&s->mem);
    eng_free(&s->eng);
}

static bool work_left(const tw_sim_t *s) { return s->have_pending || s->wgs_live > 0; }

/* The run would pass opt->max_cycles: fault, showing the oldest wave still running (the likeliest
 * to be stuck) at the instruction it would issue next; failing that, the oldest one that ended
 * but still holds its slot (the run was about to end). */
static void cycle_limit(tw_sim_t *s, uint64_t limit)
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

int timing_run(launch_t *L, const cfg_t *cfg, const timing_options_t *opt, timing_result_t *res, FILE *err)
{
    tw_sim_t sim, *s = &sim;
    memset(res, 0, sizeof *res);
    int rc = setup(s, L, cfg, opt, err);
    if (rc != 0) {
        teardown(s);
        if (rc == 3)
            fputs("gcnsim: out of memory\n", err);
        return rc;
    }
    uint64_t start = s->disp[0].ready;
    s->launcher_free = start;
    wake_dispatcher(s, start);
    for (uint32_t i = 0; opt->tick_every_cycle && i < s->ncu; i++)
        eng_tick(&s->eng, i, start);
    eng_event_t ev;
    while (s->status == 0 && eng_pop(&s->eng, &ev)) {
        uint64_t c = ev.cycle;
        if (opt->max_cycles && c > opt->max_cycles) {
            cycle_limit(s, opt->max_cycles);
            break;
        }
        switch ((tw_event_kind_t)ev.kind) {
        case EV_DISPATCH:
            if (c == s->dispatch_at)
                dispatch(s, c);
            break;
        case EV_WAVE_START: {
            tw_wave_t *w = ev.ptr;
            w->ready_at = c;
            tw_set_state(s, w, TEV_WAVE_ELIGIBLE, c);
            tw_wake_cu(s, w->cu, tw_simd_slot(s, w->simd, c));
            break;
        }
        case EV_TICK:
            if (opt->tick_every_cycle) {
                /* Debug mode: every CU's issue stage runs every cycle while work remains. */
                tw_cu_tick(s, ev.arg, c);
                if (s->status == 0 && work_left(s))
                    eng_tick(&s->eng, ev.arg, c + 1);
            } else if (s->cus[ev.arg].tick_at == c) {
                s->cus[ev.arg].tick_at = TW_NEVER;
                tw_cu_tick(s, ev.arg, c);
            }
            break;
        case EV_VM_DONE:
        case EV_LGKM_DONE:
            tw_mem_done(s, ev.ptr, ev.kind == EV_VM_DONE, c);
            break;
        case EV_VALU_DONE:
            tw_valu_done(s, ev.ptr, c);
            break;
        case EV_VMEM_RESUME:
            tw_vmem_resume(s, ev.arg, c);
            break;
        }
    }
    bool stalled = false;
    if (s->status == 0 && work_left(s)) {
        /* Nothing left to happen but work remains: only a bug can get here. */
        fputs("gcnsim: internal error: the timing model stalled with work left\n", err);
        s->status = 3;
        stalled = true;
    }
    if (s->status == 0) {
        tev_t end;
        memset(&end, 0, sizeof end);
        end.kind = TEV_END;
        end.cycle = s->last_cycle;
        tw_emit(s, &end);
    }
    res->cycles = s->last_cycle;
    res->events = s->eng.processed;
    res->ndispatches = L->ndispatches;
    for (uint32_t i = 0; i < L->ndispatches; i++) {
        const tw_disp_t *dp = &s->disp[i];
        res->d[i] = (timing_dispatch_result_t){ dp->occ, dp->ready };
    }
    rc = s->status;
    if (rc == 3 && !stalled)
        fputs("gcnsim: out of memory\n", err);
    teardown(s);
    return rc;
}

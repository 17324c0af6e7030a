/* timing: the run (timing.h) — set-up, the event loop and the results. The top of the timing
 * model: each event goes to the part that owns it, the dispatcher (timing_dispatch), a CU's issue
 * stage and memory completions (timing_cu), and wave state changes and event reports
 * (timing_state), each below the one before. */
#include "machine/timing.h"

#include "base/interrupt.h"

#include "machine/hazard.h"
#include "machine/hazard_lds.h"
#include "machine/writeback.h"
#include "machine/timing_cu.h"
#include "machine/timing_dispatch.h"
#include "machine/timing_state.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- set-up and the event loop ------------------------------------------------------------------ */

void timing_result_free(timing_result_t *res)
{
    free(res->d);
    res->d = NULL;
    res->ndispatches = 0;
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
    char why[512];
    occ_never_fits(cfg, ok, o, why, sizeof why);
    fprintf(err, "%s\n", why);
}

_Static_assert((int)TIMING_MAX_OBSERVERS <= (int)TW_MAX_OBSERVERS, "tw_sim_t's per-kind observer lists must hold them all");

static int setup(tw_sim_t *s, launch_t *L, const cfg_t *cfg, const timing_options_t *opt, FILE *err)
{
    memset(s, 0, sizeof *s);
    s->L = L;
    s->cfg = cfg;
    s->tick_every_cycle = opt->tick_every_cycle;
    s->max_cycles = opt->max_cycles;
    tw_observers_init(s, opt->observers, opt->kinds, opt->issue, opt->state, opt->nobservers);
    eng_init(&s->eng);
    if (!eng_ticks_init(&s->eng, cfg_compute_units(cfg), TW_PRIO_TICK, EV_TICK))
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
        /* The caller's analysis when it has one (computed once per dispatch), else the same here. */
        occ_kernel_t ok = opt->occ ? opt->occ[i].k : occ_dispatch_kernel(&L->dispatches[i]);
        int never = 0;
        if (opt->occ)
            dp->occ = opt->occ[i].res, never = !opt->occ[i].fits;
        else
            never = occ_compute(cfg, &ok, &dp->occ) != 0;
        if (never) {
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
    /* The runaway detector's window: every wave the machine can hold may be in a long loop. */
    uint64_t waves = 0;
    for (uint32_t i = 0; i < L->ndispatches; i++)
        waves += L->dispatches[i].nworkgroups * s->disp[i].waves_per_wg;
    uint64_t machine_waves = (uint64_t)cfg_compute_units(cfg) * (uint64_t)cfg->cu_simds * (uint64_t)cfg->cu_wave_slots;
    launch_set_stall_window(L, waves < machine_waves ? waves : machine_waves);
    s->wg_pool_n = pool < (uint64_t)cfg->cu_max_workgroups ? (uint32_t)pool : (uint32_t)cfg->cu_max_workgroups;
    s->ncu = cfg_compute_units(cfg);
    s->simds = (uint32_t)cfg->cu_simds;
    s->simd_mask = (s->simds & (s->simds - 1)) == 0 ? s->simds - 1 : 0;
    s->slots = (uint32_t)cfg->cu_wave_slots;
    s->ldst.banks = (uint32_t)cfg->lds_banks;
    s->ldst.bytes_per_cycle = (uint32_t)cfg->lds_bytes_per_cycle;
    s->ldst.write_bytes_per_cycle = (uint32_t)cfg->lds_write_bytes_per_cycle;
    if (!(s->ldst.memo = ldst_memo_new()))
        return 3;
    s->dispatch_at = TW_NEVER;
    s->nxcd = cfg->gpu_xcds > 1 && s->ncu % (uint32_t)cfg->gpu_xcds == 0 ? (uint32_t)cfg->gpu_xcds : 1;
    s->nvgpr_each = launch_max_nvgpr(L);
    s->cus = calloc(s->ncu, sizeof *s->cus);
    if (!s->cus)
        return 3;
    for (uint32_t i = 0; i < s->ncu; i++) {
        tw_cu_t *c = &s->cus[i];
        c->tick_at = TW_NEVER;
        /* calloc, not aligned_alloc + memset: the slots a run never uses stay untouched */
        c->wave_mem = calloc(1, (size_t)TW_MAX_SIMDS * TW_MAX_SLOTS * sizeof *c->wave_pool + _Alignof(tw_wave_t));
        c->wg_pool = calloc(s->wg_pool_n, sizeof *c->wg_pool);
        if (!c->wave_mem || !c->wg_pool)
            return 3;
        c->wave_pool = (tw_wave_t *)(((uintptr_t)c->wave_mem + _Alignof(tw_wave_t) - 1) & ~(uintptr_t)(_Alignof(tw_wave_t) - 1));
    }
    if (opt->hazards && !hz_prepare(s)) /* sized by ncu and wg_pool_n */
        return 3;
    if (!tw_mfma_prepare(s))
        return 3;
    if (mem_init(&s->mem, cfg, s->ncu) != 0)
        return 3;
    s->disp[0].ready = (uint64_t)cfg->dispatch_kernel_launch_cycles;
    tw_queue_start(s);
    return 0;
}

static void teardown(tw_sim_t *s)
{
    for (uint32_t i = 0; s->cus && i < s->ncu; i++) {
        free(s->cus[i].wave_mem);
        for (uint32_t k = 0; k < TW_MAX_SIMDS * TW_MAX_SLOTS; k++)
            free(s->cus[i].vgpr_slot[k]);
        for (uint32_t k = 0; k < TW_MAX_SIMDS * TW_MAX_SLOTS; k++) {
            wb_wave_free(s->cus[i].wb_slot[k]);
        }
        for (uint32_t k = 0; s->cus[i].wg_pool && k < s->wg_pool_n; k++) {
            free(s->cus[i].wg_pool[k].lds);
        }
        free(s->cus[i].wg_pool);
    }
    free(s->cus);
    ldst_memo_free(s->ldst.memo);
    hz_release(s);
    free(s->mfma);
    free(s->disp);
    mem_free(&s->mem);
    eng_free(&s->eng);
}

static bool work_left(const tw_sim_t *s) { return s->have_pending || s->wgs_live > 0; }

/* A signal's request to stop (interrupt.h), looked at once every TW_POLL_EVENTS events: a counter
 * in a register and a branch per event, unmeasurable beside an event's work. */
enum { TW_POLL_EVENTS = 4096 };
static inline bool stop_requested(tw_sim_t *s, unsigned *poll)
{
    if (++*poll < TW_POLL_EVENTS)
        return false;
    *poll = 0;
    int sig = intr_caught();
    if (sig)
        s->status = intr_exit_status(sig);
    return sig != 0;
}

int timing_run(launch_t *L, const cfg_t *cfg, const timing_options_t *opt, timing_result_t *res, FILE *err)
{
    tw_sim_t sim, *s = &sim;
    memset(res, 0, sizeof *res);
    int rc = setup(s, L, cfg, opt, err);
    /* A scratch area for every wave slot of the machine (when a kernel uses scratch). */
    if (rc == 0 && launch_scratch_map(L, s->ncu * s->simds * s->slots, err) != 0)
        rc = 1;
    if (rc != 0) {
        teardown(s);
        if (rc == 3)
            fputs("gcnsim: out of memory\n", err);
        return rc;
    }
    uint64_t start = s->disp[0].ready;
    s->launcher_free = start;
    tw_wake_dispatcher(s, start);
    for (uint32_t i = 0; opt->tick_every_cycle && i < s->ncu; i++)
        eng_tick(&s->eng, i, start);
    eng_event_t ev;
    unsigned poll = 0;
    while (s->status == 0 && eng_pop(&s->eng, &ev)) {
        uint64_t c = ev.cycle;
        if (stop_requested(s, &poll))
            break;
        if (opt->max_cycles && c > opt->max_cycles) {
            tw_cycle_limit(s, opt->max_cycles);
            break;
        }
        switch ((tw_event_kind_t)ev.kind) {
        case EV_DISPATCH:
            if (c == s->dispatch_at)
                tw_dispatch(s, c);
            break;
        case EV_WAVE_START: {
            tw_wave_t *w = ev.ptr;
            tw_set_ready(&s->cus[w->cu], w, c);
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
                /* While this CU's next issue stage is the earliest thing to happen (one busy CU),
                 * run it at once rather than through the queue: the same order of events. */
                uint32_t ci = ev.arg;
                for (;;) {
                    s->cus[ci].tick_at = TW_NEVER;
                    uint64_t next = tw_cu_tick(s, ci, c);
                    if (next == TW_NEVER || s->status != 0 || stop_requested(s, &poll))
                        break;
                    if (s->cus[ci].tick_at != TW_NEVER || !eng_tick_next(&s->eng, ci, next) ||
                        (opt->max_cycles && next > opt->max_cycles)) {
                        tw_wake_cu(s, ci, next);
                        break;
                    }
                    eng_tick_ran(&s->eng, next);
                    c = next;
                }
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
    if (s->status == 0 && s->cfg->mem_end_writeback == CFG_WB_ON) {
        /* The kernel's end writes the L2 back (config.def, mem.end_writeback): the run lasts until
         * the last write-back is acknowledged. */
        s->last_cycle = mem_l2_writeback(&s->mem, s->last_cycle);
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
    res->l2_dirty_lines = mem_l2_dirty_lines(&s->mem);
    rc = s->status;
    if (!(res->d = calloc(L->ndispatches ? L->ndispatches : 1, sizeof *res->d)))
        rc = 3;
    else {
        res->ndispatches = L->ndispatches;
        for (uint32_t i = 0; i < L->ndispatches; i++) {
            const tw_disp_t *dp = &s->disp[i];
            res->d[i] = (timing_dispatch_result_t){ dp->occ, dp->ready };
        }
    }
    if (rc == 3 && !stalled)
        fputs("gcnsim: out of memory\n", err);
    teardown(s);
    return rc;
}

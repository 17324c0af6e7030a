/* timing_state: the timing model's state, and the lowest part of its code — what changes a wave's
 * state or reports it: reporting events to the observers (and stopping the run at --max-cycles),
 * state changes, waking a CU's issue stage, faults, and each SIMD's oldest-first order of waves.
 * The dispatcher (timing_dispatch), the issue stage (timing_cu) and the run (timing) are above it
 * in that order, each using only those below. Not exported beyond them.
 * Needs: launch (faults), eng, dorder, ldst, memsys. */
#ifndef GCNSIM_TIMING_STATE_H
#define GCNSIM_TIMING_STATE_H

#include "config/config.h"
#include "load/launch.h"
#include "machine/dispatch_order.h"
#include "machine/engine.h"
#include "machine/events.h"
#include "machine/lds_timing.h"
#include "machine/mfma_timing.h"
#include "machine/occupancy.h"
#include "mem/memsys.h"

#include <string.h>

enum { TW_MAX_SIMDS = 4, TW_MAX_SLOTS = 16, TW_MAX_WG_WAVES = 16, TW_MAX_OBSERVERS = 8 };
/* Within a cycle every other event runs before any issue stage, and the CUs' issue stages run in
 * CU order (they share the memory bandwidth), in both the event-driven and the tick-every-cycle
 * mode: that is what makes the two give identical results. Nothing an issue stage does at cycle c
 * schedules another event at c. */
enum { TW_PRIO_TICK = 1 };
#define TW_NEVER UINT64_MAX

typedef enum { EV_DISPATCH, EV_WAVE_START, EV_TICK, EV_VM_DONE, EV_LGKM_DONE, EV_VALU_DONE, EV_VMEM_RESUME } tw_event_kind_t;

struct tw_wg;
struct hz_wave;
struct wb_wave;
struct hz_run;

/* The hazard checker's counters of a wave (hazard.h: hz_hot_t), kept in the wave next to what the
 * issue stage reads: its fast path (hz_quick) reads and updates them for most instructions. */
typedef struct {
    uint32_t cur_pc;           /* the instruction being issued (workload-wide) */
    uint32_t seq;              /* instructions issued */
    uint64_t ws;               /* wait states issued */
    uint64_t store_at;         /* the wait-state position of the last store of more than 8 bytes */
    uint32_t issued[2], guar[2]; /* vm, lgkm: ops issued; ops the s_waitcnts so far guarantee done */
} tw_hz_hot_t;

/* Laid out for the issue stage, which looks at every wave of a SIMD each time it picks one: what
 * that scan reads (ready_at, state, next_unit) and what an issue updates (the hazard counters) on
 * the first cache line; then isa, whose scalar registers are cold but for EXEC (and VCC), next to its
 * pc and VGPR pointer; then the rest of the timing state, what an issue reads sharing the line of
 * isa's clock. Each wave is 64-byte aligned (tw_cu_t.wave_pool): an issued VALU instruction
 * touches four lines of its wave. */
/* An MFMA of a wave, for the dependent instructions after it (timing_cu.c): its issue cycle, D,
 * and its timing on the wave's target (mfma_timing.h). */
enum { TW_MFMA_RING = 8 };
typedef struct {
    uint64_t at;
    uint16_t dst, n;
    uint16_t cycles;
    uint8_t flags;
} tw_mfma_rec_t;

typedef struct tw_wave {
    _Alignas(64) uint64_t ready_at; /* earliest cycle its next instruction may issue */
    tev_wave_state_t state;
    /* Its next instruction (NULL past the kernel's end) and that instruction's unit (ISA_UNIT_SEQ
     * past the end), kept by tw_wave_fetch whenever its pc changes: the issue stage reads them for
     * every waiting wave every cycle, and this saves four dependent loads each time. */
    uint8_t next_unit;
    uint8_t prio;              /* s_setprio */
    tw_hz_hot_t hz_hot;
    const isa_inst_t *next;
    isa_wave_t isa;
    uint32_t inst_base;        /* its kernel's first instruction in the workload-wide numbering */
    uint32_t cu;
    struct tw_wg *wg;
    uint64_t id;               /* launch order: the age used by oldest-first */
    uint64_t valu_done;        /* when its last VALU instruction leaves the SIMD: it cannot end before */
    uint32_t simd, slot, index;
    uint32_t vm_cnt, lgkm_cnt; /* outstanding vector-memory and LDS/scalar-memory operations */
    uint32_t wait_vm, wait_lgkm; /* thresholds of the s_waitcnt it waits on */
    uint64_t last_vm_done;     /* vmcnt decrements in order */
    struct wb_wave *wb;        /* its slot's queue of results in flight (writeback.h) */
    /* Its slot's checker state (s->hz->wave[...], hazard.h), NULL while the checker is off: kept in
     * the wave, as hz_hot, because the issue stage reaches them with no further load. */
    struct hz_wave *hz;
    /* Its last MFMAs (CDNA), newest at mfma_head - 1, whose D an instruction of the wave may still
     * have to wait for (timing_cu.c), and the cycle after which none can hold one back (0: none). A
     * result is written back at most 44 cycles after the core is free (mfma_timing.h: an f64
     * 16x16's memory read), and the shortest MFMA holds the core 8, so at most 6 are pending. */
    uint64_t mfma_until;
    tw_mfma_rec_t mfma[TW_MFMA_RING];
    uint8_t mfma_head;
    /* Padding to an odd number of cache lines (17): at 12, the same line of every wave of a CU fell
     * into a quarter of the L1's sets, and the issue stage's scan of the waves missed there. */
    uint8_t pad_[111];
} tw_wave_t;

typedef struct tw_wg {
    uint64_t id;               /* dispatch order */
    uint32_t dispatch;         /* index into L->dispatches */
    uint32_t gid[3], size[3];
    uint32_t cu, pool_index;
    uint32_t nwaves, ended, at_barrier;
    uint32_t ended_mask;       /* waves that executed s_endpgm */
    uint32_t released_mask;    /* waves whose slot was freed: their tw_wave_t may be reused, so
                                  waves[i] must not be touched for these */
    uint8_t *lds;              /* lds_cap bytes, kept across reuses of the entry */
    uint32_t lds_cap;
    tw_wave_t *waves[TW_MAX_WG_WAVES];
    bool used;
} tw_wg_t;

typedef struct {
    /* resources in use */
    uint32_t slots_used[TW_MAX_SIMDS], vgprs_used[TW_MAX_SIMDS], sgprs_used[TW_MAX_SIMDS];
    uint32_t lds_used, barriers_used, wgs, waves;
    /* unit availability */
    uint64_t valu_free[TW_MAX_SIMDS];
    uint64_t mfma_free[TW_MAX_SIMDS]; /* each SIMD's matrix core (CDNA; 0 before any MFMA) */
    uint64_t lds_free, vmem_free;
    struct tw_wave *vmem_wave; /* the wave whose instruction the address unit holds (MSHRs full) */
    uint32_t vmem_pc;
    uint64_t tick_at;          /* cycle of the pending issue-stage event, TW_NEVER when none */
    uint32_t simd_rr;          /* next SIMD to receive a wave */
    uint32_t last_slot[TW_MAX_SIMDS]; /* slot of the last wave that issued, per SIMD */
    bool last_valid[TW_MAX_SIMDS];
    tw_wave_t *slot[TW_MAX_SIMDS][TW_MAX_SLOTS];
    /* Each SIMD's occupied slots, oldest first within priority (higher s_setprio first): the
     * oldest-first order kept as waves come and go, so the issue stage never sorts. */
    uint8_t age[TW_MAX_SIMDS][TW_MAX_SLOTS];
    uint8_t nage[TW_MAX_SIMDS];
    /* The issue stage's compact copy of what it reads of each SIMD's waves, by slot: the waves in a
     * state that may issue (eligible or waiting for their instruction), those waiting for it, each
     * wave's ready cycle and next unit. Kept with every change of a wave's state (tw_set_state),
     * ready cycle (tw_set_ready) and pc (tw_wave_fetch), so the issue stage finds the waves that
     * may issue without reading the others (tw_ready_next). rdy_cat: the slots whose next
     * instruction is of each issue category (SMEM counted as SALU); stale bits of empty slots are
     * harmless, as rdy_active has none. */
    uint32_t rdy_active[TW_MAX_SIMDS], rdy_noinst[TW_MAX_SIMDS];
    uint32_t rdy_cat[TW_MAX_SIMDS][ISA_NUM_UNITS];
    uint64_t rdy_at[TW_MAX_SIMDS][TW_MAX_SLOTS];
    uint8_t rdy_unit[TW_MAX_SIMDS][TW_MAX_SLOTS];
    tev_cu_state_t lim_state;
    occ_resource_t lim_res;
    bool lim_valid;
    /* storage, allocated once per run */
    tw_wave_t *wave_pool;      /* [simd * TW_MAX_SLOTS + slot], 64-byte aligned in wave_mem */
    void *wave_mem;
    uint32_t *vgpr_slot[TW_MAX_SIMDS * TW_MAX_SLOTS]; /* nvgpr_each * 64 words, allocated on first use */
    struct wb_wave *wb_slot[TW_MAX_SIMDS * TW_MAX_SLOTS]; /* writeback.h queues, allocated on first use */
    tw_wg_t *wg_pool;          /* cfg->cu_max_workgroups entries */
} tw_cu_t;

/* A dispatch's per-workgroup allocation and where it is in the queue. */
typedef struct {
    occ_result_t occ;
    uint32_t waves_per_wg, vgpr_alloc, sgpr_alloc, lds_alloc;
    uint64_t ready;            /* when its workgroups may be placed; TW_NEVER while it waits (after = previous) */
} tw_disp_t;

typedef struct {
    launch_t *L;
    const cfg_t *cfg;
    /* timing_options_t's fields, copied: its header (timing.h) is the run's, above this one */
    bool tick_every_cycle;
    struct hz_run *hz;         /* the hazard checker's state (hazard.h), NULL while it is off */
    uint64_t max_cycles;
    /* The observers of each event kind, in registration order (tw_observers_init), and the direct
     * entry of TEV_ISSUE's only observer when it has one (timing_options_t.issue), else NULL. */
    struct { void (*fn)(void *ctx, const tev_t *ev); void *ctx; } obs[TEV_NUM_KINDS][TW_MAX_OBSERVERS];
    uint8_t nobs[TEV_NUM_KINDS];
    tev_issue_fn_t issue_fn;
    void *issue_ctx;
    tev_state_fn_t state_fn;   /* the same for TEV_WAVE_STATE */
    void *state_ctx;
    eng_t eng;
    tw_disp_t *disp;           /* one per L->dispatches */
    uint32_t cur;              /* the dispatch the queue is handing out */
    ldst_params_t ldst;
    /* The matrix core's timing of each MFMA op on each CDNA target ([op * 3 + target - gfx908],
     * mfma_timing.h), NULL when the launch has no MFMA instruction. */
    mfma_time_t *mfma;
    tw_cu_t *cus;
    uint32_t ncu, simds, slots;
    uint64_t simd_mask;        /* simds - 1 when simds is a power of two, else 0 (and simds 1: 0) */
    uint32_t wg_pool_n;        /* workgroup entries per CU */
    uint32_t nvgpr_each;       /* VGPRs per wave buffer: the largest dispatch's */
    dorder_t order;            /* the current dispatch's workgroups */
    bool have_pending;         /* pending[] is a workgroup of dispatch cur not yet placed */
    uint32_t pending[3];
    uint64_t wgs_live;
    uint64_t launcher_free;
    uint64_t dispatch_at;      /* pending EV_DISPATCH cycle, TW_NEVER when none */
    /* Workgroup i of a dispatch goes to XCD i mod nxcd (gpu.xcds), then to that XCD's CUs in turn
     * from xcd_rr[x], its next CU (an index within the XCD); one XCD: every CU in turn. */
    uint32_t nxcd, wg_seq;
    uint32_t xcd_rr[MEM_MAX_XCDS];
    uint64_t next_wave_id, next_wg_id;
    mem_t mem;                 /* the memory system (caches, DRAM, or the ideal model) */
    uint64_t last_cycle;
    int status;                /* 0 running, 2 fault, 3 internal error */
} tw_sim_t;

/* An event of `kind` at `cycle` about wave w (its CU, SIMD, slot, id and workgroup filled in).
 * Inline and filled in place: a returned struct was built in a temporary and copied, and the copy's
 * wide loads of the just-written narrow fields stalled on store forwarding (~10 % of timing mode). */
static inline void tw_wave_event(tev_t *ev, const tw_wave_t *w, tev_kind_t kind, uint64_t cycle)
{
    memset(ev, 0, sizeof *ev);
    ev->kind = kind;
    ev->cycle = cycle;
    ev->cu = w->cu;
    ev->simd = w->simd;
    ev->slot = w->slot;
    ev->wave = w->id;
    ev->wg = w->wg->id;
}
/* The issue category of a unit: scalar memory instructions issue as SALU ones (one per cycle). */
static inline isa_unit_t tw_issue_category(isa_unit_t u) { return u == ISA_UNIT_SMEM ? ISA_UNIT_SALU : u; }
/* Refresh w->next and w->next_unit (and its CU's copy) after its pc changed (wave start, each
 * executed instruction). */
static inline void tw_wave_fetch(tw_cu_t *cu, tw_wave_t *w)
{
    const isa_kernel_t *k = w->isa.kernel;
    bool in = w->isa.pc < k->ninsts;
    w->next = in ? &k->insts[w->isa.pc] : NULL;
    w->next_unit = (uint8_t)(in ? isa_ops[w->next->op].unit : ISA_UNIT_SEQ);
    uint8_t *u = &cu->rdy_unit[w->simd][w->slot];
    if (*u == w->next_unit)
        return; /* the usual case: the next instruction is of the same unit */
    uint32_t *cat = cu->rdy_cat[w->simd], bit = 1u << w->slot;
    cat[tw_issue_category((isa_unit_t)*u)] &= ~bit;
    *u = w->next_unit;
    cat[tw_issue_category((isa_unit_t)*u)] |= bit;
}
/* A wave is being set up in SIMD simd's slot: make the slot's copy consistent whatever its last
 * wave left (not in a state that may issue, never ready, next unit the sequencer's until
 * tw_wave_fetch). */
static inline void tw_ready_clear(tw_cu_t *cu, uint32_t simd, uint32_t slot)
{
    uint32_t bit = 1u << slot;
    cu->rdy_active[simd] &= ~bit;
    cu->rdy_noinst[simd] &= ~bit;
    for (uint32_t u = 0; u < ISA_NUM_UNITS; u++)
        cu->rdy_cat[simd][u] &= ~bit;
    cu->rdy_unit[simd][slot] = ISA_UNIT_SEQ;
    cu->rdy_cat[simd][ISA_UNIT_SEQ] |= bit;
    cu->rdy_at[simd][slot] = TW_NEVER;
}
/* Set w's ready cycle, and its CU's copy. */
static inline void tw_set_ready(tw_cu_t *cu, tw_wave_t *w, uint64_t t)
{
    w->ready_at = t;
    cu->rdy_at[w->simd][w->slot] = t;
}

/* The next wave of SIMD d to consider for issue at cycle c, in the age order `ord` (n waves, as it
 * was when the issue stage began): the next one in `*left` (by slot), which is ready by c. `*i` is
 * the place in `ord` to continue from; `*left` loses each wave looked at. The issue stage removes a
 * category's waves from `*left` (cu->rdy_cat) once one of it has issued, so that only the waves
 * that might issue are read. Returns its slot, or -1 when none is left. */
static inline int tw_ready_next(const tw_cu_t *cu, uint32_t d, uint64_t c, const uint8_t *ord, uint32_t n,
                                uint32_t *i, uint32_t *left)
{
    uint32_t m = *left;
    for (uint32_t k = *i; k < n && m; k++) {
        uint32_t slot = ord[k], bit = 1u << slot;
        if (!(m & bit))
            continue;
        m &= ~bit;
        if (cu->rdy_at[d][slot] > c)
            continue;
        *i = k + 1;
        *left = m;
        return (int)slot;
    }
    *i = n;
    *left = 0;
    return -1;
}

/* The first cycle >= c at which SIMD `simd` is selected. */
static inline uint64_t tw_simd_slot(const tw_sim_t *s, uint32_t simd, uint64_t c)
{
    if (s->simd_mask) /* a power of two (the usual 4): no division on the hot path */
        return c + (((uint64_t)simd - c) & s->simd_mask);
    uint64_t r = c % s->simds;
    return c + (simd + s->simds - r) % s->simds;
}
/* The SIMD selected at cycle c. */
static inline uint32_t tw_simd_at(const tw_sim_t *s, uint64_t c)
{
    return (uint32_t)(s->simd_mask ? c & s->simd_mask : c % s->simds);
}

/* ---- timing_state.c ---------------------------------------------------------------------------- */

/* Sort the run's n observers (at most TW_MAX_OBSERVERS) into s->obs by the kinds they take (kinds[i],
 * 0: all), and choose the direct issue and wave-state entries (issue[i], state[i]); kinds, issue and
 * state may be NULL. */
void tw_observers_init(tw_sim_t *s, const tev_observer_t *o, const uint32_t *kinds, const tev_issue_fn_t *issue,
                       const tev_state_fn_t *state, unsigned n);
/* Report an event to its kind's observers; one past opt->max_cycles ends the run (tw_cycle_limit). */
void tw_emit(tw_sim_t *s, const tev_t *ev);

/* Report wave w's issue of instruction `pc` (workload-wide) at cycle c: through the direct entry
 * when there is one and c is within the cycle limit, else as a TEV_ISSUE event. */
static inline void tw_emit_issue(tw_sim_t *s, const tw_wave_t *w, uint64_t c, isa_unit_t unit, uint32_t op,
                                 uint32_t pc, uint32_t busy, uint32_t mfma)
{
    if (s->issue_fn && !(s->max_cycles && c > s->max_cycles)) {
        tev_issue_t is = { c, w->cu, w->simd, w->slot, (uint32_t)unit, pc, busy, mfma };
        s->issue_fn(s->issue_ctx, &is);
        return;
    }
    tev_t ev;
    tw_wave_event(&ev, w, TEV_ISSUE, c);
    ev.u.issue.unit = unit;
    ev.u.issue.op = op;
    ev.u.issue.pc = pc;
    ev.u.issue.busy = busy;
    ev.u.issue.mfma = mfma;
    tw_emit(s, &ev);
}
/* Change w's state at `cycle`, reported when it is a change. */
void tw_set_state(tw_sim_t *s, tw_wave_t *w, tev_wave_state_t st, uint64_t cycle);
/* Ask for the CU's issue stage to run at `cycle` (or earlier if already asked). */
void tw_wake_cu(tw_sim_t *s, uint32_t cu, uint64_t cycle);
/* Record a program fault of wave w and stop the run. */
void tw_fault(tw_sim_t *s, tw_wave_t *w, launch_fault_kind_t kind, uint32_t inst, int lane, const char *msg);
/* The run would pass `limit` (opt->max_cycles): record the fault and stop the run. */
void tw_cycle_limit(tw_sim_t *s, uint64_t limit);

/* Keep cu->age[simd] in order: a new wave (the youngest, priority 0) goes last. */
void tw_age_add(tw_cu_t *cu, uint32_t simd, uint32_t slot);
void tw_age_remove(tw_cu_t *cu, uint32_t simd, uint32_t slot);
/* s_setprio changed a wave's priority: re-sort its SIMD's order (rare; at most 16 entries). */
void tw_age_resort(tw_cu_t *cu, uint32_t simd);

#endif

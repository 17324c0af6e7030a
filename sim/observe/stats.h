/* stats: the statistics observer of the timing model's event stream (events.h): the accounting
 * the run's result (report/result.h) holds and the report, JSON and CSV render. Everything is accounted from state intervals with exact cycle
 * stamps, so results do not depend on when the engine happened to process an event.
 *
 * Stall accounting is per issue slot: a wave is offered one slot every `simds` cycles (when its
 * SIMD is selected). Each of its slots is either used to issue, or charged to what kept it from
 * issuing: waiting on vmcnt or lgkmcnt, at a barrier, no instruction (refetch after a taken
 * branch, s_nop, s_sleep), unit busy (its instruction was ready but its unit, its category or
 * the slot went to someone else), launching, draining (at s_endpgm, waiting for memory), held
 * (ended, resources held until the workgroup ends).
 *
 * Latency hiding: each slot a wave spends in wait_vmcnt / wait_lgkmcnt is hidden when its SIMD
 * issued a VALU instruction (necessarily another wave's) at that cycle, else exposed; charged to
 * the s_waitcnt the wave issued last. Per instruction: a wave's slots since its previous issue
 * (or its launch) are charged to the instruction it issues next; its slots after s_endpgm
 * (draining, held) to the s_endpgm, so each column of the table sums to the issue-slot totals.
 * Memory is bounded by the machine size, the kernel's instruction count and fixed histograms.
 * Needs: events, launch, cfg; stats_dist, stats_mem and stats_pc below it. */
#ifndef GCNSIM_STATS_H
#define GCNSIM_STATS_H

#include <stdio.h>

#include "config/config.h"
#include "machine/events.h"
#include "load/launch.h"
#include "observe/stats_dist.h"
#include "observe/stats_mem.h"
#include "observe/stats_pc.h"

enum { STATS_SLOTS = 16 }; /* wave slots per SIMD kept (the timing model's TW_MAX_SLOTS): slot indices are below it */

/* 128 bytes (the fields ordered without padding): an issue finds a wave's entry with shifts. */
typedef struct {
    tev_wave_state_t state;
    uint32_t pend_mask;        /* kinds whose pend may be non-zero */
    uint64_t since;            /* start of the current state */
    uint64_t mark;             /* first cycle whose issue slots are not yet charged */
    uint64_t launched;         /* cycle the wave took the slot */
    uint64_t last_issue;       /* cycle of its previous issue (its launch before the first) */
    uint64_t pend[STATS_NUM_SLOT_KINDS]; /* slots before its first issue, for that instruction's row
                                  (after it, slots go straight to the row of its last issue) */
    uint64_t wait_valu0;       /* its SIMD's VALU issues before the current wait began */
    uint32_t last_pc;          /* instruction index of its previous issue */
    bool has_pc;               /* it has issued: last_pc's row exists */
} stats_slot_t;

/* When a dispatch ran. Its workgroups' ids are consecutive (the queue is in order), so a workgroup
 * belongs to the last dispatch whose first id is not above its own. */
typedef struct {
    bool started;
    uint64_t first_wg;         /* id of its first workgroup */
    uint64_t first_start;      /* its first workgroup placed */
    uint64_t last_end;         /* its last workgroup ended */
} stats_dispatch_t;

typedef struct {
    uint32_t ncu, simds, slots;
    int simd_shift;            /* log2(simds) when a power of two, else -1: no division per event */
    stats_slot_t *slot;        /* [cu][simd][slot] */
    uint64_t *valu_busy;       /* [cu][simd] cycles */
    uint64_t *valu_issues;     /* [cu][simd] VALU instructions issued so far */
    uint64_t *mfma_busy;       /* [cu][simd] cycles the matrix core was held (CDNA's MFMA) */
    uint64_t *mfma_issues;     /* [cu][simd] MFMA instructions issued */
    uint64_t mfma_total;       /* MFMA instructions issued in all (0: the reports show no MFMA figures) */
    uint32_t *valu_pending;    /* [cu][simd] slots whose wait starts after the last VALU issue seen */
    uint64_t *resident_area;   /* [cu][simd] integral of resident waves over cycles */
    uint32_t *resident;        /* [cu][simd] current resident waves */
    uint64_t *resident_since;  /* [cu][simd] */
    uint32_t max_resident_cu;  /* most waves resident on one CU at once */
    tev_cu_state_t *lim_state; /* [cu] */
    occ_resource_t *lim_res;   /* [cu] */
    uint64_t *lim_since;       /* [cu] */
    bool *lim_valid;
    uint32_t wg_cap;           /* live workgroups per CU (cu.max_workgroups) */
    uint64_t *wg_live;         /* [cu][wg_cap] pairs (workgroup id, start cycle) */
    uint32_t *wg_nlive;        /* [cu] */
    stats_pc_t *pc;            /* [pc_cap], grown to the highest instruction index issued */
    uint32_t npc, pc_cap;
    uint32_t fast_npc;         /* an issue of an instruction below it may take the usual case's code
                                  (stats.c, issue): npc, or 0 with general_only */
    bool general_only;         /* tests: every issue through the general code (set before the run) */
    /* totals */
    uint64_t cycles;
    uint64_t insts[ISA_NUM_UNITS];
    uint64_t slot_counts[STATS_NUM_SLOT_KINDS];
    uint64_t refused[OCC_NUM_RESOURCES];   /* CU-cycles charged to each resource */
    uint64_t no_work, launch_limited;      /* CU-cycles */
    uint64_t waves, workgroups;
    uint64_t hidden, exposed;              /* s_waitcnt slots with/without a VALU issue of another wave */
    stats_dist_t wave_life, wg_life;       /* launch to slot free; workgroup start to end */
    stats_mem_t mem;
    stats_dispatch_t *dispatch;            /* ndispatches of them (grown as dispatches start) */
    uint32_t ndispatches;                  /* one past the last dispatch that started */
    uint32_t dispatch_cap;
    bool ended;
    bool oom;                  /* the per-PC table could not grow: the run must report an internal error */
} stats_t;

/* Size the accumulators for `cfg`'s machine. Returns 0, or 3 when out of memory. */
int stats_init(stats_t *st, const cfg_t *cfg);
void stats_free(stats_t *st);
/* The observer callback (ctx = stats_t *), and its direct entry for issues (timing_options_t.issue):
 * the same accounting without the event. */
void stats_observe(void *ctx, const tev_t *ev);
void stats_issue(void *ctx, const tev_issue_t *is);
/* The same for wave states (timing_options_t.state). */
void stats_state(void *ctx, uint32_t cu, uint32_t simd, uint32_t slot, tev_wave_state_t to, uint64_t cycle);

/* Instructions issued, every unit together. */
uint64_t stats_total_insts(const stats_t *st);
/* Measured occupancy: resident waves per SIMD averaged over the run's cycles (0 for no cycles). */
double stats_measured_waves_per_simd(const stats_t *st);
/* Dispatch i's times (all zero for one that never started). */
const stats_dispatch_t *stats_dispatch_at(const stats_t *st, uint32_t i);

#endif

/* stats: the statistics observer of the timing model's event stream (events.h), and the report
 * and JSON output built from it. Everything is accounted from state intervals with exact cycle
 * stamps, so results do not depend on when the engine happened to process an event.
 *
 * Stall accounting is per issue slot: a wave is offered one slot every `simds` cycles (when its
 * SIMD is selected). Each of its slots is either used to issue, or charged to what kept it from
 * issuing: waiting on vmcnt or lgkmcnt, at a barrier, no instruction (refetch after a taken
 * branch, s_nop, s_sleep), unit busy (its instruction was ready but its unit, its category or
 * the slot went to someone else), launching, draining (at s_endpgm, waiting for memory), held
 * (ended, resources held until the workgroup ends). */
#ifndef GCNSIM_STATS_H
#define GCNSIM_STATS_H

#include <stdio.h>

#include "config.h"
#include "events.h"
#include "launch.h"
#include "timing.h"

typedef enum {
    STATS_ISSUED, STATS_VMCNT, STATS_LGKMCNT, STATS_BARRIER, STATS_UNIT_BUSY, STATS_NO_INSTRUCTION,
    STATS_LAUNCHING, STATS_DRAINING, STATS_HELD, STATS_NUM_SLOT_KINDS
} stats_slot_kind_t;

typedef struct {
    tev_wave_state_t state;
    uint64_t since;
    uint64_t issued;           /* issues during the current ELIGIBLE interval */
} stats_slot_t;

typedef struct {
    uint32_t ncu, simds, slots;
    stats_slot_t *slot;        /* [cu][simd][slot] */
    uint64_t *valu_busy;       /* [cu][simd] cycles */
    uint64_t *resident_area;   /* [cu][simd] integral of resident waves over cycles */
    uint32_t *resident;        /* [cu][simd] current resident waves */
    uint64_t *resident_since;  /* [cu][simd] */
    uint32_t max_resident_cu;  /* most waves resident on one CU at once */
    tev_cu_state_t *lim_state; /* [cu] */
    occ_resource_t *lim_res;   /* [cu] */
    uint64_t *lim_since;       /* [cu] */
    bool *lim_valid;
    /* totals */
    uint64_t cycles;
    uint64_t insts[ISA_NUM_UNITS];
    uint64_t slot_counts[STATS_NUM_SLOT_KINDS];
    uint64_t refused[OCC_NUM_RESOURCES];   /* CU-cycles charged to each resource */
    uint64_t no_work, launch_limited;      /* CU-cycles */
    uint64_t waves, workgroups;
    bool ended;
} stats_t;

/* Size the accumulators for `cfg`'s machine. Returns 0, or 3 when out of memory. */
int stats_init(stats_t *st, const cfg_t *cfg);
void stats_free(stats_t *st);
/* The observer callback (ctx = stats_t *). */
void stats_observe(void *ctx, const tev_t *ev);

/* The human-readable timing report. */
void stats_print(const stats_t *st, const launch_t *L, const cfg_t *cfg, const timing_result_t *res, FILE *out);
/* The same as a JSON object (docs/json.md); deterministic: same inputs, same bytes. */
void stats_write_json(const stats_t *st, const launch_t *L, const cfg_t *cfg, const timing_result_t *res, FILE *out);

#endif

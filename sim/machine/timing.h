/* timing: the cycle-level model of the GPU running a workload's dispatches: the workgroup dispatcher, the
 * compute units' wave scheduler and issue stage, SIMD/SALU/branch/LDS/vector-memory timing,
 * s_waitcnt, barriers and the ideal memory model — driven by the event engine. Instructions are
 * executed functionally at issue (isa_exec); this module decides only when things happen, and
 * reports it as typed events (events.h) to its observers.
 * Needs: launch (memory, kernel, entry state, faults), cfg, eng, occ (occ_analysis), dorder, ldst. */
#ifndef GCNSIM_TIMING_H
#define GCNSIM_TIMING_H

#include <stdbool.h>
#include <stdio.h>

#include "config/config.h"
#include "machine/events.h"
#include "load/launch.h"
#include "machine/occ_analysis.h"

enum { TIMING_MAX_OBSERVERS = 8 };

typedef struct {
    bool tick_every_cycle;   /* debug: step every CU every cycle (results must be identical) */
    uint64_t max_cycles;     /* fault (LAUNCH_FAULT_CYCLES) when time would pass it; 0: no limit */
    bool hazards;            /* run the hazard checker (machine/hazard.h): TEV_HAZARD events */
    tev_observer_t observers[TIMING_MAX_OBSERVERS];
    unsigned nobservers;
    /* Optional, per observer: the kinds of event it takes (TEV_BIT of each; 0: every kind), and its
     * direct entry for issues (NULL: none; events.h) */
    uint32_t kinds[TIMING_MAX_OBSERVERS];
    tev_issue_fn_t issue[TIMING_MAX_OBSERVERS];
    tev_state_fn_t state[TIMING_MAX_OBSERVERS]; /* the same for wave states */
    const occ_analysis_t *occ; /* each dispatch's occupancy analysis (occ_analyse), whose theoretical figure
                                  sizes the dispatcher; NULL: computed here */
} timing_options_t;

typedef struct {
    occ_result_t occ;        /* theoretical occupancy of its kernel */
    uint64_t ready;          /* the cycle its workgroups could first be placed (queue order, `after`, launch cost);
                                when it started and ended, the statistics observe (stats_dispatch_t) */
} timing_dispatch_result_t;

typedef struct {
    uint64_t cycles;         /* cycle at which the last workgroup ended */
    uint64_t events;         /* engine events processed (host cost, not a simulated quantity) */
    uint64_t l2_dirty_lines; /* L2 lines still dirty at the end: stores that have not reached DRAM */
    uint32_t ndispatches;
    timing_dispatch_result_t *d; /* ndispatches of them (allocated by timing_run: timing_result_free) */
} timing_result_t;

/* Run L's dispatches in time. Returns 0; 1 when a workgroup can never fit on a CU (the message on
 * err names the resource and the numbers); 2 when the program faulted or passed opt->max_cycles
 * (L->fault); 3 on an internal error (out of memory); intr_exit_status(sig) (128 + sig) when a
 * signal asked to stop (interrupt.h): the run stopped at res->cycles, with no TEV_END. L's instruction and workgroup counters are updated as in functional_run (functional.h). */
int timing_run(launch_t *L, const cfg_t *cfg, const timing_options_t *opt, timing_result_t *res, FILE *err);

/* Release what timing_run allocated in res (safe on a zeroed or already released result). */
void timing_result_free(timing_result_t *res);

#endif

/* result: a run's results as one value, built once and then only rendered. Before the run it holds
 * each dispatch's occupancy analysis (theoretical figure and limiter, what would fit one more
 * workgroup, the compiler estimate and its advice: occ_analyse, once per dispatch), which the
 * timing model's dispatcher and the trace header take from here; after the run it adds the
 * statistics (with the memory figures and the per-instruction table), the hazard checker's
 * findings and the timing model's own results, and the figures derived from them once (measured
 * occupancy, instruction total, buffer bytes). The text report (run_text), the JSON (run_json) and the CSV row
 * (run_csv) only render it; `gcnsim occupancy` renders the same analysis (occ_report).
 * Needs: occ_analysis, stats, hzlog, timing (their results), launch, cfg. */
#ifndef GCNSIM_RESULT_H
#define GCNSIM_RESULT_H

#include <stdbool.h>

#include "config/config.h"
#include "load/launch.h"
#include "machine/occ_analysis.h"
#include "machine/timing.h"
#include "observe/hazlog.h"
#include "observe/stats.h"

typedef struct {
    const launch_t *L;
    const cfg_t *cfg;
    uint32_t ndispatches;
    occ_analysis_t *occ;            /* [ndispatches], one analysis each */
    /* After the run (run_result_finish): */
    const stats_t *st;              /* the statistics: issue slots, memory, per-PC rows, lifetimes */
    const timing_result_t *timing;  /* cycles, each dispatch's ready cycle, L2 lines left dirty */
    const hzlog_t *hazards;         /* the checker's findings (NULL: it did not run) */
    uint32_t ncu;                   /* compute units, as the statistics counted them */
    uint64_t instructions;          /* every unit's issued instructions */
    double measured_waves_per_simd; /* resident waves per SIMD over the run */
    uint64_t buffer_bytes;          /* what the buffer (MUBUF/MTBUF) and scratch_ instructions moved */
    bool per_pc;                    /* render the per-instruction table (--per-pc) */
    bool matrix_core;               /* render the matrix core's figures: a kernel of a CDNA target
                                       ran, or an MFMA issued (older targets' reports stay as they were) */
} run_result_t;

/* Analyse each of L's dispatches on cfg's machine (before the run). Returns 0, or 3 when out of
 * memory (R is then empty; run_result_free is still safe). */
int run_result_init(run_result_t *R, const launch_t *L, const cfg_t *cfg);

/* After a successful run: attach what it produced and derive the run's figures. */
void run_result_finish(run_result_t *R, const stats_t *st, const timing_result_t *timing, const hzlog_t *hazards,
                       bool per_pc);

/* Both at once, for a run already made (tests). Returns 0 or 3. */
int run_result_build(run_result_t *R, const launch_t *L, const cfg_t *cfg, const stats_t *st,
                     const timing_result_t *timing, const hzlog_t *hazards, bool per_pc);

void run_result_free(run_result_t *R);

#endif

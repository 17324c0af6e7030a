/* occ_analysis: the occupancy analysis of one dispatch, computed once and kept: the kernel's numbers
 * as a run takes them (occ_dispatch_kernel), the theoretical figure at workgroup granularity with
 * what would fit one more workgroup, and the compiler's estimate by LLVM's rule with what to save
 * for one more wave. The run's result (report/result.h) holds one per dispatch, and the run's
 * report, JSON, CSV, the trace header and `gcnsim occupancy` render that value; none recomputes it.
 * Needs: occ (the arithmetic), launch (a dispatch's kernel and workload), cfg. */
#ifndef GCNSIM_OCC_ANALYSIS_H
#define GCNSIM_OCC_ANALYSIS_H

#include <stdbool.h>

#include "config/config.h"
#include "load/launch.h"
#include "machine/occupancy.h"

typedef struct {
    occ_kernel_t k;                      /* what was analysed */
    occ_result_t res;                    /* theoretical: workgroups per CU, the limiter */
    bool fits;                           /* res.wg_per_cu > 0: one workgroup fits on a CU */
    occ_more_t more;                     /* what would fit one more workgroup per CU */
    occ_llvm_t llvm;                     /* the compiler estimate (LLVM's per-SIMD rule) */
    occ_advice_t adv[OCC_NUM_RESOURCES]; /* what to save for one more wave by LLVM's rule: one entry per */
    unsigned nadv;                       /* limiting resource, or one "none" entry at the maximum */
} occ_analysis_t;

/* The occupancy inputs of a dispatch's kernel and workload (VGPRs as allocated, SGPRs as used, LDS
 * static + dynamic, the workgroup's size and shape). */
occ_kernel_t occ_dispatch_kernel(const launch_dispatch_t *D);

/* Analyse kernel k on cfg's machine into *a. */
void occ_analyse(const cfg_t *cfg, const occ_kernel_t *k, occ_analysis_t *a);

#endif

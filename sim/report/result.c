/* result: a run's results as one value (result.h). */
#include "report/result.h"

#include "report/run_pc.h"

#include <stdlib.h>
#include <string.h>

int run_result_init(run_result_t *R, const launch_t *L, const cfg_t *cfg)
{
    memset(R, 0, sizeof *R);
    R->L = L;
    R->cfg = cfg;
    if (!(R->occ = calloc(L->ndispatches ? L->ndispatches : 1, sizeof *R->occ)))
        return 3;
    R->ndispatches = L->ndispatches;
    for (uint32_t i = 0; i < L->ndispatches; i++) {
        occ_kernel_t k = occ_dispatch_kernel(&L->dispatches[i]);
        occ_analyse(cfg, &k, &R->occ[i]);
    }
    return 0;
}

void run_result_finish(run_result_t *R, const stats_t *st, const timing_result_t *timing, const hzlog_t *hazards,
                       bool per_pc)
{
    R->st = st;
    R->timing = timing;
    R->hazards = hazards;
    R->per_pc = per_pc;
    R->ncu = st->ncu;
    R->instructions = stats_total_insts(st);
    R->measured_waves_per_simd = stats_measured_waves_per_simd(st);
    R->buffer_bytes = run_pc_buffer_bytes(st->pc, st->npc, R->L);
    R->matrix_core = st->mfma_total > 0;
    for (uint32_t i = 0; i < R->L->nkernels; i++)
        if (R->L->kernels[i].kernel && isa_target_cdna(R->L->kernels[i].kernel->target))
            R->matrix_core = true;
}

int run_result_build(run_result_t *R, const launch_t *L, const cfg_t *cfg, const stats_t *st,
                     const timing_result_t *timing, const hzlog_t *hazards, bool per_pc)
{
    if (run_result_init(R, L, cfg) != 0)
        return 3;
    run_result_finish(R, st, timing, hazards, per_pc);
    return 0;
}

void run_result_free(run_result_t *R)
{
    free(R->occ);
    memset(R, 0, sizeof *R);
}

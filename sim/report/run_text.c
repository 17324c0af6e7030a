/* run_text: the text report of a timed run, rendered from its result (run_text.h). */
#include "report/run_text.h"

#include "asm/asm_diag.h"
#include "report/occ_text.h"
#include "report/report.h"
#include "report/run_hazards.h"
#include "report/run_mem.h"
#include "report/run_pc.h"

#include <inttypes.h>

/* A workload of several dispatches: one line each, with when it ran and its theoretical occupancy. */
static void print_dispatches(const run_result_t *R, FILE *out)
{
    const launch_t *L = R->L;
    fprintf(out, "kernels       %s, %" PRIu32 " dispatches\n", L->wl->source, L->ndispatches);
    for (uint32_t i = 0; i < L->ndispatches && i < R->timing->ndispatches; i++) {
        const occ_analysis_t *a = &R->occ[i];
        const stats_dispatch_t *sd = stats_dispatch_at(R->st, i);
        char w[32];
        occ_text_waves(a->res.waves_per_simd, w, sizeof w);
        report_dispatch_line(L, i, out);
        fprintf(out, "; ready %" PRIu64 ", workgroups from %" PRIu64 " to %" PRIu64 "; theoretical %s waves/SIMD "
                "(limited by %s), compiler estimate (LLVM rule) %" PRIu32 "\n", R->timing->d[i].ready, sd->first_start,
                sd->last_end, w, occ_text_resource_k(a->res.limiter, &a->k), a->llvm.waves_per_simd);
    }
}

/* Latency hiding, lifetimes and (with per_pc) the per-instruction table. */
static void print_detail(const run_result_t *R, FILE *out)
{
    const stats_t *st = R->st;
    const launch_t *L = R->L;
    uint64_t waited = st->hidden + st->exposed;
    fprintf(out, "latency hiding %" PRIu64 " issue slots waited at s_waitcnt: %" PRIu64 " hidden (%.1f%%: another wave "
            "issued a VALU instruction on the SIMD in that slot), %" PRIu64 " exposed (no VALU issue)\n",
            waited, st->hidden, 100.0 * stats_ratio(st->hidden, waited), st->exposed);
    run_pc_print_waits(st->pc, st->npc, L, out);
    const stats_dist_t *w = &st->wave_life, *g = &st->wg_life;
    fprintf(out, "wave lifetime  %" PRIu64 " waves, cycles min %" PRIu64 " mean %.1f max %" PRIu64 ";", w->n,
            w->min, stats_dist_mean(w), w->max);
    uint64_t h[64];
    stats_dist_log2_hist(w, h);
    for (unsigned k = 0; k < 64; k++)
        if (h[k])
            fprintf(out, " [%" PRIu64 ", %" PRIu64 "] %" PRIu64, stats_dist_log2_from(k), stats_dist_log2_to(k), h[k]);
    fputc('\n', out);
    fprintf(out, "workgroup lifetime %" PRIu64 " workgroups, cycles min %" PRIu64 " p50 %" PRIu64 " p90 %" PRIu64
            " max %" PRIu64 " mean %.1f\n", g->n, g->min, stats_dist_percentile(g, 50),
            stats_dist_percentile(g, 90), g->max, stats_dist_mean(g));
    if (R->per_pc)
        run_pc_print_table(st->pc, st->npc, L, out);
}

void run_text_print(const run_result_t *R, FILE *out)
{
    const stats_t *st = R->st;
    const launch_t *L = R->L;
    const cfg_t *cfg = R->cfg;
    const occ_analysis_t *a = &R->occ[0];
    const occ_result_t *o = &a->res;
    const wl_dispatch_t *wd = L->dispatches[0].wl;
    uint64_t n = R->instructions;
    if (L->ndispatches > 1)
        print_dispatches(R, out);
    else {
        fputs("kernel        ", out);
        asm_diag_put_name(out, L->dispatches[0].kernel->name);
        fputc('\n', out);
        fprintf(out, "grid          %" PRIu32 " x %" PRIu32 " x %" PRIu32 " work-items, workgroup %" PRIu32 " x %" PRIu32
                " x %" PRIu32 "\n", wd->grid[0], wd->grid[1], wd->grid[2], wd->wg[0], wd->wg[1], wd->wg[2]);
    }
    fprintf(out, "machine       %" PRIu32 " CU x %" PRIu32 " SIMDs, %s, dispatch %s\n", R->ncu, st->simds,
            cfg->mem_model == CFG_MEM_IDEAL ? "ideal memory" : "cache hierarchy", cfg->dispatch_release == CFG_RELEASE_WAVE ? "release per wave" : "release per workgroup");
    fprintf(out, "cycles        %" PRIu64 " (%.3f us at %" PRId64 " MHz)\n", st->cycles,
            (double)st->cycles / (double)cfg->gpu_clock_mhz, cfg->gpu_clock_mhz);
    fprintf(out, "workgroups    %" PRIu64 ", waves %" PRIu64 "\n", st->workgroups, st->waves);
    /* The JSON's and CSV's ipc is the GPU's; a single CU's is the same number. */
    if (R->ncu > 1)
        fprintf(out, "instructions  %" PRIu64 " (IPC %.3f, %.3f per CU):", n, stats_ratio(n, st->cycles),
                stats_ratio(n, st->cycles) / R->ncu);
    else
        fprintf(out, "instructions  %" PRIu64 " (IPC %.3f):", n, stats_ratio(n, st->cycles));
    for (int u = 0; u < ISA_NUM_UNITS; u++)
        fprintf(out, " %s %" PRIu64, isa_unit_name((isa_unit_t)u), st->insts[u]);
    fputc('\n', out);
    fprintf(out, "VALU busy    ");
    for (uint32_t cu = 0; cu < R->ncu && cu < 4; cu++)
        for (uint32_t d = 0; d < st->simds; d++)
            fprintf(out, " cu%" PRIu32 ".simd%" PRIu32 " %.1f%%", cu, d,
                    100.0 * stats_ratio(st->valu_busy[(size_t)cu * st->simds + d], st->cycles));
    if (R->ncu > 4)
        fprintf(out, " ...");
    fputc('\n', out);
    if (R->matrix_core) {
        /* CDNA: the matrix cores (docs/architecture.md, "The matrix core") */
        fprintf(out, "matrix core   %" PRIu64 " MFMA, busy", st->mfma_total);
        for (uint32_t cu = 0; cu < R->ncu && cu < 4; cu++)
            for (uint32_t d = 0; d < st->simds; d++)
                fprintf(out, " cu%" PRIu32 ".simd%" PRIu32 " %.1f%%", cu, d,
                        100.0 * stats_ratio(st->mfma_busy[(size_t)cu * st->simds + d], st->cycles));
        if (R->ncu > 4)
            fprintf(out, " ...");
        fputc('\n', out);
    }
    uint64_t slots = 0;
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        slots += st->slot_counts[k];
    fprintf(out, "issue slots   %" PRIu64 ":", slots);
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        fprintf(out, " %s %.1f%%", stats_slot_kind_keys[k], 100.0 * stats_ratio(st->slot_counts[k], slots));
    fputc('\n', out);
    /* The figures of docs/occupancy.md: theoretical (what the dispatcher can keep resident, as GPU
     * profilers count it), measured, and the compiler's per-wave estimate (LLVM's rule). */
    if (L->ndispatches > 1)
        fprintf(out, "occupancy     measured %.2f waves/SIMD, at most %" PRIu32 " waves on a CU (theoretical: per dispatch, "
                "above)\n", R->measured_waves_per_simd, st->max_resident_cu);
    else {
        char w[32], more[512];
        occ_text_waves(o->waves_per_simd, w, sizeof w);
        occ_text_fit_more(cfg, &a->more, more, sizeof more);
        fprintf(out, "occupancy     theoretical %s waves/SIMD (%.0f%%), limited by %s: %" PRIu32 " %s of %" PRIu32
                " %s per CU\n", w, 100.0 * o->occupancy, occ_text_resource_k(o->limiter, &a->k), o->wg_per_cu,
                o->wg_per_cu == 1 ? "workgroup" : "workgroups", o->waves_per_wg, o->waves_per_wg == 1 ? "wave" : "waves");
        fprintf(out, "              %s\n", more);
        fprintf(out, "              measured %.2f waves/SIMD, at most %" PRIu32 " waves on a CU; compiler estimate "
                "(LLVM rule) %" PRIu32 " waves/SIMD\n", R->measured_waves_per_simd, st->max_resident_cu,
                a->llvm.waves_per_simd);
    }
    fprintf(out, "dispatch      CU-cycles with a free wave slot: no work %" PRIu64 ", launch limited %" PRIu64,
            st->no_work, st->launch_limited);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        fprintf(out, ", %s %" PRIu64, occ_resource_name((occ_resource_t)r), st->refused[r]);
    fputc('\n', out);
    run_mem_print(&st->mem, st->cycles, cfg, R->buffer_bytes, R->timing->l2_dirty_lines, out);
    print_detail(R, out);
    run_hazards_print(R->hazards, out);
    report_buffers(L, out);
}


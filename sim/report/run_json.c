/* run_json: the JSON of a timed run, rendered from its result (run_json.h). */
#include "report/run_json.h"

#include "observe/json_out.h"
#include "report/occ_text.h"
#include "report/run_hazards.h"
#include "report/run_mem.h"
#include "report/run_pc.h"

#include <inttypes.h>

static const char *unit_key(isa_unit_t u)
{
    static const char *const k[ISA_NUM_UNITS] = { "salu", "smem", "valu", "vmem", "lds", "branch", "seq" };
    return k[u];
}

/* The JSON of print_detail's sections. */
static void json_detail(const run_result_t *R, FILE *out)
{
    const stats_t *st = R->st;
    const launch_t *L = R->L;
    uint64_t waited = st->hidden + st->exposed;
    fprintf(out, "  \"latency_hiding\": {\"hidden\": %" PRIu64 ", \"exposed\": %" PRIu64 ", \"hidden_fraction\": %.6f, "
            "\"by_pc\": ", st->hidden, st->exposed, stats_ratio(st->hidden, waited));
    run_pc_json_waits(st->pc, st->npc, L, out);
    fputs("},\n", out);
    if (R->per_pc)
        run_pc_json_table(st->pc, st->npc, L, out);
    const stats_dist_t *w = &st->wave_life, *g = &st->wg_life;
    fprintf(out, "  \"wave_lifetime\": {\"count\": %" PRIu64 ", \"min\": %" PRIu64 ", \"mean\": %.6f, \"max\": %" PRIu64
            ", \"histogram\": [", w->n, w->min, stats_dist_mean(w), w->max);
    uint64_t h[64];
    stats_dist_log2_hist(w, h);
    bool first = true;
    for (unsigned k = 0; k < 64; k++)
        if (h[k]) {
            fprintf(out, "%s{\"from\": %" PRIu64 ", \"to\": %" PRIu64 ", \"count\": %" PRIu64 "}", first ? "" : ", ",
                    stats_dist_log2_from(k), stats_dist_log2_to(k), h[k]);
            first = false;
        }
    fprintf(out, "]},\n  \"workgroup_lifetime\": {\"count\": %" PRIu64 ", \"min\": %" PRIu64 ", \"mean\": %.6f, "
            "\"max\": %" PRIu64 ", \"p50\": %" PRIu64 ", \"p90\": %" PRIu64 "},\n", g->n, g->min, stats_dist_mean(g), g->max,
            stats_dist_percentile(g, 50), stats_dist_percentile(g, 90));
}

/* "dispatches": one object per dispatch (schema 4). */
static void json_dispatches(const run_result_t *R, FILE *out)
{
    const launch_t *L = R->L;
    const stats_t *st = R->st;
    fputs("  \"dispatches\": [", out);
    for (uint32_t i = 0; i < L->ndispatches && i < R->timing->ndispatches; i++) {
        const launch_dispatch_t *D = &L->dispatches[i];
        const wl_dispatch_t *wd = D->wl;
        const occ_analysis_t *a = &R->occ[i];
        fprintf(out, "%s\n    {\"section\": ", i ? "," : "");
        char sec[WL_NAME_MAX + 16];
        jout_string(out, wl_dispatch_section(wd, sec, sizeof sec));
        fputs(", \"kernel\": ", out);
        jout_string(out, D->kernel->name);
        fprintf(out, ", \"grid\": [%" PRIu32 ", %" PRIu32 ", %" PRIu32 "], \"workgroup\": [%" PRIu32 ", %" PRIu32 ", %" PRIu32
                "], \"workgroups\": %" PRIu64 ", \"after\": \"%s\", \"ready_cycle\": %" PRIu64 ", \"first_start_cycle\": %"
                PRIu64 ", \"last_end_cycle\": %" PRIu64 ", \"theoretical_waves_per_simd\": %.6f, \"limiter\": \"%s\", "
                "\"compiler_estimate_waves_per_simd\": %" PRIu32 "}",
                wd->grid[0], wd->grid[1], wd->grid[2], wd->wg[0], wd->wg[1], wd->wg[2], D->nworkgroups,
                i == 0 ? "none" : wd->after == WL_AFTER_NONE ? "none" : "previous", R->timing->d[i].ready, stats_dispatch_at(st, i)->first_start,
                stats_dispatch_at(st, i)->last_end,
                a->res.waves_per_simd, occ_resource_name(a->res.limiter), a->llvm.waves_per_simd);
    }
    fputs("\n  ],\n", out);
}

void run_json_write(const run_result_t *R, FILE *out)
{
    const stats_t *st = R->st;
    const launch_t *L = R->L;
    const cfg_t *cfg = R->cfg;
    const occ_analysis_t *a = &R->occ[0];
    const occ_result_t *o = &a->res;
    const wl_dispatch_t *wd = L->dispatches[0].wl;
    uint64_t n = R->instructions;
    fputs("{\n  \"schema_version\": 7,\n  \"kernel\": ", out);
    jout_string(out, L->dispatches[0].kernel->name);
    fputs(",\n", out);
    fprintf(out, "  \"grid\": [%" PRIu32 ", %" PRIu32 ", %" PRIu32 "],\n  \"workgroup\": [%" PRIu32 ", %" PRIu32 ", %" PRIu32 "],\n",
            wd->grid[0], wd->grid[1], wd->grid[2], wd->wg[0], wd->wg[1], wd->wg[2]);
    json_dispatches(R, out);
    fprintf(out, "  \"compute_units\": %" PRIu32 ",\n  \"cycles\": %" PRIu64 ",\n", R->ncu, st->cycles);
    fprintf(out, "  \"instructions\": {\"total\": %" PRIu64, n);
    for (int u = 0; u < ISA_NUM_UNITS; u++)
        fprintf(out, ", \"%s\": %" PRIu64, unit_key((isa_unit_t)u), st->insts[u]);
    fprintf(out, "},\n  \"ipc\": %.6f,\n", stats_ratio(n, st->cycles));
    fprintf(out, "  \"waves\": %" PRIu64 ",\n  \"workgroups\": %" PRIu64 ",\n", st->waves, st->workgroups);
    fprintf(out, "  \"valu_busy\": [");
    for (uint32_t cu = 0; cu < R->ncu; cu++) {
        fprintf(out, "%s[", cu ? ", " : "");
        for (uint32_t d = 0; d < st->simds; d++)
            fprintf(out, "%s%.6f", d ? ", " : "", stats_ratio(st->valu_busy[(size_t)cu * st->simds + d], st->cycles));
        fputc(']', out);
    }
    fprintf(out, "],\n  \"issue_slots\": {");
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        fprintf(out, "%s\"%s\": %" PRIu64, k ? ", " : "", stats_slot_kind_keys[k], st->slot_counts[k]);
    fprintf(out, "},\n  \"occupancy\": {\"theoretical_waves_per_simd\": %.6f, \"theoretical\": %.6f, "
            "\"limiter\": \"%s\", \"workgroups_per_cu\": %" PRIu32 ", \"waves_per_workgroup\": %" PRIu32 ", \"limits\": {",
            o->waves_per_simd, o->occupancy, occ_resource_name(o->limiter), o->wg_per_cu, o->waves_per_wg);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++) {
        if (o->wg_limit[r] == UINT32_MAX)
            fprintf(out, "%s\"%s\": null", r ? ", " : "", occ_resource_name((occ_resource_t)r));
        else
            fprintf(out, "%s\"%s\": %" PRIu32, r ? ", " : "", occ_resource_name((occ_resource_t)r), o->wg_limit[r]);
    }
    fputs("}, ", out);
    occ_text_json_more(cfg, &a->more, " ", out);
    fprintf(out, ", \"measured_waves_per_simd\": %.6f, \"max_waves_per_cu\": %" PRIu32
            ", \"compiler_estimate_waves_per_simd\": %" PRIu32 "},\n",
            R->measured_waves_per_simd, st->max_resident_cu, a->llvm.waves_per_simd);
    fprintf(out, "  \"dispatch_limiter\": {\"no_work\": %" PRIu64 ", \"launch_limited\": %" PRIu64, st->no_work,
            st->launch_limited);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        fprintf(out, ", \"%s\": %" PRIu64, occ_resource_name((occ_resource_t)r), st->refused[r]);
    fputs("},\n", out);
    run_mem_json(&st->mem, st->cycles, cfg, R->buffer_bytes, R->timing->l2_dirty_lines, out);
    json_detail(R, out);
    run_hazards_json(R->hazards, out); /* only when the checker found something */
    fprintf(out, "  \"config\": {\"mem_model\": \"%s\", \"dispatch_release\": \"%s\", \"clock_mhz\": %" PRId64 "}\n}\n",
            cfg->mem_model == CFG_MEM_IDEAL ? "ideal" : "hierarchy", cfg->dispatch_release == CFG_RELEASE_WAVE ? "wave" : "workgroup", cfg->gpu_clock_mhz);
}

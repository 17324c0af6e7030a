/* run_json: the JSON of a timed run, rendered from its result (run_json.h). */
#include "report/run_json.h"

#include "observe/json_out.h"
#include "report/occ_text.h"
#include "report/run_hazards.h"
#include "report/run_mem.h"
#include "report/run_pc.h"

static const char *unit_key(isa_unit_t u)
{
    static const char *const k[ISA_NUM_UNITS] = { "salu", "smem", "valu", "vmem", "lds", "branch", "seq" };
    return k[u];
}

/* {"count": .., "min": .., "mean": .., "max": .. (the caller adds the rest and closes). */
static void json_dist_head(jout_t *j, const stats_dist_t *d)
{
    jout_object(j, 0);
    jout_ku64(j, "count", d->n);
    jout_ku64(j, "min", d->min);
    jout_kf6(j, "mean", stats_dist_mean(d));
    jout_ku64(j, "max", d->max);
}

/* The JSON of print_detail's sections. */
static void json_detail(const run_result_t *R, jout_t *j)
{
    const stats_t *st = R->st;
    const launch_t *L = R->L;
    uint64_t waited = st->hidden + st->exposed;
    jout_key(j, "latency_hiding");
    jout_object(j, 0);
    jout_ku64(j, "hidden", st->hidden);
    jout_ku64(j, "exposed", st->exposed);
    jout_kf6(j, "hidden_fraction", stats_ratio(st->hidden, waited));
    jout_key(j, "by_pc");
    run_pc_json_waits(st->pc, st->npc, L, j);
    jout_end(j);
    if (R->per_pc)
        run_pc_json_table(st->pc, st->npc, L, j);
    const stats_dist_t *w = &st->wave_life, *g = &st->wg_life;
    jout_key(j, "wave_lifetime");
    json_dist_head(j, w);
    jout_key(j, "histogram");
    jout_array(j, 0);
    uint64_t h[64];
    stats_dist_log2_hist(w, h);
    for (unsigned k = 0; k < 64; k++)
        if (h[k]) {
            jout_object(j, 0);
            jout_ku64(j, "from", stats_dist_log2_from(k));
            jout_ku64(j, "to", stats_dist_log2_to(k));
            jout_ku64(j, "count", h[k]);
            jout_end(j);
        }
    jout_end(j);
    jout_end(j);
    jout_key(j, "workgroup_lifetime");
    json_dist_head(j, g);
    jout_ku64(j, "p50", stats_dist_percentile(g, 50));
    jout_ku64(j, "p90", stats_dist_percentile(g, 90));
    jout_end(j);
}

static void json_triple(jout_t *j, const char *key, const uint32_t v[3])
{
    jout_key(j, key);
    jout_array(j, 0);
    for (int i = 0; i < 3; i++)
        jout_u64(j, v[i]);
    jout_end(j);
}

/* "dispatches": one object per dispatch (schema 4). */
static void json_dispatches(const run_result_t *R, jout_t *j)
{
    const launch_t *L = R->L;
    const stats_t *st = R->st;
    jout_key(j, "dispatches");
    jout_array(j, JOUT_WRAP | JOUT_CLOSE); /* a run has at least one dispatch */
    for (uint32_t i = 0; i < L->ndispatches && i < R->timing->ndispatches; i++) {
        const launch_dispatch_t *D = &L->dispatches[i];
        const wl_dispatch_t *wd = D->wl;
        const occ_analysis_t *a = &R->occ[i];
        char sec[WL_NAME_MAX + 16];
        jout_object(j, 0);
        jout_kstr(j, "section", wl_dispatch_section(wd, sec, sizeof sec));
        jout_kstr(j, "kernel", D->kernel->name);
        json_triple(j, "grid", wd->grid);
        json_triple(j, "workgroup", wd->wg);
        jout_ku64(j, "workgroups", D->nworkgroups);
        jout_kstr(j, "after", i == 0 ? "none" : wd->after == WL_AFTER_NONE ? "none" : "previous");
        jout_ku64(j, "ready_cycle", R->timing->d[i].ready);
        jout_ku64(j, "first_start_cycle", stats_dispatch_at(st, i)->first_start);
        jout_ku64(j, "last_end_cycle", stats_dispatch_at(st, i)->last_end);
        jout_kf6(j, "theoretical_waves_per_simd", a->res.waves_per_simd);
        jout_kstr(j, "limiter", occ_resource_name(a->res.limiter));
        jout_ku64(j, "compiler_estimate_waves_per_simd", a->llvm.waves_per_simd);
        jout_end(j);
    }
    jout_end(j);
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
    jout_t jw, *j = &jw;
    jout_init(j, out, false);
    jout_object(j, JOUT_WRAP | JOUT_CLOSE);
    /* 8: 7 and `matrix_core`, which only runs with a CDNA kernel have (others keep 7's bytes) */
    jout_ku64(j, "schema_version", R->matrix_core ? 8 : 7);
    jout_kstr(j, "kernel", L->dispatches[0].kernel->name);
    json_triple(j, "grid", wd->grid);
    json_triple(j, "workgroup", wd->wg);
    json_dispatches(R, j);
    jout_ku64(j, "compute_units", R->ncu);
    jout_ku64(j, "cycles", st->cycles);
    jout_key(j, "instructions");
    jout_object(j, 0);
    jout_ku64(j, "total", n);
    for (int u = 0; u < ISA_NUM_UNITS; u++)
        jout_ku64(j, unit_key((isa_unit_t)u), st->insts[u]);
    jout_end(j);
    jout_kf6(j, "ipc", stats_ratio(n, st->cycles));
    jout_ku64(j, "waves", st->waves);
    jout_ku64(j, "workgroups", st->workgroups);
    jout_key(j, "valu_busy");
    jout_array(j, 0);
    for (uint32_t cu = 0; cu < R->ncu; cu++) {
        jout_array(j, 0);
        for (uint32_t d = 0; d < st->simds; d++)
            jout_f6(j, stats_ratio(st->valu_busy[(size_t)cu * st->simds + d], st->cycles));
        jout_end(j);
    }
    jout_end(j);
    if (R->matrix_core) {
        jout_key(j, "matrix_core");
        jout_object(j, 0);
        jout_ku64(j, "mfma", st->mfma_total);
        jout_key(j, "mfma_per_simd");
        jout_array(j, 0);
        for (uint32_t cu = 0; cu < R->ncu; cu++) {
            jout_array(j, 0);
            for (uint32_t d = 0; d < st->simds; d++)
                jout_u64(j, st->mfma_issues[(size_t)cu * st->simds + d]);
            jout_end(j);
        }
        jout_end(j);
        jout_key(j, "busy");
        jout_array(j, 0);
        for (uint32_t cu = 0; cu < R->ncu; cu++) {
            jout_array(j, 0);
            for (uint32_t d = 0; d < st->simds; d++)
                jout_f6(j, stats_ratio(st->mfma_busy[(size_t)cu * st->simds + d], st->cycles));
            jout_end(j);
        }
        jout_end(j);
        jout_end(j);
    }
    jout_key(j, "issue_slots");
    jout_object(j, 0);
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        jout_ku64(j, stats_slot_kind_keys[k], st->slot_counts[k]);
    jout_end(j);
    jout_key(j, "occupancy");
    jout_object(j, 0);
    jout_kf6(j, "theoretical_waves_per_simd", o->waves_per_simd);
    jout_kf6(j, "theoretical", o->occupancy);
    jout_kstr(j, "limiter", occ_resource_name(o->limiter));
    jout_ku64(j, "workgroups_per_cu", o->wg_per_cu);
    jout_ku64(j, "waves_per_workgroup", o->waves_per_wg);
    jout_key(j, "limits");
    jout_object(j, 0);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++) {
        jout_key(j, occ_resource_name((occ_resource_t)r));
        jout_limit(j, o->wg_limit[r]);
    }
    jout_end(j);
    occ_text_json_more(cfg, &a->more, j);
    jout_kf6(j, "measured_waves_per_simd", R->measured_waves_per_simd);
    jout_ku64(j, "max_waves_per_cu", st->max_resident_cu);
    jout_ku64(j, "compiler_estimate_waves_per_simd", a->llvm.waves_per_simd);
    jout_end(j);
    jout_key(j, "dispatch_limiter");
    jout_object(j, 0);
    jout_ku64(j, "no_work", st->no_work);
    jout_ku64(j, "launch_limited", st->launch_limited);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        jout_ku64(j, occ_resource_name((occ_resource_t)r), st->refused[r]);
    jout_end(j);
    run_mem_json(&st->mem, st->cycles, cfg, R->buffer_bytes, R->timing->l2_dirty_lines, j);
    json_detail(R, j);
    run_hazards_json(R->hazards, j); /* only when the checker found something */
    jout_key(j, "config");
    jout_object(j, 0);
    jout_kstr(j, "mem_model", cfg->mem_model == CFG_MEM_IDEAL ? "ideal" : "hierarchy");
    jout_kstr(j, "dispatch_release", cfg->dispatch_release == CFG_RELEASE_WAVE ? "wave" : "workgroup");
    jout_ki64(j, "clock_mhz", cfg->gpu_clock_mhz);
    jout_end(j);
    jout_end(j);
    jout_newline(j);
}

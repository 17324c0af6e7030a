/* stats: interval accounting over the timing model's events, and the report built from it. */
#include "stats.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

int stats_init(stats_t *st, const cfg_t *cfg)
{
    memset(st, 0, sizeof *st);
    st->ncu = (uint32_t)cfg->gpu_compute_units;
    st->simds = (uint32_t)cfg->cu_simds;
    st->slots = 16; /* TW_MAX_SLOTS: slot indices are below it */
    size_t nslot = (size_t)st->ncu * st->simds * st->slots, nsimd = (size_t)st->ncu * st->simds;
    st->slot = calloc(nslot, sizeof *st->slot);
    st->valu_busy = calloc(nsimd, sizeof *st->valu_busy);
    st->resident_area = calloc(nsimd, sizeof *st->resident_area);
    st->resident = calloc(nsimd, sizeof *st->resident);
    st->resident_since = calloc(nsimd, sizeof *st->resident_since);
    st->lim_state = calloc(st->ncu, sizeof *st->lim_state);
    st->lim_res = calloc(st->ncu, sizeof *st->lim_res);
    st->lim_since = calloc(st->ncu, sizeof *st->lim_since);
    st->lim_valid = calloc(st->ncu, sizeof *st->lim_valid);
    if (!st->slot || !st->valu_busy || !st->resident_area || !st->resident || !st->resident_since ||
        !st->lim_state || !st->lim_res || !st->lim_since || !st->lim_valid) {
        stats_free(st);
        return 3;
    }
    for (size_t i = 0; i < nslot; i++)
        st->slot[i].state = TEV_WAVE_GONE;
    return 0;
}

void stats_free(stats_t *st)
{
    free(st->slot);
    free(st->valu_busy);
    free(st->resident_area);
    free(st->resident);
    free(st->resident_since);
    free(st->lim_state);
    free(st->lim_res);
    free(st->lim_since);
    free(st->lim_valid);
    memset(st, 0, sizeof *st);
}

/* Issue slots of SIMD `simd` (cycles t with t % simds == simd) in [a, b). */
static uint64_t simd_slots(uint64_t a, uint64_t b, uint32_t simd, uint32_t simds)
{
    if (b <= a)
        return 0;
    uint64_t before_b = b > simd ? (b - simd + simds - 1) / simds : 0;
    uint64_t before_a = a > simd ? (a - simd + simds - 1) / simds : 0;
    return before_b - before_a;
}

static stats_slot_kind_t slot_kind(tev_wave_state_t s)
{
    switch (s) {
    case TEV_WAVE_WAIT_VM: return STATS_VMCNT;
    case TEV_WAVE_WAIT_LGKM: return STATS_LGKMCNT;
    case TEV_WAVE_BARRIER: return STATS_BARRIER;
    case TEV_WAVE_NOINST: return STATS_NO_INSTRUCTION;
    case TEV_WAVE_LAUNCHING: return STATS_LAUNCHING;
    case TEV_WAVE_DRAINING: return STATS_DRAINING;
    case TEV_WAVE_HELD: return STATS_HELD;
    default: return STATS_UNIT_BUSY;
    }
}

static void close_interval(stats_t *st, stats_slot_t *sl, uint32_t simd, uint64_t now)
{
    if (sl->state == TEV_WAVE_GONE)
        return;
    uint64_t n = simd_slots(sl->since, now, simd, st->simds);
    if (sl->state == TEV_WAVE_ELIGIBLE) {
        uint64_t issued = sl->issued < n ? sl->issued : n;
        st->slot_counts[STATS_ISSUED] += issued;
        st->slot_counts[STATS_UNIT_BUSY] += n - issued;
    } else {
        st->slot_counts[slot_kind(sl->state)] += n;
    }
}

static void resident_change(stats_t *st, uint32_t cu, uint32_t simd, int delta, uint64_t now)
{
    size_t i = (size_t)cu * st->simds + simd;
    if (now > st->resident_since[i]) {
        st->resident_area[i] += (uint64_t)st->resident[i] * (now - st->resident_since[i]);
        st->resident_since[i] = now;
    }
    st->resident[i] = (uint32_t)((int)st->resident[i] + delta);
    uint32_t on_cu = 0;
    for (uint32_t d = 0; d < st->simds; d++)
        on_cu += st->resident[(size_t)cu * st->simds + d];
    if (on_cu > st->max_resident_cu)
        st->max_resident_cu = on_cu;
}

static void limiter_close(stats_t *st, uint32_t cu, uint64_t now)
{
    if (!st->lim_valid[cu] || now <= st->lim_since[cu])
        return;
    uint64_t n = now - st->lim_since[cu];
    switch (st->lim_state[cu]) {
    case TEV_CU_REFUSED: st->refused[st->lim_res[cu]] += n; break;
    case TEV_CU_NO_WORK: st->no_work += n; break;
    case TEV_CU_LAUNCH_LIMITED: st->launch_limited += n; break;
    default: break;
    }
    st->lim_since[cu] = now;
}

void stats_observe(void *ctx, const tev_t *ev)
{
    stats_t *st = ctx;
    switch (ev->kind) {
    case TEV_WAVE_STATE: {
        stats_slot_t *sl = &st->slot[((size_t)ev->cu * st->simds + ev->simd) * st->slots + ev->slot];
        close_interval(st, sl, ev->simd, ev->cycle);
        bool was = sl->state != TEV_WAVE_GONE, is = ev->u.wave_state != TEV_WAVE_GONE;
        if (was != is)
            resident_change(st, ev->cu, ev->simd, is ? 1 : -1, ev->cycle);
        sl->state = ev->u.wave_state;
        sl->since = ev->cycle;
        sl->issued = 0;
        break;
    }
    case TEV_ISSUE: {
        st->slot[((size_t)ev->cu * st->simds + ev->simd) * st->slots + ev->slot].issued++;
        st->insts[ev->u.issue.unit]++;
        st->valu_busy[(size_t)ev->cu * st->simds + ev->simd] += ev->u.issue.busy;
        break;
    }
    case TEV_WG_START:
        st->workgroups++;
        st->waves += ev->u.wg_info.waves;
        break;
    case TEV_WG_END:
        break;
    case TEV_CU_LIMITER:
        limiter_close(st, ev->cu, ev->cycle);
        st->lim_valid[ev->cu] = true;
        st->lim_state[ev->cu] = ev->u.limiter.state;
        st->lim_res[ev->cu] = ev->u.limiter.resource;
        if (ev->cycle > st->lim_since[ev->cu])
            st->lim_since[ev->cu] = ev->cycle;
        break;
    case TEV_END:
        st->cycles = ev->cycle;
        st->ended = true;
        for (uint32_t cu = 0; cu < st->ncu; cu++) {
            limiter_close(st, cu, ev->cycle);
            for (uint32_t d = 0; d < st->simds; d++) {
                resident_change(st, cu, d, 0, ev->cycle);
                for (uint32_t k = 0; k < st->slots; k++) {
                    stats_slot_t *sl = &st->slot[((size_t)cu * st->simds + d) * st->slots + k];
                    close_interval(st, sl, d, ev->cycle);
                    sl->state = TEV_WAVE_GONE;
                }
            }
        }
        break;
    }
}

/* ---- output ------------------------------------------------------------------------------------ */

static const char *const slot_kind_names[STATS_NUM_SLOT_KINDS] = {
    "issued", "vmcnt", "lgkmcnt", "barrier", "unit_busy", "no_instruction", "launching", "draining", "held"
};

static uint64_t total_insts(const stats_t *st)
{
    uint64_t n = 0;
    for (int u = 0; u < ISA_NUM_UNITS; u++)
        n += st->insts[u];
    return n;
}

static double measured_waves_per_simd(const stats_t *st)
{
    uint64_t area = 0;
    for (size_t i = 0; i < (size_t)st->ncu * st->simds; i++)
        area += st->resident_area[i];
    double denom = (double)st->cycles * st->ncu * st->simds;
    return denom > 0 ? (double)area / denom : 0.0;
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

static const char *unit_key(isa_unit_t u)
{
    static const char *const k[ISA_NUM_UNITS] = { "salu", "smem", "valu", "vmem", "lds", "branch", "seq" };
    return k[u];
}

void stats_print(const stats_t *st, const launch_t *L, const cfg_t *cfg, const timing_result_t *res, FILE *out)
{
    const occ_result_t *o = &res->occ;
    uint64_t n = total_insts(st);
    fprintf(out, "kernel        %s\n", L->kernel->name);
    fprintf(out, "grid          %" PRIu32 " x %" PRIu32 " x %" PRIu32 " work-items, workgroup %" PRIu32 " x %" PRIu32
            " x %" PRIu32 "\n", L->wl->grid[0], L->wl->grid[1], L->wl->grid[2], L->wl->wg[0], L->wl->wg[1], L->wl->wg[2]);
    fprintf(out, "machine       %" PRIu32 " CU x %" PRIu32 " SIMDs, %s memory, dispatch %s\n", st->ncu, st->simds,
            "ideal", cfg->dispatch_release == CFG_RELEASE_WAVE ? "release per wave" : "release per workgroup");
    fprintf(out, "cycles        %" PRIu64 " (%.3f us at %" PRId64 " MHz)\n", st->cycles,
            (double)st->cycles / (double)cfg->gpu_clock_mhz, cfg->gpu_clock_mhz);
    fprintf(out, "workgroups    %" PRIu64 ", waves %" PRIu64 "\n", st->workgroups, st->waves);
    fprintf(out, "instructions  %" PRIu64 " (IPC %.3f per CU):", n, ratio(n, st->cycles) / st->ncu);
    for (int u = 0; u < ISA_NUM_UNITS; u++)
        fprintf(out, " %s %" PRIu64, isa_unit_name((isa_unit_t)u), st->insts[u]);
    fputc('\n', out);
    fprintf(out, "VALU busy    ");
    for (uint32_t cu = 0; cu < st->ncu && cu < 4; cu++)
        for (uint32_t d = 0; d < st->simds; d++)
            fprintf(out, " cu%" PRIu32 ".simd%" PRIu32 " %.1f%%", cu, d,
                    100.0 * ratio(st->valu_busy[(size_t)cu * st->simds + d], st->cycles));
    if (st->ncu > 4)
        fprintf(out, " ...");
    fputc('\n', out);
    uint64_t slots = 0;
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        slots += st->slot_counts[k];
    fprintf(out, "issue slots   %" PRIu64 ":", slots);
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        fprintf(out, " %s %.1f%%", slot_kind_names[k], 100.0 * ratio(st->slot_counts[k], slots));
    fputc('\n', out);
    fprintf(out, "occupancy     theoretical %.2f waves/SIMD (%.0f%%, %" PRIu32 " workgroups/CU, limited by %s); "
            "measured %.2f waves/SIMD, at most %" PRIu32 " waves on a CU\n",
            o->waves_per_simd, 100.0 * o->occupancy, o->wg_per_cu, occ_resource_name(o->limiter),
            measured_waves_per_simd(st), st->max_resident_cu);
    fprintf(out, "dispatch      CU-cycles with a free wave slot: no work %" PRIu64 ", launch-limited %" PRIu64,
            st->no_work, st->launch_limited);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        fprintf(out, ", %s %" PRIu64, occ_resource_name((occ_resource_t)r), st->refused[r]);
    fputc('\n', out);
}

void stats_write_json(const stats_t *st, const launch_t *L, const cfg_t *cfg, const timing_result_t *res, FILE *out)
{
    const occ_result_t *o = &res->occ;
    uint64_t n = total_insts(st);
    fprintf(out, "{\n  \"schema_version\": 1,\n  \"kernel\": \"%s\",\n", L->kernel->name);
    fprintf(out, "  \"grid\": [%" PRIu32 ", %" PRIu32 ", %" PRIu32 "],\n  \"workgroup\": [%" PRIu32 ", %" PRIu32 ", %" PRIu32 "],\n",
            L->wl->grid[0], L->wl->grid[1], L->wl->grid[2], L->wl->wg[0], L->wl->wg[1], L->wl->wg[2]);
    fprintf(out, "  \"compute_units\": %" PRIu32 ",\n  \"cycles\": %" PRIu64 ",\n", st->ncu, st->cycles);
    fprintf(out, "  \"instructions\": {\"total\": %" PRIu64, n);
    for (int u = 0; u < ISA_NUM_UNITS; u++)
        fprintf(out, ", \"%s\": %" PRIu64, unit_key((isa_unit_t)u), st->insts[u]);
    fprintf(out, "},\n  \"ipc\": %.6f,\n", ratio(n, st->cycles));
    fprintf(out, "  \"waves\": %" PRIu64 ",\n  \"workgroups\": %" PRIu64 ",\n", st->waves, st->workgroups);
    fprintf(out, "  \"valu_busy\": [");
    for (uint32_t cu = 0; cu < st->ncu; cu++) {
        fprintf(out, "%s[", cu ? ", " : "");
        for (uint32_t d = 0; d < st->simds; d++)
            fprintf(out, "%s%.6f", d ? ", " : "", ratio(st->valu_busy[(size_t)cu * st->simds + d], st->cycles));
        fputc(']', out);
    }
    fprintf(out, "],\n  \"issue_slots\": {");
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        fprintf(out, "%s\"%s\": %" PRIu64, k ? ", " : "", slot_kind_names[k], st->slot_counts[k]);
    fprintf(out, "},\n  \"occupancy\": {\"theoretical_waves_per_simd\": %.6f, \"theoretical\": %.6f, "
            "\"limiter\": \"%s\", \"workgroups_per_cu\": %" PRIu32 ", \"waves_per_workgroup\": %" PRIu32 ", \"limits\": {",
            o->waves_per_simd, o->occupancy, occ_resource_name(o->limiter), o->wg_per_cu, o->waves_per_wg);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++) {
        if (o->wg_limit[r] == UINT32_MAX)
            fprintf(out, "%s\"%s\": null", r ? ", " : "", occ_resource_name((occ_resource_t)r));
        else
            fprintf(out, "%s\"%s\": %" PRIu32, r ? ", " : "", occ_resource_name((occ_resource_t)r), o->wg_limit[r]);
    }
    fprintf(out, "}, \"measured_waves_per_simd\": %.6f, \"max_waves_per_cu\": %" PRIu32 "},\n",
            measured_waves_per_simd(st), st->max_resident_cu);
    fprintf(out, "  \"dispatch_limiter\": {\"no_work\": %" PRIu64 ", \"launch_limited\": %" PRIu64, st->no_work,
            st->launch_limited);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        fprintf(out, ", \"%s\": %" PRIu64, occ_resource_name((occ_resource_t)r), st->refused[r]);
    fprintf(out, "},\n  \"config\": {\"mem_model\": \"ideal\", \"release\": \"%s\", \"clock_mhz\": %" PRId64 "}\n}\n",
            cfg->dispatch_release == CFG_RELEASE_WAVE ? "wave" : "workgroup", cfg->gpu_clock_mhz);
}

/* stats_pc: the output of the statistics observer's finer views — latency hiding per s_waitcnt,
 * the per-instruction table, wave and workgroup lifetimes — in the text report and the JSON, and
 * the one-row-per-run CSV for sweeps. The accounting itself is in stats.c. */
#include "base/fileio.h"
#include "observe/json_out.h"
#include "observe/stats.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

static const char *const kind_keys[STATS_NUM_SLOT_KINDS] = {
    "issued", "vmcnt", "lgkmcnt", "barrier", "unit_busy", "no_instruction", "launching", "draining", "held"
};

/* ---- distributions ----------------------------------------------------------------------------- */

/* The smallest and largest value of fine bucket i (the inverse of stats.c's bucketing). */
static uint64_t bucket_lo(unsigned i)
{
    if (i < 16)
        return i;
    unsigned e = (i - 16) / 16 + 4, sub = (i - 16) % 16;
    return (uint64_t)(16 + sub) << (e - 4);
}

static uint64_t bucket_hi(unsigned i)
{
    if (i < 16)
        return i;
    unsigned e = (i - 16) / 16 + 4, sub = (i - 16) % 16;
    return ((uint64_t)(16 + sub + 1) << (e - 4)) - 1;
}

uint64_t stats_dist_percentile(const stats_dist_t *d, unsigned p)
{
    if (d->n == 0)
        return 0;
    /* The rank-th smallest value, rank = ceil(p% of n), at least 1. */
    uint64_t rank = (d->n * p + 99) / 100;
    if (rank == 0)
        rank = 1;
    uint64_t seen = 0;
    for (unsigned i = 0; i < STATS_DIST_BUCKETS; i++) {
        seen += d->bucket[i];
        if (seen >= rank) {
            uint64_t v = bucket_hi(i);
            return v < d->min ? d->min : v > d->max ? d->max : v;
        }
    }
    return d->max;
}

double stats_dist_mean(const stats_dist_t *d) { return d->n ? (double)d->sum / (double)d->n : 0.0; }

/* Power-of-two histogram: bucket 0 holds 0 and 1, bucket k >= 1 holds [2^k, 2^(k+1) - 1]. */
static void log2_hist(const stats_dist_t *d, uint64_t h[64])
{
    memset(h, 0, 64 * sizeof *h);
    for (unsigned i = 0; i < STATS_DIST_BUCKETS; i++) {
        uint64_t lo = bucket_lo(i);
        unsigned k = 0;
        while (k < 63 && lo >> (k + 1))
            k++;
        h[k] += d->bucket[i];
    }
}

static uint64_t log2_from(unsigned k) { return k ? (uint64_t)1 << k : 0; }
static uint64_t log2_to(unsigned k) { return k >= 63 ? UINT64_MAX : ((uint64_t)1 << (k + 1)) - 1; }

/* ---- helpers ----------------------------------------------------------------------------------- */

static const isa_inst_t *inst_at(const launch_t *L, uint32_t i) { return launch_inst(L, i, NULL); }

/* The instruction's text; with several kernels prefixed by its kernel's name, since byte PCs repeat. */
static void format_inst(const launch_t *L, uint32_t i, char *buf, size_t len)
{
    const isa_kernel_t *k;
    const isa_inst_t *in = launch_inst(L, i, &k);
    if (!in) {
        snprintf(buf, len, "?");
        return;
    }
    size_t at = 0;
    if (L->nkernels > 1) {
        snprintf(buf, len, "%s: ", k->name);
        at = strlen(buf);
    }
    isa_format_inst(k, in, buf + at, len - at);
}

static uint32_t byte_pc(const launch_t *L, uint32_t i)
{
    const isa_inst_t *in = inst_at(L, i);
    return in ? in->pc : 0;
}

/* The s_waitcnt instructions that were executed or waited on, for the by-PC latency table. */
static bool is_wait_row(const stats_t *st, const launch_t *L, uint32_t i)
{
    const isa_inst_t *in = inst_at(L, i);
    return st->pc[i].waited > 0 || (in && in->op == ISA_s_waitcnt && st->pc[i].execs > 0);
}

static bool is_pc_row(const stats_t *st, uint32_t i)
{
    if (st->pc[i].execs)
        return true;
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        if (st->pc[i].slots[k])
            return true;
    return false;
}

/* ---- text report ------------------------------------------------------------------------------- */

void stats_print_detail(const stats_t *st, const launch_t *L, FILE *out)
{
    char text[128];
    uint64_t waited = st->hidden + st->exposed;
    fprintf(out, "latency hiding s_waitcnt slots %" PRIu64 ": hidden %" PRIu64 " (%.1f%%), exposed %" PRIu64
            " (a VALU instruction of another wave issued on the SIMD in the slot, or not)\n",
            waited, st->hidden, 100.0 * stats_ratio(st->hidden, waited), st->exposed);
    for (uint32_t i = 0; i < st->npc; i++)
        if (is_wait_row(st, L, i)) {
            format_inst(L, i, text, sizeof text);
            fprintf(out, "  pc 0x%04" PRIx32 "  %-28s waited %" PRIu64 " slots, %.1f%% hidden\n", byte_pc(L, i),
                    text, st->pc[i].waited, 100.0 * stats_ratio(st->pc[i].hidden, st->pc[i].waited));
        }
    const stats_dist_t *w = &st->wave_life, *g = &st->wg_life;
    fprintf(out, "wave lifetime  %" PRIu64 " waves, cycles min %" PRIu64 " mean %.1f max %" PRIu64 ";", w->n,
            w->min, stats_dist_mean(w), w->max);
    uint64_t h[64];
    log2_hist(w, h);
    for (unsigned k = 0; k < 64; k++)
        if (h[k])
            fprintf(out, " [%" PRIu64 ", %" PRIu64 "] %" PRIu64, log2_from(k), log2_to(k), h[k]);
    fputc('\n', out);
    fprintf(out, "wg lifetime    %" PRIu64 " workgroups, cycles min %" PRIu64 " p50 %" PRIu64 " p90 %" PRIu64
            " max %" PRIu64 " mean %.1f\n", g->n, g->min, stats_dist_percentile(g, 50),
            stats_dist_percentile(g, 90), g->max, stats_dist_mean(g));
    if (!st->per_pc)
        return;
    fprintf(out, "per instruction (avg: mean cycles since the wave's previous issue; then its issue slots by kind; "
            "mem lat: mean issue-to-data cycles of a memory instruction)\n");
    fprintf(out, "  %6s %10s %8s", "pc", "execs", "avg");
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        fprintf(out, " %10.10s", kind_keys[k]);
    fprintf(out, " %9s  instruction\n", "mem lat");
    for (uint32_t i = 0; i < st->npc; i++) {
        if (!is_pc_row(st, i))
            continue;
        const stats_pc_t *p = &st->pc[i];
        format_inst(L, i, text, sizeof text);
        fprintf(out, "  0x%04" PRIx32 " %10" PRIu64 " %8.2f", byte_pc(L, i), p->execs, stats_ratio(p->cycles, p->execs));
        for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
            fprintf(out, " %10" PRIu64, p->slots[k]);
        if (p->mem_count)
            fprintf(out, " %9.1f", stats_ratio(p->mem_latency, p->mem_count));
        else
            fprintf(out, " %9s", "-");
        fprintf(out, "  %s\n", text);
    }
}

/* ---- JSON -------------------------------------------------------------------------------------- */

void stats_json_detail(const stats_t *st, const launch_t *L, FILE *out)
{
    char text[128];
    uint64_t waited = st->hidden + st->exposed;
    fprintf(out, "  \"latency_hiding\": {\"hidden\": %" PRIu64 ", \"exposed\": %" PRIu64 ", \"hidden_fraction\": %.6f, "
            "\"by_pc\": [", st->hidden, st->exposed, stats_ratio(st->hidden, waited));
    bool first = true;
    for (uint32_t i = 0; i < st->npc; i++) {
        if (!is_wait_row(st, L, i))
            continue;
        format_inst(L, i, text, sizeof text);
        fprintf(out, "%s\n    {\"pc\": %" PRIu32 ", \"index\": %" PRIu32 ", \"waited\": %" PRIu64 ", \"hidden\": %" PRIu64
                ", \"hidden_fraction\": %.6f, \"instruction\": ", first ? "" : ",", byte_pc(L, i), i, st->pc[i].waited,
                st->pc[i].hidden, stats_ratio(st->pc[i].hidden, st->pc[i].waited));
        jout_string(out, text);
        fputc('}', out);
        first = false;
    }
    fputs(first ? "]},\n" : "\n  ]},\n", out);
    if (st->per_pc) {
        fputs("  \"per_pc\": [", out);
        first = true;
        for (uint32_t i = 0; i < st->npc; i++) {
            if (!is_pc_row(st, i))
                continue;
            const stats_pc_t *p = &st->pc[i];
            format_inst(L, i, text, sizeof text);
            fprintf(out, "%s\n    {\"pc\": %" PRIu32 ", \"index\": %" PRIu32 ", \"executions\": %" PRIu64
                    ", \"avg_cycles\": %.6f, \"slots\": {", first ? "" : ",", byte_pc(L, i), i, p->execs,
                    stats_ratio(p->cycles, p->execs));
            for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
                fprintf(out, "%s\"%s\": %" PRIu64, k ? ", " : "", kind_keys[k], p->slots[k]);
            if (p->mem_count)
                fprintf(out, "}, \"mem_latency\": %.6f, \"instruction\": ", stats_ratio(p->mem_latency, p->mem_count));
            else
                fputs("}, \"mem_latency\": null, \"instruction\": ", out);
            jout_string(out, text);
            fputc('}', out);
            first = false;
        }
        fputs(first ? "],\n" : "\n  ],\n", out);
    }
    const stats_dist_t *w = &st->wave_life, *g = &st->wg_life;
    fprintf(out, "  \"wave_lifetime\": {\"count\": %" PRIu64 ", \"min\": %" PRIu64 ", \"mean\": %.6f, \"max\": %" PRIu64
            ", \"histogram\": [", w->n, w->min, stats_dist_mean(w), w->max);
    uint64_t h[64];
    log2_hist(w, h);
    first = true;
    for (unsigned k = 0; k < 64; k++)
        if (h[k]) {
            fprintf(out, "%s{\"from\": %" PRIu64 ", \"to\": %" PRIu64 ", \"count\": %" PRIu64 "}", first ? "" : ", ",
                    log2_from(k), log2_to(k), h[k]);
            first = false;
        }
    fprintf(out, "]},\n  \"workgroup_lifetime\": {\"count\": %" PRIu64 ", \"min\": %" PRIu64 ", \"mean\": %.6f, "
            "\"max\": %" PRIu64 ", \"p50\": %" PRIu64 ", \"p90\": %" PRIu64 "},\n", g->n, g->min, stats_dist_mean(g), g->max,
            stats_dist_percentile(g, 50), stats_dist_percentile(g, 90));
}

/* ---- CSV --------------------------------------------------------------------------------------- */

static const char csv_header[] =
    "workload,kernel,grid_x,grid_y,grid_z,workgroup_x,workgroup_y,workgroup_z,compute_units,simds,wave_slots,"
    "sched_policy,mem_model,mem_latency,mem_bytes_per_cycle,dispatch_order,dispatch_release,clock_mhz,"
    "cycles,instructions,valu_instructions,ipc,waves,workgroups,occupancy_theoretical,occupancy_measured,"
    "limiter,issued_fraction,valu_busy,hidden,exposed,hidden_fraction,wave_lifetime_mean,"
    "workgroup_lifetime_p50,workgroup_lifetime_p90,";

/* A field quoted as RFC 4180 asks when it holds a comma, a quote or a line break. */
static void csv_str(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* The name of choice `index` of an enum configuration key. */
static void cfg_choice(const char *section, const char *key, int index, FILE *f)
{
    for (unsigned i = 0; i < cfg_nkeys; i++) {
        if (strcmp(cfg_keys[i].section, section) != 0 || strcmp(cfg_keys[i].key, key) != 0)
            continue;
        const char *p = cfg_keys[i].choices;
        for (int n = 0; n < index && p; n++)
            if ((p = strchr(p, '|')))
                p++;
        if (p)
            fprintf(f, "%.*s", (int)strcspn(p, "|"), p);
        return;
    }
}

static double waves_per_simd(const stats_t *st)
{
    uint64_t area = 0;
    for (size_t i = 0; i < (size_t)st->ncu * st->simds; i++)
        area += st->resident_area[i];
    return stats_ratio(area, st->cycles * st->ncu * st->simds);
}

int stats_write_csv(const stats_t *st, const launch_t *L, const cfg_t *cfg, const timing_result_t *res,
                    const char *path, FILE *err)
{
    fio_out_t o;
    char msg[256];
    if (!fio_out_open_append(&o, path, msg, sizeof msg)) {
        fprintf(err, "gcnsim: error: cannot write '%s': %s\n", path, msg);
        return 1;
    }
    FILE *f = o.f;
    if (ftell(f) == 0)
        fprintf(f, "%s%s\n", csv_header, stats_mem_csv_header);
    uint64_t n = 0, slots = 0, busy = 0;
    for (int u = 0; u < ISA_NUM_UNITS; u++)
        n += st->insts[u];
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        slots += st->slot_counts[k];
    for (size_t i = 0; i < (size_t)st->ncu * st->simds; i++)
        busy += st->valu_busy[i];
    const wl_workload_t *wl = L->wl;
    csv_str(f, wl->path);
    fputc(',', f);
    const wl_dispatch_t *wd = &wl->dispatches[0];
    csv_str(f, L->dispatches[0].kernel->name);
    fprintf(f, ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRId64 ",%" PRId64 ",%" PRId64 ",",
            wd->grid[0], wd->grid[1], wd->grid[2], wd->wg[0], wd->wg[1], wd->wg[2], cfg->gpu_compute_units,
            cfg->cu_simds, cfg->cu_wave_slots);
    cfg_choice("sched", "policy", cfg->sched_policy, f);
    fputc(',', f);
    cfg_choice("mem", "model", cfg->mem_model, f);
    fprintf(f, ",%" PRId64 ",%" PRId64 ",", cfg->mem_latency, cfg->mem_bytes_per_cycle);
    cfg_choice("dispatch", "order", cfg->dispatch_order, f);
    fputc(',', f);
    cfg_choice("dispatch", "release", cfg->dispatch_release, f);
    fprintf(f, ",%" PRId64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.6f,%" PRIu64 ",%" PRIu64 ",%.6f,%.6f,%s,%.6f,%.6f,",
            cfg->gpu_clock_mhz, st->cycles, n, st->insts[ISA_UNIT_VALU], stats_ratio(n, st->cycles), st->waves,
            st->workgroups, res->d[0].occ.waves_per_simd, waves_per_simd(st), occ_resource_name(res->d[0].occ.limiter),
            stats_ratio(st->slot_counts[STATS_ISSUED], slots), stats_ratio(busy, st->cycles * st->ncu * st->simds));
    fprintf(f, "%" PRIu64 ",%" PRIu64 ",%.6f,%.6f,%" PRIu64 ",%" PRIu64 ",", st->hidden, st->exposed,
            stats_ratio(st->hidden, st->hidden + st->exposed), stats_dist_mean(&st->wave_life),
            stats_dist_percentile(&st->wg_life, 50), stats_dist_percentile(&st->wg_life, 90));
    stats_mem_csv(st, f);
    fputc('\n', f);
    if (!fio_out_commit(&o, msg, sizeof msg)) {
        fprintf(err, "gcnsim: error: cannot write '%s': %s\n", path, msg);
        return 1;
    }
    return 0;
}

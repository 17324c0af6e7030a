/* run_mem: the memory figures' report lines, JSON keys and CSV columns (run_mem.h). */
#include "report/run_mem.h"

#include <inttypes.h>
#include <string.h>

static const char *const level_names[MEM_NUM_CACHES] = { "l1v", "scalar", "l2" };

/* Hits over lookups; a merge waited for a line on its way, so it is not a hit. */
static double hit_rate(const stats_mem_t *m, int level)
{
    const uint64_t *c = m->count[level];
    return stats_ratio(c[CACHE_HIT], c[CACHE_HIT] + c[CACHE_MERGE] + c[CACHE_MISS]);
}

static bool ideal(const cfg_t *cfg) { return cfg->mem_model == CFG_MEM_IDEAL; }

/* Translation is part of the hierarchy (tlb.model, config.def). */
static bool xlate(const cfg_t *cfg) { return !ideal(cfg) && cfg->tlb_model == CFG_TLB_ON; }

/* DRAM bandwidth over the run, or until its last transfer if write-backs were still queued when
 * the last workgroup ended; in doubles, so no product can overflow. */
static double dram_rate(const stats_mem_t *m, uint64_t cycles)
{
    uint64_t span = m->dram_until > cycles ? m->dram_until : cycles;
    return span ? (double)m->dram_bytes / (double)span : 0.0;
}

/* The ideal model's one shared channel stands for DRAM. */
static uint64_t dram_peak(const cfg_t *cfg)
{
    return (uint64_t)(ideal(cfg) ? cfg->mem_bytes_per_cycle : cfg->dram_bytes_per_cycle * cfg->dram_channels);
}

uint64_t run_mem_dram_peak(const cfg_t *cfg) { return dram_peak(cfg); }

uint64_t run_mem_dram_latency(const cfg_t *cfg)
{
    if (ideal(cfg))
        return (uint64_t)cfg->mem_latency;
    return (uint64_t)(cfg->l1v_latency + cfg->l2_latency +
                      (cfg->dram_row_model == CFG_ROW_ON ? cfg->dram_row_miss_latency : cfg->dram_latency));
}

void run_mem_print(const stats_mem_t *m, uint64_t cycles, const cfg_t *cfg, uint64_t buffer_bytes, uint64_t l2_dirty,
                   FILE *out)
{
    const stats_dist_t *d = &m->load_latency;
    fprintf(out, "memory        %s; vector instructions %" PRIu64 " (%" PRIu64 " line requests, %.2f per instruction, "
            "coalescing %.1f%%), scalar %" PRIu64 "; address-unit stalls %" PRIu64 " cycles",
            ideal(cfg) ? "ideal" : "hierarchy", m->insts[0], m->lines, stats_ratio(m->lines, m->insts[0]),
            100.0 * stats_ratio(m->ideal_lines, m->lines), m->insts[1], m->stall);
    /* only for kernels that use buffer instructions (scratch), so other reports read as before */
    if (buffer_bytes)
        fprintf(out, "; buffer (scratch) bytes %" PRIu64, buffer_bytes);
    fputc('\n', out);
    fprintf(out, "load latency  %" PRIu64 " vector loads: mean %.1f, p50 %" PRIu64 ", p90 %" PRIu64 ", p99 %" PRIu64
            ", max %" PRIu64 " cycles\n", d->n, stats_dist_mean(d), stats_dist_percentile(d, 50),
            stats_dist_percentile(d, 90), stats_dist_percentile(d, 99), d->max);
    if (!ideal(cfg)) {
        for (int l = 0; l < MEM_NUM_CACHES; l++) {
            const uint64_t *c = m->count[l];
            fprintf(out, "%-13s hit rate %.1f%%: hits %" PRIu64 ", merges %" PRIu64 ", misses %" PRIu64 ", bypassed %"
                    PRIu64 "; %" PRIu64 " bytes\n", level_names[l], 100.0 * hit_rate(m, l), c[CACHE_HIT], c[CACHE_MERGE],
                    c[CACHE_MISS], c[CACHE_BYPASS], m->level_bytes[l]);
        }
    }
    /* only with translation on, so other reports read as before */
    if (xlate(cfg))
        fprintf(out, "tlb           l1 hit rate %.1f%%: hits %" PRIu64 ", misses %" PRIu64 "; l2 hits %" PRIu64
                ", walks %" PRIu64 "; %" PRIu64 " cycles waiting for translations\n",
                100.0 * stats_ratio(m->tlb_l1_hits, m->tlb_l1_hits + m->tlb_l1_misses), m->tlb_l1_hits, m->tlb_l1_misses,
                m->tlb_l2_hits, m->tlb_walks, m->tlb_wait);
    fprintf(out, "dram          %" PRIu64 " line %s, %" PRIu64 " %s", m->dram_reads, m->dram_reads == 1 ? "read" : "reads",
            m->dram_writes, m->dram_writes == 1 ? "write-back" : "write-backs");
    /* Stores a write-back L2 still holds when the run ends have not reached DRAM: say so, or the
     * write-backs read as if they had been lost. */
    if (l2_dirty)
        fprintf(out, " (%" PRIu64 " dirty L2 %s not yet written back at the end)", l2_dirty, l2_dirty == 1 ? "line" : "lines");
    fprintf(out, ", %" PRIu64 " bytes; %.2f bytes/cycle = %.1f%% of the %" PRIu64 " bytes/cycle peak", m->dram_bytes,
            dram_rate(m, cycles), 100.0 * dram_rate(m, cycles) / (double)dram_peak(cfg), dram_peak(cfg));
    if (cfg->dram_row_model == CFG_ROW_ON)
        fprintf(out, "; row hits %" PRIu64 ", row misses %" PRIu64, m->row_hits, m->row_misses);
    fputc('\n', out);
}

void run_mem_json(const stats_mem_t *m, uint64_t cycles, const cfg_t *cfg, uint64_t buffer_bytes, uint64_t l2_dirty,
                  FILE *out)
{
    const stats_dist_t *d = &m->load_latency;
    fprintf(out, "  \"memory\": {\"model\": \"%s\", \"vector_instructions\": %" PRIu64 ", \"scalar_instructions\": %" PRIu64
            ", \"lines\": %" PRIu64 ", \"ideal_lines\": %" PRIu64 ", \"lines_per_instruction\": %.6f, "
            "\"coalescing\": %.6f, \"address_unit_stall_cycles\": %" PRIu64 ", \"buffer_bytes\": %" PRIu64 ",\n",
            ideal(cfg) ? "ideal" : "hierarchy", m->insts[0], m->insts[1], m->lines, m->ideal_lines,
            stats_ratio(m->lines, m->insts[0]), stats_ratio(m->ideal_lines, m->lines), m->stall, buffer_bytes);
    fprintf(out, "    \"load_latency\": {\"count\": %" PRIu64 ", \"mean\": %.6f, \"min\": %" PRIu64 ", \"p50\": %" PRIu64
            ", \"p90\": %" PRIu64 ", \"p99\": %" PRIu64 ", \"max\": %" PRIu64 "}},\n", d->n, stats_dist_mean(d), d->min,
            stats_dist_percentile(d, 50), stats_dist_percentile(d, 90), stats_dist_percentile(d, 99), d->max);
    fputs("  \"cache\": {", out);
    for (int l = 0; l < MEM_NUM_CACHES; l++) {
        const uint64_t *c = m->count[l];
        fprintf(out, "%s\n    \"%s\": {\"hit_rate\": %.6f, \"hits\": %" PRIu64 ", \"merges\": %" PRIu64 ", \"misses\": %"
                PRIu64 ", \"bypassed\": %" PRIu64 ", \"bytes\": %" PRIu64 "}", l ? "," : "", level_names[l],
                hit_rate(m, l), c[CACHE_HIT], c[CACHE_MERGE], c[CACHE_MISS], c[CACHE_BYPASS], m->level_bytes[l]);
    }
    fprintf(out, "\n  },\n  \"dram\": {\"line_reads\": %" PRIu64 ", \"write_backs\": %" PRIu64 ", \"l2_dirty_lines\": %" PRIu64
            ", \"bytes\": %" PRIu64
            ", \"bytes_per_cycle\": %.6f, \"peak_bytes_per_cycle\": %" PRIu64 ", \"utilisation\": %.6f, "
            "\"row_hits\": %" PRIu64 ", \"row_misses\": %" PRIu64 "},\n", m->dram_reads, m->dram_writes, l2_dirty, m->dram_bytes,
            dram_rate(m, cycles), dram_peak(cfg), dram_rate(m, cycles) / (double)dram_peak(cfg), m->row_hits, m->row_misses);
    fprintf(out, "  \"tlb\": {\"model\": \"%s\", \"l1_hits\": %" PRIu64 ", \"l1_misses\": %" PRIu64 ", \"l1_hit_rate\": %.6f, "
            "\"l2_hits\": %" PRIu64 ", \"walks\": %" PRIu64 ", \"wait_cycles\": %" PRIu64 "},\n", xlate(cfg) ? "on" : "off",
            m->tlb_l1_hits, m->tlb_l1_misses, stats_ratio(m->tlb_l1_hits, m->tlb_l1_hits + m->tlb_l1_misses), m->tlb_l2_hits,
            m->tlb_walks, m->tlb_wait);
}

const char run_mem_csv_header[] =
    "l1v_hit_rate,scalar_hit_rate,l2_hit_rate,dram_bytes,dram_bytes_per_cycle,load_latency_mean,coalescing";

void run_mem_csv(const stats_mem_t *m, uint64_t cycles, FILE *out)
{
    fprintf(out, "%.6f,%.6f,%.6f,%" PRIu64 ",%.6f,%.6f,%.6f", hit_rate(m, MEM_L1V), hit_rate(m, MEM_SCALAR),
            hit_rate(m, MEM_L2), m->dram_bytes, dram_rate(m, cycles), stats_dist_mean(&m->load_latency),
            stats_ratio(m->ideal_lines, m->lines));
}

/* run_mem: the memory figures' report lines, JSON keys and CSV columns (run_mem.h). */
#include "report/run_mem.h"

#include <inttypes.h>
#include <string.h>

static const char *const level_names[MEM_NUM_CACHES] = { "l1v", "scalar", "l2" };

/* Hits over lookups; a merge waited for a line on its way, so it is not a hit. */
static double outcome_rate(const uint64_t *c)
{
    return stats_ratio(c[CACHE_HIT], c[CACHE_HIT] + c[CACHE_MERGE] + c[CACHE_MISS]);
}

static double hit_rate(const stats_mem_t *m, int level) { return outcome_rate(m->count[level]); }

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
        /* only with several XCDs or an Infinity Cache, so other reports read as before */
        if (cfg->gpu_xcds > 1) {
            fputs("l2 by xcd     hit rate", out);
            for (int64_t x = 0; x < cfg->gpu_xcds && x < MEM_MAX_XCDS; x++)
                fprintf(out, "%s %" PRId64 ": %.1f%%", x ? "," : "", x, 100.0 * outcome_rate(m->xcd_l2[x]));
            fputc('\n', out);
        }
        if (cfg->llc_size > 0)
            fprintf(out, "%-13s hit rate %.1f%%: hits %" PRIu64 ", merges %" PRIu64 ", misses %" PRIu64 "; %" PRIu64
                    " bytes\n", "llc", 100.0 * outcome_rate(m->llc), m->llc[CACHE_HIT], m->llc[CACHE_MERGE],
                    m->llc[CACHE_MISS], m->llc_bytes);
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
                  jout_t *j)
{
    const stats_dist_t *d = &m->load_latency;
    jout_key(j, "memory");
    jout_object(j, 0);
    jout_kstr(j, "model", ideal(cfg) ? "ideal" : "hierarchy");
    jout_ku64(j, "vector_instructions", m->insts[0]);
    jout_ku64(j, "scalar_instructions", m->insts[1]);
    jout_ku64(j, "lines", m->lines);
    jout_ku64(j, "ideal_lines", m->ideal_lines);
    jout_kf6(j, "lines_per_instruction", stats_ratio(m->lines, m->insts[0]));
    jout_kf6(j, "coalescing", stats_ratio(m->ideal_lines, m->lines));
    jout_ku64(j, "address_unit_stall_cycles", m->stall);
    jout_ku64(j, "buffer_bytes", buffer_bytes);
    jout_wrap(j, true);
    jout_key(j, "load_latency");
    jout_object(j, 0);
    jout_ku64(j, "count", d->n);
    jout_kf6(j, "mean", stats_dist_mean(d));
    jout_ku64(j, "min", d->min);
    jout_ku64(j, "p50", stats_dist_percentile(d, 50));
    jout_ku64(j, "p90", stats_dist_percentile(d, 90));
    jout_ku64(j, "p99", stats_dist_percentile(d, 99));
    jout_ku64(j, "max", d->max);
    jout_end(j);
    jout_end(j);
    jout_key(j, "cache");
    jout_object(j, JOUT_WRAP | JOUT_CLOSE);
    for (int l = 0; l < MEM_NUM_CACHES; l++) {
        const uint64_t *c = m->count[l];
        jout_key(j, level_names[l]);
        jout_object(j, 0);
        jout_kf6(j, "hit_rate", hit_rate(m, l));
        jout_ku64(j, "hits", c[CACHE_HIT]);
        jout_ku64(j, "merges", c[CACHE_MERGE]);
        jout_ku64(j, "misses", c[CACHE_MISS]);
        jout_ku64(j, "bypassed", c[CACHE_BYPASS]);
        jout_ku64(j, "bytes", m->level_bytes[l]);
        jout_end(j);
    }
    jout_end(j);
    jout_key(j, "dram");
    jout_object(j, 0);
    jout_ku64(j, "line_reads", m->dram_reads);
    jout_ku64(j, "write_backs", m->dram_writes);
    jout_ku64(j, "l2_dirty_lines", l2_dirty);
    jout_ku64(j, "bytes", m->dram_bytes);
    jout_kf6(j, "bytes_per_cycle", dram_rate(m, cycles));
    jout_ku64(j, "peak_bytes_per_cycle", dram_peak(cfg));
    jout_kf6(j, "utilisation", dram_rate(m, cycles) / (double)dram_peak(cfg));
    jout_ku64(j, "row_hits", m->row_hits);
    jout_ku64(j, "row_misses", m->row_misses);
    jout_end(j);
    jout_key(j, "tlb");
    jout_object(j, 0);
    jout_kstr(j, "model", xlate(cfg) ? "on" : "off");
    jout_ku64(j, "l1_hits", m->tlb_l1_hits);
    jout_ku64(j, "l1_misses", m->tlb_l1_misses);
    jout_kf6(j, "l1_hit_rate", stats_ratio(m->tlb_l1_hits, m->tlb_l1_hits + m->tlb_l1_misses));
    jout_ku64(j, "l2_hits", m->tlb_l2_hits);
    jout_ku64(j, "walks", m->tlb_walks);
    jout_ku64(j, "wait_cycles", m->tlb_wait);
    jout_end(j);
}

const char run_mem_csv_header[] =
    "l1v_hit_rate,scalar_hit_rate,l2_hit_rate,dram_bytes,dram_bytes_per_cycle,load_latency_mean,coalescing";

void run_mem_csv(const stats_mem_t *m, uint64_t cycles, FILE *out)
{
    fprintf(out, "%.6f,%.6f,%.6f,%" PRIu64 ",%.6f,%.6f,%.6f", hit_rate(m, MEM_L1V), hit_rate(m, MEM_SCALAR),
            hit_rate(m, MEM_L2), m->dram_bytes, dram_rate(m, cycles), stats_dist_mean(&m->load_latency),
            stats_ratio(m->ideal_lines, m->lines));
}

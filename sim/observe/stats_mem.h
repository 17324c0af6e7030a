/* stats_mem: the memory system's figures — what each memory instruction did at every level
 * (TEV_MEM events, memsys.h), summed — and their report lines, JSON keys and CSV columns
 * (docs/report.md). Needs: the memory system's access record, the configuration, stats_dist. */
#ifndef GCNSIM_STATS_MEM_H
#define GCNSIM_STATS_MEM_H

#include <stdio.h>

#include "config/config.h"
#include "mem/memsys.h"
#include "observe/stats_dist.h"

typedef struct {
    uint64_t insts[2];                 /* [0] vector memory, [1] scalar memory instructions */
    uint64_t lines, ideal_lines;       /* vector: line requests, and the fewest possible */
    uint64_t stall;                    /* address-unit cycles lost to full MSHRs */
    uint64_t count[MEM_NUM_CACHES][CACHE_NUM_OUTCOMES];
    uint64_t level_bytes[MEM_NUM_CACHES];
    uint64_t dram_reads, dram_writes, dram_bytes, row_hits, row_misses;
    uint64_t dram_until;               /* the end of the last DRAM transfer */
    stats_dist_t load_latency;         /* vector loads: issue to data */
    uint64_t tlb_l1_hits, tlb_l1_misses, tlb_l2_hits, tlb_walks; /* tlb.model = on */
    uint64_t tlb_wait;                 /* cycles instructions waited for their pages' translation */
} stats_mem_t;

/* Add one memory instruction's trip; returns its issue-to-data cycles (the caller charges them to
 * the instruction). */
uint64_t stats_mem_observe(stats_mem_t *m, const mem_access_t *a);
/* `cycles`: the run's length, over which DRAM bandwidth is measured. */
/* buffer_bytes: what the buffer instructions moved (stats_pc_buffer_bytes), shown with the memory line. */
/* l2_dirty: L2 lines still dirty when the run ended (timing_result_t), named with the write-backs. */
void stats_mem_print(const stats_mem_t *m, uint64_t cycles, const cfg_t *cfg, uint64_t buffer_bytes, uint64_t l2_dirty,
                     FILE *out);
void stats_mem_json(const stats_mem_t *m, uint64_t cycles, const cfg_t *cfg, uint64_t buffer_bytes, uint64_t l2_dirty,
                    FILE *out);
extern const char stats_mem_csv_header[];
/* The peak DRAM bandwidth (mem.bytes_per_cycle, or dram.bytes_per_cycle x dram.channels), and the
 * load-to-use latency of a vector load served by DRAM on an idle machine (mem.latency, or
 * l1v.latency + l2.latency + dram.latency, dram.row_miss_latency with the row model): the CSV's
 * mem_bytes_per_cycle and mem_latency, whichever memory model the run used. */
uint64_t stats_mem_dram_peak(const cfg_t *cfg);
uint64_t stats_mem_dram_latency(const cfg_t *cfg);
void stats_mem_csv(const stats_mem_t *m, uint64_t cycles, FILE *out);

#endif

/* stats_mem: the memory system's figures — what each memory instruction did at every level
 * (TEV_MEM events, memsys.h), summed. Their report lines, JSON keys and CSV columns are
 * report/run_mem's. Needs: the memory system's access record, stats_dist. */
#ifndef GCNSIM_STATS_MEM_H
#define GCNSIM_STATS_MEM_H

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
    uint64_t xcd_l2[MEM_MAX_XCDS][CACHE_NUM_OUTCOMES]; /* L2 requests by XCD (gpu.xcds) */
    uint64_t llc[CACHE_NUM_OUTCOMES], llc_bytes;     /* the Infinity Cache (llc.size > 0) */
} stats_mem_t;

/* Add one memory instruction's trip; returns its issue-to-data cycles (the caller charges them to
 * the instruction). */
uint64_t stats_mem_observe(stats_mem_t *m, const mem_access_t *a);

#endif

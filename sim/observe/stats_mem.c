/* stats_mem: the memory system's figures, summed per event (stats_mem.h). */
#include "observe/stats_mem.h"


uint64_t stats_mem_observe(stats_mem_t *m, const mem_access_t *a)
{
    m->insts[a->scalar ? 1 : 0]++;
    if (!a->scalar) {
        m->lines += a->lines;
        m->ideal_lines += a->ideal_lines;
    }
    m->stall += a->stall;
    for (int l = 0; l < MEM_NUM_CACHES; l++) {
        for (int o = 0; o < CACHE_NUM_OUTCOMES; o++)
            m->count[l][o] += a->count[l][o];
        m->level_bytes[l] += a->level_bytes[l];
    }
    m->dram_reads += a->dram_reads;
    m->dram_writes += a->dram_writes;
    m->dram_bytes += a->dram_bytes;
    m->row_hits += a->dram_row_hits;
    m->row_misses += a->dram_row_misses;
    m->tlb_l1_hits += a->tlb.l1_hits;
    m->tlb_l1_misses += a->tlb.l1_misses;
    m->tlb_l2_hits += a->tlb.l2_hits;
    m->tlb_walks += a->tlb.walks;
    m->tlb_wait += a->tlb_wait;
    for (int o = 0; o < CACHE_NUM_OUTCOMES; o++) {
        m->xcd_l2[a->xcd][o] += a->count[MEM_L2][o];
        m->llc[o] += a->llc[o];
    }
    m->llc_bytes += a->llc_bytes;
    if (a->dram_busy_until > m->dram_until)
        m->dram_until = a->dram_busy_until;
    uint64_t lat = a->done - a->issue;
    if (!a->scalar && a->op == CACHE_READ)
        stats_dist_add(&m->load_latency, lat);
    return lat;
}


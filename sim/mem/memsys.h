/* mem: the memory system in time — the coalescer, a vector L1 per CU, scalar caches shared by
 * groups of CUs, an L2 shared by all CUs in address-interleaved channels, and DRAM channels with
 * an optional open-row model; or, with mem.model = ideal, a fixed latency and one shared bandwidth.
 *
 * Loads return data at issue (the functional model is unchanged); this module decides only when a
 * memory instruction's data (or a store's acknowledgement) are back, and how long the CU's address
 * unit stays busy (MSHR back-pressure stalls it). Each call fills a mem_access_t describing what
 * the instruction did at every level; the timing model reports it as a TEV_MEM event and the
 * statistics count it. docs/architecture.md describes the model, docs/config.md its keys.
 * Needs: cache (the levels), cfg, isa (instruction flags, execution results). */
#ifndef GCNSIM_MEMSYS_H
#define GCNSIM_MEMSYS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "mem/cache.h"
#include "mem/tlb.h"
#include "config/config.h"
#include "isa_exec.h"

typedef enum { MEM_L1V, MEM_SCALAR, MEM_L2, MEM_NUM_CACHES } mem_cache_level_t;

/* What one memory instruction did. */
typedef struct mem_access {
    bool scalar;               /* SMEM (else a vector memory instruction) */
    cache_op_t op;
    uint32_t lines;            /* line requests after coalescing */
    uint32_t ideal_lines;      /* the fewest lines its distinct bytes could occupy */
    uint64_t bytes;            /* bytes requested: active lanes x bytes per lane */
    uint64_t issue, done;      /* issue cycle; data (or acknowledgement) back */
    uint64_t stall;            /* cycles its lines waited for an L1 MSHR */
    uint64_t mshr_cycles[MEM_NUM_CACHES]; /* its misses' MSHR holding times at each level, summed */
    uint32_t count[MEM_NUM_CACHES][CACHE_NUM_OUTCOMES]; /* requests at each cache level */
    uint64_t level_bytes[MEM_NUM_CACHES];               /* bytes through each level's port */
    uint32_t dram_reads, dram_writes; /* line fills; write-backs of dirty L2 lines */
    uint32_t dram_row_hits, dram_row_misses; /* dram.row_model = on */
    uint64_t dram_bytes;
    uint64_t dram_busy_until;  /* the end of the last DRAM transfer it caused */
    tlb_counts_t tlb;          /* tlb.model = on: its pages' translations */
    uint64_t tlb_wait;         /* cycles from issue until its last page was translated */
    /* Not in the binary trace (as the TLB's figures): */
    uint32_t xcd;              /* the XCD of its CU, whose L2 count[MEM_L2] is (gpu.xcds) */
    uint32_t llc[CACHE_NUM_OUTCOMES]; /* requests at the Infinity Cache (llc.size > 0) */
    uint64_t llc_bytes;       /* bytes through its ports */
} mem_access_t;

enum { MEM_MAX_XCDS = 16 };    /* gpu.xcds at most (config.def) */

typedef struct {
    uint64_t bytes;            /* bandwidth clock in bytes (cycle x bytes_per_cycle) */
    uint64_t *open_row;        /* [banks], UINT64_MAX when closed (row model) */
} mem_dram_channel_t;

/* A vector memory instruction in a CU's address unit: its lines, and how far the L1 took them. */
typedef struct {
    uint32_t cu;
    uint64_t ta;               /* cycles the address unit needs for its lanes */
    uint32_t n, next;          /* lines, and the next one to hand to the L1 */
    uint64_t prev;             /* when the previous line was accepted */
    uint64_t lines[128];
    uint32_t used[128];        /* bytes of each line the lanes access */
    uint64_t xready[128];      /* tlb.model = on: when each line's page is translated */
    mem_access_t acc;
} mem_vreq_t;

struct mem;
/* One XCD's view of the memory system: the next-level context of its CUs' L1s and scalar caches,
 * which sends their misses to this XCD's L2. */
typedef struct {
    struct mem *m;
    uint32_t index;
} mem_xcd_t;

typedef struct mem {
    const cfg_t *cfg;
    bool ideal;
    uint32_t ncu, line_bytes;
    cache_t *l1v;              /* [ncu] */
    mem_vreq_t *vreq;          /* [ncu] each CU's address unit */
    cache_t *scalar;           /* [nxcd x scalar_per_xcd]: XCD x's CUs in groups of scalar.cus_per_cache */
    cache_t *l2;               /* [gpu.xcds * l2.channels]: XCD x's channels from x * nl2 */
    mem_dram_channel_t *dram;  /* [dram.channels] */
    uint32_t nscalar, nl2, ndram;
    uint32_t nxcd, cus_per_xcd; /* gpu.xcds; the CUs of each */
    uint32_t scalar_per_xcd;   /* its scalar caches: cus_per_xcd / scalar.cus_per_cache, rounded up */
    mem_xcd_t *xcd;            /* [nxcd] */
    cache_t *llc;             /* [dram.channels] the Infinity Cache's slices; NULL when llc.size = 0 */
    uint64_t ideal_bytes;      /* ideal model: bandwidth clock of the shared channel */
    mem_access_t *cur;         /* the record of the instruction being processed */
    bool xlate;                /* tlb.model = on (with the hierarchy) */
    tlb_sys_t tlb;
} mem_t;

/* Check the memory keys of cfg (cache geometry, channel interleave, the TLBs); messages on err as
 * "configuration: error: ..."; returns the number of problems. */
int mem_config_problems(const cfg_t *cfg, FILE *err);
/* Returns 0, or 3 when out of memory. cfg must be valid. */
int mem_init(mem_t *m, const cfg_t *cfg, uint32_t ncu);
void mem_free(mem_t *m);

/* A vector memory instruction of CU `cu` issued at cycle c with the execution result `res`.
 * Returns true when the L1 took all its lines: *a is its record (a->done: data back) and *at the
 * cycle the CU's address unit is free again. Returns false when a line cannot go to the L1 yet (it
 * arrives later, or the port or the MSHRs are busy): the address unit stays busy, and
 * mem_vector_resume must be called at cycle *at (and again, until it returns true). The record
 * stays valid until the CU's next vector memory instruction. */
bool mem_vector(mem_t *m, uint32_t cu, const isa_op_info_t *info, const isa_exec_result_t *res, uint64_t c,
                const mem_access_t **a, uint64_t *at);
bool mem_vector_resume(mem_t *m, uint32_t cu, uint64_t now, const mem_access_t **a, uint64_t *at);
/* The first cycle >= c at which CU `cu` may issue a scalar load: while every MSHR of its scalar
 * cache is busy, the cache takes no new request (so none is ever made for the future). */
uint64_t mem_scalar_free_at(const mem_t *m, uint32_t cu, uint64_t c);
/* A scalar load of `bytes` at `addr` from CU `cu` at cycle c; fills *a (a->done: data back). */
void mem_scalar(mem_t *m, uint32_t cu, uint64_t addr, uint32_t bytes, uint64_t c, mem_access_t *a);
/* The XCD of CU `cu` (gpu.xcds: CUs are numbered XCD by XCD). */
static inline uint32_t mem_xcd_of(const mem_t *m, uint32_t cu) { return cu / m->cus_per_xcd; }

/* Dirty lines in the L2 channels: stores not yet written to DRAM (the end of a run flushes nothing,
 * unless mem.end_writeback = on). */
uint64_t mem_l2_dirty_lines(const mem_t *m);
/* Write every dirty L2 line back to DRAM from cycle c (mem.end_writeback = on); returns the cycle the
 * last write-back is acknowledged (c when there is none, and with mem.model = ideal). */
uint64_t mem_l2_writeback(mem_t *m, uint64_t c);
/* A scalar store (s_store_*, s_buffer_store_*): a write through the CU's scalar cache, by its write
 * policy; a->done is the acknowledgement. */
void mem_scalar_store(mem_t *m, uint32_t cu, uint64_t addr, uint32_t bytes, uint64_t c, mem_access_t *a);

/* s_dcache_wb (invalidate false) and s_dcache_inv (true) at cycle c on the scalar cache CU `cu`
 * uses (shared by scalar.cus_per_cache CUs): dirty lines are written to the L2, and with
 * `invalidate` every line is dropped, so the next scalar load misses. Returns the cycle the last
 * write-back is acknowledged (c when none; always c with mem.model = ideal). */
uint64_t mem_scalar_flush(mem_t *m, uint32_t cu, uint64_t c, bool invalidate);

/* The cycles CU's address unit works on a vector memory instruction whose active lanes `lanes` each
 * fill `bytes` of registers from an element of `elem` bytes at addr[lane] (elem = bytes but for
 * buffer format accesses: R8 is 1 byte in a 4-byte register): vmem.address_model decides
 * (config.def; docs/architecture.md). At least 1. */
uint64_t mem_address_cycles(const cfg_t *cfg, uint32_t bytes, uint32_t elem, const uint64_t *addr, uint64_t lanes);

/* The coalescer: the distinct lines of `line_bytes` touched by the active lanes (each lane reads
 * or writes `bytes` from addr[lane]; an access crossing a line touches both), in lane order of
 * first touch, into lines[] (room for 2 x 64: `bytes` must not exceed `line_bytes`, so a lane
 * touches at most two lines), with the bytes each line moves in line_bytes_used[]: with `combine`
 * (loads and stores) the distinct bytes the lanes touch in it, else (atomics) the sum over lanes.
 * *distinct is the instruction's distinct bytes (at a granule of line_bytes / 64 for lines over 64
 * bytes). line_bytes is a power of two (as cache_init requires). Returns the number of lines. */
uint32_t mem_coalesce(const uint64_t *addr, uint64_t lanes, uint32_t bytes, uint32_t line_bytes, bool combine,
                      uint64_t *lines, uint32_t *line_bytes_used, uint64_t *distinct);

#endif

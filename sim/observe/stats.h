/* stats: the statistics observer of the timing model's event stream (events.h), and the report
 * and JSON output built from it. Everything is accounted from state intervals with exact cycle
 * stamps, so results do not depend on when the engine happened to process an event.
 *
 * Stall accounting is per issue slot: a wave is offered one slot every `simds` cycles (when its
 * SIMD is selected). Each of its slots is either used to issue, or charged to what kept it from
 * issuing: waiting on vmcnt or lgkmcnt, at a barrier, no instruction (refetch after a taken
 * branch, s_nop, s_sleep), unit busy (its instruction was ready but its unit, its category or
 * the slot went to someone else), launching, draining (at s_endpgm, waiting for memory), held
 * (ended, resources held until the workgroup ends).
 *
 * Latency hiding: each slot a wave spends in wait_vmcnt / wait_lgkmcnt is hidden when its SIMD
 * issued a VALU instruction (necessarily another wave's) at that cycle, else exposed; charged to
 * the s_waitcnt the wave issued last. Per instruction: a wave's slots since its previous issue
 * (or its launch) are charged to the instruction it issues next; its slots after s_endpgm
 * (draining, held) to the s_endpgm, so each column of the table sums to the issue-slot totals.
 * Memory is bounded by the machine size, the kernel's instruction count and fixed histograms. */
#ifndef GCNSIM_STATS_H
#define GCNSIM_STATS_H

#include <stdio.h>

#include "config/config.h"
#include "machine/events.h"
#include "load/launch.h"
#include "mem/memsys.h"
#include "machine/timing.h"

typedef enum {
    STATS_ISSUED, STATS_VMCNT, STATS_LGKMCNT, STATS_BARRIER, STATS_UNIT_BUSY, STATS_NO_INSTRUCTION,
    STATS_LAUNCHING, STATS_DRAINING, STATS_HELD, STATS_NUM_SLOT_KINDS
} stats_slot_kind_t;

typedef struct {
    tev_wave_state_t state;
    uint64_t since;            /* start of the current state */
    uint64_t mark;             /* first cycle whose issue slots are not yet charged */
    uint64_t launched;         /* cycle the wave took the slot */
    uint64_t last_issue;       /* cycle of its previous issue (its launch before the first) */
    uint64_t pend[STATS_NUM_SLOT_KINDS]; /* slots since its previous issue, for the per-PC table */
    uint32_t pend_mask;        /* kinds whose pend may be non-zero: an issue adds only those (one or
                                  two of nine between a wave's issues) */
    uint64_t wait_valu0;       /* its SIMD's VALU issues before the current wait began */
    uint32_t last_pc;          /* instruction index of its previous issue */
    bool has_pc;
} stats_slot_t;

/* Per instruction (index in the kernel). */
typedef struct {
    uint64_t execs;            /* issues */
    uint64_t cycles;           /* sum over issues of (issue cycle - the wave's previous issue cycle) */
    uint64_t slots[STATS_NUM_SLOT_KINDS]; /* the slots attributed to it (see stats_observe) */
    uint64_t waited, hidden;   /* s_waitcnt: slots waited after it, and those hidden */
    uint64_t mem_count, mem_latency; /* memory instructions: executions and summed issue-to-data cycles */
} stats_pc_t;

/* The memory system's figures, summed over TEV_MEM events. */
typedef struct {
    uint64_t insts[2];                 /* [0] vector memory, [1] scalar memory instructions */
    uint64_t lines, ideal_lines;       /* vector: line requests, and the fewest possible */
    uint64_t stall;                    /* address-unit cycles lost to full MSHRs */
    uint64_t count[MEM_NUM_CACHES][CACHE_NUM_OUTCOMES];
    uint64_t level_bytes[MEM_NUM_CACHES];
    uint64_t dram_reads, dram_writes, dram_bytes, row_hits, row_misses;
    uint64_t dram_until;               /* the end of the last DRAM transfer */
} stats_mem_t;

/* A distribution of cycle counts in a fixed-size structure: exact below 16, otherwise 16 buckets
 * per power of two (percentiles within 1/16 relative). */
enum { STATS_DIST_BUCKETS = 16 + 60 * 16 };
typedef struct {
    uint64_t n, sum, min, max;
    uint64_t bucket[STATS_DIST_BUCKETS];
} stats_dist_t;

/* When a dispatch ran. Its workgroups' ids are consecutive (the queue is in order), so a workgroup
 * belongs to the last dispatch whose first id is not above its own. */
typedef struct {
    bool started;
    uint64_t first_wg;         /* id of its first workgroup */
    uint64_t first_start;      /* its first workgroup placed */
    uint64_t last_end;         /* its last workgroup ended */
} stats_dispatch_t;

typedef struct {
    uint32_t ncu, simds, slots;
    int simd_shift;            /* log2(simds) when a power of two, else -1: no division per event */
    stats_slot_t *slot;        /* [cu][simd][slot] */
    uint64_t *valu_busy;       /* [cu][simd] cycles */
    uint64_t *valu_issues;     /* [cu][simd] VALU instructions issued so far */
    uint32_t *valu_pending;    /* [cu][simd] slots whose wait starts after the last VALU issue seen */
    uint64_t *resident_area;   /* [cu][simd] integral of resident waves over cycles */
    uint32_t *resident;        /* [cu][simd] current resident waves */
    uint64_t *resident_since;  /* [cu][simd] */
    uint32_t max_resident_cu;  /* most waves resident on one CU at once */
    tev_cu_state_t *lim_state; /* [cu] */
    occ_resource_t *lim_res;   /* [cu] */
    uint64_t *lim_since;       /* [cu] */
    bool *lim_valid;
    uint32_t wg_cap;           /* live workgroups per CU (cu.max_workgroups) */
    uint64_t *wg_live;         /* [cu][wg_cap] pairs (workgroup id, start cycle) */
    uint32_t *wg_nlive;        /* [cu] */
    stats_pc_t *pc;            /* [pc_cap], grown to the highest instruction index issued */
    uint32_t npc, pc_cap;
    /* totals */
    uint64_t cycles;
    uint64_t insts[ISA_NUM_UNITS];
    uint64_t slot_counts[STATS_NUM_SLOT_KINDS];
    uint64_t refused[OCC_NUM_RESOURCES];   /* CU-cycles charged to each resource */
    uint64_t no_work, launch_limited;      /* CU-cycles */
    uint64_t waves, workgroups;
    uint64_t hidden, exposed;              /* s_waitcnt slots with/without a VALU issue of another wave */
    stats_dist_t wave_life, wg_life;       /* launch to slot free; workgroup start to end */
    stats_mem_t mem;
    stats_dist_t load_latency;             /* vector loads: issue to data */
    stats_dispatch_t dispatch[WL_MAX_DISPATCHES];
    uint32_t ndispatches;                  /* dispatches that started */
    bool ended;
    bool oom;                  /* the per-PC table could not grow: the run must report an internal error */
    /* output options, set by the caller before printing */
    bool per_pc;               /* the per-instruction table in the report and JSON */
} stats_t;

/* Size the accumulators for `cfg`'s machine. Returns 0, or 3 when out of memory. */
int stats_init(stats_t *st, const cfg_t *cfg);
void stats_free(stats_t *st);
/* The observer callback (ctx = stats_t *). */
void stats_observe(void *ctx, const tev_t *ev);

/* The human-readable timing report. */
void stats_print(const stats_t *st, const launch_t *L, const cfg_t *cfg, const timing_result_t *res, FILE *out);
/* The same as a JSON object (docs/report.md); deterministic: same inputs, same bytes. */
void stats_write_json(const stats_t *st, const launch_t *L, const cfg_t *cfg, const timing_result_t *res, FILE *out);

/* stats_pc.c: the report sections and JSON keys for latency hiding, the per-instruction table and
 * lifetimes (called by the two functions above), and the CSV row. */
void stats_print_detail(const stats_t *st, const launch_t *L, FILE *out);
void stats_json_detail(const stats_t *st, const launch_t *L, FILE *out);
/* Percentile p (0..100) of a distribution: the upper bound of the bucket holding it, clamped to
 * [min, max]; 0 when empty. */
uint64_t stats_dist_percentile(const stats_dist_t *d, unsigned p);
void stats_dist_add(stats_dist_t *d, uint64_t v);
/* a / b, and 0 when b is 0 (every fraction of the report). */
static inline double stats_ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }
/* The per-PC entry of instruction `pc`, growing the table; NULL (and st->oom) when out of memory. */
stats_pc_t *stats_pc_entry(stats_t *st, uint32_t pc);
double stats_dist_mean(const stats_dist_t *d);

/* stats_mem.c: the memory system's figures (TEV_MEM events): their report lines, JSON keys and CSV
 * columns. */
void stats_mem_observe(stats_t *st, const tev_t *ev);
void stats_mem_print(const stats_t *st, const cfg_t *cfg, FILE *out);
void stats_mem_json(const stats_t *st, const cfg_t *cfg, FILE *out);
extern const char stats_mem_csv_header[];
void stats_mem_csv(const stats_t *st, FILE *out);
/* Append one row for this run to `path`, writing the header line first when the file is new or
 * empty. Returns 0, or 1 with a message on err. Columns: docs/cli.md. */
int stats_write_csv(const stats_t *st, const launch_t *L, const cfg_t *cfg, const timing_result_t *res,
                    const char *path, FILE *err);

#endif

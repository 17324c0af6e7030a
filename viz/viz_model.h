/* viz_model: what gcnviz knows of a trace once it is loaded (viz_load.h builds it): per wave slot
 * a list of runs (state from a cycle on) and a majority pyramid, per SIMD the resident waves and
 * the VALU busy intervals, per CU the dispatch situation, workgroup spans, hazards, the memory
 * series (viz_mem.h) and the instruction pane's issues (viz_pcs.h) — and the queries drawing makes
 * of them, each costing a search or a sweep, never a pass over the records. The lowest viewer
 * layer with viz_text: it includes the trace reader's header only (docs/viewer.md, "Code"). */
#ifndef GCNVIZ_VIZ_MODEL_H
#define GCNVIZ_VIZ_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "observe/trace_read.h"

/* What a lane shows at a cycle: the trace's wave states, with "eligible" split by the issue
 * records (when the trace has them) into issuing one of four unit kinds and ready-not-selected. */
typedef enum {
    VIZ_NONE,        /* the slot is free */
    VIZ_LAUNCHING,
    VIZ_VALU,        /* issued a VALU instruction (for its busy cycles) */
    VIZ_SCALAR,      /* issued SALU, scalar memory, branch or a sequencer instruction */
    VIZ_VMEM,        /* issued a vector memory instruction */
    VIZ_LDS,         /* issued an LDS instruction */
    VIZ_READY,       /* eligible and not issuing: ready but not selected */
    VIZ_NOINST,      /* no instruction: branch refetch, s_nop, s_sleep */
    VIZ_WAIT_VM,
    VIZ_WAIT_LGKM,
    VIZ_BARRIER,
    VIZ_DRAINING,
    VIZ_HELD,        /* ended; holds its slot until its workgroup ends */
    VIZ_NUM_STATES
} viz_state_t;

/* A CU's dispatch situation: none (before its first record), full, no work, launch limited, then
 * refused by each occ_resource_t. */
enum { VIZ_LIM_NONE, VIZ_LIM_FULL, VIZ_LIM_NO_WORK, VIZ_LIM_LAUNCH, VIZ_LIM_REFUSED, VIZ_NUM_LIM = VIZ_LIM_REFUSED + 6 };

enum { VIZ_STATE_BITS = 5 };   /* a run's code: state | pc << VIZ_STATE_BITS (pc: issue runs only) */

typedef struct { uint64_t start, end, id, wg; } viz_wave_t;   /* end: the cycle its slot was freed */

typedef struct {
    uint64_t *t;             /* runs: code[i] from t[i] until t[i + 1] (the last until the end) */
    uint32_t *code;
    size_t n, cap;
    viz_wave_t *waves;       /* the waves that held this slot, in order */
    size_t nwaves, capw;
    uint8_t **level;         /* majority pyramid: level[j][b] is the state covering most of bucket b */
    uint32_t code_ws;        /* while loading: the code of the last wave-state record */
    uint64_t pend_t;         /* while loading: an issue's colour ends here unless a record comes first */
    bool pend;
} viz_lane_t;

/* ---- hazards: a finding of the hazard checker (trace version 5), marked on its wave's lane ---- */
typedef struct {
    uint64_t cycle;
    uint32_t lane, pc;       /* pc: instruction index (the header's insts) */
    uint8_t kind;            /* tev_hazard_kind_t */
} viz_hazard_t;
/* ---- end of hazards ---- */

/* A step function with its running integral, so the mean over any range costs two searches. */
typedef struct {
    uint64_t *t;
    int64_t *v;
    uint64_t *area;          /* integral of v from 0 to t[i] */
    size_t n, cap;
} viz_step_t;

typedef struct {
    uint64_t *t;             /* a CU's dispatch situation changes to cat[i] at t[i] */
    uint8_t *cat;
    uint64_t *cum;           /* [n * VIZ_NUM_LIM]: time spent in each category before t[i] */
    size_t n, cap;
} viz_limiter_t;

typedef struct {
    uint64_t *start, *end;   /* a SIMD's VALU busy intervals (sorted, not overlapping) */
    uint32_t *lane;
    uint64_t *cum;           /* busy cycles before interval i */
    size_t n, cap;
} viz_busy_t;

typedef struct {
    uint64_t start, end, id;
    uint32_t gid[3], cu, row, waves;
    uint32_t dispatch;       /* its dispatch's index in the trace's dispatch table */
} viz_wg_t;

/* One entry of the workgroup id index (ix SIZE_MAX: empty). */
typedef struct {
    uint64_t id;
    size_t ix;
} viz_wg_key_t;

/* ---- memory tracks and per-CU rates (viz_mem.c) ---- */

/* Machine-wide series: bytes through DRAM and the L2, L1 and L2 hits and lookups (hits + merges +
 * misses, the report's hit rate denominator), the cycles the vector L1s' and the L2's MSHRs are
 * held (so per cycle, MSHRs in use) — each instruction's spread evenly over its issue-to-data
 * cycles — and address-unit stall cycles (right after the issue). */
enum { VIZ_MS_DRAM, VIZ_MS_L2B, VIZ_MS_L1_HIT, VIZ_MS_L1_LOOK, VIZ_MS_L2_HIT, VIZ_MS_L2_LOOK, VIZ_MS_STALL,
       VIZ_MS_L1_MSHR, VIZ_MS_L2_MSHR, VIZ_NUM_MS };
/* Per-CU series: instructions issued, VALU busy cycles (over the busy cycles), stall cycles, then
 * CDNA's matrix-core busy cycles of each of the CU's SIMDs, VIZ_CS_MFMA + simd (each SIMD has its
 * own matrix core; over each MFMA's cycles; version 6 traces): viz_ncs series a CU. */
enum { VIZ_CS_ISSUES, VIZ_CS_VALU, VIZ_CS_STALL, VIZ_CS_MFMA };
enum { VIZ_SERIES_BUCKETS = 4096 };   /* per series; the bucket width doubles as the run grows */

typedef struct {
    double *v;               /* while loading: amount per bucket; then [nb + 1] running sums */
} viz_series_t;

/* ---- instruction timing pane: the data (viz_pcs.c) ----
 * Every issue record with what the report's per-PC table charges to it (stats.c's meanings,
 * replayed from the records in their order): the cycles to the wave's next issue or its end, and
 * the issue slots the wave then waited at s_waitcnt, and of them those hidden by another wave's
 * VALU issue on the same SIMD. */
typedef struct {
    uint64_t cycle;
    uint32_t lane, pc;       /* pc: instruction index (the header's insts) */
    uint32_t wave;           /* index in viz_pcs_t.w */
    uint32_t lat;            /* VIZ_LAT_UNKNOWN: the trace ends before the wave's next issue or end */
    uint32_t waited, hidden; /* issue slots */
} viz_issue_t;
#define VIZ_LAT_UNKNOWN UINT32_MAX   /* a macro: an enum constant cannot hold it in ISO C */
typedef struct { uint64_t id, wg; } viz_pwave_t;
typedef struct {
    viz_issue_t *is;
    size_t n, cap;
    viz_pwave_t *w;          /* the waves, in launch order */
    size_t nw, capw;
    struct viz_replay *rp;   /* while loading */
} viz_pcs_t;
/* One instruction's row of the pane over a range and a filter. */
typedef struct {
    uint64_t issues, nlat, lat_sum, waited, hidden;
    uint32_t lat_max;
} viz_pc_row_t;
typedef enum { VIZ_PF_ALL, VIZ_PF_WAVE, VIZ_PF_WG } viz_pfilter_t;
/* ---- end of the pane's data ---- */

typedef struct {
    char path[256];          /* the trace file, for the title */
    trace_header_t h;        /* copied; h.insts owned here */
    trace_end_status_t status;
    uint64_t end;            /* the last cycle */
    uint64_t records;
    bool issues;             /* the trace has issue records */
    bool mfma;               /* it has MFMA issue records (CDNA): the matrix-core figures are shown */
    uint32_t nlanes, nsimds; /* nsimds: machine-wide (ncu * simds) */
    viz_lane_t *lane;        /* [nlanes], lane = (cu * simds + simd) * slots + slot */
    viz_step_t *occ;         /* [nsimds] resident waves */
    viz_busy_t *busy;        /* [nsimds] */
    viz_limiter_t *lim;      /* [ncu] */
    viz_wg_t *wg;            /* in start order */
    size_t nwg, capwg;
    uint32_t *wg_rows;       /* [ncu] rows each CU's workgroup spans need */
    uint32_t l0;             /* the pyramid's finest bucket is 2^l0 cycles */
    uint32_t nlevels;
    bool mem;                /* the trace has memory records (version 5, --trace-mem) */
    uint64_t nmem;           /* memory records */
    uint64_t mem_total[VIZ_NUM_MS]; /* exact sums over the whole trace */
    uint32_t ser_shift;      /* series buckets are 2^ser_shift cycles */
    uint64_t ser_end;        /* the series' last cycle + 1 (a store's acknowledgement may come after the run's end) */
    viz_series_t ms[VIZ_NUM_MS];
    viz_series_t *cs;        /* [ncu * viz_ncs(m)] */
    viz_wg_key_t *wg_index;  /* while loading: workgroup id -> index in wg, a hash table of wg_index_n */
    size_t wg_index_n;       /* entries (a power of two, at least twice nwg; 0: none yet) */
    viz_hazard_t *hz;        /* hazards: in record order (cycles may step back a little) */
    size_t nhz, caphz;
    viz_pcs_t pcs;           /* the instruction timing pane's issues (with issue records) */
} viz_model_t;

/* The index of the run of lane covering cycle t (SIZE_MAX before its first run). */
size_t viz_lane_run_at(const viz_lane_t *l, uint64_t t);
/* The wave holding lane at cycle t, or NULL. */
const viz_wave_t *viz_lane_wave_at(const viz_lane_t *l, uint64_t t);
/* The state lane shows over most of [a, b) (b > a), through the pyramid or the runs. */
viz_state_t viz_lane_state_over(const viz_model_t *m, const viz_lane_t *l, double a, double b);
/* The same for n pixel columns [t0 + x * cpp, t0 + (x + 1) * cpp), in one sweep. */
void viz_lane_columns(const viz_model_t *m, const viz_lane_t *l, double t0, double cpp, int n, uint8_t *out);
/* Integral of a step function from 0 to t. */
double viz_step_area(const viz_step_t *s, double t);
/* The mean of a step function over each of n pixel columns, in one sweep. */
void viz_step_columns(const viz_step_t *s, double t0, double cpp, int n, float *out);
/* The dispatch category covering most of [a, b) on CU cu. */
int viz_limiter_over(const viz_model_t *m, uint32_t cu, double a, double b);
/* Cycles in [a, b) a SIMD's VALU was busy (excluding lane skip when skip < nlanes). */
uint64_t viz_busy_over(const viz_busy_t *b, uint64_t from, uint64_t to, uint32_t skip);
/* hazards: the first hazard mark on lane li within cycles [a, b], or NULL (drawn in the palette's hazard colour). */
const viz_hazard_t *viz_hazard_near(const viz_model_t *m, uint32_t li, double a, double b);
/* The theoretical limit in waves per CU (the dispatcher's rule, as in the trace header). */
uint32_t viz_model_limit(const viz_model_t *m);
/* The per-CU series a CU has (the stride of m->cs): three, and one a SIMD. */
static inline size_t viz_ncs(const viz_model_t *m) { return VIZ_CS_MFMA + (size_t)m->h.simds; }

#endif

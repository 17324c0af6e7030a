/* trace: the binary trace of a timed run (docs/trace-format.md, byte by byte) — a writer that
 * observes the event stream (events.h), a reader that validates every byte, the Perfetto / Chrome
 * Trace Event export of a trace file, and the teaching text trace (one line per issue).
 * Needs: events (the records are tev_t), launch and cfg (the header), isa_format_inst. */
#ifndef GCNSIM_TRACE_H
#define GCNSIM_TRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "config/config.h"
#include "machine/events.h"
#include "load/launch.h"

/* The format version this gcnsim writes and the newest it reads (docs/trace-format.md: version
 * policy). Readers accept every version up to this one. */
enum { TRACE_VERSION = 5 };   /* 2: end status TRACE_END_LIMIT; 3: the dispatch table; 4: byte offsets;
                                 5: hazard records, and memory records (see below) */
enum { TRACE_FLAG_ISSUES = 1 };   /* the trace has one record per issued instruction */

/* ---- version 5: memory records (gcnviz's memory tracks; docs/trace-format.md "Memory records") ----
 * With --trace-mem the header's flag bit 1 is set, a memory section follows the dispatch table
 * (trace_mem_info_t), every memory instruction's trip is one record (REC_MEM, trace_internal.h;
 * the reader returns it as TEV_MEM with u.mem.access), and the end record counts them after the
 * six older counts. Without the flag the v5 file is the v4 one but for its version field and
 * its checksum. */
enum { TRACE_FLAG_MEM = 2 };
typedef struct {
    uint32_t line_bytes;             /* l2.line */
    uint32_t l2_peak, dram_peak;     /* machine-wide bytes/cycle: l2.bytes_per_cycle x channels, dram's */
    uint32_t l2_channels, dram_channels;
    uint32_t ideal;                  /* 1: mem.model = ideal (no caches; dram_peak is mem.bytes_per_cycle) */
    uint32_t l1v_mshrs, l2_mshrs;    /* MSHRs per vector L1 (one per CU) and per L2 channel */
} trace_mem_info_t;
/* ---- end of the version 5 memory block ---- */

/* How the traced run ended (the end record's status byte). */
typedef enum {
    TRACE_END_COMPLETE = 0,
    TRACE_END_STOPPED = 1,   /* the run stopped early (a fault); the trace holds everything up to it */
    TRACE_END_LIMIT = 2      /* tracing stopped at the size limit (version 2); the run went on */
} trace_end_status_t;

typedef struct {
    uint32_t op;          /* isa_op_t */
    uint32_t unit;        /* isa_unit_t */
    char *text;           /* disassembly (isa_format_inst) */
    uint32_t pc;          /* byte offset from its kernel's entry, as listings print it (version 4);
                           * TRACE_PC_UNKNOWN in older traces */
} trace_inst_t;

#define TRACE_PC_UNKNOWN UINT32_MAX /* a macro: an enum constant cannot hold it in ISO C */

/* One dispatch of the workload (version 3; older traces read as one dispatch from the header). */
typedef struct {
    char *kernel;                    /* allocated (trace_dispatches_free): any C++ kernel's mangled name,
                                      * up to 4095 bytes; its own size so a table of many stays small */
    uint32_t inst_base;              /* its kernel's first instruction in insts[] */
    uint32_t grid[3], wg_size[3];
    uint64_t nworkgroups;
    uint32_t after;                  /* wl_after_t */
} trace_dispatch_t;

typedef struct {
    uint32_t version, flags;
    uint32_t ncu, simds, slots;      /* machine shape: wave slots per SIMD */
    uint32_t max_waves_cu;           /* cu.max_waves */
    uint32_t clock_mhz;
    char kernel[4096];               /* the first dispatch's kernel name */
    char source[256];                /* kernel source file as the workload named it */
    uint32_t grid[3], wg_size[3];    /* work-items, of the first dispatch */
    uint64_t nworkgroups;            /* of every dispatch */
    uint32_t waves_per_wg;
    uint32_t vgpr_alloc, sgpr_alloc, lds_alloc; /* per wave, per wave, per workgroup */
    uint32_t occ_wg_per_cu;          /* theoretical workgroups per CU (first dispatch) */
    uint32_t occ_limiter;            /* occ_resource_t */
    uint32_t ninsts;
    trace_inst_t *insts;             /* [ninsts], by instruction index (issue records' field): every
                                      * kernel's, workload-wide */
    uint32_t ndispatches;
    trace_dispatch_t *dispatches;    /* [ndispatches] */
    trace_mem_info_t mem;            /* version 5, flag TRACE_FLAG_MEM: the memory section */
} trace_header_t;

/* Release a header's dispatch table (each kernel name, then the table). */
void trace_dispatches_free(trace_dispatch_t *d, uint32_t n);

/* ---- writer ---------------------------------------------------------------------------------- */

typedef struct trace_writer trace_writer_t;

/* Create PATH and write the header for L's dispatches on cfg's machine; occ: dispatch 0's theoretical
 * occupancy as the run's analysis has it (NULL: computed here); flags: TRACE_FLAG_ISSUES,
 * TRACE_FLAG_MEM. Returns NULL after printing "gcnsim: error: cannot write trace 'PATH': reason"
 * (or out of memory) on err. */
trace_writer_t *trace_writer_open(const char *path, const launch_t *L, const cfg_t *cfg, const occ_result_t *occ,
                                  uint32_t flags, FILE *err);
/* The observer callback (ctx = trace_writer_t *). */
void trace_observe(void *ctx, const tev_t *ev);
/* Write the end record (status STOPPED when the run ended without TEV_END, e.g. a fault), flush
 * and close. Returns 0, or 1 after printing a write error on err. Frees w. */
int trace_writer_close(trace_writer_t *w, FILE *err);
/* Bytes written so far (header included). */
uint64_t trace_writer_bytes(const trace_writer_t *w);
/* Limit the file to `bytes` (0: no limit; the default). When the next record could take the file
 * past it (keeping room for the end record), tracing stops: one warning line on the err given to
 * trace_writer_open, no more records, and the end record says TRACE_END_LIMIT. The header is
 * always written whole, so a limit below its size leaves a trace of the header alone. */
void trace_writer_set_limit(trace_writer_t *w, uint64_t bytes);
/* True once the limit stopped tracing. */
bool trace_writer_limited(const trace_writer_t *w);

/* ---- reader ---------------------------------------------------------------------------------- */

typedef struct trace_reader trace_reader_t;

typedef struct {
    trace_end_status_t status;
    uint64_t records;                /* records before the end record */
    uint64_t wave_states, issues, wg_starts, wg_ends, limiters;
    uint64_t mems;                   /* version 5 memory records (flag TRACE_FLAG_MEM) */
} trace_end_t;

/* Open and validate PATH's header. Returns NULL with a message in msg ("PATH: ..."): cannot open,
 * not a gcnsim trace (bad magic), a newer version, truncated or corrupted header. */
trace_reader_t *trace_open(const char *path, char *msg, size_t msglen);
const trace_header_t *trace_header(const trace_reader_t *r);
/* The next record as the event the timing model emitted (every field). Returns 1 with a record
 * (the last one has kind TEV_END, after the whole file has been checked: counts, checksum, no
 * trailing bytes), 0 after the end record, -1 with a message in msg when the file is truncated
 * or corrupted (further calls keep returning -1). */
int trace_next(trace_reader_t *r, tev_t *ev, char *msg, size_t msglen);
/* Waves resident on `cu` after the last record returned (derived from the wave states). */
uint32_t trace_resident(const trace_reader_t *r, uint32_t cu);
/* The end record's contents; valid after trace_next returned the TEV_END record. */
const trace_end_t *trace_end_info(const trace_reader_t *r);
void trace_close(trace_reader_t *r);

/* ---- hazards (version 5) ---------------------------------------------------------------------
 * A hazard record is read as a TEV_HAZARD event whose u.hazard points into the reader (valid until
 * the next trace_next). The short name of a hazard kind ("vmcnt", "lds_race", ...; "?" for an
 * unknown one), shared by the reports and the viewer. */
const char *trace_hazard_kind_name(unsigned kind);
/* ---- end of hazards ---- */

/* ---- export ---------------------------------------------------------------------------------- */

/* Convert the trace at trace_path to Chrome Trace Event JSON at out_path (docs/trace-format.md).
 * Returns 0, or 1 after printing "gcnsim: error: ..." on err. */
int trace_export_perfetto(const char *trace_path, const char *out_path, FILE *err);

/* ---- text trace (teaching) ------------------------------------------------------------------- */

typedef struct {
    FILE *out;
    uint64_t from, to;               /* cycles, inclusive */
    bool one_wave;
    uint64_t wave;                   /* with one_wave: only this wave id */
    char **text;                     /* [ninsts] preformatted instructions, workload-wide numbering
                                      * ("KERNEL: " first when the workload runs several kernels) */
    uint32_t *pc;                    /* [ninsts] byte offsets from their kernels' entries */
    uint32_t ninsts;
    bool header_done;
} trace_text_t;

/* Returns 0, or 3 when out of memory. Lines go to out. */
int trace_text_init(trace_text_t *t, FILE *out, const launch_t *L);
/* The observer callback (ctx = trace_text_t *). */
void trace_text_observe(void *ctx, const tev_t *ev);
void trace_text_free(trace_text_t *t);

#endif

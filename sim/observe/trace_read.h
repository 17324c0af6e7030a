/* trace_read: the reader of gcnsim's binary trace (docs/trace-format.md, byte by byte) — the file's
 * header as a value, and its records as the events the timing model emitted, every byte validated.
 * Its own module so that gcnviz, which links trace_read.c alone (with sim/base/fileio.c), compiles
 * against this header and the record type (events.h) only; the writer, the Perfetto export and
 * the text trace are trace.h's. */
#ifndef GCNSIM_TRACE_READ_H
#define GCNSIM_TRACE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "machine/events.h"

/* The format version this gcnsim writes and the newest it reads (docs/trace-format.md: version
 * policy). Readers accept every version up to this one. */
enum { TRACE_VERSION = 6 };   /* 2: end status TRACE_END_LIMIT; 3: the dispatch table; 4: byte offsets;
                                 5: hazard records, and memory records (see below); 6: MFMA issue
                                 records and the MAI hazard kinds, written as 6 only when the program
                                 has an MFMA instruction (every other trace keeps 5's bytes) */
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

#endif

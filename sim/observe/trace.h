/* trace: the binary trace of a timed run (docs/trace-format.md, byte by byte) — a writer that
 * observes the event stream (events.h), the Perfetto / Chrome Trace Event export of a trace file,
 * and the teaching text trace (one line per issue). The format's header and the reader are
 * trace_read.h's (included here: the writer writes what the reader reads).
 * Needs: events (the records are tev_t), launch and cfg (the header), isa_format_inst. */
#ifndef GCNSIM_TRACE_H
#define GCNSIM_TRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "config/config.h"
#include "machine/events.h"
#include "load/launch.h"
#include "observe/trace_read.h"

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

/* run_text: the report of a timed run as people read it (docs/report.md): the kernel or its
 * dispatches, cycles, instructions and IPC, VALU busy, issue slots, occupancy (theoretical and its
 * limiter, what would fit one more workgroup, measured, the compiler estimate), the dispatch
 * limiter, memory, latency hiding, lifetimes, the per-instruction table, hazards and the buffers.
 * It renders the run's result and computes nothing of its own.
 * Needs: result. */
#ifndef GCNSIM_RUN_TEXT_H
#define GCNSIM_RUN_TEXT_H

#include <stdio.h>

#include "report/result.h"

/* The report, unwrapped (the caller wraps it at 120 columns: txt_wrap). */
void run_text_print(const run_result_t *R, FILE *out);

#endif

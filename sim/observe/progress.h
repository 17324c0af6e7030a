/* prog: a progress line on a terminal for long timing runs — an observer of the event stream that
 * only reads it, so it cannot change results. It looks at the host clock once every
 * PROG_CHECK_EVENTS events, prints nothing before `after` seconds, then rewrites one line in place
 * at most every quarter second, and erases it at the end (also when a signal stopped the run). The
 * line: the share of the launch's workgroups done, the cycle, the host's rate in wave instructions
 * per second, the time so far and the time left at the workgroups' rate so far. Disabled (costing one branch per
 * event) when the output is not a terminal: never in files or CI logs. */
#ifndef GCNSIM_PROGRESS_H
#define GCNSIM_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "machine/events.h"

enum { PROG_CHECK_EVENTS = 1 << 14 };

typedef struct {
    FILE *out;
    bool enabled, shown;
    double after;              /* seconds before the first line */
    double start, last;        /* host seconds (monotonic) */
    uint64_t events, cycle, insts, wgs_done, wgs_total;
} prog_t;

/* enabled: normally isatty(fileno(out)) (prog_is_terminal); after: normally 1.0 seconds. */
void prog_init(prog_t *p, FILE *out, bool enabled, double after, uint64_t wgs_total);
bool prog_is_terminal(FILE *f);
/* The observer callback (ctx = prog_t *). */
void prog_observe(void *ctx, const tev_t *ev);
/* Erase the line if one was shown. */
void prog_finish(prog_t *p);

#endif

/* sweep_exec: running a sweep's lines on this host: each a child process of this executable
 * (`gcnsim run --csv DIR/K.csv ...`), at most `jobs` at once, each outcome handed on in LIST order as
 * soon as it and every earlier one have ended; progress on a terminal; on SIGINT, SIGTERM or SIGHUP
 * (base/interrupt.h) every running child (and its process group) stopped and the temporary
 * directory removed. Needs: sweep_part (the record of a run), sweep_list, base (interrupt). */
#ifndef GCNSIM_SWEEP_EXEC_H
#define GCNSIM_SWEEP_EXEC_H

#include "cli/sweep_part.h"

/* Called in order for each run: rec (its row or why it failed) and the CSV header its run wrote
 * (with its newline; NULL when it failed). */
typedef void (*sweep_done_fn)(void *ctx, const sweep_rec_t *rec, const char *header);

/* Run runs[0..n) (of LIST) with `self` (this executable). `progress`: show done/total, rate and
 * time left on standard error (the caller decides: a terminal only). Returns 0; 3 when a process
 * could not be started or waited for (the runs after it are not reported); or, after a signal,
 * 128 + its number with every run that ended before the first unfinished one reported and the
 * rest stopped and discarded (the caller says so). */
int sweep_exec(const char *self, sweep_run_t **runs, size_t n, long jobs, bool progress, sweep_done_fn done,
               void *ctx);

/* This executable's absolute path (/proc/self/exe) into buf; false after a message. */
bool sweep_self(char *buf, size_t len);

#endif

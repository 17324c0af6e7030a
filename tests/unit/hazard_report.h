/* hazard_report.h: shared by the hazard checker's tests of what the user sees: a timed run that
 * logs its findings (hzlog, as `gcnsim check` does) and writes a trace beside the workload, and
 * the findings rendered as the diagnostics and the JSON object. */
#ifndef GCNSIM_TESTS_HAZARD_REPORT_H
#define GCNSIM_TESTS_HAZARD_REPORT_H

#include <stdio.h>

#include "observe/hazlog.h"
#include "observe/trace.h"
#include "report/run_hazards.h"
#include "timing_harness.h"

/* Run the prepared launch in time with the hazard checker on: its findings into g (initialised
 * here; hzlog_free it), and a trace written to t->dir/k.gcnt, whose path goes to tpath. */
static inline void hr_run_logged(th_launch_t *t, hzlog_t *g, char tpath[96])
{
    hzlog_init(g, t->L);
    snprintf(tpath, 96, "%s/k.gcnt", t->dir);
    trace_writer_t *tw = trace_writer_open(tpath, t->L, &t->cfg, NULL, false, stderr);
    ck_assert_ptr_nonnull(tw);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.hazards = true;
    opt.observers[0] = (tev_observer_t){ hzlog_observe, g };
    opt.observers[1] = (tev_observer_t){ trace_observe, tw };
    opt.nobservers = 2;
    timing_result_t res;
    ck_assert_int_eq(timing_run(t->L, &t->cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
    ck_assert_int_eq(trace_writer_close(tw, stderr), 0);
}

/* The findings of g as the diagnostics (severity "error") and then the JSON object, into out. */
static inline void hr_report(const hzlog_t *g, char *out, size_t len)
{
    memset(out, 0, len);
    FILE *f = fmemopen(out, len - 1, "w");
    run_hazards_diagnostics(g, "error", f);
    jout_t j;
    jout_init(&j, f, false);
    jout_object(&j, JOUT_WRAP | JOUT_CLOSE);
    run_hazards_json(g, &j);
    jout_end(&j);
    fclose(f);
}

#endif

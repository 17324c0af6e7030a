/* The run's result (report/result.h) built from a finished timing run and rendered, for the tests
 * that look at the report, the JSON or the CSV row. */
#ifndef GCNSIM_RESULT_HARNESS_H
#define GCNSIM_RESULT_HARNESS_H

#include <check.h>
#include <stdbool.h>
#include <stdio.h>

#include "report/result.h"
#include "report/run_csv.h"
#include "report/run_json.h"
#include "report/run_text.h"

static inline void rh_json(const stats_t *st, const launch_t *L, const cfg_t *cfg, const timing_result_t *res, bool per_pc,
                           FILE *f)
{
    run_result_t R;
    ck_assert_int_eq(run_result_build(&R, L, cfg, st, res, NULL, per_pc), 0);
    run_json_write(&R, f);
    run_result_free(&R);
}

static inline void rh_text(const stats_t *st, const launch_t *L, const cfg_t *cfg, const timing_result_t *res, bool per_pc,
                           FILE *f)
{
    run_result_t R;
    ck_assert_int_eq(run_result_build(&R, L, cfg, st, res, NULL, per_pc), 0);
    run_text_print(&R, f);
    run_result_free(&R);
}

static inline int rh_csv(const stats_t *st, const launch_t *L, const cfg_t *cfg, const timing_result_t *res,
                         const run_csv_id_t *id, const char *path, FILE *err)
{
    run_result_t R;
    ck_assert_int_eq(run_result_build(&R, L, cfg, st, res, NULL, false), 0);
    int rc = run_csv_write(&R, id, path, err);
    run_result_free(&R);
    return rc;
}

#endif

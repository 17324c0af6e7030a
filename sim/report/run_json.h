/* run_json: a timed run's result as one JSON object (docs/report.md; `gcnsim run --json`). It renders
 * the run's result and computes nothing of its own; deterministic: same inputs, same bytes.
 * Needs: result. */
#ifndef GCNSIM_RUN_JSON_H
#define GCNSIM_RUN_JSON_H

#include <stdio.h>

#include "report/result.h"

void run_json_write(const run_result_t *R, FILE *out);

#endif

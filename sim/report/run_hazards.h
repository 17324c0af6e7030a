/* run_hazards: the hazard checker's findings (hzlog_t) as compiler-style diagnostics (gcnsim
 * check), the report's "hazards" section and the JSON key "hazards" (docs/report.md), each only
 * when there is a finding; rendering only.
 * Needs: hazlog, launch (the instructions and the kernel source), trace (the kind names). */
#ifndef GCNSIM_RUN_HAZARDS_H
#define GCNSIM_RUN_HAZARDS_H

#include <stdio.h>

#include "observe/hazlog.h"
#include "observe/json_out.h"

/* The findings in instruction order: one `FILE:LINE:COL: SEVERITY: ...` line each, with the
 * instruction, the first wave and workgroup, the PC and the counts. */
void run_hazards_diagnostics(const hzlog_t *g, const char *severity, FILE *out);
/* The report section (nothing when there is no finding). */
void run_hazards_print(const hzlog_t *g, FILE *out);
/* The member "hazards": [...] (nothing when there is no finding). */
void run_hazards_json(const hzlog_t *g, jout_t *j);

#endif

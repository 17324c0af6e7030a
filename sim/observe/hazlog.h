/* hazlog: the hazard checker's findings (TEV_HAZARD events, machine/hazard.h), kept once per
 * instruction and kind with the first occurrence (wave, workgroup, cycle) and how many times it
 * happened; printed as compiler-style diagnostics, as the report's "hazards" section and as the
 * JSON key "hazards" (docs/report.md), each only when there is a finding.
 * Needs: events, launch (the instructions and the kernel source), trace (the kind names). */
#ifndef GCNSIM_HAZLOG_H
#define GCNSIM_HAZLOG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "load/launch.h"
#include "machine/events.h"

typedef struct {
    tev_hazard_t h;            /* the first occurrence */
    uint64_t wave, wg, cycle;
    uint64_t count;            /* occurrences (every execution of the instruction that had it) */
} hzlog_entry_t;

typedef struct {
    const launch_t *L;
    hzlog_entry_t *e;
    uint32_t n, cap;
    bool oom;
} hzlog_t;

void hzlog_init(hzlog_t *g, const launch_t *L);
void hzlog_free(hzlog_t *g);
/* The observer callback (ctx = hzlog_t *). */
void hzlog_observe(void *ctx, const tev_t *ev);
/* The findings in instruction order: one `FILE:LINE:COL: SEVERITY: ...` line each, with the
 * instruction, the first wave and workgroup, the PC and the counts. */
void hzlog_diagnostics(const hzlog_t *g, const char *severity, FILE *out);
/* The report section (nothing when there is no finding). */
void hzlog_print(const hzlog_t *g, FILE *out);
/* `  "hazards": [...],\n` (nothing when there is no finding). */
void hzlog_json(const hzlog_t *g, FILE *out);

#endif

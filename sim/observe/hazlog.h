/* hazlog: the hazard checker's findings (TEV_HAZARD events, machine/hazard.h), kept once per
 * instruction and kind with the first occurrence (wave, workgroup, cycle) and how many times it
 * happened, in instruction order, then kind. report/run_hazards prints them (compiler-style
 * diagnostics, the report's "hazards" section, the JSON key "hazards").
 * Needs: events, launch. */
#ifndef GCNSIM_HAZLOG_H
#define GCNSIM_HAZLOG_H

#include <stdbool.h>
#include <stdint.h>

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
#endif

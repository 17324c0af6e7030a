/* eng: the discrete-event engine. A binary heap of events ordered by (cycle, priority, sequence
 * number): within a cycle, lower priorities run first, and events of equal priority run in the
 * order they were scheduled, so every run is deterministic.
 * Components schedule an event only when they have something to do; nothing is stepped per cycle.
 * Needs: nothing. An eng_t is a plain value owned by its simulation. */
#ifndef GCNSIM_ENGINE_H
#define GCNSIM_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint64_t cycle;
    uint64_t seq;
    uint32_t prio;   /* order within a cycle */
    uint32_t kind;   /* the owner's event kind */
    uint32_t arg;    /* e.g. a CU index */
    void *ptr;       /* e.g. a wave */
} eng_event_t;

typedef struct {
    eng_event_t *heap;
    uint32_t n, cap;
    uint64_t next_seq;
    uint64_t now;     /* cycle of the event being processed */
    uint64_t processed;
} eng_t;

void eng_init(eng_t *e);
void eng_free(eng_t *e);
/* Schedule an event (a cycle in the past is taken as now). Returns false when out of memory. */
bool eng_schedule(eng_t *e, uint64_t cycle, uint32_t prio, uint32_t kind, uint32_t arg, void *ptr);
/* Remove the earliest event into *out and advance now. Returns false when the queue is empty. */
bool eng_pop(eng_t *e, eng_event_t *out);
static inline bool eng_empty(const eng_t *e) { return e->n == 0; }

#endif

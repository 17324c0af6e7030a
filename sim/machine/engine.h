/* eng: the discrete-event engine. A binary heap of events ordered by (cycle, priority, sequence
 * number): within a cycle, lower priorities run first, and events of equal priority run in the
 * order they were scheduled, so every run is deterministic.
 * Components schedule an event only when they have something to do; nothing is stepped per cycle.
 *
 * Ticks: the most frequent events (a CU's issue stage, about one per busy CU per cycle) have a
 * queue of their own, at most one pending tick per id (a new tick for an id replaces its pending
 * one, so no stale events are left behind): a timing wheel of ENG_WHEEL cycles with a bitmap of ids
 * per cycle, so scheduling and popping a tick cost a few word operations whatever the number of
 * CUs, and a small overflow list for ticks further ahead. eng_pop merges the two queues as if ticks
 * were events of priority tick_prio + id: a tick runs after the events of its cycle whose priority
 * is below tick_prio (the owner schedules no others at its cycle), and ticks of one cycle run in id
 * order.
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

enum { ENG_WHEEL = 1024 }; /* cycles the tick wheel spans (a power of two) */

typedef struct {
    eng_event_t *heap;
    uint32_t n, cap;
    uint64_t next_seq;
    uint64_t now;     /* cycle of the event being processed */
    uint64_t processed;
    /* The tick queue (eng_ticks_init). A wheel entry's cycle is in [now, now + ENG_WHEEL): every
     * pending tick is at or after now, so its bucket, cycle mod ENG_WHEEL, is unambiguous. */
    uint64_t *tick_cycle;  /* [id]: the pending tick's cycle */
    uint8_t *tick_where;   /* [id]: 0 none pending, 1 in the wheel, 2 in the overflow list */
    uint64_t *wheel;       /* [bucket * words + w]: bitmap of ids due in that bucket's cycle */
    uint64_t wheel_used[ENG_WHEEL / 64]; /* bitmap of non-empty buckets */
    uint32_t *over, *over_pos; /* overflow list of ids, and each id's index in it */
    uint32_t nover, over_min_id;
    bool over_dirty;       /* over_min_id must be recomputed */
    uint32_t words, nticks, tick_ids;
    uint32_t tick_prio, tick_kind;
} eng_t;

void eng_init(eng_t *e);
void eng_free(eng_t *e);
/* Give the engine a tick queue for ids 0 .. ids-1, popped as events of kind `kind`, priority
 * `prio` + id and arg id. Returns false when out of memory. */
bool eng_ticks_init(eng_t *e, uint32_t ids, uint32_t prio, uint32_t kind);
/* Schedule id's tick at `cycle` (a cycle in the past is taken as now), replacing its pending one. */
void eng_tick(eng_t *e, uint32_t id, uint64_t cycle);
/* Schedule an event (a cycle in the past is taken as now). Returns false when out of memory. */
bool eng_schedule(eng_t *e, uint64_t cycle, uint32_t prio, uint32_t kind, uint32_t arg, void *ptr);
/* Remove the earliest event into *out and advance now. Returns false when the queue is empty. */
bool eng_pop(eng_t *e, eng_event_t *out);
static inline bool eng_empty(const eng_t *e) { return e->n == 0 && e->nticks == 0; }
/* Whether a tick for id at `cycle` (not before now) would be the next event popped, no tick being
 * pending: then the owner may run it at once and call eng_tick_ran, instead of eng_tick and
 * eng_pop (the same order, and the same count of events processed). */
static inline bool eng_tick_next(const eng_t *e, uint32_t id, uint64_t cycle)
{
    return e->nticks == 0 && cycle >= e->now &&
           (e->n == 0 || cycle < e->heap[0].cycle || (cycle == e->heap[0].cycle && e->heap[0].prio >= e->tick_prio + id));
}
static inline void eng_tick_ran(eng_t *e, uint64_t cycle)
{
    e->now = cycle;
    e->processed++;
}
/* Whether an event at (cycle, prio), scheduled now (after every pending one), would be the next
 * popped: then the owner may run it at once and call eng_tick_ran instead of eng_schedule and
 * eng_pop (the same order, and the same count of events processed). */
bool eng_event_next_slow(eng_t *e, uint64_t cycle, uint32_t prio); /* the ticks' part, by search */
static inline bool eng_event_next(eng_t *e, uint64_t cycle, uint32_t prio)
{
    if (cycle < e->now)
        return false;
    if (e->nticks > 0) {
        uint64_t n = cycle - e->now;
        if (prio < e->tick_prio && e->nover == 0 && n <= 64) {
            /* The usual question (a few cycles ahead, ticks of that cycle after it): is any wheel
             * bucket of cycles now .. cycle - 1 in use? No search for the first tick. */
            uint32_t b = (uint32_t)(e->now & (ENG_WHEEL - 1)), w = b / 64, sh = b % 64;
            uint64_t m = n == 64 ? ~0ull : (1ull << n) - 1;
            if ((e->wheel_used[w] & (m << sh)) ||
                (sh && (e->wheel_used[(w + 1) % (ENG_WHEEL / 64)] & (m >> (64 - sh)))))
                return false;
        } else if (!eng_event_next_slow(e, cycle, prio)) {
            return false;
        }
    }
    /* A pending event of the same cycle and priority has the lower sequence number: it goes first. */
    return e->n == 0 || e->heap[0].cycle > cycle || (e->heap[0].cycle == cycle && e->heap[0].prio > prio);
}

#endif

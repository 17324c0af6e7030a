/* engine: binary min-heap on (cycle, prio, seq), and the indexed tick heap on (cycle, id). */
#include "machine/engine.h"

#include <stdlib.h>
#include <string.h>

void eng_init(eng_t *e) { memset(e, 0, sizeof *e); }

void eng_free(eng_t *e)
{
    free(e->heap);
    free(e->tick_cycle);
    free(e->tick_where);
    free(e->wheel);
    free(e->over);
    free(e->over_pos);
    memset(e, 0, sizeof *e);
}

bool eng_ticks_init(eng_t *e, uint32_t ids, uint32_t prio, uint32_t kind)
{
    size_t n = ids ? ids : 1;
    e->words = (uint32_t)((n + 63) / 64);
    e->tick_cycle = calloc(n, sizeof *e->tick_cycle);
    e->tick_where = calloc(n, sizeof *e->tick_where);
    e->wheel = calloc((size_t)ENG_WHEEL * e->words, sizeof *e->wheel);
    e->over = calloc(n, sizeof *e->over);
    e->over_pos = calloc(n, sizeof *e->over_pos);
    if (!e->tick_cycle || !e->tick_where || !e->wheel || !e->over || !e->over_pos)
        return false;
    e->tick_ids = ids;
    e->tick_prio = prio;
    e->tick_kind = kind;
    return true;
}

/* Clear id's bit in wheel bucket b, and the bucket's bit in wheel_used once the bucket is empty
 * (the other words are looked at only when id's word has emptied). */
static inline void wheel_clear(eng_t *e, uint32_t b, uint32_t id)
{
    uint64_t *bucket = &e->wheel[(size_t)b * e->words];
    if ((bucket[id / 64] &= ~(1ull << (id % 64))) != 0)
        return;
    for (uint32_t w = 0; w < e->words; w++)
        if (bucket[w])
            return;
    e->wheel_used[b / 64] &= ~(1ull << (b % 64));
}

/* Inline: on the path of every tick, and most often a no-op (the tick was just popped). */
static inline void tick_remove(eng_t *e, uint32_t id)
{
    uint8_t where = e->tick_where[id];
    if (where == 0)
        return;
    if (where == 1) {
        wheel_clear(e, (uint32_t)(e->tick_cycle[id] & (ENG_WHEEL - 1)), id);
    } else {
        uint32_t i = e->over_pos[id], last = e->over[--e->nover];
        e->over[i] = last;
        e->over_pos[last] = i;
        e->over_dirty = true;
    }
    e->tick_where[id] = 0;
    e->nticks--;
}

void eng_tick(eng_t *e, uint32_t id, uint64_t cycle)
{
    tick_remove(e, id);
    if (cycle < e->now)
        cycle = e->now;
    e->tick_cycle[id] = cycle;
    e->nticks++;
    if (cycle - e->now < ENG_WHEEL) {
        uint32_t b = (uint32_t)(cycle & (ENG_WHEEL - 1));
        e->wheel[(size_t)b * e->words + id / 64] |= 1ull << (id % 64);
        e->wheel_used[b / 64] |= 1ull << (b % 64);
        e->tick_where[id] = 1;
    } else {
        e->over_pos[id] = e->nover;
        e->over[e->nover++] = id;
        e->tick_where[id] = 2;
        e->over_dirty = true;
    }
}

static bool tick_before(const eng_t *e, uint32_t a, uint32_t b)
{
    return e->tick_cycle[a] != e->tick_cycle[b] ? e->tick_cycle[a] < e->tick_cycle[b] : a < b;
}

/* The earliest pending tick's id (ties: the lowest id). Requires nticks > 0. Inlined into eng_pop,
 * the hot caller. */
static inline __attribute__((always_inline)) uint32_t tick_first(eng_t *e)
{
    uint32_t best = UINT32_MAX;
    /* The wheel: the first non-empty bucket at or after now's, wrapping around. */
    uint32_t start = (uint32_t)(e->now & (ENG_WHEEL - 1));
    for (uint32_t k = 0; k <= ENG_WHEEL / 64 && best == UINT32_MAX; k++) {
        uint32_t word = (start / 64 + k) % (ENG_WHEEL / 64);
        uint64_t bits = e->wheel_used[word];
        if (k == 0)
            bits &= ~0ull << (start % 64);              /* buckets before now's, in its word: later */
        else if (k == ENG_WHEEL / 64)
            bits &= start % 64 ? ~(~0ull << (start % 64)) : 0; /* wrapped round to now's word */
        if (!bits)
            continue;
        uint32_t b = word * 64 + (uint32_t)__builtin_ctzll(bits);
        const uint64_t *bucket = &e->wheel[(size_t)b * e->words];
        for (uint32_t w = 0; w < e->words; w++)
            if (bucket[w]) {
                best = w * 64 + (uint32_t)__builtin_ctzll(bucket[w]);
                break;
            }
    }
    if (e->nover > 0) {
        if (e->over_dirty) {
            uint32_t m = e->over[0];
            for (uint32_t i = 1; i < e->nover; i++)
                if (tick_before(e, e->over[i], m))
                    m = e->over[i];
            e->over_min_id = m;
            e->over_dirty = false;
        }
        if (best == UINT32_MAX || tick_before(e, e->over_min_id, best))
            best = e->over_min_id;
    }
    return best;
}

static bool before(const eng_event_t *a, const eng_event_t *b)
{
    if (a->cycle != b->cycle)
        return a->cycle < b->cycle;
    if (a->prio != b->prio)
        return a->prio < b->prio;
    return a->seq < b->seq;
}

bool eng_schedule(eng_t *e, uint64_t cycle, uint32_t prio, uint32_t kind, uint32_t arg, void *ptr)
{
    if (e->n == e->cap) {
        uint32_t cap = e->cap ? e->cap * 2 : 256;
        eng_event_t *h = realloc(e->heap, (size_t)cap * sizeof *h);
        if (!h)
            return false;
        e->heap = h;
        e->cap = cap;
    }
    eng_event_t ev = { cycle < e->now ? e->now : cycle, e->next_seq++, prio, kind, arg, ptr };
    uint32_t i = e->n++;
    while (i > 0) {
        uint32_t parent = (i - 1) / 2;
        if (!before(&ev, &e->heap[parent]))
            break;
        e->heap[i] = e->heap[parent];
        i = parent;
    }
    e->heap[i] = ev;
    return true;
}

bool eng_event_next_slow(eng_t *e, uint64_t cycle, uint32_t prio)
{
    uint32_t id = tick_first(e);
    uint64_t at = e->tick_cycle[id];
    return !(at < cycle || (at == cycle && e->tick_prio + id <= prio));
}

bool eng_pop(eng_t *e, eng_event_t *out)
{
    if (e->nticks > 0) {
        uint32_t id = tick_first(e);
        uint64_t at = e->tick_cycle[id];
        if (e->n == 0 || at < e->heap[0].cycle || (at == e->heap[0].cycle && e->heap[0].prio >= e->tick_prio + id)) {
            *out = (eng_event_t){ at, 0, e->tick_prio + id, e->tick_kind, id, NULL };
            tick_remove(e, id);
            e->now = at;
            e->processed++;
            return true;
        }
    }
    if (e->n == 0)
        return false;
    *out = e->heap[0];    eng_event_t last = e->heap[--e->n];
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= e->n)
            break;
        if (c + 1 < e->n && before(&e->heap[c + 1], &e->heap[c]))
            c++;
        if (!before(&e->heap[c], &last))
            break;
        e->heap[i] = e->heap[c];
        i = c;
    }
    if (e->n)
        e->heap[i] = last;
    e->now = out->cycle;
    e->processed++;
    return true;
}

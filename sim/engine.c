/* engine: binary min-heap on (cycle, prio, seq). */
#include "engine.h"

#include <stdlib.h>
#include <string.h>

void eng_init(eng_t *e) { memset(e, 0, sizeof *e); }

void eng_free(eng_t *e)
{
    free(e->heap);
    memset(e, 0, sizeof *e);
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

bool eng_pop(eng_t *e, eng_event_t *out)
{
    if (e->n == 0)
        return false;
    *out = e->heap[0];
    eng_event_t last = e->heap[--e->n];
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

/* The event engine: events in (cycle, priority, scheduling) order, past cycles taken as now, and the
 * tick queue (wheel and overflow) merged as events of priority tick_prio + id, one pending tick per
 * id. A randomised run is checked against a brute-force reference queue, and eng_tick_next (a tick
 * run at once) against what eng_tick and eng_pop would do. */
#include "unit.h"

#include <stdint.h>

#include "machine/engine.h"

enum { TICK_PRIO = 10, TICK_KIND = 99 };

START_TEST(events_in_order)
{
    eng_t e;
    eng_init(&e);
    ck_assert(eng_schedule(&e, 5, 1, 1, 0, NULL));
    ck_assert(eng_schedule(&e, 5, 0, 2, 0, NULL));
    ck_assert(eng_schedule(&e, 3, 7, 3, 0, NULL));
    ck_assert(eng_schedule(&e, 5, 0, 4, 0, NULL));
    uint32_t want[] = { 3, 2, 4, 1 };
    eng_event_t ev;
    for (int i = 0; i < 4; i++) {
        ck_assert(eng_pop(&e, &ev));
        ck_assert_uint_eq(ev.kind, want[i]);
    }
    ck_assert(!eng_pop(&e, &ev));
    /* now is 5: an event for cycle 2 runs at 5. */
    ck_assert(eng_schedule(&e, 2, 0, 5, 0, NULL));
    ck_assert(eng_pop(&e, &ev));
    ck_assert_uint_eq(ev.cycle, 5);
    ck_assert_uint_eq(e.processed, 5);
    eng_free(&e);
}
END_TEST

START_TEST(ticks_merge_replace_and_wrap)
{
    eng_t e;
    eng_init(&e);
    ck_assert(eng_ticks_init(&e, 130, TICK_PRIO, TICK_KIND));
    ck_assert(eng_schedule(&e, 10, 0, 1, 0, NULL));
    eng_tick(&e, 129, 10);
    eng_tick(&e, 3, 10);
    eng_tick(&e, 7, 50);
    eng_tick(&e, 7, 9);                  /* replaces the tick at 50 */
    eng_tick(&e, 64, 10 + 5 * ENG_WHEEL); /* beyond the wheel: the overflow list */
    eng_tick(&e, 65, ENG_WHEEL + 8);     /* in the wheel's next turn, bucket 8 before bucket 9 */
    eng_event_t ev;
    struct { uint64_t cycle; uint32_t kind, arg; } want[] = {
        { 9, TICK_KIND, 7 }, { 10, 1, 0 }, { 10, TICK_KIND, 3 }, { 10, TICK_KIND, 129 },
        { ENG_WHEEL + 8, TICK_KIND, 65 }, { 10 + 5 * ENG_WHEEL, TICK_KIND, 64 },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        ck_assert(eng_pop(&e, &ev));
        ck_assert_uint_eq(ev.cycle, want[i].cycle);
        ck_assert_uint_eq(ev.kind, want[i].kind);
        ck_assert_uint_eq(ev.arg, want[i].arg);
        if (ev.kind == TICK_KIND)
            ck_assert_uint_eq(ev.prio, TICK_PRIO + ev.arg);
    }
    ck_assert(eng_empty(&e));
    ck_assert(!eng_pop(&e, &ev));
    eng_free(&e);
}
END_TEST

/* The reference: every pending item in a flat array, the earliest found by a full scan. */
typedef struct {
    uint64_t cycle, seq;
    uint32_t prio, kind, arg;
    bool live;
} ref_item_t;

START_TEST(random_against_reference)
{
    enum { IDS = 100, MAX = 20000 };
    static ref_item_t ref[MAX];
    size_t nref = 0;
    uint64_t now = 0, seq = 0, rng = 12345;
    eng_t e;
    eng_init(&e);
    ck_assert(eng_ticks_init(&e, IDS, TICK_PRIO, TICK_KIND));
    for (int step = 0; step < 6000; step++) {
        /* A few schedules (events, or ticks some near, some past the wheel), then one pop. */
        for (int k = 0; k < 2; k++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            uint32_t r = (uint32_t)(rng >> 33);
            uint64_t at = now + (r % 4 == 0 ? r % (3 * ENG_WHEEL) : r % 6);
            if (r & 1) {
                uint32_t prio = (r >> 8) % TICK_PRIO, kind = (r >> 12) % 7;
                ck_assert(eng_schedule(&e, at, prio, kind, 0, NULL));
                ck_assert(nref < MAX);
                ref[nref++] = (ref_item_t){ at, seq++, prio, kind, 0, true };
            } else {
                uint32_t id = (r >> 8) % IDS;
                eng_tick(&e, id, at);
                for (size_t i = 0; i < nref; i++)
                    if (ref[i].live && ref[i].kind == TICK_KIND && ref[i].arg == id)
                        ref[i].live = false;
                ck_assert(nref < MAX);
                ref[nref++] = (ref_item_t){ at, 0, TICK_PRIO + id, TICK_KIND, id, true };
            }
        }
        size_t best = SIZE_MAX;
        for (size_t i = 0; i < nref; i++) {
            const ref_item_t *a = &ref[i];
            if (!a->live)
                continue;
            if (best == SIZE_MAX)
                best = i;
            else {
                const ref_item_t *b = &ref[best];
                if (a->cycle != b->cycle ? a->cycle < b->cycle : a->prio != b->prio ? a->prio < b->prio : a->seq < b->seq)
                    best = i;
            }
        }
        eng_event_t ev;
        ck_assert(eng_pop(&e, &ev));
        ck_assert_msg(ev.cycle == ref[best].cycle && ev.kind == ref[best].kind && ev.prio == ref[best].prio,
                      "step %d: popped cycle %llu kind %u prio %u, expected cycle %llu kind %u prio %u", step,
                      (unsigned long long)ev.cycle, ev.kind, ev.prio, (unsigned long long)ref[best].cycle,
                      ref[best].kind, ref[best].prio);
        ref[best].live = false;
        now = ev.cycle;
    }
    eng_free(&e);
}
END_TEST

/* eng_tick_next says yes exactly when eng_tick then eng_pop would hand back that tick next. */
START_TEST(tick_next_agrees_with_pop)
{
    eng_t e;
    eng_init(&e);
    ck_assert(eng_ticks_init(&e, 4, TICK_PRIO, TICK_KIND));
    uint64_t x = 12345;
    unsigned yes = 0, no = 0;
    for (int i = 0; i < 20000; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        unsigned r = (unsigned)(x >> 33);
        if (r % 3 == 0) /* another event, sometimes at now, with a priority on either side of the ticks' */
            ck_assert(eng_schedule(&e, e.now + (r >> 2) % 4, (r >> 4) % 2 ? 0 : TICK_PRIO + 2, 1, 0, NULL));
        if (r % 7 == 0) /* sometimes another CU's tick is pending */
            eng_tick(&e, 3, e.now + (r >> 6) % 3);
        uint32_t id = (r >> 8) % 3;
        uint64_t at = e.now + (r >> 10) % 3;
        bool next = eng_tick_next(&e, id, at);
        bool had_ticks = e.nticks > 0;
        eng_tick(&e, id, at);
        eng_event_t ev;
        ck_assert(eng_pop(&e, &ev));
        bool popped_it = ev.kind == TICK_KIND && ev.arg == id && ev.cycle == at;
        if (had_ticks)
            ck_assert(!next); /* only with no tick pending */
        else
            ck_assert_int_eq(next, popped_it);
        yes += next;
        no += !next;
        /* Drain to keep the queue short. */
        while (e.n + e.nticks > 3)
            ck_assert(eng_pop(&e, &ev));
    }
    ck_assert_uint_gt(yes, 1000);
    ck_assert_uint_gt(no, 1000);
    eng_free(&e);
}
END_TEST

/* eng_event_next says yes exactly when eng_schedule then eng_pop would hand back that event next:
 * against pending events of the same cycle and priority (scheduled before it: they go first) and
 * ticks of the same cycle on either side of its priority. */
START_TEST(event_next_agrees_with_pop)
{
    eng_t e;
    eng_init(&e);
    ck_assert(eng_ticks_init(&e, 5, TICK_PRIO, TICK_KIND));
    uint64_t x = 987654321;
    unsigned yes = 0, no = 0, tick_tie = 0;
    for (int i = 0; i < 20000; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        unsigned r = (unsigned)(x >> 33);
        if (r % 3 == 0)
            ck_assert(eng_schedule(&e, e.now + (r >> 2) % 3, (r >> 4) % 3 == 0 ? TICK_PRIO + 2 : 0, 1, 0, NULL));
        if (r % 5 == 0)
            eng_tick(&e, (r >> 6) % 4, e.now + ((r >> 20) % 4 == 0 ? 55 + (r >> 8) % 16 : (r >> 8) % 3));
        if (e.tick_where[4] == 0) /* a tick past the wheel: it stays in the overflow list until due */
            eng_tick(&e, 4, e.now + ENG_WHEEL + (r >> 8) % 3);
        uint64_t at = e.now + ((r >> 18) % 8 == 0 ? 60 + (r >> 10) % 8 : (r >> 10) % 3); /* sometimes near 64 ahead */
        uint32_t prio = (r >> 12) % 4 == 0 ? TICK_PRIO + 1 + (r >> 14) % 2 : 0; /* above tick 0's, or below all */
        bool next = eng_event_next(&e, at, prio);
        ck_assert(eng_schedule(&e, at, prio, 7, (uint32_t)i, NULL));
        eng_event_t ev;
        ck_assert(eng_pop(&e, &ev));
        bool popped_it = ev.kind == 7 && ev.arg == (uint32_t)i;
        ck_assert_int_eq(next, popped_it);
        if (!popped_it && ev.kind == TICK_KIND && ev.cycle == at)
            tick_tie++;
        yes += next;
        no += !next;
        while (e.n + e.nticks > 1 + (r >> 16) % 3) /* drain to a short queue (id 4's far tick stays) */
            ck_assert(eng_pop(&e, &ev));
    }
    ck_assert_uint_gt(yes, 1000);
    ck_assert_uint_gt(no, 1000);
    ck_assert_uint_gt(tick_tie, 100);
    eng_free(&e);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("engine");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, events_in_order);
    tcase_add_test(tc, ticks_merge_replace_and_wrap);
    tcase_add_test(tc, random_against_reference);
    tcase_add_test(tc, tick_next_agrees_with_pop);
    tcase_add_test(tc, event_next_agrees_with_pop);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

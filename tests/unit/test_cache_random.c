/* One cache level against a plain model of its tags on random reads, writes and invalidations:
 * which line a miss evicts (the first invalid way, else the least recently used or first installed
 * of the ways whose fills have arrived, else of all ways), hits against merges into a fill still on
 * its way, and what the level holds afterwards, line address 0 included (a fresh, invalidated or
 * flushed way holds no line, whatever its tag field). LRU and FIFO, 1 to 8 ways, write-allocate or not. */
#include "unit.h"

#include "mem/cache.h"

enum { NEXT = 100, LAT = 10, LINE = 64, MAXW = 8, NSETS = 2 };

static uint64_t next_level(void *ctx, uint64_t line, cache_op_t op, uint32_t bytes, uint64_t at)
{
    (void)ctx, (void)line, (void)op, (void)bytes;
    return at + NEXT;
}

static uint64_t rng(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

typedef struct {
    bool valid;
    uint64_t tag, stamp, ready_at;
} way_t;

typedef struct {
    way_t set[NSETS][MAXW];
    uint32_t ways;
    uint64_t clock;
    bool lru, write_allocate;
} model_t;

static way_t *model_find(model_t *m, uint64_t line)
{
    way_t *set = m->set[line / LINE % NSETS];
    for (uint32_t w = 0; w < m->ways; w++)
        if (set[w].valid && set[w].tag == line)
            return &set[w];
    return NULL;
}

static way_t *model_install(model_t *m, uint64_t line, uint64_t at)
{
    way_t *set = m->set[line / LINE % NSETS], *v = NULL;
    for (uint32_t w = 0; w < m->ways && !v; w++)
        if (!set[w].valid)
            v = &set[w];
    if (!v) {
        uint32_t settled = 0;
        for (uint32_t w = 0; w < m->ways; w++)
            settled += set[w].ready_at <= at;
        for (uint32_t w = 0; w < m->ways; w++)
            if ((!settled || set[w].ready_at <= at) && (!v || set[w].stamp < v->stamp))
                v = &set[w];
    }
    *v = (way_t){ true, line, ++m->clock, at };
    return v;
}

/* The outcome the model expects of an access at `at` (the port and the MSHRs never make it wait). */
static cache_outcome_t model_access(model_t *m, uint64_t line, cache_op_t op, uint64_t at)
{
    way_t *l = model_find(m, line);
    if (l) {
        if (m->lru)
            l->stamp = ++m->clock;
        return op == CACHE_WRITE || l->ready_at <= at + LAT ? CACHE_HIT : CACHE_MERGE;
    }
    if (op == CACHE_WRITE) {
        if (!m->write_allocate)
            return CACHE_BYPASS;
        model_install(m, line, at);
        return CACHE_MISS;
    }
    model_install(m, line, at)->ready_at = at + NEXT + LAT;
    return CACHE_MISS;
}

START_TEST(cache_tags_random)
{
    uint64_t s = 0x452821e638d01377ull;
    for (int run = 0; run < 200; run++) {
        model_t m;
        memset(&m, 0, sizeof m);
        m.ways = 1 + (uint32_t)(rng(&s) % MAXW);
        m.lru = rng(&s) & 1;
        m.write_allocate = rng(&s) & 1;
        cache_params_t p;
        memset(&p, 0, sizeof p);
        p.size_bytes = (uint64_t)NSETS * m.ways * LINE;
        p.ways = m.ways;
        p.line_bytes = LINE;
        p.repl = m.lru ? CACHE_REPL_LRU : CACHE_REPL_FIFO;
        p.write = rng(&s) & 1 ? CACHE_WRITE_BACK : CACHE_WRITE_THROUGH;
        p.write_allocate = m.write_allocate;
        p.latency = LAT;
        p.bytes_per_cycle = LINE;
        p.mshrs = 1024;
        cache_t c;
        ck_assert_int_eq(cache_init(&c, &p, next_level, NULL), 0);
        uint32_t nlines = 2 * m.ways * NSETS + 1; /* lines 0, 64, ...: more than the cache holds */
        uint64_t at = 0;
        for (int i = 0; i < 300; i++) {
            at += 1 + rng(&s) % 60; /* often within a fill's NEXT + LAT cycles */
            uint64_t line = (rng(&s) % nlines) * LINE;
            uint32_t k = (uint32_t)(rng(&s) % 8);
            if (k == 0 && rng(&s) % 8 == 0) { /* s_dcache_inv's flush: every way invalid */
                cache_flush(&c, at, true);
                for (int t = 0; t < NSETS; t++)
                    for (uint32_t w = 0; w < m.ways; w++)
                        m.set[t][w].valid = false;
            } else if (k == 0) {
                cache_invalidate(&c, line);
                way_t *l = model_find(&m, line);
                if (l)
                    l->valid = false;
            } else {
                cache_op_t op = k < 3 ? CACHE_WRITE : CACHE_READ;
                cache_result_t r;
                cache_access(&c, line + rng(&s) % LINE / 4 * 4, op, op == CACHE_READ ? LINE : 4, at, &r);
                cache_outcome_t want = model_access(&m, line, op, at);
                if (r.outcome != want)
                    ck_assert_msg(0, "run %d access %d: line %llx outcome %d, want %d", run, i,
                              (unsigned long long)line, (int)r.outcome, (int)want);
            }
            uint32_t bad = UINT32_MAX; /* one assertion per access: each costs a message to the runner */
            for (uint32_t j = 0; j < nlines && bad == UINT32_MAX; j++)
                if (cache_holds(&c, (uint64_t)j * LINE) != (model_find(&m, (uint64_t)j * LINE) != NULL))
                    bad = j;
            if (bad != UINT32_MAX)
                ck_assert_msg(0, "run %d access %d: line %x", run, i, bad * LINE);
        }
        cache_free(&c);
    }
}
END_TEST

static Suite *cache_random_suite(void)
{
    Suite *s = suite_create("cache_random");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, cache_tags_random);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(cache_random_suite)

/* One cache level (mem/cache.c) against a stub next level: hits, misses, merges, MSHR
 * back-pressure, write policies, atomics, replacement, the port, channel interleaving and its
 * parameter checks. Every expected cycle is derived by hand in a comment. The coalescer is tested
 * in test_coalescer.c, the memory system around the levels in test_memsys.c. */
#include "unit.h"

#include "mem/cache.h"

/* ---- a cache level with a stub next level that answers NEXT cycles after a request ---------- */

enum { NEXT = 100, LAT = 10 };

typedef struct {
    unsigned calls[3];         /* by cache_op_t */
    uint64_t last_line, last_at;
    uint32_t last_bytes;
} stub_t;

static uint64_t stub_next(void *ctx, uint64_t line, cache_op_t op, uint32_t bytes, uint64_t at)
{
    stub_t *s = ctx;
    s->calls[op]++;
    s->last_line = line;
    s->last_at = at;
    s->last_bytes = bytes;
    return at + NEXT;
}

/* 2 sets x 2 ways of 64-byte lines, 64 bytes per cycle, 4 MSHRs. */
static cache_params_t small(void)
{
    cache_params_t p;
    memset(&p, 0, sizeof p);
    p.size_bytes = 256;
    p.ways = 2;
    p.line_bytes = 64;
    p.repl = CACHE_REPL_LRU;
    p.write = CACHE_WRITE_BACK;
    p.write_allocate = true;
    p.latency = LAT;
    p.bytes_per_cycle = 64;
    p.mshrs = 4;
    return p;
}

static cache_result_t acc(cache_t *c, uint64_t addr, cache_op_t op, uint64_t at)
{
    cache_result_t r;
    cache_access(c, addr, op, op == CACHE_READ ? 64 : 4, at, &r);
    return r;
}

START_TEST(test_hit_miss_latency)
{
    stub_t st = { 0 };
    cache_t c;
    cache_params_t p = small();
    ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
    /* A miss at 0: the next level answers at 0 + 100, this level adds 10: 110. */
    cache_result_t r = acc(&c, 0x1000, CACHE_READ, 0);
    ck_assert_int_eq(r.outcome, CACHE_MISS);
    ck_assert_uint_eq(r.ready, NEXT + LAT);
    ck_assert_uint_eq(st.calls[CACHE_READ], 1);
    ck_assert_uint_eq(st.last_line, 0x1000);
    /* The same line at 5 (the port is free again at 1): the fill is on its way, a merge that
     * answers with it at 110; no second request goes out. */
    r = acc(&c, 0x1004, CACHE_READ, 5);
    ck_assert_int_eq(r.outcome, CACHE_MERGE);
    ck_assert_uint_eq(r.ready, 110);
    ck_assert_uint_eq(st.calls[CACHE_READ], 1);
    /* At 200 the line is there: a hit, 200 + 10. */
    r = acc(&c, 0x103c, CACHE_READ, 200);
    ck_assert_int_eq(r.outcome, CACHE_HIT);
    ck_assert_uint_eq(r.ready, 210);
    ck_assert(cache_holds(&c, 0x1000));
    ck_assert(!cache_holds(&c, 0x1040));
    cache_free(&c);
}
END_TEST

/* The port moves 64 bytes a cycle, at least a cycle a request: four requests at cycle 0 start at
 * 0, 1, 2, 3; a 4-byte write holds it a whole cycle too. */
START_TEST(test_port_queue)
{
    stub_t st = { 0 };
    cache_t c;
    cache_params_t p = small();
    p.size_bytes = 64 * 2 * 8;
    ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
    for (uint64_t i = 0; i < 4; i++) {
        cache_result_t r = acc(&c, 0x4000 + 64 * i, CACHE_READ, 0);
        ck_assert_uint_eq(r.accepted, i);
        ck_assert_uint_eq(r.ready, i + NEXT + LAT);
    }
    cache_result_t r = acc(&c, 0x4000, CACHE_WRITE, 0);
    ck_assert_uint_eq(r.accepted, 4);
    /* Half the bandwidth: a 64-byte line holds the port for two cycles. */
    cache_free(&c);
    p.bytes_per_cycle = 32;
    ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
    ck_assert_uint_eq(acc(&c, 0x8000, CACHE_READ, 0).accepted, 0);
    ck_assert_uint_eq(acc(&c, 0x8040, CACHE_READ, 0).accepted, 2);
    ck_assert_uint_eq(acc(&c, 0x8080, CACHE_READ, 7).accepted, 7);
    cache_free(&c);
}
END_TEST

/* Two MSHRs, three misses to different lines at 0, 1, 2: the third waits for the first MSHR to
 * free at 0 + 100 (its fill), goes to the next level then, and answers at 100 + 100 + 10. */
START_TEST(test_mshr_back_pressure)
{
    stub_t st = { 0 };
    cache_t c;
    cache_params_t p = small();
    p.mshrs = 2;
    p.size_bytes = 64 * 2 * 8;
    ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
    uint64_t wait;
    ck_assert_uint_eq(cache_start_at(&c, 0x0, CACHE_READ, 0, &wait), 0);
    ck_assert_uint_eq(wait, 0);
    ck_assert_uint_eq(acc(&c, 0x0, CACHE_READ, 0).ready, 110);
    ck_assert_uint_eq(acc(&c, 0x40, CACHE_READ, 1).ready, 111);
    /* Both MSHRs are busy until 100 and 101: a new miss at 2 (the port is free from 2) starts at
     * 100, 98 cycles of it waiting for the MSHR. */
    ck_assert_uint_eq(cache_start_at(&c, 0x80, CACHE_READ, 2, &wait), 100);
    ck_assert_uint_eq(wait, 98);
    /* A hit or a merge needs no MSHR; nor does a write. */
    ck_assert_uint_eq(cache_start_at(&c, 0x40, CACHE_READ, 2, &wait), 2);
    ck_assert_uint_eq(cache_start_at(&c, 0xc0, CACHE_WRITE, 2, &wait), 2);
    ck_assert_uint_eq(wait, 0);
    cache_result_t r = acc(&c, 0x80, CACHE_READ, 2);
    ck_assert_int_eq(r.outcome, CACHE_MISS);
    ck_assert_uint_eq(r.accepted, 100);
    ck_assert_uint_eq(st.last_at, 100);
    ck_assert_uint_eq(r.ready, 210);
    ck_assert_uint_eq(st.calls[CACHE_READ], 3);
    cache_free(&c);
}
END_TEST

/* LRU and FIFO differ on A, B, A, C in one 2-way set: LRU evicts B, FIFO evicts A. Lines 0x000,
 * 0x080, 0x100 share set 0 (2 sets of 64-byte lines). */
START_TEST(test_replacement)
{
    for (int repl = CACHE_REPL_LRU; repl <= CACHE_REPL_FIFO; repl++) {
        stub_t st = { 0 };
        cache_t c;
        cache_params_t p = small();
        p.repl = (cache_repl_t)repl;
        ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
        acc(&c, 0x000, CACHE_READ, 0);
        acc(&c, 0x080, CACHE_READ, 1);
        ck_assert_int_eq(acc(&c, 0x000, CACHE_READ, 500).outcome, CACHE_HIT);
        ck_assert_int_eq(acc(&c, 0x100, CACHE_READ, 501).outcome, CACHE_MISS);
        ck_assert(cache_holds(&c, 0x100));
        ck_assert(cache_holds(&c, 0x000) == (repl == CACHE_REPL_LRU));
        ck_assert(cache_holds(&c, 0x080) == (repl == CACHE_REPL_FIFO));
        /* Set 1 is untouched. */
        ck_assert(!cache_holds(&c, 0x040));
        cache_free(&c);
    }
    /* Random replacement is deterministic: two caches make the same choices. */
    stub_t st = { 0 };
    cache_t a, b;
    cache_params_t p = small();
    p.repl = CACHE_REPL_RANDOM;
    ck_assert_int_eq(cache_init(&a, &p, stub_next, &st), 0);
    ck_assert_int_eq(cache_init(&b, &p, stub_next, &st), 0);
    for (uint64_t i = 0; i < 64; i++) {
        cache_result_t ra = acc(&a, 0x80 * (i % 5), CACHE_READ, 1000 * i);
        cache_result_t rb = acc(&b, 0x80 * (i % 5), CACHE_READ, 1000 * i);
        ck_assert_int_eq(ra.outcome, rb.outcome);
    }
    cache_free(&a);
    cache_free(&b);
}
END_TEST

/* Write-back: a store dirties the line (answering after the level's own latency), and its
 * eviction writes it to the next level. */
START_TEST(test_write_back)
{
    stub_t st = { 0 };
    cache_t c;
    cache_params_t p = small();
    ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
    cache_result_t r = acc(&c, 0x000, CACHE_WRITE, 0);
    ck_assert_int_eq(r.outcome, CACHE_MISS); /* write-allocate without a fetch */
    ck_assert_uint_eq(r.ready, LAT);
    ck_assert_uint_eq(st.calls[CACHE_READ] + st.calls[CACHE_WRITE], 0);
    ck_assert_int_eq(acc(&c, 0x000, CACHE_WRITE, 5).outcome, CACHE_HIT);
    acc(&c, 0x080, CACHE_READ, 10);
    r = acc(&c, 0x100, CACHE_READ, 500); /* evicts 0x000 (LRU), which is dirty */
    ck_assert(r.wrote_back);
    ck_assert_uint_eq(st.calls[CACHE_WRITE], 1);
    ck_assert_uint_eq(st.last_bytes, 64);
    /* A clean victim is not written. */
    r = acc(&c, 0x180, CACHE_READ, 600);
    ck_assert(!r.wrote_back);
    ck_assert_uint_eq(st.calls[CACHE_WRITE], 1);
    cache_free(&c);
}
END_TEST

/* Write-through: every store goes on (answering when the next level does, plus the latency);
 * with write-allocate the line is installed (a later load hits), without it the store bypasses. */
START_TEST(test_write_through)
{
    for (int alloc = 0; alloc <= 1; alloc++) {
        stub_t st = { 0 };
        cache_t c;
        cache_params_t p = small();
        p.write = CACHE_WRITE_THROUGH;
        p.write_allocate = alloc;
        ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
        cache_result_t r = acc(&c, 0x200, CACHE_WRITE, 3);
        ck_assert_int_eq(r.outcome, alloc ? CACHE_MISS : CACHE_BYPASS);
        ck_assert_uint_eq(r.ready, 3 + NEXT + LAT);
        ck_assert_uint_eq(st.calls[CACHE_WRITE], 1);
        ck_assert_uint_eq(st.last_bytes, 4);
        ck_assert_int_eq(acc(&c, 0x200, CACHE_READ, 50).outcome, alloc ? CACHE_HIT : CACHE_MISS);
        /* A write-through line is never dirty: evicting it writes nothing. */
        acc(&c, 0x280, CACHE_READ, 300);
        acc(&c, 0x300, CACHE_READ, 400);
        acc(&c, 0x380, CACHE_READ, 500);
        ck_assert_uint_eq(st.calls[CACHE_WRITE], 1);
        cache_free(&c);
    }
}
END_TEST

/* An atomic passes a level that does not execute atomics (dropping its copy) and executes at one
 * that does (fetching the line on a miss, leaving it dirty). */
START_TEST(test_atomics)
{
    stub_t st = { 0 };
    cache_t c;
    cache_params_t p = small();
    p.write = CACHE_WRITE_THROUGH;
    ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
    acc(&c, 0x40, CACHE_READ, 0);
    ck_assert(cache_holds(&c, 0x40));
    cache_result_t r = acc(&c, 0x44, CACHE_ATOMIC, 200);
    ck_assert_int_eq(r.outcome, CACHE_BYPASS);
    ck_assert_uint_eq(r.ready, 200 + NEXT + LAT);
    ck_assert_uint_eq(st.calls[CACHE_ATOMIC], 1);
    ck_assert(!cache_holds(&c, 0x40));
    cache_free(&c);

    memset(&st, 0, sizeof st);
    p = small();
    p.atomics_here = true;
    ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
    r = acc(&c, 0x44, CACHE_ATOMIC, 0);
    ck_assert_int_eq(r.outcome, CACHE_MISS);
    ck_assert_uint_eq(st.calls[CACHE_READ], 1);
    ck_assert_uint_eq(st.calls[CACHE_ATOMIC], 0);
    ck_assert_int_eq(acc(&c, 0x48, CACHE_ATOMIC, 500).outcome, CACHE_HIT);
    /* It is dirty: evicting it writes it back. */
    acc(&c, 0xc0, CACHE_READ, 600);
    acc(&c, 0x140, CACHE_READ, 700);
    ck_assert_uint_eq(st.calls[CACHE_WRITE], 1);
    cache_free(&c);
}
END_TEST

/* A channel of a 4-way interleaved cache (256-byte blocks) sees blocks 0, 4, 8, ...: its set index
 * skips the channel bits, so 4 consecutive blocks of its own fill 4 different sets. */
START_TEST(test_interleaved_sets)
{
    stub_t st = { 0 };
    cache_t c;
    cache_params_t p = small();
    p.size_bytes = 64 * 16; /* 16 sets, 1 way */
    p.ways = 1;
    p.set_skip_bytes = 256;
    p.set_skip_count = 4;
    ck_assert_ptr_null(cache_params_problem(&p));
    ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
    /* This channel's blocks: 0x000, 0x400, 0x800, 0xc00 -> local blocks 0..3 -> sets 0..15. */
    for (uint64_t b = 0; b < 4; b++)
        for (uint64_t l = 0; l < 4; l++)
            acc(&c, b * 0x400 + l * 64, CACHE_READ, 1000 * b + l);
    for (uint64_t b = 0; b < 4; b++)
        for (uint64_t l = 0; l < 4; l++)
            ck_assert_msg(cache_holds(&c, b * 0x400 + l * 64), "block %d line %d evicted", (int)b, (int)l);
    cache_free(&c);
    /* Without skipping, the same 16 lines would map to 4 sets and evict each other. */
    p.set_skip_count = 0;
    ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
    for (uint64_t b = 0; b < 4; b++)
        for (uint64_t l = 0; l < 4; l++)
            acc(&c, b * 0x400 + l * 64, CACHE_READ, 1000 * b + l);
    ck_assert(!cache_holds(&c, 0x000));
    cache_free(&c);
}
END_TEST

START_TEST(test_params_problems)
{
    cache_params_t p = small();
    ck_assert_ptr_null(cache_params_problem(&p));
    p.line_bytes = 48;
    ck_assert_str_eq(cache_params_problem(&p), "the line size must be a power of two of at least 4 bytes");
    p = small();
    p.size_bytes = 64 * 3;
    ck_assert_str_eq(cache_params_problem(&p), "the size must be a whole number of sets (ways x line size)");
    p = small();
    p.mshrs = 0;
    ck_assert_str_eq(cache_params_problem(&p), "MSHRs and bytes per cycle must be positive");
    p = small();
    p.set_skip_count = 4;
    p.set_skip_bytes = 100;
    ck_assert_str_eq(cache_params_problem(&p), "the channel interleave must be a multiple of the line size");
}
END_TEST

/* A line whose fill is on its way is not chosen as a victim while another way is settled; an
 * atomic passing a write-back level writes its dirty copy back first. */
START_TEST(test_victims_and_dirty_atomics)
{
    stub_t st = { 0 };
    cache_t c;
    cache_params_t p = small(); /* 2 sets x 2 ways, write-back, LRU */
    ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
    acc(&c, 0x000, CACHE_READ, 0);   /* settled from 110 */
    acc(&c, 0x080, CACHE_READ, 200); /* in flight until 310 */
    acc(&c, 0x000, CACHE_READ, 250); /* 0x000 is now the most recently used */
    /* At 260 a third line of set 0: LRU would take 0x080, but its fill is on its way. */
    acc(&c, 0x100, CACHE_READ, 260);
    ck_assert(cache_holds(&c, 0x080));
    ck_assert(!cache_holds(&c, 0x000));
    cache_free(&c);

    memset(&st, 0, sizeof st);
    ck_assert_int_eq(cache_init(&c, &p, stub_next, &st), 0);
    acc(&c, 0x40, CACHE_WRITE, 0); /* dirty */
    cache_result_t r = acc(&c, 0x44, CACHE_ATOMIC, 10);
    ck_assert_int_eq(r.outcome, CACHE_BYPASS);
    ck_assert(r.wrote_back);
    ck_assert_uint_eq(st.calls[CACHE_WRITE], 1);
    ck_assert_uint_eq(st.calls[CACHE_ATOMIC], 1);
    ck_assert(!cache_holds(&c, 0x40));
    cache_free(&c);
}
END_TEST

static Suite *cache_level_suite(void)
{
    Suite *s = suite_create("cache_level");
    TCase *tc = tcase_create("cache");
    tcase_add_test(tc, test_hit_miss_latency);
    tcase_add_test(tc, test_port_queue);
    tcase_add_test(tc, test_mshr_back_pressure);
    tcase_add_test(tc, test_replacement);
    tcase_add_test(tc, test_write_back);
    tcase_add_test(tc, test_write_through);
    tcase_add_test(tc, test_atomics);
    tcase_add_test(tc, test_interleaved_sets);
    tcase_add_test(tc, test_params_problems);
    tcase_add_test(tc, test_victims_and_dirty_atomics);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(cache_level_suite)

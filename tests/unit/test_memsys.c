/* The memory system: the generic cache level (hits, misses, merges, MSHR back-pressure, write
 * policies, atomics, replacement, the port), the coalescer, the DRAM channels and their open-row
 * model, and a kernel's line requests end to end. Every expected cycle is derived by hand in a
 * comment. */
#include "timing_harness.h"
#include "unit.h"

#include "mem/cache.h"
#include "mem/memsys.h"
#include "observe/stats.h"

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

/* ---- the coalescer ----------------------------------------------------------------------------- */

/* The coalescer on 64 lanes at base + stride * lane; *distinct gets the distinct bytes. */
static uint32_t coalesce_as(bool combine, uint64_t base, uint64_t stride, uint32_t bytes, uint64_t lanes, uint32_t *used,
                            uint64_t *distinct)
{
    uint64_t addr[64], lines[128];
    uint32_t u[128];
    for (int l = 0; l < 64; l++)
        addr[l] = base + stride * (uint64_t)l;
    uint32_t n = mem_coalesce(addr, lanes, bytes, 64, combine, lines, used ? used : u, distinct);
    for (uint32_t i = 1; i < n; i++)
        ck_assert_msg(lines[i] != lines[i - 1], "line %u requested twice", i);
    return n;
}

static uint32_t coalesce(uint64_t base, uint64_t stride, uint32_t bytes, uint64_t lanes, uint32_t *used)
{
    uint64_t distinct;
    return coalesce_as(true, base, stride, bytes, lanes, used, &distinct);
}

START_TEST(test_coalescer)
{
    uint32_t used[128];
    uint64_t distinct_bytes;
    /* 64 consecutive dwords from a line boundary: 256 bytes, 4 lines of 64 bytes each. */
    ck_assert_uint_eq(coalesce_as(true, 0x1000, 4, 4, ~0ull, used, &distinct_bytes), 4);
    for (int i = 0; i < 4; i++)
        ck_assert_uint_eq(used[i], 64);
    ck_assert_uint_eq(distinct_bytes, 256);
    /* A 64-byte stride: every lane its own line. */
    ck_assert_uint_eq(coalesce(0x1000, 64, 4, ~0ull, used), 64);
    ck_assert_uint_eq(used[63], 4);
    /* dwordx2 / x3 / x4, consecutive: 512 / 768 / 1024 bytes = 8 / 12 / 16 lines. */
    ck_assert_uint_eq(coalesce(0x1000, 8, 8, ~0ull, NULL), 8);
    ck_assert_uint_eq(coalesce(0x1000, 12, 12, ~0ull, NULL), 12);
    ck_assert_uint_eq(coalesce(0x1000, 16, 16, ~0ull, NULL), 16);
    /* Consecutive dwords starting 4 bytes into a line: 256 bytes over 5 lines. */
    ck_assert_uint_eq(coalesce(0x1004, 4, 4, ~0ull, used), 5);
    ck_assert_uint_eq(used[0], 60);
    ck_assert_uint_eq(used[4], 4);
    /* One lane whose dword crosses a line: both lines, 2 bytes in each. */
    ck_assert_uint_eq(coalesce(0x103e, 4, 4, 1, used), 2);
    ck_assert_uint_eq(used[0], 2);
    ck_assert_uint_eq(used[1], 2);
    /* Every lane the same address (a broadcast): one line, and 4 distinct bytes: a combined store
     * writes them once; as atomics the 64 lanes' operations all go. 16 active lanes: one line. */
    ck_assert_uint_eq(coalesce_as(true, 0x2000, 0, 4, ~0ull, used, &distinct_bytes), 1);
    ck_assert_uint_eq(used[0], 4);
    ck_assert_uint_eq(distinct_bytes, 4);
    ck_assert_uint_eq(coalesce_as(false, 0x2000, 0, 4, ~0ull, used, &distinct_bytes), 1);
    ck_assert_uint_eq(used[0], 256);
    ck_assert_uint_eq(distinct_bytes, 4);
    /* Overlapping 16-byte accesses 4 bytes apart: 64 x 16 bytes requested, 268 distinct. */
    ck_assert_uint_eq(coalesce_as(true, 0x4000, 4, 16, ~0ull, NULL, &distinct_bytes), 5);
    ck_assert_uint_eq(distinct_bytes, 63 * 4 + 16);
    ck_assert_uint_eq(coalesce(0x2000, 4, 4, 0xffff, NULL), 1);
    /* No active lane: nothing. */
    ck_assert_uint_eq(coalesce(0x2000, 4, 4, 0, NULL), 0);
    /* Lanes in reverse order still give each line once, in order of first touch. */
    uint64_t addr[64], lines[128];
    for (int l = 0; l < 64; l++)
        addr[l] = 0x3000 + 4 * (uint64_t)(63 - l);
    ck_assert_uint_eq(mem_coalesce(addr, ~0ull, 4, 64, true, lines, used, &distinct_bytes), 4);
    ck_assert_uint_eq(lines[0], 0x30c0);
    ck_assert_uint_eq(lines[3], 0x3000);
}
END_TEST

/* The coalescer against a plain reference on random lanes and addresses: lines in order of first
 * touch found by a linear search, granule masks per line, 64- and 256-byte lines (granules of 1
 * and 4 bytes), addresses from a few lines so that lanes return to earlier lines (A B A). */
static uint64_t test_rng(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Compare mem_coalesce on the lanes with the reference: lines in order of first touch found by a
 * linear search, a granule mask per line (each byte counted once, so a run to the top of the
 * address space is fine). */
static void coalesce_check(const uint64_t *addr, uint64_t lanes, uint32_t bytes, uint32_t lb, bool combine)
{
    uint32_t g = lb > 64 ? lb / 64 : 1;
    uint64_t lines[128], want_lines[128], mask[128] = { 0 }, distinct, want_distinct = 0;
    uint32_t used[128], want_used[128], n = mem_coalesce(addr, lanes, bytes, lb, combine, lines, used, &distinct);
    uint32_t wn = 0;
    for (int l = 0; l < 64; l++) {
        if (!(lanes >> l & 1))
            continue;
        for (uint32_t i = 0; i < bytes; i++) {
            uint64_t b = addr[l] + i, line = b / lb * lb;
            uint32_t k = 0;
            while (k < wn && want_lines[k] != line)
                k++;
            if (k == wn) {
                want_lines[wn] = line;
                want_used[wn++] = 0;
            }
            want_used[k]++;
            mask[k] |= 1ull << ((b - line) / g);
        }
    }
    ck_assert_uint_eq(n, wn);
    for (uint32_t k = 0; k < wn; k++) {
        uint32_t u = (uint32_t)__builtin_popcountll(mask[k]) * g;
        want_distinct += u;
        ck_assert_uint_eq(lines[k], want_lines[k]);
        ck_assert_uint_eq(used[k], combine ? u : want_used[k]);
    }
    ck_assert_uint_eq(distinct, want_distinct);
}

static const uint32_t coalesce_sizes[] = { 1, 2, 4, 8, 12, 16 };

/* Unit-stride lanes (each active lane's access starting where the previous one's ends), which the
 * coalescer takes as one range, with runs broken at random (jumps, gaps, overlaps, inactive lanes)
 * so that the per-lane path runs between them. */
START_TEST(test_coalescer_unit_stride)
{
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (int iter = 0; iter < 6000; iter++) {
        uint32_t lb = test_rng(&s) & 1 ? 256 : 64;
        uint32_t bytes = coalesce_sizes[test_rng(&s) % 6];
        bool combine = test_rng(&s) & 1;
        uint64_t pick = test_rng(&s) % 4;
        uint64_t lanes = pick == 0   ? ~0ull
                         : pick == 1 ? test_rng(&s) | test_rng(&s)
                         : pick == 2 ? test_rng(&s)
                                     : ~0ull << (test_rng(&s) % 64);
        uint64_t addr[64], a = 0x10000 + test_rng(&s) % 512;
        int breaks = (int)(test_rng(&s) % 4);
        for (int l = 0; l < 64; l++) {
            addr[l] = a;
            a += bytes;
            if (breaks && test_rng(&s) % 16 == 0) /* a jump, a gap or an overlap */
                a = test_rng(&s) % 3 == 0 ? 0x10000 + test_rng(&s) % 4096 : a + (test_rng(&s) % 5) - 2;
        }
        coalesce_check(addr, lanes, bytes, lb, combine);
    }
}
END_TEST

START_TEST(test_coalescer_random)
{
    uint64_t s = 0x243f6a8885a308d3ull;
    for (int iter = 0; iter < 4000; iter++) {
        uint32_t lb = test_rng(&s) & 1 ? 256 : 64;
        uint32_t bytes = coalesce_sizes[test_rng(&s) % 6];
        bool combine = test_rng(&s) & 1;
        uint64_t lanes = test_rng(&s) | test_rng(&s), addr[64], span = 64u << (test_rng(&s) % 6);
        for (int l = 0; l < 64; l++)
            addr[l] = 0x10000 + test_rng(&s) % span;
        coalesce_check(addr, lanes, bytes, lb, combine);
    }
}
END_TEST

/* Runs: lanes whose accesses follow each other without gap (a wave's consecutive dwords), which the
 * coalescer takes in one piece; one block of lanes or all, at any alignment, up to the top of the
 * address space; and near misses that must go lane by lane: a gap or an overlap at one lane, lanes
 * with holes in the mask, a run that wraps the address space. */
START_TEST(test_coalescer_runs)
{
    uint64_t s = 0x13198a2e03707344ull;
    for (int iter = 0; iter < 4000; iter++) {
        uint32_t lb = (uint32_t)16 << (test_rng(&s) % 5); /* 16 .. 256 */
        uint32_t bytes = coalesce_sizes[test_rng(&s) % 6];
        while (bytes > lb)
            bytes /= 2;
        bool combine = test_rng(&s) & 1;
        uint64_t lanes, addr[64];
        switch (test_rng(&s) % 4) {
        case 0: case 1: lanes = ~0ull; break;
        case 2: lanes = (~0ull >> (test_rng(&s) % 64)) << (test_rng(&s) % 64); break; /* one block */
        default: lanes = test_rng(&s) | test_rng(&s); break;
        }
        if (!lanes)
            lanes = 1;
        uint64_t start = 0x40000 + test_rng(&s) % 1024;
        /* Ending at the top of the address space, or wrapping it between two lanes (a lane's own
         * access never wraps: an address cannot). */
        bool top = test_rng(&s) % 8 == 0;
        if (top)
            start = 0 - (uint64_t)bytes * (1 + test_rng(&s) % (uint64_t)__builtin_popcountll(lanes));
        uint64_t a = start;
        bool every = test_rng(&s) % 4 == 0; /* inactive lanes on the run too: a gap at each */
        for (int l = 0; l < 64; l++) {
            addr[l] = a;
            if ((lanes >> l & 1) || every)
                a += bytes;
        }
        if (!top && test_rng(&s) % 4 == 0) /* one lane off the run by a little */
            addr[test_rng(&s) % 64] += test_rng(&s) % 2 ? 1 : (uint64_t)-1;
        coalesce_check(addr, lanes, bytes, lb, combine);
    }
}
END_TEST

/* ---- DRAM through the memory system -------------------------------------------------------- */

/* A scalar load from CU 0 on a machine with one L2 channel and one DRAM channel: a miss travels
 * scalar cache -> L2 -> DRAM and back: 45 + 105 + latency. */
static mem_access_t scalar_load(mem_t *m, uint64_t addr, uint64_t at)
{
    mem_access_t a;
    mem_scalar(m, 0, addr, 4, at, &a);
    return a;
}

START_TEST(test_dram_rows)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    ck_assert_int_eq(cfg_set(&cfg, "l2.channels=1", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "dram.channels=1", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "dram.row_model=on", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "dram.banks=2", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "dram.row_bytes=2048", stderr), 0);
    ck_assert_int_eq(cfg_validate(&cfg, stderr), 0);
    mem_t m;
    ck_assert_int_eq(mem_init(&m, &cfg, 1), 0);
    uint64_t base = 45 + 105;
    /* Row 0 of bank 0 is closed: a row miss, 230. */
    mem_access_t a = scalar_load(&m, 0x0, 0);
    ck_assert_uint_eq(a.done, base + 230);
    ck_assert_uint_eq(a.dram_row_misses, 1);
    /* MSHRs are held from the miss until the fill arrives: the L2's for DRAM's 230, the scalar
     * cache's for the L2's answer (105 + 230); the fill's own 45 at the scalar cache is after. */
    ck_assert_uint_eq(a.mshr_cycles[MEM_L2], 230);
    ck_assert_uint_eq(a.mshr_cycles[MEM_SCALAR], 105 + 230);
    ck_assert_uint_eq(a.mshr_cycles[MEM_L1V], 0);
    /* The next line of the same row: a row hit, 170. */
    a = scalar_load(&m, 0x40, 1000);
    ck_assert_uint_eq(a.done, 1000 + base + 170);
    ck_assert_uint_eq(a.dram_row_hits, 1);
    /* 2048 bytes on: bank 1, closed: a miss. Bank 0 keeps its row open meanwhile. */
    ck_assert_uint_eq(scalar_load(&m, 0x800, 2000).done, 2000 + base + 230);
    ck_assert_uint_eq(scalar_load(&m, 0x80, 3000).done, 3000 + base + 170);
    /* 4096 on: bank 0 again, another row: a miss, which closes row 0. */
    ck_assert_uint_eq(scalar_load(&m, 0x1000, 4000).done, 4000 + base + 230);
    ck_assert_uint_eq(scalar_load(&m, 0xc0, 5000).done, 5000 + base + 230);
    /* Row 0 is open again: another of its lines hits it. */
    a = scalar_load(&m, 0x140, 6000);
    ck_assert_uint_eq(a.done, 6000 + base + 170);
    ck_assert_uint_eq(a.dram_row_hits, 1);
    /* The scalar cache has that line now: 45, and DRAM is not asked. */
    a = scalar_load(&m, 0x144, 7000);
    ck_assert_uint_eq(a.done, 7000 + 45);
    ck_assert_uint_eq(a.count[MEM_SCALAR][CACHE_HIT], 1);
    ck_assert_uint_eq(a.dram_row_hits + a.dram_row_misses, 0);
    ck_assert_uint_eq(a.mshr_cycles[MEM_SCALAR] + a.mshr_cycles[MEM_L2], 0); /* a hit holds none */
    mem_free(&m);
}
END_TEST

/* The DRAM channel's bandwidth: 32 bytes a cycle, so lines fetched at the same cycle through one
 * channel start two cycles apart (the L2 port, 64 bytes a cycle, passes one a cycle). */
START_TEST(test_dram_bandwidth)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    ck_assert_int_eq(cfg_set(&cfg, "l2.channels=1", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "dram.channels=1", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "gpu.compute_units=8", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "scalar.cus_per_cache=1", stderr), 0);
    mem_t m;
    ck_assert_int_eq(mem_init(&m, &cfg, 8), 0);
    /* Eight CUs, eight scalar caches, one line each at cycle 0: DRAM starts them at 0, 2, ... 14. */
    for (uint32_t cu = 0; cu < 8; cu++) {
        mem_access_t a;
        mem_scalar(&m, cu, 0x10000 + 64 * cu, 4, 0, &a);
        ck_assert_uint_eq(a.done, 45 + 105 + 200 + 2 * cu);
        ck_assert_uint_eq(a.dram_bytes, 64);
        /* The L2 takes an MSHR as its port passes the line (cycle cu) and holds it until DRAM,
         * starting at 2 cu, answers 200 later. */
        ck_assert_uint_eq(a.mshr_cycles[MEM_L2], 200 + cu);
    }
    mem_free(&m);
}
END_TEST

/* Requests reach the shared L2 in time order. CU 0 issues a 64-line flat_load_dwordx4 at cycle 0
 * (lanes 4096 bytes apart: every line in one L2 channel and one DRAM channel); its L1 takes a line a
 * cycle, so line j reaches the L2 at cycle j. CU 1 loads one line of the same channel at cycle 1.
 * Handed over in time, it queues behind CU 0's lines 0 and 1 only (DRAM: 2 cycles a line), not
 * behind all 64: its data are back by 1 + 450 + 4. Under vmem.address_model = bytes, where each line
 * holds the L1's port a cycle (under lanes four 16-byte reads share a cycle). */
START_TEST(test_time_order_at_l2)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    ck_assert_int_eq(cfg_set(&cfg, "gpu.compute_units=2", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "vmem.address_model=bytes", stderr), 0);
    mem_t m;
    ck_assert_int_eq(mem_init(&m, &cfg, 2), 0);
    isa_exec_result_t big, one;
    memset(&big, 0, sizeof big);
    memset(&one, 0, sizeof one);
    big.lanes = ~0ull;
    for (int l = 0; l < 64; l++)
        big.addr[l] = 0x200000000ull + 4096ull * (uint64_t)l;
    one.lanes = 1;
    one.addr[0] = 0x200000040ull;
    const mem_access_t *a;
    uint64_t at;
    /* Cycle 0: line 0 goes; line 1 waits for the port at cycle 1. */
    ck_assert(!mem_vector(&m, 0, &isa_ops[ISA_flat_load_dwordx4], &big, 0, &a, &at));
    ck_assert_uint_eq(at, 1);
    /* Cycle 1: CU 0's line 1, then CU 1's load. */
    ck_assert(!mem_vector_resume(&m, 0, 1, &a, &at));
    ck_assert_uint_eq(at, 2);
    ck_assert(mem_vector(&m, 1, &isa_ops[ISA_flat_load_dword], &one, 1, &a, &at));
    ck_assert_uint_le(a->done, 1 + 450 + 4);
    ck_assert_uint_ge(a->done, 1 + 450);
    /* CU 0 finishes its instruction a line a cycle, up to cycle 63. */
    uint64_t now = 2;
    while (!mem_vector_resume(&m, 0, now, &a, &at))
        now = at;
    ck_assert_uint_eq(now, 63);
    ck_assert_uint_eq(at, 64); /* the address unit is free after the last line */
    ck_assert_uint_eq(a->lines, 64);
    ck_assert_uint_eq(a->stall, 0); /* no MSHR wait: 256 of them */
    mem_free(&m);
}
END_TEST

/* ---- the L1 port under vmem.address_model = lanes (the address unit's rules: test_address_unit.c) */

/* Under vmem.address_model = lanes the vector L1's port moves the bytes a read's lanes use, at 64
 * bytes a cycle counted in bytes (not a whole cycle per line): a wave's consecutive dwords starting
 * 4 bytes into a line (perftest's linear Load, element i + lane) cover 5 lines but 256 bytes, so the
 * L1 takes them in 4 cycles and the address unit is free at 4, as the R9 Fury's 4.05 clocks a
 * wave-load show; under 'bytes' each line holds the port a cycle: free at 5. The second load
 * repeats it on the now-resident lines. */
START_TEST(test_l1_port_bytes)
{
    for (int lanes_model = 0; lanes_model < 2; lanes_model++) {
        cfg_t cfg;
        cfg_defaults(&cfg);
        ck_assert_int_eq(cfg_set(&cfg, lanes_model ? "vmem.address_model=lanes" : "vmem.address_model=bytes", stderr), 0);
        mem_t m;
        ck_assert_int_eq(mem_init(&m, &cfg, 1), 0);
        isa_exec_result_t r;
        memset(&r, 0, sizeof r);
        r.lanes = ~0ull;
        for (int l = 0; l < 64; l++)
            r.addr[l] = 0x200000004ull + 4ull * (uint64_t)l;
        const mem_access_t *a;
        uint64_t at, now = 0;
        bool done = mem_vector(&m, 0, &isa_ops[ISA_flat_load_dword], &r, 0, &a, &at);
        while (!done) {
            now = at;
            done = mem_vector_resume(&m, 0, now, &a, &at);
        }
        ck_assert_uint_eq(a->lines, 5);
        uint64_t c = a->done + 1; /* the lines are in the L1 now */
        done = mem_vector(&m, 0, &isa_ops[ISA_flat_load_dword], &r, c, &a, &at);
        while (!done)
            done = mem_vector_resume(&m, 0, at, &a, &at);
        ck_assert_uint_eq(a->count[MEM_L1V][CACHE_HIT], 5);
        ck_assert_uint_eq(at - c, lanes_model ? 4 : 5);
        mem_free(&m);
    }
}
END_TEST

/* A scalar cache with every MSHR busy takes no new request: the SMEM instruction waits. */
START_TEST(test_scalar_mshrs_block)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    ck_assert_int_eq(cfg_set(&cfg, "scalar.mshrs=1", stderr), 0);
    mem_t m;
    ck_assert_int_eq(mem_init(&m, &cfg, 1), 0);
    ck_assert_uint_eq(mem_scalar_free_at(&m, 0, 0), 0);
    mem_access_t a = scalar_load(&m, 0x1000, 0); /* a miss: its MSHR is busy until the L2 answers */
    ck_assert_uint_eq(a.done, 45 + 105 + 200); /* scalar, l2 and dram latencies */
    ck_assert_uint_eq(mem_scalar_free_at(&m, 0, 1), 105 + 200);
    ck_assert_uint_eq(mem_scalar_free_at(&m, 0, 400), 400);
    mem_free(&m);
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

/* ---- a kernel's line requests -------------------------------------------------------------- */

/* One wave loads a dword per lane from `in` at a stride of v0 << SHIFT bytes. */
static const char stride_kernel[] =
    "    .text\n    .globl k\n    .p2align 8\n    .type k,@function\nk:\n"
    "    s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
    "    s_load_dword s6, s[0:1], 0x8\n"
    "    s_waitcnt lgkmcnt(0)\n"
    "    v_lshlrev_b32 v1, s6, v0\n"
    "    v_mov_b32 v3, s5\n"
    "    v_add_u32 v2, vcc, s4, v1\n"
    "    v_addc_u32 v3, vcc, 0, v3, vcc\n"
    "    flat_load_dword v4, v[2:3]\n"
    "    s_waitcnt vmcnt(0)\n"
    "    s_endpgm\n";

static stats_t run_stride(unsigned shift)
{
    char ini[256];
    snprintf(ini, sizeof ini, "grid = 64\nworkgroup = 64\n[buffer in]\ntype = u32\ncount = 4096\n"
             "[args]\nin = @in\nshift = u32:%u\n", shift);
    th_launch_t t;
    th_prepare(&t, stride_kernel, ini, NULL, NULL, 0);
    stats_t st;
    ck_assert_int_eq(stats_init(&st, &t.cfg), 0);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[0] = (tev_observer_t){ stats_observe, &st };
    opt.nobservers = 1;
    timing_result_t res;
    ck_assert_int_eq(timing_run(t.L, &t.cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
    th_release(&t);
    return st;
}

START_TEST(test_kernel_lines)
{
    /* Consecutive dwords: one instruction, 4 lines (the ideal), all L1 misses, then DRAM. */
    stats_t st = run_stride(2);
    ck_assert_uint_eq(st.mem.insts[0], 1);
    ck_assert_uint_eq(st.mem.lines, 4);
    ck_assert_uint_eq(st.mem.ideal_lines, 4);
    ck_assert_uint_eq(st.mem.count[MEM_L1V][CACHE_MISS], 4);
    ck_assert_uint_eq(st.mem.dram_reads, 4 + 1); /* and the kernarg line, for the scalar loads */
    /* Two scalar loads of the kernarg line: the first misses, the second merges with it (it is
     * issued while the first is in flight). */
    ck_assert_uint_eq(st.mem.insts[1], 2);
    ck_assert_uint_eq(st.mem.count[MEM_SCALAR][CACHE_MISS], 1);
    ck_assert_uint_eq(st.mem.count[MEM_SCALAR][CACHE_MERGE], 1);
    /* The 4 lines reach the L1 at 0, 1, 2, 3 cycles after issue (4 address cycles), and the L2 at
     * the same cycles; they are one 256-byte block, so one DRAM channel of 32 bytes a cycle, where
     * they start at 0, 2, 4, 6: the last answers 6 + 450 after the issue. */
    ck_assert_uint_eq(st.mem.load_latency.n, 1);
    ck_assert_uint_eq(st.mem.load_latency.max, 6 + 450);
    stats_free(&st);
    /* A 64-byte stride: 64 lines for the same 256 bytes (coalescing 4 / 64). */
    st = run_stride(6);
    ck_assert_uint_eq(st.mem.lines, 64);
    ck_assert_uint_eq(st.mem.ideal_lines, 4);
    ck_assert_uint_eq(st.mem.count[MEM_L1V][CACHE_MISS], 64);
    stats_free(&st);
}
END_TEST

static Suite *memsys_suite(void)
{
    Suite *s = suite_create("memsys");
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
    suite_add_tcase(s, tc);
    tc = tcase_create("hierarchy");
    tcase_add_test(tc, test_coalescer);
    tcase_add_test(tc, test_coalescer_random);
    tcase_add_test(tc, test_coalescer_runs);
    tcase_add_test(tc, test_coalescer_unit_stride);
    tcase_add_test(tc, test_dram_rows);
    tcase_add_test(tc, test_dram_bandwidth);
    tcase_add_test(tc, test_time_order_at_l2);
    tcase_add_test(tc, test_scalar_mshrs_block);
    tcase_add_test(tc, test_victims_and_dirty_atomics);
    tcase_add_test(tc, test_kernel_lines);
    tcase_add_test(tc, test_l1_port_bytes);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(memsys_suite)

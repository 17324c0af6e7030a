/* The coalescer (mem_coalesce): a wave's lane addresses to the lines it requests, in order of first
 * touch, with the bytes each line's lanes use; hand-derived cases, then unit-stride lanes, runs and
 * random lanes against a plain reference. */
#include "unit.h"

#include "mem/memsys.h"

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

static Suite *coalescer_suite(void)
{
    Suite *s = suite_create("coalescer");
    TCase *tc = tcase_create("coalescer");
    tcase_add_test(tc, test_coalescer);
    tcase_add_test(tc, test_coalescer_random);
    tcase_add_test(tc, test_coalescer_runs);
    tcase_add_test(tc, test_coalescer_unit_stride);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(coalescer_suite)

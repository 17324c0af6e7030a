/* The coalescer on unit-stride lanes (each active lane's access starting where the previous one's
 * ends), which it takes as one range: the same lines, order, byte counts and distinct bytes as a
 * plain byte-by-byte reference, with runs broken at random (jumps, gaps, overlaps, inactive lanes)
 * so that the per-lane path runs between them. */
#include "unit.h"

#include "mem/memsys.h"

static uint64_t rng(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

START_TEST(coalesce_runs_match_reference)
{
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (int iter = 0; iter < 6000; iter++) {
        uint32_t lb = rng(&s) & 1 ? 256 : 64, g = lb > 64 ? lb / 64 : 1;
        static const uint32_t sizes[] = { 1, 2, 4, 8, 12, 16 };
        uint32_t bytes = sizes[rng(&s) % 6];
        bool combine = rng(&s) & 1;
        uint64_t pick = rng(&s) % 4;
        uint64_t lanes = pick == 0 ? ~0ull : pick == 1 ? rng(&s) | rng(&s) : pick == 2 ? rng(&s) : ~0ull << (rng(&s) % 64);
        uint64_t addr[64], a = 0x10000 + rng(&s) % 512;
        int breaks = (int)(rng(&s) % 4);
        for (int l = 0; l < 64; l++) {
            addr[l] = a;
            a += bytes;
            if (breaks && rng(&s) % 16 == 0) /* a jump, a gap or an overlap */
                a = rng(&s) % 3 == 0 ? 0x10000 + rng(&s) % 4096 : a + (rng(&s) % 5) - 2;
        }
        uint64_t lines[128], want_lines[128], mask[128] = { 0 }, distinct, want_distinct = 0;
        uint32_t used[128], want_used[128], n = mem_coalesce(addr, lanes, bytes, lb, combine, lines, used, &distinct);
        uint32_t wn = 0;
        for (int l = 0; l < 64; l++) {
            if (!(lanes >> l & 1))
                continue;
            for (uint64_t b = addr[l]; b < addr[l] + bytes; b++) {
                uint64_t line = b / lb * lb;
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
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("coalesce_runs");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, coalesce_runs_match_reference);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

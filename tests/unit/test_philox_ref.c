/* The reference of the rocRAND workload itself (tests/e2e/philox_ref.h, used by refcheck against
 * workloads/cdna/rocrand_philox): Philox4x32-10 against Random123's known-answer vectors, and the
 * stream rocRAND documents (subsequence s is the counters from s * 2^64, an offset skips numbers,
 * four per counter) against blocks computed by hand from the counter. */
#include "unit.h"

#include "../e2e/philox_ref.h"

/* Random123 (D. E. Shaw Research, github.com/DEShawResearch/random123), tests/kat_vectors, the
 * three "philox4x32 10" lines: counter (4 words), key (2 words), expected output (4 words). */
static const uint32_t kat[3][10] = {
    {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
     0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8},
    {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
     0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd},
    {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0,
     0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1},
};

START_TEST(philox_known_answers)
{
    for (int v = 0; v < 3; v++) {
        uint32_t out[4];
        philox4x32_10(&kat[v][0], &kat[v][4], out);
        for (int i = 0; i < 4; i++)
            ck_assert_msg(out[i] == kat[v][6 + i], "vector %d word %d: %08x, expected %08x", v, i, out[i],
                          kat[v][6 + i]);
    }
}
END_TEST

START_TEST(counter_carries)
{
    uint32_t c[4] = {0xffffffff, 0xffffffff, 7, 0};
    philox_counter_inc(c);
    ck_assert(c[0] == 0 && c[1] == 0 && c[2] == 8 && c[3] == 0);
    uint32_t d[4] = {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff};
    philox_counter_inc(d);
    ck_assert(d[0] == 0 && d[1] == 0 && d[2] == 0 && d[3] == 0);
}
END_TEST

/* Subsequence 2^32 + 5, offset 4 * (2^32 - 1) + 3: the first number is word 3 of the block at
 * counter (2^32 - 1, 0, 5, 1); the next four are the block at (0, 1, 5, 1), the low word carried. */
START_TEST(stream_mapping)
{
    uint64_t seed = 0x0123456789abcdefull, sub = (1ull << 32) + 5, off = 4 * 0xffffffffull + 3;
    uint32_t got[6];
    philox_stream(seed, sub, off, got, 6);
    uint32_t key[2] = {0x89abcdef, 0x01234567};
    uint32_t c1[4] = {0xffffffff, 0, 5, 1}, c2[4] = {0, 1, 5, 1}, b1[4], b2[4];
    philox4x32_10(c1, key, b1);
    philox4x32_10(c2, key, b2);
    ck_assert_uint_eq(got[0], b1[3]);
    for (int i = 0; i < 4; i++)
        ck_assert_uint_eq(got[1 + i], b2[i]);
    uint32_t c3[4] = {1, 1, 5, 1}, b3[4];
    philox4x32_10(c3, key, b3);
    ck_assert_uint_eq(got[5], b3[0]);
    /* an offset of k numbers is the same stream k numbers on */
    uint32_t from0[9], from5[4];
    philox_stream(seed, 3, 0, from0, 9);
    philox_stream(seed, 3, 5, from5, 4);
    for (int i = 0; i < 4; i++)
        ck_assert_uint_eq(from5[i], from0[5 + i]);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("philox_ref");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, philox_known_answers);
    tcase_add_test(tc, counter_carries);
    tcase_add_test(tc, stream_mapping);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

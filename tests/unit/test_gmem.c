/* gmem: mapping, translation, guard gaps, limits. */
#include "unit.h"

#include "mem/gmem.h"

START_TEST(map_and_translate)
{
    gmem_t m;
    gmem_init(&m, GMEM_DEFAULT_LIMIT);
    char err[200];
    uint8_t *a = gmem_map(&m, "a", 0x100000000ull, 100, err, sizeof err);
    ck_assert_ptr_nonnull(a);
    for (int i = 0; i < 100; i++)
        ck_assert_int_eq(a[i], 0); /* mapped memory starts zeroed */
    ck_assert_ptr_eq(gmem_translate(&m, 0x100000000ull, 4), a);
    ck_assert_ptr_eq(gmem_translate(&m, 0x100000000ull + 96, 4), a + 96);
    ck_assert_ptr_eq(gmem_translate(&m, 0x100000000ull + 99, 1), a + 99);
    /* One byte past the end, or an access straddling it, is unmapped. */
    ck_assert_ptr_null(gmem_translate(&m, 0x100000000ull + 100, 1));
    ck_assert_ptr_null(gmem_translate(&m, 0x100000000ull + 97, 4));
    ck_assert_ptr_null(gmem_translate(&m, 0x100000000ull - 4, 4));
    ck_assert_ptr_null(gmem_translate(&m, 0, 4));
    ck_assert_ptr_null(gmem_translate(&m, UINT64_MAX - 1, 4));
    /* Through the isa_memory_t interface. */
    const isa_memory_t *mi = gmem_iface(&m);
    ck_assert_ptr_eq(mi->translate(mi->ctx, 0x100000000ull + 8, 8), a + 8);
    gmem_free(&m);
}
END_TEST

START_TEST(guard_gaps)
{
    gmem_t m;
    gmem_init(&m, GMEM_DEFAULT_LIMIT);
    char err[200];
    ck_assert_ptr_nonnull(gmem_map(&m, "a", 0x100000000ull, 0x10000, err, sizeof err));
    /* Directly after a region (no gap) is refused. */
    ck_assert_ptr_null(gmem_map(&m, "b", 0x100010000ull, 16, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "guard gap"));
    /* Overlapping is refused; an unaligned base too. */
    ck_assert_ptr_null(gmem_map(&m, "c", 0x100000000ull, 16, err, sizeof err));
    ck_assert_ptr_null(gmem_map(&m, "d", 0x100030004ull, 16, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "aligned"));
    /* One gap later is fine. */
    ck_assert_ptr_nonnull(gmem_map(&m, "e", 0x100020000ull, 16, err, sizeof err));
    /* Below an existing region, the new one's gap must also fit. */
    ck_assert_ptr_null(gmem_map(&m, "f", 0xffff0000ull, 16, err, sizeof err));
    ck_assert_ptr_nonnull(gmem_map(&m, "g", 0xfffe0000ull, 16, err, sizeof err));
    gmem_free(&m);
}
END_TEST

START_TEST(map_next_keeps_gaps)
{
    gmem_t m;
    gmem_init(&m, GMEM_DEFAULT_LIMIT);
    char err[200];
    uint64_t a1, a2, a3;
    ck_assert_ptr_nonnull(gmem_map_next(&m, "x", GMEM_BUFFER_BASE, 1000, &a1, err, sizeof err));
    ck_assert_ptr_nonnull(gmem_map_next(&m, "y", a1 + 1000, 0x10000, &a2, err, sizeof err));
    ck_assert_ptr_nonnull(gmem_map_next(&m, "z", a2 + 0x10000, 4, &a3, err, sizeof err));
    ck_assert_uint_eq(a1, GMEM_BUFFER_BASE);
    /* x ends at +1000 -> rounded to +64 KiB, plus a 64 KiB guard. */
    ck_assert_uint_eq(a2, GMEM_BUFFER_BASE + 0x20000);
    ck_assert_uint_eq(a3, a2 + 0x20000);
    /* Every gap byte is unmapped. */
    for (uint64_t p = a1 + 1000; p < a2; p += 997)
        ck_assert_ptr_null(gmem_translate(&m, p, 1));
    ck_assert_ptr_nonnull(gmem_translate(&m, a3, 4));
    ck_assert_ptr_null(gmem_translate(&m, a3 + 4, 1));
    /* gmem_find agrees. */
    ck_assert_str_eq(gmem_find(&m, a2 + 5)->name, "y");
    ck_assert_ptr_null(gmem_find(&m, a2 - 1));
    gmem_free(&m);
}
END_TEST

START_TEST(last_hit_cache_is_correct)
{
    gmem_t m;
    gmem_init(&m, GMEM_DEFAULT_LIMIT);
    char err[200];
    uint64_t addr[4];
    uint8_t *host[4];
    for (int i = 0; i < 4; i++) {
        host[i] = gmem_map_next(&m, "r", GMEM_BUFFER_BASE, 256, &addr[i], err, sizeof err);
        ck_assert_ptr_nonnull(host[i]);
    }
    /* Alternate between regions so the cached one is usually wrong. */
    for (int k = 0; k < 64; k++) {
        int i = (k * 7) % 4;
        ck_assert_ptr_eq(gmem_translate(&m, addr[i] + (uint64_t)k, 4), host[i] + k);
        ck_assert_ptr_null(gmem_translate(&m, addr[i] + 254, 4));
    }
    gmem_free(&m);
}
END_TEST

START_TEST(limits)
{
    gmem_t m;
    gmem_init(&m, 1 << 20);
    char err[200];
    uint64_t a;
    ck_assert_ptr_nonnull(gmem_map_next(&m, "small", GMEM_BUFFER_BASE, 1 << 19, &a, err, sizeof err));
    ck_assert_ptr_null(gmem_map_next(&m, "big", GMEM_BUFFER_BASE, (1 << 19) + 1, &a, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "memory limit"));
    ck_assert_ptr_nonnull(strstr(err, "'big'"));
    ck_assert_ptr_null(gmem_map_next(&m, "zero", GMEM_BUFFER_BASE, 0, &a, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "size 0"));
    ck_assert_ptr_null(gmem_map_next(&m, "huge", GMEM_BUFFER_BASE, 1ull << 47, &a, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "address space"));
    gmem_free(&m);
}
END_TEST

START_TEST(two_memories_are_independent)
{
    gmem_t m1, m2;
    gmem_init(&m1, GMEM_DEFAULT_LIMIT);
    gmem_init(&m2, GMEM_DEFAULT_LIMIT);
    char err[200];
    uint8_t *h1 = gmem_map(&m1, "a", GMEM_CODE_BASE, 64, err, sizeof err);
    uint8_t *h2 = gmem_map(&m2, "a", GMEM_CODE_BASE, 64, err, sizeof err);
    h1[0] = 1;
    h2[0] = 2;
    ck_assert_int_eq(*gmem_translate(&m1, GMEM_CODE_BASE, 1), 1);
    ck_assert_int_eq(*gmem_translate(&m2, GMEM_CODE_BASE, 1), 2);
    gmem_free(&m1);
    gmem_free(&m2);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("gmem");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, map_and_translate);
    tcase_add_test(tc, guard_gaps);
    tcase_add_test(tc, map_next_keeps_gaps);
    tcase_add_test(tc, last_hit_cache_is_correct);
    tcase_add_test(tc, limits);
    tcase_add_test(tc, two_memories_are_independent);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

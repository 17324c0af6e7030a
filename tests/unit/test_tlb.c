/* Address translation (mem/tlb.h): one TLB's hits, misses, translations still on their way and LRU
 * victims; the two levels and the walk; and, through the memory system, a load crossing a page and
 * a column walk touching a new page every two loads. Every expected cycle is derived by hand in a
 * comment, from the defaults: l1v 145, l2 105, dram 200 (a load served by DRAM: 450), tlb.l1_latency
 * 0, tlb.l2_latency 130, tlb.walk_latency 100 (a walk: 230). */
#include "unit.h"

#include "mem/memsys.h"
#include "mem/tlb.h"

/* 2 sets x 2 ways, hits add 3 cycles. */
START_TEST(test_hit_miss_pending)
{
    tlb_t t;
    ck_assert_int_eq(tlb_init(&t, 4, 2, 3), 0);
    uint64_t r = 0;
    ck_assert(!tlb_lookup(&t, 5, 10, &r)); /* empty */
    tlb_fill(&t, 5, 50);                   /* its walk ends at 50 */
    ck_assert(tlb_lookup(&t, 5, 20, &r));
    ck_assert_uint_eq(r, 50);              /* still on its way: wait for it, not 20 + 3 */
    ck_assert(tlb_lookup(&t, 5, 60, &r));
    ck_assert_uint_eq(r, 63);              /* there: 60 + 3 */
    ck_assert(!tlb_lookup(&t, 7, 60, &r)); /* the other page of set 1 */
    tlb_free(&t);
}
END_TEST

/* Pages 0, 2, 4 share set 0 of 2 ways. After 0 and 2 are filled and 0 is used again, 4 evicts 2. */
START_TEST(test_lru_eviction)
{
    tlb_t t;
    ck_assert_int_eq(tlb_init(&t, 4, 2, 0), 0);
    uint64_t r;
    tlb_fill(&t, 0, 0);
    tlb_fill(&t, 2, 0);
    tlb_fill(&t, 1, 0); /* set 1: no effect on set 0 */
    ck_assert(tlb_lookup(&t, 0, 1, &r));
    tlb_fill(&t, 4, 1);
    ck_assert(tlb_lookup(&t, 0, 2, &r));
    ck_assert(!tlb_lookup(&t, 2, 2, &r));
    ck_assert(tlb_lookup(&t, 4, 2, &r));
    ck_assert(tlb_lookup(&t, 1, 2, &r));
    tlb_free(&t);
}
END_TEST

static void tlb_cfg(cfg_t *cfg, const char *const *sets)
{
    cfg_defaults(cfg);
    ck_assert_int_eq(cfg_set(cfg, "tlb.model=on", stderr), 0);
    for (; sets && *sets; sets++)
        ck_assert_int_eq(cfg_set(cfg, *sets, stderr), 0);
}

/* Two CUs. CU 0's first use of page 7 at 0 walks: 0 + 130 + 100 = 230. CU 1 asks at 100: its L1
 * misses, the L2 TLB has the page on its way: max(100 + 130, 230) = 230. Later both L1s hit at
 * once (l1_latency 0). With tlb.l1_latency = 2, a walk from 0 ends at 2 + 130 + 100 = 232 and a hit
 * at 300 answers at 302. */
START_TEST(test_two_levels_and_walk)
{
    cfg_t cfg;
    tlb_cfg(&cfg, NULL);
    tlb_sys_t s;
    ck_assert_int_eq(tlb_sys_init(&s, &cfg, 2), 0);
    tlb_counts_t c = { 0 };
    ck_assert_uint_eq(tlb_translate(&s, 0, 7, 0, &c), 230);
    ck_assert_uint_eq(c.l1_misses, 1);
    ck_assert_uint_eq(c.walks, 1);
    ck_assert_uint_eq(tlb_translate(&s, 1, 7, 100, &c), 230);
    ck_assert_uint_eq(c.l2_hits, 1);
    ck_assert_uint_eq(c.l1_misses, 2);
    ck_assert_uint_eq(tlb_translate(&s, 0, 7, 300, &c), 300);
    ck_assert_uint_eq(tlb_translate(&s, 1, 7, 400, &c), 400);
    ck_assert_uint_eq(c.l1_hits, 2);
    ck_assert_uint_eq(c.walks, 1);
    tlb_sys_free(&s);

    const char *const l1lat[] = { "tlb.l1_latency=2", NULL };
    tlb_cfg(&cfg, l1lat);
    ck_assert_int_eq(tlb_sys_init(&s, &cfg, 1), 0);
    ck_assert_uint_eq(tlb_translate(&s, 0, 7, 0, &c), 232);
    ck_assert_uint_eq(tlb_translate(&s, 0, 7, 300, &c), 302);
    tlb_sys_free(&s);
}
END_TEST

/* One lane's load at `addr` issued at c, run until the L1 took its lines; returns its record. */
static const mem_access_t *load(mem_t *m, const isa_op_info_t *op, uint64_t addr, uint64_t c)
{
    isa_exec_result_t r;
    memset(&r, 0, sizeof r);
    r.lanes = 1;
    r.addr[0] = addr;
    const mem_access_t *a;
    uint64_t at;
    if (!mem_vector(m, 0, op, &r, c, &a, &at))
        while (!mem_vector_resume(m, 0, at, &a, &at))
            ;
    return a;
}

/* A 16-byte load 8 bytes before a page boundary touches two lines in two pages: two walks, both
 * from cycle 0, ready at 230. Line 0 enters the L1 at 0, line 1 (the port took line 0 for a cycle)
 * at 1; both miss down to DRAM (different channels), and each answers once its page is translated
 * too: max(0, 230) + 450 = max(1, 230) + 450 = 680. Without translation, the later line decides:
 * with vmem.address_model = bytes line 1 enters at 1, 1 + 450 = 451; with lanes (the default) the
 * L1's port moves only the lane's bytes, 8 of each line, so both enter at 0: 450. */
START_TEST(test_page_crossing)
{
    const uint64_t base = 0x200001000ull - 8;
    cfg_t cfg;
    tlb_cfg(&cfg, NULL);
    mem_t m;
    ck_assert_int_eq(mem_init(&m, &cfg, 1), 0);
    const mem_access_t *a = load(&m, &isa_ops[ISA_flat_load_dwordx4], base, 0);
    ck_assert_uint_eq(a->lines, 2);
    ck_assert_uint_eq(a->tlb.walks, 2);
    ck_assert_uint_eq(a->tlb.l1_misses, 2);
    ck_assert_uint_eq(a->tlb_wait, 230);
    ck_assert_uint_eq(a->done, 680);
    mem_free(&m);

    cfg_defaults(&cfg);
    ck_assert_int_eq(mem_init(&m, &cfg, 1), 0);
    a = load(&m, &isa_ops[ISA_flat_load_dwordx4], base, 0);
    ck_assert_uint_eq(a->done, 450);
    ck_assert_uint_eq(a->tlb.l1_misses + a->tlb.l1_hits, 0);
    mem_free(&m);
    cfg.vmem_address_model = CFG_ADDR_BYTES;
    ck_assert_int_eq(mem_init(&m, &cfg, 1), 0);
    a = load(&m, &isa_ops[ISA_flat_load_dwordx4], base, 0);
    ck_assert_uint_eq(a->done, 451);
    mem_free(&m);
}
END_TEST

/* A column walk: 8 dependent loads of one lane down rows of 2 KiB (a new 4 KiB page every two
 * loads), each issued when the one before is back. Every line is new: DRAM, 450. A page's first load
 * also waits for its walk, 230: 680; its second hits the L1 TLB: 450. So the loads end at 680, 1130,
 * 1810, 2260, ... and the eighth at 4 x 680 + 4 x 450 = 4520. A second pass with an L1 TLB of 2
 * entries (LRU: it holds the last two pages, 2 and 3; the walk starts again at page 0) misses the
 * L1 TLB on each page's first load and finds it in the L2 TLB, 130; the lines are in the vector L1
 * (8 lines in 2 sets of 4 ways), 145: 4 x 275 + 4 x 145 = 1680 more. */
START_TEST(test_column_walk)
{
    const char *const small_l1[] = { "tlb.l1_entries=2", "tlb.l1_ways=2", NULL };
    cfg_t cfg;
    tlb_cfg(&cfg, small_l1);
    mem_t m;
    ck_assert_int_eq(mem_init(&m, &cfg, 1), 0);
    uint64_t c = 0;
    tlb_counts_t sum = { 0 };
    static const uint64_t first[8] = { 680, 1130, 1810, 2260, 2940, 3390, 4070, 4520 };
    for (int k = 0; k < 8; k++) {
        const mem_access_t *a = load(&m, &isa_ops[ISA_flat_load_dword], 0x200000000ull + 2048ull * (uint64_t)k, c);
        c = a->done;
        ck_assert_uint_eq(c, first[k]);
        sum.l1_hits += a->tlb.l1_hits;
        sum.walks += a->tlb.walks;
    }
    ck_assert_uint_eq(sum.walks, 4);
    ck_assert_uint_eq(sum.l1_hits, 4);
    for (int k = 0; k < 8; k++) {
        const mem_access_t *a = load(&m, &isa_ops[ISA_flat_load_dword], 0x200000000ull + 2048ull * (uint64_t)k, c);
        ck_assert_uint_eq(a->done - c, (k % 2 ? 145 : 275));
        ck_assert_uint_eq(a->tlb.l2_hits, (k % 2 ? 0 : 1));
        ck_assert_uint_eq(a->tlb.walks, 0);
        c = a->done;
    }
    ck_assert_uint_eq(c, 4520 + 1680);
    mem_free(&m);
}
END_TEST

/* The keys' cross-checks. */
START_TEST(test_config_problems)
{
    cfg_t cfg;
    tlb_cfg(&cfg, NULL);
    char buf[512] = { 0 };
    FILE *f = fmemopen(buf, sizeof buf - 1, "w");
    ck_assert_int_eq(tlb_config_problems(&cfg, f), 0);
    ck_assert_int_eq(cfg_set(&cfg, "tlb.l2_entries=100", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "tlb.page_bytes=12288", stderr), 0);
    ck_assert_int_eq(tlb_config_problems(&cfg, f), 2);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "tlb.l2_entries = 100 is not a multiple of tlb.l2_ways = 64"));
    ck_assert_ptr_nonnull(strstr(buf, "tlb.page_bytes = 12288 is not a power of two"));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("tlb");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_hit_miss_pending);
    tcase_add_test(tc, test_lru_eviction);
    tcase_add_test(tc, test_two_levels_and_walk);
    tcase_add_test(tc, test_page_crossing);
    tcase_add_test(tc, test_column_walk);
    tcase_add_test(tc, test_config_problems);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

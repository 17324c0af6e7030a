/* Several XCDs and the Infinity Cache (gpu.xcds, the llc keys): workgroup i of a dispatch goes to
 * XCD i mod gpu.xcds and then to that XCD's CUs in turn; each XCD has its own L2; the Infinity Cache
 * sits between the L2s and DRAM, shared by every XCD. Every expected CU and cycle is derived by hand
 * in a comment from the defaults (scalar cache 45, L2 105, DRAM 200 cycles). */
#include "timing_harness.h"
#include "unit.h"

#include "mem/memsys.h"
#include "report/run_mem.h"

/* ---- the dispatcher ------------------------------------------------------------------------ */

/* The CU of each of the first `n` workgroups of a one-wave-per-workgroup kernel on `sets`. */
static void wg_cus(const char *const *sets, uint32_t *cu, uint32_t n)
{
    th_launch_t t;
    th_prepare(&t, "k:\ns_nop 0\ns_endpgm\n", "grid = 768\nworkgroup = 64\n", NULL, sets, 0);
    th_recorder_t rec = { 0 };
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[opt.nobservers++] = (tev_observer_t){ th_record, &rec };
    timing_result_t res;
    ck_assert_int_eq(timing_run(t.L, &t.cfg, &opt, &res, stderr), 0);
    for (uint32_t i = 0; i < n; i++)
        cu[i] = UINT32_MAX;
    for (size_t e = 0; e < rec.n; e++)
        if (rec.ev[e].kind == TEV_WG_START && rec.ev[e].wg < n)
            cu[rec.ev[e].wg] = rec.ev[e].cu;
    timing_result_free(&res);
    free(rec.ev);
    th_release(&t);
}

/* Six CUs in three XCDs of two (XCD x holds CUs 2x and 2x + 1), twelve workgroups (768 / 64), all
 * placed at once. Workgroup i goes to XCD i % 3; XCD x takes its workgroups x, x + 3, x + 6, x + 9
 * and deals them to its two CUs in turn: its j-th workgroup (j = i / 3) to CU 2x + j % 2. With one
 * XCD the six CUs take the workgroups in turn: i % 6. */
START_TEST(test_xcd_round_robin)
{
    static const char *const three[] = { "gpu.compute_units=6", "gpu.xcds=3", NULL };
    static const char *const one[] = { "gpu.compute_units=6", NULL };
    static const uint32_t want3[12] = { 0, 2, 4, 1, 3, 5, 0, 2, 4, 1, 3, 5 };
    uint32_t cu[12];
    wg_cus(three, cu, 12);
    for (uint32_t i = 0; i < 12; i++)
        ck_assert_msg(cu[i] == want3[i], "3 XCDs: workgroup %u on CU %u, not %u", i, cu[i], want3[i]);
    wg_cus(one, cu, 12);
    for (uint32_t i = 0; i < 12; i++)
        ck_assert_msg(cu[i] == i % 6, "1 XCD: workgroup %u on CU %u, not %u", i, cu[i], i % 6);
}
END_TEST

/* A machine of 6 CUs cannot have 4 XCDs. */
START_TEST(test_xcd_config_checks)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    ck_assert_int_eq(cfg_set(&cfg, "gpu.compute_units=6", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "gpu.xcds=4", stderr), 0);
    char buf[512];
    FILE *err = fmemopen(buf, sizeof buf, "w");
    ck_assert_int_eq(cfg_validate(&cfg, err), 1);
    fclose(err);
    ck_assert_str_eq(buf, "configuration: error: gpu.compute_units = 6 is not a multiple of gpu.xcds = 4\n");
    ck_assert_int_eq(cfg_set(&cfg, "gpu.xcds=3", stderr), 0);
    ck_assert_int_eq(cfg_validate(&cfg, stderr), 0);
}
END_TEST

/* ---- per-XCD L2s and the Infinity Cache ------------------------------------------------------ */

/* Two CUs with a scalar cache each, one L2 channel and one DRAM channel; `xcds` XCDs and an
 * Infinity Cache of `llc` bytes (100 cycles, one slice). */
static void two_cus(mem_t *m, cfg_t *cfg, const char *xcds, const char *llc)
{
    cfg_defaults(cfg);
    ck_assert_int_eq(cfg_set(cfg, "gpu.compute_units=2", stderr), 0);
    ck_assert_int_eq(cfg_set(cfg, "scalar.cus_per_cache=1", stderr), 0);
    ck_assert_int_eq(cfg_set(cfg, "l2.channels=1", stderr), 0);
    ck_assert_int_eq(cfg_set(cfg, "dram.channels=1", stderr), 0);
    ck_assert_int_eq(cfg_set(cfg, xcds, stderr), 0);
    ck_assert_int_eq(cfg_set(cfg, llc, stderr), 0);
    ck_assert_int_eq(cfg_validate(cfg, stderr), 0);
    ck_assert_int_eq(mem_config_problems(cfg, stderr), 0);
    ck_assert_int_eq(mem_init(m, cfg, 2), 0);
}

static mem_access_t sload(mem_t *m, uint32_t cu, uint64_t addr, uint64_t at)
{
    mem_access_t a;
    mem_scalar(m, cu, addr, 4, at, &a);
    return a;
}

/* One XCD: CU 1 finds in the shared L2 the line CU 0 brought: 45 + 105. Two XCDs without an
 * Infinity Cache: CU 1's XCD has its own L2, which misses: 45 + 105 + 200 again. */
START_TEST(test_l2_per_xcd)
{
    cfg_t cfg;
    mem_t m;
    two_cus(&m, &cfg, "gpu.xcds=1", "llc.size=0");
    ck_assert_uint_eq(sload(&m, 0, 0x1000, 0).done, 45 + 105 + 200);
    mem_access_t a = sload(&m, 1, 0x1000, 1000);
    ck_assert_uint_eq(a.done, 1000 + 45 + 105);
    ck_assert_uint_eq(a.count[MEM_L2][CACHE_HIT], 1);
    ck_assert_uint_eq(a.xcd, 0);
    mem_free(&m);

    two_cus(&m, &cfg, "gpu.xcds=2", "llc.size=0");
    a = sload(&m, 0, 0x1000, 0);
    ck_assert_uint_eq(a.done, 45 + 105 + 200);
    ck_assert_uint_eq(a.xcd, 0);
    a = sload(&m, 1, 0x1000, 1000);
    ck_assert_uint_eq(a.done, 1000 + 45 + 105 + 200);
    ck_assert_uint_eq(a.count[MEM_L2][CACHE_MISS], 1);
    ck_assert_uint_eq(a.dram_reads, 1);
    ck_assert_uint_eq(a.xcd, 1);
    ck_assert_uint_eq(a.llc[CACHE_MISS] + a.llc[CACHE_HIT], 0); /* none */
    ck_assert_uint_eq(mem_l2_dirty_lines(&m), 0);
    mem_free(&m);
}
END_TEST

/* Scalar caches are shared within an XCD: four CUs in two XCDs with scalar.cus_per_cache = 4 give
 * each XCD one scalar cache of its two CUs. CU 0 brings a line (45 + 105 + 200); CU 1, same XCD,
 * hits it (45); CU 2, XCD 1, misses its own scalar cache and L2 (350 again). With one XCD the four
 * CUs share one scalar cache and CU 2 hits too. */
START_TEST(test_scalar_per_xcd)
{
    static const uint64_t cu2[2] = { 2000 + 45 + 105 + 200, 2000 + 45 };
    for (int one = 0; one < 2; one++) {
        cfg_t cfg;
        cfg_defaults(&cfg);
        ck_assert_int_eq(cfg_set(&cfg, "gpu.compute_units=4", stderr), 0);
        ck_assert_int_eq(cfg_set(&cfg, one ? "gpu.xcds=1" : "gpu.xcds=2", stderr), 0);
        ck_assert_int_eq(cfg_set(&cfg, "l2.channels=1", stderr), 0);
        ck_assert_int_eq(cfg_set(&cfg, "dram.channels=1", stderr), 0);
        ck_assert_int_eq(cfg_validate(&cfg, stderr), 0);
        mem_t m;
        ck_assert_int_eq(mem_init(&m, &cfg, 4), 0);
        ck_assert_uint_eq(m.nscalar, one ? 1 : 2);
        ck_assert_uint_eq(sload(&m, 0, 0x2000, 0).done, 45 + 105 + 200);
        ck_assert_uint_eq(sload(&m, 1, 0x2000, 1000).done, 1000 + 45);
        ck_assert_uint_eq(sload(&m, 2, 0x2000, 2000).done, cu2[one]);
        mem_free(&m);
    }
}
END_TEST

/* Two XCDs over a 64 KiB Infinity Cache (one slice of 16 ways x 64 sets of 64-byte lines), 100
 * cycles. A stream, by hand:
 *   CU 0 (XCD 0) loads 0x1000 at 0: scalar, L2 and Infinity Cache miss; DRAM: 45 + 105 + 100 + 200.
 *   CU 1 (XCD 1) loads 0x1000 at 1000: its own L2 misses, the Infinity Cache hits: 45 + 105 + 100.
 *   CU 1 loads 0x1000 again at 2000: its scalar cache hits: 45.
 *   CU 0 loads 0x1040 at 3000: another line, every level misses: 450.
 *   CU 1 loads 0x1040 at 3001, while that line's fill is on its way: the Infinity Cache installed it
 *   at 3000, ready when DRAM's answer (3200) has taken its 100 cycles, 3300; CU 1's request reaches
 *   it at 3001 through its own scalar cache and L2 (both miss), a merge answered at 3300, then its
 *   L2's 105 and its scalar cache's 45: 3450 (no second DRAM read). */
START_TEST(test_llc_stream)
{
    cfg_t cfg;
    mem_t m;
    two_cus(&m, &cfg, "gpu.xcds=2", "llc.size=65536");
    mem_access_t a = sload(&m, 0, 0x1000, 0);
    ck_assert_uint_eq(a.done, 45 + 105 + 100 + 200);
    ck_assert_uint_eq(a.llc[CACHE_MISS], 1);
    ck_assert_uint_eq(a.llc_bytes, 64);
    ck_assert_uint_eq(a.dram_reads, 1);
    a = sload(&m, 1, 0x1000, 1000);
    ck_assert_uint_eq(a.done, 1000 + 45 + 105 + 100);
    ck_assert_uint_eq(a.count[MEM_L2][CACHE_MISS], 1);
    ck_assert_uint_eq(a.llc[CACHE_HIT], 1);
    ck_assert_uint_eq(a.dram_reads, 0);
    a = sload(&m, 1, 0x1000, 2000);
    ck_assert_uint_eq(a.done, 2000 + 45);
    ck_assert_uint_eq(a.llc[CACHE_HIT] + a.llc[CACHE_MISS], 0);
    ck_assert_uint_eq(sload(&m, 0, 0x1040, 3000).done, 3000 + 450);
    a = sload(&m, 1, 0x1040, 3001);
    ck_assert_uint_eq(a.llc[CACHE_MERGE], 1);
    ck_assert_uint_eq(a.done, 3000 + 200 + 100 + 105 + 45);
    ck_assert_uint_eq(a.dram_reads, 0);
    mem_free(&m);

    /* The same stream with one XCD: CU 1 hits the shared L2, so the Infinity Cache sees only the
     * two misses. */
    two_cus(&m, &cfg, "gpu.xcds=1", "llc.size=65536");
    ck_assert_uint_eq(sload(&m, 0, 0x1000, 0).done, 450);
    a = sload(&m, 1, 0x1000, 1000);
    ck_assert_uint_eq(a.done, 1000 + 45 + 105);
    ck_assert_uint_eq(a.llc[CACHE_HIT] + a.llc[CACHE_MISS], 0);
    mem_free(&m);
}
END_TEST

/* A slice that is not a valid cache is refused with its geometry. */
START_TEST(test_llc_config_checks)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    ck_assert_int_eq(cfg_set(&cfg, "llc.size=1000", stderr), 0);
    char buf[512];
    FILE *err = fmemopen(buf, sizeof buf, "w");
    ck_assert_int_eq(mem_config_problems(&cfg, err), 1);
    fclose(err);
    ck_assert_str_eq(buf, "configuration: error: llc (size 1000 / dram.channels 16 = 62 per slice, 16 ways, "
                          "64-byte lines): not a multiple of dram.channels\n");
}
END_TEST

/* The memory report's lines for the XCDs' L2s and the Infinity Cache: present only with several XCDs
 * and a nonzero llc.size, so that every older report reads as before. Hit rates by hand: XCD 0
 * 3 hits of 4 lookups (75.0%), XCD 1 1 hit, 1 merge, 2 misses (25.0%); the Infinity Cache 2 hits
 * of 8 (25.0%). */
START_TEST(test_report_lines)
{
    stats_mem_t st;
    memset(&st, 0, sizeof st);
    st.xcd_l2[0][CACHE_HIT] = 3;
    st.xcd_l2[0][CACHE_MISS] = 1;
    st.xcd_l2[1][CACHE_HIT] = 1;
    st.xcd_l2[1][CACHE_MERGE] = 1;
    st.xcd_l2[1][CACHE_MISS] = 2;
    st.llc[CACHE_HIT] = 2;
    st.llc[CACHE_MERGE] = 1;
    st.llc[CACHE_MISS] = 5;
    st.llc_bytes = 512;
    for (int on = 0; on < 2; on++) {
        cfg_t cfg;
        cfg_defaults(&cfg);
        if (on) {
            ck_assert_int_eq(cfg_set(&cfg, "gpu.compute_units=2", stderr), 0);
            ck_assert_int_eq(cfg_set(&cfg, "gpu.xcds=2", stderr), 0);
            ck_assert_int_eq(cfg_set(&cfg, "llc.size=1M", stderr), 0);
        }
        char buf[4096];
        FILE *f = fmemopen(buf, sizeof buf, "w");
        run_mem_print(&st, 100, &cfg, 0, 0, f);
        fclose(f);
        const char *xcd = strstr(buf, "\nl2 by xcd     hit rate 0: 75.0%, 1: 25.0%\n");
        const char *llc = strstr(buf, "\nllc           hit rate 25.0%: hits 2, merges 1, misses 5; 512 bytes\n");
        ck_assert_msg(on ? xcd && llc : !xcd && !llc && !strstr(buf, "xcd") && !strstr(buf, "llc"), "%s", buf);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("memsys_xcd");
    TCase *tc = tcase_create("memsys_xcd");
    tcase_add_test(tc, test_xcd_round_robin);
    tcase_add_test(tc, test_xcd_config_checks);
    tcase_add_test(tc, test_l2_per_xcd);
    tcase_add_test(tc, test_scalar_per_xcd);
    tcase_add_test(tc, test_llc_stream);
    tcase_add_test(tc, test_llc_config_checks);
    tcase_add_test(tc, test_report_lines);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

/* s_memtime in the timing model: it reads the issue cycle and returns through lgkmcnt after
 * scalar.memtime_latency cycles, without a scalar-cache access (scalar.latency, a hit's, does not
 * count). Derived from the rules of test_timing.c:
 * wave 0 issues its first instruction at cycle 4; s_waitcnt lgkmcnt(0) lets the next instruction
 * issue once the result has arrived (4 + latency) and the wave's SIMD is selected (cycles 0 mod 4). */
#include "unit.h"

#include "observe/stats.h"
#include "timing_harness.h"

/* Run the prepared launch in the timing model, keeping every event. */
static th_recorder_t record(th_launch_t *t)
{
    th_recorder_t rec = { 0 };
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[0] = (tev_observer_t){ th_record, &rec };
    opt.nobservers = 1;
    timing_result_t res;
    ck_assert_int_eq(timing_run(t->L, &t->cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
    return rec;
}

/* The cycle at which wave 0 issues s_endpgm, the third instruction, and the number of scalar
 * memory events, for scalar.memtime_latency = `lat` and scalar.latency = `hit`. */
static uint64_t endpgm_cycle(int lat, int hit, uint64_t *mem_events)
{
    static const char kernel[] = "k:\n  s_memtime s[2:3]\n  s_waitcnt lgkmcnt(0)\n  s_endpgm\n";
    char set[48], set_hit[40];
    snprintf(set, sizeof set, "scalar.memtime_latency=%d", lat);
    snprintf(set_hit, sizeof set_hit, "scalar.latency=%d", hit);
    const char *sets[] = { set, set_hit, NULL };
    th_launch_t t;
    th_prepare(&t, kernel, "grid = 64\nworkgroup = 64\n", NULL, sets, 0);
    th_recorder_t rec = record(&t);
    uint64_t at = UINT64_MAX, issued = 0;
    *mem_events = 0;
    for (size_t i = 0; i < rec.n; i++) {
        if (rec.ev[i].kind == TEV_ISSUE && issued++ == 2)
            at = rec.ev[i].cycle;
        if (rec.ev[i].kind == TEV_MEM)
            (*mem_events)++;
    }
    free(rec.ev);
    th_release(&t);
    return at;
}

START_TEST(test_memtime_latency)
{
    uint64_t mem;
    /* s_memtime at 4, data at 4 + 44 = 48: s_endpgm at the next selection of SIMD 0, 48 */
    ck_assert_uint_eq(endpgm_cycle(44, 45, &mem), 48);
    ck_assert_uint_eq(mem, 0);
    /* data at 4 + 101 = 105: the next cycle 0 mod 4 is 108 */
    ck_assert_uint_eq(endpgm_cycle(101, 45, &mem), 108);
    /* a scalar hit's latency does not move it: still 4 + 44 = 48 with scalar.latency 200 */
    ck_assert_uint_eq(endpgm_cycle(44, 200, &mem), 48);
}
END_TEST

/* The value: the cycle of the s_memtime's own issue (the timing model writes the wave's clock at
 * scalar-memory issues only), stored with a scalar store and compared with the recorded issue. */
START_TEST(test_memtime_value)
{
    static const char kernel[] = "k:\n  s_load_dwordx2 s[4:5], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n"
                                 "  s_nop 7\n  s_memtime s[2:3]\n  s_waitcnt lgkmcnt(0)\n"
                                 "  s_store_dwordx2 s[2:3], s[4:5], 0x0\n  s_dcache_wb\n  s_waitcnt lgkmcnt(0)\n"
                                 "  s_endpgm\n";
    th_launch_t t;
    th_prepare(&t, kernel, "grid = 64\nworkgroup = 64\n[buffer out]\ntype = u32\ncount = 2\n[args]\nout = @out\n",
               NULL, NULL, 0);
    th_recorder_t rec = record(&t);
    uint64_t at = UINT64_MAX, issued = 0;
    for (size_t i = 0; i < rec.n; i++)
        if (rec.ev[i].kind == TEV_ISSUE && issued++ == 3) /* load, wait, nop, memtime */
            at = rec.ev[i].cycle;
    uint64_t got;
    memcpy(&got, t.L->bufs[0].data, 8);
    ck_assert_uint_gt(at, 4);
    ck_assert_uint_eq(got, at);
    free(rec.ev);
    th_release(&t);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("timing_memtime");
    TCase *t = tcase_create("memtime");
    tcase_add_test(t, test_memtime_latency);
    tcase_add_test(t, test_memtime_value);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

/* gfx9's global_ and scratch_ in the timing model: the vector memory path of FLAT (vmcnt), and the
 * 6 bits of gfx9's vmcnt. Derived by hand from the rules of test_timing.c and test_timing_memtime.c
 * (wave 0 issues its first instruction at cycle 4, SIMD 0 is selected at cycles 0 mod 4) and the
 * ideal memory model (memsys.c ideal_memory): a load issued at c whose address unit works ta cycles
 * completes at ceil((max((c + ta) * B, queued) + bytes) / B) + mem.latency, B = mem.bytes_per_cycle
 * (512). A dword load whose 64 lanes read one address: ta = 4 (four quarter-waves of uniform lanes,
 * one cycle each at vmem.coalesced_lanes_per_cycle = 16; the bytes term 256 / 64 = 4 too), bytes 256. */
#include "unit.h"

#include "timing_harness.h"

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

static const char ini[] = "grid = 64\nworkgroup = 64\n[buffer out]\ntype = u32\ncount = 2\n[args]\nout = @out\n";

/* The cycle at which wave 0 issues its instruction number `nth` (from 0), and the vector memory
 * events, with mem.model = ideal and mem.latency = `lat`. */
static uint64_t issue_cycle(const char *kernel, int lat, unsigned nth, uint64_t *mem_events)
{
    char set[40];
    snprintf(set, sizeof set, "mem.latency=%d", lat);
    /* a machine of the kernel's target */
    const char *sets[] = { "mem.model=ideal", set, strstr(kernel, "gfx900") ? "gpu.target=gfx900" : NULL, NULL };
    th_launch_t t;
    th_prepare(&t, kernel, ini, NULL, sets, 0);
    th_recorder_t rec = record(&t);
    uint64_t at = UINT64_MAX, issued = 0;
    *mem_events = 0;
    for (size_t i = 0; i < rec.n; i++) {
        if (rec.ev[i].kind == TEV_ISSUE && issued++ == nth)
            at = rec.ev[i].cycle;
        if (rec.ev[i].kind == TEV_MEM)
            (*mem_events)++;
    }
    free(rec.ev);
    th_release(&t);
    return at;
}

#define GFX900 ".amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\n"

START_TEST(test_global_load_latency)
{
    /* v1 (work-item id y) is 0: every lane reads the kernel arguments' first dword at s[0:1] */
    static const char kernel[] = GFX900 "k:\n  global_load_dword v3, v1, s[0:1]\n  s_waitcnt vmcnt(0)\n  s_endpgm\n";
    uint64_t mem;
    /* issued at 4, ta 4: done at ceil((8 * 512 + 256) / 512) + 100 = 9 + 100 = 109; s_endpgm at the
     * next selection of SIMD 0, 112 */
    ck_assert_uint_eq(issue_cycle(kernel, 100, 2, &mem), 112);
    ck_assert_uint_eq(mem, 1);
    /* done at 9 + 139 = 148, a selection cycle itself */
    ck_assert_uint_eq(issue_cycle(kernel, 139, 2, &mem), 148);
    /* the 64-bit VGPR address form takes the same path: v[1:2] = 0 + the kernel arguments' address is
     * not it, so through SADDR off with v[4:5] = s[0:1] (two VALU moves at 4 and 8, the load at 12) */
    static const char k64[] = GFX900 "k:\n  v_mov_b32 v4, s0\n  v_mov_b32 v5, s1\n"
                              "  global_load_dword v3, v[4:5], off\n  s_waitcnt vmcnt(0)\n  s_endpgm\n";
    /* load at 12: done at ceil((16 * 512 + 256) / 512) + 100 = 17 + 100 = 117; s_endpgm at 120 */
    ck_assert_uint_eq(issue_cycle(k64, 100, 4, &mem), 120);
}
END_TEST

/* gfx9's vmcnt has six bits, [3:0] and [15:14]: simm16 0x4f70 is vmcnt(16) expcnt(7) lgkmcnt(15)
 * (llvm-mc -mcpu=gfx900 encodes `s_waitcnt vmcnt(16)` so), which one outstanding load satisfies.
 * gfx8 reads only [3:0]: vmcnt(0), which waits for the load. */
START_TEST(test_vmcnt_six_bits)
{
    uint64_t mem;
    static const char k9[] = GFX900 "k:\n  global_load_dword v3, v1, s[0:1]\n  s_waitcnt 0x4f70\n  s_endpgm\n";
    /* load at 4, s_waitcnt at 8 (it does not wait), s_endpgm at 12 */
    ck_assert_uint_eq(issue_cycle(k9, 100, 2, &mem), 12);
    /* the same on gfx803 (flat_load_dword through v[4:5]): load at 12, done at 117, s_endpgm at 120 */
    static const char k8[] = "k:\n  v_mov_b32 v4, s0\n  v_mov_b32 v5, s1\n"
                             "  flat_load_dword v3, v[4:5]\n  s_waitcnt 0x4f70\n  s_endpgm\n";
    ck_assert_uint_eq(issue_cycle(k8, 100, 4, &mem), 120);
}
END_TEST

/* Scalar atomics in the timing model: four workgroups add 1 each to out[0] (lgkmcnt), the returned
 * old values are stored to out[1 + group]: 0..3 in some order, the sum 4. */
START_TEST(test_scalar_atomic_timed)
{
    static const char kernel[] = GFX900 "k:\n  s_load_dwordx2 s[4:5], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n"
                                 "  s_mov_b32 s6, 1\n  s_atomic_add s6, s[4:5], 0x0 glc\n  s_lshl_b32 s7, s2, 2\n"
                                 "  s_add_u32 s7, s7, 4\n  s_waitcnt lgkmcnt(0)\n  s_store_dword s6, s[4:5], s7\n"
                                 "  s_dcache_wb\n  s_waitcnt lgkmcnt(0)\n  s_endpgm\n";
    th_launch_t t;
    const char *sets[] = { "gpu.target=gfx900", NULL };
    th_prepare(&t, kernel, "grid = 256\nworkgroup = 64\n[buffer out]\ntype = u32\ncount = 5\n[args]\nout = @out\n",
               NULL, sets, 0);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    timing_result_t res;
    ck_assert_int_eq(timing_run(t.L, &t.cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
    const uint32_t *out = (const uint32_t *)t.L->bufs[0].data;
    ck_assert_uint_eq(out[0], 4);
    unsigned seen = 0;
    for (unsigned g = 0; g < 4; g++) {
        ck_assert_uint_lt(out[1 + g], 4);
        seen |= 1u << out[1 + g];
    }
    ck_assert_uint_eq(seen, 15);
    th_release(&t);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("timing_flat9");
    TCase *t = tcase_create("flat9");
    tcase_add_test(t, test_global_load_latency);
    tcase_add_test(t, test_vmcnt_six_bits);
    tcase_add_test(t, test_scalar_atomic_timed);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

/* test_occupancy_llvm: occupancy as LLVM's AMDGPU backend estimates it (occ_llvm) against LLVM's own
 * rules written out here, and against what the dispatcher keeps resident. */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "report/occ_report.h"
#include "config/config.h"
#include "machine/occupancy.h"
#include "report/occ_text.h"
#include "occ_unit.h"
#include "unit.h"

static unsigned llvm_vgpr(unsigned n)
{
    if (n < 4)
        return 10;
    unsigned w = 256 / ((n + 3) / 4 * 4);
    return w < 1 ? 1 : w > 10 ? 10 : w;
}

static unsigned llvm_sgpr(unsigned n)
{
    return n <= 80 ? 10 : n <= 88 ? 9 : n <= 100 ? 8 : 7;
}

static unsigned llvm_max_wg_per_cu(unsigned wg_size)
{
    unsigned n = (wg_size + 63) / 64;
    if (n == 1)
        return 40;
    return 40 / n < 16 ? 40 / n : 16;
}

static unsigned llvm_lds(unsigned bytes, unsigned wg_size)
{
    unsigned groups = 65536 / (bytes ? bytes : 1);
    if (groups == 0)
        return 1;
    unsigned m = llvm_max_wg_per_cu(wg_size);
    groups = groups < m ? groups : m;
    unsigned waves = (groups * ((wg_size + 63) / 64) + 3) / 4;
    return waves < 10 ? waves : 10;
}

static unsigned llvm_occupancy(unsigned vgprs, unsigned sgprs, unsigned lds, unsigned wg_size)
{
    unsigned o = llvm_lds(lds, wg_size);
    o = o < llvm_sgpr(sgprs) ? o : llvm_sgpr(sgprs);
    o = o < llvm_vgpr(vgprs) ? o : llvm_vgpr(vgprs);
    return o;
}

static double ours(unsigned vgprs, unsigned sgprs, unsigned lds, unsigned wg_size)
{
    cfg_t cfg = defaults();
    occ_kernel_t k = kern(wg_size, vgprs, sgprs, lds);
    occ_result_t r;
    ck_assert_int_eq(occ_compute(&cfg, &k, &r), 0);
    return r.waves_per_simd;
}

/* One-wave and four-wave groups: every VGPR count agrees (whole groups of 1 or 4 waves spread
 * evenly over 4 SIMDs, so workgroup granularity loses nothing). */
START_TEST(test_llvm_vgprs)
{
    for (unsigned v = 1; v <= 256; v++) {
        ck_assert_msg(ours(v, 16, 0, 64) == llvm_occupancy(v, 16, 0, 64), "64 wi, %u VGPRs", v);
        ck_assert_msg(ours(v, 16, 0, 256) == llvm_occupancy(v, 16, 0, 256), "256 wi, %u VGPRs", v);
    }
}
END_TEST

/* SGPRs: agreement where the 16-SGPR granule meets LLVM's thresholds; the two bands where LLVM's
 * table behaves like an 8-SGPR granule differ by one wave. */
START_TEST(test_llvm_sgprs)
{
    for (unsigned s = 1; s <= 112; s++) {
        double o = ours(4, s, 0, 64);
        unsigned l = llvm_occupancy(4, s, 0, 64);
        if ((s >= 81 && s <= 88) || (s >= 97 && s <= 100))
            ck_assert_msg(o == l - 1, "%u SGPRs: ours %g, LLVM %u", s, o, l); /* 96 -> 8, 112 -> 7 */
        else
            ck_assert_msg(o == l, "%u SGPRs: ours %g, LLVM %u", s, o, l);
    }
}
END_TEST

/* LDS at multiples of the granule with one-wave groups: LLVM's ceil(groups/4) equals ours when
 * the group count is a multiple of 4. */
START_TEST(test_llvm_lds)
{
    static const unsigned kib[] = { 1, 2, 4, 8, 16 };
    for (unsigned i = 0; i < sizeof kib / sizeof kib[0]; i++)
        ck_assert_msg(ours(4, 16, kib[i] * 1024, 64) == llvm_occupancy(4, 16, kib[i] * 1024, 64), "%u KiB", kib[i]);
    /* 20 KiB: 3 groups -> LLVM rounds 3/4 up to 1 wave per SIMD; resident waves average 0.75. */
    ck_assert(llvm_occupancy(4, 16, 20480, 64) == 1 && ours(4, 16, 20480, 64) == 0.75);
}
END_TEST

/* 1024-work-item groups: agree when the per-SIMD VGPR waves are a multiple of 4 (one SIMD's
 * share of a 16-wave group), differ otherwise. */
START_TEST(test_llvm_big_groups)
{
    ck_assert(ours(32, 16, 0, 1024) == 8 && llvm_occupancy(32, 16, 0, 1024) == 8);
    ck_assert(ours(64, 16, 0, 1024) == 4 && llvm_occupancy(64, 16, 0, 1024) == 4);
    ck_assert(ours(40, 16, 0, 1024) == 4 && llvm_occupancy(40, 16, 0, 1024) == 6);
    ck_assert(ours(36, 16, 0, 1024) == 4 && llvm_occupancy(36, 16, 0, 1024) == 7);
    ck_assert(ours(24, 16, 0, 1024) == 8 && llvm_occupancy(24, 16, 0, 1024) == 8);
}
END_TEST

/* ---- LLVM's rule as the analysis computes it (occ_llvm): hand-computed cases ------------------------ */

#define NL UINT32_MAX /* "no limit" in the waves table */

typedef struct {
    const char *name;
    occ_kernel_t k;
    int64_t max_wg;                     /* 0: default */
    uint32_t waves[OCC_NUM_RESOURCES];  /* vgpr, sgpr, lds, wave_slots, barriers, workgroups */
    uint32_t w;
    occ_resource_t limiter;
    unsigned limiting;
    /* The first advice for w + 1 waves/SIMD. */
    occ_change_t change;
    uint32_t to;
} llvm_case_t;

#define B(r) (1u << (r))

/* Defaults: 4 SIMDs, 10 waves/SIMD, 40 waves/CU, 16 barriers, 40 workgroups, 256 VGPRs (granule 4),
 * LDS 65536 (granule 512). N = waves per workgroup. Terms: VGPR floor(256 / alloc); SGPR the gfx8
 * table; LDS ceil(floor(65536 / alloc) * N / 4); wave slots min(ceil(floor(40 / N) * N / 4), 10);
 * barriers ceil(16 * N / 4) when N > 1; workgroups ceil(40 * N / 4). */
static const llvm_case_t llvm_cases[] = {
    /* N 16. VGPR 256/32 = 8; slots 40/16 = 2 groups = 32 waves = 8; barriers 64; workgroups 160.
     * 8 ties VGPR and slots; VGPR is first. 7 VGPRs fewer can not help: 9 waves would need the
     * slots too, so the VGPR advice alone says 28 (256/28 = 9). */
    { "1024 wi, 32 VGPRs", { 32, 16, 0, 1024, { 0 }, 0, 0 }, 0, { 8, 10, NL, 8, 64, 160 }, 8, OCC_VGPR,
      B(OCC_VGPR) | B(OCC_WAVE_SLOTS), OCC_CHANGE_AT_MOST, 28 },
    /* VGPR 256/40 = 6: 6 waves/SIMD; 36 VGPRs give 256/36 = 7. */
    { "1024 wi, 40 VGPRs", { 40, 16, 0, 1024, { 0 }, 0, 0 }, 0, { 6, 10, NL, 8, 64, 160 }, 6, OCC_VGPR, B(OCC_VGPR),
      OCC_CHANGE_AT_MOST, 36 },
    /* VGPR 256/48 = 5; 6 waves need 256/6 = 42.7 -> 40 VGPRs. */
    { "1024 wi, 48 VGPRs", { 48, 16, 0, 1024, { 0 }, 0, 0 }, 0, { 5, 10, NL, 8, 64, 160 }, 5, OCC_VGPR, B(OCC_VGPR),
      OCC_CHANGE_AT_MOST, 40 },
    /* 256 VGPRs: 1 wave/SIMD by LLVM (resident: never fits, 4 waves/CU < 16). */
    { "1024 wi, 256 VGPRs", { 256, 16, 0, 1024, { 0 }, 0, 0 }, 0, { 1, 10, NL, 8, 64, 160 }, 1, OCC_VGPR, B(OCC_VGPR),
      OCC_CHANGE_AT_MOST, 128 },
    /* SGPR 90 -> table 8 (<= 100); 9 needs <= 88. */
    { "SGPR-limited", { 4, 90, 0, 64, { 0 }, 0, 0 }, 0, { 64, 8, NL, 10, NL, 10 }, 8, OCC_SGPR, B(OCC_SGPR),
      OCC_CHANGE_AT_MOST, 88 },
    /* 101 SGPRs -> 7; 8 needs <= 100. */
    { "101 SGPRs", { 4, 101, 0, 64, { 0 }, 0, 0 }, 0, { 64, 7, NL, 10, NL, 10 }, 7, OCC_SGPR, B(OCC_SGPR),
      OCC_CHANGE_AT_MOST, 100 },
    /* N 4. LDS 13000 -> 13312 (26 granules): 65536/13312 = 4 groups = 16 waves = 4/SIMD (LLVM without
     * rounding: 65536/13000 = 5 groups = 5/SIMD). 5/SIMD needs 5 groups: alloc <= 13107 -> 12800. */
    { "LDS-limited, granule rounding", { 16, 16, 13000, 256, { 0 }, 0, 0 }, 0, { 16, 10, 4, 10, 16, 40 }, 4, OCC_LDS, B(OCC_LDS),
      OCC_CHANGE_AT_MOST, 12800 },
    /* N 1. 20 KiB: 3 groups = 3 waves, ceil(3/4) = 1. 2/SIMD needs 5 groups: 13107 -> 12800. */
    { "20 KiB, one wave", { 16, 16, 20480, 64, { 0 }, 0, 0 }, 0, { 16, 10, 1, 10, NL, 10 }, 1, OCC_LDS, B(OCC_LDS),
      OCC_CHANGE_AT_MOST, 12800 },
    /* N 2. Barriers ceil(16*2/4) = 8; slots 20 groups = 40 waves = 10; workgroups 20. 9 waves: the
     * nearest size is 1 wave (no barrier: 10; 3 waves would give 12 too, smaller goes first). */
    { "barrier-limited", { 4, 16, 0, 128, { 0 }, 0, 0 }, 0, { 64, 10, NL, 10, 8, 20 }, 8, OCC_BARRIERS, B(OCC_BARRIERS),
      OCC_CHANGE_SIZE, 64 },
    /* N 16 at 16 VGPRs: slots 8. 15 waves: 2 groups = 30 -> 8; 14: 28 -> 7; 13: 3 groups = 39 -> 10. */
    { "workgroup-size-limited, 1024 wi", { 16, 16, 0, 1024, { 0 }, 0, 0 }, 0, { 16, 10, NL, 8, 64, 160 }, 8, OCC_WAVE_SLOTS,
      B(OCC_WAVE_SLOTS), OCC_CHANGE_SIZE, 832 },
    /* N 12: 3 groups = 36 waves -> 9. 11 waves: 3 groups = 33 -> 9; 13 waves: 39 -> 10. */
    { "workgroup-size-limited, 768 wi", { 16, 16, 0, 768, { 0 }, 0, 0 }, 0, { 16, 10, NL, 9, 48, 120 }, 9, OCC_WAVE_SLOTS,
      B(OCC_WAVE_SLOTS), OCC_CHANGE_SIZE, 832 },
    /* cu.max_workgroups = 20, N 1: ceil(20/4) = 5. 6 waves: 2-wave groups give min(barriers 8,
     * workgroups 10, slots 10) = 8. */
    { "workgroups per CU", { 4, 16, 0, 64, { 0 }, 0, 0 }, 20, { 64, 10, NL, 10, NL, 5 }, 5, OCC_WORKGROUPS, B(OCC_WORKGROUPS),
      OCC_CHANGE_SIZE, 128 },
    /* Everything at or above 10: the maximum, limiter wave slots, nothing to save. */
    { "at the maximum", { 16, 16, 0, 64, { 0 }, 0, 0 }, 0, { 16, 10, NL, 10, NL, 10 }, 10, OCC_WAVE_SLOTS,
      B(OCC_SGPR) | B(OCC_WAVE_SLOTS) | B(OCC_WORKGROUPS), OCC_CHANGE_NONE, 0 },
    /* LLVM's worked example (GCNSubtarget::computeOccupancy): 40 VGPRs, 40 SGPRs, 8 KiB, 256 wi -> 6.
     * LDS 8 groups = 32 waves = 8. */
    { "LLVM example", { 40, 40, 8192, 256, { 0 }, 0, 0 }, 0, { 6, 10, 8, 10, 16, 40 }, 6, OCC_VGPR, B(OCC_VGPR),
      OCC_CHANGE_AT_MOST, 36 },
};

START_TEST(test_llvm_cases)
{
    const llvm_case_t *c = &llvm_cases[_i];
    cfg_t cfg = defaults();
    if (c->max_wg)
        cfg.cu_max_workgroups = c->max_wg;
    occ_llvm_t o;
    memset(&o, 0xa5, sizeof o);
    occ_llvm(&cfg, &c->k, &o);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        ck_assert_msg(o.waves[r] == c->waves[r], "%s: %s term %u, expected %u", c->name,
                      occ_resource_name((occ_resource_t)r), o.waves[r], c->waves[r]);
    ck_assert_msg(o.waves_per_simd == c->w, "%s: %u waves/SIMD, expected %u", c->name, o.waves_per_simd, c->w);
    ck_assert_msg(o.limiter == c->limiter, "%s: limiter %s", c->name, occ_resource_name(o.limiter));
    ck_assert_msg(o.limiting == c->limiting, "%s: limiting %#x, expected %#x", c->name, o.limiting, c->limiting);
    ck_assert(o.occupancy == (double)c->w / 10.0);
    occ_advice_t a;
    occ_llvm_advice(&cfg, &c->k, o.limiter, c->w + 1, &a);
    ck_assert_msg(a.change == c->change, "%s: change %d, expected %d", c->name, a.change, c->change);
    ck_assert_uint_eq(a.target, c->w + 1);
    if (c->change != OCC_CHANGE_NONE)
        ck_assert_msg(a.to == c->to, "%s: advice to %u, expected %u", c->name, a.to, c->to);
    if (c->change == OCC_CHANGE_AT_MOST) {
        /* The advice is the largest value that works: it reaches the target, one more does not. */
        occ_kernel_t k = c->k;
        uint32_t *f = o.limiter == OCC_VGPR ? &k.vgprs : o.limiter == OCC_SGPR ? &k.sgprs : &k.lds_bytes;
        uint32_t step = o.limiter == OCC_LDS ? 512 : 1;
        *f = a.to;
        occ_llvm(&cfg, &k, &o);
        ck_assert_uint_ge(o.waves[c->limiter], c->w + 1);
        *f = a.to + step;
        occ_llvm(&cfg, &k, &o);
        ck_assert_uint_lt(o.waves[c->limiter], c->w + 1);
    }
}
END_TEST

/* occ_llvm equals the independent transcription above (LDS rounded to 512 first) for every
 * workgroup size, VGPR count and a spread of SGPR and LDS sizes. */
START_TEST(test_llvm_rule_matches)
{
    static const unsigned sgprs[] = { 0, 1, 16, 80, 81, 88, 89, 100, 101, 112 };
    static const unsigned lds[] = { 0, 1, 512, 4096, 13000, 16385, 20480, 32768, 65536 };
    cfg_t cfg = defaults();
    for (unsigned wg = 64; wg <= 1024; wg += 64)
        for (unsigned v = 0; v <= 256; v += (v < 48 ? 1 : 7))
            for (unsigned s = 0; s < sizeof sgprs / sizeof sgprs[0]; s++)
                for (unsigned l = 0; l < sizeof lds / sizeof lds[0]; l++) {
                    occ_kernel_t k = kern(wg, v, sgprs[s], lds[l]);
                    occ_llvm_t o;
                    occ_llvm(&cfg, &k, &o);
                    unsigned rounded = (lds[l] + 511) / 512 * 512;
                    /* LLVM skips a zero count; 0 VGPRs allocate one granule here, which is the same. */
                    unsigned ref = llvm_lds(rounded, wg);
                    if (sgprs[s])
                        ref = ref < llvm_sgpr(sgprs[s]) ? ref : llvm_sgpr(sgprs[s]);
                    if (v)
                        ref = ref < llvm_vgpr(v) ? ref : llvm_vgpr(v);
                    ck_assert_msg(o.waves_per_simd == ref, "wg %u, %u VGPRs, %u SGPRs, %u LDS: %u, LLVM %u", wg, v,
                                  sgprs[s], lds[l], o.waves_per_simd, ref);
                }
}
END_TEST

/* The headline and the resident figure: equal where LLVM's rule is exact, and the stated gap. */
START_TEST(test_llvm_vs_resident)
{
    cfg_t cfg = defaults();
    occ_kernel_t k = kern(1024, 40, 16, 0);
    occ_llvm_t l;
    occ_result_t r;
    occ_llvm(&cfg, &k, &l);
    ck_assert_int_eq(occ_compute(&cfg, &k, &r), 0);
    ck_assert(l.waves_per_simd == 6 && r.waves_per_simd == 4.0);
    char why[512];
    ck_assert_uint_gt(occ_report_why(&cfg, &k, &l, &r, why, sizeof why), 0);
    ck_assert_msg(strstr(why, "40 VGPRs per wave let 6 waves share a SIMD, 24 on the CU") != NULL, "%s", why);
    ck_assert_msg(strstr(why, "all its 16 waves fit at once, so 1 workgroup (16 waves) is resident") != NULL, "%s", why);
    k = kern(1024, 32, 16, 0);
    occ_llvm(&cfg, &k, &l);
    ck_assert_int_eq(occ_compute(&cfg, &k, &r), 0);
    ck_assert(l.waves_per_simd == 8 && r.waves_per_simd == 8.0);
    ck_assert_uint_eq(occ_report_why(&cfg, &k, &l, &r, why, sizeof why), 0);
    ck_assert_str_eq(why, "");
    /* 84 SGPRs, one wave: LLVM's table 9, the 16-granule 96 -> 800/96 = 8. */
    k = kern(64, 4, 84, 0);
    occ_llvm(&cfg, &k, &l);
    ck_assert_int_eq(occ_compute(&cfg, &k, &r), 0);
    ck_assert(l.waves_per_simd == 9 && r.waves_per_simd == 8.0);
    occ_report_why(&cfg, &k, &l, &r, why, sizeof why);
    ck_assert_msg(strstr(why, "allocated as 96") && strstr(why, "LLVM's gfx8 table allows 9"), "%s", why);
    /* 3 one-wave groups of 20 KiB: 0.75 resident, LLVM rounds up to 1. */
    k = kern(64, 4, 16, 20480);
    occ_llvm(&cfg, &k, &l);
    occ_compute(&cfg, &k, &r);
    occ_report_why(&cfg, &k, &l, &r, why, sizeof why);
    ck_assert_msg(strstr(why, "the LDS holds 3 workgroups of 20480 bytes: 3 waves on 4 SIMDs, 0.75 per SIMD") != NULL,
                  "%s", why);
}
END_TEST

static Suite *occ_llvm_suite(void)
{
    Suite *s = suite_create("occupancy_llvm");
    TCase *tc = tcase_create("llvm");
    tcase_add_test(tc, test_llvm_vgprs);
    tcase_add_test(tc, test_llvm_sgprs);
    tcase_add_test(tc, test_llvm_lds);
    tcase_add_test(tc, test_llvm_big_groups);
    tcase_add_loop_test(tc, test_llvm_cases, 0, (int)(sizeof llvm_cases / sizeof llvm_cases[0]));
    tcase_add_test(tc, test_llvm_rule_matches);
    tcase_add_test(tc, test_llvm_vs_resident);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(occ_llvm_suite)

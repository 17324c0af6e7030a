/* Occupancy at workgroup granularity: hand-computed cases (the arithmetic is in each case's
 * comment) and a cross-check against an independent transcription of LLVM's per-SIMD rule
 * (GCN-REFERENCE.md section 2) where the two must agree. */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "config.h"
#include "occupancy.h"
#include "unit.h"

#define U UINT32_MAX

/* config.def's integer defaults, built from the table itself so the test does not depend on the
 * configuration loader. Enum keys stay 0 (their first choice, which is every enum's default). */
static cfg_t defaults(void)
{
    cfg_t c;
    memset(&c, 0, sizeof c);
#define CFG_INT(sec, key, def, lo, hi, unit, src, desc) c.sec##_##key = (def);
#define CFG_ENUM(sec, key, def, choices, src, desc)
#include "config.def"
#undef CFG_INT
#undef CFG_ENUM
    return c;
}

static occ_kernel_t kern(uint32_t wg_size, uint32_t vgprs, uint32_t sgprs, uint32_t lds)
{
    return (occ_kernel_t){ .vgprs = vgprs, .sgprs = sgprs, .lds_bytes = lds, .wg_size = wg_size };
}

typedef struct {
    const char *name;
    occ_kernel_t k;
    /* Non-default configuration values; 0 keeps the default. */
    int64_t simds, slots, max_waves, max_wg, vgprs, vgpr_granule, sgprs, sgpr_granule, lds_bytes, lds_granule;
    uint32_t limit[OCC_NUM_RESOURCES];
    occ_resource_t limiter;
    double waves_per_simd;
    int rc;
} occ_case_t;

/* Defaults: 4 SIMDs x 10 slots, 40 waves and 40 workgroups per CU, 16 barriers, 256 VGPRs
 * (granule 4), 800 SGPRs (granule 16), 64 KiB LDS (granule 512). Limits are listed in the order
 * vgpr, sgpr, lds, wave_slots, barriers, workgroups. */
static const occ_case_t cases[] = {
    /* 16 waves. VGPR 256/32 = 8/SIMD, 8*4/16 = 2; SGPR 800/16 = 50, 200/16 = 12; slots 40/16 = 2.
     * 2 groups tie between VGPRs and slots: VGPR wins (earlier). 2*16/4 = 8 waves/SIMD. */
    { "1024 wi, 32 VGPRs", { 32, 16, 0, 1024 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 2, 12, U, 2, 16, 40 }, OCC_VGPR, 8.0, 0 },
    /* VGPR 256/40 = 6/SIMD, 6*4/16 = 1 group: 16/4 = 4 waves/SIMD (LLVM's VGPR term says 6). */
    { "1024 wi, 40 VGPRs", { 40, 16, 0, 1024 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 1, 12, U, 2, 16, 40 }, OCC_VGPR, 4.0, 0 },
    /* VGPR 256/48 = 5/SIMD, 5*4/16 = 1 group: 4 waves/SIMD. */
    { "1024 wi, 48 VGPRs", { 48, 16, 0, 1024 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 1, 12, U, 2, 16, 40 }, OCC_VGPR, 4.0, 0 },
    /* LLVM's worked example. 4 waves. VGPR 6*4/4 = 6; SGPR 40 -> 48, 800/48 = 16, 16*4/4 = 16;
     * LDS 65536/8192 = 8; slots 40/4 = 10. 6 groups = 24 waves = 6/SIMD. */
    { "256 wi, 40 VGPRs, 40 SGPRs, 8 KiB", { 40, 40, 8192, 256 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 6, 16, 8, 10, 16, 40 }, OCC_VGPR, 6.0, 0 },
    /* One wave. SGPR 100 -> 112, 800/112 = 7/SIMD, 28 groups; VGPR 256/4 = 64, 256 groups;
     * no barrier. 28 waves = 7/SIMD. */
    { "SGPR-limited", { 4, 100, 0, 64 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 256, 28, U, 40, U, 40 }, OCC_SGPR, 7.0, 0 },
    /* 4 waves. LDS 20480 (already a multiple of 512): 65536/20480 = 3.2 -> 3. VGPR 256/16 = 16,
     * 16*4/4 = 16. 3 groups = 12 waves = 3/SIMD. */
    { "LDS 20 KiB", { 16, 16, 20480, 256 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 16, 50, 3, 10, 16, 40 }, OCC_LDS, 3.0, 0 },
    /* 16 KiB exactly: 65536/16384 = 4 groups = 16 waves = 4/SIMD. */
    { "LDS 16 KiB", { 16, 16, 16384, 256 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 16, 50, 4, 10, 16, 40 }, OCC_LDS, 4.0, 0 },
    /* One byte more rounds to 16896 (33 x 512): 65536/16896 = 3.88 -> 3. */
    { "LDS 16 KiB + 1", { 16, 16, 16385, 256 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 16, 50, 3, 10, 16, 40 }, OCC_LDS, 3.0, 0 },
    /* 2 waves. VGPR 64*4/2 = 128; SGPR 50*4/2 = 100; slots 40/2 = 20; barriers 16.
     * 16 groups = 32 waves = 8/SIMD. */
    { "barrier-limited", { 4, 16, 0, 128 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 128, 100, U, 20, 16, 40 }, OCC_BARRIERS, 8.0, 0 },
    /* One wave: slots 40/1 = 40 ties max_workgroups 40; slots come first. 10 waves/SIMD. */
    { "64 wi: slots tie workgroups", { 4, 16, 0, 64 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 256, 200, U, 40, U, 40 }, OCC_WAVE_SLOTS, 10.0, 0 },
    /* cu.max_workgroups = 32: 32 groups = 32 waves = 8/SIMD. */
    { "64 wi: workgroup-limited", { 4, 16, 0, 64 }, 0, 0, 0, 32, 0, 0, 0, 0, 0, 0,
      { 256, 200, U, 40, U, 32 }, OCC_WORKGROUPS, 8.0, 0 },
    /* 257 VGPRs -> 260 > 256: 0 waves/SIMD, never fits. */
    { "257 VGPRs", { 257, 16, 0, 64 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 0, 200, U, 40, U, 40 }, OCC_VGPR, 0.0, 1 },
    /* 70 KiB = 71680 > 65536: never fits. */
    { "70 KiB LDS", { 4, 16, 71680, 64 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 256, 200, 0, 40, U, 40 }, OCC_LDS, 0.0, 1 },
    /* 2048 wi = 32 waves. 40 VGPRs: 6*4/32 = 0: the registers of 32 waves are not there. */
    { "2048 wi, 40 VGPRs", { 40, 16, 0, 2048 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 0, 6, U, 1, 16, 40 }, OCC_VGPR, 0.0, 1 },
    /* 32 VGPRs: 8*4/32 = 1, slots 40/32 = 1: one group (the 1024 limit is the loader's). */
    { "2048 wi, 32 VGPRs", { 32, 16, 0, 2048 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 1, 6, U, 1, 16, 40 }, OCC_VGPR, 8.0, 0 },
    /* 4096 wi = 64 waves > 40 slots: never fits. VGPR 64*4/64 = 4; SGPR 200/64 = 3. */
    { "4096 wi", { 4, 16, 0, 4096 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 4, 3, U, 0, 16, 40 }, OCC_WAVE_SLOTS, 0.0, 1 },
    /* SI-like: 512 SGPRs, granule 8. 50 -> 56, 512/56 = 9/SIMD, 36 groups; 9 waves/SIMD. */
    { "SI SGPRs", { 4, 50, 0, 64 }, 0, 0, 0, 0, 0, 0, 512, 8, 0, 256,
      { 256, 36, U, 40, U, 40 }, OCC_SGPR, 9.0, 0 },
    /* 2 SIMDs x 8 slots, 16 waves. 4 waves/group. VGPR 256/64 = 4/SIMD, 4*2/4 = 2; SGPR
     * 50*2/4 = 25; slots 16/4 = 4. 2 groups = 8 waves = 4/SIMD, occupancy 4/8. */
    { "2 SIMDs", { 64, 16, 0, 256 }, 2, 8, 16, 0, 0, 0, 0, 0, 0, 0,
      { 2, 25, U, 4, 16, 40 }, OCC_VGPR, 4.0, 0 },
    /* 512 VGPRs, granule 8: 40 -> 40, 512/40 = 12/SIMD, 48/16 = 3; slots 2. 8 waves/SIMD. */
    { "512 VGPRs", { 40, 16, 0, 1024 }, 0, 0, 0, 0, 512, 8, 0, 0, 0, 0,
      { 3, 12, U, 2, 16, 40 }, OCC_WAVE_SLOTS, 8.0, 0 },
    /* Granule 8 rounds 37 VGPRs to 40 as well (granule 4 would keep 40): same as 40. */
    { "VGPR granule 8, 37 VGPRs", { 37, 16, 0, 256 }, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0,
      { 6, 50, U, 10, 16, 40 }, OCC_VGPR, 6.0, 0 },
    /* max_waves 24 < 4 x 10: slots 24/4 = 6 groups = 6 waves/SIMD. */
    { "24 waves per CU", { 4, 16, 0, 256 }, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0,
      { 64, 50, U, 6, 16, 40 }, OCC_WAVE_SLOTS, 6.0, 0 },
    /* A CU without LDS: any LDS use never fits (4 -> 512 > 0). */
    { "no LDS", { 4, 16, 4, 64 }, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0,
      { 256, 200, 0, 40, U, 40 }, OCC_LDS, 0.0, 1 },
    /* 0 VGPRs still allocates one granule (4): 64/SIMD. 0 SGPRs allocate nothing. */
    { "no registers", { 0, 0, 0, 64 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 256, U, U, 40, U, 40 }, OCC_WAVE_SLOTS, 10.0, 0 },
};

static cfg_t case_cfg(const occ_case_t *c)
{
    cfg_t cfg = defaults();
    if (c->simds) cfg.cu_simds = c->simds;
    if (c->slots) cfg.cu_wave_slots = c->slots;
    if (c->max_waves) cfg.cu_max_waves = c->max_waves;
    if (c->max_wg) cfg.cu_max_workgroups = c->max_wg;
    if (c->vgprs) cfg.cu_vgprs = c->vgprs;
    if (c->vgpr_granule) cfg.cu_vgpr_granule = c->vgpr_granule;
    if (c->sgprs) cfg.cu_sgprs = c->sgprs;
    if (c->sgpr_granule) cfg.cu_sgpr_granule = c->sgpr_granule;
    if (c->lds_bytes) cfg.cu_lds_bytes = c->lds_bytes == 1 ? 0 : c->lds_bytes; /* 1 means "none" */
    if (c->lds_granule) cfg.cu_lds_granule = c->lds_granule;
    return cfg;
}

START_TEST(test_cases)
{
    const occ_case_t *c = &cases[_i];
    cfg_t cfg = case_cfg(c);
    occ_result_t r;
    memset(&r, 0xa5, sizeof r);
    int rc = occ_compute(&cfg, &c->k, &r);
    ck_assert_msg(rc == c->rc, "%s: rc %d, expected %d", c->name, rc, c->rc);
    for (int i = 0; i < OCC_NUM_RESOURCES; i++)
        ck_assert_msg(r.wg_limit[i] == c->limit[i], "%s: %s limit %u, expected %u", c->name,
                      occ_resource_name((occ_resource_t)i), r.wg_limit[i], c->limit[i]);
    ck_assert_msg(r.limiter == c->limiter, "%s: limiter %s, expected %s", c->name,
                  occ_resource_name(r.limiter), occ_resource_name(c->limiter));
    /* The minimum, recomputed here. */
    uint32_t min = U;
    for (int i = 0; i < OCC_NUM_RESOURCES; i++)
        min = c->limit[i] < min ? c->limit[i] : min;
    ck_assert_uint_eq(r.wg_per_cu, min);
    ck_assert_msg(r.waves_per_simd == c->waves_per_simd, "%s: %g waves/SIMD, expected %g", c->name,
                  r.waves_per_simd, c->waves_per_simd);
    ck_assert_msg(r.occupancy == c->waves_per_simd / (double)cfg.cu_wave_slots, "%s: occupancy %g", c->name,
                  r.occupancy);
}
END_TEST

START_TEST(test_allocations)
{
    cfg_t cfg = defaults();
    occ_result_t r;
    occ_kernel_t k = kern(200, 37, 81, 16385);
    ck_assert_int_eq(occ_compute(&cfg, &k, &r), 0);
    ck_assert_uint_eq(r.waves_per_wg, 4);     /* ceil(200/64) */
    ck_assert_uint_eq(r.vgpr_alloc, 40);
    ck_assert_uint_eq(r.sgpr_alloc, 96);
    ck_assert_uint_eq(r.lds_alloc, 16896);
    k = kern(1, 0, 0, 0);
    ck_assert_int_eq(occ_compute(&cfg, &k, &r), 0);
    ck_assert_uint_eq(r.waves_per_wg, 1);
    ck_assert_uint_eq(r.vgpr_alloc, 4);       /* max(0, 1) rounded */
    ck_assert_uint_eq(r.sgpr_alloc, 0);
    ck_assert_uint_eq(r.lds_alloc, 0);
    /* Sizes near 2^32 must not wrap to small allocations. */
    k = kern(64, UINT32_MAX, 16, UINT32_MAX);
    ck_assert_int_eq(occ_compute(&cfg, &k, &r), 1);
    ck_assert_uint_eq(r.wg_limit[OCC_VGPR], 0);
    ck_assert_uint_eq(r.wg_limit[OCC_LDS], 0);
    ck_assert_uint_eq(occ_round_up(37, 4), 40);
    ck_assert_uint_eq(occ_round_up(0, 512), 0);
}
END_TEST

START_TEST(test_names)
{
    ck_assert_str_eq(occ_resource_name(OCC_VGPR), "vgpr");
    ck_assert_str_eq(occ_resource_name(OCC_SGPR), "sgpr");
    ck_assert_str_eq(occ_resource_name(OCC_LDS), "lds");
    ck_assert_str_eq(occ_resource_name(OCC_WAVE_SLOTS), "wave_slots");
    ck_assert_str_eq(occ_resource_name(OCC_BARRIERS), "barriers");
    ck_assert_str_eq(occ_resource_name(OCC_WORKGROUPS), "workgroups");
    ck_assert_str_eq(occ_resource_name(OCC_NUM_RESOURCES), "unknown");
}
END_TEST

/* ---- LLVM's rule, transcribed independently from GCN-REFERENCE.md section 2 (gfx8) ---------- */

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

static Suite *occ_suite(void)
{
    Suite *s = suite_create("occupancy");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, test_cases, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_allocations);
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_llvm_vgprs);
    tcase_add_test(tc, test_llvm_sgprs);
    tcase_add_test(tc, test_llvm_lds);
    tcase_add_test(tc, test_llvm_big_groups);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(occ_suite)

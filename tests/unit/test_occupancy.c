/* Occupancy at workgroup granularity: hand-computed cases (the arithmetic is in each case's
 * comment) and a cross-check against an independent transcription of LLVM's per-SIMD rule
 * (GCNSubtarget::computeOccupancy) where the two must agree. */
#include <check.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "cli/cli.h"
#include "report/occ_report.h"
#include "machine/occupancy.h"
#include "report/occ_text.h"
#include "json_check.h"
#include "occ_unit.h"
#include "unit.h"

#define U UINT32_MAX

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
    { "1024 wi, 32 VGPRs", { 32, 16, 0, 1024, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 2, 12, U, 2, 16, 40 }, OCC_VGPR, 8.0, 0 },
    /* VGPR 256/40 = 6/SIMD, 6*4/16 = 1 group: 16/4 = 4 waves/SIMD (LLVM's VGPR term says 6). */
    { "1024 wi, 40 VGPRs", { 40, 16, 0, 1024, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 1, 12, U, 2, 16, 40 }, OCC_VGPR, 4.0, 0 },
    /* VGPR 256/48 = 5/SIMD, 5*4/16 = 1 group: 4 waves/SIMD. */
    { "1024 wi, 48 VGPRs", { 48, 16, 0, 1024, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 1, 12, U, 2, 16, 40 }, OCC_VGPR, 4.0, 0 },
    /* LLVM's worked example. 4 waves. VGPR 6*4/4 = 6; SGPR 40 -> 48, 800/48 = 16, 16*4/4 = 16;
     * LDS 65536/8192 = 8; slots 40/4 = 10. 6 groups = 24 waves = 6/SIMD. */
    { "256 wi, 40 VGPRs, 40 SGPRs, 8 KiB", { 40, 40, 8192, 256, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 6, 16, 8, 10, 16, 40 }, OCC_VGPR, 6.0, 0 },
    /* One wave. SGPR 100 -> 112, 800/112 = 7/SIMD, 28 groups; VGPR 256/4 = 64, 256 groups;
     * no barrier. 28 waves = 7/SIMD. */
    { "SGPR-limited", { 4, 100, 0, 64, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 256, 28, U, 40, U, 40 }, OCC_SGPR, 7.0, 0 },
    /* 4 waves. LDS 20480 (already a multiple of 512): 65536/20480 = 3.2 -> 3. VGPR 256/16 = 16,
     * 16*4/4 = 16. 3 groups = 12 waves = 3/SIMD. */
    { "LDS 20 KiB", { 16, 16, 20480, 256, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 16, 50, 3, 10, 16, 40 }, OCC_LDS, 3.0, 0 },
    /* 16 KiB exactly: 65536/16384 = 4 groups = 16 waves = 4/SIMD. */
    { "LDS 16 KiB", { 16, 16, 16384, 256, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 16, 50, 4, 10, 16, 40 }, OCC_LDS, 4.0, 0 },
    /* One byte more rounds to 16896 (33 x 512): 65536/16896 = 3.88 -> 3. */
    { "LDS 16 KiB + 1", { 16, 16, 16385, 256, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 16, 50, 3, 10, 16, 40 }, OCC_LDS, 3.0, 0 },
    /* 2 waves. VGPR 64*4/2 = 128; SGPR 50*4/2 = 100; slots 40/2 = 20; barriers 16.
     * 16 groups = 32 waves = 8/SIMD. */
    { "barrier-limited", { 4, 16, 0, 128, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 128, 100, U, 20, 16, 40 }, OCC_BARRIERS, 8.0, 0 },
    /* One wave: slots 40/1 = 40 ties max_workgroups 40; slots come first. 10 waves/SIMD. */
    { "64 wi: slots tie workgroups", { 4, 16, 0, 64, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 256, 200, U, 40, U, 40 }, OCC_WAVE_SLOTS, 10.0, 0 },
    /* cu.max_workgroups = 32: 32 groups = 32 waves = 8/SIMD. */
    { "64 wi: workgroup-limited", { 4, 16, 0, 64, { 0 }, 0, 0 }, 0, 0, 0, 32, 0, 0, 0, 0, 0, 0,
      { 256, 200, U, 40, U, 32 }, OCC_WORKGROUPS, 8.0, 0 },
    /* 257 VGPRs -> 260 > 256: 0 waves/SIMD, never fits. */
    { "257 VGPRs", { 257, 16, 0, 64, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 0, 200, U, 40, U, 40 }, OCC_VGPR, 0.0, 1 },
    /* 70 KiB = 71680 > 65536: never fits. */
    { "70 KiB LDS", { 4, 16, 71680, 64, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 256, 200, 0, 40, U, 40 }, OCC_LDS, 0.0, 1 },
    /* 2048 wi = 32 waves. 40 VGPRs: 6*4/32 = 0: the registers of 32 waves are not there. */
    { "2048 wi, 40 VGPRs", { 40, 16, 0, 2048, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 0, 6, U, 1, 16, 40 }, OCC_VGPR, 0.0, 1 },
    /* 32 VGPRs: 8*4/32 = 1, slots 40/32 = 1: one group (the 1024 limit is the loader's). */
    { "2048 wi, 32 VGPRs", { 32, 16, 0, 2048, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 1, 6, U, 1, 16, 40 }, OCC_VGPR, 8.0, 0 },
    /* 4096 wi = 64 waves > 40 slots: never fits. VGPR 64*4/64 = 4; SGPR 200/64 = 3. */
    { "4096 wi", { 4, 16, 0, 4096, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      { 4, 3, U, 0, 16, 40 }, OCC_WAVE_SLOTS, 0.0, 1 },
    /* SI-like: 512 SGPRs, granule 8. 50 -> 56, 512/56 = 9/SIMD, 36 groups; 9 waves/SIMD. */
    { "SI SGPRs", { 4, 50, 0, 64, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 512, 8, 0, 256,
      { 256, 36, U, 40, U, 40 }, OCC_SGPR, 9.0, 0 },
    /* 2 SIMDs x 8 slots, 16 waves. 4 waves/group. VGPR 256/64 = 4/SIMD, 4*2/4 = 2; SGPR
     * 50*2/4 = 25; slots 16/4 = 4. 2 groups = 8 waves = 4/SIMD, occupancy 4/8. */
    { "2 SIMDs", { 64, 16, 0, 256, { 0 }, 0, 0 }, 2, 8, 16, 0, 0, 0, 0, 0, 0, 0,
      { 2, 25, U, 4, 16, 40 }, OCC_VGPR, 4.0, 0 },
    /* 512 VGPRs, granule 8: 40 -> 40, 512/40 = 12/SIMD, 48/16 = 3; slots 2. 8 waves/SIMD. */
    { "512 VGPRs", { 40, 16, 0, 1024, { 0 }, 0, 0 }, 0, 0, 0, 0, 512, 8, 0, 0, 0, 0,
      { 3, 12, U, 2, 16, 40 }, OCC_WAVE_SLOTS, 8.0, 0 },
    /* Granule 8 rounds 37 VGPRs to 40 as well (granule 4 would keep 40): same as 40. */
    { "VGPR granule 8, 37 VGPRs", { 37, 16, 0, 256, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0,
      { 6, 50, U, 10, 16, 40 }, OCC_VGPR, 6.0, 0 },
    /* max_waves 24 < 4 x 10: slots 24/4 = 6 groups = 6 waves/SIMD. */
    { "24 waves per CU", { 4, 16, 0, 256, { 0 }, 0, 0 }, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0,
      { 64, 50, U, 6, 16, 40 }, OCC_WAVE_SLOTS, 6.0, 0 },
    /* A CU without LDS: any LDS use never fits (4 -> 512 > 0). */
    { "no LDS", { 4, 16, 4, 64, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0,
      { 256, 200, 0, 40, U, 40 }, OCC_LDS, 0.0, 1 },
    /* 0 VGPRs still allocates one granule (4): 64/SIMD. 0 SGPRs allocate nothing. */
    { "no registers", { 0, 0, 0, 64, { 0 }, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
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

/* ---- LLVM's rule, transcribed independently from LLVM's GCNSubtarget.cpp (gfx8) ---------- */

START_TEST(test_advice_text)
{
    cfg_t cfg = defaults();
    char line[256];
    occ_kernel_t k = kern(1024, 40, 16, 0);
    occ_advice_t a;
    occ_llvm_advice(&cfg, &k, OCC_VGPR, 7, &a);
    occ_report_advice(&cfg, &k, &a, line, sizeof line);
    ck_assert_str_eq(line, "save 4 VGPRs per work-item (40 -> 36) for 7 waves/SIMD");
    k = kern(256, 16, 16, 13000);
    occ_llvm_advice(&cfg, &k, OCC_LDS, 5, &a);
    occ_report_advice(&cfg, &k, &a, line, sizeof line);
    ck_assert_str_eq(line, "save 200 bytes of LDS per workgroup (13000 -> 12800) for 5 waves/SIMD");
    k = kern(64, 4, 90, 0);
    occ_llvm_advice(&cfg, &k, OCC_SGPR, 9, &a);
    occ_report_advice(&cfg, &k, &a, line, sizeof line);
    ck_assert_str_eq(line, "save 2 SGPRs per wave (90 -> 88) for 9 waves/SIMD");
    k = kern(1024, 16, 16, 0);
    occ_llvm_advice(&cfg, &k, OCC_WAVE_SLOTS, 9, &a);
    occ_report_advice(&cfg, &k, &a, line, sizeof line);
    ck_assert_str_eq(line, "whole 16-wave workgroups leave wave slots empty: workgroups of 832 work-items "
                           "(instead of 1024) would give 10 waves/SIMD");
    k = kern(128, 4, 16, 0);
    occ_llvm_advice(&cfg, &k, OCC_BARRIERS, 9, &a);
    occ_report_advice(&cfg, &k, &a, line, sizeof line);
    ck_assert_str_eq(line, "each workgroup of more than one wave takes one of 16 barriers: workgroups of 64 "
                           "work-items (instead of 128) would give 10 waves/SIMD");
    k = kern(64, 16, 16, 0);
    occ_llvm_advice(&cfg, &k, OCC_WAVE_SLOTS, 11, &a);
    occ_report_advice(&cfg, &k, &a, line, sizeof line);
    ck_assert_str_eq(line, "none: 10 waves/SIMD is the maximum (cu.wave_slots)");
    /* SGPRs cannot give more than LLVM's table maximum of 10. */
    cfg.cu_wave_slots = 16;
    k = kern(64, 4, 16, 0);
    occ_llvm_advice(&cfg, &k, OCC_SGPR, 11, &a);
    ck_assert_int_eq(a.change, OCC_CHANGE_NONE);
    occ_report_advice(&cfg, &k, &a, line, sizeof line);
    ck_assert_str_eq(line, "no SGPRs count alone gives 11 waves/SIMD");
}
END_TEST

/* ---- the command ------------------------------------------------------------------------------------ */

static char *slurp(FILE *f)
{
    long n = ftell(f);
    ck_assert_int_ge(n, 0);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    rewind(f);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    return buf;
}

/* Runs `gcnsim occupancy ARGS...`; returns the exit status, stdout and stderr (caller frees). */
static int run_cmd(char **out, char **err, int nargs, ...)
{
    char *argv[32] = { "gcnsim", "occupancy" };
    va_list ap;
    va_start(ap, nargs);
    for (int i = 0; i < nargs; i++)
        argv[2 + i] = va_arg(ap, char *);
    va_end(ap);
    FILE *o = tmpfile(), *e = tmpfile();
    ck_assert(o && e);
    int rc = cli_cmd_occupancy(2 + nargs, argv, o, e);
    *out = slurp(o);
    *err = slurp(e);
    fclose(o);
    fclose(e);
    return rc;
}

/* Advice at workgroup granularity, the seed cases (docs/occupancy.md): 1024-work-item groups at 40
 * VGPRs hold one group per CU; 32 VGPRs fit a second (256 / 32 = 8 waves per SIMD x 4 SIMDs = 2 x 16
 * waves), 36 do not (floor(256 / 36) = 7, 28 waves per CU: one group). */
START_TEST(test_wg_advice)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    occ_kernel_t k = { .vgprs = 40, .sgprs = 16, .lds_bytes = 0, .wg_size = 1024 };
    occ_result_t r;
    ck_assert_int_eq(occ_compute(&cfg, &k, &r), 0);
    ck_assert_uint_eq(r.wg_per_cu, 1);
    occ_advice_t adv[OCC_NUM_RESOURCES];
    ck_assert_uint_eq(occ_wg_advice_all(&cfg, &k, &r, adv), 1);
    ck_assert_int_eq(adv[0].resource, OCC_VGPR);
    ck_assert_int_eq(adv[0].change, OCC_CHANGE_AT_MOST);
    ck_assert_uint_eq(adv[0].to, 32);
    ck_assert_uint_eq(adv[0].target, 2);
    /* The advice holds: at 32 two groups fit, at 36 still one. */
    k.vgprs = 32;
    occ_compute(&cfg, &k, &r);
    ck_assert_uint_eq(r.wg_per_cu, 2);
    k.vgprs = 36;
    occ_compute(&cfg, &k, &r);
    ck_assert_uint_eq(r.wg_per_cu, 1);
    char text[512];
    occ_more_t m;
    occ_fit_more(&cfg, &k, &r, &m);
    occ_text_fit_more(&cfg, &m, text, sizeof text);
    ck_assert_str_eq(text, "to fit a second workgroup: VGPRs <= 32 (save 4)");
    /* 32 VGPRs: VGPRs and wave slots both allow 2; a third group needs 13-wave groups (3 x 13 = 39 of
     * 40 slots) and, for 13 waves, floor(floor(256 / alloc) x 4 / 13) >= 3, so floor(256 / alloc) >= 10:
     * alloc <= 25.6; 25 VGPRs allocate 28 (9 waves), 24 allocate 24. */
    k.vgprs = 32;
    occ_compute(&cfg, &k, &r);
    occ_fit_more(&cfg, &k, &r, &m);
    occ_text_fit_more(&cfg, &m, text, sizeof text);
    ck_assert_str_eq(text, "to fit a third workgroup: workgroups of at most 832 work-items (wave slots) and VGPRs <= 24 "
                           "(save 8)");
    /* LDS: 13000 bytes allocate 13312; 5 groups need at most 65536 / 5 = 13107, whole granules: 12800. */
    occ_kernel_t l = { .vgprs = 8, .sgprs = 16, .lds_bytes = 13000, .wg_size = 256 };
    occ_compute(&cfg, &l, &r);
    ck_assert_uint_eq(r.wg_per_cu, 4);
    occ_fit_more(&cfg, &l, &r, &m);
    occ_text_fit_more(&cfg, &m, text, sizeof text);
    ck_assert_str_eq(text, "to fit a fifth workgroup: LDS <= 12800 bytes (save 200)");
    /* 4 x 4 waves = 16 now; 5 x 4 = 20 after. */
    ck_assert_int_eq(m.kind, OCC_MORE_CHANGE);
    ck_assert_uint_eq(m.waves_now, 16);
    ck_assert_uint_eq(m.waves_after, 20);
}
END_TEST

/* The advice never lowers occupancy, and text and JSON render one computation.
 * 256 work-items (4 waves) at 8 VGPRs: wave slots 40 / 4 = 10 groups, 40 waves: every slot in use.
 * The old JSON advised 192-work-item groups (an 11th group: 11 x 3 = 33 waves, fewer than 40). */
START_TEST(test_fit_more_full)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    occ_kernel_t k = { .vgprs = 8, .sgprs = 16, .lds_bytes = 0, .wg_size = 256 };
    occ_result_t r;
    occ_compute(&cfg, &k, &r);
    ck_assert_uint_eq(r.wg_per_cu, 10);
    occ_more_t m;
    occ_fit_more(&cfg, &k, &r, &m);
    ck_assert_int_eq(m.kind, OCC_MORE_FULL);
    ck_assert_uint_eq(m.n, 0);
    ck_assert_uint_eq(m.waves_now, 40);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    jout_t j;
    jout_init(&j, f, false);
    jout_object(&j, 0);
    occ_text_json_more(&cfg, &m, &j);
    jout_end(&j);
    fclose(f);
    ck_assert_str_eq(text, "{\"to_fit_one_more_workgroup\": [], \"to_fit_more\": {\"kind\": \"full\", "
                           "\"waves_per_cu_now\": 40, \"waves_per_cu_after\": null, \"text\": \"to fit more: none, "
                           "every wave slot of the CU is in use (40 waves)\"}}");
    free(text);
}
END_TEST

/* 384 work-items (6 waves) with 9000 bytes of LDS (9216 allocated: 65536 / 9216 = 7 groups): wave
 * slots 40 / 6 = 6 groups, 36 waves. A 7th group needs groups of at most 40 / 7 = 5 waves (320
 * work-items): then slots allow 8, LDS 7, so 7 x 5 = 35 waves: fewer than 36. No advice. */
START_TEST(test_fit_more_no_gain)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    occ_kernel_t k = { .vgprs = 8, .sgprs = 16, .lds_bytes = 9000, .wg_size = 384 };
    occ_result_t r;
    occ_compute(&cfg, &k, &r);
    ck_assert_uint_eq(r.wg_per_cu, 6);
    ck_assert_int_eq(r.limiter, OCC_WAVE_SLOTS);
    occ_more_t m;
    occ_fit_more(&cfg, &k, &r, &m);
    ck_assert_int_eq(m.kind, OCC_MORE_NO_GAIN);
    ck_assert_uint_eq(m.waves_now, 36);
    ck_assert_uint_eq(m.waves_after, 35);
    char text[512];
    occ_text_fit_more(&cfg, &m, text, sizeof text);
    ck_assert_str_eq(text, "to fit more: none that raises occupancy (to fit a seventh workgroup would take workgroups "
                           "of at most 320 work-items (wave slots), leaving 35 waves on a CU against 36 now)");
    char *js = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&js, &len);
    jout_t j;
    jout_init(&j, f, false);
    jout_object(&j, 0);
    occ_text_json_more(&cfg, &m, &j);
    jout_end(&j);
    fclose(f);
    ck_assert_msg(strstr(js, "\"to_fit_one_more_workgroup\": [], \"to_fit_more\": {\"kind\": \"no_gain\", "
                             "\"waves_per_cu_now\": 36, \"waves_per_cu_after\": 35"), "%s", js);
    free(js);
}
END_TEST

/* A 32x32 workgroup (16 waves) at 16 VGPRs: VGPRs allow 256 / 16 = 16 waves per SIMD, 64 / 16 = 4
 * groups; wave slots 40 / 16 = 2 groups, 32 waves. A third needs at most 40 / 3 = 13 waves = 832
 * work-items: keeping rows of 32, 832 / 32 = 26 rows: 32x26, 3 x 13 = 39 waves. */
START_TEST(test_fit_more_shape)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    occ_kernel_t k = { .vgprs = 16, .sgprs = 16, .lds_bytes = 0, .wg_size = 1024, .wg_dim = { 32, 32, 1 } };
    occ_result_t r;
    occ_compute(&cfg, &k, &r);
    ck_assert_uint_eq(r.wg_per_cu, 2);
    occ_more_t m;
    occ_fit_more(&cfg, &k, &r, &m);
    ck_assert_int_eq(m.kind, OCC_MORE_CHANGE);
    ck_assert_uint_eq(m.n, 1);
    ck_assert_uint_eq(m.adv[0].to, 832);
    ck_assert_uint_eq(m.adv[0].shape[0], 32);
    ck_assert_uint_eq(m.adv[0].shape[1], 26);
    ck_assert_uint_eq(m.waves_after, 39);
    char text[512];
    occ_text_fit_more(&cfg, &m, text, sizeof text);
    ck_assert_str_eq(text, "to fit a third workgroup: workgroups of 32x26 (832 work-items; wave slots)");
    /* 3-D 16x8x8 (16 waves): z is cut, rows of 16 x 8 = 128: 832 / 128 = 6: 16x8x6 = 768 (12 waves),
     * 40 / 12 = 3 groups, 36 waves. */
    occ_kernel_t z = { .vgprs = 16, .sgprs = 16, .lds_bytes = 0, .wg_size = 1024, .wg_dim = { 16, 8, 8 } };
    occ_compute(&cfg, &z, &r);
    occ_fit_more(&cfg, &z, &r, &m);
    occ_text_fit_more(&cfg, &m, text, sizeof text);
    ck_assert_str_eq(text, "to fit a third workgroup: workgroups of 16x8x6 (768 work-items; wave slots)");
    ck_assert_uint_eq(m.waves_after, 36);
    /* LLVM's rule, one more wave: 32x32 gives ceil(2 x 16 / 4) = 8 waves per SIMD; 9 needs 13-wave
     * groups (3 x 13 = 39, ceil(39 / 4) = 10), 832 work-items = 32x26. The 3-D shape: 16x8x6 = 12 waves,
     * 3 x 12 = 36, 9 per SIMD. */
    occ_advice_t a;
    occ_llvm_advice(&cfg, &k, OCC_WAVE_SLOTS, 9, &a);
    ck_assert_int_eq(a.change, OCC_CHANGE_SIZE);
    ck_assert_uint_eq(a.to, 832);
    ck_assert_uint_eq(a.shape[1], 26);
    occ_report_advice(&cfg, &k, &a, text, sizeof text);
    ck_assert_str_eq(text, "whole 16-wave workgroups leave wave slots empty: workgroups of 32x26 (832 work-items, instead "
                           "of 1024) would give 10 waves/SIMD");
    occ_llvm_advice(&cfg, &z, OCC_WAVE_SLOTS, 9, &a);
    occ_report_advice(&cfg, &z, &a, text, sizeof text);
    ck_assert_str_eq(text, "whole 16-wave workgroups leave wave slots empty: workgroups of 16x8x6 (768 work-items, instead "
                           "of 1024) would give 9 waves/SIMD");
    /* A workload's 16x16 shape with --workgroup 1024: a size without a shape, advised as 1-D. */
    char *out, *err;
    int rc = run_cmd(&out, &err, 9, "workloads/matmul_tiled.ini", "--workgroup", "1024", "--vgprs", "16", "--lds", "0",
                     "--sgprs", "16");
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_msg(strstr(out, "to fit a third workgroup: workgroups of at most 832 work-items (wave slots)\n"), "%s", out);
    free(out);
    free(err);
}
END_TEST

/* The never-fits sentence states the arithmetic that fails. 1024 work-items = 16 waves, 4 per SIMD;
 * 128 VGPRs each = 512 > 256. SGPRs: 100 -> 112 (16-granule) x 4 = 448 > 400. Wave slots: 2 per SIMD
 * but 16 waves need 4. */
START_TEST(test_never_fits_text)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    occ_kernel_t k = { .vgprs = 128, .sgprs = 16, .lds_bytes = 0, .wg_size = 1024 };
    occ_result_t r;
    char text[512];
    ck_assert_int_eq(occ_compute(&cfg, &k, &r), 1);
    occ_never_fits(&cfg, &k, &r, text, sizeof text);
    ck_assert_str_eq(text, "a workgroup can never fit on a CU: its 16 waves need 4 waves per SIMD (4 SIMDs) x 128 VGPRs "
                           "= 512 VGPRs, but a SIMD has 256 (cu.vgprs: room for 2 waves)");
    cfg.cu_sgprs = 400;
    k.vgprs = 8;
    k.sgprs = 100;
    ck_assert_int_eq(occ_compute(&cfg, &k, &r), 1);
    occ_never_fits(&cfg, &k, &r, text, sizeof text);
    ck_assert_str_eq(text, "a workgroup can never fit on a CU: its 16 waves need 4 waves per SIMD (4 SIMDs) x 112 SGPRs "
                           "(100 rounded up to the 16-register granule) = 448 SGPRs, but a SIMD has 400 (cu.sgprs: room "
                           "for 3 waves)");
    cfg_defaults(&cfg);
    cfg.cu_wave_slots = 2;
    k.sgprs = 16;
    ck_assert_int_eq(occ_compute(&cfg, &k, &r), 1);
    occ_never_fits(&cfg, &k, &r, text, sizeof text);
    ck_assert_str_eq(text, "a workgroup can never fit on a CU: its 16 waves need 4 wave slots per SIMD (4 SIMDs) but a "
                           "SIMD has 2 (cu.wave_slots)");
}
END_TEST

START_TEST(test_cmd_numbers)
{
    char *out, *err;
    int rc = run_cmd(&out, &err, 7, "--vgprs", "40", "--sgprs=16", "--lds", "0", "--workgroup", "1024");
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_str_eq(err, "");
    ck_assert_msg(strstr(out, "theoretical     4 waves/SIMD (40%), limited by VGPRs: 1 workgroup of 16 waves per CU\n"
                              "                to fit a second workgroup: VGPRs <= 32 (save 8)\n"), "%s", out);
    ck_assert_msg(strstr(out, "compiler estimate (LLVM rule) 6 waves/SIMD (60%), limited by VGPRs\n"), "%s", out);
    ck_assert_msg(strstr(out, "                to gain a wave: save 4 VGPRs per work-item (40 -> 36) for 7 waves/SIMD\n"),
                  "%s", out);
    ck_assert_msg(strstr(out, "why they differ 40 VGPRs per wave let 6 waves share a SIMD"), "%s", out);
    ck_assert_msg(strstr(out, "  vgpr          1               4               6          <- limiter\n"), "%s", out);
    free(out);
    free(err);
    /* A configuration override reaches the analysis: 512 VGPRs per SIMD make it 12 -> 10. */
    rc = run_cmd(&out, &err, 10, "--vgprs", "40", "--sgprs", "16", "--lds", "0", "--workgroup", "64", "--set",
                 "cu.vgprs=512");
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_msg(strstr(out, "  vgpr          48              12              12\n"), "%s", out);
    ck_assert_msg(strstr(out, "theoretical     10 waves/SIMD (100%), limited by wave slots"), "%s", out);
    ck_assert_msg(strstr(out, "to fit more: none, every wave slot of the CU is in use (40 waves)"), "%s", out);
    free(out);
    free(err);
}
END_TEST

START_TEST(test_cmd_json)
{
    char *out, *err;
    int rc = run_cmd(&out, &err, 9, "--vgprs", "40", "--sgprs", "16", "--lds", "13000", "--workgroup", "1024", "--json");
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_msg(json_valid(out), "not JSON:\n%s", out);
    ck_assert_msg(strstr(out, "\"schema_version\": 3"), "%s", out);
    ck_assert_msg(strstr(out, "\"kernel\": null"), "%s", out);
    ck_assert_msg(strstr(out, "\"allocation\": {\"vgprs\": 40, \"sgprs\": 16, \"lds_bytes\": 13312, "
                              "\"waves_per_workgroup\": 16}"), "%s", out);
    /* LDS 65536/13312 = 4 groups x 16 waves / 4 = 16. */
    ck_assert_msg(strstr(out, "\"waves_per_simd_by_resource\": {\"vgpr\": 6, \"sgpr\": 10, \"lds\": 16, "
                              "\"wave_slots\": 8, \"barriers\": 64, \"workgroups\": 160}"), "%s", out);
    ck_assert_msg(strstr(out, "{\"resource\": \"vgpr\", \"change\": \"at_most\", \"from\": 40, \"to\": 36, "
                              "\"waves_per_simd\": 7"), "%s", out);
    ck_assert_msg(strstr(out, "\"theoretical\": {\"never_fits\": null, \"fits\": true, \"waves_per_simd\": 4.000000"), "%s", out);
    ck_assert_msg(strstr(out, "{\"resource\": \"vgpr\", \"change\": \"at_most\", \"from\": 40, \"to\": 32, "
                              "\"target_workgroups_per_cu\": 2, \"text\": \"VGPRs <= 32 (save 8)\"}"), "%s", out);
    free(out);
    free(err);
    /* A workgroup that never fits is an answer, not an error; the JSON still parses. */
    rc = run_cmd(&out, &err, 9, "--vgprs", "256", "--sgprs", "16", "--lds", "0", "--workgroup", "1024", "--json");
    ck_assert_int_eq(rc, 0);
    ck_assert_msg(json_valid(out), "not JSON:\n%s", out);
    ck_assert_msg(strstr(out, "\"theoretical\": {\"never_fits\": \"a workgroup can never fit on a CU: its 16 waves need 4 "
                              "waves per SIMD (4 SIMDs) x 256 VGPRs = 1024 VGPRs, but a SIMD has 256 (cu.vgprs: room for "
                              "1 wave)\", \"fits\": false"), "%s", out);
    ck_assert_msg(strstr(out, "\"to_fit_one_more_workgroup\": []"), "%s", out);
    ck_assert_msg(strstr(out, "\"why_they_differ\": \"LLVM's rule counts 1 wave per SIMD as if waves were placed one at a "
                              "time; a run places whole workgroups, and this one never fits (theoretical, above)\""), "%s", out);
    ck_assert_msg(strstr(out, "\"compiler_estimate\": {\"rule\": \"llvm\", \"waves_per_simd\": 1,"), "%s", out);
    free(out);
    free(err);
    /* The checker itself rejects broken JSON. */
    ck_assert(!json_valid("{\"a\": 1,}"));
    ck_assert(!json_valid("{\"a\" 1}"));
    ck_assert(!json_valid("[1, 2"));
    ck_assert(json_valid("{\"a\": [1, -2.5, true, null, \"x\\n\"]}"));
}
END_TEST

/* Shipped files. reduce.s: 9 VGPRs, 16 SGPRs, no static LDS; its workload: 256 work-items and 1024
 * bytes of dynamic LDS.
 * VGPRs 12 -> 21/SIMD, LDS 64 groups, slots 10 groups of 4 waves: 10 waves/SIMD. */
START_TEST(test_cmd_files)
{
    char *out, *err;
    int rc = run_cmd(&out, &err, 1, "workloads/reduce.ini");
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_msg(strstr(out, "kernel          reduce (workloads/reduce.ini)\n"), "%s", out);
    ck_assert_msg(strstr(out, "resources       9 VGPRs (allocated 12), 16 SGPRs (allocated 16), 1024 bytes LDS"), "%s", out);
    ck_assert_msg(strstr(out, "workgroup       256 work-items = 4 waves\n"), "%s", out);
    ck_assert_msg(strstr(out, "theoretical     10 waves/SIMD (100%), limited by wave slots"), "%s", out);
    ck_assert_msg(strstr(out, "to gain a wave: none: 10 waves/SIMD is the maximum"), "%s", out);
    free(out);
    free(err);
    /* The bare kernel: workgroup 256 by default, or given; a workload override by --set. */
    rc = run_cmd(&out, &err, 2, "workloads/reduce.s", "--json");
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert(json_valid(out));
    ck_assert_msg(strstr(out, "\"input\": {\"vgprs\": 9, \"sgprs\": 16, \"lds_bytes\": 0, \"workgroup_size\": 256}"),
                  "%s", out);
    free(out);
    free(err);
    rc = run_cmd(&out, &err, 4, "workloads/reduce.ini", "--set", "kernel.vgprs=40", "--json");
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_msg(strstr(out, "\"input\": {\"vgprs\": 40, \"sgprs\": 16, \"lds_bytes\": 1024, \"workgroup_size\": 256}"),
                  "%s", out);
    ck_assert_msg(strstr(out, "\"compiler_estimate\": {\"rule\": \"llvm\", \"waves_per_simd\": 6,"), "%s", out);
    free(out);
    free(err);
    rc = run_cmd(&out, &err, 3, "workloads/reduce.s", "--workgroup", "1024");
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_msg(strstr(out, "workgroup       1024 work-items = 16 waves\n"), "%s", out);
    free(out);
    free(err);
}
END_TEST

START_TEST(test_cmd_errors)
{
    static const struct { int n; const char *a[4]; int rc; const char *msg; } bad[] = {
        { 2, { "--vgprs", "257" }, 1, "--vgprs expects a VGPR count from 0 to 256, got '257'" },
        { 2, { "--sgprs", "-1" }, 1, "--sgprs expects an SGPR count from 0 to 112, got '-1'" },
        { 2, { "--lds", "64K" }, 1, "--lds expects a byte count from 0 to 65536, got '64K'" },
        { 2, { "--workgroup", "0" }, 1, "--workgroup expects a work-item count from 1 to 1024, got '0'" },
        { 2, { "--vgprs", "40" }, 1, "missing: --sgprs --lds --workgroup" },
        { 1, { "--vgprs" }, 1, "option --vgprs needs a value" },
        { 1, { "--vgrps=4" }, 1, "unknown option '--vgrps=4'" },
        { 1, { "--vgprz" }, 1, "did you mean '--vgprs'?" },
        { 1, { "kernel.txt" }, 1, "'kernel.txt' is neither a KERNEL.s (or .cl, .hip) nor a WORKLOAD.ini" },
        { 2, { "a.s", "b.s" }, 1, "'b.s' is a second file" },
        { 3, { "workloads/reduce.ini", "--kernel", "reduce" }, 1, "--kernel applies to a KERNEL.s" },
        { 3, { "workloads/reduce.s", "--kernel", "reduc" }, 1, "has no kernel 'reduc'; did you mean 'reduce'?" },
        { 3, { "workloads/reduce.s", "--set", "kernel.vgprs=4" }, 1, "is a workload key; it applies only with a WORKLOAD.ini" },
        { 3, { "workloads/reduce.s", "--set", "cu.wave_slot=4" }, 1, "did you mean 'cu.wave_slots'?" },
        { 1, { "tests/nothing.s" }, 1, "tests/nothing.s" },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *argv[8] = { "gcnsim", "occupancy" };
        for (int j = 0; j < bad[i].n; j++)
            argv[2 + j] = (char *)bad[i].a[j];
        FILE *o = tmpfile(), *e = tmpfile();
        int rc = cli_cmd_occupancy(2 + bad[i].n, argv, o, e);
        char *out = slurp(o), *err = slurp(e);
        ck_assert_msg(rc == bad[i].rc, "case %u: rc %d", i, rc);
        ck_assert_msg(strstr(err, bad[i].msg) != NULL, "case %u: stderr '%s'", i, err);
        ck_assert_msg(out[0] == '\0', "case %u printed '%s'", i, out);
        free(out);
        free(err);
        fclose(o);
        fclose(e);
    }
}
END_TEST

static Suite *occ_suite(void)
{
    Suite *s = suite_create("occupancy");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, test_cases, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_allocations);
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_advice_text);
    tcase_add_test(tc, test_wg_advice);
    tcase_add_test(tc, test_fit_more_full);
    tcase_add_test(tc, test_fit_more_no_gain);
    tcase_add_test(tc, test_fit_more_shape);
    tcase_add_test(tc, test_never_fits_text);
    tcase_add_test(tc, test_cmd_numbers);
    tcase_add_test(tc, test_cmd_json);
    tcase_add_test(tc, test_cmd_files);
    tcase_add_test(tc, test_cmd_errors);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(occ_suite)

/* The matrix core in the timing model (docs/architecture.md, "The matrix core"): an MFMA issues
 * from its SIMD's VALU issue port, holds the port for its co-execution delay and the SIMD's matrix
 * core for its cycles (sim/machine/mfma_timing.def); a later MFMA waits for the core, an independent
 * VALU instruction only for the port, a use of D for the write-back after the last pass (LLVM's
 * wait states for it, a wait state a pass of 4 cycles; mfma_timing.h), and an MFMA chained through
 * srcC for the core. Every expectation is derived by hand from those rules and the issue
 * stage's (test_timing.c: one wave, SIMD 0 selected at cycles 0 mod 4, its first instruction at
 * cycle 4, a VALU instruction every 4 cycles) and the table's figures: on gfx90a
 * v_mfma_f32_32x32x8f16 holds the core 64 cycles and the port 4, v_mfma_f32_4x4x4f16 8 and 4; on
 * gfx908 the port is held 8; on gfx942 v_mfma_f32_32x32x2f32 (an f32 MFMA, which cannot co-execute
 * with the VALU there) holds both 64. The kernels name their target with .amdgcn_target. */
#include "unit.h"

#include "timing_harness.h"

static const char ini[] = "grid = 64\nworkgroup = 64\nlds = 256\n[buffer out]\ntype = u32\ncount = 1\n[args]\nout = @out\n";

enum { MAX_ISSUES = 16 };
typedef struct {
    uint64_t at[MAX_ISSUES];   /* wave 0's issue cycles, in order */
    uint32_t mfma[MAX_ISSUES]; /* the matrix-core cycles each issue reported */
    unsigned n;
    uint64_t end;              /* the cycle its slot was freed */
} issues_t;

static void keep(void *ctx, const tev_t *ev)
{
    issues_t *r = ctx;
    if (ev->kind == TEV_ISSUE && r->n < MAX_ISSUES) {
        r->mfma[r->n] = ev->u.issue.mfma;
        r->at[r->n++] = ev->cycle;
    }
    if (ev->kind == TEV_WAVE_STATE && ev->u.wave_state == TEV_WAVE_GONE)
        r->end = ev->cycle;
}

/* Run `body` (then s_endpgm) as a kernel for `target`. */
static issues_t run(const char *target, const char *body)
{
    char kernel[2048], set[40];
    snprintf(kernel, sizeof kernel, ".amdgcn_target \"amdgcn-amd-amdhsa--%s\"\nk:\n%s  s_endpgm\n", target, body);
    snprintf(set, sizeof set, "gpu.target=%s", target);
    const char *sets[] = { "mem.model=ideal", set, NULL };
    th_launch_t t;
    th_prepare(&t, kernel, ini, NULL, sets, 0);
    issues_t r = { 0 };
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[0] = (tev_observer_t){ keep, &r };
    opt.nobservers = 1;
    timing_result_t res;
    ck_assert_int_eq(timing_run(t.L, &t.cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
    th_release(&t);
    return r;
}

#define MF32 "  v_mfma_f32_32x32x8f16 v[0:15], v[16:17], v[18:19], v[0:15]\n"
#define MF32_942 "  v_mfma_f32_32x32x8_f16 v[0:15], v[16:17], v[18:19], v[0:15]\n"

START_TEST(test_one_mfma)
{
    /* the MFMA at 4 holds the core until 68; s_endpgm at 8; the wave ends when its last pass is done */
    issues_t r = run("gfx90a", MF32);
    ck_assert_uint_eq(r.n, 2);
    ck_assert_uint_eq(r.at[0], 4);
    ck_assert_uint_eq(r.mfma[0], 64);
    ck_assert_uint_eq(r.mfma[1], 0);
    ck_assert_uint_eq(r.at[1], 8);
    ck_assert_uint_eq(r.end, 68);
    /* gfx942 runs it (v_mfma_f32_32x32x8_f16 there) in 8 passes: 32 cycles, the wave ends at 36 */
    r = run("gfx942", MF32_942);
    ck_assert_uint_eq(r.mfma[0], 32);
    ck_assert_uint_eq(r.end, 36);
}
END_TEST

START_TEST(test_back_to_back_mfma)
{
    /* independent registers: the second waits for the core, free at 4 + 64 = 68 (a selection cycle) */
    issues_t r = run("gfx90a", MF32 "  v_mfma_f32_32x32x8f16 v[32:47], v[16:17], v[18:19], v[32:47]\n");
    ck_assert_uint_eq(r.at[0], 4);
    ck_assert_uint_eq(r.at[1], 68);
    ck_assert_uint_eq(r.end, 132);
    /* a 4x4 (8 cycles) first: the 32x32 follows at 12 */
    r = run("gfx90a", "  v_mfma_f32_4x4x4f16 v[0:3], v[16:17], v[18:19], v[0:3]\n"
                      "  v_mfma_f32_32x32x8f16 v[32:47], v[16:17], v[18:19], v[32:47]\n");
    ck_assert_uint_eq(r.at[1], 12);
}
END_TEST

START_TEST(test_mfma_then_independent_valu)
{
    /* gfx90a: the port is free after 4 cycles, the VALU instruction issues at 8 while the core works */
    const char *body = MF32 "  v_add_f32 v20, v21, v22\n  v_add_f32 v23, v21, v22\n";
    issues_t r = run("gfx90a", body);
    ck_assert_uint_eq(r.at[1], 8);
    ck_assert_uint_eq(r.at[2], 12);
    ck_assert_uint_eq(r.end, 68);
    /* gfx908 (D and C in AGPRs there): the port is held 8 cycles, the VALU instruction issues at 12 */
    r = run("gfx908", "  v_mfma_f32_32x32x8f16 a[0:15], v[16:17], v[18:19], a[0:15]\n  v_add_f32 v20, v21, v22\n");
    ck_assert_uint_eq(r.mfma[0], 64);
    ck_assert_uint_eq(r.at[1], 12);
    ck_assert_uint_eq(r.end, 68);
    /* gfx942 (8 passes, an XDL f16 MFMA): the same co-execution, 4 cycles */
    r = run("gfx942", MF32_942 "  v_add_f32 v20, v21, v22\n");
    ck_assert_uint_eq(r.at[1], 8);
    /* gfx942's f32 MFMA does not co-execute: the VALU instruction waits for the whole 64 cycles */
    r = run("gfx942", "  v_mfma_f32_32x32x2_f32 v[0:15], v16, v17, v[0:15]\n  v_add_f32 v20, v21, v22\n");
    ck_assert_uint_eq(r.mfma[0], 64);
    ck_assert_uint_eq(r.at[1], 68);
    /* gfx90a's f64 MFMA neither: v_mfma_f64_4x4x4f64 holds both 16 cycles */
    r = run("gfx90a", "  v_mfma_f64_4x4x4f64 v[0:1], v[2:3], v[4:5], v[0:1]\n  v_add_f32 v20, v21, v22\n");
    ck_assert_uint_eq(r.mfma[0], 16);
    ck_assert_uint_eq(r.at[1], 20);
}
END_TEST

START_TEST(test_dependent_read_of_d)
{
    /* v_add reads v0, part of D: gfx90a needs 19 wait states after a 16-pass MFMA
     * (SMFMA32x32WriteVgprVALUMemExpReadWaitStates), a wait state a pass of 4 cycles: 4 + 4 x 20 = 84,
     * 16 cycles after the last pass (68) */
    issues_t r = run("gfx90a", MF32 "  v_add_f32 v20, v0, v21\n");
    ck_assert_uint_eq(r.at[1], 84);
    /* an independent instruction between does not change when the reader issues, nor waits itself */
    r = run("gfx90a", MF32 "  v_add_f32 v20, v21, v22\n  v_add_f32 v23, v15, v21\n");
    ck_assert_uint_eq(r.at[1], 8);
    ck_assert_uint_eq(r.at[2], 84);
    /* a write of D waits too (SMFMA32x32WriteVgprVALUWawWaitStates, 19) */
    r = run("gfx90a", MF32 "  v_mov_b32 v3, 0\n");
    ck_assert_uint_eq(r.at[1], 84);
    /* gfx908: v_accvgpr_read of an AGPR of D, 18 wait states after 16 passes: 4 + 4 x 19 = 80 */
    r = run("gfx908", "  v_mfma_f32_32x32x8f16 a[0:15], v[16:17], v[18:19], a[0:15]\n  v_accvgpr_read_b32 v20, a7\n");
    ck_assert_uint_eq(r.at[1], 80);
    /* v_accvgpr_write of it, 15: 4 + 64 = 68, the last pass */
    r = run("gfx908", "  v_mfma_f32_32x32x8f16 a[0:15], v[16:17], v[18:19], a[0:15]\n  v_accvgpr_write_b32 a7, v20\n");
    ck_assert_uint_eq(r.at[1], 68);
    /* a 4x4 (2 passes, 8 cycles) read by the VALU on gfx90a: 5 wait states, 4 + 24 = 28 */
    r = run("gfx90a", "  v_mfma_f32_4x4x4f16 v[0:3], v[16:17], v[18:19], v[0:3]\n  v_add_f32 v20, v3, v21\n");
    ck_assert_uint_eq(r.at[1], 28);
    /* gfx942: passes + 3 after an XDL MFMA (8 passes: 4 + 4 x 12 = 52), + 2 after the f32 one
     * (16 passes: 4 + 4 x 19 = 80) */
    r = run("gfx942", MF32_942 "  v_add_f32 v20, v0, v21\n");
    ck_assert_uint_eq(r.at[1], 52);
    r = run("gfx942", "  v_mfma_f32_32x32x2_f32 v[0:15], v16, v17, v[0:15]\n  v_add_f32 v20, v0, v21\n");
    ck_assert_uint_eq(r.at[1], 80);
}
END_TEST

START_TEST(test_dgemm_write_back)
{
    /* gfx90a's v_mfma_f64_16x16x4f64 (8 passes, 32 cycles; the VALU port held as long): a VALU read
     * of D after 11 wait states (DMFMA16x16WriteVgprVALUReadWaitStates, 4 + 48 = 52), an LDS read
     * using it as its address (a byte: v0 holds the lane id still) after 18 (DMFMA16x16WriteVgprMemExpReadWaitStates, 4 + 76 = 80) */
    const char *mf = "  v_mfma_f64_16x16x4f64 v[0:7], v[8:9], v[10:11], v[0:7]\n";
    char body[256];
    snprintf(body, sizeof body, "%s  v_add_f32 v20, v1, v21\n", mf);
    issues_t r = run("gfx90a", body);
    ck_assert_uint_eq(r.mfma[0], 32);
    ck_assert_uint_eq(r.at[1], 52);
    snprintf(body, sizeof body, "%s  ds_read_u8 v20, v0\n", mf);
    r = run("gfx90a", body);
    ck_assert_uint_eq(r.at[1], 80);
}
END_TEST

START_TEST(test_pending_write_backs)
{
    /* three 4x4s on gfx90a at 4, 12, 20 (the core free after 8 cycles each), their results readable
     * 24 cycles after each (5 wait states): a read of the first's D at 28, of the second's at 36,
     * though the third issued after both */
    const char *body = "  v_mfma_f32_4x4x4f16 v[0:3], v[16:17], v[18:19], v[0:3]\n"
                       "  v_mfma_f32_4x4x4f16 v[4:7], v[16:17], v[18:19], v[4:7]\n"
                       "  v_mfma_f32_4x4x4f16 v[8:11], v[16:17], v[18:19], v[8:11]\n"
                       "  v_add_f32 v20, v0, v21\n"
                       "  v_add_f32 v22, v4, v21\n";
    issues_t r = run("gfx90a", body);
    ck_assert_uint_eq(r.at[1], 12);
    ck_assert_uint_eq(r.at[2], 20);
    ck_assert_uint_eq(r.at[3], 28);
    ck_assert_uint_eq(r.at[4], 36);
}
END_TEST

START_TEST(test_srcc_chain)
{
    /* a chain through srcC (the same D and C): no wait states, each waits only for the core, 4, 68, 132 */
    issues_t r = run("gfx90a", MF32 MF32 MF32);
    ck_assert_uint_eq(r.at[1], 68);
    ck_assert_uint_eq(r.at[2], 132);
    ck_assert_uint_eq(r.end, 196);
    /* an MFMA reading D as srcA waits as a VALU read does (SMFMA32x32WritesVGPROverlappedSrcABWaitStates,
     * 19): 84 */
    r = run("gfx90a", MF32 "  v_mfma_f32_32x32x8f16 v[32:47], v[0:1], v[18:19], v[32:47]\n");
    ck_assert_uint_eq(r.at[1], 84);
    /* srcC overlapping D but not the same registers: 16 wait states after 16 passes, 4 + 68 = 72 */
    r = run("gfx90a", MF32 "  v_mfma_f32_4x4x4f16 v[32:35], v[16:17], v[18:19], v[0:3]\n");
    ck_assert_uint_eq(r.at[1], 72);
    /* gfx942's 2-pass chain needs 2 wait states (GFX940_SMFMA4x4WritesVGPRFullSrcCWaitStates): 4 + 12
     * = 16, after the core (free at 12) */
    r = run("gfx942", "  v_mfma_f32_4x4x4_16b_f16 v[0:3], v[16:17], v[18:19], v[0:3]\n"
                      "  v_mfma_f32_4x4x4_16b_f16 v[0:3], v[16:17], v[18:19], v[0:3]\n");
    ck_assert_uint_eq(r.at[1], 16);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("timing_mfma");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_one_mfma);
    tcase_add_test(tc, test_back_to_back_mfma);
    tcase_add_test(tc, test_mfma_then_independent_valu);
    tcase_add_test(tc, test_dependent_read_of_d);
    tcase_add_test(tc, test_dgemm_write_back);
    tcase_add_test(tc, test_pending_write_backs);
    tcase_add_test(tc, test_srcc_chain);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

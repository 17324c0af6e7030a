/* The VALU rate classes of isa/isa.def, instruction by instruction, in time: one wave runs a chain
 * of N copies of one instruction and ends when the last leaves its SIMD. The rates are CLRX's
 * measured GCN timings (doc/GcnTimings.md, CLRX/CLRX-mirror commit fb8fbf9; Fiji's f64 at 1/16,
 * DPFACTOR 8), the figures docs/validation.md compares with. Hand-derived, as in test_timing.c: the
 * wave can issue at cycle 4 and issues instruction i at 4 + R i when each holds the SIMD R cycles.
 *   - R > 4 (16 quarter rate, 32 the f64 add rate): the wave ends when the last one leaves the SIMD,
 *     4 + R N;
 *   - R = 4: the last issues at 4N, s_endpgm at 4N + 4, the end at 4N + 5. */
#include "unit.h"

#include <stdio.h>

#include "load/launch.h"
#include "machine/timing.h"
#include "timing_harness.h"

/* Cycles of one wave running `n` copies of `inst`. */
static uint64_t chain_cycles(const char *inst, int n)
{
    char kernel[4096], *p = kernel;
    p += sprintf(p, "k:\n");
    for (int i = 0; i < n; i++)
        p += sprintf(p, "%s\n", inst);
    sprintf(p, "s_endpgm\n");
    th_launch_t t;
    th_prepare(&t, kernel, "grid = 64\nworkgroup = 64\n", NULL, NULL, 0);
    cfg_t cfg = t.cfg;
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    timing_result_t res;
    ck_assert_int_eq(timing_run(t.L, &cfg, &opt, &res, stderr), 0);
    uint64_t cycles = res.cycles;
    timing_result_free(&res);
    th_release(&t);
    return cycles;
}

typedef struct {
    const char *inst;
    uint64_t cycles; /* CLRX's cycles a wave-instruction on Fiji */
} rate_case_t;

static const rate_case_t cases[] = {
    /* f32 fma on a 1/16-f64 part: "4 or 16", 16 on Fiji; the f32 division steps 16 */
    { "v_fma_f32 v1, v1, v1, v1", 16 },
    { "v_div_scale_f32 v1, vcc, v1, v1, v1", 16 },
    { "v_div_fmas_f32 v1, v1, v1, v1", 16 },
    { "v_div_fixup_f32 v1, v1, v1, v1", 16 },
    /* 64-bit shifts and compares: DPFACTOR x 4 = 32 */
    { "v_lshlrev_b64 v[2:3], 1, v[2:3]", 32 },
    { "v_lshrrev_b64 v[2:3], 1, v[2:3]", 32 },
    { "v_ashrrev_i64 v[2:3], 1, v[2:3]", 32 },
    { "v_cmp_lt_u64 vcc, v[2:3], v[4:5]", 32 },
    { "v_cmpx_ne_i64 vcc, v[2:3], v[4:5]", 32 },
    /* f64 division's scale and fixup: DPFACTOR x 4 = 32 (its fmas DPFACTOR x 8 = 64) */
    { "v_div_scale_f64 v[2:3], vcc, v[2:3], v[2:3], v[2:3]", 32 },
    { "v_div_fixup_f64 v[2:3], v[2:3], v[2:3], v[2:3]", 32 },
    { "v_div_fmas_f64 v[2:3], v[2:3], v[2:3], v[2:3]", 64 },
    /* the quad SADs 16; the 64-bit multiply-adds 16 as before */
    { "v_qsad_pk_u16_u8 v[2:3], v[4:5], v6, v[2:3]", 16 },
    { "v_mqsad_pk_u16_u8 v[2:3], v[4:5], v6, v[2:3]", 16 },
    { "v_mqsad_u32_u8 v[8:11], v[4:5], v6, v[8:11]", 16 },
    { "v_mad_u64_u32 v[2:3], vcc, v1, v1, v[2:3]", 16 },
    /* full rate: the f32 mad (what a * b + c compiles to), f16 fma (CLRX's V_FMA_LEGACY_F16, gfx9's
     * name of gfx8's v_fma_f16), 32-bit compares */
    { "v_mad_f32 v1, v1, v1, v1", 4 },
    { "v_fma_f16 v1, v1, v1, v1", 4 },
    { "v_cmp_lt_u32 vcc, v2, v4", 4 },
};

START_TEST(test_rates)
{
    const int n = 10;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        uint64_t r = cases[k].cycles, want = r > 4 ? 4 + r * (uint64_t)n : 4u * (uint64_t)n + 5;
        uint64_t got = chain_cycles(cases[k].inst, n);
        ck_assert_msg(got == want, "%s: %llu cycles for %d, want %llu (%llu a wave-instruction)", cases[k].inst,
                      (unsigned long long)got, n, (unsigned long long)want, (unsigned long long)r);
    }
}
END_TEST

static Suite *valu_rates_suite(void)
{
    Suite *s = suite_create("valu_rates");
    TCase *tc = tcase_create("clrx");
    tcase_add_test(tc, test_rates);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(valu_rates_suite)

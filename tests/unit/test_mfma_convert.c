/* The small-float conversions of isa/exec/exec_mfma_math.h (docs/mfma.md, "Element formats and
 * conversions"), which gfx942's MFMA inputs and its v_cvt_*fp8* / v_cvt_*bf8* instructions share:
 * fp8/bf8 decoding against the test's own reading of the formats (every code), f32 -> fp8/bf8
 * round to nearest even (ties, subnormals, no -0), overflow with and without clamp, stochastic
 * rounding (the random word's low bits below the kept ones), bf16 rounding. */
#include "unit.h"

#include <math.h>

#include "exec/exec_mfma_math.h"
#include "fnuz_ref.h"

static uint32_t fbits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static float bitsf(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }

START_TEST(fp8_bf8_decode)
{
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x00)), 0.0f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x01)), 0x1p-10f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x07)), 7 * 0x1p-10f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x08)), 0x1p-7f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x40)), 1.0f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0x7f)), 240.0f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0xff)), -240.0f);
    ck_assert_float_eq(bitsf(exec_fp8_to_f32(0xc4)), -1.5f);
    ck_assert(isnan(bitsf(exec_fp8_to_f32(0x80))));
    ck_assert_float_eq(bitsf(exec_bf8_to_f32(0x01)), 0x1p-17f);
    ck_assert_float_eq(bitsf(exec_bf8_to_f32(0x04)), 0x1p-15f);
    ck_assert_float_eq(bitsf(exec_bf8_to_f32(0x40)), 1.0f);
    ck_assert_float_eq(bitsf(exec_bf8_to_f32(0x7f)), 57344.0f);
    ck_assert_float_eq(bitsf(exec_bf8_to_f32(0xbf)), -1.75f * 0x1p-1f);
    ck_assert(isnan(bitsf(exec_bf8_to_f32(0x80))));
    /* every code against the test's own decoding */
    for (unsigned c = 0; c < 256; c++) {
        if (c == 0x80)
            continue;
        ck_assert_msg(bitsf(exec_fp8_to_f32((uint8_t)c)) == (float)fp8_value(c), "fp8 %02x", c);
        ck_assert_msg(bitsf(exec_bf8_to_f32((uint8_t)c)) == (float)bf8_value(c), "bf8 %02x", c);
    }
}
END_TEST

START_TEST(fp8_bf8_round_to_nearest_even)
{
    /* exact values round-trip */
    for (unsigned c = 0; c < 256; c++) {
        if (c == 0x80)
            continue;
        ck_assert_uint_eq(exec_f32_to_fp8(fbits((float)fp8_value(c)), false), c);
        ck_assert_uint_eq(exec_f32_to_bf8(fbits((float)bf8_value(c)), false), c);
    }
    /* ties to even, and above the tie */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(1.0625f), false), 0x40);           /* 1 + 1/16: tie, to 1.0 */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(1.1875f), false), 0x42);           /* tie, to 1.25 */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(1.0625f + 0x1p-20f), false), 0x41); /* above: 1.125 */
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(1.125f), false), 0x40);            /* tie, to 1.0 */
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(1.375f), false), 0x42);            /* tie, to 1.5 */
    /* subnormals: half the smallest is a tie to 0; no -0 (0x80 is the NaN) */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(0x1p-11f), false), 0x00);
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(3 * 0x1p-11f), false), 0x02);
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(-0x1p-12f), false), 0x00);
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(-0.0f), false), 0x00);
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(0x1p-18f + 0x1p-30f), false), 0x01);
    /* a subnormal carrying into the smallest normal */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(7.5f * 0x1p-10f + 0x1p-20f), false), 0x08);
}
END_TEST

START_TEST(fp8_bf8_overflow_and_clamp)
{
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(241.0f), false), 0x7f);   /* rounds down to 240 */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(248.0f), false), 0x80);   /* tie rounds to 256: NaN */
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(248.0f), true), 0x7f);
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(-1000.0f), false), 0x80);
    ck_assert_uint_eq(exec_f32_to_fp8(fbits(-1000.0f), true), 0xff);
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(65536.0f), true), 0x7f);
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(65536.0f), false), 0x80);
    ck_assert_uint_eq(exec_f32_to_bf8(fbits(61439.0f), false), 0x7f); /* below the tie with 65536 */
    /* infinities and NaN are the NaN, clamp or not */
    ck_assert_uint_eq(exec_f32_to_fp8(0x7f800000u, true), 0x80);
    ck_assert_uint_eq(exec_f32_to_fp8(0xff800000u, false), 0x80);
    ck_assert_uint_eq(exec_f32_to_bf8(0x7fc00000u, true), 0x80);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(0x7f800001u, 0, false), 0x80);
}
END_TEST

START_TEST(fp8_bf8_stochastic_rounding)
{
    /* rnd is added below the kept bits (23 - 3 = 20 bits for fp8, 21 for bf8) before truncating */
    float x = 1.0f + 0x1p-4f; /* fp8: 1.0 + half an ulp; dropped bits 0x80000 of 0x100000 */
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(x), 0, false), 0x40);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(x), 0x7ffffu, false), 0x40);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(x), 0x80000u, false), 0x41);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(x), 0xfff80000u, false), 0x41); /* high bits ignored */
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(x), 0xfff00000u, false), 0x40);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(1.125f), 0xfffffu, false), 0x41); /* exact stays */
    ck_assert_uint_eq(exec_f32_to_bf8_sr(fbits(1.125f), 0xfffffu, false), 0x40); /* 21 dropped bits */
    ck_assert_uint_eq(exec_f32_to_bf8_sr(fbits(1.125f), 0x100000u, false), 0x41);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(240.0f + 8.0f), 0xfffffu, false), 0x80);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(240.0f + 8.0f), 0xfffffu, true), 0x7f);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(-1.0f - 0x1p-4f), 0x80000u, false), 0xc1);
    /* in the subnormal range the same 20 bits sit below the subnormal quantum (2^-10) */
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(1.5f * 0x1p-10f), 0x7ffffu, false), 0x01);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(1.5f * 0x1p-10f), 0x80000u, false), 0x02);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(0x1p-12f), 0xbffffu, false), 0x00);
    ck_assert_uint_eq(exec_f32_to_fp8_sr(fbits(0x1p-12f), 0xc0000u, false), 0x01);
}
END_TEST

START_TEST(bf16_conversions)
{
    ck_assert_uint_eq(exec_bf16_to_f32(0x3f80), 0x3f800000u);
    ck_assert_uint_eq(exec_bf16_to_f32(0xc2c8), fbits(-100.0f));
    ck_assert_uint_eq(exec_f32_to_bf16(0x3f808000u), 0x3f80); /* tie to even */
    ck_assert_uint_eq(exec_f32_to_bf16(0x3f818000u), 0x3f82);
    ck_assert_uint_eq(exec_f32_to_bf16(0x3f808001u), 0x3f81);
    ck_assert_uint_eq(exec_f32_to_bf16(0x7f7fffffu), 0x7f80); /* rounds to inf */
    ck_assert_uint_eq(exec_f32_to_bf16(0xff800000u), 0xff80);
    ck_assert_uint_eq(exec_f32_to_bf16(0x7f800001u), 0x7fc0); /* NaN stays NaN, quiet */
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mfma_convert");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, fp8_bf8_decode);
    tcase_add_test(tc, fp8_bf8_round_to_nearest_even);
    tcase_add_test(tc, fp8_bf8_overflow_and_clamp);
    tcase_add_test(tc, fp8_bf8_stochastic_rounding);
    tcase_add_test(tc, bf16_conversions);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

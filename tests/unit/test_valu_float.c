/* f32 VALU ops against independent references (double-precision C, or hand-derived values):
 * denormal flush on inputs and outputs, NaN rules, modifiers, clamp, omod, EXEC. */
#include "test_valu.h"

#define NEDGE (sizeof tv_f32_edges / sizeof tv_f32_edges[0])
#define TWO_PI 6.283185307179586476925

static float bf(uint32_t b) { return ut_bitsf(b); }
static uint32_t fb(float f) { return ut_fbits(f); }
static bool is_nan(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
static bool is_denorm(uint32_t b) { return (b & 0x7f800000u) == 0 && (b & 0x7fffffu); }
/* the reference's own flush: a denormal becomes the zero of its sign */
static uint32_t fz(uint32_t b, bool on) { return on && is_denorm(b) ? b & 0x80000000u : b; }
/* round a double to f32 */
static uint32_t rd(double d) { return fb((float)d); }

typedef uint32_t (*fref_fn)(uint32_t a, uint32_t b, uint32_t c, bool flush);

/* NaN results are compared as "some NaN" (payloads are not modelled); everything else bit-exact. */
#define FCHECK_LANE(m, reg, exec, l, expect, what)                                                   \
    do {                                                                                             \
        uint32_t got_ = ut_vreg((m), (reg))[(l)], want_ = (expect);                                  \
        if (!((exec) >> (l) & 1))                                                                    \
            want_ = TV_SENTINEL;                                                                     \
        bool ok_ = got_ == want_ || ((exec) >> (l) & 1 && is_nan(want_) && is_nan(got_));            \
        ck_assert_msg(ok_, "%s lane %d: got 0x%08x want 0x%08x", (what), (l), got_, want_);          \
    } while (0)

static void check_fop(isa_op_t op, int nsrc, fref_fn ref)
{
    uint64_t rng = 0x1234567ull + (uint64_t)op;
    for (int r = 0; r < TV_ROUNDS; r++) {
        for (int flush = 0; flush < 2; flush++) {
            ut_machine_t *m = ut_machine_new();
            m->w.flush_denorm_f32 = (uint8_t)flush;
            for (int s = 0; s < 3; s++)
                tv_fill(m, 1 + (unsigned)s, tv_f32_edges, NEDGE, s, r, &rng);
            ut_vset_all(m, 0, TV_SENTINEL);
            uint64_t exec = tv_exec_patterns[r];
            ut_set_exec(m, exec);
            isa_inst_t in = ut_inst(op);
            in.vdst = ut_v(0);
            for (int s = 0; s < nsrc; s++)
                in.src[s] = ut_v(1 + (unsigned)s);
            if (op == ISA_v_mac_f32) /* accumulator = vdst */
                memcpy(ut_vreg(m, 0), ut_vreg(m, 3), sizeof(uint32_t) * ISA_WAVE_SIZE);
            isa_exec_result_t res = ut_run(m, &in);
            ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", isa_ops[op].name, res.fault_msg);
            for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                uint32_t a = ut_vreg(m, 1)[l], b = ut_vreg(m, 2)[l], c = ut_vreg(m, 3)[l];
                uint32_t want = ref(a, b, c, flush);
                if (op == ISA_v_mac_f32 && !(exec >> l & 1))
                    want = c; /* inactive: the accumulator is left alone */
                if (op == ISA_v_mac_f32 && !(exec >> l & 1))
                    ck_assert_uint_eq(ut_vreg(m, 0)[l], want);
                else
                    FCHECK_LANE(m, 0, exec, l, want, isa_ops[op].name);
            }
            free(m);
        }
    }
}

/* ---- references ---------------------------------------------------------------------------- */

#define BIN(name, expr)                                                             \
    static uint32_t name(uint32_t a_, uint32_t b_, uint32_t c_, bool fl)            \
    {                                                                               \
        (void)c_;                                                                   \
        double a = bf(fz(a_, fl)), b = bf(fz(b_, fl));                              \
        return fz(rd(expr), fl);                                                    \
    }
BIN(r_add, a + b)
BIN(r_sub, a - b)
BIN(r_subrev, b - a)
BIN(r_mul, a * b)

/* unfused: the product rounds (and flushes, always) before the add */
static uint32_t r_mad(uint32_t a, uint32_t b, uint32_t c, bool fl)
{
    (void)fl;
    double p = bf(fz(rd((double)bf(fz(a, true)) * bf(fz(b, true))), true));
    return fz(rd(p + bf(fz(c, true))), true);
}
static uint32_t r_fma(uint32_t a, uint32_t b, uint32_t c, bool fl)
{
    return fz(fb(fmaf(bf(fz(a, fl)), bf(fz(b, fl)), bf(fz(c, fl)))), fl);
}

/* The order used by min/max: -0 below +0. */
static double key(uint32_t b) { return b == 0x80000000u ? -0x1p-200 : bf(b); }
/* IEEE mode: sNaN -> quietened sNaN; one qNaN -> the other operand */
static uint32_t ieee_pick(uint32_t a, uint32_t b, bool want_max)
{
    if (is_nan(a) && !(a & 0x400000u))
        return a | 0x400000u;
    if (is_nan(b) && !(b & 0x400000u))
        return b | 0x400000u;
    if (is_nan(a))
        return b;
    if (is_nan(b))
        return a;
    return (key(a) < key(b)) == want_max ? b : a;
}
static uint32_t r_min(uint32_t a, uint32_t b, uint32_t c, bool fl) { (void)c; return fz(ieee_pick(fz(a, fl), fz(b, fl), false), fl); }
static uint32_t r_max(uint32_t a, uint32_t b, uint32_t c, bool fl) { (void)c; return fz(ieee_pick(fz(a, fl), fz(b, fl), true), fl); }
static uint32_t r_min3(uint32_t a, uint32_t b, uint32_t c, bool fl) { return r_min(r_min(a, b, 0, fl), c, 0, fl); }
static uint32_t r_max3(uint32_t a, uint32_t b, uint32_t c, bool fl) { return r_max(r_max(a, b, 0, fl), c, 0, fl); }
static uint32_t r_med3(uint32_t a, uint32_t b, uint32_t c, bool fl)
{
    a = fz(a, fl); b = fz(b, fl); c = fz(c, fl);
    if (is_nan(a) || is_nan(b) || is_nan(c))
        return r_min3(a, b, c, fl);
    uint32_t v[3] = { a, b, c };
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (key(v[j]) < key(v[i])) { uint32_t t = v[i]; v[i] = v[j]; v[j] = t; }
    return v[1];
}

#define UN(name, expr)                                                              \
    static uint32_t name(uint32_t a_, uint32_t b_, uint32_t c_, bool fl)            \
    {                                                                               \
        (void)b_; (void)c_;                                                         \
        double a = bf(fz(a_, fl));                                                  \
        return fz(rd(expr), fl);                                                    \
    }
UN(r_trunc, trunc(a))
UN(r_ceil, ceil(a))
UN(r_floor, floor(a))
UN(r_rndne, copysign(a - floor(a) == 0.5 ? 2 * floor((floor(a) + 1) / 2) : floor(a + 0.5), a))
UN(r_sqrt, sqrt(a))
UN(r_rcp, 1.0 / a)
static uint32_t r_fract(uint32_t a_, uint32_t b, uint32_t c, bool fl)
{
    (void)b; (void)c;
    float a = bf(fz(a_, fl));
    if (isnan(a) || isinf(a))
        return 0x7fc00000u;
    float f = a - floorf(a);
    return fz(fb(f >= 1.0f ? bf(0x3f7fffffu) : f), fl);
}

static uint32_t r_cvt_u32(uint32_t a_, uint32_t b, uint32_t c, bool fl)
{
    (void)b; (void)c;
    double a = bf(fz(a_, fl));
    if (isnan(a) || a < 1.0)
        return 0;
    return a >= 4294967295.0 ? 0xffffffffu : (uint32_t)trunc(a);
}
static uint32_t sat_i(double t)
{
    if (isnan(t))
        return 0;
    if (t >= 2147483647.0)
        return 0x7fffffffu;
    if (t <= -2147483648.0)
        return 0x80000000u;
    return (uint32_t)(int64_t)t;
}
static uint32_t r_cvt_i32(uint32_t a, uint32_t b, uint32_t c, bool fl) { (void)b; (void)c; return sat_i(trunc(bf(fz(a, fl)))); }
static uint32_t r_cvt_flr(uint32_t a, uint32_t b, uint32_t c, bool fl) { (void)b; (void)c; return sat_i(floor(bf(fz(a, fl)))); }
/* floor(x + 0.5) with the add rounded to f32, as the instruction defines it */
static uint32_t r_cvt_rpi(uint32_t a, uint32_t b, uint32_t c, bool fl) { (void)b; (void)c; return sat_i(floor(bf(rd((double)bf(fz(a, fl)) + 0.5)))); }
static uint32_t r_cvt_f_i(uint32_t a, uint32_t b, uint32_t c, bool fl) { (void)b; (void)c; (void)fl; return rd((double)(int32_t)a); }
static uint32_t r_cvt_f_u(uint32_t a, uint32_t b, uint32_t c, bool fl) { (void)b; (void)c; (void)fl; return rd((double)a); }
static uint32_t r_ub0(uint32_t a, uint32_t b, uint32_t c, bool fl) { (void)b; (void)c; (void)fl; return rd(a % 256); }
static uint32_t r_ub1(uint32_t a, uint32_t b, uint32_t c, bool fl) { (void)b; (void)c; (void)fl; return rd(a / 256 % 256); }
static uint32_t r_ub2(uint32_t a, uint32_t b, uint32_t c, bool fl) { (void)b; (void)c; (void)fl; return rd(a / 65536 % 256); }
static uint32_t r_ub3(uint32_t a, uint32_t b, uint32_t c, bool fl) { (void)b; (void)c; (void)fl; return rd(a / 16777216); }

START_TEST(test_f32_arith)
{
    check_fop(ISA_v_add_f32, 2, r_add);
    check_fop(ISA_v_sub_f32, 2, r_sub);
    check_fop(ISA_v_subrev_f32, 2, r_subrev);
    check_fop(ISA_v_mul_f32, 2, r_mul);
    check_fop(ISA_v_mad_f32, 3, r_mad);
    check_fop(ISA_v_mac_f32, 2, r_mad);
    check_fop(ISA_v_fma_f32, 3, r_fma);
    check_fop(ISA_v_min_f32, 2, r_min);
    check_fop(ISA_v_max_f32, 2, r_max);
    check_fop(ISA_v_min3_f32, 3, r_min3);
    check_fop(ISA_v_max3_f32, 3, r_max3);
    check_fop(ISA_v_med3_f32, 3, r_med3);
}
END_TEST

START_TEST(test_f32_rounding_and_conversions)
{
    check_fop(ISA_v_trunc_f32, 1, r_trunc);
    check_fop(ISA_v_ceil_f32, 1, r_ceil);
    check_fop(ISA_v_floor_f32, 1, r_floor);
    check_fop(ISA_v_rndne_f32, 1, r_rndne);
    check_fop(ISA_v_fract_f32, 1, r_fract);
    check_fop(ISA_v_sqrt_f32, 1, r_sqrt);
    check_fop(ISA_v_rcp_f32, 1, r_rcp);
    check_fop(ISA_v_rcp_iflag_f32, 1, r_rcp);
    check_fop(ISA_v_cvt_u32_f32, 1, r_cvt_u32);
    check_fop(ISA_v_cvt_i32_f32, 1, r_cvt_i32);
    check_fop(ISA_v_cvt_flr_i32_f32, 1, r_cvt_flr);
    check_fop(ISA_v_cvt_rpi_i32_f32, 1, r_cvt_rpi);
    check_fop(ISA_v_cvt_f32_i32, 1, r_cvt_f_i);
    check_fop(ISA_v_cvt_f32_u32, 1, r_cvt_f_u);
    check_fop(ISA_v_cvt_f32_ubyte0, 1, r_ub0);
    check_fop(ISA_v_cvt_f32_ubyte1, 1, r_ub1);
    check_fop(ISA_v_cvt_f32_ubyte2, 1, r_ub2);
    check_fop(ISA_v_cvt_f32_ubyte3, 1, r_ub3);
}
END_TEST

/* ---- single-value runs with hand-derived expectations -------------------------------------- */

/* Run `op` on lane values a, b, c (broadcast), return lane 0 of v0. */
static uint32_t run1(ut_machine_t *m, isa_op_t op, uint32_t a, uint32_t b, uint32_t c)
{
    ut_vset_all(m, 1, a);
    ut_vset_all(m, 2, b);
    ut_vset_all(m, 3, c);
    isa_inst_t in = ut_inst(op);
    in.vdst = ut_v(0);
    in.src[0] = ut_v(1);
    in.src[1] = ut_v(2);
    in.src[2] = ut_v(3);
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    return ut_vreg(m, 0)[0];
}
static uint32_t run1f(ut_machine_t *m, isa_op_t op, float a, float b, float c)
{
    return run1(m, op, fb(a), fb(b), fb(c));
}

START_TEST(test_f32_hand_values)
{
    ut_machine_t *m = ut_machine_new();
    const uint32_t QNAN = 0x7fc00000u, SNAN = 0x7f800001u, DEN = 0x00000010u, NDEN = 0x80000010u;
    /* min/max NaN rules, IEEE mode on (the default) */
    ck_assert_uint_eq(run1(m, ISA_v_min_f32, QNAN, fb(1.0f), 0), fb(1.0f));
    ck_assert_uint_eq(run1(m, ISA_v_max_f32, fb(-3.0f), QNAN, 0), fb(-3.0f));
    ck_assert_uint_eq(run1(m, ISA_v_min_f32, SNAN, fb(1.0f), 0), 0x7fc00001u);
    ck_assert_uint_eq(run1(m, ISA_v_min_f32, 0x80000000u, 0, 0), 0x80000000u);
    ck_assert_uint_eq(run1(m, ISA_v_max_f32, 0x80000000u, 0, 0), 0);
    m->w.ieee_mode = 0; /* non-IEEE: any NaN operand gives the other */
    ck_assert_uint_eq(run1(m, ISA_v_min_f32, SNAN, fb(1.0f), 0), fb(1.0f));
    m->w.ieee_mode = 1;
    ck_assert_uint_eq(run1f(m, ISA_v_med3_f32, 5.0f, -1.0f, 2.0f), fb(2.0f));
    ck_assert_uint_eq(run1(m, ISA_v_med3_f32, QNAN, fb(7.0f), fb(3.0f)), fb(3.0f));
    /* denormals: flushed inputs keep their sign, outputs flush */
    ck_assert_uint_eq(run1(m, ISA_v_add_f32, DEN, 0, 0), 0);
    ck_assert_uint_eq(run1(m, ISA_v_mul_f32, NDEN, fb(1.0f), 0), 0x80000000u);
    ck_assert_uint_eq(run1f(m, ISA_v_mul_f32, 1e-20f, 1e-20f, 0), 0);
    ck_assert_uint_eq(run1(m, ISA_v_rcp_f32, DEN, 0, 0), 0x7f800000u);
    m->w.flush_denorm_f32 = 0;
    ck_assert_uint_eq(run1(m, ISA_v_add_f32, DEN, DEN, 0), 0x20);
    ck_assert_uint_eq(run1f(m, ISA_v_mul_f32, 0x1p-100f, 0x1p-40f, 0), 0x00000200u); /* 2^-140 = 2^9 * 2^-149 */
    /* v_mad_f32 flushes its denormal product even when denormals are on; v_fma_f32 does not */
    ck_assert_uint_eq(run1f(m, ISA_v_mad_f32, 0x1p-100f, 0x1p-40f, 0.0f), 0);
    ck_assert_uint_eq(run1f(m, ISA_v_fma_f32, 0x1p-100f, 0x1p-40f, 0.0f), 0x00000200u);
    m->w.flush_denorm_f32 = 1;
    /* fused vs unfused: (1+2^-23)^2 - (1+2^-22) = 2^-46 only when fused */
    float x = 1.0f + 0x1p-23f, y = -(1.0f + 0x1p-22f);
    ck_assert_uint_eq(run1f(m, ISA_v_mad_f32, x, x, y), 0);
    ck_assert_uint_eq(run1f(m, ISA_v_fma_f32, x, x, y), fb(0x1p-46f));
    /* rounding */
    ck_assert_uint_eq(run1f(m, ISA_v_rndne_f32, 2.5f, 0, 0), fb(2.0f));
    ck_assert_uint_eq(run1f(m, ISA_v_rndne_f32, 3.5f, 0, 0), fb(4.0f));
    ck_assert_uint_eq(run1f(m, ISA_v_rndne_f32, -0.5f, 0, 0), 0x80000000u);
    ck_assert_uint_eq(run1f(m, ISA_v_floor_f32, -1.5f, 0, 0), fb(-2.0f));
    ck_assert_uint_eq(run1f(m, ISA_v_ceil_f32, -1.5f, 0, 0), fb(-1.0f));
    ck_assert_uint_eq(run1f(m, ISA_v_trunc_f32, -1.5f, 0, 0), fb(-1.0f));
    ck_assert_uint_eq(run1f(m, ISA_v_fract_f32, -1e-10f, 0, 0), 0x3f7fffffu);
    ck_assert_uint_eq(run1f(m, ISA_v_fract_f32, -1.25f, 0, 0), fb(0.75f));
    ck_assert(is_nan(run1f(m, ISA_v_fract_f32, INFINITY, 0, 0)));
    /* conversions */
    ck_assert_uint_eq(run1(m, ISA_v_cvt_u32_f32, QNAN, 0, 0), 0);
    ck_assert_uint_eq(run1f(m, ISA_v_cvt_u32_f32, -5.0f, 0, 0), 0);
    ck_assert_uint_eq(run1f(m, ISA_v_cvt_u32_f32, 5e9f, 0, 0), 0xffffffffu);
    ck_assert_uint_eq(run1f(m, ISA_v_cvt_u32_f32, 3.99f, 0, 0), 3);
    ck_assert_uint_eq(run1f(m, ISA_v_cvt_i32_f32, -INFINITY, 0, 0), 0x80000000u);
    ck_assert_uint_eq(run1f(m, ISA_v_cvt_i32_f32, 2147483648.0f, 0, 0), 0x7fffffffu);
    ck_assert_uint_eq(run1f(m, ISA_v_cvt_i32_f32, -1.9f, 0, 0), 0xffffffffu);
    ck_assert_uint_eq(run1f(m, ISA_v_cvt_rpi_i32_f32, -2.5f, 0, 0), 0xfffffffeu);
    ck_assert_uint_eq(run1f(m, ISA_v_cvt_rpi_i32_f32, 2.5f, 0, 0), 3);
    ck_assert_uint_eq(run1f(m, ISA_v_cvt_flr_i32_f32, -0.5f, 0, 0), 0xffffffffu);
    ck_assert_uint_eq(run1(m, ISA_v_cvt_f32_u32, 0xffffffffu, 0, 0), fb(4294967296.0f));
    ck_assert_uint_eq(run1(m, ISA_v_cvt_f32_i32, 0x80000000u, 0, 0), fb(-2147483648.0f));
    ck_assert_uint_eq(run1(m, ISA_v_cvt_f32_i32, 16777217u, 0, 0), fb(16777216.0f));
    ck_assert_uint_eq(run1(m, ISA_v_cvt_f32_ubyte2, 0x11ab2233u, 0, 0), fb(171.0f));
    /* transcendentals: exact special values */
    ck_assert_uint_eq(run1f(m, ISA_v_exp_f32, 3.0f, 0, 0), fb(8.0f));
    ck_assert_uint_eq(run1f(m, ISA_v_exp_f32, -INFINITY, 0, 0), 0);
    ck_assert_uint_eq(run1f(m, ISA_v_exp_f32, -200.0f, 0, 0), 0); /* 2^-200 flushed */
    ck_assert_uint_eq(run1f(m, ISA_v_log_f32, 0.125f, 0, 0), fb(-3.0f));
    ck_assert_uint_eq(run1f(m, ISA_v_log_f32, 0.0f, 0, 0), fb(-INFINITY));
    ck_assert_uint_eq(run1(m, ISA_v_log_f32, DEN, 0, 0), fb(-INFINITY));
    ck_assert(is_nan(run1f(m, ISA_v_log_f32, -1.0f, 0, 0)));
    ck_assert_uint_eq(run1f(m, ISA_v_rcp_f32, -0.0f, 0, 0), fb(-INFINITY));
    ck_assert_uint_eq(run1f(m, ISA_v_rcp_f32, 4.0f, 0, 0), fb(0.25f));
    ck_assert_uint_eq(run1f(m, ISA_v_rsq_f32, 16.0f, 0, 0), fb(0.25f));
    ck_assert_uint_eq(run1f(m, ISA_v_rsq_f32, 0.0f, 0, 0), fb(INFINITY));
    ck_assert(is_nan(run1f(m, ISA_v_rsq_f32, -4.0f, 0, 0)));
    ck_assert_uint_eq(run1f(m, ISA_v_sqrt_f32, -0.0f, 0, 0), 0x80000000u);
    ck_assert_uint_eq(run1f(m, ISA_v_sqrt_f32, 2.25f, 0, 0), fb(1.5f));
    ck_assert_uint_eq(run1f(m, ISA_v_sin_f32, 0.25f, 0, 0), fb(1.0f));
    ck_assert_uint_eq(run1f(m, ISA_v_sin_f32, -1.25f, 0, 0), fb(-1.0f));
    ck_assert_uint_eq(run1f(m, ISA_v_cos_f32, 0.5f, 0, 0), fb(-1.0f));
    ck_assert_uint_eq(run1f(m, ISA_v_cos_f32, 1000.0f, 0, 0), fb(1.0f));
    ck_assert(is_nan(run1f(m, ISA_v_sin_f32, INFINITY, 0, 0)));
    /* ldexp: src1 is an integer */
    ck_assert_uint_eq(run1(m, ISA_v_ldexp_f32, fb(1.5f), 3, 0), fb(12.0f));
    ck_assert_uint_eq(run1(m, ISA_v_ldexp_f32, fb(1.0f), (uint32_t)-149, 0), 0);
    ck_assert_uint_eq(run1(m, ISA_v_ldexp_f32, fb(1.0f), 200, 0), fb(INFINITY));
    m->w.flush_denorm_f32 = 0;
    ck_assert_uint_eq(run1(m, ISA_v_ldexp_f32, fb(1.0f), (uint32_t)-149, 0), 1);
    free(m);
}
END_TEST

START_TEST(test_transcendental_accuracy)
{
    /* Against double-precision libm: within 1 ulp over a sweep (the hardware's own bound). */
    ut_machine_t *m = ut_machine_new();
    uint64_t rng = 99;
    for (int i = 0; i < 2000; i++) {
        float x = (float)((double)tv_rand(&rng) / 4294967296.0 * 40.0 - 20.0);
        struct { isa_op_t op; double want; } t[] = {
            { ISA_v_exp_f32, exp2(x) }, { ISA_v_log_f32, log2(fabs(x)) }, { ISA_v_sin_f32, sin(TWO_PI * x) },
            { ISA_v_cos_f32, cos(TWO_PI * x) }, { ISA_v_rsq_f32, 1 / sqrt(fabs(x)) }, { ISA_v_sqrt_f32, sqrt(fabs(x)) },
        };
        for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
            bool uses_abs = t[k].op == ISA_v_log_f32 || t[k].op == ISA_v_rsq_f32 || t[k].op == ISA_v_sqrt_f32;
            float got = bf(run1f(m, t[k].op, uses_abs ? fabsf(x) : x, 0, 0));
            double ulp = fmax(fabs(nextafterf((float)t[k].want, INFINITY) - (float)t[k].want), 0x1p-126);
            /* sin/cos near zero crossings: absolute error of the argument reduction */
            double tol = (t[k].op == ISA_v_sin_f32 || t[k].op == ISA_v_cos_f32) ? fmax(ulp, 1e-6) : ulp;
            ck_assert_msg(fabs(got - t[k].want) <= tol, "%s(%a) = %a want %a", isa_ops[t[k].op].name,
                          (double)x, (double)got, t[k].want);
        }
    }
    free(m);
}
END_TEST

/* ---- modifiers, clamp, omod ---------------------------------------------------------------------- */

START_TEST(test_modifiers)
{
    ut_machine_t *m = ut_machine_new();
    ut_vset_all(m, 1, fb(-2.0f));
    ut_vset_all(m, 2, fb(3.0f));
    isa_inst_t in = ut_inst(ISA_v_add_f32);
    in.e64 = 1;
    in.vdst = ut_v(0);
    in.src[0] = ut_abs(ut_v(1)); /* |-2| + 3 */
    in.src[1] = ut_v(2);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], fb(5.0f));
    in.src[0] = ut_neg(ut_abs(ut_v(1))); /* -|-2| + 3: abs first, then neg */
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], fb(1.0f));
    in.src[0] = ut_neg(ut_v(1)); /* 2 + 3 */
    in.src[1] = ut_neg(ut_v(2)); /* 2 - 3 */
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], fb(-1.0f));
    /* on scalars and inline constants too: -s4 + neg(1.0) */
    m->w.sreg[4] = fb(-8.0f);
    in.src[0] = ut_neg(ut_s(4));
    in.src[1] = ut_neg((isa_operand_t){ ISA_CONST_F_HALF + 2, 1, 0, 0 });
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[63], fb(7.0f));
    /* neg of a NaN flips only the sign; neg of 0 gives -0 (no arithmetic on it) */
    in = ut_inst(ISA_v_mul_f32);
    in.vdst = ut_v(0);
    in.src[0] = ut_neg(ut_ic(0));
    in.src[1] = ut_v(2);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0x80000000u);
    /* integer ops ignore the modifier fields: v_mov_b32 copies bits */
    in = ut_inst(ISA_v_mov_b32);
    in.vdst = ut_v(0);
    in.src[0] = ut_v(1);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], fb(-2.0f));
    free(m);
}
END_TEST

START_TEST(test_clamp_omod)
{
    ut_machine_t *m = ut_machine_new();
    isa_inst_t in = ut_inst(ISA_v_mul_f32);
    in.e64 = 1;
    in.vdst = ut_v(0);
    in.src[0] = ut_v(1);
    in.src[1] = ut_v(2);
    static const struct { float a, b; uint32_t want; } cl[] = {
        { 0.75f, 1.0f, 0x3f400000u }, { 3.0f, 1.0f, 0x3f800000u }, { -0.5f, 1.0f, 0 },
        { -0.0f, 1.0f, 0 }, { INFINITY, 1.0f, 0x3f800000u }, { INFINITY, 0.0f, 0 } /* NaN -> 0 */
    };
    in.clamp = 1;
    for (size_t i = 0; i < sizeof cl / sizeof cl[0]; i++) {
        ut_vset_all(m, 1, fb(cl[i].a));
        ut_vset_all(m, 2, fb(cl[i].b));
        ut_run(m, &in);
        ck_assert_msg(ut_vreg(m, 0)[0] == cl[i].want, "clamp case %zu: 0x%08x", i, ut_vreg(m, 0)[0]);
    }
    /* omod applies with IEEE mode off: *2, *4, /2, then clamp */
    in.clamp = 0;
    m->w.ieee_mode = 0;
    ut_vset_all(m, 1, fb(0.375f));
    ut_vset_all(m, 2, fb(1.0f));
    static const uint32_t om[4] = { 0x3ec00000u /* 0.375 */, 0x3f400000u, 0x3fc00000u, 0x3e400000u };
    for (int k = 0; k < 4; k++) {
        in.omod = (uint8_t)k;
        ut_run(m, &in);
        ck_assert_uint_eq(ut_vreg(m, 0)[0], om[k]);
    }
    in.omod = 2;
    in.clamp = 1; /* 0.375 * 4 = 1.5, clamped to 1 */
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], fb(1.0f));
    /* IEEE mode on: hardware ignores omod */
    m->w.ieee_mode = 1;
    in.clamp = 0;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], fb(0.375f));
    /* clamp applies to an int->float conversion's result too */
    in = ut_inst(ISA_v_cvt_f32_i32);
    in.e64 = 1;
    in.clamp = 1;
    in.vdst = ut_v(0);
    in.src[0] = ut_ic(5);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], fb(1.0f));
    free(m);
}
END_TEST

START_TEST(test_madak_madmk_literal)
{
    ut_machine_t *m = ut_machine_new();
    ut_vset_all(m, 1, fb(3.0f));
    ut_vset_all(m, 2, fb(0.5f));
    ut_vset_all(m, 0, TV_SENTINEL);
    ut_set_exec(m, 0xffffffff00000000ull);
    /* madmk v0, v1, K, v2 = v1 * K + v2 */
    isa_inst_t in = ut_inst(ISA_v_madmk_f32);
    in.vdst = ut_v(0);
    in.src[0] = ut_v(1);
    in.src[1] = ut_lit();
    in.src[2] = ut_v(2);
    in.literal = fb(10.0f);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[40], fb(30.5f));
    ck_assert_uint_eq(ut_vreg(m, 0)[3], TV_SENTINEL);
    /* madak v0, v1, v2, K = v1 * v2 + K */
    in = ut_inst(ISA_v_madak_f32);
    in.vdst = ut_v(0);
    in.src[0] = ut_v(1);
    in.src[1] = ut_v(2);
    in.src[2] = ut_lit();
    in.literal = fb(-1.0f);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[63], fb(0.5f));
    ck_assert_uint_eq(ut_vreg(m, 0)[31], TV_SENTINEL);
    /* mac accumulates into vdst */
    in = ut_inst(ISA_v_mac_f32);
    in.vdst = ut_v(2);
    in.src[0] = ut_v(1);
    in.src[1] = (isa_operand_t){ ISA_CONST_F_HALF + 4, 1, 0, 0 }; /* 2.0 */
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 2)[32], fb(6.5f));
    ck_assert_uint_eq(ut_vreg(m, 2)[0], fb(0.5f));
    free(m);
}
END_TEST

static Suite *valu_float_suite(void)
{
    Suite *s = suite_create("valu_float");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_f32_arith);
    tcase_add_test(tc, test_f32_rounding_and_conversions);
    tcase_add_test(tc, test_f32_hand_values);
    tcase_add_test(tc, test_transcendental_accuracy);
    tcase_add_test(tc, test_modifiers);
    tcase_add_test(tc, test_clamp_omod);
    tcase_add_test(tc, test_madak_madmk_literal);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(valu_float_suite)

/* f64 VALU ops against independent references (host C double, fma, math.h, or hand-derived
 * values): NaN/inf/denormal/signed-zero edges (f64 denormals are kept), modifiers, clamp, omod,
 * EXEC, the compares and class tests, the conversions. */
#include "test_valu.h"

static double bd(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static uint64_t db(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }
static bool nan64(uint64_t b) { return (b & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }

/* f64 edges: +-0, +-denormals, +-inf, qNaN, sNaN, the extremes, values around 0, 1 and the
 * integer limits. */
static const uint64_t edges64[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull, 0x8000000000000001ull,
    0x000fffffffffffffull, 0x800fffffffffffffull, 0x0010000000000000ull, 0x7ff0000000000000ull,
    0xfff0000000000000ull, 0x7ff8000000000000ull, 0xfff8000000000001ull, 0x7ff0000000000001ull,
    0x7fefffffffffffffull, 0xffefffffffffffffull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
    0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff8000000000000ull, 0xc004000000000000ull,
    0x4008000000000000ull, 0x3fefffffffffffffull, 0x3ff0000000000001ull, 0x41dfffffffc00000ull,
    0x41e0000000000000ull, 0xc1e0000000000000ull, 0xc1e0000000200000ull, 0x41f0000000000000ull,
    0x41efffffffe00000ull, 0x400921fb54442d18ull, 0x4059000000000000ull, 0xc024000000000000ull,
    0x3cb0000000000000ull, 0xbcb0000000000000ull, 0x4330000000000001ull, 0x3ff8000000000001ull
};
#define NEDGE64 (sizeof edges64 / sizeof edges64[0])

static uint64_t value64(int src, int r, int l, uint64_t *rng)
{
    uint64_t x = ((uint64_t)tv_rand(rng) << 32) | tv_rand(rng);
    if (l < 44)
        return edges64[(size_t)(l + src * (r + 3) + r * 7) % NEDGE64];
    if (l < 54) /* small integers and halves */
        return db((double)(int)(x % 41) * 0.5 - 10.0);
    return x;
}

static void set64(ut_machine_t *m, unsigned reg, int l, uint64_t v)
{
    ut_vreg(m, reg)[l] = (uint32_t)v;
    ut_vreg(m, reg + 1)[l] = (uint32_t)(v >> 32);
}
static uint64_t get64(ut_machine_t *m, unsigned reg, int l)
{
    return (uint64_t)ut_vreg(m, reg)[l] | ((uint64_t)ut_vreg(m, reg + 1)[l] << 32);
}

/* ---- references ---------------------------------------------------------------------------- */

typedef uint64_t (*dref_fn)(uint64_t a, uint64_t b, uint64_t c);

static uint64_t r_add(uint64_t a, uint64_t b, uint64_t c) { (void)c; return db(bd(a) + bd(b)); }
static uint64_t r_mul(uint64_t a, uint64_t b, uint64_t c) { (void)c; return db(bd(a) * bd(b)); }
static uint64_t r_fma(uint64_t a, uint64_t b, uint64_t c) { return db(fma(bd(a), bd(b), bd(c))); }
static uint64_t r_trunc(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; return db(trunc(bd(a))); }
static uint64_t r_ceil(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; return db(ceil(bd(a))); }
static uint64_t r_floor(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; return db(floor(bd(a))); }
static uint64_t r_rndne(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; return db(rint(bd(a))); }
static uint64_t r_rcp(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; return db(1.0 / bd(a)); }
static uint64_t r_sqrt(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; return db(sqrt(bd(a))); }

/* fract: x - floor(x) but never 1.0; the modf-based reference differs from the implementation */
static uint64_t r_fract(uint64_t a, uint64_t b, uint64_t c)
{
    (void)b; (void)c;
    double x = bd(a), ip;
    if (isinf(x) || isnan(x))
        return db(NAN);
    double f = modf(x, &ip);
    if (f == 0) /* integers, either sign: x - floor(x) is an exact +0 */
        return 0;
    if (f < 0)
        f += 1.0;
    return db(f >= 1.0 ? nextafter(1.0, 0.0) : f);
}

/* IEEE-mode min/max: sNaN -> that NaN quietened, one NaN -> the other, -0 < +0 */
static uint64_t r_minmax(uint64_t a, uint64_t b, bool max)
{
    bool sa = nan64(a) && !(a & (1ull << 51)), sb = nan64(b) && !(b & (1ull << 51));
    if (sa || sb)
        return db(NAN);
    if (nan64(a))
        return nan64(b) ? db(NAN) : b;
    if (nan64(b))
        return a;
    double x = bd(a), y = bd(b);
    if (x == 0 && y == 0)
        return (signbit(x) != signbit(y)) ? db(max ? 0.0 : -0.0) : a;
    return (max ? x > y : x < y) ? a : b;
}
static uint64_t r_min(uint64_t a, uint64_t b, uint64_t c) { (void)c; return r_minmax(a, b, false); }
static uint64_t r_max(uint64_t a, uint64_t b, uint64_t c) { (void)c; return r_minmax(a, b, true); }

static uint64_t r_frexp_mant(uint64_t a, uint64_t b, uint64_t c)
{
    (void)b; (void)c;
    int e;
    return (isinf(bd(a)) || isnan(bd(a))) ? a : db(frexp(bd(a), &e));
}

/* Run `op` on v[0:1] <- v[2:3], v[4:5], v[6:7] over the edge patterns and EXEC patterns. NaN
 * results compare as "some NaN"; everything else bit-exact. */
static void check_dop(isa_op_t op, int nsrc, dref_fn ref)
{
    uint64_t rng = 0x9e3779b97f4a7c15ull + (uint64_t)op;
    for (int r = 0; r < TV_ROUNDS; r++) {
        ut_machine_t *m = ut_machine_new();
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            for (int s = 0; s < 3; s++)
                set64(m, 2 + 2 * (unsigned)s, l, value64(s, r, l, &rng));
        ut_vset_all(m, 0, TV_SENTINEL);
        ut_vset_all(m, 1, TV_SENTINEL);
        uint64_t exec = tv_exec_patterns[r];
        ut_set_exec(m, exec);
        isa_inst_t in = ut_inst(op);
        in.vdst = ut_vr(0, 2);
        for (int s = 0; s < nsrc; s++)
            in.src[s] = ut_vr(2 + 2 * (unsigned)s, 2);
        isa_exec_result_t res = ut_run(m, &in);
        ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", isa_ops[op].name, res.fault_msg);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            uint64_t got = get64(m, 0, l);
            if (!(exec >> l & 1)) {
                ck_assert_uint_eq(got, ((uint64_t)TV_SENTINEL << 32) | TV_SENTINEL);
                continue;
            }
            uint64_t want = ref(get64(m, 2, l), get64(m, 4, l), get64(m, 6, l));
            ck_assert_msg(got == want || (nan64(got) && nan64(want)), "%s lane %d: %a %a -> got %016llx want %016llx",
                          isa_ops[op].name, l, bd(get64(m, 2, l)), bd(get64(m, 4, l)), (unsigned long long)got,
                          (unsigned long long)want);
        }
        free(m);
    }
}

START_TEST(test_f64_arith)
{
    check_dop(ISA_v_add_f64, 2, r_add);
    check_dop(ISA_v_mul_f64, 2, r_mul);
    check_dop(ISA_v_fma_f64, 3, r_fma);
    check_dop(ISA_v_min_f64, 2, r_min);
    check_dop(ISA_v_max_f64, 2, r_max);
    check_dop(ISA_v_trunc_f64, 1, r_trunc);
    check_dop(ISA_v_ceil_f64, 1, r_ceil);
    check_dop(ISA_v_floor_f64, 1, r_floor);
    check_dop(ISA_v_rndne_f64, 1, r_rndne);
    check_dop(ISA_v_fract_f64, 1, r_fract);
    check_dop(ISA_v_frexp_mant_f64, 1, r_frexp_mant);
    check_dop(ISA_v_rcp_f64, 1, r_rcp);
    check_dop(ISA_v_sqrt_f64, 1, r_sqrt);
}
END_TEST

/* Values derived by hand: denormals kept, signed zeros, special cases of each op. */
START_TEST(test_f64_hand_values)
{
    ut_machine_t *m = ut_machine_new();
    static const struct { isa_op_t op; uint64_t a, b; uint64_t want; } hv[] = {
        /* smallest denormal + smallest denormal = 2 * smallest (no flush) */
        { ISA_v_add_f64, 1, 1, 2 },
        /* smallest normal * 0.5 = the largest power-of-two denormal */
        { ISA_v_mul_f64, 0x0010000000000000ull, 0x3fe0000000000000ull, 0x0008000000000000ull },
        { ISA_v_add_f64, 0x8000000000000000ull, 0x8000000000000000ull, 0x8000000000000000ull }, /* -0 + -0 */
        { ISA_v_add_f64, 0x8000000000000000ull, 0, 0 },                                          /* -0 + +0 */
        { ISA_v_min_f64, 0, 0x8000000000000000ull, 0x8000000000000000ull },
        { ISA_v_max_f64, 0x8000000000000000ull, 0, 0 },
        { ISA_v_max_f64, 0x7ff8000000000000ull, 0x3ff0000000000000ull, 0x3ff0000000000000ull }, /* qNaN, 1 */
        { ISA_v_rcp_f64, 0, 0, 0x7ff0000000000000ull },                                          /* 1/+0 = +inf */
        { ISA_v_rcp_f64, 0x8000000000000000ull, 0, 0xfff0000000000000ull },
        { ISA_v_rsq_f64, 0x4010000000000000ull, 0, 0x3fe0000000000000ull },                      /* 1/sqrt(4) */
        { ISA_v_rsq_f64, 0, 0, 0x7ff0000000000000ull },
        { ISA_v_sqrt_f64, 0x8000000000000000ull, 0, 0x8000000000000000ull },                     /* sqrt(-0) */
        { ISA_v_rndne_f64, 0x4004000000000000ull, 0, 0x4000000000000000ull },                    /* 2.5 -> 2 */
        { ISA_v_rndne_f64, 0x400c000000000000ull, 0, 0x4010000000000000ull },                    /* 3.5 -> 4 */
        { ISA_v_fract_f64, 0xbcb0000000000000ull, 0, 0x3feffffffffffffeull },                    /* -2^-52 */
        { ISA_v_fract_f64, 0xbc90000000000000ull, 0, 0x3fefffffffffffffull }, /* -2^-54: not 1.0 */
        { ISA_v_frexp_mant_f64, 0x4020000000000000ull, 0, 0x3fe0000000000000ull },               /* 8 -> .5 */
        { ISA_v_frexp_mant_f64, 1, 0, 0x3fe0000000000000ull },                                   /* denormal */
        { ISA_v_ceil_f64, 0xbfe0000000000000ull, 0, 0x8000000000000000ull },                     /* ceil(-.5) */
        /* ldexp: 1.0 * 2^-1074 = the smallest denormal; 1.5 * 2^2 = 6; 1.0 * 2^2000 = inf */
        { ISA_v_ldexp_f64, 0x3ff0000000000000ull, (uint32_t)-1074, 1 },
        { ISA_v_ldexp_f64, 0x3ff8000000000000ull, 2, 0x4018000000000000ull },
        { ISA_v_ldexp_f64, 0x3ff0000000000000ull, 2000, 0x7ff0000000000000ull },
    };
    for (size_t i = 0; i < sizeof hv / sizeof hv[0]; i++) {
        isa_inst_t in = ut_inst(hv[i].op);
        in.vdst = ut_vr(0, 2);
        in.src[0] = ut_vr(2, 2);
        in.src[1] = hv[i].op == ISA_v_ldexp_f64 ? ut_v(8) : ut_vr(4, 2);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            set64(m, 2, l, hv[i].a);
            set64(m, 4, l, hv[i].b);
            ut_vreg(m, 8)[l] = (uint32_t)hv[i].b;
        }
        ut_run(m, &in);
        ck_assert_msg(get64(m, 0, 17) == hv[i].want, "case %zu (%s): got %016llx want %016llx", i,
                      isa_ops[hv[i].op].name, (unsigned long long)get64(m, 0, 17), (unsigned long long)hv[i].want);
    }
    /* rsq is within 1 ULP of the exact value over a range of inputs (here: 1/sqrt in long double) */
    for (int k = 1; k < 2000; k++) {
        double x = k * 0.37 + 1e-3 * k * k;
        set64(m, 2, 5, db(x));
        isa_inst_t in = ut_inst(ISA_v_rsq_f64);
        in.vdst = ut_vr(0, 2);
        in.src[0] = ut_vr(2, 2);
        ut_run(m, &in);
        double got = bd(get64(m, 0, 5)), want = (double)(1.0L / sqrtl((long double)x));
        ck_assert_msg(fabs(got - want) <= nextafter(want, INFINITY) - want, "rsq(%a)", x);
    }
    free(m);
}
END_TEST

START_TEST(test_f64_conversions)
{
    ut_machine_t *m = ut_machine_new();
    /* f64 -> i32/u32: truncate, saturate, NaN -> 0 */
    static const struct { double x; uint32_t i, u; } cv[] = {
        { 1.9, 1, 1 }, { -1.9, (uint32_t)-1, 0 }, { 2147483647.9, 0x7fffffffu, 2147483647u },
        { 2147483648.0, 0x7fffffffu, 0x80000000u }, { -2147483648.9, 0x80000000u, 0 },
        { -3e10, 0x80000000u, 0 }, { 4294967295.5, 0x7fffffffu, 0xffffffffu }, { 5e9, 0x7fffffffu, 0xffffffffu },
        { NAN, 0, 0 }, { INFINITY, 0x7fffffffu, 0xffffffffu }, { -INFINITY, 0x80000000u, 0 }, { -0.0, 0, 0 },
        { 4.9e-324, 0, 0 },
    };
    for (size_t i = 0; i < sizeof cv / sizeof cv[0]; i++) {
        ut_vset_all(m, 0, TV_SENTINEL);
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            set64(m, 2, l, db(cv[i].x));
        isa_inst_t in = ut_inst(ISA_v_cvt_i32_f64);
        in.vdst = ut_v(0);
        in.src[0] = ut_vr(2, 2);
        ut_run(m, &in);
        ck_assert_msg(ut_vreg(m, 0)[3] == cv[i].i, "cvt_i32_f64(%g) = 0x%x", cv[i].x, ut_vreg(m, 0)[3]);
        in.op = ISA_v_cvt_u32_f64;
        ut_run(m, &in);
        ck_assert_msg(ut_vreg(m, 0)[3] == cv[i].u, "cvt_u32_f64(%g) = 0x%x", cv[i].x, ut_vreg(m, 0)[3]);
    }
    /* i32/u32 -> f64 exact, over the integer edges */
    for (size_t k = 0; k < sizeof tv_int_edges / sizeof tv_int_edges[0]; k++) {
        ut_vset_all(m, 8, tv_int_edges[k]);
        isa_inst_t in = ut_inst(ISA_v_cvt_f64_i32);
        in.vdst = ut_vr(0, 2);
        in.src[0] = ut_v(8);
        ut_run(m, &in);
        ck_assert(bd(get64(m, 0, 9)) == (double)(int32_t)tv_int_edges[k]);
        in.op = ISA_v_cvt_f64_u32;
        ut_run(m, &in);
        ck_assert(bd(get64(m, 0, 9)) == (double)tv_int_edges[k]);
    }
    /* f32 <-> f64 over the f32 edges: widening is exact (an f32 denormal source flushes when the
     * wave flushes f32 denormals, else widens exactly); narrowing rounds to nearest even */
    for (size_t k = 0; k < sizeof tv_f32_edges / sizeof tv_f32_edges[0]; k++) {
        uint32_t f = tv_f32_edges[k];
        bool denorm = (f & 0x7f800000u) == 0 && (f & 0x7fffffu);
        for (int flush = 0; flush < 2; flush++) {
            m->w.flush_denorm_f32 = (uint8_t)flush;
            ut_vset_all(m, 8, f);
            isa_inst_t in = ut_inst(ISA_v_cvt_f64_f32);
            in.vdst = ut_vr(0, 2);
            in.src[0] = ut_v(8);
            ut_run(m, &in);
            uint32_t src = flush && denorm ? f & 0x80000000u : f;
            uint64_t want = db((double)ut_bitsf(src));
            uint64_t got = get64(m, 0, 1);
            ck_assert_msg(got == want || (nan64(got) && nan64(want)), "cvt_f64_f32(0x%08x)", f);
        }
    }
    m->w.flush_denorm_f32 = 0;
    static const struct { uint64_t x; uint32_t want; } nf[] = {
        { 0x3ff0000010000000ull, 0x3f800000u },    /* exactly half an f32 ULP above 1: ties to even */
        { 0x3ff0000030000000ull, 0x3f800002u },    /* 1.5 ULP: ties to even, up */
        { 0x47efffffefffffffull, 0x7f7fffffu },    /* just below the overflow threshold */
        { 0x47effffff0000000ull, 0x7f800000u },    /* the threshold: to inf */
        { 0x36a0000000000000ull, 0x00000001u },    /* 2^-149: the smallest f32 denormal */
        { 0x0000000000000001ull, 0 },              /* an f64 denormal underflows to +0 */
        { 0x8000000000000000ull, 0x80000000u },
    };
    for (size_t i = 0; i < sizeof nf / sizeof nf[0]; i++) {
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            set64(m, 2, l, nf[i].x);
        isa_inst_t in = ut_inst(ISA_v_cvt_f32_f64);
        in.vdst = ut_v(0);
        in.src[0] = ut_vr(2, 2);
        ut_run(m, &in);
        ck_assert_msg(ut_vreg(m, 0)[0] == nf[i].want, "cvt_f32_f64 case %zu: 0x%08x", i, ut_vreg(m, 0)[0]);
    }
    /* frexp_exp: 8 -> 4, 0.75 -> 0, smallest denormal -> -1073, inf/NaN/0 -> 0 */
    static const struct { uint64_t x; int32_t e; } fe[] = {
        { 0x4020000000000000ull, 4 }, { 0x3fe8000000000000ull, 0 }, { 1, -1073 },
        { 0x7ff0000000000000ull, 0 }, { 0x7ff8000000000000ull, 0 }, { 0, 0 }, { 0xc059000000000000ull, 7 },
    };
    for (size_t i = 0; i < sizeof fe / sizeof fe[0]; i++) {
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            set64(m, 2, l, fe[i].x);
        isa_inst_t in = ut_inst(ISA_v_frexp_exp_i32_f64);
        in.vdst = ut_v(0);
        in.src[0] = ut_vr(2, 2);
        ut_run(m, &in);
        ck_assert_int_eq((int32_t)ut_vreg(m, 0)[0], fe[i].e);
    }
    free(m);
}
END_TEST

START_TEST(test_f64_modifiers_clamp_omod)
{
    ut_machine_t *m = ut_machine_new();
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        set64(m, 2, l, db(-2.0));
        set64(m, 4, l, db(3.0));
    }
    isa_inst_t in = ut_inst(ISA_v_add_f64);
    in.vdst = ut_vr(0, 2);
    in.src[0] = ut_abs(ut_vr(2, 2)); /* |-2| + 3 */
    in.src[1] = ut_vr(4, 2);
    ut_run(m, &in);
    ck_assert(bd(get64(m, 0, 0)) == 5.0);
    in.src[0] = ut_neg(ut_abs(ut_vr(2, 2))); /* -|-2| + 3: abs first, then neg */
    ut_run(m, &in);
    ck_assert(bd(get64(m, 0, 0)) == 1.0);
    in.src[0] = ut_neg(ut_vr(2, 2));
    in.src[1] = ut_neg(ut_vr(4, 2)); /* 2 - 3 */
    ut_run(m, &in);
    ck_assert(bd(get64(m, 0, 63)) == -1.0);
    /* an SGPR pair and the f64 inline constants: s[4:5] * -(1.0) and 0.5 + 0.15915494... */
    m->w.sreg[4] = 0;
    m->w.sreg[5] = 0x40200000u; /* 8.0 */
    in = ut_inst(ISA_v_mul_f64);
    in.vdst = ut_vr(0, 2);
    in.src[0] = ut_sr(4, 2);
    in.src[1] = ut_neg((isa_operand_t){ ISA_CONST_F_HALF + 2, 1, 0, 0 });
    ut_run(m, &in);
    ck_assert(bd(get64(m, 0, 7)) == -8.0);
    in.src[0] = (isa_operand_t){ ISA_CONST_F_INV2PI, 1, 0, 0 };
    in.src[1] = (isa_operand_t){ ISA_CONST_F_HALF + 4, 1, 0, 0 }; /* 2.0 */
    ut_run(m, &in);
    ck_assert_uint_eq(get64(m, 0, 7), 0x3fd45f306dc9c882ull); /* 1/pi, the f64 constant doubled */
    /* fma with neg on the addend: 2 * 3 - 1 */
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        set64(m, 6, l, db(1.0));
    in = ut_inst(ISA_v_fma_f64);
    in.vdst = ut_vr(0, 2);
    in.src[0] = ut_abs(ut_vr(2, 2));
    in.src[1] = ut_vr(4, 2);
    in.src[2] = ut_neg(ut_vr(6, 2));
    ut_run(m, &in);
    ck_assert(bd(get64(m, 0, 1)) == 5.0);

    /* clamp: [0,1], NaN and -0 -> +0 */
    static const struct { double a, b; uint64_t want; } cl[] = {
        { 0.75, 1.0, 0x3fe8000000000000ull }, { 3.0, 1.0, 0x3ff0000000000000ull }, { -0.5, 1.0, 0 },
        { -0.0, 1.0, 0 }, { INFINITY, 1.0, 0x3ff0000000000000ull }, { INFINITY, 0.0, 0 },
    };
    in = ut_inst(ISA_v_mul_f64);
    in.vdst = ut_vr(0, 2);
    in.src[0] = ut_vr(2, 2);
    in.src[1] = ut_vr(4, 2);
    in.clamp = 1;
    for (size_t i = 0; i < sizeof cl / sizeof cl[0]; i++) {
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            set64(m, 2, l, db(cl[i].a));
            set64(m, 4, l, db(cl[i].b));
        }
        ut_run(m, &in);
        ck_assert_msg(get64(m, 0, 0) == cl[i].want, "clamp case %zu", i);
    }
    /* omod with IEEE mode off: *1 *2 *4 /2; then with clamp; ignored in IEEE mode */
    in.clamp = 0;
    m->w.ieee_mode = 0;
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        set64(m, 2, l, db(0.375));
        set64(m, 4, l, db(1.0));
    }
    static const double om[4] = { 0.375, 0.75, 1.5, 0.1875 };
    for (int k = 0; k < 4; k++) {
        in.omod = (uint8_t)k;
        ut_run(m, &in);
        ck_assert(bd(get64(m, 0, 0)) == om[k]);
    }
    in.omod = 2;
    in.clamp = 1;
    ut_run(m, &in);
    ck_assert(bd(get64(m, 0, 0)) == 1.0);
    /* omod on a denormal result keeps it a denormal (no f64 flush): 2^-1074 * 2 */
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        set64(m, 2, l, 1);
    in.omod = 1;
    in.clamp = 0;
    ut_run(m, &in);
    ck_assert_uint_eq(get64(m, 0, 0), 2);
    m->w.ieee_mode = 1;
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        set64(m, 2, l, db(0.375));
    ut_run(m, &in);
    ck_assert(bd(get64(m, 0, 0)) == 0.375);
    /* cvt_f32_f64 takes f32 output modifiers: clamp 2.5 -> 1.0f */
    in = ut_inst(ISA_v_cvt_f32_f64);
    in.e64 = 1;
    in.clamp = 1;
    in.vdst = ut_v(0);
    in.src[0] = ut_neg(ut_vr(2, 2)); /* -0.375 -> clamped to +0 */
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0);
    /* VGPR operands beyond the allocation fault cleanly (the pair's second register counts) */
    m->w.nvgpr = 4;
    in = ut_inst(ISA_v_add_f64);
    in.vdst = ut_vr(0, 2);
    in.src[0] = ut_vr(2, 2);
    in.src[1] = ut_v(3);
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_FAULT);
    in.src[1] = ut_vr(2, 2);
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    free(m);
}
END_TEST

/* The 16 f64 conditions against a host relation; class against a hand classification. */
START_TEST(test_f64_compares)
{
    uint64_t rng = 77;
    for (int r = 0; r < TV_ROUNDS; r++) {
        ut_machine_t *m = ut_machine_new();
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            set64(m, 2, l, value64(0, r, l, &rng));
            set64(m, 4, l, l % 5 == 0 ? get64(m, 2, l) : value64(1, r, l, &rng));
        }
        uint64_t exec = tv_exec_patterns[r];
        for (unsigned cond = 0; cond < 16; cond++) {
            for (int x = 0; x < 2; x++) {
                ut_set_exec(m, exec);
                isa_inst_t in = ut_inst((isa_op_t)(ISA_v_cmp_f_f64 + 2 * cond + (unsigned)x));
                in.sdst = x ? ut_none() : ut_sr(10, 2);
                in.src[0] = ut_vr(2, 2);
                in.src[1] = ut_vr(4, 2);
                ut_run(m, &in);
                uint64_t want = 0;
                for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                    double a = bd(get64(m, 2, l)), b = bd(get64(m, 4, l));
                    bool lt = a < b, eq = a == b, gt = a > b, un = isunordered(a, b);
                    bool t = ((cond & 1) && lt) || ((cond & 2) && eq) || ((cond & 4) && gt) || ((cond & 8) && un);
                    want |= (uint64_t)(t && (exec >> l & 1)) << l;
                }
                uint16_t dst = x ? ISA_REG_VCC_LO : 10;
                uint64_t got = (uint64_t)m->w.sreg[dst] | ((uint64_t)m->w.sreg[dst + 1] << 32);
                ck_assert_msg(got == want, "%s: got %016llx want %016llx", isa_ops[in.op].name,
                              (unsigned long long)got, (unsigned long long)want);
                if (x)
                    ck_assert_uint_eq(isa_wave_exec(&m->w), want);
            }
        }
        free(m);
    }
    /* class: one value of each class, tested against each single-bit mask and a combined one */
    static const uint64_t cls[10] = {
        0x7ff0000000000001ull, 0x7ff8000000000000ull, 0xfff0000000000000ull, 0xbff0000000000000ull,
        0x800fffffffffffffull, 0x8000000000000000ull, 0, 1, 0x3ff0000000000000ull, 0x7ff0000000000000ull
    };
    ut_machine_t *m = ut_machine_new();
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        set64(m, 2, l, cls[l % 10]);
        ut_vreg(m, 8)[l] = l < 40 ? 1u << (l / 4 % 10) : 0x3ffu & ~(1u << (l % 10));
    }
    for (int x = 0; x < 2; x++) {
        ut_set_exec(m, ~0ull);
        isa_inst_t in = ut_inst(x ? ISA_v_cmpx_class_f64 : ISA_v_cmp_class_f64);
        in.src[0] = ut_vr(2, 2);
        in.src[1] = ut_v(8);
        ut_run(m, &in);
        uint64_t want = 0;
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            want |= (uint64_t)(l < 40 ? (l / 4 % 10) == (l % 10) : 0) << l;
        ck_assert_uint_eq(isa_wave_vcc(&m->w), want);
        if (x)
            ck_assert_uint_eq(isa_wave_exec(&m->w), want);
    }
    free(m);
}
END_TEST

/* ---- the division sequence ------------------------------------------------------------------ */

static isa_inst_t dinst(isa_op_t op, unsigned dst, isa_operand_t a, isa_operand_t b, isa_operand_t c)
{
    isa_inst_t in = ut_inst(op);
    in.vdst = ut_vr(dst, 2);
    in.src[0] = a;
    in.src[1] = b;
    in.src[2] = c;
    return in;
}

/* LLVM's f64 division (SITargetLowering::LowerFDIV64, what clang emits for a / b on gfx803) of
 * v[2:3] by v[4:5] into v[0:1], instruction by instruction. */
static void run_fdiv64(ut_machine_t *m)
{
    isa_operand_t n = ut_vr(2, 2), d = ut_vr(4, 2), one = { ISA_CONST_F_HALF + 2, 1, 0, 0 };
    isa_operand_t ds = ut_vr(6, 2), r = ut_vr(8, 2), e = ut_vr(10, 2), ns = ut_vr(12, 2), q = ut_vr(14, 2);
    isa_operand_t f4 = ut_vr(16, 2);
    isa_inst_t seq[11];
    seq[0] = dinst(ISA_v_div_scale_f64, 6, d, d, n);
    seq[0].sdst = ut_sr(10, 2);
    seq[1] = dinst(ISA_v_rcp_f64, 8, ds, ut_none(), ut_none());
    seq[2] = dinst(ISA_v_fma_f64, 10, ut_neg(ds), r, one);
    seq[3] = dinst(ISA_v_fma_f64, 8, r, e, r);
    seq[4] = dinst(ISA_v_fma_f64, 10, ut_neg(ds), r, one);
    seq[5] = dinst(ISA_v_div_scale_f64, 12, n, d, n);
    seq[5].sdst = ut_vcc();
    seq[6] = dinst(ISA_v_fma_f64, 8, r, e, r);
    seq[7] = dinst(ISA_v_mul_f64, 14, ns, r, ut_none());
    seq[8] = dinst(ISA_v_fma_f64, 16, ut_neg(ds), q, ns);
    seq[9] = dinst(ISA_v_div_fmas_f64, 16, f4, r, q);
    seq[10] = dinst(ISA_v_div_fixup_f64, 0, f4, d, n);
    for (int i = 0; i < 11; i++) {
        isa_exec_result_t res = ut_run(m, &seq[i]);
        ck_assert_msg(res.status == ISA_EXEC_OK, "step %d: %s", i, res.fault_msg);
    }
}

/* ulps between two finite doubles of the same sign */
static uint64_t ulps(uint64_t a, uint64_t b) { return a > b ? a - b : b - a; }

/* The whole sequence against the host's correctly rounded n / d: bit-exact wherever the quotient
 * is a normal number (also with scaled operands: huge, tiny and denormal ones), within an ulp
 * where it is denormal (div_fmas rounds twice there), and every IEEE special case exact. */
START_TEST(test_f64_division_sequence)
{
    static const double special[] = {
        0.0, -0.0, 1.0, -3.0, 7.0, 0.1, 1e300, -1e-300, 0x1p1023, 0x1.fffffffffffffp1023, 0x1p-1022,
        0x1p-1074, -0x1.8p-1070, 0x1p-1000, 0x1p-960, 0x1p1000, 1e-310, INFINITY, -INFINITY, NAN, 3.0e-320,
        0x1.23456789abcdep-500, 0x1.fffffp900,
    };
    enum { NS = sizeof special / sizeof special[0] };
    uint64_t rng = 4242;
    for (int round = 0; round < 40; round++) {
        ut_machine_t *m = ut_machine_new();
        double n[ISA_WAVE_SIZE], d[ISA_WAVE_SIZE];
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            int k = round * ISA_WAVE_SIZE + l;
            if (k < NS * NS) {
                n[l] = special[k / NS];
                d[l] = special[k % NS];
            } else { /* random signs, mantissas and exponents over the whole range */
                uint64_t x = ((uint64_t)tv_rand(&rng) << 32) | tv_rand(&rng);
                uint64_t y = ((uint64_t)tv_rand(&rng) << 32) | tv_rand(&rng);
                n[l] = bd(x % 0x7ff0000000000000ull | (y & 0x8000000000000000ull));
                d[l] = bd(y % 0x7ff0000000000000ull | (x & 0x8000000000000000ull));
                if (round & 1) /* moderate exponents too */
                    d[l] = ldexp(frexp(d[l], &(int){ 0 }), (int)(y % 200) - 100);
            }
            set64(m, 2, l, db(n[l]));
            set64(m, 4, l, db(d[l]));
        }
        run_fdiv64(m);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            double want = n[l] / d[l];
            uint64_t got = get64(m, 0, l), wb = db(want);
            bool ok = got == wb || (nan64(got) && isnan(want)) ||
                      (fpclassify(want) == FP_SUBNORMAL && (got >> 63) == (wb >> 63) && ulps(got, wb) <= 1);
            ck_assert_msg(ok, "%a / %a: got %a want %a", n[l], d[l], bd(got), want);
        }
        free(m);
    }
}
END_TEST

/* div_scale's rules one by one (destination and VCC), div_fmas' scaling, div_fixup's cases. */
START_TEST(test_f64_division_steps)
{
    ut_machine_t *m = ut_machine_new();
    static const struct { double s0, d, n, want; int vcc; } sc[] = {
        { 3.0, 3.0, 5.0, 3.0, 0 },                        /* ordinary: unchanged */
        { 3.0, 3.0, 0.0, NAN, 0 },                        /* a zero operand: NaN */
        { 0x1p-900, 0x1p-900, 0x1p900, 0x1p-772, 1 },     /* n/d near the top: d scaled up */
        { 0x1p900, 0x1p-900, 0x1p900, 0x1p900, 1 },       /* ... the numerator is left */
        { 0x1p-1060, 0x1p-1060, 0x1p-300, 0x1p-932, 0 },  /* a denormal d: both scaled up */
        { 0x1p-300, 0x1p-1060, 0x1p-300, 0x1p-172, 0 },
        { 0x1p-1060, 0x1p-1060, 1.0, 0x1p-932, 1 },       /* (the first rule wins: 1/2^-1060) */
        { 0x1p1023, 0x1p1023, 0x1p-40, 0x1p895, 1 },      /* 1/d and n/d denormal: d down */
        { 0x1p1023, 0x1p1023, 2.0, 0x1p895, 0 },          /* only 1/d denormal: both down */
        { 2.0, 0x1p1023, 2.0, 0x1p-127, 0 },
        { 0x1p-1021, 4.0, 0x1p-1021, 0x1p-893, 1 },       /* n/d denormal: n scaled up */
        { 4.0, 4.0, 0x1p-1021, 4.0, 1 },                  /* ... d left */
        { 4.0, 4.0, 0x1p-980, 0x1p130, 0 },               /* a tiny n (exponent <= 53): both up */
    };
    for (size_t i = 0; i < sizeof sc / sizeof sc[0]; i++) {
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            set64(m, 2, l, db(sc[i].s0));
            set64(m, 4, l, db(sc[i].d));
            set64(m, 6, l, db(sc[i].n));
        }
        ut_set_exec(m, 0x00000000ffffffffull);
        isa_inst_t in = dinst(ISA_v_div_scale_f64, 0, ut_vr(2, 2), ut_vr(4, 2), ut_vr(6, 2));
        in.sdst = ut_sr(20, 2);
        ut_run(m, &in);
        double got = bd(get64(m, 0, 5));
        ck_assert_msg(got == sc[i].want || (isnan(got) && isnan(sc[i].want)), "div_scale case %zu: %a", i, got);
        uint64_t mask = (uint64_t)m->w.sreg[20] | (uint64_t)m->w.sreg[21] << 32;
        ck_assert_msg(mask == (sc[i].vcc ? 0x00000000ffffffffull : 0), "div_scale case %zu: vcc %llx", i,
                      (unsigned long long)mask);
    }
    ut_set_exec(m, ~0ull);
    /* div_fmas: VCC set in even lanes; fma(2, 3, q) then 2^128 for |q| >= 2, 2^-128 below */
    m->w.sreg[ISA_REG_VCC_LO] = m->w.sreg[ISA_REG_VCC_HI] = 0x55555555u;
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        set64(m, 2, l, db(2.0));
        set64(m, 4, l, db(3.0));
        set64(m, 6, l, db(l < 32 ? 10.0 : 1.0));
    }
    isa_inst_t in = dinst(ISA_v_div_fmas_f64, 0, ut_vr(2, 2), ut_vr(4, 2), ut_vr(6, 2));
    ut_run(m, &in);
    ck_assert(bd(get64(m, 0, 0)) == ldexp(16.0, 128));
    ck_assert(bd(get64(m, 0, 1)) == 16.0);
    ck_assert(bd(get64(m, 0, 32)) == ldexp(7.0, -128));
    ck_assert(bd(get64(m, 0, 33)) == 7.0);
    /* div_fixup(q, d, n): the special cases of n / d, else |q| with the quotient's sign */
    static const struct { double q, d, n; uint64_t want; } fx[] = {
        { 5.0, -2.0, 10.0, 0xc014000000000000ull },          /* -5 */
        { -5.0, -2.0, -10.0, 0x4014000000000000ull },        /* +5 */
        { 1.0, 0.0, 0.0, 0xfff8000000000000ull },            /* 0/0 */
        { 1.0, INFINITY, -INFINITY, 0xfff8000000000000ull }, /* inf/inf */
        { 1.0, -0.0, 3.0, 0xfff0000000000000ull },           /* 3/-0 = -inf */
        { 1.0, 2.0, INFINITY, 0x7ff0000000000000ull },
        { 1.0, -INFINITY, 3.0, 0x8000000000000000ull },      /* 3/-inf = -0 */
        { 1.0, 2.0, -0.0, 0x8000000000000000ull },
        { 1.0, 0x1p1000, 0x1p-100, 0 },                      /* 2^-1100: underflow */
        { NAN, 2.0, 3.0, 0x7ff0000000000000ull },            /* a failed estimate: inf */
        { 1.0, 2.0, NAN, 0x7ff8000000000000ull },
    };
    for (size_t i = 0; i < sizeof fx / sizeof fx[0]; i++) {
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            set64(m, 2, l, db(fx[i].q));
            set64(m, 4, l, db(fx[i].d));
            set64(m, 6, l, db(fx[i].n));
        }
        in = dinst(ISA_v_div_fixup_f64, 0, ut_vr(2, 2), ut_vr(4, 2), ut_vr(6, 2));
        ut_run(m, &in);
        uint64_t got = get64(m, 0, 9);
        ck_assert_msg(got == fx[i].want || (nan64(got) && nan64(fx[i].want) && fx[i].want != 0xfff8000000000000ull),
                      "div_fixup case %zu: %016llx", i, (unsigned long long)got);
    }
    free(m);
}
END_TEST

/* v_trig_preop_f64 against properties of 2/pi that do not come from the implementation's table:
 * segment 0 is 2/pi truncated to 53 bits (M_2_PI, which rounds up, less an ulp); segments 0 and 1
 * sum to 2/pi within long double precision; an exponent above 1077 shifts the window by the
 * excess; at 1968 and above the result is scaled by 2^128. */
static double preop(ut_machine_t *m, double x, uint32_t sel)
{
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        set64(m, 2, l, db(x));
    ut_vset_all(m, 8, sel);
    isa_inst_t in = ut_inst(ISA_v_trig_preop_f64);
    in.vdst = ut_vr(0, 2);
    in.src[0] = ut_vr(2, 2);
    in.src[1] = ut_v(8);
    ut_run(m, &in);
    return bd(get64(m, 0, 11));
}

START_TEST(test_f64_trig_preop)
{
    ut_machine_t *m = ut_machine_new();
    double r0 = preop(m, 1.0, 0), r1 = preop(m, 1.0, 1), r2 = preop(m, 1.0, 2);
    ck_assert_uint_eq(db(r0), db(0x1.45f306dc9c883p-1) - 1); /* M_2_PI, 2/pi rounded (up) */
    ck_assert(r1 > 0 && r1 < 0x1p-53 && r2 > 0 && r2 < 0x1p-106);
    long double two_pi_inv = 0.636619772367581343075535053490057448L;
    ck_assert((double)fabsl(two_pi_inv - ((long double)r0 + (long double)r1)) <= 0x1p-63);
    /* r1 is a whole multiple of 2^-106, r2 of 2^-159 (53-bit windows at their places) */
    ck_assert(ldexp(r1, 106) == floor(ldexp(r1, 106)) && ldexp(r2, 159) == floor(ldexp(r2, 159)));
    /* 2^55 has exponent 1078: the window moves one bit, values stay at their places: r0 less its
     * first bit (2^-1) plus r1's first bit (2^-54) */
    double want = r0 - 0.5 + (r1 >= 0x1p-54 ? 0x1p-54 : 0);
    ck_assert(preop(m, 0x1p55, 0) == want);
    ck_assert(preop(m, -0x1p55, 0) == want); /* the sign of S0 does not matter */
    /* the select uses S1[4:0] only; the window past the 1201st bit is zero */
    ck_assert(preop(m, 1.0, 33) == r1);
    ck_assert(preop(m, 0x1p1000, 31) == 0);
    /* exponent 1968 (2^945): the window starts at bit 892, and the result is scaled by 2^128 */
    double big = preop(m, 0x1p945, 0);
    ck_assert(big >= 0x1p-817 && big < 0x1p-763);
    free(m);
}
END_TEST

static Suite *valu_f64_suite(void)
{
    Suite *s = suite_create("valu_f64");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_f64_arith);
    tcase_add_test(tc, test_f64_hand_values);
    tcase_add_test(tc, test_f64_conversions);
    tcase_add_test(tc, test_f64_modifiers_clamp_omod);
    tcase_add_test(tc, test_f64_compares);
    tcase_add_test(tc, test_f64_division_sequence);
    tcase_add_test(tc, test_f64_division_steps);
    tcase_add_test(tc, test_f64_trig_preop);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(valu_f64_suite)

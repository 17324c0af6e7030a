/* The f32 division sequence and MODE's round modes against the host's C arithmetic: clang's
 * correctly rounded division (-cl-fp32-correctly-rounded-divide-sqrt, gfx803), assembled from its
 * text and run instruction by instruction, must give exactly the host's n / d (with the f32
 * denormals flushed as the kernel's mode says, or kept); the rounding instructions under each
 * MODE round field must give exactly what the host computes under the same fesetround mode. */
#include "test_valu.h"

#include "asm/asm.h"

#include <fenv.h>

static bool nan32(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
static uint32_t flush32(uint32_t b) { return (b & 0x7f800000u) ? b : (b & 0x80000000u); }

/* What clang 14 emits for c = a / b with -cl-fp32-correctly-rounded-divide-sqrt (a in v4, b in
 * v2, the quotient to v2), and the same without the MODE changes (for a kernel that keeps f32
 * denormals throughout). */
static const char fdiv_text[] =
    "k:\n"
    "  v_div_scale_f32 v3, s[0:1], v2, v2, v4\n"
    "  v_div_scale_f32 v5, vcc, v4, v2, v4\n"
    "  v_rcp_f32_e32 v6, v3\n"
    "  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3\n"
    "  v_fma_f32 v7, -v3, v6, 1.0\n"
    "  v_fma_f32 v6, v7, v6, v6\n"
    "  v_mul_f32_e32 v7, v5, v6\n"
    "  v_fma_f32 v8, -v3, v7, v5\n"
    "  v_fma_f32 v7, v8, v6, v7\n"
    "  v_fma_f32 v3, -v3, v7, v5\n"
    "  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0\n"
    "  v_div_fmas_f32 v3, v3, v6, v7\n"
    "  v_div_fixup_f32 v2, v3, v2, v4\n"
    "  s_endpgm\n";

static isa_program_t assemble(const char *text)
{
    isa_program_t p;
    char *diag = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&diag, &n);
    int e = asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, f);
    fclose(f);
    ck_assert_msg(e == 0, "%s", diag);
    free(diag);
    return p;
}

/* Run every instruction of the first kernel but s_endpgm; `skip_setreg` leaves out the MODE
 * changes. */
static void run_program(ut_machine_t *m, const isa_program_t *p, bool skip_setreg)
{
    const isa_kernel_t *k = &p->kernels[0];
    for (uint32_t i = 0; i < k->ninsts; i++) {
        const isa_inst_t *in = &k->insts[i];
        if (in->op == ISA_s_endpgm || (skip_setreg && in->op == ISA_s_setreg_imm32_b32))
            continue;
        isa_exec_result_t r = ut_run(m, in);
        ck_assert_msg(r.status == ISA_EXEC_OK, "inst %u: %s", i, r.fault_msg);
    }
}

/* f32 operands for the division: special values against each other, then random bit patterns
 * over the whole range (denormals included), then ratios near the range limits. */
static const float div_special[] = {
    0.0f, -0.0f, 1.0f, -3.0f, 7.0f, 0.1f, 1e30f, -1e-30f, 0x1p127f, 0x1.fffffep127f, 0x1p-126f, 0x1p-149f,
    -0x1.8p-140f, 0x1p-100f, 0x1p-64f, 0x1p100f, 1e-40f, INFINITY, -INFINITY, NAN, 3.0e-39f, 0x1.234566p-60f,
    0x1.fffffep100f, 0x1.fffffep-127f, 0x1p-125f, 0x1p126f,
};
enum { NSPECIAL = sizeof div_special / sizeof div_special[0] };

static void div_operands(int round, uint64_t *rng, float n[ISA_WAVE_SIZE], float d[ISA_WAVE_SIZE])
{
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        int k = round * ISA_WAVE_SIZE + l;
        if (k < NSPECIAL * NSPECIAL) {
            n[l] = div_special[k / NSPECIAL];
            d[l] = div_special[k % NSPECIAL];
            continue;
        }
        uint32_t x = tv_rand(rng) ^ (tv_rand(rng) << 16), y = tv_rand(rng) ^ (tv_rand(rng) << 16);
        n[l] = ut_bitsf(x % 0x7f800000u | (y & 0x80000000u));
        d[l] = ut_bitsf(y % 0x7f800000u | (x & 0x80000000u));
        if (round % 3 == 1) /* moderate exponents: quotients in the normal range */
            d[l] = ldexpf(frexpf(d[l], &(int){ 0 }), (int)(y % 60) - 30);
        else if (round % 3 == 2) /* quotients at the edges of the range */
            d[l] = ldexpf(frexpf(d[l], &(int){ 0 }), (int)(y % 40) + (x & 1 ? 100 : -140));
    }
}

static void check_division(bool keep_denormals, bool skip_setreg)
{
    isa_program_t p = assemble(fdiv_text);
    uint64_t rng = 0xd1u;
    for (int round = 0; round < 60; round++) {
        ut_machine_t *m = ut_machine_new();
        if (keep_denormals)
            isa_wave_set_mode(&m->w, 0x3f0);
        float n[ISA_WAVE_SIZE], d[ISA_WAVE_SIZE];
        div_operands(round, &rng, n, d);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            ut_vreg(m, 4)[l] = ut_fbits(n[l]);
            ut_vreg(m, 2)[l] = ut_fbits(d[l]);
        }
        run_program(m, &p, skip_setreg);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            uint32_t nb = ut_fbits(n[l]), db = ut_fbits(d[l]);
            if (!keep_denormals) {
                nb = flush32(nb);
                db = flush32(db);
            }
            uint32_t want = ut_fbits(ut_bitsf(nb) / ut_bitsf(db)), got = ut_vreg(m, 2)[l];
            if (!keep_denormals)
                want = flush32(want);
            ck_assert_msg(got == want || (nan32(got) && nan32(want)), "%a / %a (denormals %s): got %a (0x%08x) want %a (0x%08x)",
                          (double)n[l], (double)d[l], keep_denormals ? "kept" : "flushed", (double)ut_bitsf(got), got,
                          (double)ut_bitsf(want), want);
        }
        ck_assert_uint_eq(m->w.mode, keep_denormals ? (skip_setreg ? 0x3f0u : 0x3c0u) : 0x3c0u);
        free(m);
    }
    isa_program_free(&p);
}

/* The kernel's default mode (f32 denormals flushed): the sequence enables them around the Newton
 * steps; every quotient, of flushed operands, flushed, bit-exact. */
START_TEST(test_div32_sequence_flushed)
{
    check_division(false, false);
}
END_TEST

/* A kernel that keeps f32 denormals: every quotient bit-exact, denormal ones included (div_fmas
 * rounds once inside its scaling, as the hardware does). */
START_TEST(test_div32_sequence_denormals)
{
    check_division(true, true);
}
END_TEST

/* div_scale's rules one by one (value and VCC), div_fmas' scaling, div_fixup's cases. */
static isa_inst_t inst3(isa_op_t op, unsigned dst, unsigned a, unsigned b, unsigned c)
{
    isa_inst_t in = ut_inst(op);
    in.vdst = ut_v(dst);
    in.src[0] = ut_v(a);
    in.src[1] = ut_v(b);
    in.src[2] = ut_v(c);
    return in;
}

START_TEST(test_div32_steps)
{
    ut_machine_t *m = ut_machine_new();
    isa_wave_set_mode(&m->w, 0x3f0); /* denormals kept, to see the denormal-operand rules */
    static const struct { float s0, d, n, want; int vcc; } sc[] = {
        { 3.0f, 3.0f, 5.0f, 3.0f, 0 },                         /* ordinary: unchanged */
        { 3.0f, 3.0f, 0.0f, NAN, 0 },                          /* a zero operand: NaN */
        { 0x1p-60f, 0x1p-60f, 0x1p60f, 0x1p4f, 1 },            /* n/d near the top: d scaled up */
        { 0x1p60f, 0x1p-60f, 0x1p60f, 0x1p60f, 1 },            /* ... the numerator is left */
        { 0x1p-140f, 0x1p-140f, 0x1p-40f, 0x1p-76f, 0 },       /* a denormal d: both scaled up */
        { 0x1p-40f, 0x1p-140f, 0x1p-40f, 0x1p24f, 0 },
        { 0x1p127f, 0x1p127f, 0x1p-10f, 0x1p63f, 1 },          /* 1/d and n/d denormal: d down */
        { 0x1p127f, 0x1p127f, 2.0f, 0x1p63f, 0 },              /* only 1/d denormal: both down */
        { 2.0f, 0x1p127f, 2.0f, 0x1p-63f, 0 },
        { 0x1p-125f, 4.0f, 0x1p-125f, 0x1p-61f, 1 },           /* n/d denormal: n scaled up */
        { 4.0f, 4.0f, 0x1p-125f, 4.0f, 1 },                    /* ... d left */
        { 4.0f, 4.0f, 0x1p-110f, 0x1p66f, 0 },                 /* a tiny n (exponent <= 23): both up */
    };
    for (size_t i = 0; i < sizeof sc / sizeof sc[0]; i++) {
        ut_vset_all(m, 2, ut_fbits(sc[i].s0));
        ut_vset_all(m, 3, ut_fbits(sc[i].d));
        ut_vset_all(m, 4, ut_fbits(sc[i].n));
        ut_set_exec(m, 0x00000000ffffffffull);
        isa_inst_t in = inst3(ISA_v_div_scale_f32, 0, 2, 3, 4);
        in.sdst = ut_sr(20, 2);
        ut_run(m, &in);
        float got = ut_bitsf(ut_vreg(m, 0)[5]);
        ck_assert_msg(got == sc[i].want || (isnan(got) && isnan(sc[i].want)), "div_scale case %zu: %a", i, (double)got);
        uint64_t mask = (uint64_t)m->w.sreg[20] | (uint64_t)m->w.sreg[21] << 32;
        ck_assert_msg(mask == (sc[i].vcc ? 0x00000000ffffffffull : 0), "div_scale case %zu: vcc %llx", i,
                      (unsigned long long)mask);
    }
    ut_set_exec(m, ~0ull);
    /* div_fmas: VCC in even lanes; fma(2, 3, q) then 2^64 for |q| >= 2, 2^-64 below */
    m->w.sreg[ISA_REG_VCC_LO] = m->w.sreg[ISA_REG_VCC_HI] = 0x55555555u;
    ut_vset_all(m, 2, ut_fbits(2.0f));
    ut_vset_all(m, 3, ut_fbits(3.0f));
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ut_vreg(m, 4)[l] = ut_fbits(l < 32 ? 10.0f : 1.0f);
    isa_inst_t in = inst3(ISA_v_div_fmas_f32, 0, 2, 3, 4);
    ut_run(m, &in);
    ck_assert(ut_bitsf(ut_vreg(m, 0)[0]) == 0x1p68f);
    ck_assert(ut_bitsf(ut_vreg(m, 0)[1]) == 16.0f);
    ck_assert(ut_bitsf(ut_vreg(m, 0)[32]) == 0x1.cp-62f);
    ck_assert(ut_bitsf(ut_vreg(m, 0)[33]) == 7.0f);
    /* one rounding at the scaled place: 2^-43 * 2^-43 + 2^-120, scaled by 2^-64, is just above
     * 2^-150, half the smallest denormal: it rounds up to 2^-149. Rounding to f32 first (to
     * 2^-86) and scaling after would give exactly 2^-150 and, ties to even, 0. */
    ut_vset_all(m, 2, ut_fbits(0x1p-43f));
    ut_vset_all(m, 3, ut_fbits(0x1p-43f));
    ut_vset_all(m, 4, ut_fbits(0x1p-120f));
    m->w.sreg[ISA_REG_VCC_LO] = m->w.sreg[ISA_REG_VCC_HI] = 0xffffffffu;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 1u);
    ut_vset_all(m, 4, 0); /* exactly 2^-150: the tie goes to the even 0 */
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0u);
    /* div_fixup(q, d, n): the special cases of n / d, else |q| with the quotient's sign */
    static const struct { float q, d, n; uint32_t want; } fx[] = {
        { 5.0f, -2.0f, 10.0f, 0xc0a00000u },           /* -5 */
        { -5.0f, -2.0f, -10.0f, 0x40a00000u },         /* +5 */
        { 1.0f, 0.0f, 0.0f, 0xffc00000u },             /* 0/0 */
        { 1.0f, INFINITY, -INFINITY, 0xffc00000u },    /* inf/inf */
        { 1.0f, -0.0f, 3.0f, 0xff800000u },            /* 3/-0 = -inf */
        { 1.0f, 2.0f, INFINITY, 0x7f800000u },         /* inf/2 */
        { 1.0f, -INFINITY, 3.0f, 0x80000000u },        /* 3/-inf = -0 */
        { 1.0f, 3.0f, 0.0f, 0x00000000u },             /* 0/3 */
        { 1.0f, 0x1p100f, 0x1p-60f, 0x00000000u },     /* |n/d| < 2^-150 */
        { NAN, 3.0f, 2.0f, 0x7f800000u },              /* a NaN estimate: inf */
    };
    for (size_t i = 0; i < sizeof fx / sizeof fx[0]; i++) {
        ut_vset_all(m, 2, ut_fbits(fx[i].q));
        ut_vset_all(m, 3, ut_fbits(fx[i].d));
        ut_vset_all(m, 4, ut_fbits(fx[i].n));
        isa_inst_t fix = inst3(ISA_v_div_fixup_f32, 0, 2, 3, 4);
        ut_run(m, &fix);
        ck_assert_msg(ut_vreg(m, 0)[7] == fx[i].want, "div_fixup case %zu: 0x%08x", i, ut_vreg(m, 0)[7]);
    }
    /* a NaN numerator or denominator passes through, quietened */
    ut_vset_all(m, 3, 0x7f800001u);
    ut_vset_all(m, 4, ut_fbits(1.0f));
    isa_inst_t fix = inst3(ISA_v_div_fixup_f32, 0, 2, 3, 4);
    ut_run(m, &fix);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0x7fc00001u);
    free(m);
}
END_TEST

/* ---- round modes ------------------------------------------------------------------------------ */

static const int fe_modes[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };

/* Host references, computed under the current fesetround mode. */
static uint32_t h_add(uint32_t a, uint32_t b, uint32_t c) { (void)c; return ut_fbits(ut_bitsf(a) + ut_bitsf(b)); }
static uint32_t h_mul(uint32_t a, uint32_t b, uint32_t c) { (void)c; return ut_fbits(ut_bitsf(a) * ut_bitsf(b)); }
static uint32_t h_fma(uint32_t a, uint32_t b, uint32_t c) { return ut_fbits(fmaf(ut_bitsf(a), ut_bitsf(b), ut_bitsf(c))); }
static uint32_t h_cvt(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return ut_fbits((float)(int32_t)a); }
static uint32_t h_cvtu(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return ut_fbits((float)a); }
static uint32_t h_sub(uint32_t a, uint32_t b, uint32_t c) { (void)c; return ut_fbits(ut_bitsf(a) - ut_bitsf(b)); }
/* v_mad_f32: the product rounded (in the mode), then the sum; normal operands, so no flush */
static uint32_t h_mad(uint32_t a, uint32_t b, uint32_t c)
{
    volatile float p = ut_bitsf(a) * ut_bitsf(b);
    return ut_fbits(p + ut_bitsf(c));
}
/* v_div_fmas_f32 with VCC clear: a plain fma */
static uint32_t h_fmas(uint32_t a, uint32_t b, uint32_t c) { return h_fma(a, b, c); }

/* f32 ops under each MODE round field (the f64 field set to something else, which must not
 * matter), against the host under the same mode: random normal operands (with denormals kept so
 * the comparison needs no flush). */
START_TEST(test_round_modes_f32)
{
    static const struct { isa_op_t op; uint32_t (*ref)(uint32_t, uint32_t, uint32_t); bool int_src; } ops[] = {
        { ISA_v_add_f32, h_add, false }, { ISA_v_mul_f32, h_mul, false }, { ISA_v_fma_f32, h_fma, false },
        { ISA_v_cvt_f32_i32, h_cvt, true }, { ISA_v_cvt_f32_u32, h_cvtu, true }, { ISA_v_sub_f32, h_sub, false },
        { ISA_v_mad_f32, h_mad, false }, { ISA_v_div_fmas_f32, h_fmas, false },
    };
    uint64_t rng = 77;
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
        for (unsigned rm = 0; rm < 4; rm++) {
            ut_machine_t *m = ut_machine_new();
            isa_wave_set_mode(&m->w, 0x3f0 | rm | ((3 - rm) << 2));
            for (int l = 0; l < ISA_WAVE_SIZE; l++)
                for (unsigned r = 1; r <= 3; r++)
                    ut_vreg(m, r)[l] = ops[o].int_src ? tv_rand(&rng) << 8 ^ tv_rand(&rng)
                                                      : (tv_rand(&rng) & 0x807fffffu) | ((100 + tv_rand(&rng) % 56) << 23);
            isa_inst_t in = inst3(ops[o].op, 0, 1, 2, 3);
            bool two = ops[o].op == ISA_v_add_f32 || ops[o].op == ISA_v_mul_f32 || ops[o].op == ISA_v_sub_f32;
            if (two || ops[o].int_src)
                in.src[2] = ut_none();
            if (ops[o].int_src)
                in.src[1] = ut_none();
            m->w.sreg[ISA_REG_VCC_LO] = m->w.sreg[ISA_REG_VCC_HI] = 0; /* div_fmas: no scaling */
            ut_run(m, &in);
            int differ = 0;
            fesetround(fe_modes[rm]);
            for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                uint32_t want = ops[o].ref(ut_vreg(m, 1)[l], ut_vreg(m, 2)[l], ut_vreg(m, 3)[l]);
                uint32_t got = ut_vreg(m, 0)[l];
                if (got != want) {
                    fesetround(FE_TONEAREST);
                    ck_abort_msg("%s round mode %u lane %d: got 0x%08x want 0x%08x", isa_ops[ops[o].op].name, rm, l, got, want);
                }
                fesetround(FE_TONEAREST);
                differ += want != ops[o].ref(ut_vreg(m, 1)[l], ut_vreg(m, 2)[l], ut_vreg(m, 3)[l]);
                fesetround(fe_modes[rm]);
            }
            fesetround(FE_TONEAREST);
            /* the directed modes must actually change some results (the test can fail) */
            ck_assert_msg(rm == 0 ? differ == 0 : differ > 0, "%s mode %u: %d lanes differ from nearest",
                          isa_ops[ops[o].op].name, rm, differ);
            ck_assert_int_eq(fegetround(), FE_TONEAREST);
            free(m);
        }
}
END_TEST

static double bd(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static uint64_t db(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }

/* f64 add/mul/fma under MODE[3:2] (the f32 field set to something else), against the host. */
START_TEST(test_round_modes_f64)
{
    static const isa_op_t ops[] = { ISA_v_add_f64, ISA_v_mul_f64, ISA_v_fma_f64 };
    uint64_t rng = 99;
    for (size_t o = 0; o < 3; o++)
        for (unsigned rm = 0; rm < 4; rm++) {
            ut_machine_t *m = ut_machine_new();
            isa_wave_set_mode(&m->w, 0x3c0 | (rm << 2) | (3 - rm));
            for (int l = 0; l < ISA_WAVE_SIZE; l++)
                for (unsigned r = 2; r <= 6; r += 2) {
                    uint64_t x = ((uint64_t)tv_rand(&rng) << 32 | tv_rand(&rng)) & 0x800fffffffffffffull;
                    x |= (uint64_t)(1000 + tv_rand(&rng) % 50) << 52;
                    ut_vreg(m, r)[l] = (uint32_t)x;
                    ut_vreg(m, r + 1)[l] = (uint32_t)(x >> 32);
                }
            isa_inst_t in = ut_inst(ops[o]);
            in.vdst = ut_vr(0, 2);
            in.src[0] = ut_vr(2, 2);
            in.src[1] = ut_vr(4, 2);
            if (ops[o] == ISA_v_fma_f64)
                in.src[2] = ut_vr(6, 2);
            ut_run(m, &in);
            fesetround(fe_modes[rm]);
            int bad = -1;
            uint64_t got = 0, want = 0;
            for (int l = 0; l < ISA_WAVE_SIZE && bad < 0; l++) {
                double a = bd((uint64_t)ut_vreg(m, 3)[l] << 32 | ut_vreg(m, 2)[l]);
                double b = bd((uint64_t)ut_vreg(m, 5)[l] << 32 | ut_vreg(m, 4)[l]);
                double c = bd((uint64_t)ut_vreg(m, 7)[l] << 32 | ut_vreg(m, 6)[l]);
                want = db(ops[o] == ISA_v_add_f64 ? a + b : ops[o] == ISA_v_mul_f64 ? a * b : fma(a, b, c));
                got = (uint64_t)ut_vreg(m, 1)[l] << 32 | ut_vreg(m, 0)[l];
                if (got != want)
                    bad = l;
            }
            fesetround(FE_TONEAREST);
            ck_assert_msg(bad < 0, "%s round mode %u lane %d: got %llx want %llx", isa_ops[ops[o]].name, rm, bad,
                          (unsigned long long)got, (unsigned long long)want);
            free(m);
        }
}
END_TEST

/* v_cvt_f32_f64 rounds by the f32 field (its result is f32), v_ldexp_f32 rounds a denormal result
 * by it: 1 + 2^-30 in double to f32 upwards is 1 + 2^-23; 3 * 2^-151 (ldexp(3, -151)) is 0.75 *
 * 2^-149: 2^-149 towards +inf and nearest, 0 towards zero. */
START_TEST(test_round_mode_conversions)
{
    ut_machine_t *m = ut_machine_new();
    isa_wave_set_mode(&m->w, 0x3f0 | 1 | (3 << 2)); /* f32 up, f64 towards zero: f32 must win */
    uint64_t x = db(1.0 + 0x1p-30);
    ut_vset_all(m, 2, (uint32_t)x);
    ut_vset_all(m, 3, (uint32_t)(x >> 32));
    isa_inst_t in = ut_inst(ISA_v_cvt_f32_f64);
    in.vdst = ut_v(0);
    in.src[0] = ut_vr(2, 2);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0x3f800001u);
    ut_vset_all(m, 4, ut_fbits(3.0f));
    ut_vset_all(m, 5, (uint32_t)-151);
    isa_inst_t ld = ut_inst(ISA_v_ldexp_f32);
    ld.vdst = ut_v(1);
    ld.src[0] = ut_v(4);
    ld.src[1] = ut_v(5);
    ut_run(m, &ld);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 1u);
    isa_wave_set_mode(&m->w, 0x3f0 | 3);
    ut_run(m, &ld);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 0u);
    free(m);
}
END_TEST

/* The round mode leaves round-to-nearest-even instructions alone (v_rndne_f32 under "towards
 * zero" still rounds 2.5 to 2 and -3.5 to -4) and s_setreg reaches it: a program that sets MODE's
 * f32 round field to +inf rounds 1 + 2^-30 up. */
START_TEST(test_round_mode_scope)
{
    ut_machine_t *m = ut_machine_new();
    isa_wave_set_mode(&m->w, 0x3c3);
    ut_vreg(m, 1)[0] = ut_fbits(2.5f);
    ut_vreg(m, 1)[1] = ut_fbits(-3.5f);
    isa_inst_t in = ut_inst(ISA_v_rndne_f32);
    in.vdst = ut_v(0);
    in.src[0] = ut_v(1);
    ut_run(m, &in);
    ck_assert(ut_bitsf(ut_vreg(m, 0)[0]) == 2.0f);
    ck_assert(ut_bitsf(ut_vreg(m, 0)[1]) == -4.0f);
    free(m);
    isa_program_t p = assemble("k:\n  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 1\n"
                               "  v_add_f32 v0, v1, v2\n  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 0\n"
                               "  v_add_f32 v3, v1, v2\n  s_endpgm\n");
    m = ut_machine_new();
    ut_vset_all(m, 1, ut_fbits(1.0f));
    ut_vset_all(m, 2, ut_fbits(0x1p-30f));
    run_program(m, &p, false);
    ck_assert_uint_eq(ut_vreg(m, 0)[9], 0x3f800001u);
    ck_assert_uint_eq(ut_vreg(m, 3)[9], 0x3f800000u);
    free(m);
    isa_program_free(&p);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("valu_div");
    TCase *t = tcase_create("div");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, test_div32_sequence_flushed);
    tcase_add_test(t, test_div32_sequence_denormals);
    tcase_add_test(t, test_div32_steps);
    tcase_add_test(t, test_round_modes_f32);
    tcase_add_test(t, test_round_modes_f64);
    tcase_add_test(t, test_round_mode_scope);
    tcase_add_test(t, test_round_mode_conversions);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

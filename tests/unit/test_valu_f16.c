/* f16 and 16-bit integer VALU ops, and the f32 legacy/frexp ops, against independent references:
 * the host compiler's _Float16 (GCC on x86-64: arithmetic in float, rounded once to f16, which is
 * correctly rounded for + - * / sqrt since 24 >= 2*11 + 2; conversions by libgcc/F16C), host C
 * integer arithmetic, and values derived by hand from the IEEE binary16 format and the GCN3 ISA
 * manual. Every differential run puts garbage in the high half of each source (it must be ignored)
 * and a sentinel in the destination (bits 31:16 must become 0 in active lanes, inactive lanes keep
 * it). NaN results of the differential runs compare as "some NaN" (the host's NaN choice is not
 * the hardware's); the exact NaN rules are checked by hand. */
#include "test_valu.h"

#include "asm/asm.h"

__extension__ typedef _Float16 hf;

static hf h2f(uint32_t b) { hf x; uint16_t v = (uint16_t)b; memcpy(&x, &v, 2); return x; }
static uint32_t f2h(hf x) { uint16_t v; memcpy(&v, &x, 2); return v; }
static uint32_t hr(float f) { return f2h((hf)f); }       /* round a float to f16 (host) */
static uint32_t hrd(double d) { return f2h((hf)d); }     /* round a double to f16 (host) */
static float hfv(uint32_t b) { return (float)h2f(b); }  /* f16 bits as a float (exact) */
static bool hnan(uint32_t b) { return (b & 0x7fffu) > 0x7c00u; }
static bool hden(uint32_t b) { return (b & 0x7c00u) == 0 && (b & 0x3ffu); }
static uint32_t hfz(uint32_t b) { return hden(b) ? b & 0x8000u : b; }

/* f16 edges: +-0, +-denormals, smallest normal, +-inf, qNaN, sNaN, the extremes, values around
 * 0.5, 1, 2, integers, halves, 1/(2*pi), ties. */
static const uint32_t edges16[] = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7c01,
    0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x3800, 0xb800, 0x3e00, 0xc100, 0x4200, 0x3bff, 0x3c01, 0x5640,
    0x4248, 0x3118, 0x4900, 0xc900, 0x7800, 0x0200, 0x1400, 0x1000, 0x7a00, 0xf800, 0x2e66, 0x4c00,
};
#define NEDGE16 (sizeof edges16 / sizeof edges16[0])

/* Lane l of source s in round r: edges, small integers and halves, or any 16 bits; the high half
 * is random garbage. */
static uint32_t value16(int s, int r, int l, uint64_t *rng)
{
    uint32_t x = tv_rand(rng), hi = tv_rand(rng) << 16;
    if (l < 40)
        return hi | edges16[(size_t)(l + s * (r + 3) + r * 7) % NEDGE16];
    if (l < 50)
        return hi | hr((float)((int)(x % 41) - 20) * 0.5f);
    return hi | (x & 0xffffu);
}

typedef uint32_t (*href_fn)(uint32_t a, uint32_t b, uint32_t c);

/* Run `op` on v0 <- v1, v2, v3 over every EXEC pattern; want = ref(low halves) zero-extended. */
static void check_hop(isa_op_t op, int nsrc, href_fn ref, bool f16_result)
{
    uint64_t rng = 0x51f15eedull + (uint64_t)op;
    for (int r = 0; r < TV_ROUNDS; r++) {
        ut_machine_t *m = ut_machine_new();
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            for (int s = 0; s < 3; s++)
                ut_vreg(m, 1 + (unsigned)s)[l] = value16(s, r, l, &rng);
        ut_vset_all(m, 0, TV_SENTINEL);
        uint64_t exec = tv_exec_patterns[r];
        ut_set_exec(m, exec);
        isa_inst_t in = ut_inst(op);
        in.vdst = ut_v(0);
        for (int s = 0; s < nsrc; s++)
            in.src[s] = ut_v(1 + (unsigned)s);
        isa_exec_result_t res = ut_run(m, &in);
        ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", isa_ops[op].name, res.fault_msg);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            uint32_t got = ut_vreg(m, 0)[l];
            if (!(exec >> l & 1)) {
                ck_assert_uint_eq(got, TV_SENTINEL);
                continue;
            }
            uint32_t a = ut_vreg(m, 1)[l] & 0xffffu, b = ut_vreg(m, 2)[l] & 0xffffu, c = ut_vreg(m, 3)[l] & 0xffffu;
            uint32_t want = ref(a, b, c) & 0xffffu;
            bool ok = got == want || (f16_result && hnan(want) && hnan(got) && !(got >> 16));
            ck_assert_msg(ok, "%s lane %d: %04x %04x %04x -> got 0x%08x want 0x%04x", isa_ops[op].name, l, a, b, c,
                          got, want);
        }
        free(m);
    }
}

/* ---- references (host _Float16 / float / C integers) ---------------------------------------- */

static uint32_t r_add(uint32_t a, uint32_t b, uint32_t c) { (void)c; return f2h(h2f(a) + h2f(b)); }
static uint32_t r_sub(uint32_t a, uint32_t b, uint32_t c) { (void)c; return f2h(h2f(a) - h2f(b)); }
static uint32_t r_subrev(uint32_t a, uint32_t b, uint32_t c) { (void)c; return f2h(h2f(b) - h2f(a)); }
static uint32_t r_mul(uint32_t a, uint32_t b, uint32_t c) { (void)c; return f2h(h2f(a) * h2f(b)); }
/* fused: the exact a*b + c is representable in a double for f16 inputs whenever the f16 result
 * is in range, so the host's fma in double rounded by the compiler's conversion is exact */
static uint32_t r_fma(uint32_t a, uint32_t b, uint32_t c) { return hrd(fma(hfv(a), hfv(b), hfv(c))); }
/* unfused and flushed, as v_mad_f32 */
static uint32_t r_mad(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t p = hfz(f2h(h2f(hfz(a)) * h2f(hfz(b))));
    return hfz(f2h(h2f(p) + h2f(hfz(c))));
}
static uint32_t r_minmax(uint32_t a, uint32_t b, bool max)
{
    bool sa = hnan(a) && !(a & 0x200u), sb = hnan(b) && !(b & 0x200u);
    if (sa)
        return a | 0x200u;
    if (sb)
        return b | 0x200u;
    if (hnan(a))
        return hnan(b) ? a | 0x200u : b;
    if (hnan(b))
        return a;
    float x = hfv(a), y = hfv(b);
    if (x == 0 && y == 0)
        return signbit(x) != signbit(y) ? (max ? 0u : 0x8000u) : a;
    return (max ? x > y : x < y) ? a : b;
}
static uint32_t r_max(uint32_t a, uint32_t b, uint32_t c) { (void)c; return r_minmax(a, b, true); }
static uint32_t r_min(uint32_t a, uint32_t b, uint32_t c) { (void)c; return r_minmax(a, b, false); }
static uint32_t r_floor(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return hr(floorf(hfv(a))); }
static uint32_t r_ceil(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return hr(ceilf(hfv(a))); }
static uint32_t r_trunc(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return hr(truncf(hfv(a))); }
static uint32_t r_rndne(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return hr(rintf(hfv(a))); }
static uint32_t r_sqrt(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return hr(sqrtf(hfv(a))); }
static uint32_t r_rcp(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return hr(1.0f / hfv(a)); }
static uint32_t r_fract(uint32_t a, uint32_t b, uint32_t c)
{
    (void)b; (void)c;
    float x = hfv(a);
    if (isinf(x) || isnan(x))
        return 0x7e00;
    uint32_t r = hr(x - floorf(x));
    return r == 0x3c00 ? 0x3bff : r;
}
static uint32_t r_frexp_mant(uint32_t a, uint32_t b, uint32_t c)
{
    (void)b; (void)c;
    int e;
    return isinf(hfv(a)) || isnan(hfv(a)) ? a : hr(frexpf(hfv(a), &e));
}
static uint32_t r_frexp_exp(uint32_t a, uint32_t b, uint32_t c)
{
    (void)b; (void)c;
    int e = 0;
    if (!isinf(hfv(a)) && !isnan(hfv(a)))
        frexpf(hfv(a), &e);
    return (uint32_t)e;
}
static uint32_t r_ldexp(uint32_t a, uint32_t b, uint32_t c) { (void)c; return hr(ldexpf(hfv(a), (int16_t)b)); }
static uint32_t r_cvt_f16_u16(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return hr((float)a); }
static uint32_t r_cvt_f16_i16(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return hr((float)(int16_t)a); }
static uint32_t r_cvt_u16_f16(uint32_t a, uint32_t b, uint32_t c)
{
    (void)b; (void)c;
    float t = truncf(hfv(a));
    return isnan(t) || t <= 0 ? 0 : t >= 65535.0f ? 0xffffu : (uint32_t)t;
}
static uint32_t r_cvt_i16_f16(uint32_t a, uint32_t b, uint32_t c)
{
    (void)b; (void)c;
    float t = truncf(hfv(a));
    return isnan(t) ? 0 : t >= 32767.0f ? 0x7fffu : t <= -32768.0f ? 0x8000u : (uint32_t)(int32_t)t;
}
static uint32_t r_add_u16(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a + b; }
static uint32_t r_sub_u16(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a - b; }
static uint32_t r_subrev_u16(uint32_t a, uint32_t b, uint32_t c) { (void)c; return b - a; }
static uint32_t r_mul_lo_u16(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a * b; }
static uint32_t r_max_u16(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a > b ? a : b; }
static uint32_t r_min_u16(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a < b ? a : b; }
static uint32_t r_max_i16(uint32_t a, uint32_t b, uint32_t c) { (void)c; return (int16_t)a > (int16_t)b ? a : b; }
static uint32_t r_min_i16(uint32_t a, uint32_t b, uint32_t c) { (void)c; return (int16_t)a < (int16_t)b ? a : b; }
static uint32_t r_ashr_i16(uint32_t a, uint32_t b, uint32_t c)
{
    (void)c;
    int v = (int16_t)b; /* arithmetic shift by division, rounding toward -inf */
    for (unsigned k = 0; k < (a & 15); k++)
        v = v < 0 ? -((-v + 1) / 2) : v / 2;
    return (uint32_t)v;
}
static uint32_t r_mad_u16(uint32_t a, uint32_t b, uint32_t c) { return a * b + c; }
static uint32_t r_mad_i16(uint32_t a, uint32_t b, uint32_t c) { return (uint32_t)((int16_t)a * (int16_t)b + (int16_t)c); }
static uint32_t r_lshl_b16(uint32_t a, uint32_t b, uint32_t c) { (void)c; return b << (a & 15); }
static uint32_t r_lshr_b16(uint32_t a, uint32_t b, uint32_t c) { (void)c; return b >> (a & 15); }

START_TEST(test_f16_differential)
{
    check_hop(ISA_v_add_f16, 2, r_add, true);
    check_hop(ISA_v_sub_f16, 2, r_sub, true);
    check_hop(ISA_v_subrev_f16, 2, r_subrev, true);
    check_hop(ISA_v_mul_f16, 2, r_mul, true);
    check_hop(ISA_v_fma_f16, 3, r_fma, true);
    check_hop(ISA_v_mad_f16, 3, r_mad, true);
    check_hop(ISA_v_max_f16, 2, r_max, true);
    check_hop(ISA_v_min_f16, 2, r_min, true);
    check_hop(ISA_v_floor_f16, 1, r_floor, true);
    check_hop(ISA_v_ceil_f16, 1, r_ceil, true);
    check_hop(ISA_v_trunc_f16, 1, r_trunc, true);
    check_hop(ISA_v_rndne_f16, 1, r_rndne, true);
    check_hop(ISA_v_fract_f16, 1, r_fract, true);
    check_hop(ISA_v_sqrt_f16, 1, r_sqrt, true);
    check_hop(ISA_v_rcp_f16, 1, r_rcp, true);
    check_hop(ISA_v_frexp_mant_f16, 1, r_frexp_mant, true);
    check_hop(ISA_v_frexp_exp_i16_f16, 1, r_frexp_exp, false);
    check_hop(ISA_v_ldexp_f16, 2, r_ldexp, true);
    check_hop(ISA_v_cvt_f16_u16, 1, r_cvt_f16_u16, true);
    check_hop(ISA_v_cvt_f16_i16, 1, r_cvt_f16_i16, true);
    check_hop(ISA_v_cvt_u16_f16, 1, r_cvt_u16_f16, false);
    check_hop(ISA_v_cvt_i16_f16, 1, r_cvt_i16_f16, false);
}
END_TEST

START_TEST(test_int16_differential)
{
    check_hop(ISA_v_add_u16, 2, r_add_u16, false);
    check_hop(ISA_v_sub_u16, 2, r_sub_u16, false);
    check_hop(ISA_v_subrev_u16, 2, r_subrev_u16, false);
    check_hop(ISA_v_mul_lo_u16, 2, r_mul_lo_u16, false);
    check_hop(ISA_v_max_u16, 2, r_max_u16, false);
    check_hop(ISA_v_min_u16, 2, r_min_u16, false);
    check_hop(ISA_v_max_i16, 2, r_max_i16, false);
    check_hop(ISA_v_min_i16, 2, r_min_i16, false);
    check_hop(ISA_v_ashrrev_i16, 2, r_ashr_i16, false);
    check_hop(ISA_v_mad_u16, 3, r_mad_u16, false);
    check_hop(ISA_v_mad_i16, 3, r_mad_i16, false);
    /* the 16-bit shifts that were already in the table follow the same rules */
    check_hop(ISA_v_lshlrev_b16, 2, r_lshl_b16, false);
    check_hop(ISA_v_lshrrev_b16, 2, r_lshr_b16, false);
}
END_TEST

/* f32 <-> f16 over random f32 patterns concentrated on the f16 range, every tie and boundary
 * included: the conversion must round exactly as the host's (to nearest even). */
START_TEST(test_f16_conversions)
{
    uint64_t rng = 0xc0ffee;
    for (int r = 0; r < 64; r++) {
        ut_machine_t *m = ut_machine_new();
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            uint32_t x = tv_rand(&rng), e = 103 + tv_rand(&rng) % 40; /* 2^-24 .. 2^15 and beyond */
            uint32_t v = (x & 0x80000000u) | e << 23 | (x & 0x7fffffu);
            if (l % 4 == 1) /* exact ties: the bit below the f16 ulp set, nothing below it */
                v = (v & ~0x1fffu) | 0x1000u;
            if (l % 8 == 3)
                v = x; /* anything, NaN and f32 denormals included */
            ut_vreg(m, 1)[l] = v;
        }
        ut_vset_all(m, 0, TV_SENTINEL);
        isa_inst_t in = ut_inst(ISA_v_cvt_f16_f32);
        in.vdst = ut_v(0);
        in.src[0] = ut_v(1);
        ut_run(m, &in);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            uint32_t v = ut_vreg(m, 1)[l];
            float f = ut_bitsf((v & 0x7f800000u) ? v : v & 0x80000000u); /* f32 denormals flush (mode) */
            uint32_t want = hr(f), got = ut_vreg(m, 0)[l];
            ck_assert_msg(got == want || (hnan(want) && hnan(got) && !(got >> 16)), "cvt_f16_f32(0x%08x): got 0x%08x want 0x%04x",
                          v, got, want);
        }
        /* and back: every f16 converts exactly */
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            ut_vreg(m, 1)[l] = (tv_rand(&rng) << 16) | ((uint32_t)(r * 64 + l) * 0x3fdu & 0xffffu);
        in = ut_inst(ISA_v_cvt_f32_f16);
        in.vdst = ut_v(0);
        in.src[0] = ut_v(1);
        ut_run(m, &in);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            uint32_t h = ut_vreg(m, 1)[l] & 0xffffu, got = ut_vreg(m, 0)[l];
            float want = hfv(h);
            ck_assert_msg(got == ut_fbits(want) || (isnan(want) && (got & 0x7fffffffu) > 0x7f800000u),
                          "cvt_f32_f16(0x%04x): got 0x%08x", h, got);
        }
        free(m);
    }
}
END_TEST

/* ---- hand-derived values -------------------------------------------------------------------- */

/* One lane-uniform run of `in` with sources v1..v3 = a, b, c; returns lane 7 of v0. For an op with
 * 16-bit sources the high halves are garbage (they must be ignored), and v0 starts with garbage
 * in its high half (v_mac's accumulator; it must not survive). */
static uint32_t run1(ut_machine_t *m, isa_inst_t in, uint32_t a, uint32_t b, uint32_t c)
{
    const char *sig = isa_ops[in.op].sig;
    bool g = strchr(sig, 'h') || strchr(sig, 'j');
    ut_vset_all(m, 1, (g ? 0xdead0000u : 0) | a);
    ut_vset_all(m, 2, (g ? 0xbeef0000u : 0) | b);
    ut_vset_all(m, 3, (g ? 0xf00d0000u : 0) | c);
    ut_vset_all(m, 0, (g ? 0xabcd0000u : 0) | c);
    in.vdst = ut_v(0);
    isa_exec_result_t res = ut_run(m, &in);
    ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", isa_ops[in.op].name, res.fault_msg);
    return ut_vreg(m, 0)[7];
}
static uint32_t op3(ut_machine_t *m, isa_op_t op, uint32_t a, uint32_t b, uint32_t c)
{
    isa_inst_t in = ut_inst(op);
    int n = 0;
    for (const char *p = isa_ops[op].sig; *p; p++)
        n += (p == isa_ops[op].sig || p[-1] == ' ') && *p != 'D' && *p != 'C';
    for (int s = 0; s < n; s++)
        in.src[s] = ut_v(1 + (unsigned)s);
    return run1(m, in, a, b, c);
}

START_TEST(test_f16_hand_values)
{
    ut_machine_t *m = ut_machine_new();
    static const struct { isa_op_t op; uint32_t a, b, c, want; } hv[] = {
        { ISA_v_add_f16, 0x3c00, 0x3c00, 0, 0x4000 },          /* 1 + 1 = 2, high half zero */
        { ISA_v_add_f16, 0x0001, 0x0001, 0, 0x0002 },          /* denormals kept (MODE[7:6] = 3) */
        { ISA_v_add_f16, 0x7bff, 0x4c00, 0, 0x7c00 },          /* 65504 + 16: tie, even is inf */
        { ISA_v_add_f16, 0x7bff, 0x4800, 0, 0x7bff },          /* 65504 + 8: below the tie */
        { ISA_v_add_f16, 0x3c00, 0x1000, 0, 0x3c00 },          /* 1 + 2^-11: tie to even 1.0 */
        { ISA_v_add_f16, 0x3c00, 0x1600, 0, 0x3c02 },          /* 1 + 3*2^-11: tie to even 1+2^-9 */
        { ISA_v_add_f16, 0x8000, 0x8000, 0, 0x8000 },          /* -0 + -0 */
        { ISA_v_add_f16, 0x3c00, 0xbc00, 0, 0x0000 },          /* 1 - 1 = +0 */
        { ISA_v_add_f16, 0x7c01, 0x3c00, 0, 0x7e01 },          /* sNaN quietened */
        { ISA_v_add_f16, 0x3c00, 0x7d00, 0, 0x7f00 },          /* the NaN operand, quietened */
        { ISA_v_add_f16, 0xfd00, 0x7e01, 0, 0xff00 },          /* two NaNs: the first */
        { ISA_v_add_f16, 0x7c00, 0xfc00, 0, 0xfe00 },          /* inf - inf: the default NaN */
        { ISA_v_mul_f16, 0x3e00, 0x4000, 0, 0x4200 },          /* 1.5 * 2 = 3 */
        { ISA_v_mul_f16, 0x0000, 0x7c00, 0, 0xfe00 },          /* 0 * inf */
        { ISA_v_mul_f16, 0x0400, 0x3800, 0, 0x0200 },          /* smallest normal / 2: denormal */
        { ISA_v_subrev_f16, 0x3c00, 0x4200, 0, 0x4000 },       /* 3 - 1 */
        { ISA_v_subrev_f16, 0x7d00, 0x7e01, 0, 0x7f00 },       /* NaNs: the first in operand order */
        { ISA_v_mac_f16, 0x4000, 0x4200, 0x3c00, 0x4700 },     /* 2 * 3 + 1 = 7 */
        { ISA_v_mad_f16, 0x0001, 0x3c00, 0x0000, 0x0000 },     /* mad flushes denormals always */
        { ISA_v_fma_f16, 0x0001, 0x3c00, 0x0000, 0x0001 },     /* fma keeps them */
        { ISA_v_fma_f16, 0x3c01, 0x3bff, 0xbc00, 0x0ffe },     /* (1+2^-10)(1-2^-11) - 1, fused: exact */
        { ISA_v_mad_f16, 0x3c01, 0x3bff, 0xbc00, 0x0000 },     /* unfused: the product rounds to 1 */
        { ISA_v_max_f16, 0x8000, 0x0000, 0, 0x0000 },
        { ISA_v_min_f16, 0x0000, 0x8000, 0, 0x8000 },
        { ISA_v_max_f16, 0x7e00, 0x3c00, 0, 0x3c00 },          /* quiet NaN: the other operand */
        { ISA_v_max_f16, 0x7d00, 0x3c00, 0, 0x7f00 },          /* signalling (IEEE mode): itself, quiet */
        { ISA_v_ldexp_f16, 0x3c00, 0xffe8, 0, 0x0001 },        /* 1 * 2^-24 (S1.i16 = -24) */
        { ISA_v_ldexp_f16, 0x3e00, 0x10002, 0, 0x4600 },       /* 1.5 * 2^2: bits 31:16 of S1 ignored */
        { ISA_v_ldexp_f16, 0x3c00, 16, 0, 0x7c00 },            /* 2^16 overflows */
        { ISA_v_div_fixup_f16, 0x3800, 0x4000, 0x3c00, 0x3800 }, /* 1/2: the quotient */
        { ISA_v_div_fixup_f16, 0x3800, 0x0000, 0xbc00, 0xfc00 }, /* -1/0 = -inf */
        { ISA_v_div_fixup_f16, 0x3800, 0x0000, 0x0000, 0xfe00 }, /* 0/0 */
        { ISA_v_div_fixup_f16, 0x3800, 0x7c00, 0x3c00, 0x0000 }, /* 1/inf = 0 */
        { ISA_v_cvt_f16_f32, 0x3f800000, 0, 0, 0x3c00 },
        { ISA_v_cvt_f16_f32, 0x33000000, 0, 0, 0x0000 },       /* 2^-25: tie between 0 and 2^-24 */
        { ISA_v_cvt_f16_f32, 0x33000001, 0, 0, 0x0001 },
        { ISA_v_cvt_f16_f32, 0x477fe000, 0, 0, 0x7bff },       /* 65504 */
        { ISA_v_cvt_f16_f32, 0x477ff000, 0, 0, 0x7c00 },       /* 65520: tie, even is inf */
        { ISA_v_cvt_f16_f32, 0x477fefff, 0, 0, 0x7bff },
        { ISA_v_cvt_f16_f32, 0xff800001, 0, 0, 0xfe00 },       /* sNaN: quiet, top payload bits */
        { ISA_v_cvt_f16_f32, 0x7fa02000, 0, 0, 0x7f01 },
        { ISA_v_cvt_f32_f16, 0x0001, 0, 0, 0x33800000 },       /* 2^-24 */
        { ISA_v_cvt_f32_f16, 0xfd00, 0, 0, 0xffe00000 },       /* sNaN: quiet, payload kept */
        { ISA_v_cvt_f16_u16, 0xffff, 0, 0, 0x7c00 },           /* 65535 rounds past 65504 */
        { ISA_v_cvt_f16_i16, 0x8000, 0, 0, 0xf800 },           /* -32768 */
        { ISA_v_cvt_u16_f16, 0x7c00, 0, 0, 0xffff },
        { ISA_v_cvt_u16_f16, 0xbc00, 0, 0, 0x0000 },
        { ISA_v_cvt_i16_f16, 0xc100, 0, 0, 0xfffe },           /* -2.5 -> -2, zero-extended */
        { ISA_v_cvt_i16_f16, 0xfbff, 0, 0, 0x8000 },           /* -65504 saturates */
        { ISA_v_cvt_i16_f16, 0x7e00, 0, 0, 0x0000 },           /* NaN -> 0 */
        { ISA_v_frexp_exp_i16_f16, 0x0001, 0, 0, 0xffe9 },     /* 2^-24 = 0.5 * 2^-23 */
        { ISA_v_frexp_mant_f16, 0x4800, 0, 0, 0x3800 },        /* 8 = 0.5 * 2^4 */
        { ISA_v_frexp_mant_f16, 0x7c00, 0, 0, 0x7c00 },
        { ISA_v_fract_f16, 0x8001, 0, 0, 0x3bff },             /* -2^-24: not 1.0 */
        { ISA_v_fract_f16, 0xbd00, 0, 0, 0x3a00 },             /* -1.25 -> 0.75 */
        { ISA_v_rndne_f16, 0x4100, 0, 0, 0x4000 },             /* 2.5 -> 2 */
        { ISA_v_rndne_f16, 0x4300, 0, 0, 0x4400 },             /* 3.5 -> 4 */
        { ISA_v_ceil_f16, 0xb800, 0, 0, 0x8000 },              /* ceil(-0.5) = -0 */
        { ISA_v_sqrt_f16, 0x4400, 0, 0, 0x4000 },
        { ISA_v_sqrt_f16, 0xbc00, 0, 0, 0xfe00 },              /* sqrt(-1): the default NaN */
        { ISA_v_rsq_f16, 0x4400, 0, 0, 0x3800 },
        { ISA_v_rcp_f16, 0x8000, 0, 0, 0xfc00 },               /* 1/-0 */
        { ISA_v_exp_f16, 0x3c00, 0, 0, 0x4000 },               /* 2^1 */
        { ISA_v_exp_f16, 0xce00, 0, 0, 0x0001 },               /* 2^-24, the smallest denormal */
        { ISA_v_exp_f16, 0xcf80, 0, 0, 0x0000 },               /* 2^-30 rounds to 0 */
        { ISA_v_log_f16, 0x4800, 0, 0, 0x4200 },               /* log2(8) = 3 */
        { ISA_v_log_f16, 0x0000, 0, 0, 0xfc00 },               /* log2(0) = -inf */
        { ISA_v_sin_f16, 0x3400, 0, 0, 0x3c00 },               /* sin(2 pi / 4) = 1 */
        { ISA_v_cos_f16, 0x3800, 0, 0, 0xbc00 },               /* cos(pi) = -1 */
        /* 16-bit integers: high halves of the sources are garbage (run1) */
        { ISA_v_add_u16, 0xffff, 0x0002, 0, 0x0001 },
        { ISA_v_sub_u16, 0x0001, 0x0002, 0, 0xffff },
        { ISA_v_mul_lo_u16, 0x0100, 0x0100, 0, 0x0000 },
        { ISA_v_max_i16, 0xffff, 0x0001, 0, 0x0001 },
        { ISA_v_max_u16, 0xffff, 0x0001, 0, 0xffff },
        { ISA_v_ashrrev_i16, 0x0013, 0x8000, 0, 0xf000 },      /* shift by 0x13 & 15 = 3 */
        { ISA_v_mad_u16, 0xffff, 0xffff, 0xffff, 0x0000 },
        { ISA_v_mad_i16, 200, 200, 0, 0x9c40 },                /* 40000 wraps */
        /* f32 legacy and frexp */
        { ISA_v_mul_legacy_f32, 0x00000000, 0x7f800000, 0, 0x00000000 }, /* 0 * inf = +0 */
        { ISA_v_mul_legacy_f32, 0x80000000, 0x7fc00000, 0, 0x00000000 }, /* -0 * NaN = +0 */
        { ISA_v_mul_legacy_f32, 0x40000000, 0x40400000, 0, 0x40c00000 }, /* 2 * 3 */
        { ISA_v_mad_legacy_f32, 0x00000000, 0x7f800000, 0x3f800000, 0x3f800000 }, /* 0*inf + 1 */
        { ISA_v_frexp_exp_i32_f32, 0x41000000, 0, 0, 4 },
        { ISA_v_frexp_exp_i32_f32, 0x7f800000, 0, 0, 0 },
        { ISA_v_frexp_mant_f32, 0x41000000, 0, 0, 0x3f000000 },
        { ISA_v_cvt_off_f32_i4, 8, 0, 0, 0xbf000000 },         /* -8/16 */
        { ISA_v_cvt_off_f32_i4, 0xf, 0, 0, 0xbd800000 },       /* -1/16 */
        { ISA_v_cvt_off_f32_i4, 0x17, 0, 0, 0x3ee00000 },      /* 7/16: only [3:0] */
        { ISA_v_exp_legacy_f32, 0x40400000, 0, 0, 0x41000000 },/* 2^3 */
        { ISA_v_log_legacy_f32, 0x41000000, 0, 0, 0x40400000 },
    };
    for (size_t i = 0; i < sizeof hv / sizeof hv[0]; i++) {
        uint32_t got = op3(m, hv[i].op, hv[i].a, hv[i].b, hv[i].c);
        ck_assert_msg(got == hv[i].want, "case %zu (%s %x %x %x): got 0x%08x want 0x%08x", i, isa_ops[hv[i].op].name,
                      hv[i].a, hv[i].b, hv[i].c, got, hv[i].want);
    }
    free(m);
}
END_TEST

/* Clamp and output modifiers, source modifiers, inline constants as f16, the denormal modes. */
START_TEST(test_f16_modifiers_and_modes)
{
    ut_machine_t *m = ut_machine_new();
    isa_inst_t in = ut_inst(ISA_v_add_f16);
    in.e64 = 1;
    in.clamp = 1;
    in.src[0] = ut_v(1);
    in.src[1] = ut_v(2);
    ck_assert_uint_eq(run1(m, in, 0x3c00, 0x3c00, 0), 0x3c00);  /* 2 clamps to 1 */
    ck_assert_uint_eq(run1(m, in, 0xbc00, 0x0000, 0), 0x0000);  /* -1 to +0 */
    ck_assert_uint_eq(run1(m, in, 0x7e00, 0x0000, 0), 0x0000);  /* NaN to +0 */
    in.clamp = 0;
    in.omod = 1; /* mul:2: ignored in IEEE mode, applied otherwise */
    ck_assert_uint_eq(run1(m, in, 0x3c00, 0x3c00, 0), 0x4000);
    isa_wave_set_mode(&m->w, m->w.mode & ~(1u << 9));
    ck_assert_uint_eq(run1(m, in, 0x3c00, 0x3c00, 0), 0x4400);
    in.omod = 3; /* div:2 */
    ck_assert_uint_eq(run1(m, in, 0x3c00, 0x3c00, 0), 0x3c00);
    isa_wave_set_mode(&m->w, m->w.mode | 1u << 9);
    in.omod = 0;
    /* neg/abs act on bit 15 */
    in.src[0] = ut_neg(ut_v(1));
    in.src[1] = ut_abs(ut_v(2));
    ck_assert_uint_eq(run1(m, in, 0x3c00, 0xc200, 0), 0x4000); /* -1 + |-3| */
    /* inline constants read as f16: 0.5 + 0.5, 1/(2*pi) + 0, the integer -1 as 0xffff (a NaN) */
    in.src[0] = (isa_operand_t){ ISA_CONST_F_HALF, 1, 0, 0 };
    in.src[1] = (isa_operand_t){ ISA_CONST_F_HALF, 1, 0, 0 };
    ck_assert_uint_eq(run1(m, in, 0, 0, 0), 0x3c00);
    in.src[0] = (isa_operand_t){ ISA_CONST_F_INV2PI, 1, 0, 0 };
    in.src[1] = ut_ic(0);
    ck_assert_uint_eq(run1(m, in, 0, 0, 0), hrd(0.15915494309189535)); /* host's f16 of 1/(2*pi): 0x3118 */
    in.src[0] = ut_ic(-1);
    ck_assert_uint_eq(run1(m, in, 0, 0, 0), 0xffff);
    in.src[0] = (isa_operand_t){ (uint16_t)(ISA_CONST_F_HALF + 1), 1, 1, 0 }; /* neg(-0.5) */
    in.src[1] = ut_v(2);
    ck_assert_uint_eq(run1(m, in, 0, 0x3800, 0), 0x3c00);
    /* a literal: its low 16 bits */
    in.src[0] = ut_lit();
    in.literal = 0x3e00;
    ck_assert_uint_eq(run1(m, in, 0, 0x3800, 0), 0x4000);

    /* MODE[7:6]: 1 keeps input denormals and flushes output ones; 2 the reverse; 0 flushes both */
    in = ut_inst(ISA_v_add_f16);
    in.src[0] = ut_v(1);
    in.src[1] = ut_v(2);
    isa_wave_set_mode(&m->w, (m->w.mode & ~0xc0u) | 1u << 6);
    ck_assert_uint_eq(run1(m, in, 0x0001, 0x0001, 0), 0x0000);
    ck_assert_uint_eq(run1(m, in, 0x0401, 0x8400, 0), 0x0000); /* a denormal result */
    isa_wave_set_mode(&m->w, (m->w.mode & ~0xc0u) | 2u << 6);
    ck_assert_uint_eq(run1(m, in, 0x0001, 0x0400, 0), 0x0400); /* input flushed */
    ck_assert_uint_eq(run1(m, in, 0x0401, 0x8400, 0), 0x0001); /* output kept */
    isa_wave_set_mode(&m->w, m->w.mode & ~0xc0u);
    ck_assert_uint_eq(run1(m, in, 0x0401, 0x8400, 0), 0x0000);

    /* clamp saturates the 16-bit integer ops that take it */
    isa_wave_set_mode(&m->w, 0x3c0);
    static const struct { isa_op_t op; uint32_t a, b, c, want; } sat[] = {
        { ISA_v_add_u16, 0xffff, 0x0002, 0, 0xffff }, { ISA_v_sub_u16, 1, 2, 0, 0 },
        { ISA_v_subrev_u16, 2, 1, 0, 0 }, { ISA_v_mad_u16, 0x100, 0x100, 0, 0xffff },
        { ISA_v_mad_i16, 200, 200, 0, 0x7fff }, { ISA_v_mad_i16, 0xff38, 200, 0, 0x8000 },
    };
    for (size_t i = 0; i < sizeof sat / sizeof sat[0]; i++) {
        in = ut_inst(sat[i].op);
        in.e64 = 1;
        in.clamp = 1;
        for (int s = 0; s < (sat[i].op == ISA_v_mad_u16 || sat[i].op == ISA_v_mad_i16 ? 3 : 2); s++)
            in.src[s] = ut_v(1 + (unsigned)s);
        ck_assert_msg(run1(m, in, sat[i].a, sat[i].b, sat[i].c) == sat[i].want, "clamp case %zu", i);
    }
    free(m);
}
END_TEST

/* Compares and class tests: lane masks, EXEC for cmpx, NaN (unordered) relations. */
START_TEST(test_f16_compares)
{
    ut_machine_t *m = ut_machine_new();
    static const uint32_t vals[] = { 0x3c00, 0x4000, 0x7e00, 0x8000, 0x0000, 0xfc00, 0x0001, 0x7c01 };
    for (isa_op_t op = ISA_v_cmp_f_f16; op <= ISA_v_cmpx_tru_f16; op++) {
        unsigned cond = (unsigned)(op - ISA_v_cmp_f_f16) / 2;
        ut_set_exec(m, ~0ull);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            ut_vreg(m, 1)[l] = 0x12340000u | vals[l % 8];
            ut_vreg(m, 2)[l] = 0x56780000u | vals[(l / 8) % 8];
        }
        isa_inst_t in = ut_inst(op);
        in.src[0] = ut_v(1);
        in.src[1] = ut_v(2);
        ut_set_exec(m, 0xffffffff0000ffffull);
        ut_run(m, &in);
        uint64_t want = 0;
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            float x = hfv(vals[l % 8]), y = hfv(vals[(l / 8) % 8]);
            /* the relation's bit: 0 less, 1 equal, 2 greater, 3 unordered */
            int rel = isnan(x) || isnan(y) ? 3 : x < y ? 0 : x == y ? 1 : 2;
            want |= (uint64_t)((cond >> rel) & 1) << l;
        }
        want &= 0xffffffff0000ffffull;
        ck_assert_msg(isa_wave_vcc(&m->w) == want, "%s: got %016llx want %016llx", isa_ops[op].name,
                      (unsigned long long)isa_wave_vcc(&m->w), (unsigned long long)want);
        if (isa_ops[op].flags & ISA_FL_CMPX)
            ck_assert_uint_eq(isa_wave_exec(&m->w), want);
    }
    /* class: one lane per class, mask = one bit each */
    static const uint32_t cls[10] = { 0x7c01, 0x7e00, 0xfc00, 0xbc00, 0x8001, 0x8000, 0x0000, 0x0001, 0x3c00, 0x7c00 };
    ut_set_exec(m, ~0ull);
    for (int k = 0; k < 10; k++) {
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            ut_vreg(m, 1)[l] = 0xffff0000u | cls[l % 10];
            ut_vreg(m, 2)[l] = 1u << k;
        }
        isa_inst_t in = ut_inst(ISA_v_cmp_class_f16);
        in.src[0] = ut_v(1);
        in.src[1] = ut_v(2);
        ut_run(m, &in);
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            ck_assert_msg(((isa_wave_vcc(&m->w) >> l) & 1) == (uint64_t)(l % 10 == k), "class bit %d lane %d", k, l);
    }
    free(m);
}
END_TEST

/* Transcendentals within one f16 ulp of the host's float result over the whole f16 range. */
START_TEST(test_f16_transcendentals)
{
    ut_machine_t *m = ut_machine_new();
    static const isa_op_t ops[] = { ISA_v_exp_f16, ISA_v_log_f16, ISA_v_rsq_f16, ISA_v_sin_f16, ISA_v_cos_f16 };
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        for (uint32_t base = 0; base < 0x10000; base += ISA_WAVE_SIZE) {
            for (int l = 0; l < ISA_WAVE_SIZE; l++)
                ut_vreg(m, 1)[l] = base + (uint32_t)l;
            isa_inst_t in = ut_inst(ops[k]);
            in.vdst = ut_v(0);
            in.src[0] = ut_v(1);
            ut_run(m, &in);
            for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                float x = hfv(base + (uint32_t)l), ref;
                switch (ops[k]) {
                case ISA_v_exp_f16: ref = exp2f(x); break;
                case ISA_v_log_f16: ref = log2f(x); break;
                case ISA_v_rsq_f16: ref = 1.0f / sqrtf(x); break;
                case ISA_v_sin_f16: ref = sinf(6.2831853f * fmodf(x, 1.0f)); break;
                default: ref = cosf(6.2831853f * fmodf(x, 1.0f)); break;
                }
                uint32_t got = ut_vreg(m, 0)[l], want = hr(ref);
                if (hnan(want)) {
                    ck_assert_msg(hnan(got), "%s(%04x)", isa_ops[ops[k]].name, base + (uint32_t)l);
                    continue;
                }
                /* one ulp: neighbouring patterns of the same sign (or both zeros) */
                int d = (int)(got & 0x7fffu) - (int)(want & 0x7fffu);
                bool ok = got == want || (((got ^ want) & 0x8000u) == 0 && d >= -1 && d <= 1) ||
                          ((got & 0x7fffu) <= 1 && (want & 0x7fffu) <= 1);
                ck_assert_msg(ok && !(got >> 16), "%s(%04x): got %08x want %04x", isa_ops[ops[k]].name,
                              base + (uint32_t)l, got, want);
            }
        }
    }
    free(m);
}
END_TEST

/* The assembler end to end: 16-bit constants encode as llvm-mc does, and run. */
static isa_program_t assemble(const char *text, int *errors)
{
    isa_program_t p;
    FILE *f = fopen("/dev/null", "w");
    *errors = asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, f);
    fclose(f);
    return p;
}

START_TEST(test_f16_assembler)
{
    int e;
    isa_program_t p = assemble("k:\n"
                               "v_add_f16 v0, 0.5, v2\n"       /* inline 0.5 */
                               "v_add_f16 v0, 1.5, v2\n"       /* literal 0x3e00 */
                               "v_add_f16 v0, 0x3800, v2\n"    /* the pattern of 0.5: inline */
                               "v_add_u16 v0, 0.5, v2\n"       /* integer operand: the f16 literal */
                               "v_add_f16 v0, 0xffff, v2\n"    /* -1 as 16 bits: inline */
                               "v_add_f16 v0, -1234, v2\n"     /* 16-bit two's complement literal */
                               "v_madak_f16 v0, v1, v2, 1.0\n" /* K16: always a literal */
                               "v_add_f16_e64 v0, -v1, |v2| clamp\n"
                               "v_mad_i16 v0, v1, v2, v3 clamp\n"
                               "s_endpgm\n", &e);
    ck_assert_int_eq(e, 0);
    const isa_inst_t *in = p.kernels[0].insts;
    ck_assert_uint_eq(in[0].src[0].code, ISA_CONST_F_HALF);
    ck_assert_uint_eq(in[1].src[0].code, ISA_SRC_LITERAL);
    ck_assert_uint_eq(in[1].literal, 0x3e00);
    ck_assert_uint_eq(in[2].src[0].code, ISA_CONST_F_HALF);
    ck_assert_uint_eq(in[3].src[0].code, ISA_SRC_LITERAL);
    ck_assert_uint_eq(in[3].literal, 0x3800);
    ck_assert_uint_eq(in[4].src[0].code, ISA_CONST_INT_NEG1);
    ck_assert_uint_eq(in[5].literal, 0xfb2e);
    ck_assert_uint_eq(in[6].literal, 0x3c00);
    ck_assert(in[7].e64 && in[7].clamp && in[7].src[0].neg && in[7].src[1].abs);
    ck_assert(in[8].clamp);
    isa_program_free(&p);
    /* what llvm-mc refuses */
    static const char *const bad[] = {
        "k:\nv_add_f16 v0, 0x12345, v2\n", "k:\nv_add_f16 v0, 100000.0, v2\n", "k:\nv_add_f16 v0, 1e-6, v2\n",
        "k:\nv_add_u16 v0, -32769, v2\n", "k:\nv_cvt_f16_i16_e64 v0, -v1\n", "k:\nv_max_u16_e64 v0, v1, v2 clamp\n",
        "k:\nv_madmk_f16 v0, v1, 0x12345, v2\n", "k:\nv_cmp_lt_u16 vcc, 0x10000, v1\n",
        "k:\nv_ldexp_f16_e64 v0, v1, -v2\n", "k:\nv_mul_lo_u16_e64 v0, v1, v2 clamp\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        p = assemble(bad[i], &e);
        ck_assert_msg(e > 0, "accepted: %s", bad[i]);
        if (e == 0)
            isa_program_free(&p);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("valu_f16");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_f16_differential);
    tcase_add_test(tc, test_int16_differential);
    tcase_add_test(tc, test_f16_conversions);
    tcase_add_test(tc, test_f16_hand_values);
    tcase_add_test(tc, test_f16_modifiers_and_modes);
    tcase_add_test(tc, test_f16_compares);
    tcase_add_test(tc, test_f16_transcendentals);
    tcase_add_test(tc, test_f16_assembler);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

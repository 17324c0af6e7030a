/* VOPC: every v_cmp/v_cmpx opcode against a reference derived from its *name* (condition and type
 * parsed from the mnemonic, so the implementation's table-position decoding is checked
 * independently), in e32 (VCC) and e64 (SGPR pair) forms, with EXEC masks. */
#include "test_valu.h"

#define NINT (sizeof tv_int_edges / sizeof tv_int_edges[0])
#define NF32 (sizeof tv_f32_edges / sizeof tv_f32_edges[0])

static uint32_t fz(uint32_t b, bool on) { return on && (b & 0x7f800000u) == 0 ? b & 0x80000000u : b; }

typedef struct {
    bool cmpx;
    char cond[8];
    char type[8];
} cmp_name_t;

static cmp_name_t parse(const char *name)
{
    cmp_name_t r;
    memset(&r, 0, sizeof r);
    const char *p = name + strlen("v_cmp");
    if (*p == 'x') {
        r.cmpx = true;
        p++;
    }
    p++; /* '_' */
    const char *us = strrchr(p, '_');
    memcpy(r.cond, p, (size_t)(us - p));
    strcpy(r.type, us + 1);
    return r;
}

static bool int_ref(const char *c, int lt, int eq, int gt)
{
    if (!strcmp(c, "f")) return false;
    if (!strcmp(c, "lt")) return lt;
    if (!strcmp(c, "eq")) return eq;
    if (!strcmp(c, "le")) return lt || eq;
    if (!strcmp(c, "gt")) return gt;
    if (!strcmp(c, "ne")) return !eq;
    if (!strcmp(c, "ge")) return gt || eq;
    if (!strcmp(c, "t")) return true;
    ck_abort_msg("unknown integer condition %s", c);
    return false;
}

static bool flt_ref(const char *c, double a, double b)
{
    if (!strcmp(c, "f")) return false;
    if (!strcmp(c, "lt")) return a < b;
    if (!strcmp(c, "eq")) return a == b;
    if (!strcmp(c, "le")) return a <= b;
    if (!strcmp(c, "gt")) return a > b;
    if (!strcmp(c, "lg")) return a < b || a > b;
    if (!strcmp(c, "ge")) return a >= b;
    if (!strcmp(c, "o")) return !isnan(a) && !isnan(b);
    if (!strcmp(c, "u")) return isnan(a) || isnan(b);
    if (!strcmp(c, "nge")) return !(a >= b);
    if (!strcmp(c, "nlg")) return !(a < b || a > b);
    if (!strcmp(c, "ngt")) return !(a > b);
    if (!strcmp(c, "nle")) return !(a <= b);
    if (!strcmp(c, "neq")) return !(a == b);
    if (!strcmp(c, "nlt")) return !(a < b);
    if (!strcmp(c, "tru")) return true;
    ck_abort_msg("unknown float condition %s", c);
    return false;
}

static bool class_ref(uint32_t v, uint32_t mask)
{
    float f = ut_bitsf(v);
    int idx;
    bool neg = signbit(f);
    switch (fpclassify(f)) {
    case FP_NAN: idx = (v & 0x400000u) ? 1 : 0; break;
    case FP_INFINITE: idx = neg ? 2 : 9; break;
    case FP_NORMAL: idx = neg ? 3 : 8; break;
    case FP_SUBNORMAL: idx = neg ? 4 : 7; break;
    default: idx = neg ? 5 : 6; break;
    }
    return (mask >> idx) & 1;
}

/* The same classification for f64, through the host's fpclassify. */
static bool class_ref64(uint64_t v, uint32_t mask)
{
    double f;
    memcpy(&f, &v, 8);
    int idx;
    bool neg = signbit(f);
    switch (fpclassify(f)) {
    case FP_NAN: idx = (v & (1ull << 51)) ? 1 : 0; break;
    case FP_INFINITE: idx = neg ? 2 : 9; break;
    case FP_NORMAL: idx = neg ? 3 : 8; break;
    case FP_SUBNORMAL: idx = neg ? 4 : 7; break;
    default: idx = neg ? 5 : 6; break;
    }
    return (mask >> idx) & 1;
}

/* f16 (the low 16 bits) through the host compiler's _Float16, and its class: denormals are the
 * non-zero values below 2^-14 (kept: the test machine's MODE[7:6] is 3). */
__extension__ typedef _Float16 hf16;
static float h16(uint32_t v)
{
    hf16 h;
    uint16_t b = (uint16_t)v;
    memcpy(&h, &b, 2);
    return (float)h;
}
static bool class_ref16(uint32_t v, uint32_t mask)
{
    float f = h16(v);
    bool neg = signbit(f);
    int idx = isnan(f) ? ((v & 0x200u) ? 1 : 0) : isinf(f) ? (neg ? 2 : 9) : f == 0 ? (neg ? 5 : 6)
            : fabsf(f) < 0x1p-14f ? (neg ? 4 : 7) : (neg ? 3 : 8);
    return (mask >> idx) & 1;
}

static int64_t as_signed(uint64_t v, int bits)
{
    uint64_t sign = 1ull << (bits - 1);
    v &= bits == 64 ? ~0ull : (1ull << bits) - 1;
    return (v & sign) ? (int64_t)(v - sign) - (int64_t)(sign - 1) - 1 : (int64_t)v;
}

static bool lane_ref(const cmp_name_t *n, const ut_machine_t *m, int l, bool flush)
{
    const uint32_t *v1 = m->vgpr + 1 * ISA_WAVE_SIZE, *v2 = m->vgpr + 2 * ISA_WAVE_SIZE;
    const uint32_t *v3 = m->vgpr + 3 * ISA_WAVE_SIZE, *v4 = m->vgpr + 4 * ISA_WAVE_SIZE;
    uint64_t p1 = (uint64_t)v1[l] | (uint64_t)v2[l] << 32, p3 = (uint64_t)v3[l] | (uint64_t)v4[l] << 32;
    if (!strcmp(n->type, "f16"))
        return !strcmp(n->cond, "class") ? class_ref16(v1[l], v3[l]) : flt_ref(n->cond, h16(v1[l]), h16(v3[l]));
    if (!strcmp(n->cond, "class") && !strcmp(n->type, "f64"))
        return class_ref64(p1, v3[l]);
    if (!strcmp(n->cond, "class"))
        return class_ref(v1[l], v3[l]);
    if (!strcmp(n->type, "f64")) { /* no flush: f64 denormals are kept */
        double a, b;
        memcpy(&a, &p1, 8);
        memcpy(&b, &p3, 8);
        return flt_ref(n->cond, a, b);
    }
    if (!strcmp(n->type, "f32")) {
        float a = ut_bitsf(fz(v1[l], flush)), b = ut_bitsf(fz(v3[l], flush));
        return flt_ref(n->cond, a, b);
    }
    int bits = atoi(n->type + 1);
    bool sgn = n->type[0] == 'i';
    uint64_t a = bits == 64 ? (uint64_t)v1[l] | (uint64_t)v2[l] << 32 : v1[l];
    uint64_t b = bits == 64 ? (uint64_t)v3[l] | (uint64_t)v4[l] << 32 : v3[l];
    if (bits < 64) {
        a &= (1ull << bits) - 1;
        b &= (1ull << bits) - 1;
    }
    if (sgn) {
        int64_t x = as_signed(a, bits), y = as_signed(b, bits);
        return int_ref(n->cond, x < y, x == y, x > y);
    }
    return int_ref(n->cond, a < b, a == b, a > b);
}

START_TEST(test_every_compare)
{
    int nops = 0;
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        if (isa_ops[op].enc != ISA_ENC_VOPC)
            continue;
        nops++;
        cmp_name_t n = parse(isa_ops[op].name);
        ck_assert_int_eq(n.cmpx, (isa_ops[op].flags & ISA_FL_CMPX) != 0);
        bool is_f = !strcmp(n.type, "f32"); /* f64 lanes: pairs of the f32 edges and random words */
        const uint32_t *edges = is_f ? tv_f32_edges : tv_int_edges;
        size_t ne = is_f ? NF32 : NINT;
        uint64_t rng = 0xabcdefull + (uint64_t)op;
        for (int r = 0; r < TV_ROUNDS; r++) {
            ut_machine_t *m = ut_machine_new();
            bool flush = r != 3;
            m->w.flush_denorm_f32 = flush;
            for (unsigned s = 0; s < 4; s++)
                tv_fill(m, 1 + s, edges, ne, (int)s, r, &rng);
            if (!strcmp(n.cond, "class"))
                for (int l = 0; l < ISA_WAVE_SIZE; l++)
                    ut_vreg(m, 3)[l] = tv_rand(&rng) & 0x3ff;
            if (r == 2) /* equal operands in every lane */
                memcpy(ut_vreg(m, 3), ut_vreg(m, 1), 2 * sizeof(uint32_t) * ISA_WAVE_SIZE);
            uint64_t exec = tv_exec_patterns[r];
            ut_set_exec(m, exec);
            bool e64 = r & 1;
            unsigned dst = e64 ? 40 : ISA_REG_VCC_LO;
            m->w.sreg[dst] = m->w.sreg[dst + 1] = 0xa5a5a5a5u;
            isa_inst_t in = ut_inst((isa_op_t)op);
            in.e64 = e64;
            in.sdst = e64 ? ut_sr(40, 2) : ut_vcc();
            bool wide = n.type[1] == '6';
            in.src[0] = ut_vr(1, wide ? 2 : 1);
            in.src[1] = ut_vr(3, wide && strcmp(n.cond, "class") ? 2 : 1);
            isa_exec_result_t res = ut_run(m, &in);
            ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", isa_ops[op].name, res.fault_msg);
            uint64_t want = 0;
            for (int l = 0; l < ISA_WAVE_SIZE; l++)
                if ((exec >> l & 1) && lane_ref(&n, m, l, flush))
                    want |= 1ull << l;
            uint64_t got = (uint64_t)m->w.sreg[dst] | (uint64_t)m->w.sreg[dst + 1] << 32;
            ck_assert_msg(got == want, "%s round %d: mask %016llx want %016llx", isa_ops[op].name, r,
                          (unsigned long long)got, (unsigned long long)want);
            ck_assert_msg(isa_wave_exec(&m->w) == (n.cmpx ? want : exec), "%s: EXEC %016llx", isa_ops[op].name,
                          (unsigned long long)isa_wave_exec(&m->w));
            free(m);
        }
    }
    ck_assert_int_eq(nops, 6 * 16 + 3 * (32 + 2));
}
END_TEST

/* Hand-derived cases: modifiers, denormal flush, constants and SGPR sources, 16-bit truncation. */
static uint64_t cmp1(ut_machine_t *m, isa_op_t op, isa_operand_t a, isa_operand_t b)
{
    isa_inst_t in = ut_inst(op);
    in.sdst = ut_vcc();
    in.src[0] = a;
    in.src[1] = b;
    in.literal = 0x3fc00000u; /* 1.5 when a literal is used */
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    return isa_wave_vcc(&m->w);
}

START_TEST(test_compare_hand_values)
{
    ut_machine_t *m = ut_machine_new();
    ut_vset_all(m, 1, ut_fbits(-2.0f));
    ut_vset_all(m, 2, ut_fbits(1.0f));
    /* -2 < 1; neg(-2) = 2 is not; |-2| = 2 is not; -|-2| is */
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_lt_f32, ut_v(1), ut_v(2)), ~0ull);
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_lt_f32, ut_neg(ut_v(1)), ut_v(2)), 0);
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_lt_f32, ut_abs(ut_v(1)), ut_v(2)), 0);
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_lt_f32, ut_neg(ut_abs(ut_v(1))), ut_v(2)), ~0ull);
    /* literal 1.5 > 1.0; inline 1.0 == 1.0 */
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_gt_f32, ut_lit(), ut_v(2)), ~0ull);
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_eq_f32, (isa_operand_t){ ISA_CONST_F_HALF + 2, 1, 0, 0 }, ut_v(2)), ~0ull);
    /* a denormal equals zero when flushed, and not otherwise; -0 == +0 */
    ut_vset_all(m, 3, 0x00000005u);
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_eq_f32, ut_ic(0), ut_v(3)), ~0ull);
    m->w.flush_denorm_f32 = 0;
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_eq_f32, ut_ic(0), ut_v(3)), 0);
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_eq_f32, ut_neg(ut_ic(0)), ut_ic(0)), ~0ull);
    /* class sees the denormal even in flush mode: mask bit 7 = +denormal */
    m->w.flush_denorm_f32 = 1;
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_class_f32, ut_v(3), ut_lit()), 0); /* 0x3fc00000 has bit 7 clear */
    m->w.sreg[5] = 1u << 7;
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_class_f32, ut_v(3), ut_s(5)), ~0ull);
    m->w.sreg[5] = 1u << 4; /* -denormal, via neg */
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_class_f32, ut_neg(ut_v(3)), ut_s(5)), ~0ull);
    /* 16-bit compares look at the low half only: 0x1_0000 == 0; 0x8000 < 0 as i16 */
    ut_vset_all(m, 4, 0x00010000u);
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_eq_u16, ut_v(4), ut_ic(0)), ~0ull);
    ut_vset_all(m, 4, 0x7fff8000u);
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_lt_i16, ut_v(4), ut_ic(0)), ~0ull);
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_lt_u16, ut_v(4), ut_ic(0)), 0);
    /* 64-bit: inline -1 is sign-extended, so it equals 0xffffffff_ffffffff */
    ut_vset_all(m, 5, 0xffffffffu);
    ut_vset_all(m, 6, 0xffffffffu);
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_eq_u64, ut_vr(5, 2), ut_ic(-1)), ~0ull);
    ck_assert_uint_eq(cmp1(m, ISA_v_cmp_lt_i64, ut_vr(5, 2), ut_ic(0)), ~0ull);
    /* cmpx with EXEC as its own source of truth: lanes leave EXEC, VCC matches */
    ut_set_exec(m, 0x00000000ffff0000ull);
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ut_vreg(m, 7)[l] = (uint32_t)l;
    ck_assert_uint_eq(cmp1(m, ISA_v_cmpx_gt_u32, ut_v(7), ut_ic(20)), 0x00000000ffe00000ull);
    ck_assert_uint_eq(isa_wave_exec(&m->w), 0x00000000ffe00000ull);
    free(m);
}
END_TEST

static Suite *vcmp_suite(void)
{
    Suite *s = suite_create("valu_cmp");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_every_compare);
    tcase_add_test(tc, test_compare_hand_values);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(vcmp_suite)

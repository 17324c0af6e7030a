/* Integer, bit, lane and 64-bit VALU ops against independent C references, lane by lane, with
 * edge values, EXEC masks and lane-mask destinations; plus a walk over every VALU op. */
#include "test_valu.h"

#define NEDGE (sizeof tv_int_edges / sizeof tv_int_edges[0])

typedef uint32_t (*ref3_fn)(uint32_t a, uint32_t b, uint32_t c, int lane);

/* ---- references, written bit by bit where the implementation uses tricks ---------------------- */

static int bit(uint32_t v, int i) { return (int)((v >> i) & 1); }
static int64_t sx24(uint32_t v) { int64_t x = v & 0xffffff; return (v & 0x800000) ? x - 0x1000000 : x; }
static int64_t sx32(uint32_t v) { return v & 0x80000000u ? (int64_t)v - 0x100000000ll : (int64_t)v; }
static uint32_t pop(uint64_t v) { uint32_t n = 0; for (; v; v >>= 1) n += v & 1; return n; }
/* floor(v / 2^s), i.e. an arithmetic shift, by repeated halving */
static int64_t floor_shift(int64_t v, unsigned s) { while (s--) v = (v - (v & 1)) / 2; return v; }

static uint32_t r_mov(uint32_t a, uint32_t b, uint32_t c, int l) { (void)b; (void)c; (void)l; return a; }
static uint32_t r_not(uint32_t a, uint32_t b, uint32_t c, int l) { (void)b; (void)c; (void)l; return a ^ 0xffffffffu; }
static uint32_t r_bfrev(uint32_t a, uint32_t b, uint32_t c, int l)
{
    (void)b; (void)c; (void)l;
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        r |= (uint32_t)bit(a, i) << (31 - i);
    return r;
}
static uint32_t r_ffbh_u(uint32_t a, uint32_t b, uint32_t c, int l)
{
    (void)b; (void)c; (void)l;
    for (int i = 31; i >= 0; i--)
        if (bit(a, i))
            return (uint32_t)(31 - i);
    return 0xffffffffu;
}
static uint32_t r_ffbl(uint32_t a, uint32_t b, uint32_t c, int l)
{
    (void)b; (void)c; (void)l;
    for (int i = 0; i < 32; i++)
        if (bit(a, i))
            return (uint32_t)i;
    return 0xffffffffu;
}
/* Leading bits equal to the sign bit, counting the sign bit itself; -1 when all are equal. */
static uint32_t r_ffbh_i(uint32_t a, uint32_t b, uint32_t c, int l)
{
    (void)b; (void)c; (void)l;
    uint32_t n = 0;
    for (int i = 31; i >= 0 && bit(a, i) == bit(a, 31); i--)
        n++;
    return n == 32 ? 0xffffffffu : n;
}
static uint32_t r_min_i(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return sx32(a) <= sx32(b) ? a : b; }
static uint32_t r_max_i(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return sx32(a) >= sx32(b) ? a : b; }
static uint32_t r_min_u(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return a <= b ? a : b; }
static uint32_t r_max_u(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return a >= b ? a : b; }
static uint32_t r_and(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return a & b; }
static uint32_t r_or(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return a | b; }
static uint32_t r_xor(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return a ^ b; }
static uint32_t r_lshr(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (uint32_t)((uint64_t)b >> (a % 32)); }
static uint32_t r_ashr(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (uint32_t)floor_shift(sx32(b), a % 32); }
static uint32_t r_lshl(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (uint32_t)(((uint64_t)b << (a % 32)) & 0xffffffffu); }
static uint32_t r_lshl16(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (uint32_t)(((uint64_t)(b % 65536) << (a % 16)) % 65536); }
static uint32_t r_lshr16(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (b % 65536) >> (a % 16); }
static uint32_t r_mul_i24(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (uint32_t)(uint64_t)(sx24(a) * sx24(b)); }
static uint32_t r_mulhi_i24(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (uint32_t)(floor_shift(sx24(a) * sx24(b), 32)); }
static uint32_t r_mul_u24(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (uint32_t)((uint64_t)(a % 0x1000000) * (b % 0x1000000)); }
static uint32_t r_mulhi_u24(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (uint32_t)((uint64_t)(a % 0x1000000) * (b % 0x1000000) / 0x100000000ull); }
static uint32_t r_mad_i24(uint32_t a, uint32_t b, uint32_t c, int l) { return r_mul_i24(a, b, 0, l) + c; }
static uint32_t r_mad_u24(uint32_t a, uint32_t b, uint32_t c, int l) { return r_mul_u24(a, b, 0, l) + c; }
static uint32_t r_bfe_u(uint32_t a, uint32_t b, uint32_t c, int l)
{
    (void)l;
    uint32_t off = b % 32, w = c % 32, r = 0;
    for (uint32_t i = 0; i < w; i++)
        if (off + i < 32)
            r |= (uint32_t)bit(a, (int)(off + i)) << i;
    return r;
}
static uint32_t r_bfe_i(uint32_t a, uint32_t b, uint32_t c, int l)
{
    (void)l;
    uint32_t off = b % 32, w = c % 32;
    if (w == 0)
        return 0;
    uint32_t r = 0;
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t src = off + (i < w ? i : w - 1); /* above the field: copies of its top bit */
        r |= (uint32_t)bit(a, src < 32 ? (int)src : 31) << i;
    }
    return r;
}
static uint32_t r_bfi(uint32_t a, uint32_t b, uint32_t c, int l)
{
    (void)l;
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        r |= (uint32_t)(bit(a, i) ? bit(b, i) : bit(c, i)) << i;
    return r;
}
static uint32_t r_alignbit(uint32_t a, uint32_t b, uint32_t c, int l)
{
    (void)l;
    uint32_t r = 0, s = c % 32;
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t k = i + s; /* bit k of the 64-bit {a, b} */
        r |= (uint32_t)(k < 32 ? bit(b, (int)k) : bit(a, (int)(k - 32))) << i;
    }
    return r;
}
static uint32_t r_alignbyte(uint32_t a, uint32_t b, uint32_t c, int l) { return r_alignbit(a, b, (c % 4) * 8, l); }
static void sort3(int64_t v[3])
{
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (v[j] < v[i]) { int64_t t = v[i]; v[i] = v[j]; v[j] = t; }
}
static uint32_t pick3(uint32_t a, uint32_t b, uint32_t c, bool sgn, int k)
{
    int64_t v[3] = { sgn ? sx32(a) : a, sgn ? sx32(b) : b, sgn ? sx32(c) : c };
    sort3(v);
    return (uint32_t)v[k];
}
static uint32_t r_min3_i(uint32_t a, uint32_t b, uint32_t c, int l) { (void)l; return pick3(a, b, c, true, 0); }
static uint32_t r_med3_i(uint32_t a, uint32_t b, uint32_t c, int l) { (void)l; return pick3(a, b, c, true, 1); }
static uint32_t r_max3_i(uint32_t a, uint32_t b, uint32_t c, int l) { (void)l; return pick3(a, b, c, true, 2); }
static uint32_t r_min3_u(uint32_t a, uint32_t b, uint32_t c, int l) { (void)l; return pick3(a, b, c, false, 0); }
static uint32_t r_med3_u(uint32_t a, uint32_t b, uint32_t c, int l) { (void)l; return pick3(a, b, c, false, 1); }
static uint32_t r_max3_u(uint32_t a, uint32_t b, uint32_t c, int l) { (void)l; return pick3(a, b, c, false, 2); }
static uint32_t r_mul_lo(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (uint32_t)((uint64_t)a * b % 0x100000000ull); }
static uint32_t r_mul_hi_u(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (uint32_t)((uint64_t)a * b / 0x100000000ull); }
static uint32_t r_mul_hi_i(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return (uint32_t)floor_shift(sx32(a) * sx32(b), 32); }
static uint32_t r_bcnt(uint32_t a, uint32_t b, uint32_t c, int l) { (void)c; (void)l; return pop(a) + b; }
static uint32_t r_mbcnt_lo(uint32_t a, uint32_t b, uint32_t c, int l)
{
    (void)c;
    uint32_t n = 0;
    for (int i = 0; i < 32 && i < l; i++)
        n += (uint32_t)bit(a, i);
    return n + b;
}
static uint32_t r_mbcnt_hi(uint32_t a, uint32_t b, uint32_t c, int l)
{
    (void)c;
    uint32_t n = 0;
    for (int i = 32; i < l; i++)
        n += (uint32_t)bit(a, i - 32);
    return n + b;
}
static uint32_t r_bfm(uint32_t a, uint32_t b, uint32_t c, int l)
{
    (void)c; (void)l;
    uint32_t r = 0;
    for (uint32_t i = 0; i < a % 32; i++)
        if (i + b % 32 < 32)
            r |= 1u << (i + b % 32);
    return r;
}

/* ---- the runner --------------------------------------------------------------------------------- */

/* Run `op` with v1..v3 as sources over TV_ROUNDS rounds of edge/random values and EXEC patterns
 * (VOP1/VOP2 alternate between the e32 and e64 forms), and check every lane of v0. */
static void check_op(isa_op_t op, int nsrc, ref3_fn ref)
{
    uint64_t rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)op;
    for (int r = 0; r < TV_ROUNDS; r++) {
        ut_machine_t *m = ut_machine_new();
        for (int s = 0; s < 3; s++)
            tv_fill(m, 1 + (unsigned)s, tv_int_edges, NEDGE, s, r, &rng);
        ut_vset_all(m, 0, TV_SENTINEL);
        uint64_t exec = tv_exec_patterns[r];
        ut_set_exec(m, exec);
        isa_inst_t in = ut_inst(op);
        if (isa_ops[op].enc != ISA_ENC_VOP3)
            in.e64 = (uint8_t)(r & 1);
        in.vdst = ut_v(0);
        for (int s = 0; s < nsrc; s++)
            in.src[s] = ut_v(1 + (unsigned)s);
        in.nsrc = (uint8_t)nsrc;
        isa_exec_result_t res = ut_run(m, &in);
        ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", isa_ops[op].name, res.fault_msg);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            uint32_t a = ut_vreg(m, 1)[l], b = ut_vreg(m, 2)[l], c = ut_vreg(m, 3)[l];
            TV_CHECK_LANE(m, 0, exec, l, ref(nsrc > 0 ? a : 0, nsrc > 1 ? b : 0, nsrc > 2 ? c : 0, l), isa_ops[op].name);
        }
        free(m);
    }
}

START_TEST(test_vop1_int)
{
    check_op(ISA_v_mov_b32, 1, r_mov);
    check_op(ISA_v_not_b32, 1, r_not);
    check_op(ISA_v_bfrev_b32, 1, r_bfrev);
    check_op(ISA_v_ffbh_u32, 1, r_ffbh_u);
    check_op(ISA_v_ffbl_b32, 1, r_ffbl);
    check_op(ISA_v_ffbh_i32, 1, r_ffbh_i);
}
END_TEST

START_TEST(test_vop2_int)
{
    check_op(ISA_v_min_i32, 2, r_min_i);
    check_op(ISA_v_max_i32, 2, r_max_i);
    check_op(ISA_v_min_u32, 2, r_min_u);
    check_op(ISA_v_max_u32, 2, r_max_u);
    check_op(ISA_v_and_b32, 2, r_and);
    check_op(ISA_v_or_b32, 2, r_or);
    check_op(ISA_v_xor_b32, 2, r_xor);
    check_op(ISA_v_lshrrev_b32, 2, r_lshr);
    check_op(ISA_v_ashrrev_i32, 2, r_ashr);
    check_op(ISA_v_lshlrev_b32, 2, r_lshl);
    check_op(ISA_v_lshlrev_b16, 2, r_lshl16);
    check_op(ISA_v_lshrrev_b16, 2, r_lshr16);
    check_op(ISA_v_mul_i32_i24, 2, r_mul_i24);
    check_op(ISA_v_mul_hi_i32_i24, 2, r_mulhi_i24);
    check_op(ISA_v_mul_u32_u24, 2, r_mul_u24);
    check_op(ISA_v_mul_hi_u32_u24, 2, r_mulhi_u24);
}
END_TEST

START_TEST(test_vop3_int)
{
    check_op(ISA_v_mad_i32_i24, 3, r_mad_i24);
    check_op(ISA_v_mad_u32_u24, 3, r_mad_u24);
    check_op(ISA_v_bfe_u32, 3, r_bfe_u);
    check_op(ISA_v_bfe_i32, 3, r_bfe_i);
    check_op(ISA_v_bfi_b32, 3, r_bfi);
    check_op(ISA_v_alignbit_b32, 3, r_alignbit);
    check_op(ISA_v_alignbyte_b32, 3, r_alignbyte);
    check_op(ISA_v_min3_i32, 3, r_min3_i);
    check_op(ISA_v_max3_i32, 3, r_max3_i);
    check_op(ISA_v_med3_i32, 3, r_med3_i);
    check_op(ISA_v_min3_u32, 3, r_min3_u);
    check_op(ISA_v_max3_u32, 3, r_max3_u);
    check_op(ISA_v_med3_u32, 3, r_med3_u);
    check_op(ISA_v_mul_lo_u32, 2, r_mul_lo);
    check_op(ISA_v_mul_lo_i32, 2, r_mul_lo);
    check_op(ISA_v_mul_hi_u32, 2, r_mul_hi_u);
    check_op(ISA_v_mul_hi_i32, 2, r_mul_hi_i);
    check_op(ISA_v_bcnt_u32_b32, 2, r_bcnt);
    check_op(ISA_v_mbcnt_lo_u32_b32, 2, r_mbcnt_lo);
    check_op(ISA_v_mbcnt_hi_u32_b32, 2, r_mbcnt_hi);
    check_op(ISA_v_bfm_b32, 2, r_bfm);
}
END_TEST

/* Hand-derived values for the trickiest rules. */
START_TEST(test_int_hand_values)
{
    ck_assert_uint_eq(r_ffbh_i(0x40000000u, 0, 0, 0), 1);   /* RDNA ISA guide examples */
    ck_assert_uint_eq(r_ffbh_i(0xfffffffeu, 0, 0, 0), 31);
    ck_assert_uint_eq(r_ffbh_i(0x0fffffffu, 0, 0, 0), 4);
    ck_assert_uint_eq(r_bfe_i(0x00000f00u, 8, 4, 0), 0xffffffffu);
    ck_assert_uint_eq(r_bfe_i(0x80000000u, 28, 8, 0), 0xfffffff8u);
    ck_assert_uint_eq(r_mulhi_i24(0x00800000u, 0x00800000u, 0, 0), 0x4000);  /* (-2^23)^2 = 2^46 */

    ut_machine_t *m = ut_machine_new();
    ut_vset_all(m, 1, 0x00800000u);
    ut_vset_all(m, 2, 0x00000002u);
    isa_inst_t in = ut_inst(ISA_v_mul_hi_i32_i24);
    in.vdst = ut_v(0);
    in.src[0] = ut_v(1);
    in.src[1] = ut_v(2);
    ut_run(m, &in); /* -2^23 * 2 = -2^24: high half all ones */
    ck_assert_uint_eq(ut_vreg(m, 0)[5], 0xffffffffu);
    in.op = ISA_v_mul_i32_i24;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[5], 0xff000000u);
    /* 16-bit shift: only 4 bits of the amount, and the high half of the result is zero. */
    ut_vset_all(m, 1, 17);
    ut_vset_all(m, 2, 0xabcd8001u);
    in.op = ISA_v_lshlrev_b16;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0x0002u);
    free(m);
}
END_TEST

/* ---- carries ------------------------------------------------------------------------------------- */

typedef enum { K_ADD, K_SUB, K_SUBREV } kind_t;

static void check_carry(isa_op_t op, kind_t kind, bool cin, bool e64)
{
    uint64_t rng = 77 + (uint64_t)op;
    for (int r = 0; r < TV_ROUNDS; r++) {
        ut_machine_t *m = ut_machine_new();
        tv_fill(m, 1, tv_int_edges, NEDGE, 0, r, &rng);
        tv_fill(m, 2, tv_int_edges, NEDGE, 1, r, &rng);
        ut_vset_all(m, 0, TV_SENTINEL);
        uint64_t exec = tv_exec_patterns[r];
        ut_set_exec(m, exec);
        uint64_t cmask = ((uint64_t)tv_rand(&rng) << 32) | tv_rand(&rng);
        /* carry-in in VCC (e32) or s[12:13] (e64); carry-out to VCC or s[10:11] */
        unsigned cin_reg = e64 ? 12 : ISA_REG_VCC_LO;
        m->w.sreg[cin_reg] = (uint32_t)cmask;
        m->w.sreg[cin_reg + 1] = (uint32_t)(cmask >> 32);
        m->w.sreg[10] = m->w.sreg[11] = 0xaaaaaaaau;
        isa_inst_t in = ut_inst(op);
        in.e64 = e64;
        in.vdst = ut_v(0);
        in.sdst = e64 ? ut_sr(10, 2) : ut_vcc();
        in.src[0] = ut_v(1);
        in.src[1] = ut_v(2);
        if (cin)
            in.src[2] = e64 ? ut_sr(12, 2) : ut_vcc();
        isa_exec_result_t res = ut_run(m, &in);
        ck_assert_int_eq(res.status, ISA_EXEC_OK);
        uint64_t want_mask = 0;
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            int64_t a = ut_vreg(m, 1)[l], b = ut_vreg(m, 2)[l], ci = cin ? (int64_t)(cmask >> l & 1) : 0;
            int64_t x = kind == K_SUBREV ? b : a, y = kind == K_SUBREV ? a : b;
            int64_t exact = kind == K_ADD ? x + y + ci : x - y - ci;
            bool cy = kind == K_ADD ? exact > 0xffffffffll : exact < 0;
            TV_CHECK_LANE(m, 0, exec, l, (uint32_t)((uint64_t)exact & 0xffffffffu), isa_ops[op].name);
            if (cy && (exec >> l & 1))
                want_mask |= 1ull << l;
        }
        unsigned cout = e64 ? 10 : ISA_REG_VCC_LO;
        uint64_t got = (uint64_t)m->w.sreg[cout] | (uint64_t)m->w.sreg[cout + 1] << 32;
        ck_assert_msg(got == want_mask, "%s carry mask %016llx want %016llx", isa_ops[op].name,
                      (unsigned long long)got, (unsigned long long)want_mask);
        free(m);
    }
}

START_TEST(test_carries)
{
    for (int e = 0; e < 2; e++) {
        check_carry(ISA_v_add_u32, K_ADD, false, e);
        check_carry(ISA_v_sub_u32, K_SUB, false, e);
        check_carry(ISA_v_subrev_u32, K_SUBREV, false, e);
        check_carry(ISA_v_addc_u32, K_ADD, true, e);
        check_carry(ISA_v_subb_u32, K_SUB, true, e);
        check_carry(ISA_v_subbrev_u32, K_SUBREV, true, e);
    }
    /* 0xffffffff + 1 + carry-in 1 = 1, carry out */
    ut_machine_t *m = ut_machine_new();
    ut_vset_all(m, 1, 0xffffffffu);
    m->w.sreg[ISA_REG_VCC_LO] = m->w.sreg[ISA_REG_VCC_HI] = 0xffffffffu;
    isa_inst_t in = ut_inst(ISA_v_addc_u32);
    in.vdst = ut_v(0);
    in.sdst = ut_vcc();
    in.src[0] = ut_ic(1);
    in.src[1] = ut_v(1);
    in.src[2] = ut_vcc();
    ut_set_exec(m, 0xffull);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 1);
    ck_assert_uint_eq(m->w.sreg[ISA_REG_VCC_LO], 0xff);
    ck_assert_uint_eq(m->w.sreg[ISA_REG_VCC_HI], 0);
    free(m);
}
END_TEST

/* ---- 64-bit ops ------------------------------------------------------------------------------- */

static uint64_t rd64(ut_machine_t *m, unsigned reg, int l)
{
    return (uint64_t)ut_vreg(m, reg)[l] | (uint64_t)ut_vreg(m, reg + 1)[l] << 32;
}

START_TEST(test_mad64)
{
    for (int sgn = 0; sgn < 2; sgn++) {
        isa_op_t op = sgn ? ISA_v_mad_i64_i32 : ISA_v_mad_u64_u32;
        uint64_t rng = 5 + (uint64_t)sgn;
        for (int r = 0; r < TV_ROUNDS; r++) {
            ut_machine_t *m = ut_machine_new();
            for (unsigned s = 0; s < 4; s++)
                tv_fill(m, 2 + s, tv_int_edges, NEDGE, (int)s, r, &rng);
            ut_vset_all(m, 0, TV_SENTINEL);
            ut_vset_all(m, 1, TV_SENTINEL);
            uint64_t exec = tv_exec_patterns[r];
            ut_set_exec(m, exec);
            isa_inst_t in = ut_inst(op);
            in.vdst = ut_vr(0, 2);
            in.sdst = ut_sr(20, 2);
            in.src[0] = ut_v(2);
            in.src[1] = ut_v(3);
            in.src[2] = ut_vr(4, 2);
            ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
            uint64_t want_mask = 0;
            for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                uint32_t a = ut_vreg(m, 2)[l], b = ut_vreg(m, 3)[l];
                uint64_t c = rd64(m, 4, l);
                /* two's-complement 128-bit sum as (hi, lo) limbs */
                uint64_t p = sgn ? (uint64_t)(sx32(a) * sx32(b)) : (uint64_t)a * b;
                uint64_t lo = p + c;
                uint64_t hi = (sgn && (p >> 63) ? ~0ull : 0) + (sgn && (c >> 63) ? ~0ull : 0) + (lo < p);
                TV_CHECK_LANE(m, 0, exec, l, (uint32_t)lo, "mad64 lo");
                TV_CHECK_LANE(m, 1, exec, l, (uint32_t)(lo >> 32), "mad64 hi");
                if ((hi & 1) && (exec >> l & 1))
                    want_mask |= 1ull << l;
            }
            uint64_t got = (uint64_t)m->w.sreg[20] | (uint64_t)m->w.sreg[21] << 32;
            ck_assert_msg(got == want_mask, "%s carry %016llx want %016llx", isa_ops[op].name,
                          (unsigned long long)got, (unsigned long long)want_mask);
            free(m);
        }
    }
}
END_TEST

START_TEST(test_shift64)
{
    static const isa_op_t ops[3] = { ISA_v_lshlrev_b64, ISA_v_lshrrev_b64, ISA_v_ashrrev_i64 };
    for (int k = 0; k < 3; k++) {
        uint64_t rng = 11 + (uint64_t)k;
        for (int r = 0; r < TV_ROUNDS; r++) {
            ut_machine_t *m = ut_machine_new();
            tv_fill(m, 2, tv_int_edges, NEDGE, 0, r, &rng);
            tv_fill(m, 3, tv_int_edges, NEDGE, 1, r, &rng);
            tv_fill(m, 4, tv_int_edges, NEDGE, 2, r, &rng);
            ut_vset_all(m, 0, TV_SENTINEL);
            ut_vset_all(m, 1, TV_SENTINEL);
            uint64_t exec = tv_exec_patterns[r];
            ut_set_exec(m, exec);
            isa_inst_t in = ut_inst(ops[k]);
            in.vdst = ut_vr(0, 2);
            in.src[0] = ut_v(2);
            in.src[1] = ut_vr(3, 2);
            ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
            for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                unsigned s = ut_vreg(m, 2)[l] % 64;
                uint64_t v = rd64(m, 3, l), want = v;
                for (unsigned i = 0; i < s; i++) /* one bit at a time */
                    want = k == 0 ? want << 1 : k == 1 ? want >> 1 : (want >> 1) | (want & (1ull << 63));
                TV_CHECK_LANE(m, 0, exec, l, (uint32_t)want, isa_ops[ops[k]].name);
                TV_CHECK_LANE(m, 1, exec, l, (uint32_t)(want >> 32), isa_ops[ops[k]].name);
            }
            free(m);
        }
    }
}
END_TEST

/* ---- cndmask and the lane ops ---------------------------------------------------------------- */

START_TEST(test_cndmask)
{
    for (int e64 = 0; e64 < 2; e64++) {
        ut_machine_t *m = ut_machine_new();
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            ut_vreg(m, 1)[l] = 1000u + (uint32_t)l;
            ut_vreg(m, 2)[l] = 2000u + (uint32_t)l;
        }
        ut_vset_all(m, 0, TV_SENTINEL);
        uint64_t mask = 0x0f0f00ff12345678ull, exec = 0xffff0000ffffff00ull;
        unsigned mreg = e64 ? 30 : ISA_REG_VCC_LO;
        m->w.sreg[mreg] = (uint32_t)mask;
        m->w.sreg[mreg + 1] = (uint32_t)(mask >> 32);
        ut_set_exec(m, exec);
        isa_inst_t in = ut_inst(ISA_v_cndmask_b32);
        in.e64 = (uint8_t)e64;
        in.vdst = ut_v(0);
        in.src[0] = ut_v(1);
        in.src[1] = ut_v(2);
        in.src[2] = e64 ? ut_sr(30, 2) : ut_vcc();
        ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            TV_CHECK_LANE(m, 0, exec, l, (mask >> l & 1) ? 2000u + (uint32_t)l : 1000u + (uint32_t)l, "cndmask");
        free(m);
    }
}
END_TEST

START_TEST(test_lane_ops)
{
    ut_machine_t *m = ut_machine_new();
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ut_vreg(m, 3)[l] = 0x100u + (uint32_t)l;
    /* readfirstlane: first EXEC lane; lane 0 when EXEC is empty */
    isa_inst_t in = ut_inst(ISA_v_readfirstlane_b32);
    in.sdst = ut_s(7);
    in.src[0] = ut_v(3);
    ut_set_exec(m, 0x0000100000000000ull);
    ut_run(m, &in);
    ck_assert_uint_eq(m->w.sreg[7], 0x100u + 44);
    ut_set_exec(m, 0);
    ut_run(m, &in);
    ck_assert_uint_eq(m->w.sreg[7], 0x100u);
    /* readlane: select & 63, EXEC ignored */
    in = ut_inst(ISA_v_readlane_b32);
    in.sdst = ut_s(8);
    in.src[0] = ut_v(3);
    in.src[1] = ut_s(9);
    m->w.sreg[9] = 64 + 37;
    ut_run(m, &in);
    ck_assert_uint_eq(m->w.sreg[8], 0x100u + 37);
    in.src[1] = ut_ic(63);
    ut_run(m, &in);
    ck_assert_uint_eq(m->w.sreg[8], 0x100u + 63);
    /* writelane: one lane written even with EXEC empty, others untouched */
    in = ut_inst(ISA_v_writelane_b32);
    in.vdst = ut_v(3);
    in.src[0] = ut_s(9);
    in.src[1] = ut_ic(5);
    m->w.sreg[9] = 0xcafe;
    ut_run(m, &in);
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ck_assert_uint_eq(ut_vreg(m, 3)[l], l == 5 ? 0xcafeu : 0x100u + (uint32_t)l);
    free(m);
}
END_TEST

/* ---- constants, literals and the fault path -------------------------------------------------- */

START_TEST(test_constants_and_literals)
{
    ut_machine_t *m = ut_machine_new();
    isa_inst_t in = ut_inst(ISA_v_mov_b32);
    in.vdst = ut_v(0);
    in.src[0] = ut_ic(-16);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[63], 0xfffffff0u);
    in.src[0] = ut_ic(64);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 64);
    in.src[0] = (isa_operand_t){ ISA_CONST_F_HALF, 1, 0, 0 };
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0x3f000000u);
    in.src[0] = ut_lit();
    in.literal = 0x12345678u;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[17], 0x12345678u);
    /* literal + VGPR with carry: 0x80000000 + 0x80000000 wraps to 0 with carry */
    ut_vset_all(m, 1, 0x80000000u);
    in = ut_inst(ISA_v_add_u32);
    in.vdst = ut_v(0);
    in.sdst = ut_vcc();
    in.src[0] = ut_lit();
    in.literal = 0x80000000u;
    in.src[1] = ut_v(1);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[3], 0);
    ck_assert_uint_eq(m->w.sreg[ISA_REG_VCC_LO], 0xffffffffu);
    /* inline -1 as a 64-bit operand is sign-extended: all 64 bits set */
    in = ut_inst(ISA_v_lshrrev_b64);
    in.vdst = ut_vr(0, 2);
    in.src[0] = ut_ic(4);
    in.src[1] = ut_ic(-1);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[9], 0xffffffffu);
    ck_assert_uint_eq(ut_vreg(m, 1)[9], 0x0fffffffu);
    /* SGPR source broadcast to every lane */
    m->w.sreg[4] = 3;
    in = ut_inst(ISA_v_lshlrev_b32);
    in.vdst = ut_v(0);
    in.src[0] = ut_s(4);
    in.src[1] = ut_ic(5);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[40], 40);
    free(m);
}
END_TEST

START_TEST(test_bad_operands_fault)
{
    ut_machine_t *m = ut_machine_new();
    m->w.nvgpr = 8;
    isa_inst_t in = ut_inst(ISA_v_mov_b32);
    in.vdst = ut_v(8);
    in.src[0] = ut_v(1);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "v_mov_b32"));
    in.vdst = ut_s(3); /* a VGPR destination that is not a VGPR */
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    in = ut_inst(ISA_v_lshlrev_b64); /* the pair v[7:8] crosses the end */
    in.vdst = ut_v(7);
    in.src[0] = ut_v(0);
    in.src[1] = ut_v(0);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    free(m);
}
END_TEST

/* ---- every VALU op executes --------------------------------------------------------------------- */

/* Build operands from the signature: D* -> v10.., d -> s10, C/c -> vcc, S/V -> v20+4i, s -> s12,
 * K -> the literal. */
static isa_inst_t inst_from_sig(isa_op_t op)
{
    isa_inst_t in = ut_inst(op);
    const char *p = isa_ops[op].sig;
    int ns = 0;
    while (*p) {
        char c = *p++;
        unsigned n = (*p >= '0' && *p <= '9') ? (unsigned)(*p++ - '0') : 1;
        switch (c) {
        case 'D': in.vdst = ut_vr(10, n); break;
        case 'd': in.sdst = ut_sr(10, n); break;
        case 'C': in.sdst = ut_vcc(); break;
        case 'c': in.src[ns++] = ut_vcc(); break;
        case 'S':
        case 'V': in.src[ns] = ut_vr(20 + 4 * (unsigned)ns, n); ns++; break;
        case 's': in.src[ns++] = ut_s(12); break;
        case 'K': in.src[ns++] = ut_lit(); in.literal = 0x40000000u; break;
        default: break;
        }
        while (*p == ' ')
            p++;
    }
    in.nsrc = (uint8_t)ns;
    return in;
}

START_TEST(test_every_valu_op_runs)
{
    int count = 0;
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        isa_enc_t e = isa_ops[op].enc;
        if (e != ISA_ENC_VOP1 && e != ISA_ENC_VOP2 && e != ISA_ENC_VOPC && e != ISA_ENC_VOP3)
            continue;
        if (!isa_op_on_target((isa_op_t)op, ISA_TARGET_GFX803) && !isa_op_on_target((isa_op_t)op, ISA_TARGET_GFX906))
            continue; /* CDNA only (AGPR operands): test_agpr.c and the CDNA tests */
        ut_machine_t *m = ut_machine_new();
        for (unsigned r = 20; r < 40; r++)
            for (int l = 0; l < ISA_WAVE_SIZE; l++)
                ut_vreg(m, r)[l] = (uint32_t)(l * 0x01010101u + r);
        isa_inst_t in = inst_from_sig((isa_op_t)op);
        if (op == ISA_v_movrels_b32 || op == ISA_v_movreld_b32 || op == ISA_v_movrelsd_b32)
            m->w.sreg[ISA_REG_M0] = 1; /* M0-relative: the test machine's M0 of ~0 would fault */
        isa_exec_result_t res = ut_run(m, &in);
        ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", isa_ops[op].name, res.fault_msg);
        ck_assert_uint_eq(m->w.pc, 1);
        count++;
        free(m);
    }
    ck_assert_int_gt(count, 200);
}
END_TEST

static Suite *valu_suite(void)
{
    Suite *s = suite_create("valu_int");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_vop1_int);
    tcase_add_test(tc, test_vop2_int);
    tcase_add_test(tc, test_vop3_int);
    tcase_add_test(tc, test_int_hand_values);
    tcase_add_test(tc, test_carries);
    tcase_add_test(tc, test_mad64);
    tcase_add_test(tc, test_shift64);
    tcase_add_test(tc, test_cndmask);
    tcase_add_test(tc, test_lane_ops);
    tcase_add_test(tc, test_constants_and_literals);
    tcase_add_test(tc, test_bad_operands_fault);
    tcase_add_test(tc, test_every_valu_op_runs);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(valu_suite)

/* The gfx9 VALU instructions that are not packed math (exec_valu9.c, the valu9 block of isa.def)
 * and the gfx9 rule for the high half of a 16-bit result (exec_valu_f16.c), against references
 * written here independently of the code under test: 64-bit host arithmetic and clamps for the
 * integer ops, sorting for min3/max3/med3, explicit shifts for the op_sel halves, and values
 * derived by hand from the IEEE binary16 format for the f16 ops (the Vega ISA manual's
 * definitions, docs/semantics-valu.md "gfx9"). Every run puts a sentinel in the destination:
 * inactive lanes must keep it, and a 16-bit result must keep the other half of it. */
#include "test_valu.h"

#include <math.h>

#define SENT 0xa5a5c3c3u

/* Run `in` (vdst v0, sources v1..v3 unless the caller set others) with the sources' lanes from
 * tv_value over the integer edges and every EXEC pattern; check lane by lane against ref. */
typedef uint32_t (*ref3_fn)(uint32_t a, uint32_t b, uint32_t c, unsigned op_sel, bool clamp);

static void check3(isa_op_t op, int nsrc, unsigned op_sel, bool clamp, ref3_fn ref)
{
    uint64_t rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)op * 77 ^ op_sel;
    for (int r = 0; r < TV_ROUNDS; r++) {
        ut_machine_t *m = ut_machine_new();
        m->w.target = ISA_TARGET_GFX900;
        for (int s = 0; s < 3; s++)
            tv_fill(m, 1 + (unsigned)s, tv_int_edges, sizeof tv_int_edges / sizeof tv_int_edges[0], s, r, &rng);
        ut_vset_all(m, 0, SENT);
        uint64_t exec = tv_exec_patterns[r];
        ut_set_exec(m, exec);
        isa_inst_t in = ut_inst(op);
        in.vdst = ut_v(0);
        for (int s = 0; s < nsrc; s++)
            in.src[s] = ut_v(1 + (unsigned)s);
        in.nsrc = (uint8_t)nsrc;
        in.op_sel = (uint8_t)op_sel;
        in.clamp = clamp;
        isa_exec_result_t res = ut_run(m, &in);
        ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", isa_ops[op].name, res.fault_msg);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            uint32_t a = ut_vreg(m, 1)[l], b = ut_vreg(m, 2)[l], c = ut_vreg(m, 3)[l];
            uint32_t want = exec >> l & 1 ? ref(a, b, c, op_sel, clamp) : SENT;
            uint32_t got = ut_vreg(m, 0)[l];
            ck_assert_msg(got == want, "%s op_sel %x clamp %d lane %d: %08x %08x %08x -> got %08x want %08x",
                          isa_ops[op].name, op_sel, clamp, l, a, b, c, got, want);
        }
        free(m);
    }
}

/* ---- 32-bit integer references ---- */

static uint32_t r_add_nc(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    (void)c, (void)os;
    uint64_t s = (uint64_t)a + b;
    return cl && s > 0xffffffffull ? 0xffffffffu : (uint32_t)s;
}
static uint32_t r_sub_nc(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    (void)c, (void)os;
    int64_t s = (int64_t)a - (int64_t)b;
    return cl && s < 0 ? 0 : (uint32_t)s;
}
static uint32_t r_subrev_nc(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { return r_sub_nc(b, a, c, os, cl); }
static uint32_t r_xnor(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { (void)c, (void)os, (void)cl; return (a & b) | (~a & ~b); }
static uint32_t r_xad(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { (void)os, (void)cl; return (uint32_t)(((uint64_t)(a ^ b) + c) & 0xffffffffu); }
static uint32_t r_lshl_add(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    (void)os, (void)cl;
    return (uint32_t)((uint64_t)a * (1ull << (b % 32)) + c);
}
static uint32_t r_add_lshl(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    (void)os, (void)cl;
    return (uint32_t)(((uint64_t)a + b) * (1ull << (c % 32)));
}
static uint32_t r_add3(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { (void)os, (void)cl; return (uint32_t)((uint64_t)a + b + c); }
static uint32_t r_lshl_or(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    (void)os, (void)cl;
    return (uint32_t)((uint64_t)a * (1ull << (b % 32))) | c;
}
static uint32_t r_and_or(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { (void)os, (void)cl; return ~(~a | ~b) | c; }
static uint32_t r_or3(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { (void)os, (void)cl; return ~(~a & ~b & ~c); }
static int64_t sx32(uint32_t v) { return v & 0x80000000u ? (int64_t)v - 0x100000000ll : (int64_t)v; }
static uint32_t clamp64(int64_t v, int64_t lo, int64_t hi) { return (uint32_t)(uint64_t)(v < lo ? lo : v > hi ? hi : v); }
static uint32_t r_add_i32(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    (void)c, (void)os;
    int64_t s = sx32(a) + sx32(b);
    return cl ? clamp64(s, -2147483648ll, 2147483647ll) : (uint32_t)(uint64_t)s;
}
static uint32_t r_sub_i32(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    (void)c, (void)os;
    int64_t s = sx32(a) - sx32(b);
    return cl ? clamp64(s, -2147483648ll, 2147483647ll) : (uint32_t)(uint64_t)s;
}
/* v_sat_pk_u8_i16: each signed 16-bit half to [0, 255], packed into the low two bytes */
static uint32_t r_sat_pk(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    (void)b, (void)c, (void)os, (void)cl;
    uint32_t out = 0;
    for (int k = 0; k < 2; k++) {
        int v = (int)((a >> (16 * k)) & 0xffffu);
        if (v >= 0x8000)
            v -= 0x10000;
        out |= (uint32_t)(v < 0 ? 0 : v > 255 ? 255 : v) << (8 * k);
    }
    return out;
}

START_TEST(test_int32)
{
    for (int cl = 0; cl < 2; cl++) {
        check3(ISA_v_add_nc_u32, 2, 0, cl, r_add_nc);
        check3(ISA_v_sub_nc_u32, 2, 0, cl, r_sub_nc);
        check3(ISA_v_subrev_nc_u32, 2, 0, cl, r_subrev_nc);
        check3(ISA_v_add_i32, 2, 0, cl, r_add_i32);
        check3(ISA_v_sub_i32, 2, 0, cl, r_sub_i32);
    }
    check3(ISA_v_xnor_b32, 2, 0, false, r_xnor);
    check3(ISA_v_xad_u32, 3, 0, false, r_xad);
    check3(ISA_v_lshl_add_u32, 3, 0, false, r_lshl_add);
    check3(ISA_v_add_lshl_u32, 3, 0, false, r_add_lshl);
    check3(ISA_v_add3_u32, 3, 0, false, r_add3);
    check3(ISA_v_lshl_or_b32, 3, 0, false, r_lshl_or);
    check3(ISA_v_and_or_b32, 3, 0, false, r_and_or);
    check3(ISA_v_or3_b32, 3, 0, false, r_or3);
    check3(ISA_v_sat_pk_u8_i16, 1, 0, false, r_sat_pk);
}
END_TEST

/* A few by hand: the carries, the saturations and the packing. */
static uint32_t one(isa_op_t op, uint32_t a, uint32_t b, uint32_t c, unsigned op_sel, bool clamp, uint32_t old)
{
    ut_machine_t *m = ut_machine_new();
    m->w.target = ISA_TARGET_GFX900;
    ut_vset_all(m, 0, old);
    ut_vset_all(m, 1, a);
    ut_vset_all(m, 2, b);
    ut_vset_all(m, 3, c);
    isa_inst_t in = ut_inst(op);
    in.vdst = ut_v(0);
    int n = 0;
    for (const char *p = isa_ops[op].sig; *p; p++)
        n += (p == isa_ops[op].sig || p[-1] == ' ') && *p != 'D';
    for (int s = 0; s < n; s++)
        in.src[s] = ut_v(1 + (unsigned)s);
    in.nsrc = (uint8_t)n;
    in.op_sel = (uint8_t)op_sel;
    in.clamp = clamp;
    isa_exec_result_t res = ut_run(m, &in);
    ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", isa_ops[op].name, res.fault_msg);
    uint32_t d = ut_vreg(m, 0)[17];
    free(m);
    return d;
}

START_TEST(test_int32_hand)
{
    ck_assert_uint_eq(one(ISA_v_add_nc_u32, 0xffffffffu, 2, 0, 0, false, 0), 1);
    ck_assert_uint_eq(one(ISA_v_add_nc_u32, 0xffffffffu, 2, 0, 0, true, 0), 0xffffffffu);
    ck_assert_uint_eq(one(ISA_v_sub_nc_u32, 1, 2, 0, 0, false, 0), 0xffffffffu);
    ck_assert_uint_eq(one(ISA_v_sub_nc_u32, 1, 2, 0, 0, true, 0), 0);
    ck_assert_uint_eq(one(ISA_v_subrev_nc_u32, 1, 2, 0, 0, true, 0), 1);
    ck_assert_uint_eq(one(ISA_v_add_i32, 0x7fffffffu, 1, 0, 0, false, 0), 0x80000000u);
    ck_assert_uint_eq(one(ISA_v_add_i32, 0x7fffffffu, 1, 0, 0, true, 0), 0x7fffffffu);
    ck_assert_uint_eq(one(ISA_v_sub_i32, 0x80000000u, 1, 0, 0, true, 0), 0x80000000u);
    ck_assert_uint_eq(one(ISA_v_sub_i32, 0x80000000u, 1, 0, 0, false, 0), 0x7fffffffu);
    ck_assert_uint_eq(one(ISA_v_lshl_add_u32, 3, 4, 5, 0, false, 0), 53);
    ck_assert_uint_eq(one(ISA_v_lshl_add_u32, 3, 36, 5, 0, false, 0), 53); /* the shift is [4:0] */
    ck_assert_uint_eq(one(ISA_v_add_lshl_u32, 0xffffffffu, 2, 1, 0, false, 0), 2);
    ck_assert_uint_eq(one(ISA_v_add3_u32, 0xffffffffu, 0xffffffffu, 3, 0, false, 0), 1);
    ck_assert_uint_eq(one(ISA_v_xad_u32, 0xf0, 0xff, 1, 0, false, 0), 0x10);
    ck_assert_uint_eq(one(ISA_v_lshl_or_b32, 1, 31, 1, 0, false, 0), 0x80000001u);
    ck_assert_uint_eq(one(ISA_v_and_or_b32, 0xff00ff00u, 0x0ff00ff0u, 1, 0, false, 0), 0x0f000f01u);
    ck_assert_uint_eq(one(ISA_v_or3_b32, 1, 2, 4, 0, false, 0), 7);
    ck_assert_uint_eq(one(ISA_v_xnor_b32, 0xf0f0f0f0u, 0xff00ff00u, 0, 0, false, 0), 0xf00ff00fu);
    ck_assert_uint_eq(one(ISA_v_sat_pk_u8_i16, 0x8000017fu, 0, 0, 0, false, SENT), 0x00ff);
    ck_assert_uint_eq(one(ISA_v_sat_pk_u8_i16, 0x00ffffffu, 0, 0, 0, false, SENT), 0xff00);
}
END_TEST

/* ---- 16-bit integer ops with op_sel ---- */

static uint32_t half(uint32_t v, unsigned op_sel, int k) { return (op_sel >> k & 1) ? v >> 16 : v & 0xffffu; }
static int32_t shalf(uint32_t v, unsigned op_sel, int k) { int32_t x = (int32_t)half(v, op_sel, k); return x >= 0x8000 ? x - 0x10000 : x; }
/* a 16-bit result into the half op_sel[3] names, the other half of the sentinel kept */
static uint32_t put(uint32_t r, unsigned op_sel) { r &= 0xffffu; return op_sel & 8 ? (SENT & 0xffffu) | r << 16 : (SENT & 0xffff0000u) | r; }

static void sort3(int64_t v[3])
{
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (v[j] < v[i]) {
                int64_t t = v[i];
                v[i] = v[j];
                v[j] = t;
            }
}
static uint32_t r_sorted(uint32_t a, uint32_t b, uint32_t c, unsigned os, int which, bool is_signed)
{
    int64_t v[3] = { is_signed ? shalf(a, os, 0) : (int64_t)half(a, os, 0),
                     is_signed ? shalf(b, os, 1) : (int64_t)half(b, os, 1),
                     is_signed ? shalf(c, os, 2) : (int64_t)half(c, os, 2) };
    sort3(v);
    return put((uint32_t)v[which], os);
}
static uint32_t r_min3_u16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { (void)cl; return r_sorted(a, b, c, os, 0, false); }
static uint32_t r_med3_u16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { (void)cl; return r_sorted(a, b, c, os, 1, false); }
static uint32_t r_max3_u16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { (void)cl; return r_sorted(a, b, c, os, 2, false); }
static uint32_t r_min3_i16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { (void)cl; return r_sorted(a, b, c, os, 0, true); }
static uint32_t r_med3_i16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { (void)cl; return r_sorted(a, b, c, os, 1, true); }
static uint32_t r_max3_i16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl) { (void)cl; return r_sorted(a, b, c, os, 2, true); }
static uint32_t r_add_i16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    (void)c;
    int64_t s = (int64_t)shalf(a, os, 0) + shalf(b, os, 1);
    return put(cl ? clamp64(s, -32768, 32767) : (uint32_t)(uint64_t)s, os);
}
static uint32_t r_sub_i16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    (void)c;
    int64_t s = (int64_t)shalf(a, os, 0) - shalf(b, os, 1);
    return put(cl ? clamp64(s, -32768, 32767) : (uint32_t)(uint64_t)s, os);
}
static uint32_t r_mad_u16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    uint64_t s = (uint64_t)half(a, os, 0) * half(b, os, 1) + half(c, os, 2);
    return put(cl && s > 0xffffu ? 0xffffu : (uint32_t)s, os);
}
static uint32_t r_mad_i16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    int64_t s = (int64_t)shalf(a, os, 0) * shalf(b, os, 1) + shalf(c, os, 2);
    return put(cl ? clamp64(s, -32768, 32767) : (uint32_t)(uint64_t)s, os);
}
/* 32-bit results: op_sel[3] has no half to pick */
static uint32_t r_mad_u32_u16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    uint64_t s = (uint64_t)half(a, os, 0) * half(b, os, 1) + c;
    return cl && s > 0xffffffffull ? 0xffffffffu : (uint32_t)s;
}
static uint32_t r_mad_i32_i16(uint32_t a, uint32_t b, uint32_t c, unsigned os, bool cl)
{
    int64_t s = (int64_t)shalf(a, os, 0) * shalf(b, os, 1) + sx32(c);
    return cl ? clamp64(s, -2147483648ll, 2147483647ll) : (uint32_t)(uint64_t)s;
}

START_TEST(test_int16_op_sel)
{
    static const struct { isa_op_t op; int nsrc; ref3_fn ref; } ops[] = {
        { ISA_v_min3_u16, 3, r_min3_u16 }, { ISA_v_med3_u16, 3, r_med3_u16 }, { ISA_v_max3_u16, 3, r_max3_u16 },
        { ISA_v_min3_i16, 3, r_min3_i16 }, { ISA_v_med3_i16, 3, r_med3_i16 }, { ISA_v_max3_i16, 3, r_max3_i16 },
        { ISA_v_add_i16, 2, r_add_i16 },   { ISA_v_sub_i16, 2, r_sub_i16 },
        { ISA_v_mad_u16_gfx9, 3, r_mad_u16 }, { ISA_v_mad_i16_gfx9, 3, r_mad_i16 },
        { ISA_v_mad_u32_u16, 3, r_mad_u32_u16 }, { ISA_v_mad_i32_i16, 3, r_mad_i32_i16 },
    };
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
        for (unsigned os = 0; os < 16; os++)
            for (int cl = 0; cl < 2; cl++) {
                unsigned srcbits = (1u << ops[k].nsrc) - 1;
                if (os & ~(srcbits | 8u))
                    continue;
                check3(ops[k].op, ops[k].nsrc, os, cl, ops[k].ref);
            }
}
END_TEST

START_TEST(test_int16_hand)
{
    /* op_sel:[1,0,0,1]: S0 from [31:16], the result into [31:16], [15:0] kept */
    ck_assert_uint_eq(one(ISA_v_add_i16, 0x7fff0001u, 0x00000001u, 0, 0x9, false, 0x12345678u), 0x80005678u);
    ck_assert_uint_eq(one(ISA_v_add_i16, 0x7fff0001u, 0x00000001u, 0, 0x9, true, 0x12345678u), 0x7fff5678u);
    ck_assert_uint_eq(one(ISA_v_sub_i16, 0x00008000u, 0x00000001u, 0, 0, true, 0x12345678u), 0x12348000u);
    ck_assert_uint_eq(one(ISA_v_sub_i16, 0x00008000u, 0x00000001u, 0, 0, false, 0x12345678u), 0x12347fffu);
    ck_assert_uint_eq(one(ISA_v_med3_i16, 0xffff0005u, 0x00030000u, 0x00000002u, 0x3, false, 0), 0x0002u); /* -1 3 2 */
    ck_assert_uint_eq(one(ISA_v_max3_u16, 0xffff0005u, 0x00030000u, 0x00000002u, 0x3, false, 0), 0xffffu);
    ck_assert_uint_eq(one(ISA_v_mad_u32_u16, 0xffff0002u, 0x0003ffffu, 0x10u, 0x3, false, 0), 0x3 * 0xffffu + 0x10);
    ck_assert_uint_eq(one(ISA_v_mad_i32_i16, 0xffff0002u, 0x0003ffffu, 0x10u, 0x0, false, 0), 0xeu); /* 2 * -1 + 16 */
    ck_assert_uint_eq(one(ISA_v_mad_u32_u16, 0xffffu, 0xffffu, 0xffffffffu, 0, true, 0), 0xffffffffu);
    ck_assert_uint_eq(one(ISA_v_mad_u16_gfx9, 0x100u, 0x100u, 0x5u, 0, true, 0xabcd0000u), 0xabcdffffu);
    ck_assert_uint_eq(one(ISA_v_mad_u16_gfx9, 0x100u, 0x100u, 0x5u, 0, false, 0xabcd0000u), 0xabcd0005u);
}
END_TEST

/* An inline constant as a 16-bit source: its 32-bit value's half (-1: 0xffff either way; an f16
 * float constant is its pattern in [15:0], 0 above). */
START_TEST(test_op_sel_constants)
{
    ut_machine_t *m = ut_machine_new();
    ut_vset_all(m, 0, 0);
    ut_vset_all(m, 2, 0x00010002u);
    isa_inst_t in = ut_inst(ISA_v_add_i16);
    in.vdst = ut_v(0);
    in.src[0] = ut_ic(-1);
    in.src[1] = ut_v(2);
    in.nsrc = 2;
    in.op_sel = 0x3; /* both high halves: -1 + 1 */
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 0)[3], 0);
    in.src[0] = ut_ic(5);
    in.op_sel = 0x1; /* the high half of 5 is 0: 0 + 2 */
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 0)[3], 2);
    isa_inst_t f = ut_inst(ISA_v_max3_f16);
    f.vdst = ut_v(0);
    f.src[0] = (isa_operand_t){ ISA_CONST_F_HALF + 2, 1, 0, 0 }; /* 1.0 */
    f.src[1] = ut_v(2);
    f.src[2] = ut_v(2);
    f.nsrc = 3;
    ut_vset_all(m, 2, 0x3c003800u); /* hi 1.0, lo 0.5 */
    f.op_sel = 0x0;
    ck_assert_int_eq(ut_run(m, &f).status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 0)[9] & 0xffffu, 0x3c00); /* max(1.0, 0.5, 0.5) */
    f.op_sel = 0x1; /* the constant's high half: +0 */
    ck_assert_int_eq(ut_run(m, &f).status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 0)[9] & 0xffffu, 0x3800);
    free(m);
}
END_TEST

/* ---- f16 ops, by hand ---- */

START_TEST(test_f16_op_sel)
{
    /* 1.5 * 2.0 + 0.25 = 3.25 (0x4280) from the high halves, into the low half */
    uint32_t a = 0x3e000000u, b = 0x40000000u, c = 0x34000000u;
    ck_assert_uint_eq(one(ISA_v_fma_f16_gfx9, a, b, c, 0x7, false, 0x11112222u), 0x11114280u);
    ck_assert_uint_eq(one(ISA_v_mad_f16_gfx9, a, b, c, 0xf, false, 0x11112222u), 0x42802222u);
    /* the low halves are 0: 0 * 0 + 0 = +0 */
    ck_assert_uint_eq(one(ISA_v_fma_f16_gfx9, a, b, c, 0x0, false, 0x11112222u), 0x11110000u);
    /* clamp: 3.25 -> 1.0 */
    ck_assert_uint_eq(one(ISA_v_fma_f16_gfx9, a, b, c, 0x7, true, 0x11112222u), 0x11113c00u);
    /* fma rounds once, mad twice: 1+2^-10 squared = 1 + 2^-9 + 2^-20; minus 1 - 2^-9:
     * fused: 2^-20 (0x0010, a denormal, kept: MODE keeps f16 denormals); unfused: the product rounds
     * to 1 + 2^-9 (0x3c02), the sum is 0, and mad flushes anyway */
    ck_assert_uint_eq(one(ISA_v_fma_f16_gfx9, 0x3c01u, 0x3c01u, 0xbc02u, 0, false, 0), 0x0010u);
    ck_assert_uint_eq(one(ISA_v_mad_f16_gfx9, 0x3c01u, 0x3c01u, 0xbc02u, 0, false, 0), 0x0000u);
    /* div_fixup: 1/0 -> +inf, quotient from the high half ignored for the special case */
    ck_assert_uint_eq(one(ISA_v_div_fixup_f16_gfx9, 0x12340000u, 0x00000000u, 0x3c000000u, 0x4, false, 0), 0x7c00u);
    /* an ordinary quotient: the sign of n/d on |q| */
    ck_assert_uint_eq(one(ISA_v_div_fixup_f16_gfx9, 0x3800u, 0xc000u, 0x3c00u, 0, false, 0), 0xb800u);
    /* min3/max3/med3 over 2, -1, 0.5 from mixed halves */
    ck_assert_uint_eq(one(ISA_v_min3_f16, 0x40000000u, 0x0000bc00u, 0x38000000u, 0x5, false, 0) & 0xffffu, 0xbc00u);
    ck_assert_uint_eq(one(ISA_v_max3_f16, 0x40000000u, 0x0000bc00u, 0x38000000u, 0x5, false, 0) & 0xffffu, 0x4000u);
    ck_assert_uint_eq(one(ISA_v_med3_f16, 0x40000000u, 0x0000bc00u, 0x38000000u, 0x5, false, 0) & 0xffffu, 0x3800u);
    /* NaN: med3 is min3 with a NaN (quiet NaN, IEEE mode: the other operand) */
    ck_assert_uint_eq(one(ISA_v_med3_f16, 0x7e00u, 0x4000u, 0x3800u, 0, false, 0) & 0xffffu, 0x3800u);
    ck_assert_uint_eq(one(ISA_v_max3_f16, 0x7e00u, 0x4000u, 0x3800u, 0, false, 0) & 0xffffu, 0x4000u);
    /* -0 orders below +0 */
    ck_assert_uint_eq(one(ISA_v_min3_f16, 0x0000u, 0x8000u, 0x3c00u, 0, false, 0) & 0xffffu, 0x8000u);
    ck_assert_uint_eq(one(ISA_v_max3_f16, 0x8000u, 0x0000u, 0xbc00u, 0, false, 0) & 0xffffu, 0x0000u);
}
END_TEST

START_TEST(test_pack_norm)
{
    /* v_pack_b32_f16: D = {S1, S0}, halves by op_sel */
    ck_assert_uint_eq(one(ISA_v_pack_b32_f16, 0x11112222u, 0x33334444u, 0, 0x0, false, 0), 0x44442222u);
    ck_assert_uint_eq(one(ISA_v_pack_b32_f16, 0x11112222u, 0x33334444u, 0, 0x3, false, 0), 0x33331111u);
    /* clamp on each half: 2.0 -> 1.0, -1 -> +0 */
    ck_assert_uint_eq(one(ISA_v_pack_b32_f16, 0x4000u, 0xbc00u, 0, 0, true, 0), 0x00003c00u);
    /* snorm: 0.5 * 32767 = 16383.5 -> 16384 (ties to even), -1 -> -32767, 2 -> 32767, NaN -> 0 */
    ck_assert_uint_eq(one(ISA_v_cvt_pknorm_i16_f16, 0x3800u, 0xbc00u, 0, 0, false, 0), 0x80014000u);
    ck_assert_uint_eq(one(ISA_v_cvt_pknorm_i16_f16, 0x40000000u, 0x7e00u, 0, 0x1, false, 0), 0x00007fffu);
    /* unorm: 0.5 * 65535 = 32767.5 -> 32768, negative -> 0, 1 -> 65535 */
    ck_assert_uint_eq(one(ISA_v_cvt_pknorm_u16_f16, 0x3800u, 0xb800u, 0, 0, false, 0), 0x00008000u);
    ck_assert_uint_eq(one(ISA_v_cvt_pknorm_u16_f16, 0x3c00u, 0x3c000000u, 0, 0x2, false, 0), 0xffffffffu);
    /* the VOP1 forms: one value, zero-extended */
    ck_assert_uint_eq(one(ISA_v_cvt_norm_i16_f16, 0xffffb800u, 0, 0, 0, false, SENT), 0xc000u); /* -16383.5 -> -16384 */
    ck_assert_uint_eq(one(ISA_v_cvt_norm_u16_f16, 0xffff3400u, 0, 0, 0, false, SENT), 0x4000u); /* 0.25 -> 16383.75 */
    /* an f16 denormal is not flushed by default: 2^-14 - 2^-24 (0x03ff) * 32767 = 1.99... -> 2 */
    ck_assert_uint_eq(one(ISA_v_cvt_norm_i16_f16, 0x03ffu, 0, 0, 0, false, SENT), 2);
}
END_TEST

START_TEST(test_fmac_swap)
{
    /* fused: (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46, which an unfused multiply-add loses */
    uint32_t x = 0x3f800001u, y = 0xbf800002u;
    ut_machine_t *m = ut_machine_new();
    ut_vset_all(m, 0, y);
    ut_vset_all(m, 1, x);
    isa_inst_t in = ut_inst(ISA_v_fmac_f32);
    in.vdst = ut_v(0);
    in.src[0] = ut_v(1);
    in.src[1] = ut_v(1);
    in.nsrc = 2;
    ut_set_exec(m, 0xffull);
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0x28800000u); /* 2^-46 */
    ck_assert_uint_eq(ut_vreg(m, 0)[8], y);
    /* source modifiers and output modifiers: -(x) * |x| + acc, times 2 */
    ut_vset_all(m, 0, ut_fbits(3.0f));
    ut_vset_all(m, 1, ut_fbits(-2.0f));
    in.src[0] = ut_neg(ut_v(1));
    in.src[1] = ut_abs(ut_v(1));
    in.omod = 1;
    m->w.ieee_mode = 0;
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 0)[1], ut_fbits(14.0f)); /* (2 * 2 + 3) * 2 */
    free(m);

    m = ut_machine_new();
    ut_vset_all(m, 4, 0x44444444u);
    ut_vset_all(m, 5, 0x55555555u);
    ut_set_exec(m, 0x5ull);
    isa_inst_t s = ut_inst(ISA_v_swap_b32);
    s.vdst = ut_v(4);
    s.src[0] = ut_v(5);
    s.nsrc = 1;
    ck_assert_int_eq(ut_run(m, &s).status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 4)[0], 0x55555555u);
    ck_assert_uint_eq(ut_vreg(m, 5)[0], 0x44444444u);
    ck_assert_uint_eq(ut_vreg(m, 4)[1], 0x44444444u); /* inactive lane */
    ck_assert_uint_eq(ut_vreg(m, 5)[2], 0x44444444u);
    free(m);
}
END_TEST

/* gfx9 keeps [31:16] for v_mad/mac/madak/madmk/fma/div_fixup_f16 and v_mad_u16/i16 (their gfx9
 * names are the _legacy ones); gfx8 zeroes it; either zeroes it for v_add_f16 and v_add_u16. */
START_TEST(test_high_half_rule)
{
    static const isa_op_t keep[] = { ISA_v_mad_f16, ISA_v_fma_f16, ISA_v_div_fixup_f16, ISA_v_mad_u16, ISA_v_mad_i16 };
    static const isa_op_t zero[] = { ISA_v_add_f16, ISA_v_add_u16, ISA_v_mul_lo_u16, ISA_v_max_f16 };
    for (int t = 0; t < 3; t++) {
        for (size_t k = 0; k < sizeof keep / sizeof keep[0] + sizeof zero / sizeof zero[0]; k++) {
            bool is_keep = k < sizeof keep / sizeof keep[0];
            isa_op_t op = is_keep ? keep[k] : zero[k - sizeof keep / sizeof keep[0]];
            ut_machine_t *m = ut_machine_new();
            m->w.target = (isa_target_t)t;
            ut_vset_all(m, 0, 0xdead0000u);
            ut_vset_all(m, 1, 0x3c00u);
            isa_inst_t in = ut_inst(op);
            in.vdst = ut_v(0);
            int n = isa_ops[op].enc == ISA_ENC_VOP3 ? 3 : 2;
            for (int s = 0; s < n; s++)
                in.src[s] = ut_v(1);
            in.nsrc = (uint8_t)n;
            ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
            uint32_t hi = ut_vreg(m, 0)[5] >> 16;
            bool kept = is_keep && t != ISA_TARGET_GFX803;
            ck_assert_msg(hi == (kept ? 0xdeadu : 0), "%s on %s: high half %04x", isa_ops[op].name,
                          isa_target_name((isa_target_t)t), hi);
            free(m);
        }
    }
    /* v_mac_f16 reads its accumulator from [15:0] of the destination and keeps [31:16] on gfx9 */
    ut_machine_t *m = ut_machine_new();
    m->w.target = ISA_TARGET_GFX906;
    ut_vset_all(m, 0, 0xbeef3c00u);
    ut_vset_all(m, 1, 0x4000u);
    isa_inst_t in = ut_inst(ISA_v_mac_f16);
    in.vdst = ut_v(0);
    in.src[0] = ut_v(1);
    in.src[1] = ut_v(1);
    in.nsrc = 2;
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0xbeef4500u); /* 2 * 2 + 1 = 5 */
    free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("valu9");
    TCase *t = tcase_create("valu9");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, test_int32);
    tcase_add_test(t, test_int32_hand);
    tcase_add_test(t, test_int16_op_sel);
    tcase_add_test(t, test_int16_hand);
    tcase_add_test(t, test_op_sel_constants);
    tcase_add_test(t, test_f16_op_sel);
    tcase_add_test(t, test_pack_norm);
    tcase_add_test(t, test_fmac_swap);
    tcase_add_test(t, test_high_half_rule);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

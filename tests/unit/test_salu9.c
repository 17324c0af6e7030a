/* The gfx9 scalar instructions (the SALU part of the valu9 block of isa.def, exec_salu.c):
 * s_lshl1..4_add_u32, s_mul_hi_u32/i32, s_pack_*_b32_b16, s_andn1/orn1_saveexec_b64,
 * s_andn1/andn2_wrexec_b64, s_bitreplicate_b64_b32 and s_call_b64, each against a reference
 * written here from the Vega ISA manual's definitions: 64-bit sums and products, 16-bit limb
 * multiplication for the high halves, bit-by-bit loops for the masks. */
#include "unit.h"

#include <math.h>

static void set64(ut_machine_t *m, unsigned r, uint64_t v)
{
    m->w.sreg[r] = (uint32_t)v;
    m->w.sreg[r + 1] = (uint32_t)(v >> 32);
}
static uint64_t get64(ut_machine_t *m, unsigned r) { return (uint64_t)m->w.sreg[r] | (uint64_t)m->w.sreg[r + 1] << 32; }

static const uint32_t vals[] = {
    0, 1, 2, 3, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xfffffffeu, 0x40000000u, 0x20000000u,
    0x10000000u, 0x0fffffffu, 0x12345678u, 0xdeadbeefu, 0x0000ffffu, 0xffff0000u, 0x80008000u,
};
enum { NV = sizeof vals / sizeof vals[0] };

/* s0 = op(s12, s13); returns s0, SCC in *scc (which starts as `scc0`). */
static uint32_t run2(isa_op_t op, uint32_t a, uint32_t b, uint8_t scc0, uint8_t *scc)
{
    ut_machine_t *m = ut_machine_new();
    m->w.sreg[12] = a;
    m->w.sreg[13] = b;
    m->w.scc = scc0;
    isa_inst_t in = ut_inst(op);
    in.sdst = ut_s(0);
    in.src[0] = ut_s(12);
    in.src[1] = ut_s(13);
    in.nsrc = 2;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s: %s", isa_ops[op].name, r.fault_msg);
    uint32_t d = m->w.sreg[0];
    *scc = m->w.scc;
    free(m);
    return d;
}

/* The high 32 bits of a * b from 16-bit limbs (schoolbook), not a 64-bit product. */
static uint32_t mulhi_limbs(uint32_t a, uint32_t b)
{
    uint32_t al = a & 0xffff, ah = a >> 16, bl = b & 0xffff, bh = b >> 16;
    uint32_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint32_t mid = (ll >> 16) + (lh & 0xffff) + (hl & 0xffff);
    return hh + (lh >> 16) + (hl >> 16) + (mid >> 16);
}

START_TEST(test_sop2)
{
    for (unsigned i = 0; i < NV; i++)
        for (unsigned j = 0; j < NV; j++) {
            uint32_t a = vals[i], b = vals[j];
            uint8_t scc;
            for (unsigned n = 1; n <= 4; n++) {
                isa_op_t op = (isa_op_t)(ISA_s_lshl1_add_u32 + n - 1);
                double t = (double)a * (double)(1u << n) + (double)b; /* exact: below 2^53 */
                ck_assert_uint_eq(run2(op, a, b, 0, &scc), (uint32_t)fmod(t, 4294967296.0));
                ck_assert_uint_eq(scc, t >= 4294967296.0);
            }
            /* the high halves, SCC untouched (1 and 0 both kept) */
            ck_assert_uint_eq(run2(ISA_s_mul_hi_u32, a, b, 1, &scc), mulhi_limbs(a, b));
            ck_assert_uint_eq(scc, 1);
            /* signed: the unsigned high half corrected by the operands' signs */
            uint32_t sh = mulhi_limbs(a, b) - ((a >> 31) ? b : 0) - ((b >> 31) ? a : 0);
            ck_assert_uint_eq(run2(ISA_s_mul_hi_i32, a, b, 0, &scc), sh);
            ck_assert_uint_eq(scc, 0);
            ck_assert_uint_eq(run2(ISA_s_pack_ll_b32_b16, a, b, 1, &scc), (a & 0xffff) + (b & 0xffff) * 65536u);
            ck_assert_uint_eq(run2(ISA_s_pack_lh_b32_b16, a, b, 1, &scc), (a & 0xffff) + (b >> 16) * 65536u);
            ck_assert_uint_eq(run2(ISA_s_pack_hh_b32_b16, a, b, 1, &scc), (a >> 16) + (b >> 16) * 65536u);
            ck_assert_uint_eq(scc, 1);
        }
    uint8_t scc;
    /* by hand: (0x80000000 << 1) + 1 = 0x1_00000001: a carry out of bits shifted away */
    ck_assert_uint_eq(run2(ISA_s_lshl1_add_u32, 0x80000000u, 1, 0, &scc), 1);
    ck_assert_uint_eq(scc, 1);
    ck_assert_uint_eq(run2(ISA_s_lshl4_add_u32, 0x0fffffffu, 0x10, 1, &scc), 0);
    ck_assert_uint_eq(scc, 1);
    ck_assert_uint_eq(run2(ISA_s_lshl2_add_u32, 3, 4, 1, &scc), 16);
    ck_assert_uint_eq(scc, 0);
    ck_assert_uint_eq(run2(ISA_s_mul_hi_i32, 0xffffffffu, 0xffffffffu, 0, &scc), 0);           /* -1 * -1 */
    ck_assert_uint_eq(run2(ISA_s_mul_hi_i32, 0x80000000u, 2, 0, &scc), 0xffffffffu);          /* -2^32 */
    ck_assert_uint_eq(run2(ISA_s_mul_hi_u32, 0xffffffffu, 0xffffffffu, 0, &scc), 0xfffffffeu);
    ck_assert_uint_eq(run2(ISA_s_pack_lh_b32_b16, 0x11112222u, 0x33334444u, 0, &scc), 0x33332222u);
}
END_TEST

START_TEST(test_exec_masks)
{
    static const uint64_t masks[] = { 0, ~0ull, 0x5555555555555555ull, 0x00000000ffffffffull, 0x8000000000000001ull,
                                      0x0123456789abcdefull };
    static const isa_op_t ops[] = { ISA_s_andn1_saveexec_b64, ISA_s_orn1_saveexec_b64, ISA_s_andn1_wrexec_b64,
                                    ISA_s_andn2_wrexec_b64 };
    for (size_t o = 0; o < 4; o++)
        for (size_t i = 0; i < 6; i++)
            for (size_t j = 0; j < 6; j++) {
                uint64_t s0 = masks[i], ex = masks[j], want = 0;
                for (int l = 0; l < 64; l++) {
                    int sb = (int)(s0 >> l & 1), eb = (int)(ex >> l & 1), r;
                    switch (o) {
                    case 0: r = !sb && eb; break;   /* ~S0 & EXEC */
                    case 1: r = !sb || eb; break;   /* ~S0 | EXEC */
                    case 2: r = !sb && eb; break;   /* ~S0 & EXEC */
                    default: r = sb && !eb; break;  /* S0 & ~EXEC */
                    }
                    want |= (uint64_t)r << l;
                }
                ut_machine_t *m = ut_machine_new();
                set64(m, 20, s0);
                ut_set_exec(m, ex);
                m->w.scc = want == 0;
                isa_inst_t in = ut_inst(ops[o]);
                in.sdst = ut_sr(4, 2);
                in.src[0] = ut_sr(20, 2);
                in.nsrc = 1;
                ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
                ck_assert_uint_eq(isa_wave_exec(&m->w), want);
                ck_assert_uint_eq(get64(m, 4), o < 2 ? ex : want); /* saveexec: the old EXEC; wrexec: the new */
                ck_assert_uint_eq(m->w.scc, want != 0);
                free(m);
            }
}
END_TEST

START_TEST(test_bitreplicate)
{
    for (unsigned i = 0; i < NV; i++) {
        ut_machine_t *m = ut_machine_new();
        m->w.sreg[12] = vals[i];
        m->w.scc = 1;
        isa_inst_t in = ut_inst(ISA_s_bitreplicate_b64_b32);
        in.sdst = ut_sr(6, 2);
        in.src[0] = ut_s(12);
        in.nsrc = 1;
        ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
        uint64_t want = 0;
        for (int k = 0; k < 64; k++)
            if (vals[i] >> (k / 2) & 1)
                want |= 1ull << k;
        ck_assert_uint_eq(get64(m, 6), want);
        ck_assert_uint_eq(m->w.scc, 1);
        free(m);
    }
}
END_TEST

/* s_call_b64: the next instruction's address into the pair, a taken branch to the label. */
START_TEST(test_call)
{
    ut_machine_t *m = ut_machine_new();
    m->w.code_base = 0x7000;
    isa_inst_t in = ut_inst(ISA_s_call_b64);
    in.sdst = ut_sr(30, 2);
    in.pc = 8;
    in.size = 4;
    in.target = 5;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert(r.branch_taken);
    ck_assert_uint_eq(m->w.pc, 5);
    ck_assert_uint_eq(get64(m, 30), 0x7000 + 12);
    free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("salu9");
    TCase *t = tcase_create("salu9");
    tcase_add_test(t, test_sop2);
    tcase_add_test(t, test_exec_masks);
    tcase_add_test(t, test_bitreplicate);
    tcase_add_test(t, test_call);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

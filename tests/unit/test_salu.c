/* Scalar ALU, program control and SMEM semantics against hand-derived values and independent C
 * reference computations. */
#include "unit.h"

#include <stdio.h>

/* Run a 32-bit SOP2 op: s0 = op(s1 = a, s2 = b). */
static uint32_t sop2(ut_machine_t *m, isa_op_t op, uint32_t a, uint32_t b)
{
    m->w.sreg[1] = a;
    m->w.sreg[2] = b;
    isa_inst_t in = ut_inst(op);
    in.sdst = ut_s(0);
    in.src[0] = ut_s(1);
    in.src[1] = ut_s(2);
    in.nsrc = 2;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    return m->w.sreg[0];
}

static void set64(ut_machine_t *m, unsigned r, uint64_t v)
{
    m->w.sreg[r] = (uint32_t)v;
    m->w.sreg[r + 1] = (uint32_t)(v >> 32);
}
static uint64_t get64(ut_machine_t *m, unsigned r)
{
    return (uint64_t)m->w.sreg[r] | ((uint64_t)m->w.sreg[r + 1] << 32);
}

/* 64-bit SOP2: s[10:11] = op(s[12:13] = a, s[14:15] = b); 32-bit second operands read s14. */
static uint64_t sop2_64(ut_machine_t *m, isa_op_t op, uint64_t a, uint64_t b)
{
    set64(m, 12, a);
    set64(m, 14, b);
    isa_inst_t in = ut_inst(op);
    in.sdst = ut_sr(10, 2);
    in.src[0] = ut_sr(12, 2);
    in.src[1] = ut_sr(14, 2);
    in.nsrc = 2;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    return get64(m, 10);
}

/* SOP1: s0 (or s[0:1]) = op(src). */
static isa_exec_result_t sop1_run(ut_machine_t *m, isa_op_t op, isa_operand_t src, isa_operand_t dst)
{
    isa_inst_t in = ut_inst(op);
    in.sdst = dst;
    in.src[0] = src;
    in.nsrc = 1;
    return ut_run(m, &in);
}

static uint32_t sop1(ut_machine_t *m, isa_op_t op, uint32_t a)
{
    m->w.sreg[1] = a;
    isa_exec_result_t r = sop1_run(m, op, ut_s(1), ut_s(0));
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    return m->w.sreg[0];
}

static uint32_t sop1_64src(ut_machine_t *m, isa_op_t op, uint64_t a)
{
    set64(m, 12, a);
    isa_exec_result_t r = sop1_run(m, op, ut_sr(12, 2), ut_s(0));
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    return m->w.sreg[0];
}

START_TEST(add_sub_carry)
{
    ut_machine_t *m = ut_machine_new();
    ck_assert_uint_eq(sop2(m, ISA_s_add_u32, 0xffffffffu, 1), 0);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_add_u32, 1, 2), 3);
    ck_assert_uint_eq(m->w.scc, 0);
    ck_assert_uint_eq(sop2(m, ISA_s_sub_u32, 0, 1), 0xffffffffu);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_sub_u32, 5, 5), 0);
    ck_assert_uint_eq(m->w.scc, 0);
    /* Signed overflow at the limits. */
    ck_assert_uint_eq(sop2(m, ISA_s_add_i32, 0x7fffffffu, 1), 0x80000000u);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_add_i32, 0x80000000u, 0xffffffffu), 0x7fffffffu);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_add_i32, 0xffffffffu, 1), 0); /* -1 + 1: carry but no overflow */
    ck_assert_uint_eq(m->w.scc, 0);
    ck_assert_uint_eq(sop2(m, ISA_s_sub_i32, 0x80000000u, 1), 0x7fffffffu);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_sub_i32, 0, 0x80000000u), 0x80000000u);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_sub_i32, 0, 1), 0xffffffffu); /* borrow but no overflow */
    ck_assert_uint_eq(m->w.scc, 0);
    /* Carry-in from SCC. */
    m->w.scc = 1;
    ck_assert_uint_eq(sop2(m, ISA_s_addc_u32, 0xffffffffu, 0), 0);
    ck_assert_uint_eq(m->w.scc, 1);
    m->w.scc = 1;
    ck_assert_uint_eq(sop2(m, ISA_s_addc_u32, 2, 3), 6);
    ck_assert_uint_eq(m->w.scc, 0);
    m->w.scc = 0;
    ck_assert_uint_eq(sop2(m, ISA_s_addc_u32, 0xffffffffu, 0xffffffffu), 0xfffffffeu);
    ck_assert_uint_eq(m->w.scc, 1);
    m->w.scc = 1;
    ck_assert_uint_eq(sop2(m, ISA_s_subb_u32, 0, 0), 0xffffffffu);
    ck_assert_uint_eq(m->w.scc, 1);
    m->w.scc = 1;
    ck_assert_uint_eq(sop2(m, ISA_s_subb_u32, 5, 2), 2);
    ck_assert_uint_eq(m->w.scc, 0);
    m->w.scc = 1;
    ck_assert_uint_eq(sop2(m, ISA_s_subb_u32, 3, 3), 0xffffffffu);
    ck_assert_uint_eq(m->w.scc, 1);
    free(m);
}
END_TEST

/* 64-bit add and subtract built from add_u32/addc_u32 and sub_u32/subb_u32, as compiled code
 * does, against C's 64-bit arithmetic. */
START_TEST(carry_chain_64)
{
    ut_machine_t *m = ut_machine_new();
    uint64_t x = 0x243f6a8885a308d3ull;
    for (int i = 0; i < 200; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t a = x;
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t b = (i % 5 == 0) ? ~a : x;
        uint32_t lo = sop2(m, ISA_s_add_u32, (uint32_t)a, (uint32_t)b);
        uint32_t hi = sop2(m, ISA_s_addc_u32, (uint32_t)(a >> 32), (uint32_t)(b >> 32));
        ck_assert_uint_eq(((uint64_t)hi << 32) | lo, a + b);
        lo = sop2(m, ISA_s_sub_u32, (uint32_t)a, (uint32_t)b);
        hi = sop2(m, ISA_s_subb_u32, (uint32_t)(a >> 32), (uint32_t)(b >> 32));
        ck_assert_uint_eq(((uint64_t)hi << 32) | lo, a - b);
        ck_assert_uint_eq(m->w.scc, a < b);
    }
    free(m);
}
END_TEST

START_TEST(min_max_scc)
{
    ut_machine_t *m = ut_machine_new();
    ck_assert_uint_eq(sop2(m, ISA_s_min_i32, 0xffffffffu, 1), 0xffffffffu);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_min_u32, 0xffffffffu, 1), 1);
    ck_assert_uint_eq(m->w.scc, 0);
    ck_assert_uint_eq(sop2(m, ISA_s_min_u32, 7, 7), 7);
    ck_assert_uint_eq(m->w.scc, 0); /* tie: S1 chosen */
    ck_assert_uint_eq(sop2(m, ISA_s_max_i32, 0xffffffffu, 1), 1);
    ck_assert_uint_eq(m->w.scc, 0);
    ck_assert_uint_eq(sop2(m, ISA_s_max_u32, 0xffffffffu, 1), 0xffffffffu);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_max_i32, 0x80000000u, 0x80000000u), 0x80000000u);
    ck_assert_uint_eq(m->w.scc, 0);
    free(m);
}
END_TEST

START_TEST(logic_ops)
{
    ut_machine_t *m = ut_machine_new();
    const uint32_t a = 0xf0f0ff00u, b = 0x3c3c0ff0u;
    struct { isa_op_t op; uint32_t want; } t32[] = {
        { ISA_s_and_b32, a & b }, { ISA_s_or_b32, a | b }, { ISA_s_xor_b32, a ^ b },
        { ISA_s_andn2_b32, a & ~b }, { ISA_s_orn2_b32, a | ~b }, { ISA_s_nand_b32, ~(a & b) },
        { ISA_s_nor_b32, ~(a | b) }, { ISA_s_xnor_b32, ~(a ^ b) },
    };
    for (size_t i = 0; i < sizeof t32 / sizeof t32[0]; i++) {
        m->w.scc = 0;
        ck_assert_uint_eq(sop2(m, t32[i].op, a, b), t32[i].want);
        ck_assert_uint_eq(m->w.scc, t32[i].want != 0);
    }
    const uint64_t A = 0xff00ff00aaaa5555ull, B = 0x0ff00ff05555ffffull;
    struct { isa_op_t op; uint64_t want; } t64[] = {
        { ISA_s_and_b64, A & B }, { ISA_s_or_b64, A | B }, { ISA_s_xor_b64, A ^ B },
        { ISA_s_andn2_b64, A & ~B }, { ISA_s_orn2_b64, A | ~B }, { ISA_s_nand_b64, ~(A & B) },
        { ISA_s_nor_b64, ~(A | B) }, { ISA_s_xnor_b64, ~(A ^ B) },
    };
    for (size_t i = 0; i < sizeof t64 / sizeof t64[0]; i++) {
        m->w.scc = 0;
        ck_assert_uint_eq(sop2_64(m, t64[i].op, A, B), t64[i].want);
        ck_assert_uint_eq(m->w.scc, t64[i].want != 0);
    }
    /* Zero results clear SCC. */
    m->w.scc = 1;
    ck_assert_uint_eq(sop2(m, ISA_s_and_b32, 0xf0, 0x0f), 0);
    ck_assert_uint_eq(m->w.scc, 0);
    m->w.scc = 1;
    ck_assert_uint_eq(sop2_64(m, ISA_s_xor_b64, A, A), 0);
    ck_assert_uint_eq(m->w.scc, 0);
    m->w.scc = 1;
    ck_assert_uint_eq(sop2(m, ISA_s_xnor_b32, 0xffffffffu, 0), 0);
    ck_assert_uint_eq(m->w.scc, 0);
    free(m);
}
END_TEST

START_TEST(shifts)
{
    ut_machine_t *m = ut_machine_new();
    ck_assert_uint_eq(sop2(m, ISA_s_lshl_b32, 0x80000001u, 1), 2);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_lshl_b32, 3, 33), 6); /* only shift[4:0] */
    ck_assert_uint_eq(sop2(m, ISA_s_lshl_b32, 0x80000000u, 1), 0);
    ck_assert_uint_eq(m->w.scc, 0);
    ck_assert_uint_eq(sop2(m, ISA_s_lshr_b32, 0x80000000u, 31), 1);
    ck_assert_uint_eq(sop2(m, ISA_s_lshr_b32, 0x80000000u, 32), 0x80000000u);
    ck_assert_uint_eq(sop2(m, ISA_s_ashr_i32, 0x80000000u, 4), 0xf8000000u);
    ck_assert_uint_eq(sop2(m, ISA_s_ashr_i32, 0x40000000u, 36), 0x04000000u);
    ck_assert_uint_eq(sop2(m, ISA_s_ashr_i32, 0xffffffffu, 31), 0xffffffffu);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2_64(m, ISA_s_lshl_b64, 0x8000000000000001ull, 1), 2);
    ck_assert_uint_eq(sop2_64(m, ISA_s_lshl_b64, 1, 63), 0x8000000000000000ull);
    ck_assert_uint_eq(sop2_64(m, ISA_s_lshl_b64, 1, 64 + 40), 1ull << 40); /* shift[5:0] */
    ck_assert_uint_eq(sop2_64(m, ISA_s_lshr_b64, 0xf000000000000000ull, 68), 0x0f00000000000000ull);
    ck_assert_uint_eq(sop2_64(m, ISA_s_lshr_b64, 1, 1), 0);
    ck_assert_uint_eq(m->w.scc, 0);
    ck_assert_uint_eq(sop2_64(m, ISA_s_ashr_i64, 0x8000000000000000ull, 32), 0xffffffff80000000ull);
    ck_assert_uint_eq(sop2_64(m, ISA_s_ashr_i64, 0x4000000000000000ull, 62), 1);
    free(m);
}
END_TEST

START_TEST(bitfields)
{
    ut_machine_t *m = ut_machine_new();
    /* s_bfe: src1 = offset[4:0] | width[22:16]. */
    ck_assert_uint_eq(sop2(m, ISA_s_bfe_u32, 0x12345678u, 8 | 4 << 16), 0x6);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_bfe_u32, 0x12345678u, 28 | 8 << 16), 0x1); /* runs off the top */
    ck_assert_uint_eq(sop2(m, ISA_s_bfe_u32, 0xffffffffu, 3 | 0 << 16), 0); /* width 0 */
    ck_assert_uint_eq(m->w.scc, 0);
    ck_assert_uint_eq(sop2(m, ISA_s_bfe_u32, 0xdeadbeefu, 0 | 32 << 16), 0xdeadbeefu);
    ck_assert_uint_eq(sop2(m, ISA_s_bfe_i32, 0x000000f0u, 4 | 4 << 16), 0xffffffffu);
    ck_assert_uint_eq(sop2(m, ISA_s_bfe_i32, 0x00000070u, 4 | 4 << 16), 7);
    ck_assert_uint_eq(sop2(m, ISA_s_bfe_i32, 0x80000000u, 24 | 16 << 16), 0xffffff80u);
    ck_assert_uint_eq(sop2(m, ISA_s_bfe_u32, 0x12345678u, 0xff80ffe0u | 8 | 4 << 16), 0x6); /* other bits ignored */
    ck_assert_uint_eq(sop2_64(m, ISA_s_bfe_u64, 0x0123456789abcdefull, 36 | 8 << 16), 0x56);
    ck_assert_uint_eq(sop2_64(m, ISA_s_bfe_u64, 0x0123456789abcdefull, 4 | 40 << 16), 0x56789abcdeull);
    ck_assert_uint_eq(sop2_64(m, ISA_s_bfe_i64, 0x0000008000000000ull, 32 | 8 << 16), 0xffffffffffffff80ull);
    ck_assert_uint_eq(sop2_64(m, ISA_s_bfe_i64, 0x8000000000000000ull, 60 | 20 << 16), 0xfffffffffffffff8ull);
    /* s_bfm: ((1 << S0) - 1) << S1; SCC untouched. */
    m->w.scc = 1;
    ck_assert_uint_eq(sop2(m, ISA_s_bfm_b32, 5, 3), 0xf8);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_bfm_b32, 0, 3), 0);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_bfm_b32, 32 + 4, 28), 0xf0000000u);
    m->w.sreg[1] = 40;
    m->w.sreg[2] = 10;
    isa_inst_t in = ut_inst(ISA_s_bfm_b64);
    in.sdst = ut_sr(4, 2);
    in.src[0] = ut_s(1);
    in.src[1] = ut_s(2);
    ut_run(m, &in);
    ck_assert_uint_eq(get64(m, 4), ((1ull << 40) - 1) << 10);
    free(m);
}
END_TEST

START_TEST(sop1_ops)
{
    ut_machine_t *m = ut_machine_new();
    m->w.scc = 0;
    ck_assert_uint_eq(sop1(m, ISA_s_not_b32, 0x0f0f0f0fu), 0xf0f0f0f0u);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop1(m, ISA_s_not_b32, 0xffffffffu), 0);
    ck_assert_uint_eq(m->w.scc, 0);
    set64(m, 12, 0xffffffff00000000ull);
    sop1_run(m, ISA_s_not_b64, ut_sr(12, 2), ut_sr(2, 2));
    ck_assert_uint_eq(get64(m, 2), 0x00000000ffffffffull);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop1(m, ISA_s_brev_b32, 0x00000001u), 0x80000000u);
    ck_assert_uint_eq(sop1(m, ISA_s_brev_b32, 0x12345678u), 0x1e6a2c48u);
    ck_assert_uint_eq(sop1(m, ISA_s_bcnt1_i32_b32, 0xf000000fu), 8);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop1(m, ISA_s_bcnt1_i32_b32, 0), 0);
    ck_assert_uint_eq(m->w.scc, 0);
    ck_assert_uint_eq(sop1_64src(m, ISA_s_bcnt1_i32_b64, 0xffffffffffffffffull), 64);
    ck_assert_uint_eq(sop1_64src(m, ISA_s_bcnt1_i32_b64, 0x8000000100000001ull), 3);
    m->w.scc = 1;
    ck_assert_uint_eq(sop1(m, ISA_s_ff1_i32_b32, 0x00010100u), 8);
    ck_assert_uint_eq(sop1(m, ISA_s_ff1_i32_b32, 0), 0xffffffffu);
    ck_assert_uint_eq(sop1_64src(m, ISA_s_ff1_i32_b64, 0x0000100000000000ull), 44);
    ck_assert_uint_eq(sop1_64src(m, ISA_s_ff1_i32_b64, 0), 0xffffffffu);
    ck_assert_uint_eq(sop1(m, ISA_s_flbit_i32_b32, 0x00010000u), 15);
    ck_assert_uint_eq(sop1(m, ISA_s_flbit_i32_b32, 0x80000000u), 0);
    ck_assert_uint_eq(sop1(m, ISA_s_flbit_i32_b32, 0), 0xffffffffu);
    ck_assert_uint_eq(m->w.scc, 1); /* ff1/flbit/brev leave SCC */
    m->w.scc = 0;
    ck_assert_uint_eq(sop1(m, ISA_s_sext_i32_i8, 0x1280u), 0xffffff80u);
    ck_assert_uint_eq(sop1(m, ISA_s_sext_i32_i8, 0xff7fu), 0x7fu);
    ck_assert_uint_eq(sop1(m, ISA_s_sext_i32_i16, 0x18000u), 0xffff8000u);
    ck_assert_uint_eq(sop1(m, ISA_s_sext_i32_i16, 0x7fffu), 0x7fffu);
    ck_assert_uint_eq(m->w.scc, 0);
    free(m);
}
END_TEST

START_TEST(moves_and_scc_untouched)
{
    ut_machine_t *m = ut_machine_new();
    for (int scc = 0; scc < 2; scc++) {
        m->w.scc = (uint8_t)scc;
        ck_assert_uint_eq(sop1(m, ISA_s_mov_b32, 0), 0);
        ck_assert_uint_eq(sop2(m, ISA_s_mul_i32, 0xfffffffdu, 7), (uint32_t)(-3 * 7));
        ck_assert_uint_eq(sop2(m, ISA_s_mul_i32, 0x10000u, 0x10000u), 0);
        ck_assert_uint_eq(m->w.scc, (unsigned)scc);
        /* s_cselect reads SCC. */
        ck_assert_uint_eq(sop2(m, ISA_s_cselect_b32, 11, 22), scc ? 11u : 22u);
        ck_assert_uint_eq(sop2_64(m, ISA_s_cselect_b64, 0x100000001ull, 0x200000002ull),
                          scc ? 0x100000001ull : 0x200000002ull);
        /* s_cmov moves only when SCC = 1. */
        m->w.sreg[0] = 99;
        m->w.sreg[1] = 5;
        sop1_run(m, ISA_s_cmov_b32, ut_s(1), ut_s(0));
        ck_assert_uint_eq(m->w.sreg[0], scc ? 5u : 99u);
        set64(m, 2, 1);
        set64(m, 12, 0xabcdef0012345678ull);
        sop1_run(m, ISA_s_cmov_b64, ut_sr(12, 2), ut_sr(2, 2));
        ck_assert_uint_eq(get64(m, 2), scc ? 0xabcdef0012345678ull : 1ull);
        /* s_getpc_b64: address of the next instruction. */
        m->w.code_base = 0x7f0000001000ull;
        isa_inst_t in = ut_inst(ISA_s_getpc_b64);
        in.sdst = ut_sr(20, 2);
        in.pc = 24;
        in.size = 4;
        ut_run(m, &in);
        ck_assert_uint_eq(get64(m, 20), 0x7f0000001000ull + 28);
        ck_assert_uint_eq(m->w.scc, (unsigned)scc);
    }
    /* s_mov_b64 operand forms: inline integers sign-extend, literals zero-extend, inline floats
     * are the f64 pattern. */
    sop1_run(m, ISA_s_mov_b64, ut_ic(-5), ut_sr(2, 2));
    ck_assert_uint_eq(get64(m, 2), (uint64_t)(int64_t)-5);
    isa_inst_t in = ut_inst(ISA_s_mov_b64);
    in.sdst = ut_sr(2, 2);
    in.src[0] = ut_lit();
    in.literal = 0x80000000u;
    ut_run(m, &in);
    ck_assert_uint_eq(get64(m, 2), 0x80000000ull);
    sop1_run(m, ISA_s_mov_b64, (isa_operand_t){ 242, 1, 0, 0 }, ut_sr(2, 2));
    ck_assert_uint_eq(get64(m, 2), 0x3ff0000000000000ull);
    sop1_run(m, ISA_s_mov_b64, ut_exec(), ut_sr(2, 2));
    ck_assert_uint_eq(get64(m, 2), ~0ull);
    /* Writes to EXEC go to the wave's mask. */
    set64(m, 12, 0x00000000000000f0ull);
    sop1_run(m, ISA_s_mov_b64, ut_sr(12, 2), ut_exec());
    ck_assert_uint_eq(isa_wave_exec(&m->w), 0xf0);
    /* s_absdiff_i32: |S0 - S1| of the wrapped 32-bit difference; SCC = result != 0. */
    ck_assert_uint_eq(sop2(m, ISA_s_absdiff_i32, 3, 10), 7);
    ck_assert_uint_eq(m->w.scc, 1);
    ck_assert_uint_eq(sop2(m, ISA_s_absdiff_i32, 0xfffffff6u, 5), 15);
    ck_assert_uint_eq(sop2(m, ISA_s_absdiff_i32, 9, 9), 0);
    ck_assert_uint_eq(m->w.scc, 0);
    free(m);
}
END_TEST

START_TEST(saveexec)
{
    ut_machine_t *m = ut_machine_new();
    const uint64_t E = 0x00ff00fff0f0f0f0ull, S = 0x0f0f0f0f00ff00ffull;
    struct { isa_op_t op; uint64_t want; } t[] = {
        { ISA_s_and_saveexec_b64, S & E }, { ISA_s_or_saveexec_b64, S | E },
        { ISA_s_xor_saveexec_b64, S ^ E }, { ISA_s_andn2_saveexec_b64, S & ~E },
        { ISA_s_orn2_saveexec_b64, S | ~E },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        ut_set_exec(m, E);
        set64(m, 12, S);
        m->w.scc = 0;
        set64(m, 4, 0);
        sop1_run(m, t[i].op, ut_sr(12, 2), ut_sr(4, 2));
        ck_assert_uint_eq(get64(m, 4), E);
        ck_assert_uint_eq(isa_wave_exec(&m->w), t[i].want);
        ck_assert_uint_eq(m->w.scc, t[i].want != 0);
    }
    /* A result of zero clears SCC; D may alias S0. */
    ut_set_exec(m, 0xff);
    set64(m, 12, 0xff00);
    m->w.scc = 1;
    sop1_run(m, ISA_s_and_saveexec_b64, ut_sr(12, 2), ut_sr(12, 2));
    ck_assert_uint_eq(isa_wave_exec(&m->w), 0);
    ck_assert_uint_eq(get64(m, 12), 0xff);
    ck_assert_uint_eq(m->w.scc, 0);
    /* The divergence idiom with VCC as S0. */
    ut_set_exec(m, ~0ull);
    m->w.sreg[ISA_REG_VCC_LO] = 0x5;
    m->w.sreg[ISA_REG_VCC_HI] = 0;
    sop1_run(m, ISA_s_andn2_saveexec_b64, ut_vcc(), ut_sr(4, 2));
    ck_assert_uint_eq(isa_wave_exec(&m->w), 0);
    ck_assert_uint_eq(get64(m, 4), ~0ull);
    free(m);
}
END_TEST

START_TEST(compares)
{
    ut_machine_t *m = ut_machine_new();
    const uint32_t neg = 0xfffffffeu; /* -2 signed, huge unsigned */
    struct { isa_op_t op; uint32_t a, b; unsigned want; } t[] = {
        { ISA_s_cmp_eq_i32, 4, 4, 1 }, { ISA_s_cmp_eq_u32, 4, 5, 0 },
        { ISA_s_cmp_lg_i32, 4, 5, 1 }, { ISA_s_cmp_lg_u32, 4, 4, 0 },
        { ISA_s_cmp_gt_i32, neg, 1, 0 }, { ISA_s_cmp_gt_u32, neg, 1, 1 },
        { ISA_s_cmp_ge_i32, 1, 1, 1 }, { ISA_s_cmp_ge_u32, 1, neg, 0 },
        { ISA_s_cmp_lt_i32, neg, 1, 1 }, { ISA_s_cmp_lt_u32, neg, 1, 0 },
        { ISA_s_cmp_le_i32, 2, 1, 0 }, { ISA_s_cmp_le_u32, 1, 1, 1 },
        { ISA_s_bitcmp0_b32, 0x10, 4, 0 }, { ISA_s_bitcmp0_b32, 0x10, 3, 1 },
        { ISA_s_bitcmp1_b32, 0x80000000u, 31 + 32, 1 }, { ISA_s_bitcmp1_b32, 0x10, 3, 0 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        m->w.scc = (uint8_t)!t[i].want;
        m->w.sreg[1] = t[i].a;
        m->w.sreg[2] = t[i].b;
        isa_inst_t in = ut_inst(t[i].op);
        in.src[0] = ut_s(1);
        in.src[1] = ut_s(2);
        ut_run(m, &in);
        ck_assert_msg(m->w.scc == t[i].want, "%s(%#x, %#x): SCC %u", isa_ops[t[i].op].name, t[i].a, t[i].b, m->w.scc);
    }
    set64(m, 12, 0x100000000ull);
    set64(m, 14, 0x000000000ull);
    isa_inst_t in = ut_inst(ISA_s_cmp_eq_u64);
    in.src[0] = ut_sr(12, 2);
    in.src[1] = ut_sr(14, 2);
    ut_run(m, &in);
    ck_assert_uint_eq(m->w.scc, 0);
    in.op = ISA_s_cmp_lg_u64;
    ut_run(m, &in);
    ck_assert_uint_eq(m->w.scc, 1);
    set64(m, 14, 0x100000000ull);
    ut_run(m, &in);
    ck_assert_uint_eq(m->w.scc, 0);
    free(m);
}
END_TEST

static void sopk(ut_machine_t *m, isa_op_t op, unsigned reg, uint16_t k)
{
    isa_inst_t in = ut_inst(op);
    if (isa_ops[op].sig[0] == 'd')
        in.sdst = ut_s(reg);
    else
        in.src[0] = ut_s(reg);
    in.simm16 = (int16_t)k;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
}

START_TEST(sopk_ops)
{
    ut_machine_t *m = ut_machine_new();
    m->w.scc = 1;
    sopk(m, ISA_s_movk_i32, 3, 0x8000);
    ck_assert_uint_eq(m->w.sreg[3], 0xffff8000u);
    sopk(m, ISA_s_movk_i32, 3, 0x7fff);
    ck_assert_uint_eq(m->w.sreg[3], 0x7fffu);
    ck_assert_uint_eq(m->w.scc, 1);
    m->w.scc = 0;
    sopk(m, ISA_s_cmovk_i32, 3, 0xffff);
    ck_assert_uint_eq(m->w.sreg[3], 0x7fffu);
    m->w.scc = 1;
    sopk(m, ISA_s_cmovk_i32, 3, 0xffff);
    ck_assert_uint_eq(m->w.sreg[3], 0xffffffffu);
    m->w.sreg[3] = 0x7ffffff0u;
    sopk(m, ISA_s_addk_i32, 3, 0x0010);
    ck_assert_uint_eq(m->w.sreg[3], 0x80000000u);
    ck_assert_uint_eq(m->w.scc, 1);
    m->w.sreg[3] = 5;
    sopk(m, ISA_s_addk_i32, 3, 0xfffe); /* 5 + -2 */
    ck_assert_uint_eq(m->w.sreg[3], 3);
    ck_assert_uint_eq(m->w.scc, 0);
    m->w.sreg[3] = 0x80000000u;
    sopk(m, ISA_s_addk_i32, 3, 0xffff);
    ck_assert_uint_eq(m->w.sreg[3], 0x7fffffffu);
    ck_assert_uint_eq(m->w.scc, 1);
    m->w.scc = 0;
    m->w.sreg[3] = 7;
    sopk(m, ISA_s_mulk_i32, 3, 0xfffd);
    ck_assert_uint_eq(m->w.sreg[3], (uint32_t)-21);
    ck_assert_uint_eq(m->w.scc, 0);
    /* Compares: _i32 sign-extends the immediate, _u32 zero-extends it. */
    struct { isa_op_t op; uint32_t s; uint16_t k; unsigned want; } t[] = {
        { ISA_s_cmpk_eq_i32, 0xffff8000u, 0x8000, 1 }, { ISA_s_cmpk_eq_u32, 0xffff8000u, 0x8000, 0 },
        { ISA_s_cmpk_eq_u32, 0x8000u, 0x8000, 1 }, { ISA_s_cmpk_lg_i32, 1, 1, 0 },
        { ISA_s_cmpk_lg_u32, 1, 2, 1 }, { ISA_s_cmpk_gt_i32, 0, 0xffff, 1 },
        { ISA_s_cmpk_gt_u32, 0, 0xffff, 0 }, { ISA_s_cmpk_ge_i32, 0xffffffffu, 0xffff, 1 },
        { ISA_s_cmpk_ge_u32, 0xfffffu, 0xffff, 1 }, { ISA_s_cmpk_lt_i32, 0xfffffff0u, 0xfff1, 1 },
        { ISA_s_cmpk_lt_u32, 0xfffffff0u, 0xfff1, 0 }, { ISA_s_cmpk_le_i32, 3, 2, 0 },
        { ISA_s_cmpk_le_u32, 2, 2, 1 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        m->w.scc = (uint8_t)!t[i].want;
        m->w.sreg[9] = t[i].s;
        sopk(m, t[i].op, 9, t[i].k);
        ck_assert_msg(m->w.scc == t[i].want, "%s(%#x, %#x)", isa_ops[t[i].op].name, t[i].s, t[i].k);
    }
    free(m);
}
END_TEST

static isa_exec_result_t sopp(ut_machine_t *m, isa_op_t op)
{
    isa_inst_t in = ut_inst(op);
    in.target = 42;
    return ut_run(m, &in);
}

START_TEST(program_control)
{
    ut_machine_t *m = ut_machine_new();
    isa_exec_result_t r = sopp(m, ISA_s_endpgm);
    ck_assert_int_eq(r.status, ISA_EXEC_END);
    r = sopp(m, ISA_s_barrier);
    ck_assert_int_eq(r.status, ISA_EXEC_BARRIER);
    ck_assert_uint_eq(m->w.pc, 1);
    const isa_op_t nops[] = { ISA_s_nop, ISA_s_waitcnt, ISA_s_sleep, ISA_s_setprio };
    for (size_t i = 0; i < 4; i++) {
        r = sopp(m, nops[i]);
        ck_assert_int_eq(r.status, ISA_EXEC_OK);
        ck_assert(!r.branch_taken);
        ck_assert_uint_eq(m->w.pc, 1);
    }
    r = sopp(m, ISA_s_branch);
    ck_assert(r.branch_taken);
    ck_assert_uint_eq(m->w.pc, 42);

    for (int v = 0; v < 2; v++) {
        m->w.scc = (uint8_t)v;
        r = sopp(m, ISA_s_cbranch_scc0);
        ck_assert_uint_eq(r.branch_taken, v == 0);
        ck_assert_uint_eq(m->w.pc, v == 0 ? 42u : 1u);
        r = sopp(m, ISA_s_cbranch_scc1);
        ck_assert_uint_eq(r.branch_taken, v == 1);

        m->w.sreg[ISA_REG_VCC_LO] = 0;
        m->w.sreg[ISA_REG_VCC_HI] = v ? 0x80000000u : 0; /* only the high half set */
        r = sopp(m, ISA_s_cbranch_vccz);
        ck_assert_uint_eq(r.branch_taken, v == 0);
        r = sopp(m, ISA_s_cbranch_vccnz);
        ck_assert_uint_eq(r.branch_taken, v == 1);

        ut_set_exec(m, v ? 1ull << 40 : 0);
        r = sopp(m, ISA_s_cbranch_execz);
        ck_assert_uint_eq(r.branch_taken, v == 0);
        ck_assert_uint_eq(m->w.pc, v == 0 ? 42u : 1u);
        r = sopp(m, ISA_s_cbranch_execnz);
        ck_assert_uint_eq(r.branch_taken, v == 1);
    }
    free(m);
}
END_TEST

static void put32(ut_machine_t *m, uint64_t addr, uint32_t v)
{
    uint8_t *p = m->gmem + (addr - UT_MEM_BASE);
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

START_TEST(smem_loads)
{
    ut_machine_t *m = ut_machine_new();
    for (uint32_t i = 0; i < 64; i++)
        put32(m, UT_MEM_BASE + 0x200 + 4 * i, 0xa5000000u + i * 0x10101u);
    const isa_op_t ops[] = { ISA_s_load_dword, ISA_s_load_dwordx2, ISA_s_load_dwordx4,
                             ISA_s_load_dwordx8, ISA_s_load_dwordx16 };
    const uint32_t n[] = { 1, 2, 4, 8, 16 };
    for (int i = 0; i < 5; i++) {
        for (int form = 0; form < 2; form++) {
            memset(&m->w.sreg[20], 0, 16 * 4);
            set64(m, 2, UT_MEM_BASE + 0x200);
            isa_inst_t in = ut_inst(ops[i]);
            in.sdst = ut_sr(20, (unsigned)n[i]);
            in.src[0] = ut_sr(2, 2);
            if (form == 0) {
                in.offset = 0x13; /* low two bits ignored: dword 4 */
            } else {
                in.has_soffset_sgpr = 1;
                in.src[1] = ut_s(8);
                m->w.sreg[8] = 0x12;
            }
            isa_exec_result_t r = ut_run(m, &in);
            ck_assert_int_eq(r.status, ISA_EXEC_OK);
            ck_assert_uint_eq(r.lanes, 1);
            ck_assert_uint_eq(r.addr[0], UT_MEM_BASE + 0x210); /* 0x13 and 0x12 both round down */
            for (uint32_t k = 0; k < n[i]; k++)
                ck_assert_uint_eq(m->w.sreg[20 + k], 0xa5000000u + (4 + k) * 0x10101u);
            if (n[i] < 16)
                ck_assert_uint_eq(m->w.sreg[20 + n[i]], 0); /* nothing past the destination */
        }
    }
    free(m);
}
END_TEST

START_TEST(smem_fault)
{
    ut_machine_t *m = ut_machine_new();
    /* The last 8 bytes of the window are mapped, the 16-byte load runs past the end. */
    set64(m, 2, UT_MEM_BASE + UT_MEM_SIZE - 8);
    m->w.sreg[20] = 0x1234;
    isa_inst_t in = ut_inst(ISA_s_load_dwordx4);
    in.sdst = ut_sr(20, 4);
    in.src[0] = ut_sr(2, 2);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_UNMAPPED);
    ck_assert_int_eq(r.fault_lane, -1);
    ck_assert_uint_eq(r.fault_addr, UT_MEM_BASE + UT_MEM_SIZE - 8);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "0x10000fff8"));
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "16 bytes"));
    ck_assert_uint_eq(m->w.sreg[20], 0x1234);
    ck_assert_uint_eq(m->w.pc, 0); /* pc stays at the faulting instruction */
    in.op = ISA_s_load_dwordx2;
    in.sdst = ut_sr(20, 2);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    set64(m, 2, 0x1000);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_UNMAPPED);
    free(m);
}
END_TEST

static Suite *salu_suite(void)
{
    Suite *s = suite_create("salu");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, add_sub_carry);
    tcase_add_test(tc, carry_chain_64);
    tcase_add_test(tc, min_max_scc);
    tcase_add_test(tc, logic_ops);
    tcase_add_test(tc, shifts);
    tcase_add_test(tc, bitfields);
    tcase_add_test(tc, sop1_ops);
    tcase_add_test(tc, moves_and_scc_untouched);
    tcase_add_test(tc, saveexec);
    tcase_add_test(tc, compares);
    tcase_add_test(tc, sopk_ops);
    tcase_add_test(tc, program_control);
    tcase_add_test(tc, smem_loads);
    tcase_add_test(tc, smem_fault);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(salu_suite)

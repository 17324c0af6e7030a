/* The VOP3-only byte and pack instructions, the cube-map instructions and the M0-relative VGPR
 * moves against values derived by hand from the GCN3 ISA manual's definitions (chapter 12, VOP3a
 * and VOP1 opcodes), each worked out in the comment beside it; EXEC is honoured. */
#include "test_valu.h"

#include "asm/asm.h"

/* d = op(a, b, c) in every lane of v0 (sources in v1..v3), EXEC all but lane 1; returns lane 0 and
 * checks lane 1 kept its sentinel. */
static uint32_t run3c(ut_machine_t *m, isa_op_t op, uint32_t a, uint32_t b, uint32_t c, bool clamp)
{
    ut_vset_all(m, 0, TV_SENTINEL);
    ut_vset_all(m, 1, a);
    ut_vset_all(m, 2, b);
    ut_vset_all(m, 3, c);
    ut_set_exec(m, ~2ull);
    isa_inst_t in = ut_inst(op);
    in.vdst = ut_v(0);
    in.clamp = clamp;
    for (int i = 0; i < 3; i++)
        in.src[i] = ut_v(1 + (unsigned)i);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s: %s", isa_ops[op].name, r.fault_msg);
    ck_assert_uint_eq(ut_vreg(m, 0)[1], TV_SENTINEL);
    ck_assert_uint_eq(ut_vreg(m, 0)[63], ut_vreg(m, 0)[0]);
    return ut_vreg(m, 0)[0];
}
static uint32_t run3(ut_machine_t *m, isa_op_t op, uint32_t a, uint32_t b, uint32_t c)
{
    return run3c(m, op, a, b, c, false);
}

START_TEST(test_sad)
{
    ut_machine_t *m = ut_machine_new();
    /* |1-4| + |2-3| + |3-2| + |4-1| = 8, + 10 */
    ck_assert_uint_eq(run3(m, ISA_v_sad_u8, 0x01020304u, 0x04030201u, 10), 18);
    /* 4 * 255 + 0xfffffff0 wraps at 32 bits */
    ck_assert_uint_eq(run3(m, ISA_v_sad_u8, 0xff00ff00u, 0x00ff00ffu, 0xfffffff0u), 0x3ecu);
    /* the sum 8 in the high half, + 10 */
    ck_assert_uint_eq(run3(m, ISA_v_sad_hi_u8, 0x01020304u, 0x04030201u, 10), 0x8000au);
    /* |1-3| + |5-1| + 1 */
    ck_assert_uint_eq(run3(m, ISA_v_sad_u16, 0x00010005u, 0x00030001u, 1), 7);
    ck_assert_uint_eq(run3(m, ISA_v_sad_u16, 0xffff0000u, 0x0000ffffu, 0), 0x1fffeu);
    /* unsigned difference (LLVM selects it for umax(a, b) - umin(a, b) + c): |5 - 0xfffffffe| + 1 */
    ck_assert_uint_eq(run3(m, ISA_v_sad_u32, 5, 0xfffffffeu, 1), 0xfffffffau);
    ck_assert_uint_eq(run3(m, ISA_v_sad_u32, 0xfffffffeu, 5, 1), 0xfffffffau);
    /* masked: reference (S1) bytes 0x50 0x40 0x20 0x00 against 0x40 0x30 0x20 0x10: 0x10 + 0x10
     * + 0, the last skipped (its reference byte is 0) */
    ck_assert_uint_eq(run3(m, ISA_v_msad_u8, 0x10203040u, 0x00204050u, 0), 0x20);
    ck_assert_uint_eq(run3(m, ISA_v_msad_u8, 0x10203040u, 0x00204050u, 5), 0x25);
    free(m);
}
END_TEST

/* QSAD: S0 = bytes 01..08 (v[2:3]), S1 = 04 03 02 01 (v4), 16-bit accumulators S2 = 1, 2, 3, 4
 * (v[6:7]); result k compares the window of S0 at byte k with S1. */
static void run_qsad_c(ut_machine_t *m, isa_op_t op, uint32_t ref, uint64_t acc, bool clamp)
{
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        ut_vreg(m, 2)[l] = 0x04030201u;
        ut_vreg(m, 3)[l] = 0x08070605u;
        ut_vreg(m, 6)[l] = (uint32_t)acc;
        ut_vreg(m, 7)[l] = (uint32_t)(acc >> 32);
    }
    ut_vset_all(m, 4, ref);
    isa_inst_t in = ut_inst(op);
    in.vdst = ut_vr(0, op == ISA_v_mqsad_u32_u8 ? 4 : 2);
    in.src[0] = ut_vr(2, 2);
    in.src[1] = ut_v(4);
    in.src[2] = ut_vr(op == ISA_v_mqsad_u32_u8 ? 8 : 6, op == ISA_v_mqsad_u32_u8 ? 4 : 2);
    in.clamp = clamp;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
}
static void run_qsad(ut_machine_t *m, isa_op_t op, uint32_t ref, uint64_t acc)
{
    run_qsad_c(m, op, ref, acc, false);
}
static uint64_t pair(ut_machine_t *m, unsigned r) { return (uint64_t)ut_vreg(m, r + 1)[0] << 32 | ut_vreg(m, r)[0]; }

START_TEST(test_qsad)
{
    ut_machine_t *m = ut_machine_new();
    /* windows 01020304 (SAD 0), 02030405 (4), 03040506 (8), 04050607 (12), + 1, 2, 3, 4 */
    run_qsad(m, ISA_v_qsad_pk_u16_u8, 0x04030201u, 0x0004000300020001ull);
    ck_assert_uint_eq(pair(m, 0), 0x0010000b00060001ull);
    /* each result keeps 16 bits: 4 + 0xfffe = 0x10002 -> 2 */
    run_qsad(m, ISA_v_qsad_pk_u16_u8, 0x04030201u, 0x00040003fffe0001ull);
    ck_assert_uint_eq(pair(m, 0), 0x0010000b00020001ull);
    /* masked, reference 04 00 02 01 (byte 2 skipped): 0, 3, 6, 9 (+ 1, 2, 3, 4) */
    run_qsad(m, ISA_v_mqsad_pk_u16_u8, 0x04000201u, 0x0004000300020001ull);
    ck_assert_uint_eq(pair(m, 0), 0x000d000900050001ull);
    /* 32-bit accumulators 100, 200, 300, 0xffffffff (v[8:11]): 100, 203, 306, 8 (wraps) */
    static const uint32_t acc[4] = { 100, 200, 300, 0xffffffffu };
    for (unsigned k = 0; k < 4; k++)
        ut_vset_all(m, 8 + k, acc[k]);
    run_qsad(m, ISA_v_mqsad_u32_u8, 0x04000201u, 0);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 100);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 203);
    ck_assert_uint_eq(ut_vreg(m, 2)[0], 306);
    ck_assert_uint_eq(ut_vreg(m, 3)[0], 8);
    free(m);
}
END_TEST

/* clamp: the accumulating add saturates at the result's width instead of wrapping (the cases of
 * test_sad and test_qsad that wrap, and their neighbours that do not). */
START_TEST(test_sad_clamp)
{
    ut_machine_t *m = ut_machine_new();
    /* 1020 + 0xfffffff0 = 0x1000003ec: wraps to 0x3ec, clamps to 0xffffffff */
    ck_assert_uint_eq(run3c(m, ISA_v_sad_u8, 0xff00ff00u, 0x00ff00ffu, 0xfffffff0u, true), 0xffffffffu);
    ck_assert_uint_eq(run3c(m, ISA_v_sad_u8, 0x01020304u, 0x04030201u, 10, true), 18); /* no overflow */
    /* (1020 << 16) + 0xfffffff0 overflows; + 10 does not: 0x3fc000a */
    ck_assert_uint_eq(run3c(m, ISA_v_sad_hi_u8, 0xff00ff00u, 0x00ff00ffu, 0xfffffff0u, true), 0xffffffffu);
    ck_assert_uint_eq(run3c(m, ISA_v_sad_hi_u8, 0xff00ff00u, 0x00ff00ffu, 10, true), 0x3fc000au);
    /* 0x1fffe + 0xffff0000 = 0x10000fffe */
    ck_assert_uint_eq(run3c(m, ISA_v_sad_u16, 0xffff0000u, 0x0000ffffu, 0xffff0000u, false), 0xfffeu);
    ck_assert_uint_eq(run3c(m, ISA_v_sad_u16, 0xffff0000u, 0x0000ffffu, 0xffff0000u, true), 0xffffffffu);
    /* |5 - 0xfffffffe| = 0xfffffff9; + 6 = 0xffffffff exactly (no clamp needed), + 7 overflows */
    ck_assert_uint_eq(run3c(m, ISA_v_sad_u32, 5, 0xfffffffeu, 6, true), 0xffffffffu);
    ck_assert_uint_eq(run3c(m, ISA_v_sad_u32, 5, 0xfffffffeu, 7, false), 0);
    ck_assert_uint_eq(run3c(m, ISA_v_sad_u32, 5, 0xfffffffeu, 7, true), 0xffffffffu);
    /* masked 0x20 + 0xffffffe0 = 2^32 */
    ck_assert_uint_eq(run3c(m, ISA_v_msad_u8, 0x10203040u, 0x00204050u, 0xffffffe0u, false), 0);
    ck_assert_uint_eq(run3c(m, ISA_v_msad_u8, 0x10203040u, 0x00204050u, 0xffffffe0u, true), 0xffffffffu);
    /* qsad_pk: field 1 is 4 + 0xfffe = 0x10002 -> 0xffff; the others as without clamp */
    run_qsad_c(m, ISA_v_qsad_pk_u16_u8, 0x04030201u, 0x00040003fffe0001ull, true);
    ck_assert_uint_eq(pair(m, 0), 0x0010000bffff0001ull);
    /* mqsad_pk, reference 04 00 02 01: SADs 0, 3, 6, 9; field 3 is 9 + 0xfff8 = 0x10001 -> 0xffff */
    run_qsad_c(m, ISA_v_mqsad_pk_u16_u8, 0x04000201u, 0xfff8000300020001ull, true);
    ck_assert_uint_eq(pair(m, 0), 0xffff000900050001ull);
    /* mqsad_u32: 9 + 0xffffffff saturates; 100 + 0 and the others as without clamp */
    static const uint32_t acc[4] = { 100, 200, 300, 0xffffffffu };
    for (unsigned k = 0; k < 4; k++)
        ut_vset_all(m, 8 + k, acc[k]);
    run_qsad_c(m, ISA_v_mqsad_u32_u8, 0x04000201u, 0, true);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 100);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 203);
    ck_assert_uint_eq(ut_vreg(m, 2)[0], 306);
    ck_assert_uint_eq(ut_vreg(m, 3)[0], 0xffffffffu);
    free(m);
}
END_TEST

START_TEST(test_lerp_perm)
{
    ut_machine_t *m = ut_machine_new();
    /* bytes: (2+3+0)>>1 = 2, (1+2+1)>>1 = 2, (255+255+0)>>1 = 255, (0+1+1)>>1 = 1 */
    ck_assert_uint_eq(run3(m, ISA_v_lerp_u8, 0x00ff0102u, 0x01ff0203u, 0x01000100u), 0x01ff0202u);
    /* only bit 0 of each S2 byte counts: 2, (1+2+0)>>1 = 1, (255+255+1)>>1 = 255, 0 */
    ck_assert_uint_eq(run3(m, ISA_v_lerp_u8, 0x00ff0102u, 0x01ff0203u, 0xfefffefeu), 0x00ff0102u);
    /* {S0, S1} = 87 65 43 21 | 0f ed cb a9 (S1 = bytes 0..3): selectors 7, 4, 1, 0 */
    ck_assert_uint_eq(run3(m, ISA_v_perm_b32, 0x87654321u, 0x0fedcba9u, 0x00010407u), 0xa9cb2187u);
    /* 9: sign of byte 3 (0x0f) -> 00; 8: sign of byte 1 (0xcb) -> ff; 13 -> ff; 12 -> 00 */
    ck_assert_uint_eq(run3(m, ISA_v_perm_b32, 0x87654321u, 0x0fedcba9u, 0x0c0d0809u), 0x00ffff00u);
    /* 14 -> ff; 10: sign of byte 5 (0x43) -> 00; 11: sign of byte 7 (0x87) -> ff; 255 -> ff */
    ck_assert_uint_eq(run3(m, ISA_v_perm_b32, 0x87654321u, 0x0fedcba9u, 0xff0b0a0eu), 0xffff00ffu);
    free(m);
}
END_TEST

START_TEST(test_cvt_pk_u8)
{
    ut_machine_t *m = ut_machine_new();
    /* 2.5 rounds to even 2, into byte 1 of S2 */
    ck_assert_uint_eq(run3(m, ISA_v_cvt_pk_u8_f32, ut_fbits(2.5f), 1, 0x11223344u), 0x11220244u);
    ck_assert_uint_eq(run3(m, ISA_v_cvt_pk_u8_f32, ut_fbits(-3.0f), 0, 0xffffffffu), 0xffffff00u);
    ck_assert_uint_eq(run3(m, ISA_v_cvt_pk_u8_f32, ut_fbits(300.0f), 7, 0), 0xff000000u); /* S1[1:0] = 3 */
    ck_assert_uint_eq(run3(m, ISA_v_cvt_pk_u8_f32, 0x7fc00000u, 2, 0x12345678u), 0x12005678u);
    ck_assert_uint_eq(run3(m, ISA_v_cvt_pk_u8_f32, ut_fbits(254.5f), 0, 0), 0xfeu);
    ck_assert_uint_eq(run3(m, ISA_v_cvt_pk_u8_f32, ut_fbits(255.5f), 0, 0), 0xffu);
    /* MODE round towards +inf: 2.5 -> 3 */
    isa_wave_set_mode(&m->w, 0x3c1);
    ck_assert_uint_eq(run3(m, ISA_v_cvt_pk_u8_f32, ut_fbits(2.5f), 0, 0), 3);
    free(m);
}
END_TEST

/* d = op(a, b) with two sources (v1, v2), as run3 otherwise. */
static uint32_t run2(ut_machine_t *m, isa_op_t op, uint32_t a, uint32_t b)
{
    ut_vset_all(m, 0, TV_SENTINEL);
    ut_vset_all(m, 1, a);
    ut_vset_all(m, 2, b);
    ut_set_exec(m, ~2ull);
    isa_inst_t in = ut_inst(op);
    in.vdst = ut_v(0);
    in.src[0] = ut_v(1);
    in.src[1] = ut_v(2);
    in.nsrc = 2;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s: %s", isa_ops[op].name, r.fault_msg);
    ck_assert_uint_eq(ut_vreg(m, 0)[1], TV_SENTINEL);
    return ut_vreg(m, 0)[0];
}

/* The packing conversions: S0 in the low half, S1 in the high half of the result. */
START_TEST(test_cvt_pack)
{
    ut_machine_t *m = ut_machine_new();
    /* snorm16: 0.5 * 32767 = 16383.5 -> 16384 (even) = 0x4000; -2.0 clamps to -1 -> -32767 = 0x8001 */
    ck_assert_uint_eq(run2(m, ISA_v_cvt_pknorm_i16_f32, ut_fbits(0.5f), ut_fbits(-2.0f)), 0x80014000u);
    /* unorm16: 0.5 * 65535 = 32767.5 -> 32768 = 0x8000; -2.0 clamps to 0; NaN gives 0 */
    ck_assert_uint_eq(run2(m, ISA_v_cvt_pknorm_u16_f32, ut_fbits(0.5f), ut_fbits(-2.0f)), 0x00008000u);
    ck_assert_uint_eq(run2(m, ISA_v_cvt_pknorm_u16_f32, 0x7fc00000u, ut_fbits(2.0f)), 0xffff0000u);
    /* f16 toward zero: 1.0 = 0x3c00; 1 + 2^-11 + 2^-12 (nearest would round up to 0x3c01) -> 0x3c00;
     * -70000 (beyond 65504) -> -65504 = 0xfbff, where nearest gives -inf */
    ck_assert_uint_eq(run2(m, ISA_v_cvt_pkrtz_f16_f32, ut_fbits(1.0f), ut_fbits(1.0f + 0x1p-11f + 0x1p-12f)),
                      0x3c003c00u);
    ck_assert_uint_eq(run2(m, ISA_v_cvt_pkrtz_f16_f32, ut_fbits(-70000.0f), 0x7f800000u), 0x7c00fbffu);
    /* saturated to 16 bits: 0x12345 -> 0xffff unsigned, 0x7fff signed; -5 -> 0xffff unsigned (as
     * 0xfffffffb), 0xfffb signed */
    ck_assert_uint_eq(run2(m, ISA_v_cvt_pk_u16_u32, 0x12345u, 0xfffffffbu), 0xffffffffu);
    ck_assert_uint_eq(run2(m, ISA_v_cvt_pk_i16_i32, 0x12345u, 0xfffffffbu), 0xfffb7fffu);
    ck_assert_uint_eq(run2(m, ISA_v_cvt_pk_i16_i32, 0x80000000u, 3), 0x00038000u);
    /* pkaccum: 200.0 into byte 2 of the old destination 0x11223344 */
    ut_vset_all(m, 0, 0x11223344u);
    ut_vset_all(m, 1, ut_fbits(200.0f));
    ut_vset_all(m, 2, 2);
    isa_inst_t in = ut_inst(ISA_v_cvt_pkaccum_u8_f32);
    in.vdst = ut_v(0);
    in.src[0] = ut_v(1);
    in.src[1] = ut_v(2);
    in.nsrc = 2;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0x11c83344u);
    free(m);
}
END_TEST

/* Cube faces: (x, y, z) -> id, sc, tc, ma by the manual's case analysis. */
START_TEST(test_cube)
{
    static const struct { float x, y, z, id, sc, tc, ma; } cs[] = {
        { 1, -2, 0.5f, 3, 1, -0.5f, -4 },  /* |y| largest, y < 0: face 3, sc = x, tc = -z, ma = 2y */
        { -3, 2, 1, 1, 1, -2, -6 },        /* |x| largest, x < 0: face 1, sc = z, tc = -y, ma = 2x */
        { 3, 2, 1, 0, -1, -2, 6 },         /* x > 0: face 0, sc = -z */
        { 1, 1, -1, 5, -1, -1, -2 },       /* a three-way tie goes to z, z < 0: face 5, sc = -x */
        { 2, -2, 1, 3, 2, -1, -4 },        /* |y| = |x|: y's face */
        { 0.5f, 3, 1, 2, 0.5f, 1, 6 },     /* y > 0: face 2, tc = z */
        { 0.5f, 1, 3, 4, 0.5f, -1, 6 },    /* z > 0: face 4, sc = x, tc = -y */
        { -0.0f, 0.0f, -0.0f, 4, -0.0f, -0.0f, -0.0f }, /* -0 is not < 0: face 4 */
    };
    ut_machine_t *m = ut_machine_new();
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        uint32_t x = ut_fbits(cs[i].x), y = ut_fbits(cs[i].y), z = ut_fbits(cs[i].z);
        ck_assert_msg(run3(m, ISA_v_cubeid_f32, x, y, z) == ut_fbits(cs[i].id), "cubeid case %zu", i);
        ck_assert_msg(run3(m, ISA_v_cubesc_f32, x, y, z) == ut_fbits(cs[i].sc), "cubesc case %zu", i);
        ck_assert_msg(run3(m, ISA_v_cubetc_f32, x, y, z) == ut_fbits(cs[i].tc), "cubetc case %zu", i);
        ck_assert_msg(run3(m, ISA_v_cubema_f32, x, y, z) == ut_fbits(cs[i].ma), "cubema case %zu", i);
    }
    /* source modifiers apply: -|x| with x = 3 makes x the negative major axis */
    ut_vset_all(m, 1, ut_fbits(3.0f));
    ut_vset_all(m, 2, ut_fbits(2.0f));
    ut_vset_all(m, 3, ut_fbits(1.0f));
    isa_inst_t in = ut_inst(ISA_v_cubeid_f32);
    in.vdst = ut_v(0);
    in.src[0] = ut_neg(ut_abs(ut_v(1)));
    in.src[1] = ut_v(2);
    in.src[2] = ut_v(3);
    ut_set_exec(m, ~0ull);
    ut_run(m, &in);
    ck_assert(ut_bitsf(ut_vreg(m, 0)[0]) == 1.0f);
    free(m);
}
END_TEST

static isa_exec_result_t movrel(ut_machine_t *m, isa_op_t op, unsigned d, isa_operand_t s)
{
    isa_inst_t in = ut_inst(op);
    in.e64 = 0;
    in.vdst = ut_v(d);
    in.src[0] = s;
    return ut_run(m, &in);
}

START_TEST(test_movrel)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned r = 0; r < 12; r++)
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            ut_vreg(m, r)[l] = r * 1000 + (unsigned)l;
    m->w.sreg[ISA_REG_M0] = 3;
    ut_set_exec(m, ~1ull);
    /* v0 = v[1 + 3] */
    ck_assert_int_eq(movrel(m, ISA_v_movrels_b32, 0, ut_v(1)).status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 0)[5], 4005);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0); /* lane 0 is off */
    /* v[2 + 3] = v10 */
    movrel(m, ISA_v_movreld_b32, 2, ut_v(10));
    ck_assert_uint_eq(ut_vreg(m, 5)[7], 10007);
    ck_assert_uint_eq(ut_vreg(m, 2)[7], 2007);
    /* a scalar source: v[6 + 3] = 42 */
    movrel(m, ISA_v_movreld_b32, 6, ut_ic(42));
    ck_assert_uint_eq(ut_vreg(m, 9)[3], 42);
    ck_assert_uint_eq(ut_vreg(m, 9)[0], 9000);
    /* v[1 + 3] = v[8 + 3] */
    movrel(m, ISA_v_movrelsd_b32, 1, ut_v(8));
    ck_assert_uint_eq(ut_vreg(m, 4)[2], 11002);
    /* beyond the wave's VGPRs: a fault naming the register, nothing written */
    m->w.nvgpr = 12;
    m->w.sreg[ISA_REG_M0] = 5;
    isa_exec_result_t r = movrel(m, ISA_v_movrels_b32, 0, ut_v(7));
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_msg(strstr(r.fault_msg, "v12") && strstr(r.fault_msg, "12 VGPRs"), "%s", r.fault_msg);
    r = movrel(m, ISA_v_movreld_b32, 7, ut_v(0));
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    m->w.sreg[ISA_REG_M0] = 0xffffffffu; /* no wrap-around to a low register */
    r = movrel(m, ISA_v_movrelsd_b32, 1, ut_v(1));
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_uint_eq(ut_vreg(m, 0)[2], 4002);
    free(m);
}
END_TEST

/* VGPR index mode, assembled from text: the mask picks which VGPR operands M0[7:0] offsets. */
static const char gpr_idx_text[] =
    "k:\n"
    "  s_set_gpr_idx_on s2, gpr_idx(SRC0)\n"   /* s2 = 3: M0[7:0] = 3, M0[15:12] = 1 */
    "  s_getreg_b32 s10, hwreg(HW_REG_MODE, 27, 1)\n"
    "  s_mov_b32 s11, m0\n"
    "  v_mov_b32 v0, v1\n"                      /* v0 = v4 */
    "  s_set_gpr_idx_mode gpr_idx(DST)\n"
    "  v_mov_b32 v1, v10\n"                     /* v4 = v10 */
    "  s_set_gpr_idx_idx s5\n"                  /* s5 = 5 */
    "  v_add_u32 v2, vcc, v0, v20\n"            /* v7 = v0 + v20 */
    "  s_set_gpr_idx_mode gpr_idx(SRC1)\n"
    "  v_add_u32 v8, vcc, s3, v1\n"             /* v8 = s3 + v6 (the SGPR is not indexed) */
    "  s_set_gpr_idx_off\n"
    "  s_getreg_b32 s12, hwreg(HW_REG_MODE, 27, 1)\n"
    "  v_mov_b32 v9, v1\n"                      /* v9 = v1: off again */
    "  s_set_gpr_idx_on s6, gpr_idx(SRC0,SRC1,SRC2,DST)\n" /* s6 = 250 */
    "  v_mov_b32 v0, v1\n"                      /* v250 = v251 */
    "  v_mov_b32 v9, v10\n"                     /* v259: beyond the VGPRs, a fault */
    "  s_endpgm\n";

START_TEST(test_gpr_idx)
{
    isa_program_t p;
    char *diag = NULL;
    size_t dn = 0;
    FILE *f = open_memstream(&diag, &dn);
    int e = asm_assemble_buffer("t.s", gpr_idx_text, strlen(gpr_idx_text), ISA_TARGET_GFX803, &p, f);
    fclose(f);
    ck_assert_msg(e == 0, "%s", diag);
    free(diag);
    ut_machine_t *m = ut_machine_new();
    for (unsigned r = 0; r < 256; r++)
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            ut_vreg(m, r)[l] = r * 1000 + (unsigned)l;
    m->w.sreg[2] = 0x103; /* only bits 7:0 count */
    m->w.sreg[3] = 7;
    m->w.sreg[5] = 5;
    m->w.sreg[6] = 250;
    m->w.sreg[ISA_REG_M0] = 0xabcd0f00u;
    const isa_kernel_t *k = &p.kernels[0];
    isa_exec_result_t r = { 0 };
    uint32_t i;
    for (i = 0; i < k->ninsts; i++) {
        r = ut_run(m, &k->insts[i]);
        if (r.status != ISA_EXEC_OK)
            break;
    }
    ck_assert_uint_eq(m->w.sreg[10], 1);                /* MODE.GPR_IDX_EN while on */
    ck_assert_uint_eq(m->w.sreg[11], 0xabcd1f03u);      /* M0: index 3, mask 1, other bits kept */
    ck_assert_uint_eq(ut_vreg(m, 0)[9], 4009);           /* v0 = v4 (before v4 changed) */
    ck_assert_uint_eq(ut_vreg(m, 4)[9], 10009);          /* v4 = v10 */
    ck_assert_uint_eq(ut_vreg(m, 1)[9], 1009);           /* v1 itself untouched */
    ck_assert_uint_eq(ut_vreg(m, 7)[9], 4009 + 20009);   /* v7 = v0 + v20 */
    ck_assert_uint_eq(ut_vreg(m, 2)[9], 2009);
    ck_assert_uint_eq(ut_vreg(m, 8)[9], 7 + 6009);       /* v8 = s3 + v6 */
    ck_assert_uint_eq(m->w.sreg[12], 0);                 /* off */
    ck_assert_uint_eq(ut_vreg(m, 9)[9], 1009);           /* v9 = v1 */
    ck_assert_uint_eq(ut_vreg(m, 250)[9], 251009);       /* every operand indexed */
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);          /* v9 + 250 = v259 */
    ck_assert_str_eq(isa_ops[k->insts[i].op].name, "v_mov_b32");
    ck_assert_msg(strstr(r.fault_msg, "beyond"), "%s", r.fault_msg);
    free(m);
    isa_program_free(&p);
}
END_TEST

/* s_memtime / s_memrealtime return the caller's clock (isa_wave_t.clock) as 64 bits. */
START_TEST(test_memtime)
{
    static const char text[] = "k:\n  s_memtime s[4:5]\n  s_memrealtime vcc\n  s_endpgm\n";
    isa_program_t p;
    char *diag = NULL;
    size_t dn = 0;
    FILE *f = open_memstream(&diag, &dn);
    int e = asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, f);
    fclose(f);
    ck_assert_msg(e == 0, "%s", diag);
    free(diag);
    ut_machine_t *m = ut_machine_new();
    m->w.clock = 0x123456789abcull;
    ck_assert_int_eq(ut_run(m, &p.kernels[0].insts[0]).status, ISA_EXEC_OK);
    m->w.clock = 7;
    ck_assert_int_eq(ut_run(m, &p.kernels[0].insts[1]).status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->w.sreg[4], 0x56789abcu);
    ck_assert_uint_eq(m->w.sreg[5], 0x1234u);
    ck_assert_uint_eq(isa_wave_vcc(&m->w), 7);
    free(m);
    isa_program_free(&p);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("valu_pack");
    TCase *t = tcase_create("pack");
    tcase_add_test(t, test_sad);
    tcase_add_test(t, test_qsad);
    tcase_add_test(t, test_sad_clamp);
    tcase_add_test(t, test_lerp_perm);
    tcase_add_test(t, test_cvt_pk_u8);
    tcase_add_test(t, test_cvt_pack);
    tcase_add_test(t, test_cube);
    tcase_add_test(t, test_movrel);
    tcase_add_test(t, test_gpr_idx);
    tcase_add_test(t, test_memtime);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

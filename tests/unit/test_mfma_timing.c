/* The matrix core's table (sim/machine/mfma_timing.def) against the instruction set: every row is an
 * isa.def MFMA entry, every MFMA entry has a row, and a row has figures exactly on the targets that
 * have the instruction (isa_op_on_target); the figures are whole passes (multiples of 4 cycles:
 * 2, 4, 8 or 16 passes) and the VALU port is never held longer than the core. A few rows are checked
 * against the source's numbers by hand (AMD's matrix instruction calculator: docs/references.md,
 * AMD-MIC). */
#include "unit.h"

#include "machine/mfma_timing.h"

static const isa_target_t cdna[] = { ISA_TARGET_GFX908, ISA_TARGET_GFX90A, ISA_TARGET_GFX942 };

START_TEST(test_rows_are_the_mfma_entries)
{
    unsigned rows = 0;
    mfma_time_t m;
    for (const char *name; (name = mfma_time_row(rows, ISA_TARGET_GFX90A, &m)) != NULL; rows++) {
        isa_op_t op = isa_lookup(name);
        ck_assert_msg(op != ISA_NUM_OPS, "%s is no isa.def entry", name);
        ck_assert_msg(isa_ops[op].flags & ISA_FL_MFMA, "%s is no MFMA", name);
        for (unsigned k = 0; k < 3; k++) {
            ck_assert(mfma_time_row(rows, cdna[k], &m) != NULL);
            bool on = isa_op_on_target(op, cdna[k]);
            ck_assert_msg((m.cycles != 0) == on, "%s on %s: cycles %u", name, isa_target_name(cdna[k]), m.cycles);
            if (!on)
                continue;
            unsigned p = m.cycles / 4;
            ck_assert_msg(m.cycles % 4 == 0 && (p == 2 || p == 4 || p == 8 || p == 16), "%s: %u cycles", name, m.cycles);
            ck_assert_uint_le(m.valu, m.cycles);
            ck_assert_uint_ge(m.valu, 4);
            mfma_time_t f;
            ck_assert(mfma_time_find(name, cdna[k], &f));
            ck_assert_uint_eq(f.cycles, m.cycles);
        }
        ck_assert(!mfma_time_find(name, ISA_TARGET_GFX906, &m));
    }
    unsigned ops = 0;
    for (unsigned op = 0; op < ISA_NUM_OPS; op++)
        if (isa_ops[op].flags & ISA_FL_MFMA) {
            ops++;
            ck_assert_msg(mfma_time_find(isa_ops[op].name, ISA_TARGET_GFX908, &m) ||
                          mfma_time_find(isa_ops[op].name, ISA_TARGET_GFX90A, &m) ||
                          mfma_time_find(isa_ops[op].name, ISA_TARGET_GFX942, &m), "%s has no row", isa_ops[op].name);
        }
    ck_assert_uint_eq(rows, ops);
    ck_assert_uint_eq(rows, 53);
    ck_assert(!mfma_time_find("v_add_f32", ISA_TARGET_GFX90A, &m));
}
END_TEST

/* The calculator's "Execution cycles" and co-execution of a few instructions, by hand. */
START_TEST(test_some_figures)
{
    mfma_time_t m;
    /* v_mfma_f32_32x32x8f16: 64 cycles on CDNA1/2, 32 on CDNA3; VALU after 8 / 4 / 4 cycles */
    ck_assert(mfma_time_find("v_mfma_f32_32x32x8f16", ISA_TARGET_GFX908, &m));
    ck_assert_uint_eq(m.cycles, 64);
    ck_assert_uint_eq(m.valu, 8);
    ck_assert(mfma_time_find("v_mfma_f32_32x32x8f16", ISA_TARGET_GFX90A, &m));
    ck_assert_uint_eq(m.cycles, 64);
    ck_assert_uint_eq(m.valu, 4);
    ck_assert(mfma_time_find("v_mfma_f32_32x32x8f16", ISA_TARGET_GFX942, &m));
    ck_assert_uint_eq(m.cycles, 32);
    ck_assert_uint_eq(m.flags, MFMA_T_XDL942);
    /* v_mfma_f32_32x32x2_f32 (CDNA3): 64 cycles, no VALU co-execution */
    ck_assert(mfma_time_find("v_mfma_f32_32x32x2f32", ISA_TARGET_GFX942, &m));
    ck_assert_uint_eq(m.cycles, 64);
    ck_assert_uint_eq(m.valu, 64);
    /* v_mfma_f64_16x16x4f64 (CDNA2): 32 cycles, no co-execution, a DGEMM */
    ck_assert(mfma_time_find("v_mfma_f64_16x16x4f64", ISA_TARGET_GFX90A, &m));
    ck_assert_uint_eq(m.cycles, 32);
    ck_assert_uint_eq(m.valu, 32);
    ck_assert_uint_eq(m.flags, MFMA_T_DGEMM);
    /* v_smfmac_f32_16x16x32_f16 (CDNA3): 16 cycles, VALU after 8 */
    ck_assert(mfma_time_find("v_smfmac_f32_16x16x32_f16", ISA_TARGET_GFX942, &m));
    ck_assert_uint_eq(m.cycles, 16);
    ck_assert_uint_eq(m.valu, 8);
    ck_assert_uint_eq(m.flags, MFMA_T_XDL942 | MFMA_T_SPARSE);
    /* v_mfma_i32_4x4x4i8: 8 cycles everywhere */
    for (unsigned k = 0; k < 3; k++) {
        ck_assert(mfma_time_find("v_mfma_i32_4x4x4i8", cdna[k], &m));
        ck_assert_uint_eq(m.cycles, 8);
    }
}
END_TEST

/* The write-back's wait states (mfma_wait_states), row by row against docs/architecture.md's MAI
 * table (LLVM's GCNHazardRecognizer): the use, the producer on its target, the count. */
static unsigned ws(const char *prod, isa_target_t t, mfma_use_t use, bool same, const char *user)
{
    mfma_time_t p, z;
    ck_assert_msg(mfma_time_find(prod, t, &p), "%s", prod);
    if (user)
        ck_assert_msg(mfma_time_find(user, t, &z), "%s", user);
    return mfma_wait_states(t, &p, use, same, user ? &z : NULL);
}

START_TEST(test_wait_states)
{
    const isa_target_t g908 = ISA_TARGET_GFX908, g90a = ISA_TARGET_GFX90A, g942 = ISA_TARGET_GFX942;
    /* gfx908: v_accvgpr_read after 2/8/16 passes 4/10/18, v_accvgpr_write 1/7/15; srcA/B 4, srcC 2,
     * the same registers 0 */
    ck_assert_uint_eq(ws("v_mfma_f32_4x4x1f32", g908, MFMA_USE_VALU_READ, false, NULL), 4);
    ck_assert_uint_eq(ws("v_mfma_f32_16x16x4f32", g908, MFMA_USE_VALU_READ, false, NULL), 10);
    ck_assert_uint_eq(ws("v_mfma_f32_32x32x1f32", g908, MFMA_USE_VALU_READ, false, NULL), 18);
    ck_assert_uint_eq(ws("v_mfma_f32_32x32x1f32", g908, MFMA_USE_WRITE, false, NULL), 15);
    ck_assert_uint_eq(ws("v_mfma_f32_32x32x1f32", g908, MFMA_USE_SRCAB, false, "v_mfma_f32_4x4x1f32"), 4);
    ck_assert_uint_eq(ws("v_mfma_f32_32x32x1f32", g908, MFMA_USE_SRCC, false, "v_mfma_f32_4x4x1f32"), 2);
    ck_assert_uint_eq(ws("v_mfma_f32_32x32x1f32", g908, MFMA_USE_SRCC, true, "v_mfma_f32_32x32x1f32"), 0);
    /* gfx90a: 5/11/19 for a VALU or memory use; f64 4x4 6 (memory 9), 16x16 11 (memory 18); srcC
     * p (2/8/16), 3/9/17 for an f64 reader, 0 for a non-f64 reader of an f64 result */
    ck_assert_uint_eq(ws("v_mfma_f32_4x4x4f16", g90a, MFMA_USE_MEM_READ, false, NULL), 5);
    ck_assert_uint_eq(ws("v_mfma_f32_16x16x4f32", g90a, MFMA_USE_WRITE, false, NULL), 11);
    ck_assert_uint_eq(ws("v_mfma_f64_4x4x4f64", g90a, MFMA_USE_VALU_READ, false, NULL), 6);
    ck_assert_uint_eq(ws("v_mfma_f64_4x4x4f64", g90a, MFMA_USE_MEM_READ, false, NULL), 9);
    ck_assert_uint_eq(ws("v_mfma_f64_16x16x4f64", g90a, MFMA_USE_MEM_READ, false, NULL), 18);
    ck_assert_uint_eq(ws("v_mfma_f32_16x16x4f32", g90a, MFMA_USE_SRCC, false, "v_mfma_f32_4x4x4f16"), 8);
    ck_assert_uint_eq(ws("v_mfma_f32_16x16x4f32", g90a, MFMA_USE_SRCC, false, "v_mfma_f64_4x4x4f64"), 9);
    ck_assert_uint_eq(ws("v_mfma_f64_16x16x4f64", g90a, MFMA_USE_SRCC, false, "v_mfma_f32_4x4x4f16"), 0);
    ck_assert_uint_eq(ws("v_mfma_f64_4x4x4f64", g90a, MFMA_USE_SRCC, true, "v_mfma_f64_4x4x4f64"), 4);
    /* gfx942: passes + 3 after an XDL MFMA, + 2 after another (f32); srcC p + 1 / p, 0 for an XDL
     * reader of a non-XDL result; 2 for a 2-pass chain through the same registers */
    ck_assert_uint_eq(ws("v_mfma_f32_32x32x8f16", g942, MFMA_USE_VALU_READ, false, NULL), 8 + 3);
    ck_assert_uint_eq(ws("v_mfma_f32_32x32x2f32", g942, MFMA_USE_SRCAB, false, "v_mfma_f32_4x4x4f16"), 16 + 2);
    ck_assert_uint_eq(ws("v_mfma_f32_32x32x8f16", g942, MFMA_USE_SRCC, false, "v_mfma_f32_32x32x2f32"), 8 + 1);
    ck_assert_uint_eq(ws("v_mfma_f32_32x32x2f32", g942, MFMA_USE_SRCC, false, "v_mfma_f32_16x16x4f32"), 16);
    ck_assert_uint_eq(ws("v_mfma_f32_32x32x2f32", g942, MFMA_USE_SRCC, false, "v_mfma_f32_4x4x4f16"), 0);
    ck_assert_uint_eq(ws("v_mfma_f32_4x4x4f16", g942, MFMA_USE_SRCC, true, "v_mfma_f32_4x4x4f16"), 2);
    /* the most any use needs: gfx90a's f64 16x16 memory read, 18 */
    mfma_time_t p;
    ck_assert(mfma_time_find("v_mfma_f64_16x16x4f64", g90a, &p));
    ck_assert_uint_eq(mfma_wait_states_max(g90a, &p), 18);
    ck_assert(mfma_time_find("v_mfma_f32_32x32x1f32", g908, &p));
    ck_assert_uint_eq(mfma_wait_states_max(g908, &p), 18);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mfma_timing");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_rows_are_the_mfma_entries);
    tcase_add_test(tc, test_some_figures);
    tcase_add_test(tc, test_wait_states);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

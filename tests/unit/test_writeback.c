/* The write-back unit (machine/writeback.h): a wave's memory operations in flight, and their
 * results reaching the registers at completion — not at issue, vm in order, lgkm at its own cycle,
 * only the lanes active at issue. "Executing" an instruction here is writing its new values
 * between wb_issue_begin and wb_issue_end, as isa_exec does. */
#include "unit.h"

#include "machine/writeback.h"

typedef struct {
    ut_machine_t *m;
    wb_wave_t *q;
} wb_fixture_t;

static wb_fixture_t fixture(void)
{
    wb_fixture_t f = { ut_machine_new(), NULL };
    ck_assert(wb_wave_reset(&f.q));
    return f;
}

static void release(wb_fixture_t *f)
{
    wb_wave_free(f->q);
    free(f->m);
}

/* Issue a load of one VGPR (flat_load_dword, or ds_read_b32 when lds) that writes `value` to every
 * lane of v[reg]; lgkm ones complete at `done`. */
static void load_v(wb_fixture_t *f, bool lds, unsigned reg, uint32_t value, uint64_t done, uint64_t lanes)
{
    isa_inst_t in = ut_inst(lds ? ISA_ds_read_b32 : ISA_flat_load_dword);
    in.vdst = ut_v(reg);
    ck_assert(wb_issue_begin(f->q, &f->m->w, &in));
    ut_vset_all(f->m, reg, value);
    ck_assert(wb_issue_end(f->q, &f->m->w, !lds, done, lanes));
}

/* s_load_dwordx2 s[reg:reg+1], completing at `done`. */
static void load_s(wb_fixture_t *f, unsigned reg, uint32_t value, uint64_t done)
{
    isa_inst_t in = ut_inst(ISA_s_load_dwordx2);
    in.sdst = ut_sr(reg, 2);
    ck_assert(wb_issue_begin(f->q, &f->m->w, &in));
    f->m->w.sreg[reg] = f->m->w.sreg[reg + 1] = value;
    ck_assert(wb_issue_end(f->q, &f->m->w, false, done, 0));
}

START_TEST(test_results_at_completion_not_at_issue)
{
    wb_fixture_t f = fixture();
    ut_vset_all(f.m, 2, 1);
    load_v(&f, false, 2, 7, 0, UINT64_MAX);
    /* issued: the register still holds its old value, and the unit says its value is on its way */
    ck_assert_uint_eq(ut_vreg(f.m, 2)[0], 1);
    ck_assert_uint_eq(ut_vreg(f.m, 2)[63], 1);
    ck_assert_uint_eq(wb_queued(f.q), 1);
    ck_assert(wb_pending(f.q, ISA_VGPR_BASE + 2));
    ck_assert(!wb_pending(f.q, ISA_VGPR_BASE + 3));
    ck_assert(!wb_pending(f.q, 2)); /* s2 is not v2 */
    ck_assert(wb_complete(f.q, &f.m->w, true, 500));
    ck_assert_uint_eq(ut_vreg(f.m, 2)[0], 7);
    ck_assert_uint_eq(ut_vreg(f.m, 2)[63], 7);
    ck_assert_uint_eq(wb_queued(f.q), 0);
    ck_assert(!wb_pending(f.q, ISA_VGPR_BASE + 2));
    ck_assert(!wb_complete(f.q, &f.m->w, true, 501)); /* nothing left */
    release(&f);
}
END_TEST

START_TEST(test_vm_completes_in_order)
{
    wb_fixture_t f = fixture();
    ut_vset_all(f.m, 2, 1);
    ut_vset_all(f.m, 3, 1);
    load_v(&f, false, 2, 7, 0, UINT64_MAX);
    load_v(&f, false, 3, 8, 0, UINT64_MAX);
    ck_assert(wb_complete(f.q, &f.m->w, true, 10));
    ck_assert_uint_eq(ut_vreg(f.m, 2)[5], 7); /* the older one first */
    ck_assert_uint_eq(ut_vreg(f.m, 3)[5], 1);
    ck_assert(wb_pending(f.q, ISA_VGPR_BASE + 3));
    ck_assert(wb_complete(f.q, &f.m->w, true, 11));
    ck_assert_uint_eq(ut_vreg(f.m, 3)[5], 8);
    release(&f);
}
END_TEST

START_TEST(test_same_register_overwritten_in_issue_order)
{
    wb_fixture_t f = fixture();
    ut_vset_all(f.m, 2, 1);
    load_v(&f, false, 2, 7, 0, UINT64_MAX);
    load_v(&f, false, 2, 9, 0, UINT64_MAX);
    ck_assert_uint_eq(ut_vreg(f.m, 2)[0], 1); /* the second load's issue kept the old value too */
    ck_assert(wb_complete(f.q, &f.m->w, true, 10));
    ck_assert_uint_eq(ut_vreg(f.m, 2)[0], 7);
    ck_assert(wb_pending(f.q, ISA_VGPR_BASE + 2));
    ck_assert(wb_complete(f.q, &f.m->w, true, 11));
    ck_assert_uint_eq(ut_vreg(f.m, 2)[0], 9); /* the later load's value stays */
    ck_assert(!wb_pending(f.q, ISA_VGPR_BASE + 2));
    release(&f);
}
END_TEST

START_TEST(test_lgkm_completes_at_its_cycle)
{
    wb_fixture_t f = fixture();
    ut_vset_all(f.m, 4, 1);
    f.m->w.sreg[8] = f.m->w.sreg[9] = 2;
    load_v(&f, true, 4, 7, 100, UINT64_MAX); /* LDS, issued first, done at 100 */
    load_s(&f, 8, 5, 50);                    /* a scalar load issued later, done sooner */
    ck_assert_uint_eq(f.m->w.sreg[8], 2);
    ck_assert(wb_pending(f.q, 9));
    ck_assert(!wb_complete(f.q, &f.m->w, true, 50)); /* no vm operation */
    ck_assert(!wb_complete(f.q, &f.m->w, false, 70)); /* nothing due at 70 */
    ck_assert(wb_complete(f.q, &f.m->w, false, 50));
    ck_assert_uint_eq(f.m->w.sreg[8], 5);
    ck_assert_uint_eq(f.m->w.sreg[9], 5);
    ck_assert_uint_eq(ut_vreg(f.m, 4)[0], 1);
    ck_assert(wb_complete(f.q, &f.m->w, false, 100));
    ck_assert_uint_eq(ut_vreg(f.m, 4)[0], 7);
    release(&f);
}
END_TEST

START_TEST(test_only_lanes_active_at_issue)
{
    wb_fixture_t f = fixture();
    ut_vset_all(f.m, 2, 1);
    load_v(&f, false, 2, 7, 0, 0x5ull | (1ull << 63));
    ck_assert(wb_complete(f.q, &f.m->w, true, 10));
    ck_assert_uint_eq(ut_vreg(f.m, 2)[0], 7);
    ck_assert_uint_eq(ut_vreg(f.m, 2)[1], 1);
    ck_assert_uint_eq(ut_vreg(f.m, 2)[2], 7);
    ck_assert_uint_eq(ut_vreg(f.m, 2)[62], 1);
    ck_assert_uint_eq(ut_vreg(f.m, 2)[63], 7);
    release(&f);
}
END_TEST

START_TEST(test_store_queued_without_results)
{
    wb_fixture_t f = fixture();
    ut_vset_all(f.m, 2, 1);
    isa_inst_t st = ut_inst(ISA_flat_store_dword);
    st.src[0] = ut_vr(0, 2);
    st.src[1] = ut_v(2);
    st.nsrc = 2;
    ck_assert(!wb_deferred(&st));
    ck_assert(wb_issue_begin(f.q, &f.m->w, &st));
    ck_assert(wb_issue_end(f.q, &f.m->w, true, 0, UINT64_MAX));
    load_v(&f, false, 2, 7, 0, UINT64_MAX);
    ck_assert_uint_eq(wb_queued(f.q), 2);
    ck_assert(!wb_pending(f.q, ISA_VGPR_BASE + 0));
    ck_assert(wb_complete(f.q, &f.m->w, true, 10)); /* the store: vmcnt counts it, no register moves */
    ck_assert_uint_eq(ut_vreg(f.m, 2)[0], 1);
    ck_assert(wb_complete(f.q, &f.m->w, true, 11));
    ck_assert_uint_eq(ut_vreg(f.m, 2)[0], 7);
    release(&f);
}
END_TEST

START_TEST(test_reset_drops_what_is_queued)
{
    wb_fixture_t f = fixture();
    ut_vset_all(f.m, 2, 1);
    load_v(&f, false, 2, 7, 0, UINT64_MAX);
    load_s(&f, 8, 5, 50);
    ck_assert(wb_wave_reset(&f.q)); /* a new wave takes the slot */
    ck_assert_uint_eq(wb_queued(f.q), 0);
    ck_assert(!wb_pending(f.q, ISA_VGPR_BASE + 2));
    ck_assert(!wb_complete(f.q, &f.m->w, true, 10));
    load_v(&f, false, 3, 4, 0, UINT64_MAX); /* the blocks given back are reused */
    ck_assert(wb_complete(f.q, &f.m->w, true, 11));
    ck_assert_uint_eq(ut_vreg(f.m, 3)[0], 4);
    release(&f);
}
END_TEST

static Suite *writeback_suite(void)
{
    Suite *s = suite_create("writeback");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_results_at_completion_not_at_issue);
    tcase_add_test(tc, test_vm_completes_in_order);
    tcase_add_test(tc, test_same_register_overwritten_in_issue_order);
    tcase_add_test(tc, test_lgkm_completes_at_its_cycle);
    tcase_add_test(tc, test_only_lanes_active_at_issue);
    tcase_add_test(tc, test_store_queued_without_results);
    tcase_add_test(tc, test_reset_drops_what_is_queued);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(writeback_suite)

/* The write-back unit (machine/writeback.h): a wave's memory operations in flight, and their
 * results reaching the registers at completion — not at issue, vm in order, lgkm at its own cycle,
 * only the lanes active at issue. Most tests "execute" an instruction by writing its new values
 * into the sink wb_issue_begin hands the wave (isa_wave_t.sink), as isa_exec does; the last ones
 * run isa_exec itself, which must leave the registers alone until completion. */
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
 * lane of v[reg] (into the sink); lgkm ones complete at `done`. */
static void load_v(wb_fixture_t *f, bool lds, unsigned reg, uint32_t value, uint64_t done, uint64_t lanes)
{
    isa_inst_t in = ut_inst(lds ? ISA_ds_read_b32 : ISA_flat_load_dword);
    in.vdst = ut_v(reg);
    ck_assert(wb_issue_begin(f->q, &f->m->w, &in));
    const isa_sink_t *k = f->m->w.sink;
    ck_assert_ptr_nonnull(k);
    ck_assert_uint_eq(k->vreg, reg);
    ck_assert_uint_eq(k->nv, 1);
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        k->data[l] = value;
    ck_assert(wb_issue_end(f->q, &f->m->w, !lds, done, lanes));
    ck_assert_ptr_null(f->m->w.sink);
}

/* s_load_dwordx2 s[reg:reg+1], completing at `done`. */
static void load_s(wb_fixture_t *f, unsigned reg, uint32_t value, uint64_t done)
{
    isa_inst_t in = ut_inst(ISA_s_load_dwordx2);
    in.sdst = ut_sr(reg, 2);
    ck_assert(wb_issue_begin(f->q, &f->m->w, &in));
    const isa_sink_t *k = f->m->w.sink;
    ck_assert_ptr_nonnull(k);
    ck_assert_uint_eq(k->nv, 0);
    ck_assert_uint_eq(k->sreg, reg);
    ck_assert_uint_eq(k->ns, 2);
    k->data[0] = k->data[1] = value;
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

/* flat_load_dwordx2 v[0:1], v[0:1] (the address registers are the destination) on lanes 0..31,
 * executed by isa_exec: the registers keep their old values through the issue and take the loaded
 * ones at completion, the inactive lanes never. */
START_TEST(test_exec_leaves_registers_until_completion)
{
    wb_fixture_t f = fixture();
    ut_machine_t *m = f.m;
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        uint64_t a = UT_MEM_BASE + 8u * (uint64_t)l;
        ut_vreg(m, 0)[l] = (uint32_t)a;
        ut_vreg(m, 1)[l] = (uint32_t)(a >> 32);
        uint32_t lo = 1000u + (uint32_t)l, hi = 2000u + (uint32_t)l;
        memcpy(m->gmem + 8 * l, &lo, 4);
        memcpy(m->gmem + 8 * l + 4, &hi, 4);
    }
    ut_set_exec(m, 0xffffffffull);
    isa_inst_t in = ut_inst(ISA_flat_load_dwordx2);
    in.vdst = ut_vr(0, 2);
    in.src[0] = ut_vr(0, 2);
    in.nsrc = 1;
    ck_assert(wb_issue_begin(f.q, &m->w, &in));
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 0)[5], (uint32_t)(UT_MEM_BASE + 40)); /* untouched by isa_exec */
    ck_assert_uint_eq(ut_vreg(m, 1)[5], (uint32_t)(UT_MEM_BASE >> 32));
    ck_assert(wb_issue_end(f.q, &m->w, true, 0, r.lanes));
    ck_assert_ptr_null(m->w.sink);
    ck_assert_uint_eq(ut_vreg(m, 0)[5], (uint32_t)(UT_MEM_BASE + 40)); /* and by the queueing */
    ck_assert(wb_pending(f.q, ISA_VGPR_BASE + 1));
    ck_assert(wb_complete(f.q, &m->w, true, 100));
    ck_assert_uint_eq(ut_vreg(m, 0)[5], 1005);
    ck_assert_uint_eq(ut_vreg(m, 1)[5], 2005);
    ck_assert_uint_eq(ut_vreg(m, 0)[31], 1031);
    ck_assert_uint_eq(ut_vreg(m, 0)[32], (uint32_t)(UT_MEM_BASE + 256)); /* inactive: old value */
    ck_assert_uint_eq(ut_vreg(m, 1)[63], (uint32_t)(UT_MEM_BASE >> 32));
    release(&f);
}
END_TEST

/* The same through isa_exec for an LDS load, a scalar load and s_memtime (lgkm, at their cycles). */
START_TEST(test_exec_lgkm_results_at_completion)
{
    wb_fixture_t f = fixture();
    ut_machine_t *m = f.m;
    ut_vset_all(m, 1, 16); /* the LDS address of every lane */
    uint32_t word = 77, pair[2] = { 5, 6 };
    memcpy(m->lds + 16, &word, 4);
    memcpy(m->gmem + 64, pair, 8);
    ut_vset_all(m, 2, 1);
    m->w.sreg[4] = (uint32_t)(UT_MEM_BASE + 64);
    m->w.sreg[5] = (uint32_t)(UT_MEM_BASE >> 32);
    m->w.sreg[8] = m->w.sreg[9] = m->w.sreg[10] = m->w.sreg[11] = 3;
    m->w.clock = 0x100000009ull;

    isa_inst_t ds = ut_inst(ISA_ds_read_b32);
    ds.vdst = ut_v(2);
    ds.src[0] = ut_v(1);
    ds.nsrc = 1;
    isa_inst_t sl = ut_inst(ISA_s_load_dwordx2);
    sl.sdst = ut_sr(8, 2);
    sl.src[0] = ut_sr(4, 2);
    sl.nsrc = 1;
    isa_inst_t mt = ut_inst(ISA_s_memtime);
    mt.sdst = ut_sr(10, 2);
    const isa_inst_t *ins[3] = { &ds, &sl, &mt };
    const uint64_t done[3] = { 30, 20, 10 };
    for (int i = 0; i < 3; i++) {
        ck_assert(wb_issue_begin(f.q, &m->w, ins[i]));
        isa_exec_result_t r = ut_run(m, ins[i]);
        ck_assert_int_eq(r.status, ISA_EXEC_OK);
        ck_assert(wb_issue_end(f.q, &m->w, false, done[i], r.lanes));
    }
    ck_assert_uint_eq(ut_vreg(m, 2)[0], 1); /* nothing written at issue */
    ck_assert_uint_eq(m->w.sreg[8], 3);
    ck_assert_uint_eq(m->w.sreg[11], 3);
    ck_assert(wb_complete(f.q, &m->w, false, 10));
    ck_assert_uint_eq(m->w.sreg[10], 9);
    ck_assert_uint_eq(m->w.sreg[11], 1);
    ck_assert_uint_eq(m->w.sreg[8], 3);
    ck_assert(wb_complete(f.q, &m->w, false, 20));
    ck_assert_uint_eq(m->w.sreg[8], 5);
    ck_assert_uint_eq(m->w.sreg[9], 6);
    ck_assert_uint_eq(ut_vreg(m, 2)[63], 1);
    ck_assert(wb_complete(f.q, &m->w, false, 30));
    ck_assert_uint_eq(ut_vreg(m, 2)[0], 77);
    ck_assert_uint_eq(ut_vreg(m, 2)[63], 77);
    release(&f);
}
END_TEST

/* Without a sink (the functional mode) isa_exec writes the registers at once; a faulting issue
 * takes its sink back (wb_issue_abort). */
START_TEST(test_no_sink_writes_registers_and_abort)
{
    wb_fixture_t f = fixture();
    ut_machine_t *m = f.m;
    uint32_t word = 77;
    memcpy(m->lds + 16, &word, 4);
    ut_vset_all(m, 1, 16);
    ut_vset_all(m, 2, 1);
    isa_inst_t ds = ut_inst(ISA_ds_read_b32);
    ds.vdst = ut_v(2);
    ds.src[0] = ut_v(1);
    ds.nsrc = 1;
    ck_assert_int_eq(ut_run(m, &ds).status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 2)[0], 77);
    ut_vset_all(m, 1, 1u << 20); /* past the LDS: a fault */
    ck_assert(wb_issue_begin(f.q, &m->w, &ds));
    ck_assert_ptr_nonnull(m->w.sink);
    ck_assert_int_eq(ut_run(m, &ds).status, ISA_EXEC_FAULT);
    wb_issue_abort(f.q, &m->w);
    ck_assert_ptr_null(m->w.sink);
    ck_assert_uint_eq(wb_queued(f.q), 0);
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
    tcase_add_test(tc, test_exec_leaves_registers_until_completion);
    tcase_add_test(tc, test_exec_lgkm_results_at_completion);
    tcase_add_test(tc, test_no_sink_writes_registers_and_abort);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(writeback_suite)

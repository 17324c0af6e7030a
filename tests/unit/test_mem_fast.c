/* FLAT and DS on their fast paths' edges: a lanes' span that is not mapped as one (each lane
 * looked up, faults in lane order), and DS with every lane active (the address pass without a lane
 * mask), against hand-derived values. */
#include "unit.h"

static uint8_t *gptr(ut_machine_t *m, uint64_t addr) { return m->gmem + (addr - UT_MEM_BASE); }

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static isa_inst_t flat_inst(isa_op_t op, int vdst, unsigned nd, int data, unsigned ndata)
{
    isa_inst_t in = ut_inst(op);
    in.src[0] = ut_vr(0, 2);
    if (vdst >= 0)
        in.vdst = ut_vr((unsigned)vdst, nd);
    if (data >= 0)
        in.src[1] = ut_vr((unsigned)data, ndata);
    return in;
}

static isa_inst_t ds_inst(isa_op_t op, int vdst, unsigned nd)
{
    isa_inst_t in = ut_inst(op);
    in.src[0] = ut_v(0);
    if (vdst >= 0)
        in.vdst = ut_vr((unsigned)vdst, nd);
    return in;
}

START_TEST(flat_span_not_mapped_as_one)
{
    ut_machine_t *m = ut_machine_new();
    m->mem.translate = ut_holed_translate;
    for (unsigned i = 0; i < 4096; i++)
        m->gmem[i] = (uint8_t)(i * 11 + 1);
    /* Lanes 0..31 below the hole, 32..63 above it, in falling order. */
    for (unsigned l = 0; l < 64; l++) {
        uint64_t a = UT_MEM_BASE + (l < 32 ? 8 * l + 4 : UT_HOLE + 16 + 8 * (95 - l));
        ut_vreg(m, 0)[l] = (uint32_t)a;
        ut_vreg(m, 1)[l] = (uint32_t)(a >> 32);
    }
    isa_inst_t in = flat_inst(ISA_flat_load_dwordx2, 8, 2, -1, 0);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++) {
        const uint8_t *p = gptr(m, r.addr[l]);
        ck_assert_uint_eq(ut_vreg(m, 8)[l], le32(p));
        ck_assert_uint_eq(ut_vreg(m, 9)[l], le32(p + 4));
    }
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 4)[l] = 0x5a000000u + l;
    in = flat_inst(ISA_flat_store_dword, -1, 0, 4, 1);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(le32(gptr(m, r.addr[l])), 0x5a000000u + l);
    /* Lane 20 in the hole faults, nothing stored. */
    ut_vreg(m, 0)[20] = (uint32_t)(UT_MEM_BASE + UT_HOLE + 4);
    ut_vreg(m, 1)[20] = (uint32_t)((UT_MEM_BASE + UT_HOLE) >> 32);
    uint8_t before[4096];
    memcpy(before, m->gmem, sizeof before);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault_lane, 20);
    ck_assert_mem_eq(before, m->gmem, sizeof before);
    free(m);
}
END_TEST

/* Every lane active (the DS address pass without a lane mask): read2's two offsets, and the first
 * fault in lane order for a misaligned and an out-of-bounds lane. */
START_TEST(ds_every_lane)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < 4096; i++)
        m->lds[i] = (uint8_t)(i * 29 + 7);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = 8 * (63 - l);
    isa_inst_t in = ds_inst(ISA_ds_read2_b32, 10, 2);
    in.offset0 = 3;
    in.offset1 = 250;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++) {
        ck_assert_uint_eq(r.addr[l], 8 * (63 - l) + 12);
        ck_assert_uint_eq(ut_vreg(m, 10)[l], le32(m->lds + 8 * (63 - l) + 12));
        ck_assert_uint_eq(ut_vreg(m, 11)[l], le32(m->lds + 8 * (63 - l) + 1000));
    }
    in = ds_inst(ISA_ds_read_b32, 12, 1);
    in.offset = 20;
    r = ut_run(m, &in);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 12)[l], le32(m->lds + 8 * (63 - l) + 20));
    ut_vreg(m, 0)[40] = 2; /* misaligned */
    ut_vreg(m, 0)[50] = 2;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault_lane, 40);
    ut_vreg(m, 0)[30] = (uint32_t)sizeof m->lds; /* past the end */
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_LDS_BOUNDS);
    ck_assert_int_eq(r.fault_lane, 30);
    free(m);
}
END_TEST

static Suite *mem_fast_suite(void)
{
    Suite *s = suite_create("mem_fast");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, flat_span_not_mapped_as_one);
    tcase_add_test(tc, ds_every_lane);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(mem_fast_suite)

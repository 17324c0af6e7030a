/* FLAT and DS on their fast paths' edges: a lanes' span that is not mapped as one (each lane
 * looked up, faults in lane order), and DS with every lane active (the address pass without a lane
 * mask), against hand-derived values; whole-dword DS loads and stores with every lane active
 * against a plain reference. */
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

/* ---- DS on one run of lanes against a plain reference --------------------------------------------
 * Whole-dword loads and stores whose active lanes are one run (every lane, or a tree reduction's
 * lower lanes) take a path that checks the bounds from the bases' maximum and the alignment from
 * their OR, reads the bases once (a load may overwrite its address register) and accesses straight
 * from them; anything it does not admit (lanes with gaps too) takes the checked lane-by-lane path.
 * The reference: each active lane's elements at (uint32)(base + offset), checked in lane order,
 * stores applied lane by lane (element 0 before 1), so that overlapping lanes leave the highest
 * lane's data; inactive lanes keep their registers and record address 0. */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

typedef struct {
    isa_op_t op;
    uint32_t esize, nelem, stride;
    bool load;
} ds_case_t;

static const ds_case_t ds_cases[] = {
    { ISA_ds_read_b32, 4, 1, 0, true },         { ISA_ds_read_b64, 8, 1, 0, true },
    { ISA_ds_read_b96, 12, 1, 0, true },        { ISA_ds_read_b128, 16, 1, 0, true },
    { ISA_ds_read2_b32, 4, 2, 4, true },        { ISA_ds_read2_b64, 8, 2, 8, true },
    { ISA_ds_read2st64_b32, 4, 2, 256, true },  { ISA_ds_write_b32, 4, 1, 0, false },
    { ISA_ds_write_b64, 8, 1, 0, false },       { ISA_ds_write_b96, 12, 1, 0, false },
    { ISA_ds_write_b128, 16, 1, 0, false },     { ISA_ds_write2_b32, 4, 2, 4, false },
    { ISA_ds_write2_b64, 8, 2, 8, false },      { ISA_ds_write2st64_b32, 4, 2, 256, false },
};

START_TEST(ds_every_lane_vs_reference)
{
    ut_machine_t *m = ut_machine_new();
    static uint8_t want_lds[65536];
    static uint32_t want_reg[8][64];
    uint64_t s = 0x13198a2e03707344ull;
    for (int iter = 0; iter < 4000; iter++) {
        const ds_case_t *c = &ds_cases[rng_next(&s) % (sizeof ds_cases / sizeof ds_cases[0])];
        uint32_t nd = c->esize / 4, align = c->esize == 12 ? 16 : c->esize;
        m->w.lds_size = rng_next(&s) % 2 ? 8192 : 4096;
        m->w.sreg[ISA_REG_M0] = rng_next(&s) % 4 ? 0xffffffffu : 2048;
        uint32_t limit = m->w.lds_size < m->w.sreg[ISA_REG_M0] ? m->w.lds_size : m->w.sreg[ISA_REG_M0];
        for (unsigned i = 0; i < 8192; i += 4)
            memcpy(m->lds + i, &(uint32_t){ (uint32_t)rng_next(&s) }, 4);
        isa_inst_t in = ut_inst(c->op);
        /* The address in v0, or in a register the load overwrites (v10, its first destination). */
        unsigned areg = c->load && rng_next(&s) % 3 == 0 ? 10 : 0;
        in.src[0] = ut_v(areg);
        if (c->load) {
            in.vdst = ut_vr(10, nd * c->nelem);
        } else {
            in.src[1] = ut_vr(20, nd);
            in.src[2] = ut_vr(30, nd);
        }
        uint32_t o[2];
        if (c->nelem == 2) {
            in.offset0 = (uint8_t)(rng_next(&s) % 4 ? rng_next(&s) % 8 : rng_next(&s));
            in.offset1 = (uint8_t)(rng_next(&s) % 4 ? rng_next(&s) % 8 : rng_next(&s));
            o[0] = in.offset0 * c->stride;
            o[1] = in.offset1 * c->stride;
        } else {
            static const uint16_t offs[] = { 0, 0, 16, 48, 2, 0xfff0 };
            in.offset = offs[rng_next(&s) % 6];
            o[0] = o[1] = in.offset;
        }
        /* Bases: aligned within a span (small spans overlap lanes), at the limit's edge, one past
         * it, misaligned (a lane faults, or with offset 2 the sum is aligned), or wrapping. */
        unsigned shape = (unsigned)(rng_next(&s) % 8), edge_lane = (unsigned)(rng_next(&s) % 64);
        uint32_t span = (uint32_t)1 << (4 + rng_next(&s) % 10);
        for (unsigned l = 0; l < 64; l++) {
            uint32_t b = (uint32_t)(rng_next(&s) % span) / align * align;
            if (shape == 1 && l == edge_lane) /* the highest element ends at the limit, or one past */
                b = limit - c->esize - (o[1] > o[0] ? o[1] : o[0]) + (uint32_t)(rng_next(&s) % 2) * align;
            if (shape == 2)
                b |= 2;
            if (shape == 3) /* base + offset wraps around 2^32 to a small address */
                b = b - o[0];
            ut_vreg(m, areg)[l] = b;
        }
        if (shape == 2 && c->nelem == 1 && c->esize == 4 && rng_next(&s) % 2)
            in.offset = 2, o[0] = o[1] = 2;
        for (unsigned r = 0; r < 8; r++)
            for (unsigned l = 0; l < 64; l++)
                ut_vreg(m, 20 + r)[l] = (uint32_t)rng_next(&s), ut_vreg(m, 30 + r)[l] = (uint32_t)rng_next(&s);
        /* Active lanes: every lane, one run (low lanes, high lanes, a middle run, one lane), or
         * lanes with gaps (the checked path). */
        uint64_t exec;
        unsigned run_lo = (unsigned)(rng_next(&s) % 64), run_n = 1 + (unsigned)(rng_next(&s) % (64 - run_lo));
        switch (rng_next(&s) % 5) {
        case 0: case 1: exec = ~0ull; break;
        case 2: exec = run_n == 64 ? ~0ull : ((1ull << run_n) - 1) << run_lo; break;
        case 3: exec = ~0ull >> (rng_next(&s) % 64); break;
        default: exec = rng_next(&s) | 1; break;
        }
        ut_set_exec(m, exec);
        /* The reference. */
        int want_fault = -1;
        uint32_t base[64];
        memcpy(base, ut_vreg(m, areg), sizeof base);
        memcpy(want_lds, m->lds, sizeof want_lds);
        for (unsigned l = 0; l < 64 && want_fault < 0; l++)
            for (unsigned e = 0; e < c->nelem && (exec >> l & 1); e++) {
                uint32_t a = base[l] + o[e];
                if ((uint64_t)a + c->esize > limit || a % align != 0) {
                    want_fault = (int)l;
                    break;
                }
            }
        for (unsigned l = 0; l < 64 && want_fault < 0; l++)
            for (unsigned e = 0; e < c->nelem && (exec >> l & 1); e++)
                for (unsigned i = 0; i < nd; i++) {
                    uint32_t a = base[l] + o[e] + 4 * i;
                    if (c->load)
                        want_reg[e * nd + i][l] = le32(want_lds + a);
                    else
                        memcpy(want_lds + a, &ut_vreg(m, (e ? 30 : 20) + i)[l], 4);
                }
        uint32_t regs_before[8][64];
        memcpy(regs_before, ut_vreg(m, 10), sizeof regs_before);
        for (unsigned k = 0; k < 8; k++) /* inactive lanes keep their registers */
            for (unsigned l = 0; l < 64; l++)
                if (!(exec >> l & 1) || !c->load || k >= nd * c->nelem)
                    want_reg[k][l] = regs_before[k][l];
        isa_exec_result_t r = ut_run(m, &in);
        char what[96];
        snprintf(what, sizeof what, "iter %d %s shape %u exec %016llx", iter, isa_ops[c->op].name, shape,
                 (unsigned long long)exec);
        if (want_fault >= 0) {
            ck_assert_msg(r.status == ISA_EXEC_FAULT && r.fault_lane == want_fault, "%s: fault lane %d, want %d",
                          what, r.fault_lane, want_fault);
            ck_assert_msg(memcmp(regs_before, ut_vreg(m, 10), sizeof regs_before) == 0, "%s: registers", what);
        } else {
            ck_assert_msg(r.status == ISA_EXEC_OK, "%s: %s", what, r.fault_msg);
            for (unsigned l = 0; l < 64; l++)
                ck_assert_msg(r.addr[l] == (exec >> l & 1 ? (uint32_t)(base[l] + o[0]) : 0), "%s: addr of lane %u",
                              what, l);
            for (unsigned k = 0; k < 8; k++)
                for (unsigned l = 0; l < 64; l++)
                    ck_assert_msg(ut_vreg(m, 10 + k)[l] == want_reg[k][l], "%s: v%u lane %u", what, 10 + k, l);
        }
        ck_assert_msg(memcmp(want_lds, m->lds, sizeof want_lds) == 0, "%s: LDS", what);
    }
    free(m);
}
END_TEST

static Suite *mem_fast_suite(void)
{
    Suite *s = suite_create("mem_fast");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, flat_span_not_mapped_as_one);
    tcase_add_test(tc, ds_every_lane);
    tcase_add_test(tc, ds_every_lane_vs_reference);
    tcase_set_timeout(tc, 60); /* the random comparison under the sanitizers on a loaded machine */
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(mem_fast_suite)

/* Buffer loads and stores of whole dwords against a plain model of the GCN3 ISA manual (8.1.4
 * addresses with and without swizzle, 8.1.5 range checks, faults in lane order with nothing
 * written), on random instructions weighted towards the scratch form that has its own path in
 * exec_buffer (swizzled, add_tid, element size 4, index stride 64, no address VGPR): partial and
 * empty EXEC, offsets out of range for some dwords, unaligned offsets, spans across an unmapped hole
 * or off the mapped window, a V# at the top of the 48-bit space, and the variants that must take the
 * general path (other element sizes and index strides, no swizzle or add_tid, offen, idxen). */
#include "unit.h"

static uint64_t rng(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

enum { DATA = 10 }; /* v[10:13]: the data; v0 (and v1): the address VGPRs */

typedef struct {
    bool load, offen, idxen;
    uint32_t ndw, offset, soffset;
} form_t;

/* The reference: what the instruction does to m (VGPRs, memory) and the result it reports. */
static isa_exec_result_t reference(ut_machine_t *m, const form_t *f)
{
    isa_exec_result_t r;
    memset(&r, 0, sizeof r);
    const uint32_t *s = &m->w.sreg[4];
    uint64_t base = (uint64_t)s[0] | (uint64_t)(s[1] & 0xffffu) << 32;
    uint32_t stride = (s[1] >> 16) & 0x3fffu, nrec = s[2];
    bool swz = s[1] >> 31, tid = (s[3] >> 23) & 1u;
    uint64_t es = 2u << ((s[3] >> 19) & 3u), is = 8u << ((s[3] >> 21) & 3u);
    uint64_t exec = (uint64_t)m->w.sreg[ISA_REG_EXEC_HI] << 32 | m->w.sreg[ISA_REG_EXEC_LO];
    uint64_t addr[4][64];
    bool inr[4][64];
    for (int l = 0; l < 64; l++) {
        if (!(exec >> l & 1))
            continue;
        uint32_t index = (f->idxen ? ut_vreg(m, 0)[l] : 0) + (tid ? (uint32_t)l : 0);
        uint32_t voff = f->offen ? ut_vreg(m, f->idxen ? 1 : 0)[l] : 0;
        for (uint32_t c = 0; c < f->ndw; c++) {
            uint32_t off = voff + f->offset + 4 * c;
            inr[c][l] = (stride == 0 || swz) ? off < nrec : index < nrec;
            uint64_t o = swz ? (index / is * stride + off / es * es) * is + index % is * es + off % es
                             : (uint64_t)off + (uint64_t)index * stride;
            addr[c][l] = (base + f->soffset + o) & 0xffffffffffffull;
            if (!inr[c][l])
                continue;
            if (!(r.lanes >> l & 1)) {
                r.lanes |= 1ull << l;
                r.addr[l] = addr[c][l];
            }
            if (!m->mem.translate(m, addr[c][l], 4)) {
                r.status = ISA_EXEC_FAULT;
                r.fault = ISA_FAULT_UNMAPPED;
                r.fault_lane = l;
                r.fault_addr = addr[c][l];
                return r;
            }
        }
    }
    for (int l = 0; l < 64; l++) {
        if (!(exec >> l & 1))
            continue;
        for (uint32_t c = 0; c < f->ndw; c++) {
            uint8_t *p = inr[c][l] ? m->mem.translate(m, addr[c][l], 4) : NULL;
            if (f->load) {
                ut_vreg(m, DATA + c)[l] = p ? le32(p) : 0;
            } else if (p) {
                uint32_t v = ut_vreg(m, DATA + c)[l];
                for (int b = 0; b < 4; b++)
                    p[b] = (uint8_t)(v >> (8 * b));
            }
        }
    }
    return r;
}

static isa_inst_t instruction(const form_t *f)
{
    static const isa_op_t loads[] = { ISA_buffer_load_dword, ISA_buffer_load_dwordx2, ISA_buffer_load_dwordx3,
                                      ISA_buffer_load_dwordx4 };
    static const isa_op_t stores[] = { ISA_buffer_store_dword, ISA_buffer_store_dwordx2, ISA_buffer_store_dwordx3,
                                       ISA_buffer_store_dwordx4 };
    isa_inst_t in = ut_inst(f->load ? loads[f->ndw - 1] : stores[f->ndw - 1]);
    unsigned na = (unsigned)f->offen + (unsigned)f->idxen;
    in.src[0] = na ? ut_vr(0, na) : ut_none();
    in.src[1] = ut_sr(4, 4);
    in.src[2] = ut_s(9);
    in.offen = f->offen;
    in.idxen = f->idxen;
    in.offset = f->offset;
    in.nsrc = 3;
    if (f->load) {
        in.vdst = ut_vr(DATA, f->ndw);
    } else {
        in.src[3] = ut_vr(DATA, f->ndw);
        in.nsrc = 4;
    }
    return in;
}

/* One random case on machines a (the simulator) and b (the reference), set up alike. */
static void random_case(ut_machine_t *a, ut_machine_t *b, uint64_t *s, int iter)
{
    uint64_t r = rng(s);
    form_t f = { .load = r & 1, .ndw = (r >> 1) % 8 < 5 ? 1 : 1 + (uint32_t)((r >> 4) % 4) };
    bool scratch = (r >> 8) % 4 != 0; /* mostly the scratch form, else any field may differ */
    bool swz = scratch || rng(s) % 4, tid = scratch || rng(s) % 4;
    uint32_t esz = scratch || rng(s) % 2 ? 1 : (uint32_t)(rng(s) % 4), istr = scratch || rng(s) % 2 ? 3 : (uint32_t)(rng(s) % 4);
    f.offen = !scratch && rng(s) % 3 == 0;
    f.idxen = !scratch && rng(s) % 3 == 0;
    /* Offsets: dword-aligned mostly, sometimes not; small enough that most spans stay mapped. */
    f.offset = (uint32_t)(rng(s) % 48) * 4 + (rng(s) % 5 == 0 ? (uint32_t)(rng(s) % 4) : 0);
    f.soffset = rng(s) % 2 ? 0 : (uint32_t)(rng(s) % 64) * 4;
    /* num_records: everything in range, or a cut through the dwords of the offsets used. */
    uint32_t nrec = rng(s) % 2 ? 1u << 20 : f.offset + (uint32_t)(rng(s) % 20);
    uint64_t base;
    switch (rng(s) % 8) {
    case 0: base = UT_MEM_BASE + UT_HOLE - (rng(s) % 64) * 4 - 16; break;   /* across the hole */
    case 1: base = UT_MEM_BASE + UT_MEM_SIZE - 4096 - (rng(s) % 64) * 4; break; /* off the window's end */
    case 2: base = 0xffffffffff00ull - (rng(s) % 64) * 4; break; /* wraps the 48-bit space: unmapped */
    default: base = UT_MEM_BASE + UT_HOLE + 16 + (rng(s) % 256) * 4; break;
    }
    uint64_t exec;
    switch (rng(s) % 6) {
    case 0: case 1: case 2: exec = ~0ull; break;
    case 3: exec = rng(s) & rng(s); break;
    case 4: exec = (~0ull >> (rng(s) % 64)) << (rng(s) % 8); break; /* one block of lanes */
    default: exec = rng(s) % 3 == 0 ? 0 : 1ull << (rng(s) % 64); break;
    }
    uint32_t sr[4] = { (uint32_t)base, (uint32_t)(base >> 32) | (uint32_t)(rng(s) % 4 ? 0 : rng(s) % 64) << 16 | (uint32_t)swz << 31,
                       nrec, 4u << 12 | 4u << 15 | esz << 19 | istr << 21 | (uint32_t)tid << 23 };
    ut_machine_t *ms[2] = { a, b };
    for (int k = 0; k < 2; k++) {
        ut_machine_t *m = ms[k];
        m->mem.translate = ut_holed_translate;
        for (int i = 0; i < 4; i++)
            m->w.sreg[4 + i] = sr[i];
        m->w.sreg[9] = f.soffset;
        ut_set_exec(m, exec);
    }
    for (size_t i = 0; i < UT_MEM_SIZE; i += 8) {
        uint64_t v = rng(s);
        memcpy(a->gmem + i, &v, 8);
    }
    for (int l = 0; l < 64; l++) {
        ut_vreg(a, 0)[l] = (uint32_t)(rng(s) % 64) * 4;
        ut_vreg(a, 1)[l] = (uint32_t)(rng(s) % 64) * 4;
        for (unsigned c = 0; c < 4; c++)
            ut_vreg(a, DATA + c)[l] = (uint32_t)rng(s);
    }
    memcpy(b->gmem, a->gmem, UT_MEM_SIZE);
    memcpy(b->vgpr, a->vgpr, sizeof a->vgpr);
    isa_inst_t in = instruction(&f);
    isa_exec_result_t got = ut_run(a, &in), want = reference(b, &f);
    ck_assert_msg(got.status == want.status, "case %d: status %d, want %d", iter, (int)got.status, (int)want.status);
    if (want.status == ISA_EXEC_FAULT) {
        ck_assert_int_eq(got.fault, want.fault);
        ck_assert_int_eq(got.fault_lane, want.fault_lane);
        ck_assert_uint_eq(got.fault_addr, want.fault_addr);
    } else {
        ck_assert_msg(got.lanes == want.lanes, "case %d: lanes %016llx, want %016llx", iter,
                      (unsigned long long)got.lanes, (unsigned long long)want.lanes);
        for (int l = 0; l < 64; l++)
            ck_assert_msg(got.addr[l] == want.addr[l], "case %d lane %d: address %llx, want %llx", iter, l,
                          (unsigned long long)got.addr[l], (unsigned long long)want.addr[l]);
    }
    ck_assert_msg(memcmp(a->vgpr, b->vgpr, sizeof a->vgpr) == 0, "case %d: registers differ", iter);
    ck_assert_msg(memcmp(a->gmem, b->gmem, UT_MEM_SIZE) == 0, "case %d: memory differs", iter);
}

START_TEST(dwords_random)
{
    ut_machine_t *a = ut_machine_new(), *b = ut_machine_new();
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (int iter = 0; iter < 3000; iter++)
        random_case(a, b, &s, iter);
    free(a);
    free(b);
}
END_TEST

/* The scratch form by hand: lane l of dword c at base + (offset + 4c) / 4 * 256 + 4l; a cut of
 * num_records through the dwords of a dwordx4; a partial EXEC writes only its lanes. */
START_TEST(scratch_form)
{
    ut_machine_t *m = ut_machine_new();
    uint64_t base = UT_MEM_BASE + 4096;
    m->w.sreg[4] = (uint32_t)base;
    m->w.sreg[5] = (uint32_t)(base >> 32) | 1u << 31;
    m->w.sreg[6] = 8 + 8; /* offsets 8, 12 in range; 16, 20 not */
    m->w.sreg[7] = 4u << 12 | 4u << 15 | 1u << 19 | 3u << 21 | 1u << 23;
    m->w.sreg[9] = 0;
    ut_set_exec(m, 0xf0f0f0f0f0f0f0f0ull);
    for (int l = 0; l < 64; l++)
        for (unsigned c = 0; c < 4; c++)
            ut_vreg(m, DATA + c)[l] = 0x1000u * c + (uint32_t)l;
    form_t f = { .load = false, .ndw = 4, .offset = 8 };
    isa_inst_t in = instruction(&f);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(r.lanes, 0xf0f0f0f0f0f0f0f0ull);
    for (int l = 0; l < 64; l++) {
        bool on = (0xf0f0f0f0f0f0f0f0ull >> l) & 1;
        ck_assert_uint_eq(r.addr[l], on ? base + 2 * 256 + 4 * (uint64_t)l : 0);
        ck_assert_uint_eq(le32(m->gmem + 4096 + 2 * 256 + 4 * l), on ? (uint32_t)l : 0);
        ck_assert_uint_eq(le32(m->gmem + 4096 + 3 * 256 + 4 * l), on ? 0x1000u + (uint32_t)l : 0);
        ck_assert_uint_eq(le32(m->gmem + 4096 + 4 * 256 + 4 * l), 0); /* out of range: dropped */
    }
    f.load = true;
    in = instruction(&f);
    ut_set_exec(m, ~0ull);
    r = ut_run(m, &in);
    for (int l = 0; l < 64; l++) {
        bool on = (0xf0f0f0f0f0f0f0f0ull >> l) & 1;
        ck_assert_uint_eq(ut_vreg(m, DATA)[l], on ? (uint32_t)l : 0);
        ck_assert_uint_eq(ut_vreg(m, DATA + 2)[l], 0); /* out of range: 0 */
    }
    free(m);
}
END_TEST

static Suite *buffer_fast_suite(void)
{
    Suite *s = suite_create("buffer_fast");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, scratch_form);
    tcase_add_test(tc, dwords_random);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(buffer_fast_suite)

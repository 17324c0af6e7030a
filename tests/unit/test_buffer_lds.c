/* LDS DMA: MUBUF loads with the lds modifier and buffer_store_lds_dword. Expected values follow
 * the GCN3 ISA manual's rule (chapter 8, buffer loads to LDS): the memory side is an ordinary
 * buffer access (8.1.4, 8.1.5), the LDS side is M0[15:0] + inst_offset + lane * 4 in the
 * workgroup's allocation, one dword per lane; the data never touch the VGPRs. Then the same
 * through the assembler in a launched kernel, functional and timed. */
#include "unit.h"
#include "timing_harness.h"

#include "load/launch.h"
#include "machine/functional.h"
#include "machine/timing.h"
#include "mem/memsys.h"

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A V# in s[4:7] with base UT_MEM_BASE + base_off, stride, num_records, add_tid; format 32 UINT. */
static void set_desc(ut_machine_t *m, uint64_t base_off, uint32_t stride, uint32_t nrec, bool tid)
{
    uint64_t base = UT_MEM_BASE + base_off;
    m->w.sreg[4] = (uint32_t)base;
    m->w.sreg[5] = (uint32_t)(base >> 32) | stride << 16;
    m->w.sreg[6] = nrec;
    m->w.sreg[7] = 4u << 12 | 4u << 15 | 1u << 19 | 3u << 21 | (uint32_t)tid << 23;
}

/* op v10, v0 offen (or off), s[4:7], soffset offset:N lds */
static isa_inst_t lds_load(isa_op_t op, bool offen, isa_operand_t soff, uint32_t offset)
{
    isa_inst_t in = ut_inst(op);
    in.src[0] = offen ? ut_v(0) : ut_none();
    in.src[1] = ut_sr(4, 4);
    in.src[2] = soff;
    in.offen = offen;
    in.offset = offset;
    in.nsrc = 3;
    in.vdst = ut_v(10);
    in.lds = 1;
    return in;
}

#define SENT 0xdeadbeefu

static void fill_lds(ut_machine_t *m)
{
    for (unsigned i = 0; i < sizeof m->lds; i += 4) {
        m->lds[i] = 0xef;
        m->lds[i + 1] = 0xbe;
        m->lds[i + 2] = 0xad;
        m->lds[i + 3] = 0xde;
    }
}

START_TEST(load_dword_to_lds)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < 4096; i++)
        m->gmem[i] = (uint8_t)(i * 13 + 5);
    fill_lds(m);
    set_desc(m, 256, 0, 1u << 20, false);
    m->w.sreg[ISA_REG_M0] = 0xabcd0100u; /* only M0[15:0] = 0x100 counts */
    ut_vset_all(m, 10, SENT);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = 8 * l;
    ut_set_exec(m, ~2ull); /* lane 1 inactive */
    isa_inst_t in = lds_load(ISA_buffer_load_dword, true, ut_ic(16), 12);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
    ck_assert_uint_eq(r.lanes, ~2ull);
    for (unsigned l = 0; l < 64; l++) {
        /* memory: base 256 + soffset 16 + 8l + 12; LDS: 0x100 + 12 + 4l */
        uint32_t want = l == 1 ? SENT : le32(m->gmem + 256 + 16 + 8 * l + 12);
        ck_assert_uint_eq(le32(m->lds + 0x100 + 12 + 4 * l), want);
        if (l != 1)
            ck_assert_uint_eq(r.addr[l], UT_MEM_BASE + 256 + 16 + 8 * l + 12);
        ck_assert_uint_eq(ut_vreg(m, 10)[l], SENT); /* vdata is not written */
    }
    ck_assert_uint_eq(le32(m->lds + 0x100 + 8), SENT); /* just below lane 0's dword */
    free(m);
}
END_TEST

/* The byte and short loads extend to a dword as into a VGPR; out-of-range lanes write 0. */
START_TEST(load_narrow_and_out_of_range)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned l = 0; l < 64; l++) {
        m->gmem[2 * l] = (uint8_t)(0x70 + 3 * l);  /* crosses 0x80: negative bytes for l >= 6 */
        m->gmem[2 * l + 1] = (uint8_t)(0xf0 + l); /* negative halves for l < 16 */
        ut_vreg(m, 0)[l] = 2 * l;
    }
    static const struct { isa_op_t op; int kind; } cases[] = {
        { ISA_buffer_load_ubyte, 0 }, { ISA_buffer_load_sbyte, 1 }, { ISA_buffer_load_ushort, 2 },
        { ISA_buffer_load_sshort, 3 }, { ISA_buffer_load_format_x, 4 },
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        fill_lds(m);
        set_desc(m, 0, 0, 100, false); /* 100 bytes: lanes with offset >= 100 (l >= 50) are out of range */
        m->w.sreg[ISA_REG_M0] = 0;
        isa_inst_t in = lds_load(cases[k].op, true, ut_ic(0), 0);
        isa_exec_result_t r = ut_run(m, &in);
        ck_assert_msg(r.status == ISA_EXEC_OK, "%s: %s", isa_ops[cases[k].op].name, r.fault_msg);
        for (unsigned l = 0; l < 64; l++) {
            uint8_t b0 = m->gmem[2 * l], b1 = m->gmem[2 * l + 1];
            uint32_t want;
            switch (cases[k].kind) {
            case 0: want = b0; break;
            case 1: want = b0 >= 0x80 ? 0xffffff00u | b0 : b0; break;
            case 2: want = (uint32_t)b1 << 8 | b0; break;
            case 3: want = (b1 >= 0x80 ? 0xffff0000u : 0) | (uint32_t)b1 << 8 | b0; break;
            default: want = le32(m->gmem + 2 * l); break;             /* 32 UINT: the dword */
            }
            if (2 * l >= 100)
                want = 0;
            ck_assert_msg(le32(m->lds + 4 * l) == want, "%s lane %u: 0x%08x, want 0x%08x",
                          isa_ops[cases[k].op].name, l, le32(m->lds + 4 * l), want);
        }
    }
    free(m);
}
END_TEST

/* An LDS address past the allocation faults, naming the lane, and nothing is written. */
START_TEST(lds_bounds_and_wide)
{
    ut_machine_t *m = ut_machine_new();
    fill_lds(m);
    set_desc(m, 0, 0, 1u << 20, false);
    m->w.lds_size = 256;
    m->w.sreg[ISA_REG_M0] = 0;
    /* offset 8: lane l at 8 + 4l; lane 62 is the first at 256 */
    isa_inst_t in = lds_load(ISA_buffer_load_dword, false, ut_ic(0), 8);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_LDS_BOUNDS);
    ck_assert_int_eq(r.fault_lane, 62);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "outside the workgroup's LDS allocation"));
    for (unsigned i = 0; i < 256; i += 4)
        ck_assert_uint_eq(le32(m->lds + i), SENT);
    /* with lanes 62 and 63 off it runs */
    ut_set_exec(m, ~0ull >> 2);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    /* dwordx2 with lds: llvm-mc assembles it, the manual leaves its LDS layout undefined */
    m->w.lds_size = sizeof m->lds;
    in = lds_load(ISA_buffer_load_dwordx2, false, ut_ic(0), 0);
    in.vdst = ut_vr(10, 2);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "one dword per lane"));
    free(m);
}
END_TEST

/* buffer_store_lds_dword: lane l's LDS dword (M0 + offset + 4l) to its buffer address; with add_tid
 * and stride 4 that is base + soffset + offset + 4l. Out-of-range lanes store nothing. */
START_TEST(store_lds_dword)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < sizeof m->lds; i++)
        m->lds[i] = (uint8_t)(i * 7 + 3);
    memset(m->gmem, 0x55, 4096);
    set_desc(m, 512, 4, 60, true); /* 60 records: lanes 60..63 out of range */
    m->w.sreg[ISA_REG_M0] = 64;
    m->w.sreg[9] = 32;
    isa_inst_t in = ut_inst(ISA_buffer_store_lds_dword);
    in.src[0] = ut_none();
    in.src[1] = ut_sr(4, 4);
    in.src[2] = ut_s(9);
    in.nsrc = 3;
    in.offset = 8;
    in.lds = 1;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
    for (unsigned l = 0; l < 64; l++) {
        uint32_t got = le32(m->gmem + 512 + 32 + 8 + 4 * l);
        ck_assert_uint_eq(got, l < 60 ? le32(m->lds + 64 + 8 + 4 * l) : 0x55555555u);
    }
    free(m);
}
END_TEST

/* Through the assembler and a launch: each workgroup copies 64 dwords of x into LDS with
 * buffer_load_dword ... lds, waits on vmcnt, reads them back reversed with ds_read_b32 and writes
 * them to y; y[i] = x[group * 64 + 63 - i % 64], in the functional and the timed run. */
static const char dma_kernel[] =
    "k:\n"
    "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
    "  s_load_dwordx2 s[8:9], s[0:1], 0x8\n"
    "  s_waitcnt lgkmcnt(0)\n"
    "  s_mov_b32 s6, 0x100000\n"             /* num_records (bytes) */
    "  s_mov_b32 s7, 0x27000\n"              /* 32 UINT */
    "  s_lshl_b32 s10, s2, 8\n"              /* soffset: group * 256 bytes */
    "  s_mov_b32 m0, 0\n"
    "  v_lshlrev_b32 v1, 2, v0\n"
    "  buffer_load_dword v2, v1, s[4:7], s10 offen lds\n"
    "  s_waitcnt vmcnt(0)\n"
    "  s_barrier\n"
    "  v_sub_u32 v3, vcc, 63, v0\n"
    "  v_lshlrev_b32 v3, 2, v3\n"
    "  s_mov_b32 m0, -1\n"
    "  ds_read_b32 v4, v3\n"
    "  s_waitcnt lgkmcnt(0)\n"
    "  v_add_u32 v5, vcc, s10, v1\n"
    "  v_mov_b32 v6, s9\n"
    "  v_add_u32 v5, vcc, s8, v5\n"
    "  v_addc_u32 v6, vcc, v6, 0, vcc\n"
    "  flat_store_dword v[5:6], v4\n"
    "  s_endpgm\n";
static const char dma_ini[] =
    "grid = 256\nworkgroup = 64\nlds = 256\n"
    "[buffer x]\ntype = u32\ncount = 256\ninit = random(9, 0, 1000000)\n"
    "[buffer y]\ntype = u32\ncount = 256\n"
    "[args]\nx = @x\ny = @y\n";

START_TEST(launch_lds_dma)
{
    for (int timed = 0; timed < 2; timed++) {
        th_launch_t t;
        th_prepare(&t, dma_kernel, dma_ini, NULL, NULL, 0);
        launch_t *L = t.L;
        if (timed) {
            timing_options_t opt;
            memset(&opt, 0, sizeof opt);
            timing_result_t res;
            ck_assert_int_eq(timing_run(L, &t.cfg, &opt, &res, stderr), 0);
            timing_result_free(&res);
        } else {
            ck_assert_int_eq(functional_run(L), 0);
        }
        const uint32_t *x = (const uint32_t *)L->bufs[0].data, *y = (const uint32_t *)L->bufs[1].data;
        ck_assert_ptr_nonnull(x);
        ck_assert_ptr_nonnull(y);
        for (unsigned i = 0; i < 256; i++)
            ck_assert_msg(y[i] == x[i / 64 * 64 + 63 - i % 64], "%s y[%u] = %u", timed ? "timed" : "functional", i,
                          y[i]);
        th_release(&t);
    }
}
END_TEST

/* Timing: a load with lds is a vector memory load like the same load without it: its lines go
 * through the L1 (a TEV_MEM read), it counts on vmcnt, and s_waitcnt vmcnt(0) holds the wave until
 * its data are back; the next instruction then issues at the wave's next SIMD slot (cycles 0 mod 4
 * for wave 0 on SIMD 0, as in test_timing_memtime.c). */
typedef struct {
    uint64_t done, endpgm;
    uint32_t mem_events, lines;
    cache_op_t op;
} dma_timing_t;

static void dma_observe(void *ctx, const tev_t *ev)
{
    dma_timing_t *d = ctx;
    if (ev->kind == TEV_MEM && !ev->u.mem.access->scalar) {
        d->mem_events++;
        d->done = ev->u.mem.access->done;
        d->lines = ev->u.mem.access->lines;
        d->op = ev->u.mem.access->op;
    }
    if (ev->kind == TEV_ISSUE && ev->u.issue.op == ISA_s_endpgm)
        d->endpgm = ev->cycle;
}

static dma_timing_t dma_time(const char *load)
{
    char kernel[512];
    snprintf(kernel, sizeof kernel,
             "k:\n  s_load_dwordx2 s[4:5], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n  s_mov_b32 s6, 0x1000\n"
             "  s_mov_b32 s7, 0x27000\n  s_mov_b32 m0, 0\n  v_lshlrev_b32 v1, 2, v0\n  %s\n"
             "  s_waitcnt vmcnt(0)\n  s_endpgm\n", load);
    th_launch_t t;
    th_prepare(&t, kernel, "grid = 64\nworkgroup = 64\nlds = 256\n[buffer x]\ntype = u32\ncount = 64\n"
               "[args]\nx = @x\n", NULL, NULL, 0);
    dma_timing_t d;
    memset(&d, 0, sizeof d);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[0] = (tev_observer_t){ dma_observe, &d };
    opt.nobservers = 1;
    timing_result_t res;
    ck_assert_int_eq(timing_run(t.L, &t.cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
    th_release(&t);
    return d;
}

START_TEST(lds_dma_timing)
{
    dma_timing_t a = dma_time("buffer_load_dword v2, v1, s[4:7], 0 offen lds");
    dma_timing_t b = dma_time("buffer_load_dword v2, v1, s[4:7], 0 offen");
    ck_assert_uint_eq(a.mem_events, 1);
    ck_assert_int_eq(a.op, CACHE_READ);
    ck_assert_uint_eq(a.lines, b.lines); /* 64 lanes x 4 bytes: the same lines */
    ck_assert_uint_eq(a.done, b.done);
    ck_assert_uint_gt(a.done, 0);
    ck_assert_uint_eq(a.endpgm, (a.done + 3) / 4 * 4);
    ck_assert_uint_eq(a.endpgm, b.endpgm);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("buffer_lds");
    TCase *t = tcase_create("lds_dma");
    tcase_add_test(t, load_dword_to_lds);
    tcase_add_test(t, load_narrow_and_out_of_range);
    tcase_add_test(t, lds_bounds_and_wide);
    tcase_add_test(t, store_lds_dword);
    tcase_add_test(t, launch_lds_dma);
    tcase_add_test(t, lds_dma_timing);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

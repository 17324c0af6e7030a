/* The memory system around the cache levels: the DRAM channels and their open-row model, requests
 * reaching the shared L2 in time order, the vector L1's port under vmem.address_model = lanes, the
 * scalar cache's MSHRs, and a kernel's line requests end to end. Every expected cycle is derived by
 * hand in a comment. One cache level is tested in test_cache_level.c, the coalescer in
 * test_coalescer.c. */
#include "timing_harness.h"
#include "unit.h"

#include "mem/memsys.h"
#include "observe/stats.h"

/* ---- DRAM through the memory system -------------------------------------------------------- */

/* A scalar load from CU 0 on a machine with one L2 channel and one DRAM channel: a miss travels
 * scalar cache -> L2 -> DRAM and back: 45 + 105 + latency. */
static mem_access_t scalar_load(mem_t *m, uint64_t addr, uint64_t at)
{
    mem_access_t a;
    mem_scalar(m, 0, addr, 4, at, &a);
    return a;
}

START_TEST(test_dram_rows)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    ck_assert_int_eq(cfg_set(&cfg, "l2.channels=1", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "dram.channels=1", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "dram.row_model=on", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "dram.banks=2", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "dram.row_bytes=2048", stderr), 0);
    ck_assert_int_eq(cfg_validate(&cfg, stderr), 0);
    mem_t m;
    ck_assert_int_eq(mem_init(&m, &cfg, 1), 0);
    uint64_t base = 45 + 105;
    /* Row 0 of bank 0 is closed: a row miss, 230. */
    mem_access_t a = scalar_load(&m, 0x0, 0);
    ck_assert_uint_eq(a.done, base + 230);
    ck_assert_uint_eq(a.dram_row_misses, 1);
    /* MSHRs are held from the miss until the fill arrives: the L2's for DRAM's 230, the scalar
     * cache's for the L2's answer (105 + 230); the fill's own 45 at the scalar cache is after. */
    ck_assert_uint_eq(a.mshr_cycles[MEM_L2], 230);
    ck_assert_uint_eq(a.mshr_cycles[MEM_SCALAR], 105 + 230);
    ck_assert_uint_eq(a.mshr_cycles[MEM_L1V], 0);
    /* The next line of the same row: a row hit, 170. */
    a = scalar_load(&m, 0x40, 1000);
    ck_assert_uint_eq(a.done, 1000 + base + 170);
    ck_assert_uint_eq(a.dram_row_hits, 1);
    /* 2048 bytes on: bank 1, closed: a miss. Bank 0 keeps its row open meanwhile. */
    ck_assert_uint_eq(scalar_load(&m, 0x800, 2000).done, 2000 + base + 230);
    ck_assert_uint_eq(scalar_load(&m, 0x80, 3000).done, 3000 + base + 170);
    /* 4096 on: bank 0 again, another row: a miss, which closes row 0. */
    ck_assert_uint_eq(scalar_load(&m, 0x1000, 4000).done, 4000 + base + 230);
    ck_assert_uint_eq(scalar_load(&m, 0xc0, 5000).done, 5000 + base + 230);
    /* Row 0 is open again: another of its lines hits it. */
    a = scalar_load(&m, 0x140, 6000);
    ck_assert_uint_eq(a.done, 6000 + base + 170);
    ck_assert_uint_eq(a.dram_row_hits, 1);
    /* The scalar cache has that line now: 45, and DRAM is not asked. */
    a = scalar_load(&m, 0x144, 7000);
    ck_assert_uint_eq(a.done, 7000 + 45);
    ck_assert_uint_eq(a.count[MEM_SCALAR][CACHE_HIT], 1);
    ck_assert_uint_eq(a.dram_row_hits + a.dram_row_misses, 0);
    ck_assert_uint_eq(a.mshr_cycles[MEM_SCALAR] + a.mshr_cycles[MEM_L2], 0); /* a hit holds none */
    mem_free(&m);
}
END_TEST

/* The DRAM channel's bandwidth: 32 bytes a cycle, so lines fetched at the same cycle through one
 * channel start two cycles apart (the L2 port, 64 bytes a cycle, passes one a cycle). */
START_TEST(test_dram_bandwidth)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    ck_assert_int_eq(cfg_set(&cfg, "l2.channels=1", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "dram.channels=1", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "gpu.compute_units=8", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "scalar.cus_per_cache=1", stderr), 0);
    mem_t m;
    ck_assert_int_eq(mem_init(&m, &cfg, 8), 0);
    /* Eight CUs, eight scalar caches, one line each at cycle 0: DRAM starts them at 0, 2, ... 14. */
    for (uint32_t cu = 0; cu < 8; cu++) {
        mem_access_t a;
        mem_scalar(&m, cu, 0x10000 + 64 * cu, 4, 0, &a);
        ck_assert_uint_eq(a.done, 45 + 105 + 200 + 2 * cu);
        ck_assert_uint_eq(a.dram_bytes, 64);
        /* The L2 takes an MSHR as its port passes the line (cycle cu) and holds it until DRAM,
         * starting at 2 cu, answers 200 later. */
        ck_assert_uint_eq(a.mshr_cycles[MEM_L2], 200 + cu);
    }
    mem_free(&m);
}
END_TEST

/* Requests reach the shared L2 in time order. CU 0 issues a 64-line flat_load_dwordx4 at cycle 0
 * (lanes 4096 bytes apart: every line in one L2 channel and one DRAM channel); its L1 takes a line a
 * cycle, so line j reaches the L2 at cycle j. CU 1 loads one line of the same channel at cycle 1.
 * Handed over in time, it queues behind CU 0's lines 0 and 1 only (DRAM: 2 cycles a line), not
 * behind all 64: its data are back by 1 + 450 + 4. Under vmem.address_model = bytes, where each line
 * holds the L1's port a cycle (under lanes four 16-byte reads share a cycle). */
START_TEST(test_time_order_at_l2)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    ck_assert_int_eq(cfg_set(&cfg, "gpu.compute_units=2", stderr), 0);
    ck_assert_int_eq(cfg_set(&cfg, "vmem.address_model=bytes", stderr), 0);
    mem_t m;
    ck_assert_int_eq(mem_init(&m, &cfg, 2), 0);
    isa_exec_result_t big, one;
    memset(&big, 0, sizeof big);
    memset(&one, 0, sizeof one);
    big.lanes = ~0ull;
    for (int l = 0; l < 64; l++)
        big.addr[l] = 0x200000000ull + 4096ull * (uint64_t)l;
    one.lanes = 1;
    one.addr[0] = 0x200000040ull;
    const mem_access_t *a;
    uint64_t at;
    /* Cycle 0: line 0 goes; line 1 waits for the port at cycle 1. */
    ck_assert(!mem_vector(&m, 0, &isa_ops[ISA_flat_load_dwordx4], &big, 0, &a, &at));
    ck_assert_uint_eq(at, 1);
    /* Cycle 1: CU 0's line 1, then CU 1's load. */
    ck_assert(!mem_vector_resume(&m, 0, 1, &a, &at));
    ck_assert_uint_eq(at, 2);
    ck_assert(mem_vector(&m, 1, &isa_ops[ISA_flat_load_dword], &one, 1, &a, &at));
    ck_assert_uint_le(a->done, 1 + 450 + 4);
    ck_assert_uint_ge(a->done, 1 + 450);
    /* CU 0 finishes its instruction a line a cycle, up to cycle 63. */
    uint64_t now = 2;
    while (!mem_vector_resume(&m, 0, now, &a, &at))
        now = at;
    ck_assert_uint_eq(now, 63);
    ck_assert_uint_eq(at, 64); /* the address unit is free after the last line */
    ck_assert_uint_eq(a->lines, 64);
    ck_assert_uint_eq(a->stall, 0); /* no MSHR wait: 256 of them */
    mem_free(&m);
}
END_TEST

/* ---- the L1 port under vmem.address_model = lanes (the address unit's rules: test_address_unit.c) */

/* Under vmem.address_model = lanes the vector L1's port moves the bytes a read's lanes use, at 64
 * bytes a cycle counted in bytes (not a whole cycle per line): a wave's consecutive dwords starting
 * 4 bytes into a line (perftest's linear Load, element i + lane) cover 5 lines but 256 bytes, so the
 * L1 takes them in 4 cycles and the address unit is free at 4, as the R9 Fury's 4.25 clocks a
 * wave-load show; under 'bytes' each line holds the port a cycle: free at 5. The second load
 * repeats it on the now-resident lines. */
START_TEST(test_l1_port_bytes)
{
    for (int lanes_model = 0; lanes_model < 2; lanes_model++) {
        cfg_t cfg;
        cfg_defaults(&cfg);
        ck_assert_int_eq(cfg_set(&cfg, lanes_model ? "vmem.address_model=lanes" : "vmem.address_model=bytes", stderr), 0);
        mem_t m;
        ck_assert_int_eq(mem_init(&m, &cfg, 1), 0);
        isa_exec_result_t r;
        memset(&r, 0, sizeof r);
        r.lanes = ~0ull;
        for (int l = 0; l < 64; l++)
            r.addr[l] = 0x200000004ull + 4ull * (uint64_t)l;
        const mem_access_t *a;
        uint64_t at, now = 0;
        bool done = mem_vector(&m, 0, &isa_ops[ISA_flat_load_dword], &r, 0, &a, &at);
        while (!done) {
            now = at;
            done = mem_vector_resume(&m, 0, now, &a, &at);
        }
        ck_assert_uint_eq(a->lines, 5);
        uint64_t c = a->done + 1; /* the lines are in the L1 now */
        done = mem_vector(&m, 0, &isa_ops[ISA_flat_load_dword], &r, c, &a, &at);
        while (!done)
            done = mem_vector_resume(&m, 0, at, &a, &at);
        ck_assert_uint_eq(a->count[MEM_L1V][CACHE_HIT], 5);
        ck_assert_uint_eq(at - c, lanes_model ? 4 : 5);
        mem_free(&m);
    }
}
END_TEST

/* A scalar cache with every MSHR busy takes no new request: the SMEM instruction waits. */
START_TEST(test_scalar_mshrs_block)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    ck_assert_int_eq(cfg_set(&cfg, "scalar.mshrs=1", stderr), 0);
    mem_t m;
    ck_assert_int_eq(mem_init(&m, &cfg, 1), 0);
    ck_assert_uint_eq(mem_scalar_free_at(&m, 0, 0), 0);
    mem_access_t a = scalar_load(&m, 0x1000, 0); /* a miss: its MSHR is busy until the L2 answers */
    ck_assert_uint_eq(a.done, 45 + 105 + 200); /* scalar, l2 and dram latencies */
    ck_assert_uint_eq(mem_scalar_free_at(&m, 0, 1), 105 + 200);
    ck_assert_uint_eq(mem_scalar_free_at(&m, 0, 400), 400);
    mem_free(&m);
}
END_TEST

/* ---- a kernel's line requests -------------------------------------------------------------- */

/* One wave loads a dword per lane from `in` at a stride of v0 << SHIFT bytes. */
static const char stride_kernel[] =
    "    .text\n    .globl k\n    .p2align 8\n    .type k,@function\nk:\n"
    "    s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
    "    s_load_dword s6, s[0:1], 0x8\n"
    "    s_waitcnt lgkmcnt(0)\n"
    "    v_lshlrev_b32 v1, s6, v0\n"
    "    v_mov_b32 v3, s5\n"
    "    v_add_u32 v2, vcc, s4, v1\n"
    "    v_addc_u32 v3, vcc, 0, v3, vcc\n"
    "    flat_load_dword v4, v[2:3]\n"
    "    s_waitcnt vmcnt(0)\n"
    "    s_endpgm\n";

static stats_t run_stride(unsigned shift)
{
    char ini[256];
    snprintf(ini, sizeof ini, "grid = 64\nworkgroup = 64\n[buffer in]\ntype = u32\ncount = 4096\n"
             "[args]\nin = @in\nshift = u32:%u\n", shift);
    th_launch_t t;
    th_prepare(&t, stride_kernel, ini, NULL, NULL, 0);
    stats_t st;
    ck_assert_int_eq(stats_init(&st, &t.cfg), 0);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[0] = (tev_observer_t){ stats_observe, &st };
    opt.nobservers = 1;
    timing_result_t res;
    ck_assert_int_eq(timing_run(t.L, &t.cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
    th_release(&t);
    return st;
}

START_TEST(test_kernel_lines)
{
    /* Consecutive dwords: one instruction, 4 lines (the ideal), all L1 misses, then DRAM. */
    stats_t st = run_stride(2);
    ck_assert_uint_eq(st.mem.insts[0], 1);
    ck_assert_uint_eq(st.mem.lines, 4);
    ck_assert_uint_eq(st.mem.ideal_lines, 4);
    ck_assert_uint_eq(st.mem.count[MEM_L1V][CACHE_MISS], 4);
    ck_assert_uint_eq(st.mem.dram_reads, 4 + 1); /* and the kernarg line, for the scalar loads */
    /* Two scalar loads of the kernarg line: the first misses, the second merges with it (it is
     * issued while the first is in flight). */
    ck_assert_uint_eq(st.mem.insts[1], 2);
    ck_assert_uint_eq(st.mem.count[MEM_SCALAR][CACHE_MISS], 1);
    ck_assert_uint_eq(st.mem.count[MEM_SCALAR][CACHE_MERGE], 1);
    /* The 4 lines reach the L1 at 0, 1, 2, 3 cycles after issue (4 address cycles), and the L2 at
     * the same cycles; they are one 256-byte block, so one DRAM channel of 32 bytes a cycle, where
     * they start at 0, 2, 4, 6: the last answers 6 + 450 after the issue. */
    ck_assert_uint_eq(st.mem.load_latency.n, 1);
    ck_assert_uint_eq(st.mem.load_latency.max, 6 + 450);
    stats_free(&st);
    /* A 64-byte stride: 64 lines for the same 256 bytes (coalescing 4 / 64). */
    st = run_stride(6);
    ck_assert_uint_eq(st.mem.lines, 64);
    ck_assert_uint_eq(st.mem.ideal_lines, 4);
    ck_assert_uint_eq(st.mem.count[MEM_L1V][CACHE_MISS], 64);
    stats_free(&st);
}
END_TEST

static Suite *memsys_suite(void)
{
    Suite *s = suite_create("memsys");
    TCase *tc = tcase_create("hierarchy");
    tcase_add_test(tc, test_dram_rows);
    tcase_add_test(tc, test_dram_bandwidth);
    tcase_add_test(tc, test_time_order_at_l2);
    tcase_add_test(tc, test_scalar_mshrs_block);
    tcase_add_test(tc, test_kernel_lines);
    tcase_add_test(tc, test_l1_port_bytes);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(memsys_suite)

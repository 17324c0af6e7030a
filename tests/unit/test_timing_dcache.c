/* s_dcache_inv empties the scalar cache in the timing model; s_dcache_wb writes its dirty lines
 * back. Hand-derived from the default machine (sim/configs/fiji.ini): a scalar hit answers
 * scalar.latency = 45 cycles after it starts; a scalar miss whose line the L2 holds answers
 * l2.latency (105) + 45 = 150 cycles after it starts (ports idle, MSHRs free: cache.h). */
#include "unit.h"

#include "mem/memsys.h"
#include "timing_harness.h"

typedef struct {
    uint32_t n;
    uint64_t issue[8], done[8];
    uint32_t hit[8], miss[8], l2_hit[8];
} smem_log_t;

static void log_scalar(void *ctx, const tev_t *ev)
{
    smem_log_t *g = ctx;
    if (ev->kind != TEV_MEM || !ev->u.mem.access->scalar || g->n == 8)
        return;
    const mem_access_t *a = ev->u.mem.access;
    g->issue[g->n] = a->issue;
    g->done[g->n] = a->done;
    g->hit[g->n] = a->count[MEM_SCALAR][CACHE_HIT];
    g->miss[g->n] = a->count[MEM_SCALAR][CACHE_MISS];
    g->l2_hit[g->n] = a->count[MEM_L2][CACHE_HIT];
    g->n++;
}

/* Three loads of one dword; `between` runs between the second and the third. */
static void run_loads(const char *between, const char *const *sets, smem_log_t *g)
{
    char kernel[512];
    snprintf(kernel, sizeof kernel,
             "k:\n  s_load_dword s2, s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n  s_load_dword s3, s[0:1], 0x0\n"
             "  s_waitcnt lgkmcnt(0)\n  %s\n  s_waitcnt lgkmcnt(0)\n  s_load_dword s4, s[0:1], 0x0\n"
             "  s_waitcnt lgkmcnt(0)\n  s_endpgm\n", between);
    th_launch_t t;
    th_prepare(&t, kernel, "grid = 64\nworkgroup = 64\n[buffer x]\ntype = u32\ncount = 64\n[args]\nx = @x\n",
               NULL, sets, 0);
    memset(g, 0, sizeof *g);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[0] = (tev_observer_t){ log_scalar, g };
    opt.nobservers = 1;
    timing_result_t res;
    ck_assert_int_eq(timing_run(t.L, &t.cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
    th_release(&t);
}

START_TEST(test_inv_makes_the_next_load_miss)
{
    smem_log_t g;
    run_loads("s_nop 0", NULL, &g); /* control: the line stays, the third load hits */
    ck_assert_uint_eq(g.n, 3);
    ck_assert_uint_eq(g.miss[0], 1);
    ck_assert_uint_eq(g.hit[1], 1);
    ck_assert_uint_eq(g.done[1] - g.issue[1], 45);
    ck_assert_uint_eq(g.hit[2], 1);
    ck_assert_uint_eq(g.done[2] - g.issue[2], 45);
    static const char *const invs[] = { "s_dcache_inv", "s_dcache_inv_vol" };
    for (int k = 0; k < 2; k++) {
        run_loads(invs[k], NULL, &g);
        ck_assert_uint_eq(g.n, 3);
        ck_assert_uint_eq(g.hit[1], 1);
        /* emptied: a scalar miss, which the L2 (filled by the first load) answers */
        ck_assert_uint_eq(g.miss[2], 1);
        ck_assert_uint_eq(g.l2_hit[2], 1);
        ck_assert_uint_eq(g.done[2] - g.issue[2], 105 + 45);
    }
    /* s_dcache_wb keeps the lines: the third load hits */
    run_loads("s_dcache_wb", NULL, &g);
    ck_assert_uint_eq(g.hit[2], 1);
    ck_assert_uint_eq(g.done[2] - g.issue[2], 45);
}
END_TEST

/* s_dcache_wb on a write-back scalar cache: the dirty line a store left goes to the L2 at the
 * flush's issue cycle c, where it hits (the load brought it in) and is acknowledged at c + 105,
 * later than the 45 a flush with nothing dirty takes; s_waitcnt lgkmcnt(0) then lets s_endpgm
 * issue at the wave's next SIMD slot (a multiple of 4). */
typedef struct {
    uint64_t wb_issue, endpgm;
} wb_log_t;

static void log_wb(void *ctx, const tev_t *ev)
{
    wb_log_t *g = ctx;
    if (ev->kind == TEV_ISSUE && ev->u.issue.op == ISA_s_dcache_wb)
        g->wb_issue = ev->cycle;
    if (ev->kind == TEV_ISSUE && ev->u.issue.op == ISA_s_endpgm)
        g->endpgm = ev->cycle;
}

static wb_log_t run_wb(const char *policy)
{
    static const char kernel[] =
        "k:\n  s_load_dword s3, s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n  s_store_dword s2, s[0:1], 0x0\n"
        "  s_waitcnt lgkmcnt(0)\n  s_dcache_wb\n  s_waitcnt lgkmcnt(0)\n  s_endpgm\n";
    const char *sets[] = { policy, NULL };
    th_launch_t t;
    th_prepare(&t, kernel, "grid = 64\nworkgroup = 64\n[buffer x]\ntype = u32\ncount = 64\n[args]\nx = @x\n",
               NULL, sets, 0);
    wb_log_t g = { 0, 0 };
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[0] = (tev_observer_t){ log_wb, &g };
    opt.nobservers = 1;
    timing_result_t res;
    ck_assert_int_eq(timing_run(t.L, &t.cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
    th_release(&t);
    return g;
}

START_TEST(test_wb_waits_for_the_write_back)
{
    wb_log_t back = run_wb("scalar.write_policy=write-back");
    ck_assert_uint_gt(back.wb_issue, 0);
    ck_assert_uint_eq(back.endpgm, (back.wb_issue + 105 + 3) / 4 * 4);
    wb_log_t through = run_wb("scalar.write_policy=write-through"); /* nothing dirty */
    ck_assert_uint_eq(through.endpgm, (through.wb_issue + 45 + 3) / 4 * 4);
}
END_TEST

/* The cache level: a flush writes each dirty line once, at the flush cycle, and returns the last
 * acknowledgement; invalidate drops every line. */
static uint64_t next_level(void *ctx, uint64_t line, cache_op_t op, uint32_t bytes, uint64_t at)
{
    (void)line;
    (void)bytes;
    if (op == CACHE_WRITE)
        (*(uint64_t *)ctx)++;
    return at + 100;
}

START_TEST(test_cache_flush)
{
    cache_params_t p = { .size_bytes = 1024, .ways = 2, .line_bytes = 64, .repl = CACHE_REPL_LRU,
                         .write = CACHE_WRITE_BACK, .write_allocate = true, .latency = 10,
                         .bytes_per_cycle = 64, .mshrs = 4 };
    ck_assert_ptr_null(cache_params_problem(&p));
    cache_t c;
    uint64_t writes = 0;
    ck_assert_int_eq(cache_init(&c, &p, next_level, &writes), 0);
    cache_result_t r;
    cache_access(&c, 0, CACHE_READ, 4, 0, &r);      /* clean line 0 */
    cache_access(&c, 64, CACHE_WRITE, 4, 1, &r);    /* dirty line 64 */
    cache_access(&c, 128, CACHE_WRITE, 4, 2, &r);   /* dirty line 128 */
    ck_assert_uint_eq(cache_dirty_lines(&c), 2);
    ck_assert_uint_eq(writes, 0);
    /* wb: two write-backs leaving at 500, acknowledged at 600; the lines stay, clean */
    ck_assert_uint_eq(cache_flush(&c, 500, false), 600);
    ck_assert_uint_eq(writes, 2);
    ck_assert_uint_eq(cache_dirty_lines(&c), 0);
    ck_assert(cache_holds(&c, 0) && cache_holds(&c, 64) && cache_holds(&c, 128));
    /* nothing dirty: the flush is done at once; inv drops every line */
    ck_assert_uint_eq(cache_flush(&c, 700, true), 700);
    ck_assert_uint_eq(writes, 2);
    ck_assert(!cache_holds(&c, 0) && !cache_holds(&c, 64) && !cache_holds(&c, 128));
    cache_free(&c);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("timing_dcache");
    TCase *t = tcase_create("dcache");
    tcase_add_test(t, test_inv_makes_the_next_load_miss);
    tcase_add_test(t, test_cache_flush);
    tcase_add_test(t, test_wb_waits_for_the_write_back);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

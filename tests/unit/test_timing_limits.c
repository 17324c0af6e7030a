/* The timing model's host limits: --max-cycles stops a run (inclusive at its boundary), a trace
 * stops at its size limit with one warning, and a huge grid runs in bounded memory. The rules of
 * the timing model itself are tested in test_timing.c. */
#include "result_harness.h"
#include "unit.h"

#include <inttypes.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "load/launch.h"
#include "observe/stats.h"
#include "machine/timing.h"
#include "observe/trace.h"
#include "timing_harness.h"

typedef struct {
    uint64_t max_cycles;
    const char *trace_path;    /* NULL: no trace */
    uint64_t trace_limit;
    char err[1024];            /* what the run and the trace writer printed */
    char fault[512];           /* launch_print_fault's text when rc == 2 */
    launch_fault_t f;
    uint64_t last_event;       /* cycle of the last event any observer saw */
    uint64_t cycles;
    int rc;
    char json[8192];
} limited_t;

static void last_cycle_seen(void *ctx, const tev_t *ev)
{
    uint64_t *c = ctx;
    if (ev->cycle > *c)
        *c = ev->cycle;
}

/* Run `kernel` under workload body `ini` on the default machine with the limits in `r`. */
static void run_limited(limited_t *r, const char *kernel, const char *ini)
{
    th_launch_t t;
    th_prepare(&t, kernel, ini, NULL, NULL, 1000000000ull); /* the instruction limit out of the way */
    launch_t *L = t.L;
    cfg_t cfg = t.cfg;
    stats_t st;
    ck_assert_int_eq(stats_init(&st, &cfg), 0);
    FILE *err = fmemopen(r->err, sizeof r->err, "w");
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.max_cycles = r->max_cycles;
    r->last_event = 0;
    opt.observers[opt.nobservers++] = (tev_observer_t){ stats_observe, &st };
    opt.observers[opt.nobservers++] = (tev_observer_t){ last_cycle_seen, &r->last_event };
    trace_writer_t *tw = NULL;
    if (r->trace_path) {
        tw = trace_writer_open(r->trace_path, L, &cfg, NULL, true, err);
        ck_assert_ptr_nonnull(tw);
        trace_writer_set_limit(tw, r->trace_limit);
        opt.observers[opt.nobservers++] = (tev_observer_t){ trace_observe, tw };
    }
    timing_result_t res;
    r->rc = timing_run(L, &cfg, &opt, &res, err);
    if (tw)
        ck_assert_int_eq(trace_writer_close(tw, err), 0);
    fclose(err);
    r->cycles = res.cycles;
    r->f = L->fault;
    r->json[0] = r->fault[0] = '\0';
    if (r->rc == 0) {
        FILE *j = fmemopen(r->json, sizeof r->json, "w");
        rh_json(&st, L, &cfg, &res, false, j);
        fclose(j);
    } else if (r->rc == 2) {
        FILE *o = fmemopen(r->fault, sizeof r->fault, "w");
        launch_print_fault(L, o);
        fclose(o);
    }
    timing_result_free(&res);
    stats_free(&st);
    th_release(&t);
}

/* An endless loop stops when time would pass --max-cycles. One CU holds 40 one-wave workgroups
 * (max_waves 40), all placed by cycle 39 (one wave launch per cycle); of 50, 10 are never
 * dispatched. The oldest wave is wave 0 of workgroup (0,0,0), about to issue the s_branch. */
START_TEST(test_max_cycles_stops_an_endless_loop)
{
    limited_t *r = calloc(1, sizeof *r);
    r->max_cycles = 1000;
    run_limited(r, "k:\nloop:\n  s_branch loop\n", "grid = 3200\nworkgroup = 64\n");
    ck_assert_int_eq(r->rc, 2);
    ck_assert_int_eq(r->f.kind, LAUNCH_FAULT_CYCLES);
    ck_assert_str_eq(launch_fault_name(&r->f), "cycle limit");
    ck_assert_str_eq(r->f.msg, "the run passed 1000 cycles (--max-cycles) with 40 workgroups (40 waves) running and "
                               "10 not yet dispatched; shown: the oldest running wave");
    ck_assert_uint_eq(r->f.wg[0], 0);
    ck_assert_uint_eq(r->f.wave, 0);
    ck_assert_uint_eq(r->f.inst, 0);
    ck_assert_ptr_nonnull(strstr(r->fault, "fault: cycle limit: the run passed 1000 cycles"));
    ck_assert_ptr_nonnull(strstr(r->fault, "workgroup (0,0,0), wave 0, pc 0x0: s_branch"));
    /* No observer saw time pass the limit. */
    ck_assert_uint_le(r->last_event, 1000);
    ck_assert_uint_gt(r->last_event, 900); /* taken branches every 16 cycles: it ran up to it */
    free(r);
}
END_TEST

/* The limit is inclusive: a run whose last workgroup ends at cycle C passes with --max-cycles C
 * (and reports exactly what an unlimited run reports) and faults with C - 1. */
START_TEST(test_max_cycles_boundary)
{
    const char *k = "k:\n  v_add_f32 v1, v1, v1\n  s_endpgm\n";
    const char *ini = "grid = 512\nworkgroup = 128\n";
    limited_t *free_run = calloc(1, sizeof *free_run), *r = calloc(1, sizeof *r);
    run_limited(free_run, k, ini);
    ck_assert_int_eq(free_run->rc, 0);
    r->max_cycles = free_run->cycles;
    run_limited(r, k, ini);
    ck_assert_int_eq(r->rc, 0);
    ck_assert_str_eq(r->json, free_run->json);
    r->max_cycles = free_run->cycles - 1;
    run_limited(r, k, ini);
    ck_assert_int_eq(r->rc, 2);
    ck_assert_int_eq(r->f.kind, LAUNCH_FAULT_CYCLES);
    free(free_run);
    free(r);
}
END_TEST

/* Read a trace to its end record; returns its status, or -1 (the message printed). */
static int read_trace(const char *path, trace_end_t *end)
{
    char msg[600];
    trace_reader_t *tr = trace_open(path, msg, sizeof msg);
    if (!tr) {
        fprintf(stderr, "%s\n", msg);
        return -1;
    }
    tev_t ev;
    int k;
    while ((k = trace_next(tr, &ev, msg, sizeof msg)) == 1 && ev.kind != TEV_END)
        ;
    if (k != 1) {
        fprintf(stderr, "%s\n", msg);
        trace_close(tr);
        return -1;
    }
    *end = *trace_end_info(tr);
    trace_close(tr);
    return (int)end->status;
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* A trace that reaches its size limit stops with one warning; the file stays within the limit and
 * reads back as a valid trace marked TRACE_END_LIMIT; the run's results do not change. */
START_TEST(test_trace_limit)
{
    char dir[] = "/tmp/gcnsim-tlimit-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char full[64], cut[64];
    snprintf(full, sizeof full, "%s/full.trc", dir);
    snprintf(cut, sizeof cut, "%s/cut.trc", dir);
    const char *k = "k:\n  v_add_f32 v1, v1, v1\n  v_add_f32 v1, v1, v1\n  s_endpgm\n";
    const char *ini = "grid = 8192\nworkgroup = 256\n";
    limited_t *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    a->trace_path = full;
    run_limited(a, k, ini);
    ck_assert_int_eq(a->rc, 0);
    ck_assert_str_eq(a->err, "");
    trace_end_t ea, eb;
    ck_assert_int_eq(read_trace(full, &ea), TRACE_END_COMPLETE);
    long full_bytes = file_size(full);
    b->trace_path = cut;
    b->trace_limit = (uint64_t)full_bytes / 3;
    run_limited(b, k, ini);
    ck_assert_int_eq(b->rc, 0);
    ck_assert_str_eq(b->json, a->json);
    ck_assert_int_eq(read_trace(cut, &eb), TRACE_END_LIMIT);
    long cut_bytes = file_size(cut);
    ck_assert_int_le(cut_bytes, (long)b->trace_limit);
    ck_assert_int_gt(cut_bytes, (long)b->trace_limit - 400); /* it stopped near the limit, not early */
    ck_assert_uint_lt(eb.records, ea.records);
    ck_assert_uint_gt(eb.records, 0);
    char want[200];
    snprintf(want, sizeof want, "gcnsim: warning: trace '%s' reached its size limit of %" PRIu64 " bytes at cycle ",
             cut, b->trace_limit);
    ck_assert_msg(strncmp(b->err, want, strlen(want)) == 0, "%s", b->err);
    ck_assert_ptr_nonnull(strstr(b->err, "; tracing stopped, the run goes on (raise it with --trace-limit)\n"));
    ck_assert_ptr_eq(strchr(b->err, '\n'), b->err + strlen(b->err) - 1); /* one line */
    /* A limit below the header's size: the header alone, still a valid trace. */
    b->trace_limit = 1;
    run_limited(b, k, ini);
    ck_assert_int_eq(b->rc, 0);
    ck_assert_int_eq(read_trace(cut, &eb), TRACE_END_LIMIT);
    ck_assert_uint_eq(eb.records, 0);
    unlink(full);
    unlink(cut);
    rmdir(dir);
    free(a);
    free(b);
}
END_TEST

/* Peak resident memory of a run of `nwg` one-wave workgroups of a two-instruction kernel, measured
 * in a child process (so that each run starts from the same memory image); -1 on failure. */
static long child_peak_kib(uint32_t nwg)
{
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(fd[0]);
        char ini[64];
        snprintf(ini, sizeof ini, "grid = %" PRIu32 "\nworkgroup = 64\n", nwg * 64);
        limited_t *r = calloc(1, sizeof *r);
        run_limited(r, "k:\n  v_mov_b32 v1, 0\n  s_endpgm\n", ini);
        struct rusage ru;
        long kib = r->rc == 0 && getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
        free(r);
        if (write(fd[1], &kib, sizeof kib) != (ssize_t)sizeof kib)
            _exit(1);
        _exit(0);
    }
    close(fd[1]);
    long kib = -1;
    if (read(fd[0], &kib, sizeof kib) != (ssize_t)sizeof kib)
        kib = -1;
    close(fd[0]);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    return kib;
}

/* A huge grid runs in bounded memory: the timing model keeps per-CU pools sized by occupancy, the
 * dispatcher computes the next workgroup id from a counter, the statistics keep per-CU / per-SIMD /
 * per-PC arrays and the engine's heap holds only pending events — none of it grows with the grid.
 * 64 times the workgroups must not raise the peak by even 16 bytes per workgroup (1 MiB). */
START_TEST(test_huge_grid_bounded_memory)
{
    long small = child_peak_kib(1024), big = child_peak_kib(65536);
    ck_assert_int_gt(small, 0);
    ck_assert_int_gt(big, 0);
    ck_assert_msg(big - small < 1024, "peak RSS %ld KiB with 1024 workgroups, %ld KiB with 65536", small, big);
}
END_TEST

static Suite *timing_limits_suite(void)
{
    Suite *s = suite_create("timing_limits");
    TCase *tc = tcase_create("limits");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_max_cycles_stops_an_endless_loop);
    tcase_add_test(tc, test_max_cycles_boundary);
    tcase_add_test(tc, test_trace_limit);
    tcase_add_test(tc, test_huge_grid_bounded_memory);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(timing_limits_suite)

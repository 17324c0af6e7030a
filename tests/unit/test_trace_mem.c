/* Trace format version 5, memory records (--trace-mem): the reader returns every field of every
 * memory instruction's trip the writer saw (compared with a recorder observing the same run, which
 * copies each mem_access_t while it is valid), the end record counts them, and a trace without
 * them is the version-4 file but for its version byte and checksum. */
#include "unit.h"

#include <stdio.h>
#include <unistd.h>

#include "machine/timing.h"
#include "mem/memsys.h"
#include "observe/trace.h"
#include "timing_harness.h"

typedef struct {
    tev_t ev;
    mem_access_t a;
} mem_rec_t;

typedef struct {
    mem_rec_t *r;
    size_t n, cap;
} mem_log_t;

static void log_mem(void *ctx, const tev_t *ev)
{
    mem_log_t *l = ctx;
    if (ev->kind != TEV_MEM)
        return;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->r = realloc(l->r, l->cap * sizeof *l->r);
        ck_assert_ptr_nonnull(l->r);
    }
    l->r[l->n].ev = *ev;
    l->r[l->n++].a = *ev->u.mem.access;
}

/* Run ini on cfg overrides sets with a trace of `flags` at path, logging the memory events. */
static void run(const char *ini, const char *const *sets, uint32_t flags, const char *path, mem_log_t *log)
{
    th_launch_t t;
    th_prepare(&t, NULL, NULL, ini, sets, 0);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[opt.nobservers++] = (tev_observer_t){ log_mem, log };
    trace_writer_t *w = trace_writer_open(path, t.L, &t.cfg, NULL, flags, stderr);
    ck_assert_ptr_nonnull(w);
    opt.observers[opt.nobservers++] = (tev_observer_t){ trace_observe, w };
    timing_result_t res;
    ck_assert_int_eq(timing_run(t.L, &t.cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
    ck_assert_int_eq(trace_writer_close(w, stderr), 0);
    th_release(&t);
}

START_TEST(test_mem_round_trip)
{
    /* Stores, loads and atomics on several CUs, the row model (row hits and misses), a small direct-mapped
     * L2 (write-backs). */
    static const char *const sets[] = { "gpu.compute_units=3", "dram.row_model=on", "l2.size=16384", "l2.ways=1", NULL };
    char path[64];
    snprintf(path, sizeof path, "/tmp/gcnsim-trace-mem-%d.trc", (int)getpid());
    mem_log_t log = { 0 };
    run("workloads/histogram.ini", sets, TRACE_FLAG_ISSUES | TRACE_FLAG_MEM, path, &log);
    ck_assert_uint_gt(log.n, 100);
    char msg[600];
    trace_reader_t *r = trace_open(path, msg, sizeof msg);
    ck_assert_msg(r != NULL, "%s", msg);
    const trace_header_t *h = trace_header(r);
    ck_assert_uint_eq(h->version, 5);
    ck_assert_uint_eq(h->flags, TRACE_FLAG_ISSUES | TRACE_FLAG_MEM);
    ck_assert_uint_eq(h->mem.line_bytes, 64);
    ck_assert_uint_eq(h->mem.dram_peak, 32 * 16);
    ck_assert_uint_eq(h->mem.l2_peak, 64 * 16);
    ck_assert_uint_eq(h->mem.ideal, 0);
    ck_assert_uint_eq(h->mem.l1v_mshrs, 256);
    ck_assert_uint_eq(h->mem.l2_mshrs, 256);
    tev_t ev;
    size_t j = 0;
    uint64_t row_hits = 0, writes = 0, scalar = 0, mshr[MEM_NUM_CACHES] = { 0 };
    int k;
    while ((k = trace_next(r, &ev, msg, sizeof msg)) == 1) {
        if (ev.kind != TEV_MEM)
            continue;
        ck_assert_uint_lt(j, log.n);
        const mem_rec_t *w = &log.r[j++];
        const mem_access_t *a = ev.u.mem.access, *b = &w->a;
        ck_assert_uint_eq(ev.cycle, w->ev.cycle);
        ck_assert_uint_eq(ev.cu, w->ev.cu);
        ck_assert_uint_eq(ev.u.mem.pc, w->ev.u.mem.pc);
        ck_assert(a->scalar == b->scalar);
        ck_assert_int_eq(a->op, b->op);
        ck_assert_uint_eq(a->lines, b->lines);
        ck_assert_uint_eq(a->ideal_lines, b->ideal_lines);
        ck_assert_uint_eq(a->bytes, b->bytes);
        ck_assert_uint_eq(a->issue, b->issue);
        ck_assert_uint_eq(a->done, b->done);
        ck_assert_uint_eq(a->stall, b->stall);
        ck_assert(memcmp(a->count, b->count, sizeof a->count) == 0);
        ck_assert(memcmp(a->level_bytes, b->level_bytes, sizeof a->level_bytes) == 0);
        ck_assert(memcmp(a->mshr_cycles, b->mshr_cycles, sizeof a->mshr_cycles) == 0);
        ck_assert_uint_eq(a->dram_reads, b->dram_reads);
        ck_assert_uint_eq(a->dram_writes, b->dram_writes);
        ck_assert_uint_eq(a->dram_row_hits, b->dram_row_hits);
        ck_assert_uint_eq(a->dram_row_misses, b->dram_row_misses);
        ck_assert_uint_eq(a->dram_bytes, b->dram_bytes);
        ck_assert_uint_eq(a->dram_busy_until, b->dram_busy_until);
        row_hits += a->dram_row_hits;
        writes += a->dram_writes;
        scalar += a->scalar;
        for (int l = 0; l < MEM_NUM_CACHES; l++)
            mshr[l] += a->mshr_cycles[l];
    }
    ck_assert_msg(k == 0, "%s", msg);
    ck_assert_uint_eq(j, log.n);
    ck_assert_uint_eq(trace_end_info(r)->mems, log.n);
    ck_assert_uint_gt(row_hits, 0);   /* the run exercises the fields, not only zeros */
    ck_assert_uint_gt(writes, 0);
    ck_assert_uint_gt(scalar, 0);
    for (int l = 0; l < MEM_NUM_CACHES; l++)
        ck_assert_uint_gt(mshr[l], 0);
    trace_close(r);
    free(log.r);
    remove(path);
}
END_TEST

/* Without --trace-mem: no memory record, and the file is what version 4 wrote but for the version
 * bytes and the checksum — the same run with the flag differs in more. */
START_TEST(test_without_mem_records)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/gcnsim-trace-mem-%d.trc", (int)getpid());
    mem_log_t log = { 0 };
    run("workloads/saxpy.ini", NULL, TRACE_FLAG_ISSUES, path, &log);
    char msg[600];
    trace_reader_t *r = trace_open(path, msg, sizeof msg);
    ck_assert_ptr_nonnull(r);
    ck_assert_uint_eq(trace_header(r)->flags, TRACE_FLAG_ISSUES);
    tev_t ev;
    int k;
    while ((k = trace_next(r, &ev, msg, sizeof msg)) == 1)
        ck_assert_int_ne(ev.kind, TEV_MEM);
    ck_assert_msg(k == 0, "%s", msg);
    ck_assert_uint_eq(trace_end_info(r)->mems, 0);
    trace_close(r);
    /* A version-4 reader's view: flag bit 1 is unknown there. */
    FILE *f = fopen(path, "r+b");
    ck_assert_ptr_nonnull(f);
    fseek(f, 8, SEEK_SET);
    fputc(4, f);
    fseek(f, 10, SEEK_SET);
    fputc(TRACE_FLAG_ISSUES | TRACE_FLAG_MEM, f);
    fclose(f);
    ck_assert_ptr_null(trace_open(path, msg, sizeof msg));
    ck_assert_msg(strstr(msg, "corrupted trace at byte 10: unknown flags 0x3") != NULL, "%s", msg);
    free(log.r);
    remove(path);
}
END_TEST

static Suite *trace_mem_suite(void)
{
    Suite *s = suite_create("trace_mem");
    TCase *tc = tcase_create("trace_mem");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_mem_round_trip);
    tcase_add_test(tc, test_without_mem_records);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(trace_mem_suite)

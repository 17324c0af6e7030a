/* Trace tests: the reader returns every field of every event the writer saw (compared with a
 * recorder observing the same run), the header describes the machine and the kernel, the same
 * run writes the same bytes, --tick-every-cycle writes the same records, truncated, corrupted and
 * newer-version traces are rejected with their messages. The Perfetto export and the
 * text trace: test_trace_export.c. */
#include "unit.h"
#include "json_check.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "asm/asm.h"
#include "load/launch.h"
#include "machine/timing.h"
#include "observe/trace.h"
#include "timing_harness.h"
#include "dispatches.h"
#include "trace_v2_fixture.h"

#include "trace_harness.h"

static void assert_same_event(const tev_t *a, const tev_t *b, size_t i)
{
    ck_assert_msg(a->kind == b->kind, "event %zu: kind %d vs %d", i, a->kind, b->kind);
    ck_assert_msg(a->cycle == b->cycle, "event %zu: cycle", i);
    switch (a->kind) {
    case TEV_WAVE_STATE:
    case TEV_ISSUE:
        ck_assert_msg(a->cu == b->cu && a->simd == b->simd && a->slot == b->slot, "event %zu: slot", i);
        ck_assert_msg(a->wave == b->wave && a->wg == b->wg, "event %zu: wave %" PRIu64 "/%" PRIu64 " wg", i, a->wave,
                      b->wave);
        if (a->kind == TEV_WAVE_STATE)
            ck_assert_int_eq(a->u.wave_state, b->u.wave_state);
        else {
            ck_assert_int_eq(a->u.issue.unit, b->u.issue.unit);
            ck_assert_uint_eq(a->u.issue.op, b->u.issue.op);
            ck_assert_uint_eq(a->u.issue.pc, b->u.issue.pc);
            ck_assert_uint_eq(a->u.issue.busy, b->u.issue.busy);
            ck_assert_uint_eq(a->u.issue.mfma, b->u.issue.mfma);
        }
        break;
    case TEV_WG_START:
        ck_assert_uint_eq(a->u.wg_info.waves, b->u.wg_info.waves);
        for (int d = 0; d < 3; d++)
            ck_assert_uint_eq(a->u.wg_info.gid[d], b->u.wg_info.gid[d]);
        ck_assert_uint_eq(a->u.wg_info.dispatch, b->u.wg_info.dispatch);
        /* fall through */
    case TEV_WG_END:
        ck_assert_uint_eq(a->cu, b->cu);
        ck_assert_uint_eq(a->wg, b->wg);
        break;
    case TEV_CU_LIMITER:
        ck_assert_uint_eq(a->cu, b->cu);
        ck_assert_int_eq(a->u.limiter.state, b->u.limiter.state);
        if (a->u.limiter.state == TEV_CU_REFUSED)
            ck_assert_int_eq(a->u.limiter.resource, b->u.limiter.resource);
        break;
    case TEV_END:
    case TEV_MEM:
    case TEV_HAZARD: /* hazards: their round trip is in test_hazard.c */
        break;
    }
}

/* Read `path` and compare it with the recorded events (issues skipped unless `issues`). Returns
 * the end record's counts. */
static trace_end_t check_round_trip(const char *path, const th_recorder_t *rec, bool issues, uint32_t ncu)
{
    char msg[600];
    trace_reader_t *r = trace_open(path, msg, sizeof msg);
    ck_assert_msg(r != NULL, "%s", msg);
    uint32_t *resident = calloc(ncu, sizeof *resident);
    tev_t ev;
    size_t j = 0, nissues = 0;
    int k;
    while ((k = trace_next(r, &ev, msg, sizeof msg)) == 1) {
        /* Issues are in the trace only with --trace-issues; memory detail never. */
        while (j < rec->n && ((rec->ev[j].kind == TEV_ISSUE && !issues) || rec->ev[j].kind == TEV_MEM))
            j++;
        if (ev.kind == TEV_END && j == rec->n) {
            /* A run that stopped (a fault) emits no TEV_END: the writer adds the end record. */
            ck_assert_int_eq(trace_end_info(r)->status, TRACE_END_STOPPED);
            j++;
            continue;
        }
        ck_assert_msg(j < rec->n, "more records than events");
        assert_same_event(&rec->ev[j], &ev, j);
        if (ev.kind == TEV_WAVE_STATE && ev.u.wave_state == TEV_WAVE_LAUNCHING)
            resident[ev.cu]++;
        if (ev.kind == TEV_WAVE_STATE && ev.u.wave_state == TEV_WAVE_GONE)
            resident[ev.cu]--;
        nissues += ev.kind == TEV_ISSUE;
        for (uint32_t c = 0; c < ncu; c++)
            ck_assert_uint_eq(trace_resident(r, c), resident[c]);
        j++;
    }
    ck_assert_msg(k == 0, "%s", msg);
    ck_assert_uint_eq(j, rec->n + (trace_end_info(r)->status == TRACE_END_STOPPED));
    ck_assert_int_eq(trace_next(r, &ev, msg, sizeof msg), 0);
    trace_end_t end = *trace_end_info(r);
    ck_assert_uint_eq(end.issues, nissues);
    trace_close(r);
    free(resident);
    return end;
}

/* ---- round trip ------------------------------------------------------------------------------- */

START_TEST(test_round_trip_every_field)
{
    static const char *const sets[] = { "gpu.compute_units=3", "dispatch.order=morton", "dispatch.release=wave",
                                        "cu.wave_slots=6", "gpu.clock_mhz=1050", NULL };
    char *path = tmp_path("rt.trc");
    for (int issues = 0; issues < 2; issues++) {
        run_opts_t o = { .ini = "workloads/matmul_tiled.ini", .sets = sets, .trace_path = path, .issues = issues };
        run_out_t out;
        run(&o, &out);
        ck_assert_int_eq(out.rc, 0);
        trace_end_t end = check_round_trip(path, &out.rec, issues, 3);
        ck_assert_int_eq(end.status, TRACE_END_COMPLETE);
        size_t states = 0, starts = 0, ends = 0, lims = 0, iss = 0;
        for (size_t i = 0; i < out.rec.n; i++) {
            const tev_t *e = &out.rec.ev[i];
            states += e->kind == TEV_WAVE_STATE;
            starts += e->kind == TEV_WG_START;
            ends += e->kind == TEV_WG_END;
            lims += e->kind == TEV_CU_LIMITER;
            iss += e->kind == TEV_ISSUE;
        }
        ck_assert_uint_eq(end.wave_states, states);
        ck_assert_uint_eq(end.wg_starts, starts);
        ck_assert_uint_eq(end.wg_ends, ends);
        ck_assert_uint_eq(end.limiters, lims);
        ck_assert_uint_eq(end.issues, issues ? iss : 0);
        ck_assert_uint_eq(end.records, states + starts + ends + lims + (issues ? iss : 0));
        ck_assert_uint_gt(starts, 1);

        /* The header: machine shape, clock, kernel and its disassembly. */
        char msg[600];
        trace_reader_t *r = trace_open(path, msg, sizeof msg);
        ck_assert_ptr_nonnull(r);
        const trace_header_t *h = trace_header(r);
        ck_assert_uint_eq(h->version, 5); /* 6 only for a CDNA program (test_round_trip_mfma) */
        ck_assert_uint_eq(h->flags, issues ? TRACE_FLAG_ISSUES : 0u);
        ck_assert_uint_eq(h->ncu, 3);
        ck_assert_uint_eq(h->simds, 4);
        ck_assert_uint_eq(h->slots, 6);
        ck_assert_uint_eq(h->max_waves_cu, 40);
        ck_assert_uint_eq(h->clock_mhz, 1050);
        ck_assert_str_eq(h->kernel, "matmul_tiled");
        ck_assert_uint_eq(h->nworkgroups, starts);
        ck_assert_uint_eq(h->ninsts, out.ninsts);
        for (uint32_t i = 0; i < h->ninsts && i < 64; i++) {
            ck_assert_str_eq(h->insts[i].text, out.kernel_text[i]);
            ck_assert_uint_eq(h->insts[i].pc, out.kernel_pc[i]);
        }
        trace_close(r);
        free(out.rec.ev);
    }
    free(path);
}
END_TEST

/* A CDNA run's trace (version 6): each MFMA's issue record carries its matrix-core cycles
 * (v_mfma_f32_4x4x1f32 on gfx90a: 8), read back as they were reported. */
START_TEST(test_round_trip_mfma)
{
    static const char *const sets[] = { "gpu.target=gfx90a", NULL };
    char *path = tmp_path("mfma.trc");
    run_opts_t o = { .ini = "workloads/cdna/mfma_small.ini", .sets = sets, .trace_path = path, .issues = true };
    run_out_t out;
    run(&o, &out);
    ck_assert_int_eq(out.rc, 0);
    check_round_trip(path, &out.rec, true, 1);
    char msg[600];
    trace_reader_t *r = trace_open(path, msg, sizeof msg);
    ck_assert_msg(r != NULL, "%s", msg);
    ck_assert_uint_eq(trace_header(r)->version, 6);
    tev_t ev;
    unsigned mfma = 0;
    while (trace_next(r, &ev, msg, sizeof msg) == 1)
        if (ev.kind == TEV_ISSUE && ev.u.issue.mfma) {
            ck_assert_uint_eq(ev.u.issue.mfma, 8);
            mfma++;
        }
    ck_assert_uint_eq(mfma, 1);
    trace_close(r);
    free(out.rec.ev);
    free(path);
}
END_TEST

/* Compact: a state change costs a few bytes (header excluded). */
START_TEST(test_compact)
{
    char *path = tmp_path("small.trc");
    run_opts_t o = { .ini = "workloads/saxpy.ini", .trace_path = path };
    run_out_t out;
    run(&o, &out);
    ck_assert_int_eq(out.rc, 0);
    size_t n;
    free(slurp(path, &n));
    size_t states = 0;
    for (size_t i = 0; i < out.rec.n; i++)
        states += out.rec.ev[i].kind == TEV_WAVE_STATE;
    ck_assert_uint_gt(states, 1000);
    ck_assert_msg((double)(n - out.header_bytes) / (double)states < 5.0, "%zu bytes for %zu state changes", n, states);
    free(out.rec.ev);
    free(path);
}
END_TEST

/* ---- determinism -------------------------------------------------------------------------------- */

static int cmp_event(const void *pa, const void *pb)
{
    const tev_t *a = pa, *b = pb;
    uint64_t ka[] = { a->cycle, (uint64_t)a->kind, a->cu, a->simd, a->slot, a->wave, a->wg,
                      a->kind == TEV_WAVE_STATE ? (uint64_t)a->u.wave_state
                      : a->kind == TEV_ISSUE    ? a->u.issue.pc
                      : a->kind == TEV_CU_LIMITER ? (uint64_t)a->u.limiter.state * 16 + a->u.limiter.resource : 0 };
    uint64_t kb[] = { b->cycle, (uint64_t)b->kind, b->cu, b->simd, b->slot, b->wave, b->wg,
                      b->kind == TEV_WAVE_STATE ? (uint64_t)b->u.wave_state
                      : b->kind == TEV_ISSUE    ? b->u.issue.pc
                      : b->kind == TEV_CU_LIMITER ? (uint64_t)b->u.limiter.state * 16 + b->u.limiter.resource : 0 };
    for (size_t i = 0; i < sizeof ka / sizeof ka[0]; i++)
        if (ka[i] != kb[i])
            return ka[i] < kb[i] ? -1 : 1;
    return 0;
}

static tev_t *read_all(const char *path, size_t *n)
{
    char msg[600];
    trace_reader_t *r = trace_open(path, msg, sizeof msg);
    ck_assert_msg(r != NULL, "%s", msg);
    size_t cap = 1024;
    tev_t *v = malloc(cap * sizeof *v);
    *n = 0;
    int k;
    while ((k = trace_next(r, &v[*n], msg, sizeof msg)) == 1)
        if (++*n == cap)
            v = realloc(v, (cap *= 2) * sizeof *v);
    ck_assert_msg(k == 0, "%s", msg);
    trace_close(r);
    return v;
}

START_TEST(test_deterministic)
{
    static const char *const sets[] = { "gpu.compute_units=2", "sched.policy=greedy", NULL };
    static const char *const inis[] = { "workloads/matmul_naive.ini", "workloads/reduce.ini" };
    char *a = tmp_path("a.trc"), *b = tmp_path("b.trc"), *c = tmp_path("c.trc");
    for (size_t w = 0; w < 2; w++) {
        run_opts_t o = { .ini = inis[w], .sets = sets, .trace_path = a, .issues = true };
        run_out_t out;
        run(&o, &out);
        free(out.rec.ev);
        o.trace_path = b;
        run(&o, &out);
        free(out.rec.ev);
        o.trace_path = c;
        o.tick = true;
        run(&o, &out);
        free(out.rec.ev);
        size_t na, nb, nc;
        uint8_t *ba = slurp(a, &na), *bb = slurp(b, &nb), *bc = slurp(c, &nc);
        /* The default mode: byte-identical. */
        ck_assert_uint_eq(na, nb);
        ck_assert(memcmp(ba, bb, na) == 0);
        /* --tick-every-cycle: the same records (docs/trace-format.md: only the interleaving of
         * different waves' records may differ, and with it the bytes of their cycle deltas). */
        (void)nc;
        size_t ea, ec;
        tev_t *va = read_all(a, &ea), *vc = read_all(c, &ec);
        ck_assert_uint_eq(ea, ec);
        qsort(va, ea, sizeof *va, cmp_event);
        qsort(vc, ec, sizeof *vc, cmp_event);
        for (size_t i = 0; i < ea; i++)
            ck_assert_msg(cmp_event(&va[i], &vc[i]) == 0, "record %zu differs", i);
        free(va);
        free(vc);
        free(ba);
        free(bb);
        free(bc);
    }
    free(a);
    free(b);
    free(c);
}
END_TEST

/* A faulting run still leaves a readable trace, whose end record says the run stopped. */
START_TEST(test_stopped_run)
{
    char *path = tmp_path("fault.trc");
    run_opts_t o = { .ini = "workloads/tutorial/fault.ini", .trace_path = path, .issues = true };
    run_out_t out;
    run(&o, &out);
    ck_assert_int_eq(out.rc, 2);
    trace_end_t end = check_round_trip(path, &out.rec, true, 1);
    ck_assert_int_eq(end.status, TRACE_END_STOPPED);
    ck_assert_uint_gt(end.issues, 0);
    free(out.rec.ev);
    free(path);
}
END_TEST

/* ---- rejection ---------------------------------------------------------------------------------- */

/* Open and read `path` to the end; the message of the first failure (empty when it is valid). */
static void read_fully(const char *path, char *msg, size_t len)
{
    msg[0] = '\0';
    trace_reader_t *r = trace_open(path, msg, len);
    if (!r)
        return;
    tev_t ev;
    int k;
    while ((k = trace_next(r, &ev, msg, len)) == 1)
        ;
    if (k == 0)
        msg[0] = '\0';
    trace_close(r);
}

static void expect_msg(const char *path, const char *want)
{
    char msg[600];
    read_fully(path, msg, sizeof msg);
    ck_assert_msg(strstr(msg, want) != NULL, "expected '%s', got '%s'", want, msg);
    ck_assert_msg(strncmp(msg, path, strlen(path)) == 0, "the message names the file: '%s'", msg);
}

START_TEST(test_rejects_bad_traces)
{
    char *good = tmp_path("good.trc"), *bad = tmp_path("bad.trc");
    run_opts_t o = { .ini = "workloads/vector_add.ini", .trace_path = good, .issues = true };
    run_out_t out;
    run(&o, &out);
    ck_assert_int_eq(out.rc, 0);
    free(out.rec.ev);
    size_t n;
    uint8_t *b = slurp(good, &n);
    char msg[600];
    read_fully(good, msg, sizeof msg);
    ck_assert_str_eq(msg, "");

    expect_msg("/nonexistent/x.trc", "cannot open trace file: No such file or directory");

    uint8_t *c = malloc(n + 1);
    memcpy(c, b, n);
    c[0] = 'X';
    spit(bad, c, n);
    expect_msg(bad, "not a gcnsim trace (bad magic)");
    spit(bad, (const uint8_t *)"GCN", 3);
    expect_msg(bad, "not a gcnsim trace (bad magic)");

    memcpy(c, b, n);
    c[8] = TRACE_VERSION + 1;
    spit(bad, c, n);
    char want[128];
    snprintf(want, sizeof want, "trace version %d is newer than this gcnsim supports (%d)", TRACE_VERSION + 1,
             TRACE_VERSION);
    expect_msg(bad, want);
    c[8] = 0;
    c[9] = 1; /* version 256 */
    spit(bad, c, n);
    snprintf(want, sizeof want, "trace version 256 is newer than this gcnsim supports (%d)", TRACE_VERSION);
    expect_msg(bad, want);

    /* The first record's type byte. */
    memcpy(c, b, n);
    c[out.header_bytes] = 0x55;
    spit(bad, c, n);
    snprintf(want, sizeof want, "corrupted trace at byte %" PRIu64 ": unknown record type 0x55", out.header_bytes);
    expect_msg(bad, want);

    /* The checksum's last byte. */
    memcpy(c, b, n);
    c[n - 1] ^= 1;
    spit(bad, c, n);
    expect_msg(bad, "corrupted trace: checksum mismatch");

    memcpy(c, b, n);
    c[n] = 0;
    spit(bad, c, n + 1);
    expect_msg(bad, "corrupted trace: bytes after the end record");

    /* Every cut is detected: a truncated header or record, or a missing end record; a cut in the
     * instruction or dispatch table leaves a count the rest of the file cannot hold. */
    for (size_t cut = 8; cut < n; cut += (cut < out.header_bytes + 64 || cut > n - 64) ? 1 : 37) {
        spit(bad, b, cut);
        read_fully(bad, msg, sizeof msg);
        ck_assert_msg(strstr(msg, "truncated trace: the file ends at byte") != NULL ||
                      (cut < out.header_bytes && strstr(msg, " count ") && strstr(msg, "needs at least")),
                      "cut at %zu: '%s'", cut, msg);
    }

    /* Every single-byte change after the magic and version is rejected (the checksum catches
     * what the structure checks do not), never accepted and never a crash. */
    for (size_t i = 12; i < n; i += (i < out.header_bytes + 64 || i > n - 64) ? 1 : 29) {
        for (int bit = 0; bit < 8; bit += 3) {
            memcpy(c, b, n);
            c[i] ^= (uint8_t)(1u << bit);
            spit(bad, c, n);
            read_fully(bad, msg, sizeof msg);
            ck_assert_msg(msg[0] != '\0', "byte %zu bit %d: a corrupted trace was accepted", i, bit);
        }
    }
    free(c);
    free(b);
    free(good);
    free(bad);
}
END_TEST

/* ---- several dispatches -------------------------------------------------------------------------- */

/* writer, reader (after = none, other grid and workgroup), writer again: written to the temporary
 * directory; returns the workload's path. */
static char *three_dispatches(void)
{
    char *k = tmp_path("k.s"), *ini = tmp_path("three.ini");
    spit(k, (const uint8_t *)dk_kernels, strlen(dk_kernels));
    static const char body[] = "[kernel]\nsource = k.s\nname = writer\ngrid = 256\nworkgroup = 64\n[args]\nout = @a\nk = u32:7\n"
                               "[kernel rd]\nname = reader\ngrid = 128\nworkgroup = 32\nafter = none\n[args rd]\nin = @a\nout = @b\n"
                               "[kernel w2]\nname = writer\ngrid = 128\nworkgroup = 64\n[args w2]\nout = @b\nk = u32:1\n" DK_BUFFERS;
    spit(ini, (const uint8_t *)body, strlen(body));
    free(k);
    return ini;
}

static void check_dispatch(const trace_dispatch_t *d, const char *kernel, uint32_t inst_base, uint32_t grid, uint32_t wg,
                           uint64_t nwg, uint32_t after)
{
    ck_assert_str_eq(d->kernel, kernel);
    ck_assert(d->inst_base == inst_base && d->nworkgroups == nwg && d->after == after);
    ck_assert(d->grid[0] == grid && d->grid[1] == 1 && d->grid[2] == 1);
    ck_assert(d->wg_size[0] == wg && d->wg_size[1] == 1 && d->wg_size[2] == 1);
}

/* The dispatch table, and every workgroup start's dispatch (check_round_trip compares it with the
 * event); issues carry the workload-wide pc of their dispatch's kernel. */
START_TEST(test_round_trip_dispatches)
{
    static const char *const sets[] = { "gpu.compute_units=2", NULL };
    char *ini = three_dispatches(), *path = tmp_path("three.trc");
    run_opts_t o = { .ini = ini, .sets = sets, .trace_path = path, .issues = true };
    run_out_t out;
    run(&o, &out);
    ck_assert_int_eq(out.rc, 0);
    trace_end_t end = check_round_trip(path, &out.rec, true, 2);
    ck_assert_int_eq(end.status, TRACE_END_COMPLETE);
    ck_assert_uint_eq(end.wg_starts, 4 + 4 + 2);

    char msg[600];
    trace_reader_t *r = trace_open(path, msg, sizeof msg);
    ck_assert_msg(r != NULL, "%s", msg);
    const trace_header_t *h = trace_header(r);
    ck_assert_uint_eq(h->version, 5);
    ck_assert_str_eq(h->kernel, "writer");
    ck_assert_uint_eq(h->grid[0], 256);
    ck_assert_uint_eq(h->nworkgroups, 10);
    ck_assert_uint_eq(h->ninsts, 12 + 18);
    ck_assert_str_eq(h->insts[11].text, "s_endpgm");
    ck_assert_str_eq(h->insts[12].text, "s_load_dwordx4 s[4:7], s[0:1], 0x0");
    ck_assert_uint_eq(h->ndispatches, 3);
    check_dispatch(&h->dispatches[0], "writer", 0, 256, 64, 4, WL_AFTER_PREVIOUS);
    check_dispatch(&h->dispatches[1], "reader", 12, 128, 32, 4, WL_AFTER_NONE);
    check_dispatch(&h->dispatches[2], "writer", 0, 128, 64, 2, WL_AFTER_PREVIOUS);
    uint32_t dispatch_of[10], starts[3] = { 0 }, issues = 0;
    tev_t ev;
    int k;
    while ((k = trace_next(r, &ev, msg, sizeof msg)) == 1) {
        if (ev.kind == TEV_WG_START) {
            ck_assert_uint_lt(ev.wg, 10);
            ck_assert_uint_lt(ev.u.wg_info.dispatch, 3);
            dispatch_of[ev.wg] = ev.u.wg_info.dispatch;
            starts[ev.u.wg_info.dispatch]++;
            /* The queue is in order: workgroup ids follow the dispatches. */
            ck_assert_uint_eq(ev.u.wg_info.dispatch, ev.wg < 4 ? 0 : ev.wg < 8 ? 1 : 2);
        } else if (ev.kind == TEV_ISSUE) {
            const trace_dispatch_t *d = &h->dispatches[dispatch_of[ev.wg]];
            uint32_t n = d->inst_base == 12 ? 18 : 12;
            ck_assert_msg(ev.u.issue.pc >= d->inst_base && ev.u.issue.pc < d->inst_base + n, "pc %u in dispatch %u",
                          ev.u.issue.pc, dispatch_of[ev.wg]);
            issues++;
        }
    }
    ck_assert_msg(k == 0, "%s", msg);
    ck_assert_uint_eq(starts[0], 4);
    ck_assert_uint_eq(starts[1], 4);
    ck_assert_uint_eq(starts[2], 2);
    ck_assert_uint_eq(issues, 4 * 12 + 4 * 18 + 2 * 12);
    trace_close(r);
    free(out.rec.ev);
    free(ini);
    free(path);
}
END_TEST

/* ---- lying headers: a count the file cannot hold is refused before anything is allocated -------- */

static size_t put_uv(uint8_t *b, uint64_t v)
{
    size_t n = 0;
    for (; v >= 0x80; v >>= 7)
        b[n++] = (uint8_t)(v | 0x80);
    b[n++] = (uint8_t)v;
    return n;
}

/* A version-3 header up to and including the instruction count, then (with ninsts 0) the dispatch
 * count when ndispatches is not 0; then pad zero bytes. Returns the size. */
static size_t lying_header(uint8_t *b, uint64_t ninsts, uint64_t ndispatches, size_t pad)
{
    static const uint8_t head[] = { 'G', 'C', 'N', 'T', 'R', 'A', 'C', 'E', 3, 0, 0, 0,
                                    1, 4, 10, 40, 0xe8, 0x07,          /* CUs, SIMDs, slots, waves, clock */
                                    1, 'k', 1, 's',                    /* kernel, source */
                                    64, 1, 1, 64, 1, 1, 1,             /* grid, workgroup, workgroups */
                                    1, 4, 16, 0, 1, 0 };               /* waves/wg, VGPRs, SGPRs, LDS, wg/CU, limiter */
    size_t n = sizeof head;
    memcpy(b, head, n);
    n += put_uv(b + n, ninsts);
    if (ndispatches)
        n += put_uv(b + n, ndispatches);
    memset(b + n, 0, pad);
    return n + pad;
}

START_TEST(test_rejects_lying_counts)
{
    char *bad = tmp_path("lying.trc"), want[200];
    uint8_t b[256];
    /* 2^24 instructions (the format's bound) in a 54-byte file: refused, not 256 MiB allocated. */
    size_t n = lying_header(b, 1u << 24, 0, 15);
    ck_assert_uint_eq(n, 54);
    spit(bad, b, n);
    snprintf(want, sizeof want, "corrupted trace at byte 35: instruction count 16777216 needs at least 50331648 bytes, "
             "the file has 54 bytes");
    expect_msg(bad, want);
    /* One instruction more than the rest of the file can hold (3 bytes each); exactly as many reads on. */
    n = lying_header(b, 7, 0, 20);
    spit(bad, b, n);
    expect_msg(bad, "instruction count 7 needs at least 21 bytes, the file has 56 bytes");
    n = lying_header(b, 6, 0, 20);
    spit(bad, b, n);
    char msg[600];
    read_fully(bad, msg, sizeof msg);
    ck_assert_msg(strstr(msg, "needs at least") == NULL, "6 instructions fit in 20 bytes: '%s'", msg);
    /* The dispatch table: 10 bytes at least per dispatch. */
    n = lying_header(b, 0, 64, 100);
    spit(bad, b, n);
    expect_msg(bad, "corrupted trace at byte 36: dispatch count 64 needs at least 640 bytes, the file has 137 bytes");
    n = lying_header(b, 0, 10, 99);
    spit(bad, b, n);
    expect_msg(bad, "dispatch count 10 needs at least 100 bytes, the file has 136 bytes");
    free(bad);
}
END_TEST

/* Only regular files are traces: a directory, a FIFO (without a writer: no wait) and a device. */
START_TEST(test_rejects_non_files)
{
    char *fifo = tmp_path("fifo.trc");
    expect_msg(dir, "is a directory, not a trace file");
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    expect_msg(fifo, "is not a regular file (a FIFO, device or socket); a trace file must be a regular file");
    expect_msg("/dev/zero", "is not a regular file");
    free(fifo);
}
END_TEST

/* A dispatch field out of range: the header's last byte is the last dispatch's `after`; a workgroup
 * start naming a dispatch the table lacks is written through the writer itself. */
START_TEST(test_rejects_bad_dispatch_fields)
{
    char *ini = three_dispatches(), *good = tmp_path("good3.trc"), *bad = tmp_path("bad3.trc");
    run_opts_t o = { .ini = ini, .trace_path = good };
    run_out_t out;
    run(&o, &out);
    ck_assert_int_eq(out.rc, 0);
    free(out.rec.ev);
    size_t n;
    uint8_t *b = slurp(good, &n);
    ck_assert_uint_eq(b[out.header_bytes - 1], WL_AFTER_PREVIOUS);
    b[out.header_bytes - 1] = 2;
    spit(bad, b, n);
    expect_msg(bad, "corrupted trace at byte ");
    expect_msg(bad, ": dispatch dependency 2 is out of range (at most 1)");
    free(b);

    for (uint32_t dispatch = 2; dispatch <= 3; dispatch++) {
        th_launch_t t;
        th_prepare(&t, dk_kernels, DK_PIPELINE, NULL, NULL, 0);
        trace_writer_t *w = trace_writer_open(bad, t.L, &t.cfg, NULL, false, stderr);
        ck_assert_ptr_nonnull(w);
        uint64_t at = trace_writer_bytes(w);
        tev_t ev;
        memset(&ev, 0, sizeof ev);
        ev.kind = TEV_WG_START;
        ev.u.wg_info.waves = 1;
        ev.u.wg_info.dispatch = dispatch - 1; /* 1: the last of the two; 2: none */
        trace_observe(w, &ev);
        ck_assert_int_eq(trace_writer_close(w, stderr), 0);
        th_release(&t);
        char msg[600], want[160];
        read_fully(bad, msg, sizeof msg);
        /* Dispatch 1 is valid (read to the end, no message); dispatch 2 is not. */
        snprintf(want, sizeof want, "corrupted trace at byte %" PRIu64 ": dispatch 2 is out of range (at most 1)", at);
        ck_assert_msg(dispatch == 2 ? msg[0] == '\0' : strstr(msg, want) != NULL, "dispatch %u: '%s'", dispatch - 1, msg);
    }
    free(ini);
    free(good);
    free(bad);
}
END_TEST

/* A version-2 trace (trace_v2_fixture.h): the reader takes it as one dispatch described by the header. */
START_TEST(test_reads_version_2)
{
    char msg[600];
    char *path = trace_v2_store_file();
    ck_assert_ptr_nonnull(path);
    trace_reader_t *r = trace_open(path, msg, sizeof msg);
    unlink(path);
    free(path);
    ck_assert_msg(r != NULL, "%s", msg);
    const trace_header_t *h = trace_header(r);
    ck_assert_uint_eq(h->version, 2);
    ck_assert_uint_eq(h->flags, TRACE_FLAG_ISSUES);
    ck_assert_str_eq(h->kernel, "store");
    ck_assert_str_eq(h->source, "tests/bad/ini/store.s");
    ck_assert_uint_eq(h->ninsts, 14);
    ck_assert_str_eq(h->insts[13].text, "s_endpgm");
    ck_assert_uint_eq(h->insts[13].pc, TRACE_PC_UNKNOWN); /* byte offsets came with version 4 */
    ck_assert_uint_eq(h->ndispatches, 1);
    check_dispatch(&h->dispatches[0], "store", 0, 256, 64, 4, WL_AFTER_PREVIOUS);
    tev_t ev;
    int k;
    uint64_t records = 0, starts = 0, issues = 0;
    while ((k = trace_next(r, &ev, msg, sizeof msg)) == 1) {
        if (ev.kind == TEV_END)
            break;
        records++;
        if (ev.kind == TEV_WG_START) {
            ck_assert_uint_eq(ev.u.wg_info.dispatch, 0);
            ck_assert_uint_eq(ev.u.wg_info.gid[0], ev.wg);
            starts++;
        }
        if (ev.kind == TEV_ISSUE)
            issues += ev.u.issue.pc < 14;
    }
    ck_assert_msg(k == 1 && ev.kind == TEV_END, "%s", msg);
    ck_assert_int_eq(trace_next(r, &ev, msg, sizeof msg), 0);
    const trace_end_t *end = trace_end_info(r);
    ck_assert_int_eq(end->status, TRACE_END_COMPLETE);
    ck_assert_uint_eq(end->records, records);
    ck_assert_uint_eq(end->wg_starts, 4);
    ck_assert_uint_eq(starts, 4);
    ck_assert_uint_eq(end->issues, issues);
    ck_assert_uint_eq(issues, 4 * 14); /* every lane active: no branch taken */
    trace_close(r);
}
END_TEST

static Suite *trace_suite(void)
{
    Suite *s = suite_create("trace");
    TCase *tc = tcase_create("trace");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_round_trip_every_field);
    tcase_add_test(tc, test_round_trip_mfma);
    tcase_add_test(tc, test_compact);
    tcase_add_test(tc, test_deterministic);
    tcase_add_test(tc, test_stopped_run);
    tcase_add_test(tc, test_rejects_bad_traces);
    tcase_add_test(tc, test_round_trip_dispatches);
    tcase_add_test(tc, test_rejects_bad_dispatch_fields);
    tcase_add_test(tc, test_rejects_lying_counts);
    tcase_add_test(tc, test_rejects_non_files);
    tcase_add_test(tc, test_reads_version_2);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(trace_suite)

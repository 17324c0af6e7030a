/* trace_export: a binary trace as Chrome Trace Event JSON (opened by Perfetto and chrome://tracing).
 * One process per CU; in it a "dispatch" thread (the limiter state), one thread per concurrently
 * resident workgroup ("workgroups k": a workgroup takes the lowest lane free at its start, so slices
 * never overlap on a thread), and one thread per SIMD wave slot (the wave states as slices, issues
 * as instants). Occupancy is a counter per CU. Timestamps are microseconds at the traced clock,
 * computed exactly in integer picoseconds so the output is deterministic. */
#include "base/fileio.h"
#include "observe/json_out.h"
#include "observe/trace.h"
#include "observe/trace_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { TID_DISPATCH = 1, TID_WG_LANE0 = 10, TID_SLOT0 = 100, MAX_LANES = 80 };

typedef struct {
    tev_wave_state_t state;
    uint64_t since, wave, wg;
    bool live;
} x_slot_t;

typedef struct {
    bool busy, named;
    uint64_t wg, since, free_at;
    uint32_t gid[3];
    uint32_t dispatch;
} x_lane_t;

typedef struct {
    bool valid;
    tev_cu_state_t state;
    occ_resource_t res;
    uint64_t since;
    x_lane_t lane[MAX_LANES];
} x_cu_t;

typedef struct {
    jout_t j; /* compact; the events array wraps: one event a line */
    const trace_header_t *h;
    x_slot_t *slot;
    x_cu_t *cu;
} x_t;

/* Cycles as microseconds with six decimals (picosecond resolution), exactly. */
static void x_ts(x_t *x, const char *key, uint64_t cycle, uint64_t base)
{
    uint64_t ps = cycle * 1000000u / x->h->clock_mhz - (base == UINT64_MAX ? 0 : base * 1000000u / x->h->clock_mhz);
    jout_key(&x->j, key);
    jout_numf(&x->j, "%" PRIu64 ".%06" PRIu64, ps / 1000000u, ps % 1000000u);
}

static void x_meta(x_t *x, const char *what, uint32_t pid, uint32_t tid, const char *name, uint32_t sort)
{
    jout_t *j = &x->j;
    jout_object(j, 0);
    jout_kstr(j, "ph", "M");
    jout_kstr(j, "name", what);
    jout_ku64(j, "pid", pid);
    jout_ku64(j, "tid", tid);
    jout_key(j, "args");
    jout_object(j, 0);
    jout_kstr(j, "name", name);
    jout_end(j);
    jout_end(j);
    jout_object(j, 0);
    jout_kstr(j, "ph", "M");
    jout_kstr(j, "name", what[0] == 'p' ? "process_sort_index" : "thread_sort_index");
    jout_ku64(j, "pid", pid);
    jout_ku64(j, "tid", tid);
    jout_key(j, "args");
    jout_object(j, 0);
    jout_ku64(j, "sort_index", sort);
    jout_end(j);
    jout_end(j);
}

/* A complete slice [from, to) named `name` on (pid, tid), left open for its "args". */
static void x_slice(x_t *x, uint32_t pid, uint32_t tid, const char *name, const char *cat, uint64_t from, uint64_t to)
{
    jout_t *j = &x->j;
    jout_object(j, 0);
    jout_kstr(j, "ph", "X");
    jout_ku64(j, "pid", pid);
    jout_ku64(j, "tid", tid);
    jout_kstr(j, "cat", cat);
    jout_kstr(j, "name", name);
    x_ts(x, "ts", from, UINT64_MAX);
    x_ts(x, "dur", to > from ? to : from, from);
}

/* The "args" object, opened (its members follow). */
static void x_args(x_t *x)
{
    jout_key(&x->j, "args");
    jout_object(&x->j, 0);
}

/* Close "args" and the event. */
static void x_done(x_t *x)
{
    jout_end(&x->j);
    jout_end(&x->j);
}

static void x_close_slot(x_t *x, uint32_t g, uint64_t now)
{
    x_slot_t *s = &x->slot[g];
    if (!s->live)
        return;
    uint32_t per_cu = x->h->simds * x->h->slots;
    x_slice(x, g / per_cu + 1, TID_SLOT0 + g % per_cu, tev_wave_state_name(s->state), "wave", s->since, now);
    x_args(x);
    jout_ku64(&x->j, "wave", s->wave);
    jout_ku64(&x->j, "wg", s->wg);
    x_done(x);
}

static const char *lim_name(tev_cu_state_t st, occ_resource_t r, char *buf, size_t len)
{
    switch (st) {
    case TEV_CU_FULL: return "CU full";
    case TEV_CU_NO_WORK: return "no work";
    case TEV_CU_LAUNCH_LIMITED: return "launch limited";
    case TEV_CU_REFUSED: snprintf(buf, len, "refused: %s", occ_resource_name(r)); return buf;
    default: return "?";
    }
}

static void x_close_limiter(x_t *x, uint32_t cu, uint64_t now)
{
    x_cu_t *c = &x->cu[cu];
    if (!c->valid)
        return;
    char buf[64];
    x_slice(x, cu + 1, TID_DISPATCH, lim_name(c->state, c->res, buf, sizeof buf), "dispatch", c->since, now);
    jout_end(&x->j);
    c->valid = false;
}

static void x_close_wg(x_t *x, uint32_t cu, x_lane_t *l, uint64_t now)
{
    char name[96];
    snprintf(name, sizeof name, "wg %" PRIu64 " (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ")", l->wg, l->gid[0], l->gid[1],
             l->gid[2]);
    x_slice(x, cu + 1, TID_WG_LANE0 + (uint32_t)(l - x->cu[cu].lane), name, "workgroup", l->since, now);
    x_args(x);
    jout_ku64(&x->j, "wg", l->wg);
    jout_ku64(&x->j, "dispatch", l->dispatch);
    x_done(x);
    l->busy = false;
    l->free_at = now;
}

static void x_counter(x_t *x, uint32_t cu, uint64_t cycle, uint32_t waves)
{
    jout_object(&x->j, 0);
    jout_kstr(&x->j, "ph", "C");
    jout_ku64(&x->j, "pid", cu + 1);
    jout_kstr(&x->j, "name", "resident waves");
    x_ts(x, "ts", cycle, UINT64_MAX);
    x_args(x);
    jout_ku64(&x->j, "waves", waves);
    x_done(x);
}

/* An instant on a wave slot's thread, left open for its "args". */
static void x_instant(x_t *x, uint32_t pid, uint32_t tid, const char *cat, const char *name, uint64_t cycle)
{
    jout_t *j = &x->j;
    jout_object(j, 0);
    jout_kstr(j, "ph", "i");
    jout_kstr(j, "s", "t");
    jout_ku64(j, "pid", pid);
    jout_ku64(j, "tid", tid);
    jout_kstr(j, "cat", cat);
    jout_kstr(j, "name", name);
    x_ts(x, "ts", cycle, UINT64_MAX);
}

static int x_event(x_t *x, trace_reader_t *r, const tev_t *ev, FILE *err)
{
    const trace_header_t *h = x->h;
    uint32_t g = (ev->cu * h->simds + ev->simd) * h->slots + ev->slot;
    switch (ev->kind) {
    case TEV_WAVE_STATE: {
        x_slot_t *s = &x->slot[g];
        x_close_slot(x, g, ev->cycle);
        s->live = ev->u.wave_state != TEV_WAVE_GONE;
        s->state = ev->u.wave_state;
        s->since = ev->cycle;
        s->wave = ev->wave;
        s->wg = ev->wg;
        if (ev->u.wave_state == TEV_WAVE_LAUNCHING || ev->u.wave_state == TEV_WAVE_GONE)
            x_counter(x, ev->cu, ev->cycle, trace_resident(r, ev->cu));
        break;
    }
    case TEV_ISSUE:
        x_instant(x, ev->cu + 1, TID_SLOT0 + g % (h->simds * h->slots), "issue", h->insts[ev->u.issue.pc].text, ev->cycle);
        /* pc: the byte offset, as listings print it (unknown in traces older than version 4). */
        x_args(x);
        if (h->insts[ev->u.issue.pc].pc != TRACE_PC_UNKNOWN)
            jout_ku64(&x->j, "pc", h->insts[ev->u.issue.pc].pc);
        jout_ku64(&x->j, "index", ev->u.issue.pc);
        jout_ku64(&x->j, "wave", ev->wave);
        x_done(x);
        break;
    case TEV_WG_START: {
        x_cu_t *c = &x->cu[ev->cu];
        uint32_t k = 0;
        while (k < MAX_LANES && (c->lane[k].busy || c->lane[k].free_at > ev->cycle))
            k++;
        if (k == MAX_LANES) {
            fprintf(err, "gcnsim: error: trace export: more than %d workgroups resident on CU %" PRIu32 "\n", MAX_LANES,
                    ev->cu);
            return 1;
        }
        x_lane_t *l = &c->lane[k];
        if (!l->named) {
            char name[32];
            snprintf(name, sizeof name, "workgroups %" PRIu32, k);
            x_meta(x, "thread_name", ev->cu + 1, TID_WG_LANE0 + k, name, TID_WG_LANE0 + k);
            l->named = true;
        }
        l->busy = true;
        l->wg = ev->wg;
        l->since = ev->cycle;
        memcpy(l->gid, ev->u.wg_info.gid, sizeof l->gid);
        l->dispatch = ev->u.wg_info.dispatch;
        break;
    }
    case TEV_WG_END:
        for (uint32_t k = 0; k < MAX_LANES; k++)
            if (x->cu[ev->cu].lane[k].busy && x->cu[ev->cu].lane[k].wg == ev->wg) {
                x_close_wg(x, ev->cu, &x->cu[ev->cu].lane[k], ev->cycle);
                break;
            }
        break;
    case TEV_CU_LIMITER: {
        x_cu_t *c = &x->cu[ev->cu];
        x_close_limiter(x, ev->cu, ev->cycle);
        c->valid = true;
        c->state = ev->u.limiter.state;
        c->res = ev->u.limiter.resource;
        c->since = ev->cycle;
        break;
    }
    case TEV_MEM: /* version 5 memory records (--trace-mem): the export shows wave and CU timelines only */
        break;
    case TEV_HAZARD: { /* hazards (version 5): an instant on the wave's slot, as gcnviz marks it */
        const tev_hazard_t *z = ev->u.hazard;
        char name[64];
        snprintf(name, sizeof name, "hazard: %s", trace_hazard_kind_name(z->kind));
        x_instant(x, ev->cu + 1, TID_SLOT0 + g % (h->simds * h->slots), "hazard", name, ev->cycle);
        x_args(x);
        jout_kstr(&x->j, "instruction", z->pc < h->ninsts ? h->insts[z->pc].text : "?");
        if (z->pc < h->ninsts && h->insts[z->pc].pc != TRACE_PC_UNKNOWN)
            jout_ku64(&x->j, "pc", h->insts[z->pc].pc);
        jout_ku64(&x->j, "index", z->pc);
        jout_ku64(&x->j, "source_index", z->src_pc);
        jout_ku64(&x->j, "wave", ev->wave);
        x_done(x);
        break;
    }
    case TEV_END:
        for (uint32_t i = 0; i < h->ncu * h->simds * h->slots; i++) {
            x_close_slot(x, i, ev->cycle);
            x->slot[i].live = false;
        }
        for (uint32_t cu = 0; cu < h->ncu; cu++) {
            x_close_limiter(x, cu, ev->cycle);
            for (uint32_t k = 0; k < MAX_LANES; k++)
                if (x->cu[cu].lane[k].busy)
                    x_close_wg(x, cu, &x->cu[cu].lane[k], ev->cycle);
        }
        break;
    }
    return 0;
}

int trace_export_perfetto(const char *trace_path, const char *out_path, FILE *err)
{
    char msg[600];
    /* The export must never replace the trace it reads (docs/errors.md, "Input and output files"). */
    fio_files_t files;
    fio_files_init(&files);
    fio_files_input(&files, trace_path, "the trace");
    bool distinct = fio_files_output(&files, "gcnsim", "the output", out_path, err);
    fio_files_free(&files);
    if (!distinct)
        return 1;
    trace_reader_t *r = trace_open(trace_path, msg, sizeof msg);
    if (!r) {
        fprintf(err, "gcnsim: error: %s\n", msg);
        return 1;
    }
    const trace_header_t *h = trace_header(r);
    x_t x = { .h = h };
    x.slot = calloc((size_t)h->ncu * h->simds * h->slots, sizeof *x.slot);
    x.cu = calloc(h->ncu, sizeof *x.cu);
    int rc = 0;
    fio_out_t out = { 0 };
    char why[256];
    if (!x.slot || !x.cu) {
        fputs("gcnsim: out of memory\n", err);
        rc = 1;
        goto done;
    }
    if (!fio_out_open(&out, out_path, why, sizeof why)) {
        fprintf(err, "gcnsim: error: cannot write '%s': %s\n", out_path, why);
        rc = 1;
        goto done;
    }
    jout_t *j = &x.j;
    jout_init(j, out.f, true);
    jout_object(j, 0);
    jout_kstr(j, "displayTimeUnit", "ns");
    jout_key(j, "otherData");
    jout_object(j, 0);
    jout_kstr(j, "generator", "gcnsim trace export");
    jout_kstr(j, "kernel", h->kernel);
    jout_ku64(j, "clock_mhz", h->clock_mhz);
    jout_ku64(j, "compute_units", h->ncu);
    jout_ku64(j, "simds", h->simds);
    jout_ku64(j, "wave_slots", h->slots);
    jout_ku64(j, "trace_version", h->version);
    jout_end(j);
    jout_key(j, "traceEvents");
    jout_array(j, JOUT_WRAP | JOUT_CLOSE);
    for (uint32_t cu = 0; cu < h->ncu; cu++) {
        char name[64];
        snprintf(name, sizeof name, "CU %" PRIu32, cu);
        x_meta(&x, "process_name", cu + 1, 0, name, cu);
        x_meta(&x, "thread_name", cu + 1, TID_DISPATCH, "dispatch", TID_DISPATCH);
        for (uint32_t d = 0; d < h->simds; d++)
            for (uint32_t s = 0; s < h->slots; s++) {
                snprintf(name, sizeof name, "SIMD %" PRIu32 " slot %" PRIu32, d, s);
                x_meta(&x, "thread_name", cu + 1, TID_SLOT0 + d * h->slots + s, name, TID_SLOT0 + d * h->slots + s);
            }
        x_counter(&x, cu, 0, 0);
    }
    tev_t ev;
    int k;
    while ((k = trace_next(r, &ev, msg, sizeof msg)) == 1)
        if ((rc = x_event(&x, r, &ev, err)) != 0)
            break;
    if (k < 0) {
        fprintf(err, "gcnsim: error: %s\n", msg);
        rc = 1;
    }
    jout_end(j); /* traceEvents: at least the CUs' names, so "]" on a line of its own */
    jout_end(j);
    jout_newline(j);
    /* Never leave a half-written export behind, nor destroy what was at out_path: a failed export
     * removes only its temporary file (a device or FIFO is written in place and kept). */
    if (rc)
        fio_out_abort(&out);
    else if (!fio_out_commit(&out, why, sizeof why)) {
        fprintf(err, "gcnsim: error: cannot write '%s': %s\n", out_path, why);
        rc = 1;
    }
done:
    free(x.slot);
    free(x.cu);
    trace_close(r);
    return rc;
}

/* trace: the binary trace writer (an observer of the event stream), its validating reader, and the
 * teaching text trace. The byte layout is documented in docs/trace-format.md; keep them in step. */
#include "trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "occupancy.h"
#include "timing.h"

static const char trace_magic[8] = { 'G', 'C', 'N', 'T', 'R', 'A', 'C', 'E' };

/* Record types (the first byte of every record). */
enum {
    REC_WAVE_STATE = 0x00,   /* 0x00 + tev_wave_state_t */
    REC_ISSUE = 0x10,
    REC_WG_START = 0x18,
    REC_WG_END = 0x19,
    REC_LIMITER = 0x20,      /* 0x20 + tev_cu_state_t */
    REC_END = 0x7f
};

/* Bounds the reader enforces on the header (the configuration's own limits, with room). */
enum { MAX_CU = 256, MAX_SIMDS = 4, MAX_SLOTS = 16, MAX_INSTS = 1 << 24, MAX_TEXT = 4096 };

static uint32_t fnv1a(uint32_t h, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}
#define FNV_BASIS 2166136261u

static uint64_t zigzag(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }
static int64_t unzigzag(uint64_t v) { return (int64_t)(v >> 1) ^ -(int64_t)(v & 1); }

/* ---- writer ---------------------------------------------------------------------------------- */

enum { WBUF = 1 << 16, WREC_MAX = 96 }; /* a record (not the header's strings) never exceeds WREC_MAX */

struct trace_writer {
    FILE *f;
    char *path;
    uint8_t buf[WBUF];
    size_t n;
    uint64_t bytes;
    uint32_t hash;
    int err_no;              /* first write error */
    uint32_t simds, slots;
    bool issues, ended;
    uint64_t limit;          /* bytes; 0: none */
    bool limited;            /* the limit stopped tracing */
    FILE *err;               /* for the limit's warning */
    uint64_t prev_cycle, max_cycle;
    uint64_t next_wave, last_wg_start;
    trace_end_t counts;
};

static void w_flush(trace_writer_t *w)
{
    if (w->n == 0)
        return;
    w->hash = fnv1a(w->hash, w->buf, w->n);
    if (!w->err_no && fwrite(w->buf, 1, w->n, w->f) != w->n)
        w->err_no = errno ? errno : EIO;
    w->bytes += w->n;
    w->n = 0;
}

static void w_room(trace_writer_t *w, size_t need)
{
    if (w->n + need > WBUF)
        w_flush(w);
}

static void w_u8(trace_writer_t *w, uint8_t b) { w->buf[w->n++] = b; }

static void w_uv(trace_writer_t *w, uint64_t v)
{
    while (v >= 0x80) {
        w->buf[w->n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    w->buf[w->n++] = (uint8_t)v;
}

static void w_str(trace_writer_t *w, const char *s)
{
    size_t len = strlen(s);
    w_room(w, 10);
    w_uv(w, len);
    while (len) {
        w_room(w, 1);
        size_t k = WBUF - w->n < len ? WBUF - w->n : len;
        memcpy(w->buf + w->n, s, k);
        w->n += k;
        s += k;
        len -= k;
    }
}

/* The record header: type, cycle as a signed delta from the previous record's. */
static void w_rec(trace_writer_t *w, uint8_t type, uint64_t cycle)
{
    w_room(w, WREC_MAX);
    w_u8(w, type);
    w_uv(w, zigzag((int64_t)(cycle - w->prev_cycle)));
    w->prev_cycle = cycle;
    if (cycle > w->max_cycle)
        w->max_cycle = cycle;
    w->counts.records++;
}

static uint64_t w_slot(const trace_writer_t *w, const tev_t *ev)
{
    return ((uint64_t)ev->cu * w->simds + ev->simd) * w->slots + ev->slot;
}

trace_writer_t *trace_writer_open(const char *path, const launch_t *L, const cfg_t *cfg, bool issues, FILE *err)
{
    trace_writer_t *w = calloc(1, sizeof *w);
    if (!w || !(w->path = malloc(strlen(path) + 1))) {
        free(w);
        fputs("gcnsim: out of memory\n", err);
        return NULL;
    }
    strcpy(w->path, path);
    if (!(w->f = fopen(path, "wb"))) {
        fprintf(err, "gcnsim: error: cannot write trace '%s': %s\n", path, strerror(errno));
        free(w->path);
        free(w);
        return NULL;
    }
    w->hash = FNV_BASIS;
    w->simds = (uint32_t)cfg->cu_simds;
    w->slots = (uint32_t)cfg->cu_wave_slots;
    w->issues = issues;
    w->err = err;
    w->last_wg_start = UINT64_MAX; /* the first workgroup is 0 = last + 1 */
    occ_kernel_t ok = timing_occ_kernel(L);
    occ_result_t occ;
    occ_compute(cfg, &ok, &occ); /* a workgroup that never fits: the run fails; the header is moot */

    memcpy(w->buf, trace_magic, sizeof trace_magic);
    w->n = sizeof trace_magic;
    w_u8(w, TRACE_VERSION & 0xff);
    w_u8(w, TRACE_VERSION >> 8);
    w_u8(w, issues ? TRACE_FLAG_ISSUES : 0);
    w_u8(w, 0);
    w_uv(w, (uint64_t)cfg->gpu_compute_units);
    w_uv(w, w->simds);
    w_uv(w, w->slots);
    w_uv(w, (uint64_t)cfg->cu_max_waves);
    w_uv(w, (uint64_t)cfg->gpu_clock_mhz);
    w_str(w, L->kernel->name);
    w_str(w, L->wl->source);
    w_room(w, WREC_MAX);
    for (int d = 0; d < 3; d++)
        w_uv(w, L->wl->grid[d]);
    for (int d = 0; d < 3; d++)
        w_uv(w, L->wl->wg[d]);
    w_uv(w, L->nworkgroups);
    w_uv(w, occ.waves_per_wg);
    w_uv(w, occ.vgpr_alloc);
    w_uv(w, occ.sgpr_alloc);
    w_uv(w, occ.lds_alloc);
    w_uv(w, occ.wg_per_cu);
    w_uv(w, (uint64_t)occ.limiter);
    w_uv(w, L->kernel->ninsts);
    for (uint32_t i = 0; i < L->kernel->ninsts; i++) {
        char text[256];
        isa_format_inst(L->kernel, &L->kernel->insts[i], text, sizeof text);
        w_room(w, 20);
        w_uv(w, L->kernel->insts[i].op);
        w_uv(w, (uint64_t)isa_ops[L->kernel->insts[i].op].unit);
        w_str(w, text);
    }
    return w;
}

void trace_observe(void *ctx, const tev_t *ev)
{
    trace_writer_t *w = ctx;
    /* Memory-system detail is for the statistics; the trace format has no record for it. */
    if (w->ended || w->limited || (ev->kind == TEV_ISSUE && !w->issues) || ev->kind == TEV_MEM)
        return;
    /* Room for this record and the end record, so that the file never passes the limit. */
    if (ev->kind != TEV_END && w->limit && trace_writer_bytes(w) + 2 * WREC_MAX > w->limit) {
        w->limited = true;
        fprintf(w->err, "gcnsim: warning: trace '%s' reached its size limit of %" PRIu64 " bytes at cycle %" PRIu64
                "; tracing stopped, the run goes on (raise it with --trace-limit)\n", w->path, w->limit, ev->cycle);
        return;
    }
    switch (ev->kind) {
    case TEV_WAVE_STATE:
        w_rec(w, (uint8_t)(REC_WAVE_STATE + ev->u.wave_state), ev->cycle);
        w_uv(w, w_slot(w, ev));
        if (ev->u.wave_state == TEV_WAVE_LAUNCHING) {
            w_uv(w, zigzag((int64_t)(ev->wave - w->next_wave)));
            w_uv(w, zigzag((int64_t)(ev->wg - w->last_wg_start)));
            w->next_wave = ev->wave + 1;
        }
        w->counts.wave_states++;
        break;
    case TEV_ISSUE:
        w_rec(w, REC_ISSUE, ev->cycle);
        w_uv(w, w_slot(w, ev));
        w_uv(w, ev->u.issue.pc);
        w_uv(w, ev->u.issue.busy);
        w->counts.issues++;
        break;
    case TEV_WG_START:
        w_rec(w, REC_WG_START, ev->cycle);
        w_uv(w, ev->cu);
        w_uv(w, zigzag((int64_t)(ev->wg - (w->last_wg_start + 1))));
        w_uv(w, ev->u.wg_info.waves);
        for (int d = 0; d < 3; d++)
            w_uv(w, ev->u.wg_info.gid[d]);
        w->last_wg_start = ev->wg;
        w->counts.wg_starts++;
        break;
    case TEV_WG_END:
        w_rec(w, REC_WG_END, ev->cycle);
        w_uv(w, ev->cu);
        w_uv(w, zigzag((int64_t)(ev->wg - w->last_wg_start)));
        w->counts.wg_ends++;
        break;
    case TEV_CU_LIMITER:
        w_rec(w, (uint8_t)(REC_LIMITER + ev->u.limiter.state), ev->cycle);
        w_uv(w, ev->cu);
        if (ev->u.limiter.state == TEV_CU_REFUSED)
            w_u8(w, (uint8_t)ev->u.limiter.resource);
        w->counts.limiters++;
        break;
    case TEV_END:
        w->max_cycle = ev->cycle > w->max_cycle ? ev->cycle : w->max_cycle;
        w->ended = true;
        break;
    case TEV_MEM:
        break;
    }
}

uint64_t trace_writer_bytes(const trace_writer_t *w) { return w->bytes + w->n; }
void trace_writer_set_limit(trace_writer_t *w, uint64_t bytes) { w->limit = bytes; }
bool trace_writer_limited(const trace_writer_t *w) { return w->limited; }

int trace_writer_close(trace_writer_t *w, FILE *err)
{
    trace_end_t c = w->counts;
    /* The end record: not counted in `records` itself. */
    w_room(w, WREC_MAX);
    w_u8(w, REC_END);
    w_uv(w, zigzag((int64_t)(w->max_cycle - w->prev_cycle)));
    w_u8(w, w->limited ? TRACE_END_LIMIT : w->ended ? TRACE_END_COMPLETE : TRACE_END_STOPPED);
    w_uv(w, c.records);
    w_uv(w, c.wave_states);
    w_uv(w, c.issues);
    w_uv(w, c.wg_starts);
    w_uv(w, c.wg_ends);
    w_uv(w, c.limiters);
    w_flush(w); /* the checksum covers every byte before it */
    for (int i = 0; i < 4; i++)
        w_u8(w, (uint8_t)(w->hash >> (8 * i)));
    w->hash = 0;
    if (!w->err_no && fwrite(w->buf, 1, w->n, w->f) != w->n)
        w->err_no = errno ? errno : EIO;
    w->bytes += w->n;
    int rc = 0;
    if (fclose(w->f) != 0 && !w->err_no)
        w->err_no = errno ? errno : EIO;
    if (w->err_no) {
        fprintf(err, "gcnsim: error: cannot write trace '%s': %s\n", w->path, strerror(w->err_no));
        rc = 1;
    }
    free(w->path);
    free(w);
    return rc;
}

/* ---- reader ---------------------------------------------------------------------------------- */

typedef struct {
    uint64_t wave, wg;
    bool live;
} r_slot_t;

struct trace_reader {
    FILE *f;
    char path[512];
    uint64_t pos;            /* bytes consumed */
    uint64_t rec_at;         /* offset of the record being read */
    uint32_t hash;
    int state;               /* 0 records follow, 1 after the end record, -1 failed */
    char err[512];
    trace_header_t h;
    uint64_t cycle;
    uint64_t next_wave, last_wg_start;
    r_slot_t *slot;          /* [ncu * simds * slots] */
    uint32_t *resident;      /* [ncu] */
    trace_end_t counts, end;
};

static bool r_fail(trace_reader_t *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = snprintf(r->err, sizeof r->err, "%s: ", r->path);
    if (k < 0 || (size_t)k >= sizeof r->err)
        k = 0;
    vsnprintf(r->err + k, sizeof r->err - (size_t)k, fmt, ap);
    va_end(ap);
    r->state = -1;
    return false;
}

static bool r_truncated(trace_reader_t *r)
{
    if (ferror(r->f))
        return r_fail(r, "cannot read trace: %s", strerror(errno));
    return r_fail(r, "truncated trace: the file ends at byte %" PRIu64 " before its end record", r->pos);
}

static bool r_u8(trace_reader_t *r, uint8_t *b)
{
    *b = 0;
    int c = getc(r->f);
    if (c == EOF)
        return r_truncated(r);
    *b = (uint8_t)c;
    r->hash = (r->hash ^ (uint32_t)c) * 16777619u;
    r->pos++;
    return true;
}

static bool r_uv(trace_reader_t *r, uint64_t *v)
{
    *v = 0;
    for (unsigned shift = 0;; shift += 7) {
        uint8_t b;
        if (!r_u8(r, &b))
            return false;
        if (shift == 63 && b > 1)
            return r_fail(r, "corrupted trace at byte %" PRIu64 ": a number is longer than 64 bits", r->rec_at);
        *v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return true;
    }
}

/* A varint that must be at most max. */
static bool r_u32(trace_reader_t *r, uint32_t *v, uint64_t max, const char *what)
{
    uint64_t x;
    *v = 0;
    if (!r_uv(r, &x))
        return false;
    if (x > max)
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": %s %" PRIu64 " is out of range (at most %" PRIu64 ")",
                      r->rec_at, what, x, max);
    *v = (uint32_t)x;
    return true;
}

static bool r_str(trace_reader_t *r, char *dst, size_t cap, const char *what)
{
    uint32_t len;
    r->rec_at = r->pos;
    if (!r_u32(r, &len, cap - 1, what))
        return false;
    for (uint32_t i = 0; i < len; i++) {
        uint8_t b;
        if (!r_u8(r, &b))
            return false;
        if (b == 0)
            return r_fail(r, "corrupted trace at byte %" PRIu64 ": %s contains a NUL byte", r->rec_at, what);
        dst[i] = (char)b;
    }
    dst[len] = '\0';
    return true;
}

static bool r_header(trace_reader_t *r)
{
    trace_header_t *h = &r->h;
    uint8_t m[8], v[4];
    for (int i = 0; i < 8; i++) {
        int c = getc(r->f);
        if (c == EOF || c != (uint8_t)trace_magic[i])
            return r_fail(r, "not a gcnsim trace (bad magic)");
        m[i] = (uint8_t)c;
        r->pos++;
    }
    r->hash = fnv1a(FNV_BASIS, m, 8);
    for (int i = 0; i < 4; i++)
        if (!r_u8(r, &v[i]))
            return false;
    h->version = v[0] | (uint32_t)v[1] << 8;
    h->flags = v[2] | (uint32_t)v[3] << 8;
    if (h->version > TRACE_VERSION)
        return r_fail(r, "trace version %u is newer than this gcnsim supports (%d)", h->version, TRACE_VERSION);
    if (h->version == 0)
        return r_fail(r, "corrupted trace: version 0 does not exist");
    if (h->flags & ~(uint32_t)TRACE_FLAG_ISSUES)
        return r_fail(r, "corrupted trace at byte 10: unknown flags 0x%x", h->flags);
    r->rec_at = r->pos;
    if (!r_u32(r, &h->ncu, MAX_CU, "compute units") || !r_u32(r, &h->simds, MAX_SIMDS, "SIMDs") ||
        !r_u32(r, &h->slots, MAX_SLOTS, "wave slots") || !r_u32(r, &h->max_waves_cu, 1024, "waves per CU") ||
        !r_u32(r, &h->clock_mhz, 1000000, "clock"))
        return false;
    if (h->ncu == 0 || h->simds == 0 || h->slots == 0 || h->clock_mhz == 0)
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": the machine shape has a zero", r->rec_at);
    if (!r_str(r, h->kernel, sizeof h->kernel, "kernel name length") ||
        !r_str(r, h->source, sizeof h->source, "source name length"))
        return false;
    r->rec_at = r->pos;
    for (int d = 0; d < 3; d++)
        if (!r_u32(r, &h->grid[d], UINT32_MAX, "grid size"))
            return false;
    for (int d = 0; d < 3; d++)
        if (!r_u32(r, &h->wg_size[d], UINT32_MAX, "workgroup size"))
            return false;
    if (!r_uv(r, &h->nworkgroups) || !r_u32(r, &h->waves_per_wg, 1024, "waves per workgroup") ||
        !r_u32(r, &h->vgpr_alloc, UINT32_MAX, "VGPRs") || !r_u32(r, &h->sgpr_alloc, UINT32_MAX, "SGPRs") ||
        !r_u32(r, &h->lds_alloc, UINT32_MAX, "LDS bytes") || !r_u32(r, &h->occ_wg_per_cu, UINT32_MAX, "workgroups per CU") ||
        !r_u32(r, &h->occ_limiter, OCC_NUM_RESOURCES - 1, "limiter") ||
        !r_u32(r, &h->ninsts, MAX_INSTS, "instruction count"))
        return false;
    if (!(h->insts = calloc(h->ninsts ? h->ninsts : 1, sizeof *h->insts)))
        return r_fail(r, "out of memory");
    char text[MAX_TEXT];
    for (uint32_t i = 0; i < h->ninsts; i++) {
        r->rec_at = r->pos;
        if (!r_u32(r, &h->insts[i].op, UINT32_MAX, "opcode") ||
            !r_u32(r, &h->insts[i].unit, ISA_NUM_UNITS - 1, "unit") || !r_str(r, text, sizeof text, "instruction text length"))
            return false;
        if (!(h->insts[i].text = malloc(strlen(text) + 1)))
            return r_fail(r, "out of memory");
        strcpy(h->insts[i].text, text);
    }
    size_t nslot = (size_t)h->ncu * h->simds * h->slots;
    r->slot = calloc(nslot, sizeof *r->slot);
    r->resident = calloc(h->ncu, sizeof *r->resident);
    if (!r->slot || !r->resident)
        return r_fail(r, "out of memory");
    r->last_wg_start = UINT64_MAX;
    return true;
}

trace_reader_t *trace_open(const char *path, char *msg, size_t msglen)
{
    trace_reader_t *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(msg, msglen, "%s: out of memory", path);
        return NULL;
    }
    snprintf(r->path, sizeof r->path, "%s", path);
    if (!(r->f = fopen(path, "rb"))) {
        snprintf(msg, msglen, "%s: cannot open trace: %s", path, strerror(errno));
        trace_close(r);
        return NULL;
    }
    if (!r_header(r)) {
        snprintf(msg, msglen, "%s", r->err);
        trace_close(r);
        return NULL;
    }
    return r;
}

const trace_header_t *trace_header(const trace_reader_t *r) { return &r->h; }
const trace_end_t *trace_end_info(const trace_reader_t *r) { return &r->end; }
uint32_t trace_resident(const trace_reader_t *r, uint32_t cu) { return cu < r->h.ncu ? r->resident[cu] : 0; }

/* The slot of a wave record: (cu, simd, slot) from the global slot number. */
static bool r_slot(trace_reader_t *r, tev_t *ev, r_slot_t **sl)
{
    uint64_t g;
    const trace_header_t *h = &r->h;
    uint64_t n = (uint64_t)h->ncu * h->simds * h->slots;
    if (!r_uv(r, &g))
        return false;
    if (g >= n)
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": wave slot %" PRIu64 " does not exist (%" PRIu64 " slots)",
                      r->rec_at, g, n);
    ev->slot = (uint32_t)(g % h->slots);
    ev->simd = (uint32_t)(g / h->slots % h->simds);
    ev->cu = (uint32_t)(g / h->slots / h->simds);
    *sl = &r->slot[g];
    return true;
}

static bool r_cu(trace_reader_t *r, tev_t *ev)
{
    return r_u32(r, &ev->cu, r->h.ncu - 1, "compute unit");
}

static bool r_end(trace_reader_t *r, tev_t *ev)
{
    uint8_t status;
    trace_end_t *e = &r->end;
    if (!r_u8(r, &status))
        return false;
    if (status > (r->h.version >= 2 ? TRACE_END_LIMIT : TRACE_END_STOPPED)) /* LIMIT is new in version 2 */
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": unknown end status %u", r->rec_at, status);
    e->status = (trace_end_status_t)status;
    if (!r_uv(r, &e->records) || !r_uv(r, &e->wave_states) || !r_uv(r, &e->issues) || !r_uv(r, &e->wg_starts) ||
        !r_uv(r, &e->wg_ends) || !r_uv(r, &e->limiters))
        return false;
    uint32_t want = r->hash, got = 0;
    for (int i = 0; i < 4; i++) {
        int c = getc(r->f);
        if (c == EOF)
            return r_truncated(r);
        got |= (uint32_t)c << (8 * i);
        r->pos++;
    }
    if (got != want)
        return r_fail(r, "corrupted trace: checksum mismatch (stored 0x%08x, computed 0x%08x)", got, want);
    const trace_end_t *c = &r->counts;
    if (e->records != c->records || e->wave_states != c->wave_states || e->issues != c->issues ||
        e->wg_starts != c->wg_starts || e->wg_ends != c->wg_ends || e->limiters != c->limiters)
        return r_fail(r, "corrupted trace: the end record counts %" PRIu64 " records, the file has %" PRIu64,
                      e->records, c->records);
    if (getc(r->f) != EOF)
        return r_fail(r, "corrupted trace: bytes after the end record (at byte %" PRIu64 ")", r->pos);
    ev->kind = TEV_END;
    return true;
}

static bool r_record(trace_reader_t *r, tev_t *ev)
{
    uint8_t type;
    uint64_t d;
    r_slot_t *sl = NULL;
    r->rec_at = r->pos;
    if (!r_u8(r, &type) || !r_uv(r, &d))
        return false;
    int64_t delta = unzigzag(d);
    if (delta < 0 && (uint64_t)-delta > r->cycle)
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": the cycle goes below 0", r->rec_at);
    r->cycle += (uint64_t)delta;
    ev->cycle = r->cycle;
    if (type == REC_END)
        return r_end(r, ev);
    r->counts.records++;
    if (type < REC_WAVE_STATE + TEV_NUM_WAVE_STATES) {
        tev_wave_state_t st = (tev_wave_state_t)(type - REC_WAVE_STATE);
        if (!r_slot(r, ev, &sl))
            return false;
        if (st == TEV_WAVE_LAUNCHING) {
            uint64_t dw, dg;
            if (sl->live)
                return r_fail(r, "corrupted trace at byte %" PRIu64 ": a wave launches into an occupied slot", r->rec_at);
            if (!r_uv(r, &dw) || !r_uv(r, &dg))
                return false;
            sl->wave = r->next_wave + (uint64_t)unzigzag(dw);
            sl->wg = r->last_wg_start + (uint64_t)unzigzag(dg);
            sl->live = true;
            r->next_wave = sl->wave + 1;
            r->resident[ev->cu]++;
        } else if (!sl->live) {
            return r_fail(r, "corrupted trace at byte %" PRIu64 ": a state change in an empty wave slot", r->rec_at);
        }
        ev->kind = TEV_WAVE_STATE;
        ev->u.wave_state = st;
        ev->wave = sl->wave;
        ev->wg = sl->wg;
        if (st == TEV_WAVE_GONE) {
            sl->live = false;
            r->resident[ev->cu]--;
        }
        r->counts.wave_states++;
        return true;
    }
    switch (type) {
    case REC_ISSUE:
        if (!(r->h.flags & TRACE_FLAG_ISSUES))
            return r_fail(r, "corrupted trace at byte %" PRIu64 ": an issue record in a trace without issues", r->rec_at);
        if (!r_slot(r, ev, &sl))
            return false;
        if (!sl->live)
            return r_fail(r, "corrupted trace at byte %" PRIu64 ": an issue from an empty wave slot", r->rec_at);
        ev->kind = TEV_ISSUE;
        ev->wave = sl->wave;
        ev->wg = sl->wg;
        if (r->h.ninsts == 0)
            return r_fail(r, "corrupted trace at byte %" PRIu64 ": an issue in a kernel without instructions", r->rec_at);
        if (!r_u32(r, &ev->u.issue.pc, r->h.ninsts - 1, "pc") || !r_u32(r, &ev->u.issue.busy, UINT32_MAX, "busy cycles"))
            return false;
        ev->u.issue.op = r->h.insts[ev->u.issue.pc].op;
        ev->u.issue.unit = (isa_unit_t)r->h.insts[ev->u.issue.pc].unit;
        r->counts.issues++;
        return true;
    case REC_WG_START: {
        uint64_t dg;
        if (!r_cu(r, ev) || !r_uv(r, &dg) || !r_u32(r, &ev->u.wg_info.waves, 1024, "waves per workgroup"))
            return false;
        for (int k = 0; k < 3; k++)
            if (!r_u32(r, &ev->u.wg_info.gid[k], UINT32_MAX, "workgroup id"))
                return false;
        ev->kind = TEV_WG_START;
        ev->wg = r->last_wg_start = r->last_wg_start + 1 + (uint64_t)unzigzag(dg);
        r->counts.wg_starts++;
        return true;
    }
    case REC_WG_END: {
        uint64_t dg;
        if (!r_cu(r, ev) || !r_uv(r, &dg))
            return false;
        ev->kind = TEV_WG_END;
        ev->wg = r->last_wg_start + (uint64_t)unzigzag(dg);
        r->counts.wg_ends++;
        return true;
    }
    default:
        if (type >= REC_LIMITER && type < REC_LIMITER + TEV_NUM_CU_STATES) {
            ev->kind = TEV_CU_LIMITER;
            ev->u.limiter.state = (tev_cu_state_t)(type - REC_LIMITER);
            if (!r_cu(r, ev))
                return false;
            if (ev->u.limiter.state == TEV_CU_REFUSED) {
                uint8_t res;
                if (!r_u8(r, &res))
                    return false;
                if (res >= OCC_NUM_RESOURCES)
                    return r_fail(r, "corrupted trace at byte %" PRIu64 ": unknown resource %u", r->rec_at, res);
                ev->u.limiter.resource = (occ_resource_t)res;
            }
            r->counts.limiters++;
            return true;
        }
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": unknown record type 0x%02x", r->rec_at, type);
    }
}

int trace_next(trace_reader_t *r, tev_t *ev, char *msg, size_t msglen)
{
    if (r->state == 1)
        return 0;
    if (r->state == 0) {
        memset(ev, 0, sizeof *ev);
        if (r_record(r, ev)) {
            if (ev->kind == TEV_END)
                r->state = 1;
            return 1;
        }
    }
    snprintf(msg, msglen, "%s", r->err);
    return -1;
}

void trace_close(trace_reader_t *r)
{
    if (!r)
        return;
    if (r->f)
        fclose(r->f);
    for (uint32_t i = 0; r->h.insts && i < r->h.ninsts; i++)
        free(r->h.insts[i].text);
    free(r->h.insts);
    free(r->slot);
    free(r->resident);
    free(r);
}

/* ---- text trace ------------------------------------------------------------------------------ */

int trace_text_init(trace_text_t *t, FILE *out, const isa_kernel_t *k)
{
    memset(t, 0, sizeof *t);
    t->out = out;
    t->kernel = k;
    t->to = UINT64_MAX;
    t->ninsts = k->ninsts;
    if (!(t->text = calloc(k->ninsts ? k->ninsts : 1, sizeof *t->text)))
        return 3;
    for (uint32_t i = 0; i < k->ninsts; i++) {
        char buf[256];
        isa_format_inst(k, &k->insts[i], buf, sizeof buf);
        if (!(t->text[i] = malloc(strlen(buf) + 1))) {
            trace_text_free(t);
            return 3;
        }
        strcpy(t->text[i], buf);
    }
    return 0;
}

void trace_text_observe(void *ctx, const tev_t *ev)
{
    trace_text_t *t = ctx;
    if (ev->kind != TEV_ISSUE || ev->cycle < t->from || ev->cycle > t->to || (t->one_wave && ev->wave != t->wave))
        return;
    if (!t->header_done) {
        fputs("#   cycle  cu simd  wave    wg    pc  instruction\n", t->out);
        t->header_done = true;
    }
    fprintf(t->out, "%9" PRIu64 " %3" PRIu32 " %4" PRIu32 " %5" PRIu64 " %5" PRIu64 " %5" PRIu32 "  %s\n", ev->cycle,
            ev->cu, ev->simd, ev->wave, ev->wg, ev->u.issue.pc,
            ev->u.issue.pc < t->ninsts ? t->text[ev->u.issue.pc] : "?");
}

void trace_text_free(trace_text_t *t)
{
    for (uint32_t i = 0; t->text && i < t->ninsts; i++)
        free(t->text[i]);
    free(t->text);
    t->text = NULL;
}

/* trace_read: the validating reader of the binary trace (docs/trace-format.md, "Validation"). It
 * needs nothing of the timing model, so the viewer (viz/) links it alone. */
#include "observe/trace_read.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "common/le.h"
#include "load/workload.h"
#include "mem/memsys.h"
#include "observe/trace_internal.h"

/* ---- reader ---------------------------------------------------------------------------------- */

typedef struct {
    uint64_t wave, wg;
    bool live;
} r_slot_t;

struct trace_reader {
    FILE *f;
    char path[512];
    uint64_t size;           /* of the file when opened: bounds every count before its allocation */
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
    tev_hazard_t hazard;     /* the last hazard record (version 5) */
    mem_access_t mem;        /* version 5: the last memory record (TEV_MEM's u.mem.access) */
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

/* A count read from the file promises at least `each` bytes per item after it: a count the rest of the
 * file cannot hold is rejected before anything is allocated for it, so that no allocation is larger
 * than a small multiple of the file's size. */
static bool r_fits(trace_reader_t *r, uint64_t count, unsigned each, const char *what)
{
    uint64_t left = r->size > r->pos ? r->size - r->pos : 0;
    if (count <= left / each)
        return true;
    return r_fail(r, "corrupted trace at byte %" PRIu64 ": %s %" PRIu64 " needs at least %" PRIu64
                  " bytes, the file has %" PRIu64 " bytes", r->rec_at, what, count, count * each, r->size);
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

/* A grid and a workgroup size, x, y, z each, in work-items. */
static bool r_sizes(trace_reader_t *r, uint32_t grid[3], uint32_t wg[3])
{
    for (int d = 0; d < 3; d++)
        if (!r_u32(r, &grid[d], UINT32_MAX, "grid size"))
            return false;
    for (int d = 0; d < 3; d++)
        if (!r_u32(r, &wg[d], UINT32_MAX, "workgroup size"))
            return false;
    return true;
}

/* The dispatch table (version 3); an older trace is one dispatch, described by the header. */
static bool read_dispatches(trace_reader_t *r, trace_header_t *h)
{
    if (h->version < 3) {
        if (!(h->dispatches = calloc(1, sizeof *h->dispatches)))
            return r_fail(r, "out of memory");
        h->ndispatches = 1;
        trace_dispatch_t *d = &h->dispatches[0];
        if (!(d->kernel = strdup(h->kernel)))
            return r_fail(r, "out of memory");
        memcpy(d->grid, h->grid, sizeof d->grid);
        memcpy(d->wg_size, h->wg_size, sizeof d->wg_size);
        d->nworkgroups = h->nworkgroups;
        return true;
    }
    r->rec_at = r->pos;
    if (!r_u32(r, &h->ndispatches, WL_MAX_DISPATCHES, "dispatch count"))
        return false;
    if (h->ndispatches == 0)
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": no dispatches", r->rec_at);
    /* A dispatch is at least 10 bytes: name length, first instruction, 6 sizes, workgroups, dependency. */
    if (!r_fits(r, h->ndispatches, 10, "dispatch count"))
        return false;
    if (!(h->dispatches = calloc(h->ndispatches, sizeof *h->dispatches)))
        return r_fail(r, "out of memory");
    for (uint32_t i = 0; i < h->ndispatches; i++) {
        trace_dispatch_t *d = &h->dispatches[i];
        r->rec_at = r->pos;
        char name[4096];
        if (!r_str(r, name, sizeof name, "kernel name length"))
            return false;
        if (!(d->kernel = strdup(name)))
            return r_fail(r, "out of memory");
        if (!r_u32(r, &d->inst_base, h->ninsts, "first instruction") ||
            !r_sizes(r, d->grid, d->wg_size) || !r_uv(r, &d->nworkgroups) ||
            !r_u32(r, &d->after, WL_AFTER_NONE, "dispatch dependency"))
            return false;
    }
    return true;
}

/* ---- version 5 memory block: the header's memory section and the memory record ---- */

static bool r_cu(trace_reader_t *r, tev_t *ev);

static bool read_mem_info(trace_reader_t *r, trace_header_t *h)
{
    trace_mem_info_t *m = &h->mem;
    r->rec_at = r->pos;
    if (!r_u32(r, &m->line_bytes, 1u << 20, "line size") || !r_u32(r, &m->l2_peak, UINT32_MAX, "L2 bandwidth") ||
        !r_u32(r, &m->dram_peak, UINT32_MAX, "DRAM bandwidth") || !r_u32(r, &m->l2_channels, 65536, "L2 channels") ||
        !r_u32(r, &m->dram_channels, 65536, "DRAM channels") || !r_u32(r, &m->ideal, 1, "memory model") ||
        !r_u32(r, &m->l1v_mshrs, 65536, "L1 MSHRs") || !r_u32(r, &m->l2_mshrs, 65536, "L2 MSHRs"))
        return false;
    if (m->line_bytes == 0 || m->dram_peak == 0 || m->l1v_mshrs == 0 || m->l2_mshrs == 0)
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": the memory section has a zero", r->rec_at);
    return true;
}

static bool r_mem(trace_reader_t *r, tev_t *ev)
{
    mem_access_t *a = &r->mem;
    uint8_t what;
    uint64_t lat, x, until;
    memset(a, 0, sizeof *a);
    if (!(r->h.flags & TRACE_FLAG_MEM))
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": a memory record in a trace without memory records", r->rec_at);
    if (!r_cu(r, ev) || !r_u8(r, &what))
        return false;
    if (what > 5 || (what >> 1) > CACHE_ATOMIC)
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": unknown memory operation %u", r->rec_at, what);
    if (r->h.ninsts == 0)
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": a memory record in a kernel without instructions", r->rec_at);
    if (!r_u32(r, &ev->u.mem.pc, r->h.ninsts - 1, "instruction index") || !r_uv(r, &lat) || !r_uv(r, &a->stall) ||
        !r_u32(r, &a->lines, UINT32_MAX, "lines") || !r_u32(r, &a->ideal_lines, UINT32_MAX, "lines") || !r_uv(r, &a->bytes))
        return false;
    for (int l = 0; l < MEM_NUM_CACHES; l++) {
        for (int o = 0; o < CACHE_NUM_OUTCOMES; o++)
            if (!r_u32(r, &a->count[l][o], UINT32_MAX, "cache requests"))
                return false;
        if (!r_uv(r, &a->level_bytes[l]) || !r_uv(r, &a->mshr_cycles[l]))
            return false;
    }
    if (!r_u32(r, &a->dram_reads, UINT32_MAX, "DRAM reads") || !r_u32(r, &a->dram_writes, UINT32_MAX, "DRAM writes") ||
        !r_uv(r, &a->dram_bytes) || !r_u32(r, &a->dram_row_hits, UINT32_MAX, "row hits") ||
        !r_u32(r, &a->dram_row_misses, UINT32_MAX, "row misses") || !r_uv(r, &until))
        return false;
    x = ev->cycle + lat;
    if (x < ev->cycle)
        return r_fail(r, "corrupted trace at byte %" PRIu64 ": a latency past 2^64 cycles", r->rec_at);
    a->scalar = what & 1;
    a->op = (cache_op_t)(what >> 1);
    a->issue = ev->cycle;
    a->done = x;
    a->dram_busy_until = ev->cycle + (uint64_t)unzigzag(until);
    ev->kind = TEV_MEM;
    ev->u.mem.access = a;
    r->counts.mems++;
    return true;
}
/* ---- end of the version 5 memory block ---- */

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
    h->version = le_get16(v);
    h->flags = le_get16(v + 2);
    if (h->version > TRACE_VERSION)
        return r_fail(r, "trace version %u is newer than this gcnsim supports (%d)", h->version, TRACE_VERSION);
    if (h->version == 0)
        return r_fail(r, "corrupted trace: version 0 does not exist");
    if (h->flags & ~(uint32_t)(TRACE_FLAG_ISSUES | (h->version >= 5 ? TRACE_FLAG_MEM : 0)))
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
    if (!r_sizes(r, h->grid, h->wg_size) || !r_uv(r, &h->nworkgroups) || !r_u32(r, &h->waves_per_wg, 1024, "waves per workgroup") ||
        !r_u32(r, &h->vgpr_alloc, UINT32_MAX, "VGPRs") || !r_u32(r, &h->sgpr_alloc, UINT32_MAX, "SGPRs") ||
        !r_u32(r, &h->lds_alloc, UINT32_MAX, "LDS bytes") || !r_u32(r, &h->occ_wg_per_cu, UINT32_MAX, "workgroups per CU") ||
        !r_u32(r, &h->occ_limiter, OCC_NUM_RESOURCES - 1, "limiter"))
        return false;
    r->rec_at = r->pos;
    if (!r_u32(r, &h->ninsts, MAX_INSTS, "instruction count"))
        return false;
    /* An instruction is at least 3 bytes: opcode, unit, text length. */
    if (!r_fits(r, h->ninsts, 3, "instruction count"))
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
        h->insts[i].pc = TRACE_PC_UNKNOWN;
        if (h->version >= 4 && !r_u32(r, &h->insts[i].pc, UINT32_MAX - 1, "instruction byte offset"))
            return false;
    }
    if (!read_dispatches(r, h) || ((h->flags & TRACE_FLAG_MEM) && !read_mem_info(r, h)))
        return false;
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
    char why[256];
    unsigned long long size = 0;
    if (!(r->f = fio_open_regular(path, "trace file", &size, why, sizeof why))) {
        snprintf(msg, msglen, "%s: %s", path, why);
        trace_close(r);
        return NULL;
    }
    r->size = size;
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
    if ((r->h.flags & TRACE_FLAG_MEM) && !r_uv(r, &e->mems))
        return false;
    uint32_t want = r->hash;
    uint8_t g[4];
    for (int i = 0; i < 4; i++) {
        int c = getc(r->f);
        if (c == EOF)
            return r_truncated(r);
        g[i] = (uint8_t)c;
        r->pos++;
    }
    uint32_t got = le_get32(g);
    if (got != want)
        return r_fail(r, "corrupted trace: checksum mismatch (stored 0x%08x, computed 0x%08x)", got, want);
    const trace_end_t *c = &r->counts;
    if (e->records != c->records || e->wave_states != c->wave_states || e->issues != c->issues ||
        e->wg_starts != c->wg_starts || e->wg_ends != c->wg_ends || e->limiters != c->limiters || e->mems != c->mems)
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
    /* The magnitude in unsigned arithmetic: -INT64_MIN does not exist. */
    if (delta < 0 && 0 - (uint64_t)delta > r->cycle)
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
    /* version 6: an MFMA's issue record is an issue record with the matrix-core cycles after it */
    bool mfma = type == REC_ISSUE_MFMA;
    if (mfma) {
        if (r->h.version < 6)
            return r_fail(r, "corrupted trace at byte %" PRIu64 ": an MFMA issue record in a version %u trace", r->rec_at,
                          r->h.version);
        type = REC_ISSUE;
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
        if (!r_u32(r, &ev->u.issue.pc, r->h.ninsts - 1, "instruction index") || !r_u32(r, &ev->u.issue.busy, UINT32_MAX, "busy cycles"))
            return false;
        ev->u.issue.mfma = 0;
        if (mfma && !r_u32(r, &ev->u.issue.mfma, UINT32_MAX, "matrix-core cycles"))
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
        if (r->h.version >= 3 && !r_u32(r, &ev->u.wg_info.dispatch, r->h.ndispatches - 1, "dispatch"))
            return false;
        ev->kind = TEV_WG_START;
        ev->wg = r->last_wg_start = r->last_wg_start + 1 + (uint64_t)unzigzag(dg);
        r->counts.wg_starts++;
        return true;
    }
    case REC_MEM:
        return r_mem(r, ev);
    case REC_WG_END: {
        uint64_t dg;
        if (!r_cu(r, ev) || !r_uv(r, &dg))
            return false;
        ev->kind = TEV_WG_END;
        ev->wg = r->last_wg_start + (uint64_t)unzigzag(dg);
        r->counts.wg_ends++;
        return true;
    }
    /* ---- hazards (version 5) ---- */
    case REC_HAZARD: {
        tev_hazard_t *hz = &r->hazard;
        uint8_t kind, flags;
        uint32_t reg, have, last = r->h.ninsts ? r->h.ninsts - 1 : 0;
        if (r->h.version < 5)
            return r_fail(r, "corrupted trace at byte %" PRIu64 ": a hazard record in a version %u trace", r->rec_at,
                          r->h.version);
        if (!r_slot(r, ev, &sl))
            return false;
        if (!sl->live)
            return r_fail(r, "corrupted trace at byte %" PRIu64 ": a hazard in an empty wave slot", r->rec_at);
        memset(hz, 0, sizeof *hz);
        if (!r_u8(r, &kind) || !r_u8(r, &flags))
            return false;
        if (kind >= TEV_HZ_NUM_KINDS || flags > 3 || (r->h.version < 6 && kind >= TEV_HZ_WS_MAI_EXEC))
            return r_fail(r, "corrupted trace at byte %" PRIu64 ": unknown hazard kind %u or flags %u", r->rec_at, kind,
                          flags);
        if (!r_u32(r, &hz->pc, last, "instruction index") || !r_u32(r, &hz->src_pc, last, "instruction index") ||
            !r_u32(r, &reg, ISA_AGPR_BASE + 255, "register") || !r_u32(r, &hz->need, UINT32_MAX, "count") ||
            !r_u32(r, &have, UINT32_MAX, "count") || !r_u32(r, &hz->wait_pc, last, "instruction index") ||
            !r_u32(r, &hz->addr, UINT32_MAX, "LDS address") || !r_uv(r, &hz->other_wave))
            return false;
        hz->kind = kind;
        hz->write = flags & 1;
        hz->stale = flags >> 1;
        hz->reg = (uint16_t)reg;
        hz->have = have == 0 ? TEV_HZ_NONE : have - 1;
        ev->kind = TEV_HAZARD;
        ev->wave = sl->wave;
        ev->wg = sl->wg;
        ev->u.hazard = hz;
        return true;
    }
    /* ---- end of hazards ---- */
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

/* ---- hazards (version 5) ---- */
const char *trace_hazard_kind_name(unsigned kind)
{
    static const char *const names[TEV_HZ_NUM_KINDS] = {
        [TEV_HZ_VMCNT] = "vmcnt", [TEV_HZ_LGKMCNT] = "lgkmcnt", [TEV_HZ_LDS_RACE] = "lds_race",
        [TEV_HZ_WS_VMEM_SGPR] = "vmem_sgpr", [TEV_HZ_WS_LANE_SELECT] = "lane_select",
        [TEV_HZ_WS_DIV_FMAS] = "div_fmas", [TEV_HZ_WS_GETREG] = "getreg", [TEV_HZ_WS_SETREG] = "setreg",
        [TEV_HZ_WS_DPP_VGPR] = "dpp_vgpr", [TEV_HZ_WS_DPP_EXEC] = "dpp_exec", [TEV_HZ_WS_STORE_DATA] = "store_data",
        [TEV_HZ_WS_M0_READ] = "m0_read", [TEV_HZ_WS_MAI_EXEC] = "mai_exec", [TEV_HZ_WS_MAI_VGPR] = "mai_vgpr",
        [TEV_HZ_WS_MFMA_SRCC] = "mfma_srcc", [TEV_HZ_WS_MFMA_SRCAB] = "mfma_srcab",
        [TEV_HZ_WS_MFMA_READ] = "mfma_read", [TEV_HZ_WS_MFMA_WRITE] = "mfma_write",
        [TEV_HZ_WS_MFMA_WAR] = "mfma_srcc_war", [TEV_HZ_WS_ACC_WRITE] = "accvgpr_write",
        [TEV_HZ_WS_ACC_READ] = "accvgpr_read", [TEV_HZ_WS_DGEMM_FMA64] = "dgemm_fma64",
        [TEV_HZ_WS_DOT_READ] = "dot_read", [TEV_HZ_WS_DOT_WRITE] = "dot_write",
        [TEV_HZ_WS_VALU_DGEMM_MEM] = "valu_dgemm_mem", [TEV_HZ_WS_VALU_ACC_MEM] = "valu_accvgpr_mem",
    };
    return kind < TEV_HZ_NUM_KINDS ? names[kind] : "?";
}
/* ---- end of hazards ---- */

void trace_close(trace_reader_t *r)
{
    if (!r)
        return;
    if (r->f)
        fclose(r->f);
    for (uint32_t i = 0; r->h.insts && i < r->h.ninsts; i++)
        free(r->h.insts[i].text);
    free(r->h.insts);
    trace_dispatches_free(r->h.dispatches, r->h.ndispatches);
    free(r->slot);
    free(r->resident);
    free(r);
}

void trace_dispatches_free(trace_dispatch_t *d, uint32_t n)
{
    for (uint32_t i = 0; d && i < n; i++)
        free(d[i].kernel);
    free(d);
}

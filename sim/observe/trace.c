/* trace: the binary trace writer (an observer of the event stream) and the teaching text trace;
 * the validating reader is trace_read.c. The byte layout is documented in docs/trace-format.md;
 * keep them in step. */
#include "observe/trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "common/le.h"
#include "machine/occ_analysis.h"
#include "machine/timing.h"
#include "mem/memsys.h"
#include "observe/trace_internal.h"

/* ---- writer ---------------------------------------------------------------------------------- */

enum { WBUF = 1 << 16, WREC_MAX = 96 }; /* a record (not the header's strings) never exceeds WREC_MAX */

struct trace_writer {
    fio_out_t out;           /* a temporary file renamed onto path when closed without a write error */
    FILE *f;                 /* out.f */
    char *path;
    uint8_t buf[WBUF];
    size_t n;
    uint64_t bytes;
    uint32_t hash;
    int err_no;              /* first write error */
    uint32_t simds, slots;
    bool issues, ended;
    bool mem;                /* version 5 memory block: --trace-mem */
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

/* A dispatch's grid and workgroup size, as the header and the dispatch table hold them. */
static void w_sizes(trace_writer_t *w, const wl_dispatch_t *d)
{
    for (int k = 0; k < 3; k++)
        w_uv(w, d->grid[k]);
    for (int k = 0; k < 3; k++)
        w_uv(w, d->wg[k]);
}

/* ---- version 5 memory block: the header's memory section and the memory record ---- */

static void w_mem_info(trace_writer_t *w, const cfg_t *cfg)
{
    bool ideal = cfg->mem_model == CFG_MEM_IDEAL;
    w_room(w, WREC_MAX);
    w_uv(w, (uint64_t)cfg->l2_line);
    w_uv(w, (uint64_t)cfg->l2_bytes_per_cycle * (uint64_t)cfg->l2_channels);
    w_uv(w, ideal ? (uint64_t)cfg->mem_bytes_per_cycle : (uint64_t)cfg->dram_bytes_per_cycle * (uint64_t)cfg->dram_channels);
    w_uv(w, (uint64_t)cfg->l2_channels);
    w_uv(w, (uint64_t)cfg->dram_channels);
    w_uv(w, ideal);
    w_uv(w, (uint64_t)cfg->l1v_mshrs);
    w_uv(w, (uint64_t)cfg->l2_mshrs);
}

/* One memory instruction's trip, every field of mem_access_t; its cycle is the issue cycle. */
static void w_mem(trace_writer_t *w, const tev_t *ev)
{
    const mem_access_t *a = ev->u.mem.access;
    w_room(w, MEM_REC_MAX);
    w_rec(w, REC_MEM, a->issue);
    w_uv(w, ev->cu);
    w_u8(w, (uint8_t)((a->scalar ? 1 : 0) | (unsigned)a->op << 1));
    w_uv(w, ev->u.mem.pc);
    w_uv(w, a->done - a->issue);
    w_uv(w, a->stall);
    w_uv(w, a->lines);
    w_uv(w, a->ideal_lines);
    w_uv(w, a->bytes);
    for (int l = 0; l < MEM_NUM_CACHES; l++) {
        for (int o = 0; o < CACHE_NUM_OUTCOMES; o++)
            w_uv(w, a->count[l][o]);
        w_uv(w, a->level_bytes[l]);
        w_uv(w, a->mshr_cycles[l]);
    }
    w_uv(w, a->dram_reads);
    w_uv(w, a->dram_writes);
    w_uv(w, a->dram_bytes);
    w_uv(w, a->dram_row_hits);
    w_uv(w, a->dram_row_misses);
    w_uv(w, zigzag((int64_t)(a->dram_busy_until - a->issue)));
    w->counts.mems++;
}
/* ---- end of the version 5 memory block ---- */

trace_writer_t *trace_writer_open(const char *path, const launch_t *L, const cfg_t *cfg, const occ_result_t *occ_in,
                                  uint32_t flags, FILE *err)
{
    trace_writer_t *w = calloc(1, sizeof *w);
    if (!w || !(w->path = malloc(strlen(path) + 1))) {
        free(w);
        fputs("gcnsim: out of memory\n", err);
        return NULL;
    }
    strcpy(w->path, path);
    char why[256];
    if (!fio_out_open(&w->out, path, why, sizeof why)) {
        fprintf(err, "gcnsim: error: cannot write trace '%s': %s\n", path, why);
        free(w->path);
        free(w);
        return NULL;
    }
    w->f = w->out.f;
    w->hash = FNV_BASIS;
    w->simds = (uint32_t)cfg->cu_simds;
    w->slots = (uint32_t)cfg->cu_wave_slots;
    w->issues = flags & TRACE_FLAG_ISSUES;
    w->mem = flags & TRACE_FLAG_MEM;
    w->err = err;
    w->last_wg_start = UINT64_MAX; /* the first workgroup is 0 = last + 1 */
    occ_result_t occ;
    if (occ_in)
        occ = *occ_in;
    else { /* a workgroup that never fits: the run fails; the header is moot */
        occ_kernel_t ok = occ_dispatch_kernel(&L->dispatches[0]);
        occ_compute(cfg, &ok, &occ);
    }

    memcpy(w->buf, trace_magic, sizeof trace_magic);
    w->n = sizeof trace_magic;
    /* version 6 only for a program with an MFMA or of a CDNA target (whose MAI hazard kinds come
     * without an MFMA too: v_dot*, v_accvgpr_*): every other trace keeps version 5's bytes */
    bool cdna = false;
    for (uint32_t i = 0; i < L->ninsts && !cdna; i++) {
        const isa_kernel_t *k = NULL;
        cdna = (isa_ops[launch_inst(L, i, &k)->op].flags & ISA_FL_MFMA) || (k && isa_target_cdna(k->target));
    }
    le_put16(w->buf + w->n, cdna ? TRACE_VERSION : 5);
    le_put16(w->buf + w->n + 2, (w->issues ? TRACE_FLAG_ISSUES : 0) | (w->mem ? TRACE_FLAG_MEM : 0));
    w->n += 4;
    w_uv(w, cfg_compute_units(cfg));
    w_uv(w, w->simds);
    w_uv(w, w->slots);
    w_uv(w, (uint64_t)cfg->cu_max_waves);
    w_uv(w, (uint64_t)cfg->gpu_clock_mhz);
    const launch_dispatch_t *D0 = &L->dispatches[0];
    w_str(w, D0->kernel->name);
    w_str(w, L->wl->source);
    w_room(w, WREC_MAX);
    w_sizes(w, D0->wl);
    w_uv(w, L->nworkgroups);
    w_uv(w, occ.waves_per_wg);
    w_uv(w, occ.vgpr_alloc);
    w_uv(w, occ.sgpr_alloc);
    w_uv(w, occ.lds_alloc);
    w_uv(w, occ.wg_per_cu);
    w_uv(w, (uint64_t)occ.limiter);
    w_uv(w, L->ninsts);
    for (uint32_t i = 0; i < L->ninsts; i++) {
        const isa_kernel_t *k;
        const isa_inst_t *in = launch_inst(L, i, &k);
        char text[256];
        isa_format_inst(k, in, text, sizeof text);
        w_room(w, 20);
        w_uv(w, in->op);
        w_uv(w, (uint64_t)isa_ops[in->op].unit);
        w_str(w, text);
        w_uv(w, in->pc);
    }
    w_room(w, 20);
    w_uv(w, L->ndispatches);
    for (uint32_t i = 0; i < L->ndispatches; i++) {
        const launch_dispatch_t *D = &L->dispatches[i];
        w_str(w, D->kernel->name);
        w_room(w, WREC_MAX);
        w_uv(w, L->kernels[D->kernel_index].inst_base);
        w_sizes(w, D->wl);
        w_uv(w, D->nworkgroups);
        w_uv(w, (uint64_t)D->wl->after);
    }
    if (w->mem)
        w_mem_info(w, cfg);
    return w;
}

void trace_observe(void *ctx, const tev_t *ev)
{
    trace_writer_t *w = ctx;
    /* Memory-system detail only when asked for (--trace-mem): it is the largest record. */
    if (w->ended || w->limited || (ev->kind == TEV_ISSUE && !w->issues) || (ev->kind == TEV_MEM && !w->mem))
        return;
    /* Room for this record and the end record, so that the file never passes the limit. */
    uint64_t need = (ev->kind == TEV_MEM ? MEM_REC_MAX : WREC_MAX) + WREC_MAX;
    if (ev->kind != TEV_END && w->limit && trace_writer_bytes(w) + need > w->limit) {
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
        w_rec(w, ev->u.issue.mfma ? REC_ISSUE_MFMA : REC_ISSUE, ev->cycle);
        w_uv(w, w_slot(w, ev));
        w_uv(w, ev->u.issue.pc);
        w_uv(w, ev->u.issue.busy);
        if (ev->u.issue.mfma)
            w_uv(w, ev->u.issue.mfma);
        w->counts.issues++;
        break;
    case TEV_WG_START:
        w_rec(w, REC_WG_START, ev->cycle);
        w_uv(w, ev->cu);
        w_uv(w, zigzag((int64_t)(ev->wg - (w->last_wg_start + 1))));
        w_uv(w, ev->u.wg_info.waves);
        for (int d = 0; d < 3; d++)
            w_uv(w, ev->u.wg_info.gid[d]);
        w_uv(w, ev->u.wg_info.dispatch);
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
        w_mem(w, ev);
        break;
    /* ---- hazards (version 5) ---- */
    case TEV_HAZARD: {
        const tev_hazard_t *h = ev->u.hazard;
        w_rec(w, REC_HAZARD, ev->cycle);
        w_uv(w, w_slot(w, ev));
        w_u8(w, h->kind);
        w_u8(w, (uint8_t)(h->write | h->stale << 1));
        w_uv(w, h->pc);
        w_uv(w, h->src_pc);
        w_uv(w, h->reg);
        w_uv(w, h->need);
        w_uv(w, h->have == TEV_HZ_NONE ? 0 : (uint64_t)h->have + 1);
        w_uv(w, h->wait_pc);
        w_uv(w, h->addr);
        w_uv(w, h->other_wave);
        break;
    }
    /* ---- end of hazards ---- */
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
    if (w->mem)
        w_uv(w, c.mems);
    w_flush(w); /* the checksum covers every byte before it */
    le_put32(w->buf + w->n, w->hash);
    w->n += 4;
    w->hash = 0;
    if (!w->err_no && fwrite(w->buf, 1, w->n, w->f) != w->n)
        w->err_no = errno ? errno : EIO;
    w->bytes += w->n;
    int rc = 0;
    char why[256];
    /* A failed write leaves whatever was at the path before untouched (fio_out). */
    if (w->err_no) {
        fio_out_abort(&w->out);
        fprintf(err, "gcnsim: error: cannot write trace '%s': %s\n", w->path, strerror(w->err_no));
        rc = 1;
    } else if (!fio_out_commit(&w->out, why, sizeof why)) {
        fprintf(err, "gcnsim: error: cannot write trace '%s': %s\n", w->path, why);
        rc = 1;
    }
    free(w->path);
    free(w);
    return rc;
}

/* ---- text trace ------------------------------------------------------------------------------ */

int trace_text_init(trace_text_t *t, FILE *out, const launch_t *L)
{
    memset(t, 0, sizeof *t);
    t->out = out;
    t->to = UINT64_MAX;
    t->ninsts = L->ninsts;
    if (!(t->text = calloc(L->ninsts ? L->ninsts : 1, sizeof *t->text)) ||
        !(t->pc = calloc(L->ninsts ? L->ninsts : 1, sizeof *t->pc))) {
        trace_text_free(t);
        return 3;
    }
    for (uint32_t i = 0; i < L->ninsts; i++) {
        const isa_kernel_t *k;
        const isa_inst_t *in = launch_inst(L, i, &k);
        char buf[256 + 64];
        int pre = L->nkernels > 1 ? snprintf(buf, 64, "%s: ", k->name) : 0;
        isa_format_inst(k, in, buf + pre, sizeof buf - (size_t)pre);
        t->pc[i] = in->pc;
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
        fputs("#   cycle  cu simd  wave    wg      pc  instruction\n", t->out);
        t->header_done = true;
    }
    uint32_t i = ev->u.issue.pc; /* the instruction index; printed as its byte offset */
    fprintf(t->out, "%9" PRIu64 " %3" PRIu32 " %4" PRIu32 " %5" PRIu64 " %5" PRIu64 "  0x%04" PRIx32 "  %s\n", ev->cycle,
            ev->cu, ev->simd, ev->wave, ev->wg, i < t->ninsts ? t->pc[i] : 0, i < t->ninsts ? t->text[i] : "?");
}

void trace_text_free(trace_text_t *t)
{
    for (uint32_t i = 0; t->text && i < t->ninsts; i++)
        free(t->text[i]);
    free(t->text);
    free(t->pc);
    t->text = NULL;
    t->pc = NULL;
}

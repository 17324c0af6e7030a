/* viz_load: load a trace through the validating reader and build what drawing needs, once: per
 * wave slot a list of runs (state from a cycle on) and a majority pyramid over power-of-two cycle
 * buckets; per SIMD the resident waves as a step function with its integral and the VALU busy
 * intervals; per CU the dispatch situation with per-category running times; workgroup spans. */
#include "viz_load.h"

#include <stdlib.h>
#include <string.h>

#include "viz_mem.h"
#include "viz_pcs.h"

/* The pyramid's finest level is chosen so that all levels of all lanes stay within this budget. */
enum { PYRAMID_BYTES = 16 << 20, PYRAMID_MAX_BUCKETS = 1 << 17 };

/* Arrays grow by doubling; parallel arrays share one capacity and grow together. */
static bool resize(void **p, size_t n, size_t sz)
{
    void *q = realloc(*p, n * sz);
    if (!q)
        return false;
    *p = q;
    return true;
}

static size_t next_cap(size_t cap) { return cap ? cap * 2 : 64; }

/* Make room for element n of *p (capacity *cap). */
static bool grow(void **p, size_t *cap, size_t n, size_t sz)
{
    if (n < *cap)
        return true;
    size_t nc = next_cap(*cap);
    if (!resize(p, nc, sz))
        return false;
    *cap = nc;
    return true;
}

static bool grow2(void **a, size_t sa, void **b, size_t sb, size_t *cap, size_t n)
{
    if (n < *cap)
        return true;
    size_t nc = next_cap(*cap);
    if (!resize(a, nc, sa) || !resize(b, nc, sb))
        return false;
    *cap = nc;
    return true;
}

static bool lane_push(viz_lane_t *l, uint64_t t, uint32_t code)
{
    if (l->n) {
        if (t < l->t[l->n - 1])
            t = l->t[l->n - 1];   /* a slot's records never go back; keep the runs sorted regardless */
        if (t == l->t[l->n - 1]) {
            l->code[l->n - 1] = code;   /* a zero-length run is replaced */
            if (l->n > 1 && l->code[l->n - 2] == code)
                l->n--;
            return true;
        }
        if (l->code[l->n - 1] == code)
            return true;
    }
    if (!grow2((void **)&l->t, sizeof *l->t, (void **)&l->code, sizeof *l->code, &l->cap, l->n))
        return false;
    l->t[l->n] = t;
    l->code[l->n++] = code;
    return true;
}

/* An issue colours the lane for its busy cycles (at least one issue round over the SIMDs); the
 * lane returns to its wave state then, unless a record of the slot comes first. */
static bool lane_settle(viz_lane_t *l, uint64_t t)
{
    bool ok = true;
    if (l->pend && l->pend_t <= t)
        ok = lane_push(l, l->pend_t, l->code_ws);
    l->pend = false;
    return ok;
}

static viz_state_t state_of(tev_wave_state_t s)
{
    static const viz_state_t map[TEV_NUM_WAVE_STATES] = {
        [TEV_WAVE_LAUNCHING] = VIZ_LAUNCHING, [TEV_WAVE_ELIGIBLE] = VIZ_READY,
        [TEV_WAVE_NOINST] = VIZ_NOINST,       [TEV_WAVE_WAIT_VM] = VIZ_WAIT_VM,
        [TEV_WAVE_WAIT_LGKM] = VIZ_WAIT_LGKM, [TEV_WAVE_BARRIER] = VIZ_BARRIER,
        [TEV_WAVE_DRAINING] = VIZ_DRAINING,   [TEV_WAVE_HELD] = VIZ_HELD,
        [TEV_WAVE_GONE] = VIZ_NONE,
    };
    return (unsigned)s < TEV_NUM_WAVE_STATES ? map[s] : VIZ_NONE;
}

static viz_state_t issue_state(isa_unit_t u)
{
    switch (u) {
    case ISA_UNIT_VALU: return VIZ_VALU;
    case ISA_UNIT_VMEM: return VIZ_VMEM;
    case ISA_UNIT_LDS: return VIZ_LDS;
    default: return VIZ_SCALAR;
    }
}

static bool step_add(viz_step_t *s, uint64_t t, int64_t dv)
{
    if (!grow2((void **)&s->t, sizeof *s->t, (void **)&s->v, sizeof *s->v, &s->cap, s->n))
        return false;
    s->t[s->n] = t;
    s->v[s->n++] = dv;
    return true;
}

/* Sort the (cycle, delta) pairs by cycle and turn them into a step function with its integral. */
static bool step_finish(viz_step_t *s)
{
    size_t n = s->n;
    /* Counting on nearly sorted input: an insertion sort is linear there. */
    for (size_t i = 1; i < n; i++) {
        uint64_t t = s->t[i];
        int64_t v = s->v[i];
        size_t j = i;
        for (; j > 0 && s->t[j - 1] > t; j--) {
            s->t[j] = s->t[j - 1];
            s->v[j] = s->v[j - 1];
        }
        s->t[j] = t;
        s->v[j] = v;
    }
    s->area = malloc((n ? n : 1) * sizeof *s->area);
    if (!s->area)
        return false;
    size_t k = 0;
    int64_t level = 0;
    uint64_t area = 0, prev_t = 0;
    for (size_t i = 0; i < n; i++) {
        area += (uint64_t)level * (s->t[i] - prev_t);
        level += s->v[i];
        prev_t = s->t[i];
        if (k && s->t[k - 1] == s->t[i]) {
            s->v[k - 1] = level;
            continue;
        }
        s->t[k] = s->t[i];
        s->v[k] = level;
        s->area[k++] = area;
    }
    s->n = k;
    return true;
}

static bool limiter_add(viz_limiter_t *l, uint64_t t, int cat)
{
    if (l->n && l->cat[l->n - 1] == cat)
        return true;
    if (!grow2((void **)&l->t, sizeof *l->t, (void **)&l->cat, sizeof *l->cat, &l->cap, l->n))
        return false;
    l->t[l->n] = t;
    l->cat[l->n++] = (uint8_t)cat;
    return true;
}

static bool limiter_finish(viz_limiter_t *l)
{
    l->cum = calloc((l->n + 1) * VIZ_NUM_LIM, sizeof *l->cum);
    if (!l->cum)
        return false;
    for (size_t i = 1; i < l->n; i++) {
        memcpy(&l->cum[i * VIZ_NUM_LIM], &l->cum[(i - 1) * VIZ_NUM_LIM], VIZ_NUM_LIM * sizeof *l->cum);
        l->cum[i * VIZ_NUM_LIM + l->cat[i - 1]] += l->t[i] - l->t[i - 1];
    }
    return true;
}

static bool busy_add(viz_busy_t *b, uint64_t start, uint64_t end, uint32_t lane)
{
    if (b->n == b->cap) {
        size_t nc = next_cap(b->cap);
        if (!resize((void **)&b->start, nc, sizeof *b->start) || !resize((void **)&b->end, nc, sizeof *b->end) ||
            !resize((void **)&b->lane, nc, sizeof *b->lane))
            return false;
        b->cap = nc;
    }
    b->start[b->n] = start;
    b->end[b->n] = end;
    b->lane[b->n++] = lane;
    return true;
}

static bool busy_finish(viz_busy_t *b)
{
    /* Issues on one SIMD come in cycle order; an interval never outlasts the next one's start. */
    b->cum = malloc((b->n + 1) * sizeof *b->cum);
    if (!b->cum)
        return false;
    b->cum[0] = 0;
    for (size_t i = 0; i < b->n; i++) {
        if (i + 1 < b->n && b->end[i] > b->start[i + 1])
            b->end[i] = b->start[i + 1] > b->start[i] ? b->start[i + 1] : b->start[i];
        b->cum[i + 1] = b->cum[i] + (b->end[i] - b->start[i]);
    }
    return true;
}

/* The workgroup id index: a hash table sized by the workgroups seen, not by their ids, so that a
 * trace whose ids or header lie cannot make it large (docs/trace-format.md, "Validation"). */
static size_t wg_hash(uint64_t id, size_t n) { return (size_t)((id * 0x9E3779B97F4A7C15ull) >> 17) & (n - 1); }

static viz_wg_key_t *wg_find(const viz_model_t *m, uint64_t id)
{
    if (!m->wg_index_n)
        return NULL;
    for (size_t i = wg_hash(id, m->wg_index_n);; i = (i + 1) & (m->wg_index_n - 1)) {
        viz_wg_key_t *k = &m->wg_index[i];
        if (k->ix == SIZE_MAX || k->id == id)
            return k;
    }
}

/* Record that workgroup id starts at index ix of wg (a repeated id: the later start). */
static bool wg_insert(viz_model_t *m, uint64_t id, size_t ix)
{
    if (2 * (m->nwg + 1) > m->wg_index_n) {
        size_t nn = m->wg_index_n ? 2 * m->wg_index_n : 1024;
        viz_wg_key_t *q = malloc(nn * sizeof *q), *old = m->wg_index;
        if (!q)
            return false;
        for (size_t i = 0; i < nn; i++)
            q[i].ix = SIZE_MAX;
        size_t on = m->wg_index_n;
        m->wg_index = q;
        m->wg_index_n = nn;
        for (size_t i = 0; i < on; i++)
            if (old[i].ix != SIZE_MAX)
                *wg_find(m, old[i].id) = old[i];
        free(old);
    }
    viz_wg_key_t *k = wg_find(m, id);
    k->id = id;
    k->ix = ix;
    return true;
}

/* Workgroup ids are dense from 0: an id far beyond the header's count is a damaged trace. */
static bool wg_in_range(const viz_model_t *m, uint64_t id)
{
    return id <= m->h.nworkgroups + (1u << 20) || m->h.nworkgroups > UINT64_MAX - (1u << 20);
}

static int lim_cat(const tev_t *ev)
{
    switch (ev->u.limiter.state) {
    case TEV_CU_FULL: return VIZ_LIM_FULL;
    case TEV_CU_NO_WORK: return VIZ_LIM_NO_WORK;
    case TEV_CU_LAUNCH_LIMITED: return VIZ_LIM_LAUNCH;
    default: {
        unsigned r = (unsigned)ev->u.limiter.resource;
        return VIZ_LIM_REFUSED + (int)(r < 6 ? r : 5);
    }
    }
}

/* One record into the model; false when out of memory or an id is out of range (msg says). */
static bool add_event(viz_model_t *m, const tev_t *ev, char *msg, size_t msglen)
{
    const trace_header_t *h = &m->h;
    uint32_t simd = ev->cu * h->simds + ev->simd, lane_i = simd * h->slots + ev->slot;
    if (ev->cycle > m->end && ev->kind != TEV_END)
        m->end = ev->cycle;
    switch (ev->kind) {
    case TEV_WAVE_STATE: {
        viz_lane_t *l = &m->lane[lane_i];
        viz_state_t s = state_of(ev->u.wave_state);
        if (!lane_settle(l, ev->cycle))
            goto oom;
        l->code_ws = (uint32_t)s;
        if (!lane_push(l, ev->cycle, (uint32_t)s))
            goto oom;
        if (ev->u.wave_state == TEV_WAVE_LAUNCHING) {
            if (!grow((void **)&l->waves, &l->capw, l->nwaves, sizeof *l->waves))
                goto oom;
            l->waves[l->nwaves++] = (viz_wave_t){ ev->cycle, UINT64_MAX, ev->wave, ev->wg };
            if (!step_add(&m->occ[simd], ev->cycle, 1))
                goto oom;
        } else if (ev->u.wave_state == TEV_WAVE_GONE) {
            if (l->nwaves)
                l->waves[l->nwaves - 1].end = ev->cycle;
            if (!step_add(&m->occ[simd], ev->cycle, -1))
                goto oom;
        }
        return true;
    }
    case TEV_ISSUE: {
        viz_lane_t *l = &m->lane[lane_i];
        if (!lane_settle(l, ev->cycle))
            goto oom;
        uint32_t busy = ev->u.issue.busy, hold = busy > h->simds ? busy : h->simds;
        if (!lane_push(l, ev->cycle, (uint32_t)issue_state(ev->u.issue.unit) | ev->u.issue.pc << VIZ_STATE_BITS))
            goto oom;
        l->pend = true;
        l->pend_t = ev->cycle + (hold ? hold : 1);
        if (ev->u.issue.unit == ISA_UNIT_VALU && busy && !busy_add(&m->busy[simd], ev->cycle, ev->cycle + busy, lane_i))
            goto oom;
        return true;
    }
    case TEV_WG_START: {
        if (!wg_in_range(m, ev->wg))
            goto range;
        if (!grow((void **)&m->wg, &m->capwg, m->nwg, sizeof *m->wg) || !wg_insert(m, ev->wg, m->nwg))
            goto oom;
        m->wg[m->nwg++] = (viz_wg_t){ .start = ev->cycle, .end = UINT64_MAX, .id = ev->wg, .cu = ev->cu,
                                      .waves = ev->u.wg_info.waves, .dispatch = ev->u.wg_info.dispatch,
                                      .gid = { ev->u.wg_info.gid[0], ev->u.wg_info.gid[1], ev->u.wg_info.gid[2] } };
        return true;
    }
    case TEV_WG_END: {
        if (!wg_in_range(m, ev->wg))
            goto range;
        const viz_wg_key_t *k = wg_find(m, ev->wg);
        if (k && k->ix != SIZE_MAX)
            m->wg[k->ix].end = ev->cycle;
        return true;
    }
    case TEV_CU_LIMITER:
        if (!limiter_add(&m->lim[ev->cu], ev->cycle, lim_cat(ev)))
            goto oom;
        return true;
    case TEV_HAZARD: /* hazards: a mark on the wave's lane */
        if (!grow((void **)&m->hz, &m->caphz, m->nhz, sizeof *m->hz))
            goto oom;
        m->hz[m->nhz++] = (viz_hazard_t){ ev->cycle, lane_i, ev->u.hazard->pc, ev->u.hazard->kind };
        return true;
    default:   /* TEV_END, and event kinds the trace has no record for */
        return true;
    }
oom:
    snprintf(msg, msglen, "out of memory loading the trace");
    return false;
range:
    snprintf(msg, msglen, "workgroup id %llu is far beyond the dispatch's %llu workgroups",
             (unsigned long long)ev->wg, (unsigned long long)m->h.nworkgroups);
    return false;
}

/* Place each CU's workgroup spans on the lowest row free at their start, as a Gantt chart. */
static bool assign_rows(viz_model_t *m)
{
    m->wg_rows = calloc(m->h.ncu, sizeof *m->wg_rows);
    uint64_t *row_end = NULL;
    size_t cap = 0;
    if (!m->wg_rows)
        return false;
    for (uint32_t cu = 0; cu < m->h.ncu; cu++) {
        uint32_t rows = 0;
        for (size_t i = 0; i < m->nwg; i++) {
            viz_wg_t *w = &m->wg[i];
            if (w->cu != cu)
                continue;
            if (w->end == UINT64_MAX)
                w->end = m->end;
            uint32_t r = 0;
            while (r < rows && row_end[r] > w->start)
                r++;
            if (r == rows) {
                if (!grow((void **)&row_end, &cap, rows, sizeof *row_end)) {
                    free(row_end);
                    return false;
                }
                rows++;
            }
            row_end[r] = w->end;
            w->row = r;
        }
        m->wg_rows[cu] = rows;
    }
    free(row_end);
    return true;
}

/* Majority pyramid of one lane: count each state's cycles per finest bucket, keep the winner, then
 * sum pairs of buckets for the next level, so every level's majority is exact. */
static bool build_pyramid(viz_model_t *m, viz_lane_t *l, uint32_t *counts, size_t nb0)
{
    l->level = calloc(m->nlevels, sizeof *l->level);
    if (!l->level)
        return false;
    memset(counts, 0, nb0 * VIZ_NUM_STATES * sizeof *counts);
    uint32_t k = m->l0;
    uint64_t bsz = (uint64_t)1 << k;
    for (size_t i = 0; i < l->n; i++) {
        uint64_t s = l->t[i], e = i + 1 < l->n ? l->t[i + 1] : m->end + 1;
        uint32_t st = l->code[i] & ((1u << VIZ_STATE_BITS) - 1);
        if (st == VIZ_NONE)
            continue;
        while (s < e) {
            uint64_t b = s >> k, be = (b + 1) << k, ce = e < be ? e : be;
            if (b >= nb0)
                break;
            counts[b * VIZ_NUM_STATES + st] += (uint32_t)(ce - s);
            s = ce;
        }
    }
    size_t nb = nb0;
    for (uint32_t j = 0; j < m->nlevels; j++) {
        uint8_t *lv = malloc(nb);
        if (!lv)
            return false;
        l->level[j] = lv;
        for (size_t b = 0; b < nb; b++) {
            const uint32_t *c = &counts[b * VIZ_NUM_STATES];
            uint32_t best = 0, none = (uint32_t)(bsz << j);
            uint8_t st = VIZ_NONE;
            for (int s = 1; s < VIZ_NUM_STATES; s++) {
                if (c[s] > best) {
                    best = c[s];
                    st = (uint8_t)s;
                }
                none -= c[s] < none ? c[s] : none;
            }
            lv[b] = best >= none ? st : VIZ_NONE;   /* a mostly free bucket stays empty */
        }
        size_t nn = (nb + 1) / 2;
        for (size_t b = 0; b < nn; b++)
            for (int s = 0; s < VIZ_NUM_STATES; s++)
                counts[b * VIZ_NUM_STATES + s] = counts[2 * b * VIZ_NUM_STATES + s] +
                                                 (2 * b + 1 < nb ? counts[(2 * b + 1) * VIZ_NUM_STATES + s] : 0);
        nb = nn;
    }
    return true;
}

static bool finish(viz_model_t *m)
{
    for (uint32_t i = 0; i < m->nlanes; i++) {
        viz_lane_t *l = &m->lane[i];
        if (l->pend && l->pend_t <= m->end && !lane_push(l, l->pend_t, l->code_ws))
            return false;
        l->pend = false;
        for (size_t w = 0; w < l->nwaves; w++)
            if (l->waves[w].end == UINT64_MAX)
                l->waves[w].end = m->end;
    }
    for (uint32_t s = 0; s < m->nsimds; s++)
        if (!step_finish(&m->occ[s]) || !busy_finish(&m->busy[s]))
            return false;
    for (uint32_t c = 0; c < m->h.ncu; c++)
        if (!limiter_finish(&m->lim[c]))
            return false;
    if (!assign_rows(m))
        return false;
    /* The finest pyramid level: 2^l0 cycles, coarse enough that all lanes' levels fit the budget. */
    uint64_t cycles = m->end + 1;
    uint32_t k = 0;
    while ((cycles >> k) > PYRAMID_MAX_BUCKETS || ((cycles >> k) + 1) * 2 * m->nlanes > PYRAMID_BYTES)
        k++;
    m->l0 = k;
    size_t nb0 = (size_t)((cycles + ((uint64_t)1 << k) - 1) >> k);
    m->nlevels = 1;
    for (size_t nb = nb0; nb > 1; nb = (nb + 1) / 2)
        m->nlevels++;
    uint32_t *counts = malloc(nb0 * VIZ_NUM_STATES * sizeof *counts);
    if (!counts)
        return false;
    for (uint32_t i = 0; i < m->nlanes; i++)
        if (!build_pyramid(m, &m->lane[i], counts, nb0)) {
            free(counts);
            return false;
        }
    free(counts);
    free(m->wg_index);
    m->wg_index = NULL;
    return true;
}

static bool alloc_model(viz_model_t *m)
{
    m->nsimds = m->h.ncu * m->h.simds;
    m->nlanes = m->nsimds * m->h.slots;
    m->lane = calloc(m->nlanes ? m->nlanes : 1, sizeof *m->lane);
    m->occ = calloc(m->nsimds ? m->nsimds : 1, sizeof *m->occ);
    m->busy = calloc(m->nsimds ? m->nsimds : 1, sizeof *m->busy);
    m->lim = calloc(m->h.ncu ? m->h.ncu : 1, sizeof *m->lim);
    return m->lane && m->occ && m->busy && m->lim && viz_mem_alloc(m);
}

viz_model_t *viz_model_load(const char *path, char *msg, size_t msglen)
{
    trace_reader_t *r = trace_open(path, msg, msglen);
    if (!r)
        return NULL;
    viz_model_t *m = calloc(1, sizeof *m);
    if (!m) {
        trace_close(r);
        snprintf(msg, msglen, "out of memory loading the trace");
        return NULL;
    }
    snprintf(m->path, sizeof m->path, "%s", path);
    m->h = *trace_header(r);
    m->h.insts = NULL;   /* taken over from the reader after the records (it checks PCs against it) */
    m->h.ninsts = 0;
    m->h.dispatches = NULL;   /* the same (the reader frees its own at trace_close) */
    m->h.ndispatches = 0;
    m->issues = (m->h.flags & TRACE_FLAG_ISSUES) != 0;
    m->mem = (m->h.flags & TRACE_FLAG_MEM) != 0;
    bool ok = alloc_model(m) && viz_pcs_alloc(m);
    if (!ok)
        snprintf(msg, msglen, "out of memory loading the trace");
    tev_t ev;
    int got = 0;
    while (ok && (got = trace_next(r, &ev, msg, msglen)) == 1) {
        if (ev.kind == TEV_END) {
            const trace_end_t *e = trace_end_info(r);
            m->status = e->status;
            m->records = e->records;
            if (ev.cycle > m->end)
                m->end = ev.cycle;
            continue;
        }
        ok = add_event(m, &ev, msg, msglen);
        if (ok && !(viz_mem_event(m, &ev) && viz_pcs_event(m, &ev)))
            ok = false, snprintf(msg, msglen, "out of memory loading the trace");
    }
    if (ok && got < 0)
        ok = false;
    trace_header_t *h = (trace_header_t *)trace_header(r);
    m->h.insts = h->insts;
    m->h.ninsts = h->ninsts;
    h->insts = NULL;
    h->ninsts = 0;
    m->h.dispatches = h->dispatches;
    m->h.ndispatches = h->ndispatches;
    h->dispatches = NULL;
    h->ndispatches = 0;
    trace_close(r);
    if (ok)
        viz_mem_finish(m);
    viz_pcs_finish(m);
    if (ok && !finish(m)) {
        snprintf(msg, msglen, "out of memory loading the trace");
        ok = false;
    }
    if (!ok) {
        if (strncmp(msg, path, strlen(path)) != 0 && strlen(msg) + strlen(path) + 3 < msglen) {
            char tmp[1024];
            snprintf(tmp, sizeof tmp, "%s: %s", path, msg);
            snprintf(msg, msglen, "%s", tmp);
        }
        viz_model_free(m);
        return NULL;
    }
    return m;
}

void viz_model_free(viz_model_t *m)
{
    if (!m)
        return;
    free(m->hz);
    viz_pcs_free(m);
    for (uint32_t i = 0; m->lane && i < m->nlanes; i++) {
        viz_lane_t *l = &m->lane[i];
        free(l->t);
        free(l->code);
        free(l->waves);
        for (uint32_t j = 0; l->level && j < m->nlevels; j++)
            free(l->level[j]);
        free(l->level);
    }
    for (uint32_t s = 0; s < m->nsimds; s++) {
        if (m->occ) {
            free(m->occ[s].t);
            free(m->occ[s].v);
            free(m->occ[s].area);
        }
        if (m->busy) {
            free(m->busy[s].start);
            free(m->busy[s].end);
            free(m->busy[s].lane);
            free(m->busy[s].cum);
        }
    }
    for (uint32_t c = 0; m->lim && c < m->h.ncu; c++) {
        free(m->lim[c].t);
        free(m->lim[c].cat);
        free(m->lim[c].cum);
    }
    for (uint32_t i = 0; m->h.insts && i < m->h.ninsts; i++)
        free(m->h.insts[i].text);
    free(m->h.insts);
    trace_dispatches_free(m->h.dispatches, m->h.ndispatches);
    free(m->lane);
    free(m->occ);
    free(m->busy);
    free(m->lim);
    free(m->wg);
    free(m->wg_rows);
    free(m->wg_index);
    viz_mem_free(m);
    free(m);
}

/* viz_pcs: the instruction timing pane's data. The records are replayed in their order with the
 * meanings of the report's per-PC table (docs/report.md): an instruction's row is its issue and
 * what its wave did until it issued again (or ended): the cycles in between, and the wave's issue
 * slots at s_waitcnt (a SIMD's slots are the cycles t with t % simds == simd), of which hidden are
 * those in which another wave issued a VALU instruction on the same SIMD. The trace carries the
 * same events the report counts, in the same order, so the whole run's rows equal the report's. */
#include "viz_pcs.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t state;           /* tev_wave_state_t; TEV_WAVE_GONE: no wave */
    bool has;                /* the wave has issued (cur is its last issue) */
    uint64_t mark;           /* slots before it are charged */
    uint64_t last_issue, since, valu0;
    size_t cur;
    uint32_t wave;
} rslot_t;

struct viz_replay {
    rslot_t *sl;             /* [nlanes] */
    uint64_t *valu;          /* [nsimds] VALU issues so far */
};

static bool is_wait(uint8_t s) { return s == TEV_WAVE_WAIT_VM || s == TEV_WAVE_WAIT_LGKM; }

/* Issue slots of SIMD simd in [a, b): the cycles t in it with t % simds == simd. */
static uint64_t slots_below(uint64_t n, uint32_t simd, uint32_t simds) { return n > simd ? (n - simd + simds - 1) / simds : 0; }
static uint64_t simd_slots(uint64_t a, uint64_t b, uint32_t simd, uint32_t simds)
{
    return b <= a ? 0 : slots_below(b, simd, simds) - slots_below(a, simd, simds);
}

bool viz_pcs_alloc(viz_model_t *m)
{
    if (!m->issues)
        return true;
    struct viz_replay *rp = calloc(1, sizeof *rp);
    if (!rp)
        return false;
    m->pcs.rp = rp;
    rp->sl = calloc(m->nlanes ? m->nlanes : 1, sizeof *rp->sl);
    rp->valu = calloc(m->nsimds ? m->nsimds : 1, sizeof *rp->valu);
    if (!rp->sl || !rp->valu)
        return false;
    for (uint32_t i = 0; i < m->nlanes; i++)
        rp->sl[i].state = TEV_WAVE_GONE;
    return true;
}

/* Charge the slot's issue slots in [mark, to) to its last issue when the wave waits at s_waitcnt. */
static void advance(viz_model_t *m, rslot_t *s, uint32_t simd, uint64_t to)
{
    if (s->state == TEV_WAVE_GONE || to <= s->mark)
        return;
    if (is_wait(s->state)) {
        uint32_t d = simd % m->h.simds;
        uint64_t n = simd_slots(s->mark, to, d, m->h.simds), hid = m->pcs.rp->valu[simd] - s->valu0;
        if (hid > n)
            hid = n;
        if (s->has) {
            viz_issue_t *is = &m->pcs.is[s->cur];
            is->waited = (uint32_t)(is->waited + n);
            is->hidden = (uint32_t)(is->hidden + hid);
        }
        s->valu0 = m->pcs.rp->valu[simd];
    }
    s->mark = to;
}

/* The wave's last issue ends at now: its next issue, or its end. */
static void close_issue(viz_model_t *m, rslot_t *s, uint64_t now)
{
    if (s->has) {
        uint64_t d = now - s->last_issue;
        m->pcs.is[s->cur].lat = d >= VIZ_LAT_UNKNOWN ? VIZ_LAT_UNKNOWN - 1 : (uint32_t)d;
    }
}

static bool grow(void **p, size_t *cap, size_t n, size_t sz)
{
    if (n < *cap)
        return true;
    size_t c = *cap ? *cap * 2 : 256;
    void *q = realloc(*p, c * sz);
    if (!q)
        return false;
    *p = q;
    *cap = c;
    return true;
}

bool viz_pcs_event(viz_model_t *m, const tev_t *ev)
{
    struct viz_replay *rp = m->pcs.rp;
    if (!rp || (ev->kind != TEV_WAVE_STATE && ev->kind != TEV_ISSUE))
        return true;
    uint32_t simd = ev->cu * m->h.simds + ev->simd, li = simd * m->h.slots + ev->slot;
    rslot_t *s = &rp->sl[li];
    uint64_t t = ev->cycle;
    advance(m, s, simd, t);
    if (ev->kind == TEV_WAVE_STATE) {
        uint8_t to = (uint8_t)ev->u.wave_state;
        bool was = s->state != TEV_WAVE_GONE, is = to != TEV_WAVE_GONE;
        if (!was && is) {
            if (!grow((void **)&m->pcs.w, &m->pcs.capw, m->pcs.nw, sizeof *m->pcs.w))
                return false;
            m->pcs.w[m->pcs.nw] = (viz_pwave_t){ ev->wave, ev->wg };
            *s = (rslot_t){ .mark = t, .last_issue = t, .wave = (uint32_t)m->pcs.nw++ };
        } else if (was && !is) {
            close_issue(m, s, t);
        }
        s->state = to;
        s->since = t;
        if (t > s->mark)
            s->mark = t;
        s->valu0 = rp->valu[simd];
        return true;
    }
    close_issue(m, s, t);
    if (!grow((void **)&m->pcs.is, &m->pcs.cap, m->pcs.n, sizeof *m->pcs.is))
        return false;
    uint32_t wv = s->state == TEV_WAVE_GONE ? UINT32_MAX : s->wave;   /* no wave: a corrupt order, kept unfiltered */
    m->pcs.is[m->pcs.n] = (viz_issue_t){ t, li, ev->u.issue.pc, wv, VIZ_LAT_UNKNOWN, 0, 0 };
    s->cur = m->pcs.n++;
    s->has = true;
    s->last_issue = t;
    s->mark = t + 1;
    if (ev->u.issue.unit == ISA_UNIT_VALU) {
        rp->valu[simd]++;
        /* A wait recorded in this issue stage starts at the next cycle: this issue is not in it. */
        for (uint32_t k = 0; k < m->h.slots; k++) {
            rslot_t *w = &rp->sl[simd * m->h.slots + k];
            if (is_wait(w->state) && w->since > t)
                w->valu0++;
        }
    }
    return true;
}

void viz_pcs_finish(viz_model_t *m)
{
    if (m->pcs.rp) {
        free(m->pcs.rp->sl);
        free(m->pcs.rp->valu);
        free(m->pcs.rp);
        m->pcs.rp = NULL;
    }
}

void viz_pcs_free(viz_model_t *m)
{
    viz_pcs_finish(m);
    free(m->pcs.is);
    free(m->pcs.w);
    memset(&m->pcs, 0, sizeof m->pcs);
}

void viz_pcs_rows(const viz_model_t *m, uint64_t from, uint64_t to, viz_pfilter_t f, uint64_t id, viz_pc_row_t *rows)
{
    memset(rows, 0, (size_t)m->h.ninsts * sizeof *rows);
    for (size_t i = 0; i < m->pcs.n; i++) {
        const viz_issue_t *is = &m->pcs.is[i];
        if (is->cycle < from || is->cycle >= to || is->pc >= m->h.ninsts)
            continue;
        const viz_pwave_t *w = is->wave < m->pcs.nw ? &m->pcs.w[is->wave] : NULL;
        if (f != VIZ_PF_ALL && (!w || (f == VIZ_PF_WAVE ? w->id : w->wg) != id))
            continue;
        viz_pc_row_t *r = &rows[is->pc];
        r->issues++;
        r->waited += is->waited;
        r->hidden += is->hidden;
        if (is->lat != VIZ_LAT_UNKNOWN) {
            r->nlat++;
            r->lat_sum += is->lat;
            if (is->lat > r->lat_max)
                r->lat_max = is->lat;
        }
    }
}

/* viz_hover: what is under the pointer, from the last frame's layout (so a hover always describes
 * what was drawn there) through each panel's own description; a click acts on it. */
#include "viz_hover.h"

#include <inttypes.h>
#include <stdio.h>

#include "viz_pane.h"
#include "viz_panels.h"

static bool inside(const viz_rect_t *r, int x, int y)
{
    return x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h;
}

static void describe_lane(const viz_view_t *v, uint32_t li, double t, char *buf, size_t len)
{
    const viz_model_t *m = v->m;
    const viz_lane_t *l = &m->lane[li];
    uint32_t slot = li % m->h.slots, simd = li / m->h.slots % m->h.simds, cu = li / m->h.slots / m->h.simds;
    uint64_t c = t < 0 ? 0 : (uint64_t)t;
    const viz_wave_t *w = viz_lane_wave_at(l, c);
    size_t i = viz_lane_run_at(l, c);
    if (!w || i == SIZE_MAX) {
        snprintf(buf, len, "CU %u SIMD %u slot %u at cycle %" PRIu64 ": free", cu, simd, slot, c);
        return;
    }
    viz_state_t st = (viz_state_t)(l->code[i] & ((1u << VIZ_STATE_BITS) - 1));
    uint64_t s = l->t[i], e = i + 1 < l->n ? l->t[i + 1] : m->end;
    int n = snprintf(buf, len, "wave %" PRIu64 " (wg %" PRIu64 ") CU %u SIMD %u slot %u, cycle %" PRIu64
                     ": %s for %" PRIu64 " cycles (%" PRIu64 "-%" PRIu64 ")",
                     w->id, w->wg, cu, simd, slot, c, viz_state_name(st, m->issues), e - s, s, e);
    /* hazards: a mark within two pixels of the pointer comes first */
    double cpp = v->lay.plot_w > 0 ? (v->t1 - v->t0) / v->lay.plot_w : 1;
    const viz_hazard_t *z = viz_hazard_near(m, li, t - 2 * cpp, t + 2 * cpp);
    if (z && n > 0 && (size_t)n < len) {
        const trace_inst_t *ti = z->pc < m->h.ninsts ? &m->h.insts[z->pc] : NULL;
        snprintf(buf + n, len - (size_t)n, "; HAZARD (%s) at cycle %" PRIu64 ", pc 0x%04" PRIx32 ": %s; gcnsim check "
                 "explains it", trace_hazard_kind_name(z->kind), z->cycle, ti && ti->pc != TRACE_PC_UNKNOWN ? ti->pc : 0,
                 ti ? ti->text : "?");
        return;
    }
    /* The instruction: the wave's latest issue at or before the cycle. */
    for (size_t k = i + 1; k-- > 0 && l->t[k] >= w->start && n > 0 && (size_t)n < len;) {
        uint32_t ks = l->code[k] & ((1u << VIZ_STATE_BITS) - 1);
        if (ks >= VIZ_VALU && ks <= VIZ_LDS) {
            uint32_t idx = l->code[k] >> VIZ_STATE_BITS;
            const trace_inst_t *ti = idx < m->h.ninsts ? &m->h.insts[idx] : NULL;
            if (ti && ti->pc != TRACE_PC_UNKNOWN) /* the byte offset, as listings print it */
                snprintf(buf + n, len - (size_t)n, "; pc 0x%04" PRIx32 ": %s (issued at %" PRIu64 ")", ti->pc, ti->text,
                         l->t[k]);
            else
                snprintf(buf + n, len - (size_t)n, "; instruction %u: %s (issued at %" PRIu64 ")", idx,
                         ti ? ti->text : "?", l->t[k]);
            return;
        }
    }
    if (!m->issues && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, "; no issue records (trace with --trace-issues for PCs)");
}

viz_hover_kind_t viz_describe(const viz_view_t *v, int x, int y, char *buf, size_t len)
{
    const viz_model_t *m = v->m;
    const viz_layout_t *o = &v->lay;
    buf[0] = '\0';
    int row = viz_pane_row_at(v, x, y);
    if (row >= 0) {   /* the pane's rows cache is the view's */
        viz_describe_pane((viz_view_t *)v, row, buf, len);
        return VIZ_HOVER_PANE;
    }
    if (o->pane_x && x >= o->pane_x)
        return VIZ_HOVER_NONE;
    double cpp = (v->t1 - v->t0) / o->plot_w, a = viz_x_to_cycle(v, x), b = a + cpp;
    if (a < 0 || a > (double)m->end)
        return VIZ_HOVER_NONE;
    if (v->mode == VIZ_MODE_DETAIL && inside(&o->occ, x, y) && o->occ_cu_h > 0) {
        uint32_t cu = o->cu0 + (uint32_t)((y - o->occ.y) / o->occ_cu_h);
        if (cu >= o->cu0 + o->ncus)
            return VIZ_HOVER_NONE;
        int n = snprintf(buf, len, "CU %u, cycles %.0f-%.0f: resident waves", cu, a, b);
        double total = 0;
        for (uint32_t s = 0; s < m->h.simds && n > 0 && (size_t)n < len; s++) {
            const viz_step_t *st = &m->occ[cu * m->h.simds + s];
            double r = (viz_step_area(st, b) - viz_step_area(st, a)) / cpp;
            total += r;
            n += snprintf(buf + n, len - (size_t)n, " SIMD%u %.1f", s, r);
        }
        if (n > 0 && (size_t)n < len)
            snprintf(buf + n, len - (size_t)n, ", total %.1f of %u (limit %u); dispatch: %s", total, m->h.max_waves_cu,
                     viz_model_limit(m), viz_limiter_name(viz_limiter_over(m, cu, a, b)));
        return VIZ_HOVER_OCC;
    }
    if (v->mode == VIZ_MODE_DETAIL && inside(&o->lanes, x, y) && o->lane_h > 0) {
        uint32_t per = m->h.simds * m->h.slots, li = o->cu0 * per + (uint32_t)((y - o->lanes.y) / o->lane_h);
        if (li >= (o->cu0 + o->ncus) * per)
            return VIZ_HOVER_NONE;
        describe_lane(v, li, a + cpp / 2, buf, len);
        return VIZ_HOVER_LANE;
    }
    if (inside(&o->mem, x, y) && o->mem_row_h > 0)
        return viz_describe_mem(v, (y - o->mem.y) / o->mem_row_h, a, b, buf, len);
    if (v->mode == VIZ_MODE_OVERVIEW && inside(&o->strips, x, y) && o->strip_h > 0) {
        uint32_t cu = (uint32_t)((y - o->strips.y) / o->strip_h);
        if (cu >= m->h.ncu)
            return VIZ_HOVER_NONE;
        viz_describe_strip(v, cu, a, b, buf, len);
        return VIZ_HOVER_STRIP;
    }
    if (v->mode == VIZ_MODE_DETAIL && inside(&o->wgs, x, y) && o->wg_row_h > 0) {
        uint32_t row = (uint32_t)((y - o->wgs.y) / o->wg_row_h), cu = o->cu0;
        while (cu < o->cu0 + o->ncus && row >= (m->wg_rows[cu] ? m->wg_rows[cu] : 1))
            row -= m->wg_rows[cu] ? m->wg_rows[cu] : 1, cu++;
        for (size_t i = 0; cu < o->cu0 + o->ncus && i < m->nwg; i++) {
            const viz_wg_t *g = &m->wg[i];
            if (g->cu == cu && g->row == row && (double)g->start < b && (double)g->end > a) {
                int n = snprintf(buf, len, "workgroup %" PRIu64 " (%u,%u,%u) on CU %u: cycles %" PRIu64 "-%" PRIu64
                                 " (%" PRIu64 "), %u waves", g->id, g->gid[0], g->gid[1], g->gid[2], cu, g->start,
                                 g->end, g->end - g->start, g->waves);
                if (m->h.ndispatches > 1 && n > 0 && (size_t)n < len && g->dispatch < m->h.ndispatches)
                    snprintf(buf + n, len - (size_t)n, ", dispatch %u (%s)", g->dispatch, m->h.dispatches[g->dispatch].kernel);
                return VIZ_HOVER_WG;
            }
        }
    }
    return VIZ_HOVER_NONE;
}

bool viz_pane_click(viz_view_t *v, int x, int y)
{
    const viz_layout_t *o = &v->lay;
    const viz_model_t *m = v->m;
    int row = viz_pane_row_at(v, x, y);
    if (row >= 0) {
        v->pick = v->pick == row ? -1 : row;
        return true;
    }
    if (o->pane_x && x >= o->pane_x)
        return false;
    char buf[512];
    viz_hover_kind_t k = viz_describe(v, x, y, buf, sizeof buf);
    if (k == VIZ_HOVER_LANE) {
        uint32_t per = m->h.simds * m->h.slots, li = o->cu0 * per + (uint32_t)((y - o->lanes.y) / o->lane_h);
        double t = viz_x_to_cycle(v, x) + (v->t1 - v->t0) / o->plot_w / 2;
        const viz_wave_t *w = li < m->nlanes ? viz_lane_wave_at(&m->lane[li], t < 0 ? 0 : (uint64_t)t) : NULL;
        if (!w)
            return false;
        v->pf = VIZ_PF_WAVE;
        v->pf_id = w->id;
        return true;
    }
    unsigned long long id;
    if (k == VIZ_HOVER_WG && sscanf(buf, "workgroup %llu", &id) == 1) {
        v->pf = VIZ_PF_WG;
        v->pf_id = id;
        return true;
    }
    return false;
}

/* viz_layout: the view (visible cycles, selection), where each panel sits for a picture size, and
 * what is under the pointer. Drawing and input both use these, so a hover always describes what
 * was drawn there. */
#include "viz.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

enum { MIN_SPAN = 8 };   /* cycles: the closest zoom */

void viz_view_init(viz_view_t *v, const viz_model_t *m, viz_text_t *text)
{
    memset(v, 0, sizeof *v);
    v->m = m;
    v->text = text;
    v->pal = &viz_palettes[0];
    v->pick = -1;
    viz_view_fit(v);
}

void viz_view_fit(viz_view_t *v) { viz_view_set(v, 0, (double)v->m->end + 1); }

void viz_view_set(viz_view_t *v, double from, double to)
{
    double total = (double)v->m->end + 1, span = to - from;
    if (total < MIN_SPAN)
        total = MIN_SPAN;
    if (span < MIN_SPAN)
        span = MIN_SPAN;
    if (span > total)
        span = total;
    if (from < 0)
        from = 0;
    if (from + span > total)
        from = total - span;
    v->t0 = from;
    v->t1 = from + span;
}

void viz_view_select(viz_view_t *v, uint64_t from, uint64_t to)
{
    if (to < from) {
        uint64_t x = from;
        from = to;
        to = x;
    }
    if (to > v->m->end + 1)
        to = v->m->end + 1;
    v->sel = to > from;
    if (v->sel)
        viz_range_stats(v->m, from, to, &v->range);
}

void viz_view_mode(viz_view_t *v, viz_mode_t mode, uint32_t cu)
{
    v->mode = mode;
    v->cu = cu < v->m->h.ncu ? cu : v->m->h.ncu - 1;
}

/* The memory tracks: DRAM bytes/cycle, L2 bytes/cycle, L1 and L2 hit rates, address-unit stalls. */
enum { MEM_ROWS = 5 };

/* Panels top to bottom: title, caption, the memory tracks (with memory records), then in detail
 * the occupancy plots, the axis, the lanes and the workgroup spans of the CUs that fit legibly
 * (each SIMD's lanes and each occupancy plot at least a text line high), in the overview the axis
 * and one strip per CU; legend and status at the bottom. */
void viz_layout(const viz_view_t *v, int w, int h, viz_layout_t *o)
{
    const viz_model_t *m = v->m;
    memset(o, 0, sizeof *o);
    o->w = w;
    o->h = h;
    o->lh = viz_text_height(v->text);
    int lh = o->lh, gap = 6;
    o->plot_x = viz_text_width(v->text, "CU 00 SIMD 0") + 12;
    o->plot_w = w - o->plot_x - 10;
    if (o->plot_w < 1)
        o->plot_w = 1;
    o->title = (viz_rect_t){ 0, 0, w, lh + 6 };
    int legend_lines = viz_legend_lines((viz_view_t *)v, w - 16), status_lines = m->mem ? 3 : 2;
    o->status = (viz_rect_t){ 0, h - status_lines * lh - 6, w, status_lines * lh + 6 };
    o->legend = (viz_rect_t){ 0, o->status.y - legend_lines * (lh + 2) - 4, w, legend_lines * (lh + 2) + 4 };
    o->caption = (viz_rect_t){ 0, o->title.h, w, lh + 4 };
    int top = o->caption.y + o->caption.h + gap / 2, bottom = o->legend.y - gap;
    int rest = bottom - top - (lh + 4) - 2 * gap;
    if (rest < 30)
        rest = 30;
    if (m->mem) {
        o->mem_rows = MEM_ROWS;
        o->mem_row_h = rest * 7 / 100 > 2 * lh ? rest * 7 / 100 : 2 * lh;
        o->mem = (viz_rect_t){ o->plot_x, top, o->plot_w, MEM_ROWS * o->mem_row_h };
        top += o->mem.h + gap;
        rest -= o->mem.h + gap;
    }
    if (v->mode == VIZ_MODE_OVERVIEW) {
        o->axis = (viz_rect_t){ o->plot_x, top, o->plot_w, lh + 4 };
        int sy = o->axis.y + o->axis.h + gap / 2, sh = bottom - sy;
        o->strips = (viz_rect_t){ o->plot_x, sy, o->plot_w, sh > (int)m->h.ncu ? sh : (int)m->h.ncu };
        o->strip_h = (double)o->strips.h / m->h.ncu;
        if (o->strip_h > 3 * lh) {   /* a few CUs: strips of three text lines, not the whole height */
            o->strip_h = 3 * lh;
            o->strips.h = (int)m->h.ncu * 3 * lh;
        }
        o->strip_label_every = 1;
        while (o->strip_label_every < m->h.ncu && o->strip_label_every * o->strip_h < lh + 1)
            o->strip_label_every *= 2;
        o->occ = o->lanes = o->wgs = (viz_rect_t){ o->plot_x, sy, o->plot_w, 0 };
        return;
    }
    int occ_h = rest * 28 / 100, wg_h = rest * 20 / 100, lanes_h = rest - occ_h - wg_h;
    uint32_t fit_lanes = (uint32_t)(lanes_h / (m->h.simds * (lh + 1))), fit_occ = (uint32_t)(occ_h / (2 * lh + 8));
    uint32_t n = fit_lanes < fit_occ ? fit_lanes : fit_occ;
    n = n < 1 ? 1 : n > m->h.ncu ? m->h.ncu : n;
    o->ncus = n;
    o->cu0 = v->cu + n > m->h.ncu ? m->h.ncu - n : v->cu;
    o->occ = (viz_rect_t){ o->plot_x, top, o->plot_w, occ_h };
    o->axis = (viz_rect_t){ o->plot_x, top + occ_h + gap / 2, o->plot_w, lh + 4 };
    o->lanes = (viz_rect_t){ o->plot_x, o->axis.y + o->axis.h + gap / 2, o->plot_w, lanes_h };
    o->wgs = (viz_rect_t){ o->plot_x, o->lanes.y + lanes_h + gap, o->plot_w, wg_h };
    o->occ_cu_h = occ_h / (int)n;
    o->lane_h = (double)lanes_h / ((size_t)n * m->h.simds * m->h.slots);
    for (uint32_t c = o->cu0; c < o->cu0 + n; c++)
        o->wg_rows += m->wg_rows[c] ? m->wg_rows[c] : 1;
    o->wg_row_h = o->wg_rows ? (double)wg_h / o->wg_rows : wg_h;
}

double viz_x_to_cycle(const viz_view_t *v, int x)
{
    return v->t0 + (double)(x - v->lay.plot_x) * (v->t1 - v->t0) / v->lay.plot_w;
}

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

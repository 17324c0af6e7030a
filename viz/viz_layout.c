/* viz_layout: where each panel sits for a picture size: the timeline's panels top to bottom, the
 * legend's lines (viz_legend.h) and the instruction pane's share of the width. */
#include "viz_layout.h"

#include <string.h>

#include "viz_legend.h"

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

enum { PANE_MIN_W = 480, PANE_MAX_W = 760, TIMELINE_MIN_W = 560 };

int viz_pane_width(const viz_view_t *v, int w)
{
    if (!v->pane)
        return 0;
    int pw = w * 45 / 100;
    pw = pw < PANE_MIN_W ? PANE_MIN_W : pw > PANE_MAX_W ? PANE_MAX_W : pw;
    return w - pw < TIMELINE_MIN_W ? (w > 2 * TIMELINE_MIN_W ? w - TIMELINE_MIN_W : w / 2) : pw;
}

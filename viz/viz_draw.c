/* viz_draw: the picture — title, occupancy per CU with its limit and dispatch band, the wave-slot
 * lanes, workgroup spans, legend and status line — on any SDL renderer, laid out by viz_layout.h
 * with the memory tracks and strips (viz_panels.h) and the pane (viz_pane.h) drawn by their own
 * modules. Every panel is computed per pixel column from the load-time aggregates, so a frame's
 * cost depends on the picture's size, not on the trace's. */
#include "viz_draw.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "viz_canvas.h"
#include "viz_hover.h"
#include "viz_layout.h"
#include "viz_legend.h"
#include "viz_palette.h"
#include "viz_pane.h"
#include "viz_panels.h"

static void set(SDL_Renderer *r, SDL_Color c) { SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a); }

static void fill(SDL_Renderer *r, SDL_Color c, int x, int y, int w, int h)
{
    if (w <= 0 || h <= 0)
        return;
    set(r, c);
    SDL_RenderFillRect(r, &(SDL_Rect){ x, y, w, h });
}

/* Draw a row of per-column colour indices as runs of equal colour. */
static void draw_row(viz_canvas_t *cv, const uint8_t *col, int n, int x0, int y, int h, const SDL_Color *pal, uint8_t skip)
{
    for (int x = 0; x < n;) {
        int e = x + 1;
        while (e < n && col[e] == col[x])
            e++;
        if (col[x] != skip)
            viz_cfill(cv, pal[col[x]], x0 + x, y, e - x, h);
        x = e;
    }
}

/* A tick step of 1, 2 or 5 times a power of ten giving at least min_px pixels between ticks. */
static double tick_step(double cpp, int min_px)
{
    double want = cpp * min_px, p = 1;
    while (p * 10 <= want)
        p *= 10;
    if (p >= want)
        return p;
    if (2 * p >= want)
        return 2 * p;
    if (5 * p >= want)
        return 5 * p;
    return 10 * p;
}

/* Grid lines and ticks on the canvas; with labels, the tick labels on the renderer (after the
 * canvas is copied, which covers the axis strip). */
static void draw_axis(viz_view_t *v, SDL_Renderer *r, viz_canvas_t *cv, double cpp, bool labels)
{
    const viz_layout_t *o = &v->lay;
    double step = tick_step(cpp, 90);
    SDL_Color grid = { 225, 225, 225, 255 };
    for (double t = ceil(v->t0 / step) * step; t < v->t1; t += step) {
        int x = o->plot_x + (int)((t - v->t0) / cpp);
        char buf[32];
        snprintf(buf, sizeof buf, "%.0f", t);
        if (labels) {
            viz_label(v, r, x + 2, o->axis.y + 2, viz_faint, buf);
            continue;
        }
        viz_cfill(cv, grid, x, o->occ.y, 1, o->wgs.y + o->wgs.h - o->occ.y);
        viz_cfill(cv, viz_faint, x, o->axis.y, 1, 4);
    }
    if (labels)
        viz_label(v, r, 4, o->axis.y + 2, viz_faint, "cycle");
}

static void draw_occupancy(viz_view_t *v, SDL_Renderer *r, viz_canvas_t *cv, double cpp, uint8_t *col)
{
    const viz_model_t *m = v->m;
    const viz_layout_t *o = &v->lay;
    int band = o->occ_cu_h >= 24 ? 6 : o->occ_cu_h / 4, ph = o->occ_cu_h - band - 3;
    if (ph < 1)
        return;
    double scale = (double)ph / (m->h.max_waves_cu ? m->h.max_waves_cu : 1);
    int nx = o->plot_w;   /* columns past the run's end stay empty */
    if ((double)m->end + 1 < v->t1)
        nx = (int)ceil(((double)m->end + 1 - v->t0) / cpp);
    nx = nx < 0 ? 0 : nx > o->plot_w ? o->plot_w : nx;
    float *acc = v->colf + o->plot_w, *val = v->colf;
    for (uint32_t cu = o->cu0; cu < o->cu0 + o->ncus; cu++) {
        int y0 = o->occ.y + (int)(cu - o->cu0) * o->occ_cu_h, base = y0 + ph;
        viz_cfill(cv, (SDL_Color){ 255, 255, 255, 255 }, o->plot_x, y0, o->plot_w, ph);
        for (int x = 0; x < nx; x++)
            acc[x] = 0;
        for (uint32_t s = 0; s < m->h.simds; s++) {
            viz_step_columns(&m->occ[cu * m->h.simds + s], v->t0, cpp, nx, val);
            for (int x = 0; x < nx; x++) {
                int ya = (int)lround(acc[x] * scale), yb = (int)lround((acc[x] + val[x]) * scale);
                viz_cfill(cv, v->pal->simd[s & 3], o->plot_x + x, base - yb, 1, yb - ya);
                acc[x] += val[x];
            }
        }
        viz_cfill(cv, v->pal->limit, o->plot_x, base - (int)lround(viz_model_limit(m) * scale), o->plot_w, 1);
        char buf[48];
        snprintf(buf, sizeof buf, "CU %u", cu);
        viz_label(v, r, 4, y0, viz_ink, buf);
        if (ph >= 2 * o->lh) {
            snprintf(buf, sizeof buf, "max %u", m->h.max_waves_cu);
            viz_label(v, r, 4, y0 + o->lh, viz_faint, buf);
        }
        /* The dispatch situation underneath, as a band. */
        for (int x = 0; x < o->plot_w; x++)
            col[x] = x >= nx ? VIZ_LIM_NONE : (uint8_t)viz_limiter_over(m, cu, v->t0 + x * cpp, v->t0 + (x + 1) * cpp);
        draw_row(cv, col, o->plot_w, o->plot_x, base + 2, band, v->pal->lim, VIZ_LIM_NONE);
    }
}

static void draw_lanes(viz_view_t *v, SDL_Renderer *r, viz_canvas_t *cv, double cpp, uint8_t *col)
{
    const viz_model_t *m = v->m;
    const viz_layout_t *o = &v->lay;
    viz_cfill(cv, (SDL_Color){ 255, 255, 255, 255 }, o->lanes.x, o->lanes.y, o->lanes.w, o->lanes.h);
    int last_y = -1;
    uint32_t per = m->h.simds * m->h.slots, l0 = o->cu0 * per;
    for (uint32_t li = l0; li < l0 + o->ncus * per; li++) {
        int y = o->lanes.y + (int)floor((li - l0) * o->lane_h), y1 = o->lanes.y + (int)floor((li - l0 + 1) * o->lane_h);
        if (y == last_y)
            continue;   /* more lanes than pixel rows: one lane per row is shown */
        last_y = y;
        int h = y1 - y;
        if (h < 1)
            h = 1;
        if (h > 3)
            h--;    /* a one-pixel gap separates lanes when there is room */
        viz_lane_columns(m, &m->lane[li], v->t0, cpp, o->plot_w, col);
        draw_row(cv, col, o->plot_w, o->plot_x, y, h, v->pal->state, VIZ_NONE);
    }
    /* hazards: a mark (3 pixels wide at least, the lane's height) where each finding happened */
    for (size_t i = 0; i < m->nhz; i++) {
        const viz_hazard_t *z = &m->hz[i];
        double x = ((double)z->cycle - v->t0) / cpp;
        if (x < -2 || x >= o->plot_w + 2)
            continue;
        int y = o->lanes.y + (int)floor(z->lane * o->lane_h), h = (int)floor(o->lane_h);
        viz_cfill(cv, v->pal->hazard, o->plot_x + (int)floor(x) - 1, y, 3, h < 3 ? 3 : h);
    }
    /* SIMD and CU separators and labels. */
    for (uint32_t s = o->cu0 * m->h.simds; s < (o->cu0 + o->ncus) * m->h.simds; s++) {
        int y = o->lanes.y + (int)floor((s - o->cu0 * m->h.simds) * m->h.slots * o->lane_h), hh = (int)floor(m->h.slots * o->lane_h);
        SDL_Color c = s % m->h.simds == 0 ? viz_ink : viz_faint;
        viz_cfill(cv, c, o->plot_x, y, o->plot_w, 1);
        fill(r, c, o->plot_x - 4, y, 4, 1);
        if (hh >= o->lh) {
            char buf[32];
            snprintf(buf, sizeof buf, "CU %u SIMD %u", s / m->h.simds, s % m->h.simds);
            viz_label(v, r, 4, y + (hh - o->lh) / 2, viz_ink, buf);
        }
    }
}

/* Workgroup spans, one row per concurrently running workgroup of a CU. Labels are drawn after the
 * canvas is on the renderer, so they are collected: labels[k] is a workgroup index. */
static size_t draw_wgs(viz_view_t *v, SDL_Renderer *r, viz_canvas_t *cv, double cpp, size_t *labels, size_t max_labels)
{
    const viz_model_t *m = v->m;
    const viz_layout_t *o = &v->lay;
    /* Alternate shades per workgroup; a hue per dispatch (four, repeating) so that overlapping
     * dispatches can be told apart. */
    size_t nlabels = 0;
    uint32_t row0 = 0;
    int *last_x = calloc(o->wg_rows ? o->wg_rows : 1, sizeof *last_x);
    uint32_t *first_row = calloc(m->h.ncu ? m->h.ncu : 1, sizeof *first_row);
    for (uint32_t cu = o->cu0; cu < o->cu0 + o->ncus; cu++) {
        uint32_t rows = m->wg_rows[cu] ? m->wg_rows[cu] : 1;
        int y = o->wgs.y + (int)floor(row0 * o->wg_row_h);
        viz_cfill(cv, viz_ink, o->plot_x, y, o->plot_w, 1);
        fill(r, viz_ink, o->plot_x - 4, y, 4, 1);
        char buf[64];
        snprintf(buf, sizeof buf, "CU %u wgs", cu);
        if (rows * o->wg_row_h >= o->lh)
            viz_label(v, r, 4, y + 1, viz_ink, buf);
        if (first_row)
            first_row[cu] = row0;
        row0 += rows;
    }
    if (!last_x || !first_row) {
        free(last_x);
        free(first_row);
        return 0;
    }
    for (uint32_t i = 0; i < o->wg_rows; i++)
        last_x[i] = -1;
    for (size_t i = 0; i < m->nwg; i++) {
        const viz_wg_t *g = &m->wg[i];
        if ((double)g->end <= v->t0 || (double)g->start >= v->t1 || g->cu < o->cu0 || g->cu >= o->cu0 + o->ncus)
            continue;
        uint32_t row = first_row[g->cu] + g->row;
        int x0 = (int)floor(((double)g->start - v->t0) / cpp), x1 = (int)floor(((double)g->end - v->t0) / cpp);
        x0 = x0 < 0 ? 0 : x0;
        x1 = x1 > o->plot_w ? o->plot_w : x1;
        if (x1 <= x0)
            x1 = x0 + 1;
        if (x1 <= last_x[row])
            continue;   /* this pixel column of the row is already drawn */
        last_x[row] = x1;
        int y = o->wgs.y + (int)floor(row * o->wg_row_h), h = (int)floor((row + 1) * o->wg_row_h) - (y - o->wgs.y);
        h = h > 3 ? h - 1 : (h < 1 ? 1 : h);
        viz_cfill(cv, v->pal->wg[g->dispatch & 3][g->id & 1], o->plot_x + x0, y + 1, x1 - x0 > 2 ? x1 - x0 - 1 : x1 - x0, h);
        if (h >= o->lh && x1 - x0 > 40 && nlabels < max_labels)
            labels[nlabels++] = i;
    }
    free(first_row);
    free(last_x);
    return nlabels;
}

static void draw_wg_labels(viz_view_t *v, SDL_Renderer *r, double cpp, const size_t *labels, size_t n)
{
    const viz_model_t *m = v->m;
    const viz_layout_t *o = &v->lay;
    uint32_t row0 = 0, *first_row = calloc(m->h.ncu ? m->h.ncu : 1, sizeof *first_row);
    for (uint32_t cu = o->cu0; first_row && cu < o->cu0 + o->ncus; cu++) {
        first_row[cu] = row0;
        row0 += m->wg_rows[cu] ? m->wg_rows[cu] : 1;
    }
    for (size_t k = 0; first_row && k < n; k++) {
        const viz_wg_t *g = &m->wg[labels[k]];
        uint32_t row = first_row[g->cu] + g->row;
        double x0 = ((double)g->start - v->t0) / cpp, x1 = ((double)g->end - v->t0) / cpp;
        x0 = x0 < 0 ? 0 : x0;
        x1 = x1 > o->plot_w ? o->plot_w : x1;
        char buf[32];
        snprintf(buf, sizeof buf, "wg %" PRIu64, g->id);
        int y = o->wgs.y + (int)floor(row * o->wg_row_h), h = (int)floor((row + 1) * o->wg_row_h) - (y - o->wgs.y);
        if (x1 - x0 > viz_text_width(v->text, buf) + 6)
            viz_label(v, r, o->plot_x + (int)x0 + 3, y + 1 + (h - 1 - o->lh) / 2, (SDL_Color){ 255, 255, 255, 255 }, buf);
    }
    free(first_row);
}

static void draw_status(viz_view_t *v, SDL_Renderer *r)
{
    const viz_model_t *m = v->m;
    const viz_layout_t *o = &v->lay;
    char line[768];
    line[0] = '\0';
    if (v->pointer)
        viz_describe(v, v->px, v->py, line, sizeof line);
    if (!line[0] && v->pointer)
        snprintf(line, sizeof line, "wheel: zoom   drag or arrows: pan   shift+drag or right-drag: select a range   "
                                    "f: fit   Esc: clear   i: instruction pane   q: quit");
    viz_label(v, r, 6, o->status.y + 2, viz_ink, line);
    int n = snprintf(line, sizeof line, "view %.0f-%.0f (%.0f cycles, %.3g cycles/px)", v->t0, v->t1, v->t1 - v->t0,
                     (v->t1 - v->t0) / o->plot_w);
    if (v->sel && n > 0 && (size_t)n < sizeof line) {
        const viz_range_t *s = &v->range;
        n += snprintf(line + n, sizeof line - (size_t)n,
                      "   range %" PRIu64 "-%" PRIu64 ": occupancy %.1f%% (%.2f waves/CU)", s->from, s->to,
                      100 * s->occupancy, s->waves_per_cu);
        if (n > 0 && (size_t)n < sizeof line) {
            if (m->issues)
                n += snprintf(line + n, sizeof line - (size_t)n, ", VALU utilisation %.1f%%, hidden latency %.1f%% of %" PRIu64 " wait cycles",
                              100 * s->valu_util, s->wait_cycles ? 100.0 * (double)s->hidden_cycles / (double)s->wait_cycles : 0.0,
                              s->wait_cycles);
            if (m->mfma && n > 0 && (size_t)n < sizeof line)
                n += snprintf(line + n, sizeof line - (size_t)n, ", matrix core %.1f%%", 100 * s->mfma_util);
            if (!m->issues)
                n += snprintf(line + n, sizeof line - (size_t)n, ", VALU utilisation and hidden latency need issue records");
        }
    }
    if (!m->issues && !v->sel && n > 0 && (size_t)n < sizeof line)
        snprintf(line + n, sizeof line - (size_t)n, "   no issue records: issuing is shown as eligible (trace with --trace-issues)");
    viz_label(v, r, 6, o->status.y + 2 + o->lh, viz_faint, line);
    if (m->mem) {
        viz_mem_line(v, v->sel ? (double)v->range.from : v->t0, v->sel ? (double)v->range.to : v->t1, line, sizeof line);
        viz_label(v, r, 6, o->status.y + 2 + 2 * o->lh, viz_faint, line);
    }
}

static void draw_title(viz_view_t *v, SDL_Renderer *r)
{
    const viz_model_t *m = v->m;
    static const char *const ends[3] = { "", ", run stopped early", ", trace cut at its size limit" };
    char line[640];
    if (m->h.ndispatches > 1)
        snprintf(line, sizeof line, "%s  %u dispatches (first: %.200s), %" PRIu64 " workgroups  %u CU x %u SIMD x %u slots  "
                 "%" PRIu64 " cycles  %s%s", m->path, m->h.ndispatches, m->h.kernel, m->h.nworkgroups, m->h.ncu,
                 m->h.simds, m->h.slots, m->end, m->issues ? (m->mem ? "issue and memory records" : "issue records") : m->mem ? "memory records" : "no issue records",
                 m->status <= 2 ? ends[m->status] : "");
    else
        snprintf(line, sizeof line, "%s  kernel %.200s  grid %ux%ux%u, workgroup %ux%ux%u, %" PRIu64 " workgroups  %u CU x %u SIMD x %u slots  "
                 "%" PRIu64 " cycles  %s%s",
                 m->path, m->h.kernel, m->h.grid[0], m->h.grid[1], m->h.grid[2], m->h.wg_size[0], m->h.wg_size[1],
                 m->h.wg_size[2], m->h.nworkgroups, m->h.ncu, m->h.simds, m->h.slots, m->end,
                 m->issues ? (m->mem ? "issue and memory records" : "issue records") : m->mem ? "memory records" : "no issue records",
                 m->status <= 2 ? ends[m->status] : "");
    viz_label(v, r, 6, 3, viz_ink, line);
}

/* The legend's entries where viz_legend_place puts them: the swatches, then the name. */
static void draw_legend(viz_view_t *v, SDL_Renderer *r, int x0, int y0, int width)
{
    int lh = viz_text_height(v->text), sw = lh * 3 / 5 + 2, lines;
    viz_legend_entry_t e[VIZ_LEGEND_MAX];
    int n = viz_legend_place(v, x0, y0, width, e, &lines);
    for (int k = 0; k < n; k++) {
        for (int j = 0; j < e[k].nc; j++) {
            SDL_Color c = e[k].c[j];
            SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255);
            SDL_RenderFillRect(r, &(SDL_Rect){ e[k].x + j * (sw + 2), e[k].y + lh / 5, sw, sw });
        }
        viz_label(v, r, e[k].x + (e[k].nc ? e[k].nc * (sw + 2) + 2 : 0), e[k].y, e[k].nc ? viz_ink : viz_faint, e[k].name);
    }
}

/* (Re)make the plot area's texture and buffers when the size or renderer changed. */
static bool canvas_ready(viz_view_t *v, SDL_Renderer *r, int w, int h)
{
    if (v->tex && v->tex_r == r && v->tex_w == w && v->tex_h == h)
        return true;
    viz_view_free(v);
    v->px_buf = malloc((size_t)w * (size_t)h * sizeof *v->px_buf);
    v->colf = malloc(2 * (size_t)w * sizeof *v->colf);
    v->tex = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, w, h);
    v->tex_r = r;
    v->tex_w = w;
    v->tex_h = h;
    return v->px_buf && v->colf && v->tex;
}

void viz_draw(viz_view_t *v, SDL_Renderer *r, int w, int h)
{
    int pane_w = viz_pane_width(v, w);   /* the instruction pane takes the right side */
    viz_layout(v, w - pane_w, h, &v->lay);
    v->lay.pane_x = pane_w ? w - pane_w : 0;
    v->nlabels = 0;
    const viz_layout_t *o = &v->lay;
    const viz_model_t *m = v->m;
    bool overview = v->mode == VIZ_MODE_OVERVIEW;
    double cpp = (v->t1 - v->t0) / o->plot_w;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    fill(r, (SDL_Color){ 244, 244, 244, 255 }, 0, 0, w, h);
    int cy = o->mem.h ? o->mem.y : o->occ.y, cend = overview ? o->strips.y + o->strips.h : o->wgs.y + o->wgs.h;
    viz_canvas_t cv = { NULL, o->plot_x, cy, o->plot_w, cend - cy };
    uint8_t *col = malloc((size_t)o->plot_w);
    enum { MAX_LABELS = 512 };
    size_t labels[MAX_LABELS], nlabels = 0;
    if (!col || cv.h <= 0 || !canvas_ready(v, r, cv.w, cv.h)) {
        free(col);
        return;
    }
    cv.px = v->px_buf;
    viz_cfill(&cv, (SDL_Color){ 244, 244, 244, 255 }, cv.ox, cv.oy, cv.w, cv.h);
    draw_title(v, r);
    if (m->mem)
        viz_draw_mem(v, r, &cv, cpp, false);
    if (overview) {
        viz_draw_strips(v, r, &cv, cpp, false);
        draw_axis(v, r, &cv, cpp, false);
    } else {
        draw_occupancy(v, r, &cv, cpp, col);
        draw_axis(v, r, &cv, cpp, false);
        draw_lanes(v, r, &cv, cpp, col);
        viz_pane_marks(v, &cv, cpp);
        nlabels = draw_wgs(v, r, &cv, cpp, labels, MAX_LABELS);
    }
    free(col);
    if (v->sel) {   /* the selected range, shaded over every panel */
        double a = ((double)v->range.from - v->t0) / cpp, b = ((double)v->range.to - v->t0) / cpp;
        a = a < 0 ? 0 : a;
        b = b > o->plot_w ? o->plot_w : b;
        if (b > a) {   /* light enough that the states stay readable; the edges mark the range */
            SDL_Color sel = { 40, 90, 200, 255 };
            viz_cshade(&cv, sel, 28, o->plot_x + (int)a, cv.oy, (int)(b - a) + 1, cv.h);
            viz_cfill(&cv, sel, o->plot_x + (int)a, cv.oy, 1, cv.h);
            viz_cfill(&cv, sel, o->plot_x + (int)b, cv.oy, 1, cv.h);
        }
    }
    if (v->pointer && v->px >= o->plot_x && v->px < o->plot_x + o->plot_w)
        viz_cfill(&cv, viz_ink, v->px, cv.oy, 1, cv.h);
    SDL_UpdateTexture(v->tex, NULL, cv.px, cv.w * (int)sizeof *cv.px);
    SDL_RenderCopy(r, v->tex, NULL, &(SDL_Rect){ cv.ox, cv.oy, cv.w, cv.h });
    draw_axis(v, r, &cv, cpp, true);
    if (m->mem)
        viz_draw_mem(v, r, &cv, cpp, true);
    char cap[256];
    if (overview) {
        viz_draw_strips(v, r, &cv, cpp, true);
        snprintf(cap, sizeof cap, "%u CUs, one strip each: %s   (click or Enter: open a CU, PgUp/PgDn: step, "
                 "s: strip, o: detail)", m->h.ncu, v->strip == VIZ_STRIP_STATE ? "most common wave state" : "resident waves");
    } else {
        draw_wg_labels(v, r, cpp, labels, nlabels);
        if (o->ncus < m->h.ncu)
            snprintf(cap, sizeof cap, "CUs %u-%u of %u: resident waves per SIMD, limit line, dispatch band; "
                     "lanes; workgroups   (PgUp/PgDn: step, o: overview)", o->cu0, o->cu0 + o->ncus - 1, m->h.ncu);
        else
            snprintf(cap, sizeof cap, "resident waves per SIMD (stacked), limit line, dispatch band; lanes; workgroups%s",
                     m->h.ncu > 1 ? "   (o: overview)" : "");
    }
    viz_label(v, r, o->plot_x, o->caption.y + 2, viz_faint, cap);
    draw_legend(v, r, 8, o->legend.y + 2, o->w - 16);
    draw_status(v, r);
    viz_draw_pane(v, r, w, h);
    v->lay.w = w;   /* the picture's width, now that the timeline's labels are drawn */
}

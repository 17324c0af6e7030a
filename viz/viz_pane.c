/* viz_pane: the instruction timing pane (docs/viewer.md): the kernel's listing, from the trace
 * header, with each instruction's issues, its mean and longest latency to its wave's next issue,
 * and the issue slots its wave then waited at s_waitcnt and how many of them other waves' VALU
 * issues hid (viz_pcs.c) — over the selected range (else the whole run) and all waves, the
 * selected wave or its workgroup. A picked instruction's issues are marked on the lanes. */
#include "viz_pane.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "viz_layout.h"
#include "viz_palette.h"
#include "viz_pcs.h"

static void range_of(const viz_view_t *v, uint64_t *from, uint64_t *to)
{
    *from = v->sel ? v->range.from : 0;
    *to = v->sel ? v->range.to : v->m->end + 1;
}

const viz_pc_row_t *viz_pane_rows(viz_view_t *v)
{
    const viz_model_t *m = v->m;
    uint64_t from, to;
    range_of(v, &from, &to);
    uint64_t key[4] = { from, to, (uint64_t)v->pf, v->pf_id };
    if (v->rows_ok && !memcmp(key, v->rows_key, sizeof key))
        return v->rows;
    if (!v->rows) {
        v->rows = malloc((m->h.ninsts ? m->h.ninsts : 1) * sizeof *v->rows);
        if (!v->rows)
            return NULL;
    }
    viz_pcs_rows(m, from, to, v->pf, v->pf_id, v->rows);
    memcpy(v->rows_key, key, sizeof key);
    v->rows_ok = true;
    return v->rows;
}

/* The instruction's byte offset as the listing prints it ("0x" first with hex), or, in traces
 * older than version 4 (no offsets), its index. */
static void pc_text(const viz_model_t *m, uint32_t i, bool hex, char *buf, size_t len)
{
    uint32_t pc = m->h.insts[i].pc;
    if (pc == TRACE_PC_UNKNOWN)
        snprintf(buf, len, hex ? "instruction %" PRIu32 : "#%" PRIu32, i);
    else
        snprintf(buf, len, hex ? "pc 0x%04" PRIx32 : "%04" PRIx32, pc);
}

const char *viz_inst_kernel(const viz_model_t *m, uint32_t i)
{
    const trace_dispatch_t *d = m->h.dispatches;
    bool several = false;
    for (uint32_t k = 1; k < m->h.ndispatches; k++)
        several |= d[k].inst_base != d[0].inst_base;
    if (!several)
        return NULL;
    const char *name = NULL;
    uint32_t base = 0;
    for (uint32_t k = 0; k < m->h.ndispatches; k++)
        if (d[k].inst_base <= i && (!name || d[k].inst_base >= base))
            name = d[k].kernel, base = d[k].inst_base;
    return name;
}

/* The instruction's text, "KERNEL: " first when the trace runs several kernels (as the report). */
static void inst_text(const viz_model_t *m, uint32_t i, char *buf, size_t len)
{
    const char *k = viz_inst_kernel(m, i), *t = m->h.insts[i].text ? m->h.insts[i].text : "?";
    snprintf(buf, len, "%s%s%s", k ? k : "", k ? ": " : "", t);
}

/* What the rows cover, as the pane's heading says it. */
static void heading(const viz_view_t *v, char *buf, size_t len)
{
    uint64_t from, to;
    range_of(v, &from, &to);
    int n = v->sel ? snprintf(buf, len, "cycles %" PRIu64 "-%" PRIu64, from, to) : snprintf(buf, len, "whole run");
    if (n < 0 || (size_t)n >= len)
        return;
    if (v->pf == VIZ_PF_WAVE)
        snprintf(buf + n, len - (size_t)n, ", wave %" PRIu64, v->pf_id);
    else if (v->pf == VIZ_PF_WG)
        snprintf(buf + n, len - (size_t)n, ", workgroup %" PRIu64, v->pf_id);
    else
        snprintf(buf + n, len - (size_t)n, ", all waves");
}

/* A label cut to end before x_end. */
static int cut_label(viz_view_t *v, SDL_Renderer *r, int x, int x_end, int y, SDL_Color c, const char *s)
{
    int keep = v->lay.w;
    v->lay.w = x_end + 4;
    int w = viz_label(v, r, x, y, c, s);
    v->lay.w = keep;
    return w;
}

/* A right-aligned figure ending at x_end. */
static void num_label(viz_view_t *v, SDL_Renderer *r, int x_end, int y, SDL_Color c, const char *s)
{
    int w = viz_text_width(v->text, s);
    cut_label(v, r, x_end - w, x_end, y, c, s);
}

enum { NCOLS = 6 };
static const char *const col_names[NCOLS] = { "issues", "avg", "max", "waited", "hidden", "pc" };

/* The right edges of the figures' columns, from x0 on; returns where the instruction text starts. */
static int columns(viz_view_t *v, int x0, int *right)
{
    static const char *const widest[NCOLS] = { "0000000", "0000.0", "000000", "00000000", "100.0%", "0000" };
    int x = x0 + 6 + viz_text_width(v->text, widest[5]);
    right[5] = x;
    x += 8;
    for (int k = 0; k < NCOLS - 1; k++) {
        int a = viz_text_width(v->text, widest[k]), b = viz_text_width(v->text, col_names[k]);
        x += (a > b ? a : b) + 8;
        right[k] = x;
    }
    return x + 10;
}

void viz_draw_pane(viz_view_t *v, SDL_Renderer *r, int w, int h)
{
    viz_layout_t *o = &v->lay;
    const viz_model_t *m = v->m;
    int x0 = o->pane_x, lh = o->lh;
    if (!x0)
        return;
    SDL_SetRenderDrawColor(r, 255, 255, 255, 255);
    SDL_RenderFillRect(r, &(SDL_Rect){ x0, 0, w - x0, h });
    SDL_SetRenderDrawColor(r, viz_faint.r, viz_faint.g, viz_faint.b, 255);
    SDL_RenderFillRect(r, &(SDL_Rect){ x0, 0, 1, h });
    char buf[512];
    int y = 4;
    cut_label(v, r, x0 + 6, w - 4, y, viz_ink, "instruction timing");
    y += lh + 2;
    heading(v, buf, sizeof buf);
    cut_label(v, r, x0 + 6, w - 4, y, viz_ink, buf);
    y += lh + 2;
    cut_label(v, r, x0 + 6, w - 4, y, viz_faint, "click: mark its issues   a: all waves   i: close");
    y += lh + 6;
    const viz_pc_row_t *rows = m->issues ? viz_pane_rows(v) : NULL;
    if (!rows) {
        cut_label(v, r, x0 + 6, w - 4, y, viz_ink, m->issues ? "out of memory" : "no issue records: trace with --trace-issues");
        o->pane_rows = 0;
        return;
    }
    int right[NCOLS], tx = columns(v, x0, right);
    num_label(v, r, right[5], y, viz_faint, col_names[5]);
    for (int k = 0; k < NCOLS - 1; k++)
        num_label(v, r, right[k], y, viz_faint, col_names[k]);
    cut_label(v, r, tx, w - 4, y, viz_faint, "instruction");
    y += lh + 2;
    SDL_RenderFillRect(r, &(SDL_Rect){ x0 + 4, y - 1, w - x0 - 8, 1 });
    o->pane_row_y = y;
    o->pane_row_h = lh + 2;
    int avail = (h - 4 - y) / o->pane_row_h;
    o->pane_rows = avail < 0 ? 0 : avail;
    uint32_t n = m->h.ninsts;
    if (v->pane_top + (uint32_t)o->pane_rows > n)
        v->pane_top = n > (uint32_t)o->pane_rows ? n - (uint32_t)o->pane_rows : 0;
    /* the waited column's bar: each row's share of the listing's most-waited instruction */
    uint64_t wmax = 0;
    for (uint32_t i = 0; i < n; i++)
        wmax = rows[i].waited > wmax ? rows[i].waited : wmax;
    for (int k = 0; k < o->pane_rows && v->pane_top + (uint32_t)k < n; k++) {
        uint32_t i = v->pane_top + (uint32_t)k;
        const viz_pc_row_t *p = &rows[i];
        int ry = y + k * o->pane_row_h;
        if ((int32_t)i == v->pick) {
            SDL_Color c = v->pal->pick;
            SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255);
            SDL_RenderFillRect(r, &(SDL_Rect){ x0 + 2, ry, 3, o->pane_row_h - 1 });
            SDL_SetRenderDrawColor(r, 225, 225, 225, 255);
            SDL_RenderFillRect(r, &(SDL_Rect){ x0 + 6, ry, w - x0 - 10, o->pane_row_h - 1 });
        } else if (wmax && p->waited) {
            int bw = (int)lround((double)(right[3] - right[2] - 4) * (double)p->waited / (double)wmax);
            SDL_SetRenderDrawColor(r, 205, 215, 235, 255);
            SDL_RenderFillRect(r, &(SDL_Rect){ right[3] - bw, ry + 1, bw, o->pane_row_h - 3 });
        }
        SDL_Color c = p->issues ? viz_ink : viz_faint;
        pc_text(m, i, false, buf, sizeof buf);
        num_label(v, r, right[5], ry + 1, viz_faint, buf);
        snprintf(buf, sizeof buf, "%" PRIu64, p->issues);
        num_label(v, r, right[0], ry + 1, c, buf);
        if (p->nlat) {
            snprintf(buf, sizeof buf, "%.1f", (double)p->lat_sum / (double)p->nlat);
            num_label(v, r, right[1], ry + 1, c, buf);
            snprintf(buf, sizeof buf, "%" PRIu32, p->lat_max);
            num_label(v, r, right[2], ry + 1, c, buf);
        }
        if (p->waited) {
            snprintf(buf, sizeof buf, "%" PRIu64, p->waited);
            num_label(v, r, right[3], ry + 1, c, buf);
            snprintf(buf, sizeof buf, "%.1f%%", 100.0 * (double)p->hidden / (double)p->waited);
            num_label(v, r, right[4], ry + 1, c, buf);
        }
        inst_text(m, i, buf, sizeof buf);
        cut_label(v, r, tx, w - 4, ry + 1, c, buf);
    }
}

/* The selected wave's (or workgroup's waves') lanes framed in ink over their lifetime. */
static void frame_waves(viz_view_t *v, viz_canvas_t *cv, double cpp, uint32_t l0, uint32_t l1)
{
    const viz_model_t *m = v->m;
    const viz_layout_t *o = &v->lay;
    int h = (int)floor(o->lane_h);
    if (h < 3)
        return;   /* lanes too thin to frame */
    for (uint32_t li = l0; li < l1; li++) {
        const viz_lane_t *l = &m->lane[li];
        for (size_t k = 0; k < l->nwaves; k++) {
            const viz_wave_t *w = &l->waves[k];
            if ((v->pf == VIZ_PF_WAVE ? w->id : w->wg) != v->pf_id)
                continue;
            double a = ((double)w->start - v->t0) / cpp, b = ((double)(w->end == UINT64_MAX ? m->end : w->end) - v->t0) / cpp;
            if (b < 0 || a >= o->plot_w)
                continue;
            a = a < 0 ? 0 : a;
            b = b > o->plot_w - 1 ? o->plot_w - 1 : b;
            int x0 = o->plot_x + (int)a, x1 = o->plot_x + (int)b, y = o->lanes.y + (int)floor((li - l0) * o->lane_h);
            viz_cfill(cv, viz_ink, x0, y, x1 - x0 + 1, 1);
            viz_cfill(cv, viz_ink, x0, y + h - 1, x1 - x0 + 1, 1);
            viz_cfill(cv, viz_ink, x0, y, 1, h);
            viz_cfill(cv, viz_ink, x1, y, 1, h);
        }
    }
}

void viz_pane_marks(viz_view_t *v, viz_canvas_t *cv, double cpp)
{
    const viz_model_t *m = v->m;
    const viz_layout_t *o = &v->lay;
    if (v->mode != VIZ_MODE_DETAIL)
        return;
    uint32_t per = m->h.simds * m->h.slots, l0 = o->cu0 * per, l1 = (o->cu0 + o->ncus) * per;
    if (v->pane && v->pf != VIZ_PF_ALL)
        frame_waves(v, cv, cpp, l0, l1);
    if (v->pick < 0)
        return;
    int h = (int)floor(o->lane_h);
    for (size_t i = 0; i < m->pcs.n; i++) {
        const viz_issue_t *is = &m->pcs.is[i];
        if (is->pc != (uint32_t)v->pick || is->lane < l0 || is->lane >= l1)
            continue;
        double x = ((double)is->cycle - v->t0) / cpp;
        if (x < -2 || x >= o->plot_w + 2)
            continue;
        int y = o->lanes.y + (int)floor((is->lane - l0) * o->lane_h);
        viz_cfill(cv, v->pal->pick, o->plot_x + (int)floor(x) - 1, y, 3, h < 3 ? 3 : h);
    }
}

int viz_pane_row_at(const viz_view_t *v, int x, int y)
{
    const viz_layout_t *o = &v->lay;
    if (!o->pane_x || x < o->pane_x || o->pane_row_h <= 0 || y < o->pane_row_y)
        return -1;
    int k = (y - o->pane_row_y) / o->pane_row_h;
    if (k >= o->pane_rows || v->pane_top + (uint32_t)k >= v->m->h.ninsts)
        return -1;
    return (int)(v->pane_top + (uint32_t)k);
}

void viz_describe_pane(viz_view_t *v, int row, char *buf, size_t len)
{
    const viz_model_t *m = v->m;
    const viz_pc_row_t *rows = viz_pane_rows(v);
    if (!rows || row < 0 || (uint32_t)row >= m->h.ninsts) {
        buf[0] = '\0';
        return;
    }
    const viz_pc_row_t *p = &rows[row];
    char what[160], pc[32], text[256];
    heading(v, what, sizeof what);
    pc_text(m, (uint32_t)row, true, pc, sizeof pc);
    inst_text(m, (uint32_t)row, text, sizeof text);
    snprintf(buf, len, "%s %s (%s): %" PRIu64 " issues, %.1f cycles on average (at most %" PRIu32
             ") to the wave's next instruction; waited %" PRIu64 " issue slots at s_waitcnt, %.1f%% hidden",
             pc, text, what, p->issues,
             p->nlat ? (double)p->lat_sum / (double)p->nlat : 0.0, p->lat_max, p->waited,
             p->waited ? 100.0 * (double)p->hidden / (double)p->waited : 0.0);
}

/* viz_panels: the memory tracks (bytes per cycle through DRAM and the L2 against their peaks, L1
 * and L2 hit rates, address-unit stalls; docs/viewer.md "Memory tracks") and the overview's strip
 * per CU (the most common state of its waves, or its resident waves as a lightness ramp). Both
 * are computed per pixel column from the load-time aggregates, as every other panel. */
#include "viz_panels.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "viz_mem.h"
#include "viz_palette.h"

static const char *const row_names[5] = { "DRAM B/cycle", "L2 B/cycle", "hit rate", "AU stalls", "MSHRs" };

/* Columns past the run's end stay empty. */
static int data_columns(const viz_view_t *v, double cpp)
{
    int nx = v->lay.plot_w;
    if ((double)v->m->end + 1 < v->t1)
        nx = (int)ceil(((double)v->m->end + 1 - v->t0) / cpp);
    return nx < 0 ? 0 : nx > v->lay.plot_w ? v->lay.plot_w : nx;
}

/* A filled area of values val[x] / scale (clipped to the row). */
static void area(viz_canvas_t *cv, SDL_Color c, int x0, int base, int h, const float *val, int n, double scale)
{
    for (int x = 0; x < n; x++) {
        double f = scale > 0 ? val[x] / scale : 0;
        int y = (int)lround((f > 1 ? 1 : f < 0 ? 0 : f) * h);
        viz_cfill(cv, c, x0 + x, base - y, 1, y);
    }
}

/* A 2-pixel line of num[x] / den[x] (no point where den is 0). */
static void ratio_line(viz_canvas_t *cv, SDL_Color c, int x0, int base, int h, const float *num, const float *den, int n)
{
    for (int x = 0; x < n; x++)
        if (den[x] > 1e-6f) {   /* lookups spread over their trips: fractions per column */
            double f = num[x] / den[x];
            int y = (int)lround((f > 1 ? 1 : f < 0 ? 0 : f) * (h - 2));
            viz_cfill(cv, c, x0 + x, base - y - 2, 1, 2);
        }
}

/* A 2-pixel line of val[x] / scale. */
static void share_line(viz_canvas_t *cv, SDL_Color c, int x0, int base, int h, const float *val, int n, double scale)
{
    for (int x = 0; x < n; x++) {
        double f = scale > 0 ? val[x] / scale : 0;
        int y = (int)lround((f > 1 ? 1 : f < 0 ? 0 : f) * (h - 2));
        viz_cfill(cv, c, x0 + x, base - y - 2, 1, 2);
    }
}

void viz_draw_mem(viz_view_t *v, SDL_Renderer *r, viz_canvas_t *cv, double cpp, bool labels)
{
    const viz_model_t *m = v->m;
    const viz_layout_t *o = &v->lay;
    const viz_palette_t *p = v->pal;
    int rh = o->mem_row_h, nx = data_columns(v, cpp);
    double peak[2] = { m->h.mem.dram_peak, m->h.mem.l2_peak };
    if (labels) {
        char buf[64];
        for (int k = 0; k < o->mem_rows; k++) {
            int y = o->mem.y + k * rh;
            viz_label(v, r, 4, y + 1, viz_ink, row_names[k]);
            if (rh < 2 * o->lh)
                continue;
            if (k < 2)
                snprintf(buf, sizeof buf, "peak %.0f", peak[k]);
            else
                snprintf(buf, sizeof buf, k == 3 ? "share of CUs" : "0-100%%");
            viz_label(v, r, 4, y + 1 + o->lh, viz_faint, buf);
        }
        return;
    }
    float *a = malloc(2 * (size_t)o->plot_w * sizeof *a);
    if (!a)
        return;
    float *b = a + o->plot_w;
    for (int k = 0; k < o->mem_rows; k++) {
        int y = o->mem.y + k * rh, h = rh - 3, base = y + h;
        viz_cfill(cv, (SDL_Color){ 255, 255, 255, 255 }, o->plot_x, y, o->plot_w, h);
        viz_cfill(cv, viz_faint, o->plot_x, base, o->plot_w, 1);
        if (k < 2) {   /* bytes per cycle against the peak, which is the row's top */
            viz_series_columns(m, &m->ms[k == 0 ? VIZ_MS_DRAM : VIZ_MS_L2B], v->t0, cpp, nx, a);
            for (int x = 0; x < nx; x++)
                a[x] = (float)(a[x] / cpp);
            area(cv, p->track[k == 0 ? VIZ_TRACK_DRAM : VIZ_TRACK_L2BW], o->plot_x, base, h, a, nx, peak[k]);
        } else if (k == 2) {
            viz_series_columns(m, &m->ms[VIZ_MS_L1_HIT], v->t0, cpp, nx, a);
            viz_series_columns(m, &m->ms[VIZ_MS_L1_LOOK], v->t0, cpp, nx, b);
            ratio_line(cv, p->track[VIZ_TRACK_L1HIT], o->plot_x, base, h, a, b, nx);
            viz_series_columns(m, &m->ms[VIZ_MS_L2_HIT], v->t0, cpp, nx, a);
            viz_series_columns(m, &m->ms[VIZ_MS_L2_LOOK], v->t0, cpp, nx, b);
            ratio_line(cv, p->track[VIZ_TRACK_L2HIT], o->plot_x, base, h, a, b, nx);
        } else if (k == 4) {   /* MSHR-cycles per cycle: MSHRs in use, against all the level's MSHRs */
            viz_series_columns(m, &m->ms[VIZ_MS_L1_MSHR], v->t0, cpp, nx, a);
            viz_series_columns(m, &m->ms[VIZ_MS_L2_MSHR], v->t0, cpp, nx, b);
            for (int x = 0; x < nx; x++)
                a[x] = (float)(a[x] / cpp), b[x] = (float)(b[x] / cpp);
            share_line(cv, p->track[VIZ_TRACK_L1MSHR], o->plot_x, base, h, a, nx, viz_mshrs(m, 1));
            share_line(cv, p->track[VIZ_TRACK_L2MSHR], o->plot_x, base, h, b, nx, viz_mshrs(m, 2));
        } else {   /* stall cycles per cycle over the CUs: the share of address units stalled */
            viz_series_columns(m, &m->ms[VIZ_MS_STALL], v->t0, cpp, nx, a);
            for (int x = 0; x < nx; x++)
                a[x] = (float)(a[x] / cpp);
            area(cv, p->track[VIZ_TRACK_STALL], o->plot_x, base, h, a, nx, m->h.ncu);
        }
    }
    free(a);
}

static double pct(double a, double b) { return b > 0 ? 100.0 * a / b : 0.0; }

viz_hover_kind_t viz_describe_mem(const viz_view_t *v, int row, double a, double b, char *buf, size_t len)
{
    const viz_model_t *m = v->m;
    double span = b - a, s[VIZ_NUM_MS];
    for (int k = 0; k < VIZ_NUM_MS; k++)
        s[k] = viz_series_over(m, &m->ms[k], a, b);
    switch (row) {
    case 0: snprintf(buf, len, "cycles %.0f-%.0f: DRAM %.2f bytes/cycle (%.1f%% of the %u peak)", a, b, s[VIZ_MS_DRAM] / span,
                     pct(s[VIZ_MS_DRAM] / span, m->h.mem.dram_peak), m->h.mem.dram_peak); break;
    case 1: snprintf(buf, len, "cycles %.0f-%.0f: L2 %.2f bytes/cycle (%.1f%% of the %u peak)", a, b, s[VIZ_MS_L2B] / span,
                     pct(s[VIZ_MS_L2B] / span, m->h.mem.l2_peak), m->h.mem.l2_peak); break;
    case 2: snprintf(buf, len, "cycles %.0f-%.0f: L1 hit rate %.1f%% of %.0f lookups, L2 hit rate %.1f%% of %.0f lookups", a, b,
                     pct(s[VIZ_MS_L1_HIT], s[VIZ_MS_L1_LOOK]), s[VIZ_MS_L1_LOOK], pct(s[VIZ_MS_L2_HIT], s[VIZ_MS_L2_LOOK]),
                     s[VIZ_MS_L2_LOOK]); break;
    case 3: snprintf(buf, len, "cycles %.0f-%.0f: address units stalled on full MSHRs %.1f%% of the time (%.0f stall cycles over %u CUs)",
                     a, b, pct(s[VIZ_MS_STALL] / span, m->h.ncu), s[VIZ_MS_STALL], m->h.ncu); break;
    case 4: snprintf(buf, len, "cycles %.0f-%.0f: L1 MSHRs in use %.2f per CU of %u (%.1f%%), L2 MSHRs %.2f per channel of %u (%.1f%%)",
                     a, b, s[VIZ_MS_L1_MSHR] / span / m->h.ncu, m->h.mem.l1v_mshrs, pct(s[VIZ_MS_L1_MSHR] / span, viz_mshrs(m, 1)),
                     s[VIZ_MS_L2_MSHR] / span / m->h.mem.l2_channels, m->h.mem.l2_mshrs,
                     pct(s[VIZ_MS_L2_MSHR] / span, viz_mshrs(m, 2))); break;
    default: return VIZ_HOVER_NONE;
    }
    return VIZ_HOVER_MEM;
}

void viz_mem_line(const viz_view_t *v, double from, double to, char *buf, size_t len)
{
    const viz_model_t *m = v->m;
    double s[VIZ_NUM_MS], span = to > from ? to - from : 1;
    for (int k = 0; k < VIZ_NUM_MS; k++)
        s[k] = viz_series_over(m, &m->ms[k], from, to);
    snprintf(buf, len, "memory %.0f-%.0f: DRAM %.0f bytes (%.2f bytes/cycle, %.1f%% of peak), L2 %.0f bytes, "
             "L1 hit rate %.1f%%, L2 hit rate %.1f%%, address-unit stalls %.0f cycles, MSHRs in use L1 %.1f%% L2 %.1f%%", from, to,
             s[VIZ_MS_DRAM], s[VIZ_MS_DRAM] / span, pct(s[VIZ_MS_DRAM] / span, m->h.mem.dram_peak), s[VIZ_MS_L2B],
             pct(s[VIZ_MS_L1_HIT], s[VIZ_MS_L1_LOOK]), pct(s[VIZ_MS_L2_HIT], s[VIZ_MS_L2_LOOK]), s[VIZ_MS_STALL],
             pct(s[VIZ_MS_L1_MSHR] / span, viz_mshrs(m, 1)), pct(s[VIZ_MS_L2_MSHR] / span, viz_mshrs(m, 2)));
}

/* ---- the overview ---------------------------------------------------------------------------- */

/* Per column, the most common non-free state over the CU's lanes (free when all are free). */
static void cu_states(const viz_view_t *v, uint32_t cu, double cpp, int n, uint8_t *col, uint8_t *out, uint16_t *count)
{
    const viz_model_t *m = v->m;
    uint32_t per = m->h.simds * m->h.slots;
    memset(count, 0, (size_t)n * VIZ_NUM_STATES * sizeof *count);
    for (uint32_t li = cu * per; li < (cu + 1) * per; li++) {
        viz_lane_columns(m, &m->lane[li], v->t0, cpp, n, col);
        for (int x = 0; x < n; x++)
            count[(size_t)x * VIZ_NUM_STATES + col[x]]++;
    }
    for (int x = 0; x < n; x++) {
        const uint16_t *c = &count[(size_t)x * VIZ_NUM_STATES];
        int best = VIZ_NONE;
        for (int s = 1; s < VIZ_NUM_STATES; s++)
            if (c[s] > (best == VIZ_NONE ? 0 : c[best]))
                best = s;
        out[x] = (uint8_t)best;
    }
}

static SDL_Color ramp(SDL_Color lo, SDL_Color hi, double f)
{
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    return (SDL_Color){ (Uint8)lround(lo.r + (hi.r - lo.r) * f), (Uint8)lround(lo.g + (hi.g - lo.g) * f),
                        (Uint8)lround(lo.b + (hi.b - lo.b) * f), 255 };
}

void viz_draw_strips(viz_view_t *v, SDL_Renderer *r, viz_canvas_t *cv, double cpp, bool labels)
{
    const viz_model_t *m = v->m;
    const viz_layout_t *o = &v->lay;
    if (labels) {
        for (uint32_t cu = 0; cu < m->h.ncu; cu += o->strip_label_every) {
            char buf[32];
            snprintf(buf, sizeof buf, "CU %u", cu);
            int y = o->strips.y + (int)floor(cu * o->strip_h), h = (int)floor(o->strip_h * o->strip_label_every);
            viz_label(v, r, 4, y + (h > o->lh ? (int)(o->strip_h - o->lh) / 2 : 0), viz_ink, buf);
        }
        return;
    }
    int n = data_columns(v, cpp);
    uint8_t *col = malloc((size_t)o->plot_w * 2);
    uint16_t *count = malloc((size_t)o->plot_w * VIZ_NUM_STATES * sizeof *count);
    float *val = malloc((size_t)o->plot_w * sizeof *val), *acc = malloc((size_t)o->plot_w * sizeof *acc);
    if (col && count && val && acc) {
        viz_cfill(cv, (SDL_Color){ 255, 255, 255, 255 }, o->strips.x, o->strips.y, o->strips.w, o->strips.h);
        for (uint32_t cu = 0; cu < m->h.ncu; cu++) {
            int y = o->strips.y + (int)floor(cu * o->strip_h), y1 = o->strips.y + (int)floor((cu + 1) * o->strip_h);
            int h = y1 - y > 3 ? y1 - y - 1 : (y1 - y < 1 ? 1 : y1 - y);   /* a gap between strips when there is room */
            if (v->strip == VIZ_STRIP_STATE) {
                cu_states(v, cu, cpp, n, col, col + o->plot_w, count);
                for (int x = 0; x < n;) {
                    int e = x + 1;
                    while (e < n && col[o->plot_w + e] == col[o->plot_w + x])
                        e++;
                    if (col[o->plot_w + x] != VIZ_NONE)
                        viz_cfill(cv, v->pal->state[col[o->plot_w + x]], o->plot_x + x, y, e - x, h);
                    x = e;
                }
            } else {
                for (int x = 0; x < n; x++)
                    acc[x] = 0;
                for (uint32_t s = 0; s < m->h.simds; s++) {
                    viz_step_columns(&m->occ[cu * m->h.simds + s], v->t0, cpp, n, val);
                    for (int x = 0; x < n; x++)
                        acc[x] += val[x];
                }
                double mw = m->h.max_waves_cu ? m->h.max_waves_cu : 1;
                for (int x = 0; x < n; x++)
                    viz_cfill(cv, ramp(v->pal->heat_lo, v->pal->heat_hi, acc[x] / mw), o->plot_x + x, y, 1, h);
            }
            if (cu == v->cu)   /* the current CU: a mark in the margin (Enter opens it) */
                viz_cfill(cv, viz_ink, o->plot_x, y, 3, h);
        }
    }
    free(col);
    free(count);
    free(val);
    free(acc);
}

void viz_describe_strip(const viz_view_t *v, uint32_t cu, double a, double b, char *buf, size_t len)
{
    const viz_model_t *m = v->m;
    double span = b - a, resident = 0;
    for (uint32_t s = 0; s < m->h.simds; s++)
        resident += (viz_step_area(&m->occ[cu * m->h.simds + s], b) - viz_step_area(&m->occ[cu * m->h.simds + s], a)) / span;
    int n = snprintf(buf, len, "CU %u, cycles %.0f-%.0f: %.1f of %u waves resident; waves:", cu, a, b, resident, m->h.max_waves_cu);
    uint32_t per = m->h.simds * m->h.slots, count[VIZ_NUM_STATES] = { 0 };
    for (uint32_t li = cu * per; li < (cu + 1) * per; li++)
        count[viz_lane_state_over(m, &m->lane[li], a, b)]++;
    for (int s = 1; s < VIZ_NUM_STATES && n > 0 && (size_t)n < len; s++)
        if (count[s])
            n += snprintf(buf + n, len - (size_t)n, " %s %u,", viz_state_name((viz_state_t)s, m->issues), count[s]);
    if (n > 0 && (size_t)n < len && buf[n - 1] == ',')
        buf[n - 1] = '\0';
    if (n > 0 && (size_t)n < len && count[0] == per)
        snprintf(buf + n, len - (size_t)n, " none");
    if (m->issues && n > 0 && (size_t)n < len) {
        size_t k = strlen(buf);
        double is = viz_series_over(m, &m->cs[(size_t)cu * viz_ncs(m) + VIZ_CS_ISSUES], a, b);
        double valu = viz_series_over(m, &m->cs[(size_t)cu * viz_ncs(m) + VIZ_CS_VALU], a, b);
        snprintf(buf + k, len - k, "; IPC %.2f, VALU %.1f%%", is / span, pct(valu / span, m->h.simds));
        /* one matrix core a SIMD: each one's busy share */
        for (uint32_t s = 0; m->mfma && s < m->h.simds; s++) {
            k = strlen(buf);
            double mf = viz_series_over(m, &m->cs[(size_t)cu * viz_ncs(m) + VIZ_CS_MFMA + s], a, b);
            snprintf(buf + k, len - k, "%s SIMD%u %.1f%%", s ? "" : ", matrix core", s, pct(mf / span, 1));
        }
    }
    if (m->mem && n > 0 && (size_t)n < len) {
        size_t k = strlen(buf);
        double st = viz_series_over(m, &m->cs[(size_t)cu * viz_ncs(m) + VIZ_CS_STALL], a, b);
        snprintf(buf + k, len - k, "; address unit stalled %.1f%%", pct(st, span));
    }
}

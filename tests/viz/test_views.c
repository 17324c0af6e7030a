/* Viewer tests of the views issue 20 added, on crafted version-5 traces (craft.h): the palettes
 * (no colour used for two meanings; the colour-blind palette's lane and dispatch colours apart
 * under simulated protanopia and deuteranopia), the legend against every plotted pixel, the
 * layout's text boxes (none overlapping, all inside the picture, none below the minimum size)
 * for each view at 1280x800 and 1920x1080 on 1, 8 and 64 CUs, the memory series' exact sums,
 * and the keys and clicks that move between the views. */
#include <check.h>
#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "craft.h"
#include "viz_hover.h"
#include "viz_input.h"
#include "viz_legend.h"
#include "viz_load.h"
#include "viz_mem.h"
#include "viz_palette.h"
#include "viz_panels.h"
#include "viz_png.h"
#include "viz_range.h"
#include "viz_text.h"
#include "viz_view.h"

enum { MIN_TEXT_PX = 12 };   /* the smallest text height the layout may use */

static char path[64], png[64];

static void setup(void)
{
    snprintf(path, sizeof path, "/tmp/gcnviz-views-%d.gcnt", (int)getpid());
    snprintf(png, sizeof png, "/tmp/gcnviz-views-%d.png", (int)getpid());
}

static void teardown(void)
{
    remove(path);
    remove(png);
}

static void open_many(viz_view_t *v, uint32_t ncu)
{
    ck_assert_int_eq(craft_many(path, ncu), 0);
    char msg[512];
    viz_model_t *m = viz_model_load(path, msg, sizeof msg);
    ck_assert_msg(m != NULL, "%s", msg);
    viz_view_init(v, m, viz_text_open(NULL, 12, stderr));
}

static void close_view(viz_view_t *v)
{
    viz_view_free(v);
    viz_text_close(v->text);
    viz_model_free((viz_model_t *)v->m);
}

/* ---- colour distance: CIE76 in L*a*b* (D65), and the Machado et al. (2009) simulations ---- */

static double lin(double c) { c /= 255; return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4); }
static double unlin(double v) { v = v < 0 ? 0 : v > 1 ? 1 : v; return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055); }
static double lab_f(double t) { return t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116; }

static void lab(const double rgb[3], double out[3])
{
    double r = lin(rgb[0]), g = lin(rgb[1]), b = lin(rgb[2]);
    double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    out[0] = 116 * lab_f(y) - 16;
    out[1] = 500 * (lab_f(x) - lab_f(y));
    out[2] = 200 * (lab_f(y) - lab_f(z));
}

static const double PROTAN[3][3] = { { 0.152286, 1.052583, -0.204868 }, { 0.114503, 0.786281, 0.099216 },
                                     { -0.003882, -0.048116, 1.051998 } };
static const double DEUTAN[3][3] = { { 0.367322, 0.860646, -0.227968 }, { 0.280085, 0.672501, 0.047413 },
                                     { -0.011820, 0.042940, 0.968881 } };

/* The colour as seen with the deficiency M (NULL: normal vision), in sRGB. */
static void seen(SDL_Color c, const double (*M)[3], double out[3])
{
    double in[3] = { c.r, c.g, c.b };
    if (!M) {
        memcpy(out, in, sizeof in);
        return;
    }
    double l[3] = { lin(c.r), lin(c.g), lin(c.b) };
    for (int i = 0; i < 3; i++)
        out[i] = unlin(M[i][0] * l[0] + M[i][1] * l[1] + M[i][2] * l[2]);
}

static double delta_e(SDL_Color a, SDL_Color b, const double (*M)[3])
{
    double sa[3], sb[3], la[3], lb[3];
    seen(a, M, sa);
    seen(b, M, sb);
    lab(sa, la);
    lab(sb, lb);
    return sqrt((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) + (la[2] - lb[2]) * (la[2] - lb[2]));
}

/* The smallest distance between two of the n colours (their names in *which). */
static double closest(const SDL_Color *c, const char *const *names, int n, const double (*M)[3], char *which, size_t len)
{
    double best = 1e9;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double d = delta_e(c[i], c[j], M);
            if (d < best) {
                best = d;
                snprintf(which, len, "%s / %s", names[i], names[j]);
            }
        }
    return best;
}

START_TEST(test_palettes)
{
    for (int p = 0; p < VIZ_NUM_PALETTES; p++) {
        const viz_palette_t *pal = &viz_palettes[p];
        ck_assert_ptr_eq(viz_palette_find(pal->name), pal);
        /* Every colour with a meaning: none may be used for a second one. */
        SDL_Color all[64];
        const char *names[64];
        char nbuf[64][32];
        int n = 0;
        for (int k = 1; k < VIZ_NUM_STATES; k++)
            all[n] = pal->state[k], names[n++] = viz_state_name((viz_state_t)k, true);
        for (int k = 1; k < VIZ_NUM_LIM; k++)
            all[n] = pal->lim[k], names[n++] = viz_limiter_name(k);
        int lanes_and_band = n;
        for (int k = 0; k < 4; k++)
            snprintf(nbuf[n], 32, "SIMD %d", k), all[n] = pal->simd[k], names[n] = nbuf[n], n++;
        all[n] = pal->limit, names[n++] = "limit";
        for (int d = 0; d < 4; d++)
            for (int s = 0; s < 2; s++)
                snprintf(nbuf[n], 32, "wg %d/%d", d, s), all[n] = pal->wg[d][s], names[n] = nbuf[n], n++;
        for (int k = 0; k < VIZ_NUM_TRACKS; k++)
            snprintf(nbuf[n], 32, "track %d", k), all[n] = pal->track[k], names[n] = nbuf[n], n++;
        all[n] = pal->heat_lo, names[n++] = "heat low";
        all[n] = pal->heat_hi, names[n++] = "heat high";
        all[n] = pal->hazard, names[n++] = "hazard";
        all[n] = pal->pick, names[n++] = "picked instruction";
        SDL_Color white = { 255, 255, 255, 255 };
        for (int i = 0; i < n; i++) {
            ck_assert_msg(memcmp(&all[i], &white, sizeof white) != 0, "%s: %s is the background white", pal->name, names[i]);
            for (int j = i + 1; j < n; j++)
                ck_assert_msg(all[i].r != all[j].r || all[i].g != all[j].g || all[i].b != all[j].b,
                              "%s palette: %s and %s share a colour", pal->name, names[i], names[j]);
        }
        /* The lane states and the dispatch band sit side by side in the legend: far apart. */
        char which[96];
        double d = closest(all, names, lanes_and_band, NULL, which, sizeof which);
        ck_assert_msg(d >= 10, "%s palette: %s are only %.1f apart", pal->name, which, d);
        if (strcmp(pal->name, "cb"))
            continue;
        /* The colour-blind palette: each panel's colours stay apart with either red-green deficiency. */
        const double (*defs[2])[3] = { PROTAN, DEUTAN };
        for (int k = 0; k < 2; k++) {
            d = closest(all, names, VIZ_NUM_STATES - 1, defs[k], which, sizeof which);
            ck_assert_msg(d >= 12, "cb lanes, %s: %s are only %.1f apart", k ? "deutan" : "protan", which, d);
            d = closest(all + VIZ_NUM_STATES - 1, names + VIZ_NUM_STATES - 1, VIZ_NUM_LIM - 1, defs[k], which, sizeof which);
            ck_assert_msg(d >= 12, "cb dispatch band, %s: %s are only %.1f apart", k ? "deutan" : "protan", which, d);
        }
    }
    ck_assert_ptr_null(viz_palette_find("rainbow"));
}
END_TEST

/* Every pixel of the plot area outside text is a legend colour, or one of the colours without a
 * meaning (background, grid, white, text greys). */
static void check_legend_pixels(viz_view_t *v, int w, int h)
{
    ck_assert_int_eq(viz_render_png(v, png, w, h, 0, stderr), 0);
    SDL_Surface *s = IMG_Load(png);
    ck_assert_ptr_nonnull(s);
    SDL_Surface *c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    ck_assert_ptr_nonnull(c);
    SDL_Color ok[96];
    int n = viz_legend_colors(v, ok, 80);
    ok[n++] = (SDL_Color){ 255, 255, 255, 255 };
    ok[n++] = (SDL_Color){ 244, 244, 244, 255 };
    ok[n++] = (SDL_Color){ 225, 225, 225, 255 };
    ok[n++] = viz_ink;
    ok[n++] = viz_faint;
    const viz_layout_t *o = &v->lay;
    int y0 = o->mem.h ? o->mem.y : v->mode == VIZ_MODE_OVERVIEW ? o->strips.y : o->occ.y;
    int y1 = v->mode == VIZ_MODE_OVERVIEW ? o->strips.y + o->strips.h : o->wgs.y + o->wgs.h;
    for (int y = y0; y < y1; y++) {
        if (y >= o->axis.y && y < o->axis.y + o->axis.h)
            continue;   /* tick labels are text */
        for (int x = o->plot_x; x < o->plot_x + o->plot_w; x++) {
            bool text = false;   /* text is anti-aliased over what is under it */
            for (int k = 0; k < v->nlabels && !text; k++)
                text = x >= v->labels[k].x && x < v->labels[k].x + v->labels[k].w && y >= v->labels[k].y &&
                       y < v->labels[k].y + v->labels[k].h;
            if (text)
                continue;
            uint32_t p = ((const uint32_t *)c->pixels)[y * (c->pitch / 4) + x] & 0xffffff;
            bool found = false;
            for (int k = 0; k < n && !found; k++)
                found = p == ((uint32_t)ok[k].r << 16 | (uint32_t)ok[k].g << 8 | ok[k].b);
            ck_assert_msg(found, "%s palette, %s: pixel (%d,%d) is %06x, not in the legend", v->pal->name,
                          v->mode == VIZ_MODE_OVERVIEW ? "overview" : "detail", x, y, p);
        }
    }
    SDL_FreeSurface(c);
    SDL_FreeSurface(s);
}

START_TEST(test_legend_matches)
{
    viz_view_t v;
    open_many(&v, 8);
    for (int p = 0; p < VIZ_NUM_PALETTES; p++)
        for (int mode = 0; mode < 2; mode++) {
            v.pal = &viz_palettes[p];
            viz_view_mode(&v, (viz_mode_t)mode, 0);
            check_legend_pixels(&v, 1280, 800);
        }
    /* the instruction pane, its picked instruction marked on the lanes (pc 1, each wave's load) */
    v.pane = true;
    v.pick = 1;
    for (int p = 0; p < VIZ_NUM_PALETTES; p++) {
        v.pal = &viz_palettes[p];
        viz_view_mode(&v, VIZ_MODE_DETAIL, 0);
        check_legend_pixels(&v, 1280, 800);
        SDL_Color leg[80];
        int n = viz_legend_colors(&v, leg, 80);
        bool listed = false;
        for (int k = 0; k < n; k++)
            listed |= memcmp(&leg[k], &v.pal->pick, sizeof leg[0]) == 0;
        ck_assert_msg(listed, "%s: the picked instruction's colour is not in the legend", v.pal->name);
    }
    close_view(&v);
}
END_TEST

/* The labels of the last frame: inside the picture, at least MIN_TEXT_PX high, none overlapping. */
static void check_labels(const viz_view_t *v, const char *what)
{
    const viz_layout_t *o = &v->lay;
    ck_assert_msg(v->nlabels > 5 && v->nlabels < VIZ_MAX_LABELS, "%s: %d labels", what, v->nlabels);
    for (int i = 0; i < v->nlabels; i++) {
        const viz_rect_t *a = &v->labels[i];
        ck_assert_msg(a->h >= MIN_TEXT_PX, "%s: text %d px high", what, a->h);
        ck_assert_msg(a->x >= 0 && a->y >= 0 && a->x + a->w <= o->w && a->y + a->h <= o->h,
                      "%s: label %d at %d,%d (%dx%d) leaves the picture", what, i, a->x, a->y, a->w, a->h);
        for (int j = i + 1; j < v->nlabels; j++) {
            const viz_rect_t *b = &v->labels[j];
            ck_assert_msg(a->x >= b->x + b->w || b->x >= a->x + a->w || a->y >= b->y + b->h || b->y >= a->y + a->h,
                          "%s: labels %d (%d,%d %dx%d) and %d (%d,%d %dx%d) overlap", what, i, a->x, a->y, a->w, a->h, j,
                          b->x, b->y, b->w, b->h);
        }
    }
}

START_TEST(test_layouts)
{
    static const uint32_t cus[3] = { 1, 8, 64 };
    static const int sizes[2][2] = { { 1280, 800 }, { 1920, 1080 } };
    for (int k = 0; k < 3; k++) {
        viz_view_t v;
        open_many(&v, cus[k]);
        for (int s = 0; s < 2; s++)
            for (int mode = 0; mode < 4; mode++) {   /* 2, 3: with the instruction pane */
                char what[96];
                v.pane = mode >= 2;
                v.pick = v.pane ? 1 : -1;
                snprintf(what, sizeof what, "%u CUs, %dx%d, %s%s", cus[k], sizes[s][0], sizes[s][1], mode % 2 ? "overview" : "detail",
                         v.pane ? ", pane" : "");
                viz_view_mode(&v, (viz_mode_t)(mode % 2), cus[k] / 2);
                v.sel = false;
                viz_view_select(&v, 50, 150);   /* the status line at its longest */
                ck_assert_int_eq(viz_render_png(&v, png, sizes[s][0], sizes[s][1], 0, stderr), 0);
                check_labels(&v, what);
                const viz_layout_t *o = &v.lay;
                if (v.pane)
                    ck_assert_msg(o->pane_x >= o->plot_x + o->plot_w && o->pane_rows >= 3, "%s: the pane", what);
                if (mode % 2 == VIZ_MODE_DETAIL) {
                    /* each SIMD's lanes room for its label, each occupancy plot for two lines */
                    ck_assert_msg(o->lane_h * v.m->h.slots >= o->lh && o->occ_cu_h >= 2 * o->lh, "%s: cramped", what);
                    ck_assert_msg(o->ncus >= 1 && o->cu0 <= v.cu && v.cu < o->cu0 + o->ncus, "%s: CU %u not shown", what, v.cu);
                } else {
                    ck_assert_msg(o->strip_h >= 1 && o->strip_h * o->strip_label_every >= o->lh, "%s: strips", what);
                }
                ck_assert_msg(o->mem_rows == 5 && o->mem_row_h >= 2 * o->lh, "%s: memory tracks", what);
            }
        close_view(&v);
    }
}
END_TEST

/* craft_many: each wave's load moves 128 DRAM bytes over [30, 130 + 2 cu) and looks up 4 L1
 * lines (1 hit) and 3 L2 lines (1 hit); 4 stall cycles from the issue; its 3 L1 misses hold an
 * MSHR for 90 + 2 cu cycles each, its 2 L2 misses for 70 + 2 cu. */
START_TEST(test_mem_series)
{
    viz_view_t v;
    open_many(&v, 8);
    const viz_model_t *m = v.m;
    ck_assert(m->mem);
    ck_assert_uint_eq(m->nmem, 32);
    ck_assert_uint_eq(m->mem_total[VIZ_MS_DRAM], 32 * 128);
    ck_assert_uint_eq(m->h.mem.dram_peak, 512);
    /* The whole run holds every byte; CU 0's four loads, 512 bytes over [30, 130), half of them by 80. */
    ck_assert(fabs(viz_series_over(m, &m->ms[VIZ_MS_DRAM], 0, (double)m->end + 1) - 32 * 128) < 1e-6);
    ck_assert(fabs(viz_series_over(m, &m->ms[VIZ_MS_L1_HIT], 0, 1e6) - 32) < 1e-6);
    ck_assert(fabs(viz_series_over(m, &m->ms[VIZ_MS_L1_LOOK], 0, 1e6) - 128) < 1e-6);
    ck_assert(fabs(viz_series_over(m, &m->ms[VIZ_MS_L2_LOOK], 0, 1e6) - 96) < 1e-6);
    ck_assert(fabs(viz_series_over(m, &m->ms[VIZ_MS_STALL], 30, 34) - 32 * 4) < 1e-6);
    double cu0 = 0;
    for (uint32_t cu = 0; cu < 8; cu++)   /* over [30, 80) CU c's loads have moved 50/(100 + 2c) of their bytes */
        cu0 += 512.0 * 50 / (100 + 2 * cu);
    ck_assert_msg(fabs(viz_series_over(m, &m->ms[VIZ_MS_DRAM], 30, 80) - cu0) < 1e-6, "got %f, want %f",
                  viz_series_over(m, &m->ms[VIZ_MS_DRAM], 30, 80), cu0);
    ck_assert(viz_series_over(m, &m->ms[VIZ_MS_DRAM], 0, 30) == 0);
    /* MSHRs: 4 waves per CU, so 12 (90 + 2 cu) L1 and 8 (70 + 2 cu) L2 MSHR cycles per CU; over
     * [30, 80) a CU's loads have held 50 / (100 + 2 cu) of them. */
    double l1 = 0, l2 = 0, l1_half = 0;
    for (uint32_t cu = 0; cu < 8; cu++) {
        l1 += 12.0 * (90 + 2 * cu), l2 += 8.0 * (70 + 2 * cu);
        l1_half += 12.0 * (90 + 2 * cu) * 50 / (100 + 2 * cu);
    }
    ck_assert_uint_eq(m->mem_total[VIZ_MS_L1_MSHR], 9312);   /* = l1, summed by hand */
    ck_assert(fabs(viz_series_over(m, &m->ms[VIZ_MS_L1_MSHR], 0, 1e6) - l1) < 1e-6);
    ck_assert(fabs(viz_series_over(m, &m->ms[VIZ_MS_L2_MSHR], 0, 1e6) - l2) < 1e-6);
    ck_assert(fabs(viz_series_over(m, &m->ms[VIZ_MS_L1_MSHR], 30, 80) - l1_half) < 1e-6);
    ck_assert(viz_mshrs(m, 1) == 8 * 4 && viz_mshrs(m, 2) == 16 * 2);
    /* Range statistics carry them; per CU, the issues (2 per wave) and VALU busy cycles (8). */
    viz_range_t r;
    viz_range_stats(m, 0, m->end + 1, &r);
    ck_assert(fabs(r.mem[VIZ_MS_L2_HIT] - 32) < 1e-6);
    ck_assert(fabs(viz_series_over(m, &m->cs[3 * viz_ncs(m) + VIZ_CS_ISSUES], 0, 1e6) - 8) < 1e-6);
    ck_assert(fabs(viz_series_over(m, &m->cs[3 * viz_ncs(m) + VIZ_CS_VALU], 20, 28) - 32) < 1e-6);
    /* The hover over the DRAM track. */
    char buf[512];
    ck_assert_int_eq(viz_describe_mem(&v, 0, 30, 130, buf, sizeof buf), VIZ_HOVER_MEM);
    ck_assert_msg(strstr(buf, "cycles 30-130: DRAM ") != NULL, "%s", buf);
    /* The MSHR track over [0, 1000): 9312 L1 MSHR cycles, 9.312 MSHRs in use, 1.164 per CU, of 4 (29.1 %);
     * 4928 L2: 0.308 per channel of 2 (15.4 %). */
    ck_assert_int_eq(viz_describe_mem(&v, 4, 0, 1000, buf, sizeof buf), VIZ_HOVER_MEM);
    ck_assert_msg(strstr(buf, "L1 MSHRs in use 1.16 per CU of 4 (29.1%), L2 MSHRs 0.31 per channel of 2 (15.4%)") != NULL, "%s", buf);
    close_view(&v);
}
END_TEST

/* CDNA: each SIMD has its own matrix core, and a CU strip's hover gives each one's busy share: over
 * [0, 100) SIMD 0's 64-cycle MFMA is 64 %, SIMD 2's 32-cycle one 32 %; the range statistics the
 * mean of the four, (64 + 32) / (200 x 4) = 12 % over the whole run. */
START_TEST(test_mfma_per_simd)
{
    ck_assert_int_eq(craft_mfma(path), 0);
    char msg[512];
    viz_model_t *m = viz_model_load(path, msg, sizeof msg);
    ck_assert_msg(m != NULL, "%s", msg);
    viz_view_t v;
    viz_view_init(&v, m, viz_text_open(NULL, 12, stderr));
    ck_assert(m->mfma);
    char buf[512];
    viz_describe_strip(&v, 0, 0, 100, buf, sizeof buf);
    ck_assert_msg(strstr(buf, ", matrix core SIMD0 64.0% SIMD1 0.0% SIMD2 32.0% SIMD3 0.0%") != NULL, "%s", buf);
    viz_range_t r;
    viz_range_stats(m, 0, 200, &r);
    ck_assert_double_eq_tol(r.mfma_util, 96.0 / 800, 1e-9);
    close_view(&v);
}
END_TEST

static SDL_Event key(SDL_Keycode k)
{
    SDL_Event e = { .type = SDL_KEYDOWN };
    e.key.keysym.sym = k;
    return e;
}

START_TEST(test_view_input)
{
    viz_view_t v;
    open_many(&v, 64);
    viz_input_t in = { 0 };
    viz_view_mode(&v, VIZ_MODE_OVERVIEW, 0);
    ck_assert_int_eq(viz_render_png(&v, png, 1280, 800, 0, stderr), 0);   /* lays out the frame */
    SDL_Event e = key(SDLK_PAGEDOWN);
    ck_assert(viz_input_event(&v, &in, &e));
    ck_assert_uint_eq(v.cu, 1);
    e = key(SDLK_s);
    ck_assert(viz_input_event(&v, &in, &e));
    ck_assert_int_eq(v.strip, VIZ_STRIP_OCC);
    SDL_Color leg[80];
    int n = viz_legend_colors(&v, leg, 80);   /* the ramp's two ends, no lane states */
    ck_assert_int_eq(n, VIZ_NUM_TRACKS + 2);
    ck_assert(memcmp(&leg[VIZ_NUM_TRACKS], &v.pal->heat_lo, sizeof leg[0]) == 0);
    /* A click on CU 40's strip opens it in the detail view; a drag does not. */
    ck_assert_int_eq(viz_render_png(&v, png, 1280, 800, 0, stderr), 0);
    int y = v.lay.strips.y + (int)((40 + 0.5) * v.lay.strip_h), x = v.lay.plot_x + 100;
    /* Hovering it: CU 40's waves (4) and figures; at cycle ~100 they all wait on vmcnt. */
    char buf[512];
    ck_assert_int_eq(viz_describe(&v, v.lay.plot_x + (int)(100 / ((v.t1 - v.t0) / v.lay.plot_w)), y, buf, sizeof buf),
                     VIZ_HOVER_STRIP);
    ck_assert_msg(strstr(buf, "CU 40, cycles ") && strstr(buf, "wait vmcnt 4") && strstr(buf, "IPC ") &&
                  strstr(buf, "address unit stalled"), "%s", buf);
    SDL_Event down = { .type = SDL_MOUSEBUTTONDOWN }, up = { .type = SDL_MOUSEBUTTONUP };
    down.button.button = up.button.button = SDL_BUTTON_LEFT;
    down.button.x = x, down.button.y = y, up.button.x = x + 5, up.button.y = y;
    viz_input_event(&v, &in, &down);
    ck_assert(!viz_input_event(&v, &in, &up));
    ck_assert_int_eq(v.mode, VIZ_MODE_OVERVIEW);
    up.button.x = x;
    viz_input_event(&v, &in, &down);
    ck_assert(viz_input_event(&v, &in, &up));
    ck_assert_int_eq(v.mode, VIZ_MODE_DETAIL);
    ck_assert_uint_eq(v.cu, 40);
    ck_assert_int_eq(viz_render_png(&v, png, 1280, 800, 0, stderr), 0);
    ck_assert(v.lay.cu0 <= 40 && 40 < v.lay.cu0 + v.lay.ncus);
    e = key(SDLK_PAGEUP);
    viz_input_event(&v, &in, &e);
    ck_assert_uint_eq(v.cu, 39);
    e = key(SDLK_o);
    viz_input_event(&v, &in, &e);
    ck_assert_int_eq(v.mode, VIZ_MODE_OVERVIEW);
    e = key(SDLK_RETURN);
    viz_input_event(&v, &in, &e);
    ck_assert_int_eq(v.mode, VIZ_MODE_DETAIL);
    close_view(&v);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("viz_views");
    TCase *tc = tcase_create("views");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_palettes);
    tcase_add_test(tc, test_legend_matches);
    tcase_add_test(tc, test_layouts);
    tcase_add_test(tc, test_mfma_per_simd);
    tcase_add_test(tc, test_mem_series);
    tcase_add_test(tc, test_view_input);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

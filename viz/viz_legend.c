/* viz_legend: the palette every panel is drawn in (one colour per lane state, dispatch category
 * and SIMD shade) and the legend that explains it. Below both the layout (which needs the legend's
 * height) and the drawing (which uses the palette and draws the legend). */
#include "viz.h"

#include <stdio.h>
#include <string.h>

#define WG_SHADES { { { 120, 144, 156, 255 }, { 84, 110, 122, 255 } }, { { 205, 150, 70, 255 }, { 170, 115, 40, 255 } }, \
                   { { 110, 170, 110, 255 }, { 70, 135, 75, 255 } }, { { 160, 120, 185, 255 }, { 125, 85, 150, 255 } } }
#define SIMD_BLUES { { 31, 78, 140, 255 }, { 60, 120, 190, 255 }, { 110, 160, 215, 255 }, { 165, 200, 235, 255 } }

const viz_palette_t viz_palettes[VIZ_NUM_PALETTES] = {
    {   /* default: distinct hues; the pairs issue 20 found reused (vmcnt and refused: vgpr, lgkmcnt
         * and refused: sgpr, launching and refused: lds, held and no work) now differ */
        .name = "default",
        .state = {
            [VIZ_NONE] = { 255, 255, 255, 255 },     [VIZ_LAUNCHING] = { 148, 103, 189, 255 },
            [VIZ_VALU] = { 44, 160, 44, 255 },       [VIZ_SCALAR] = { 188, 189, 34, 255 },
            [VIZ_VMEM] = { 31, 119, 180, 255 },      [VIZ_LDS] = { 23, 190, 207, 255 },
            [VIZ_READY] = { 152, 223, 138, 255 },    [VIZ_NOINST] = { 140, 86, 75, 255 },
            [VIZ_WAIT_VM] = { 214, 39, 40, 255 },    [VIZ_WAIT_LGKM] = { 255, 127, 14, 255 },
            [VIZ_BARRIER] = { 227, 119, 194, 255 },  [VIZ_DRAINING] = { 90, 90, 20, 255 },
            [VIZ_HELD] = { 190, 190, 190, 255 },
        },
        .lim = {
            [VIZ_LIM_NONE] = { 255, 255, 255, 255 },  [VIZ_LIM_FULL] = { 60, 60, 60, 255 },
            [VIZ_LIM_NO_WORK] = { 230, 220, 190, 255 }, [VIZ_LIM_LAUNCH] = { 120, 170, 250, 255 },
            [VIZ_LIM_REFUSED + 0] = { 150, 0, 90, 255 }, [VIZ_LIM_REFUSED + 1] = { 190, 140, 0, 255 },
            [VIZ_LIM_REFUSED + 2] = { 0, 100, 90, 255 }, [VIZ_LIM_REFUSED + 3] = { 110, 60, 0, 255 },
            [VIZ_LIM_REFUSED + 4] = { 250, 240, 60, 255 }, [VIZ_LIM_REFUSED + 5] = { 0, 70, 160, 255 },
        },
        .simd = SIMD_BLUES,
        .limit = { 120, 0, 200, 255 },
        .wg = WG_SHADES,
        .track = { [VIZ_TRACK_DRAM] = { 110, 0, 140, 255 }, [VIZ_TRACK_L2BW] = { 0, 130, 130, 255 },
                   [VIZ_TRACK_L1HIT] = { 210, 100, 0, 255 }, [VIZ_TRACK_L2HIT] = { 100, 70, 20, 255 },
                   [VIZ_TRACK_STALL] = { 180, 0, 40, 255 }, [VIZ_TRACK_L1MSHR] = { 90, 150, 0, 255 },
                   [VIZ_TRACK_L2MSHR] = { 40, 40, 200, 255 } },
        .heat_lo = { 240, 245, 255, 255 }, .heat_hi = { 8, 48, 107, 255 },
        .hazard = { 0, 0, 0, 255 },
        .pick = { 255, 0, 255, 255 },   /* magenta: no lane, band or track is near it */
    },
    {   /* cb: the lane states from the Okabe-Ito set and tints of it, no red/green pair; the
         * dispatch band in darker and lighter tones than any lane colour */
        .name = "cb",
        .state = {
            [VIZ_NONE] = { 255, 255, 255, 255 },     [VIZ_LAUNCHING] = { 204, 121, 167, 255 },
            [VIZ_VALU] = { 0, 114, 178, 255 },       [VIZ_SCALAR] = { 86, 180, 233, 255 },
            [VIZ_VMEM] = { 0, 158, 115, 255 },       [VIZ_LDS] = { 0, 70, 60, 255 },
            [VIZ_READY] = { 180, 215, 240, 255 },    [VIZ_NOINST] = { 100, 100, 100, 255 },
            [VIZ_WAIT_VM] = { 230, 159, 0, 255 },    [VIZ_WAIT_LGKM] = { 213, 94, 0, 255 },
            [VIZ_BARRIER] = { 240, 228, 66, 255 },   [VIZ_DRAINING] = { 40, 20, 60, 255 },
            [VIZ_HELD] = { 200, 200, 200, 255 },
        },
        .lim = {
            [VIZ_LIM_NONE] = { 255, 255, 255, 255 },  [VIZ_LIM_FULL] = { 45, 45, 45, 255 },
            [VIZ_LIM_NO_WORK] = { 240, 240, 240, 255 }, [VIZ_LIM_LAUNCH] = { 150, 205, 250, 255 },
            [VIZ_LIM_REFUSED + 0] = { 130, 50, 0, 255 }, [VIZ_LIM_REFUSED + 1] = { 255, 200, 120, 255 },
            [VIZ_LIM_REFUSED + 2] = { 110, 210, 180, 255 }, [VIZ_LIM_REFUSED + 3] = { 0, 50, 110, 255 },
            [VIZ_LIM_REFUSED + 4] = { 140, 130, 0, 255 }, [VIZ_LIM_REFUSED + 5] = { 120, 40, 90, 255 },
        },
        .simd = SIMD_BLUES,
        .limit = { 220, 0, 220, 255 },
        .wg = WG_SHADES,
        .track = { [VIZ_TRACK_DRAM] = { 60, 0, 100, 255 }, [VIZ_TRACK_L2BW] = { 0, 120, 200, 255 },
                   [VIZ_TRACK_L1HIT] = { 230, 120, 50, 255 }, [VIZ_TRACK_L2HIT] = { 150, 70, 0, 255 },
                   [VIZ_TRACK_STALL] = { 200, 0, 100, 255 }, [VIZ_TRACK_L1MSHR] = { 0, 200, 180, 255 },
                   [VIZ_TRACK_L2MSHR] = { 20, 60, 140, 255 } },
        .heat_lo = { 240, 245, 255, 255 }, .heat_hi = { 8, 48, 107, 255 },
        .hazard = { 0, 0, 0, 255 },  /* black marks: darker than every lane and band colour */
        .pick = { 0, 255, 255, 255 },  /* cyan: lighter than the sky blue and any lane colour */
    },
};

const SDL_Color viz_ink = { 20, 20, 20, 255 }, viz_faint = { 110, 110, 110, 255 };

const viz_palette_t *viz_palette_find(const char *name)
{
    for (int i = 0; i < VIZ_NUM_PALETTES; i++)
        if (!strcmp(viz_palettes[i].name, name))
            return &viz_palettes[i];
    return NULL;
}

SDL_Color viz_state_color(const viz_view_t *v, viz_state_t s) { return v->pal->state[(unsigned)s < VIZ_NUM_STATES ? s : 0]; }

static const char *limiter_resource(uint32_t r)
{
    const char *name = viz_limiter_name(VIZ_LIM_REFUSED + (int)(r < 6 ? r : 5));
    return name + strlen("refused: ");
}

/* A legend entry: a name with up to two swatches (none: a group heading). */
typedef struct {
    const char *name;
    SDL_Color c[2];
    int nc;
    char buf[64];
} entry_t;

enum { MAX_ENTRIES = 64 };

static void add(entry_t *e, int *n, const char *name, int nc, SDL_Color c0, SDL_Color c1)
{
    if (*n >= MAX_ENTRIES)
        return;
    e[*n] = (entry_t){ .name = name, .c = { c0, c1 }, .nc = nc };
    if (name == NULL)
        e[*n].name = e[*n].buf;
    (*n)++;
}

/* Exactly the colours the current mode draws (the tests check every plotted pixel against them). */
static int entries(const viz_view_t *v, entry_t *e)
{
    const viz_model_t *m = v->m;
    const viz_palette_t *p = v->pal;
    SDL_Color none = { 0, 0, 0, 0 };
    int n = 0;
    bool detail = v->mode == VIZ_MODE_DETAIL;
    if (m->mem) {
        add(e, &n, "memory:", 0, none, none);
        static const char *const names[VIZ_NUM_TRACKS] = { "DRAM bytes/cycle", "L2 bytes/cycle", "L1 hit rate",
                                                            "L2 hit rate", "address-unit stalls",
                                                            "L1 MSHRs in use", "L2 MSHRs in use" };
        for (int k = 0; k < VIZ_NUM_TRACKS; k++)
            add(e, &n, names[k], 1, p->track[k], none);
    }
    if (detail || v->strip == VIZ_STRIP_STATE) {
        add(e, &n, detail ? "lanes:" : "CU strips (most common state of its waves):", 0, none, none);
        for (int k = 1; k < VIZ_NUM_STATES; k++) {
            if (!m->issues && k >= VIZ_VALU && k <= VIZ_LDS)
                continue;   /* without issue records these states never appear */
            add(e, &n, viz_state_name((viz_state_t)k, m->issues), 1, p->state[k], none);
        }
        if (detail && m->nhz)
            add(e, &n, "hazard (gcnsim check)", 1, p->hazard, none); /* only when the trace has some */
        if (detail && v->pick >= 0)   /* the pane's picked instruction */
            add(e, &n, "picked instruction's issues", 1, p->pick, none);
    } else {
        add(e, &n, "CU strips:", 0, none, none);
        add(e, &n, NULL, 2, p->heat_lo, p->heat_hi);
        snprintf(e[n - 1].buf, sizeof e[n - 1].buf, "resident waves, 0 to %u (the CU's maximum)", m->h.max_waves_cu);
    }
    if (!detail)
        return n;
    add(e, &n, "dispatch band:", 0, none, none);
    for (int k = 1; k < VIZ_NUM_LIM; k++)
        add(e, &n, viz_limiter_name(k), 1, p->lim[k], none);
    add(e, &n, "occupancy:", 0, none, none);
    for (uint32_t s = 0; s < m->h.simds && s < 4; s++) {
        add(e, &n, NULL, 1, p->simd[s], none);
        snprintf(e[n - 1].buf, sizeof e[n - 1].buf, "SIMD %u resident", s);
    }
    add(e, &n, NULL, 1, p->limit, none);
    snprintf(e[n - 1].buf, sizeof e[n - 1].buf, "limit: %u waves/CU (%s)", viz_model_limit(m), limiter_resource(m->h.occ_limiter));
    for (uint32_t d = 0; d < m->h.ndispatches && d < 4; d++) {
        add(e, &n, NULL, 2, p->wg[d][0], p->wg[d][1]);
        if (m->h.ndispatches == 1)
            snprintf(e[n - 1].buf, sizeof e[n - 1].buf, "workgroups");
        else
            snprintf(e[n - 1].buf, sizeof e[n - 1].buf, "workgroups of dispatch %u%s", d, m->h.ndispatches > 4 ? " (+4k)" : "");
    }
    return n;
}

int viz_legend_colors(const viz_view_t *v, SDL_Color *out, int max)
{
    entry_t e[MAX_ENTRIES];
    int n = entries(v, e), k = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < e[i].nc && k < max; j++)
            out[k++] = e[i].c[j];
    return k;
}

/* The legend, wrapped at width. With draw false it only counts the lines the entries need. */
int viz_legend(viz_view_t *v, SDL_Renderer *r, int x0, int y0, int width, bool draw)
{
    viz_text_t *t = v->text;
    int lh = viz_text_height(t), x = x0, y = y0, lines = 1, sw = lh * 3 / 5 + 2;
    entry_t e[MAX_ENTRIES];
    int n = entries(v, e);
    for (int k = 0; k < n; k++) {
        int w = viz_text_width(t, e[k].name) + (e[k].nc ? e[k].nc * (sw + 2) + 4 : 0) + 14;
        if (x + w > x0 + width && x > x0) {
            x = x0;
            y += lh + 2;
            lines++;
        }
        if (draw) {
            for (int j = 0; j < e[k].nc; j++) {
                SDL_Color c = e[k].c[j];
                SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255);
                SDL_RenderFillRect(r, &(SDL_Rect){ x + j * (sw + 2), y + lh / 5, sw, sw });
            }
            viz_label(v, r, x + (e[k].nc ? e[k].nc * (sw + 2) + 2 : 0), y, e[k].nc ? viz_ink : viz_faint, e[k].name);
        }
        x += w;
    }
    return lines;
}

int viz_legend_lines(viz_view_t *v, int width) { return viz_legend(v, NULL, 0, 0, width, false); }

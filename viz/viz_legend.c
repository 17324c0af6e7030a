/* viz_legend: the legend that explains the palette — exactly the colours the current mode draws,
 * wrapped at a width. Below the layout, which needs its height; viz_draw.c draws the placed
 * entries. */
#include "viz_legend.h"

#include <stdio.h>
#include <string.h>

#include "viz_palette.h"

static const char *limiter_resource(uint32_t r)
{
    const char *name = viz_limiter_name(VIZ_LIM_REFUSED + (int)(r < 6 ? r : 5));
    return name + strlen("refused: ");
}


static void add(viz_legend_entry_t *e, int *n, const char *name, int nc, SDL_Color c0, SDL_Color c1)
{
    if (*n >= VIZ_LEGEND_MAX)
        return;
    e[*n] = (viz_legend_entry_t){ .name = name, .c = { c0, c1 }, .nc = nc };
    if (name == NULL)
        e[*n].name = e[*n].buf;
    (*n)++;
}

/* Exactly the colours the current mode draws (the tests check every plotted pixel against them). */
static int entries(const viz_view_t *v, viz_legend_entry_t *e)
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
    viz_legend_entry_t e[VIZ_LEGEND_MAX];
    int n = entries(v, e), k = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < e[i].nc && k < max; j++)
            out[k++] = e[i].c[j];
    return k;
}

int viz_legend_place(const viz_view_t *v, int x0, int y0, int width, viz_legend_entry_t *e, int *lines)
{
    viz_text_t *t = v->text;
    int lh = viz_text_height(t), x = x0, y = y0, sw = lh * 3 / 5 + 2;
    int n = entries(v, e);
    *lines = 1;
    for (int k = 0; k < n; k++) {
        int w = viz_text_width(t, e[k].name) + (e[k].nc ? e[k].nc * (sw + 2) + 4 : 0) + 14;
        if (x + w > x0 + width && x > x0) {
            x = x0;
            y += lh + 2;
            (*lines)++;
        }
        e[k].x = x;
        e[k].y = y;
        x += w;
    }
    return n;
}

int viz_legend_lines(const viz_view_t *v, int width)
{
    viz_legend_entry_t e[VIZ_LEGEND_MAX];
    int lines;
    viz_legend_place(v, 0, 0, width, e, &lines);
    return lines;
}

/* viz_legend: the palette every panel is drawn in (one colour per lane state, dispatch category
 * and SIMD shade) and the legend that explains it. Below both the layout (which needs the legend's
 * height) and the drawing (which uses the palette and draws the legend). */
#include "viz.h"

#include <stdio.h>
#include <string.h>

const SDL_Color viz_state_colors[VIZ_NUM_STATES] = {
    [VIZ_NONE] = { 255, 255, 255, 255 },     [VIZ_LAUNCHING] = { 148, 103, 189, 255 },
    [VIZ_VALU] = { 44, 160, 44, 255 },       [VIZ_SCALAR] = { 188, 189, 34, 255 },
    [VIZ_VMEM] = { 31, 119, 180, 255 },      [VIZ_LDS] = { 23, 190, 207, 255 },
    [VIZ_READY] = { 152, 223, 138, 255 },    [VIZ_NOINST] = { 140, 86, 75, 255 },
    [VIZ_WAIT_VM] = { 214, 39, 40, 255 },    [VIZ_WAIT_LGKM] = { 255, 127, 14, 255 },
    [VIZ_BARRIER] = { 227, 119, 194, 255 },  [VIZ_DRAINING] = { 90, 30, 30, 255 },
    [VIZ_HELD] = { 190, 190, 190, 255 },
};

const SDL_Color viz_lim_colors[VIZ_NUM_LIM] = {
    [VIZ_LIM_NONE] = { 255, 255, 255, 255 },  [VIZ_LIM_FULL] = { 80, 80, 80, 255 },
    [VIZ_LIM_NO_WORK] = { 200, 200, 200, 255 }, [VIZ_LIM_LAUNCH] = { 100, 150, 230, 255 },
    [VIZ_LIM_REFUSED + 0] = { 200, 30, 30, 255 },  [VIZ_LIM_REFUSED + 1] = { 240, 130, 40, 255 },
    [VIZ_LIM_REFUSED + 2] = { 170, 60, 170, 255 }, [VIZ_LIM_REFUSED + 3] = { 120, 70, 20, 255 },
    [VIZ_LIM_REFUSED + 4] = { 230, 200, 30, 255 }, [VIZ_LIM_REFUSED + 5] = { 20, 140, 130, 255 },
};

/* One shade per SIMD for the stacked occupancy (blues, dark to light). */
const SDL_Color viz_simd_colors[4] = { { 31, 78, 140, 255 }, { 60, 120, 190, 255 },
                                          { 110, 160, 215, 255 }, { 165, 200, 235, 255 } };

const SDL_Color viz_ink = { 20, 20, 20, 255 }, viz_faint = { 110, 110, 110, 255 };
const SDL_Color viz_limit_color = { 200, 0, 0, 255 };
const SDL_Color viz_hazard_color = { 0, 0, 0, 255 }; /* hazards: black marks, apart from every state */

SDL_Color viz_state_color(viz_state_t s) { return viz_state_colors[(unsigned)s < VIZ_NUM_STATES ? s : 0]; }

static const char *limiter_resource(uint32_t r)
{
    const char *name = viz_limiter_name(VIZ_LIM_REFUSED + (int)(r < 6 ? r : 5));
    return name + strlen("refused: ");
}

/* The legend's entries: each state drawn in lanes, each dispatch category, the SIMD shades and the
 * limit line. With draw false it only counts the lines the entries need at this width. */
int viz_legend(const viz_view_t *v, SDL_Renderer *r, int x0, int y0, int width, bool draw)
{
    const viz_model_t *m = v->m;
    viz_text_t *t = v->text;
    int lh = viz_text_height(t), x = x0, y = y0, lines = 1;
    char buf[64];
    for (int k = 0; k < VIZ_NUM_STATES + VIZ_NUM_LIM + 6; k++) {
        SDL_Color c;
        const char *name = buf;
        if (k == VIZ_NUM_STATES + VIZ_NUM_LIM + 5) {
            if (!m->nhz)
                continue; /* hazards: only when the trace has some */
            name = "hazard (gcnsim check)";
            c = viz_hazard_color;
        } else if (k == 0 || k == VIZ_NUM_STATES + VIZ_LIM_NONE) {
            /* a heading starts each group */
            name = k == 0 ? "lanes:" : "dispatch band:";
            c = (SDL_Color){ 0, 0, 0, 0 };
        } else if (k < VIZ_NUM_STATES) {
            if (!m->issues && k >= VIZ_VALU && k <= VIZ_LDS)
                continue;   /* without issue records these states never appear */
            name = viz_state_name((viz_state_t)k, m->issues);
            c = viz_state_colors[k];
        } else if (k < VIZ_NUM_STATES + VIZ_NUM_LIM) {
            name = viz_limiter_name(k - VIZ_NUM_STATES);
            c = viz_lim_colors[k - VIZ_NUM_STATES];
        } else if (k < VIZ_NUM_STATES + VIZ_NUM_LIM + 4) {
            snprintf(buf, sizeof buf, "SIMD %d resident", k - VIZ_NUM_STATES - VIZ_NUM_LIM);
            c = viz_simd_colors[k - VIZ_NUM_STATES - VIZ_NUM_LIM];
        } else {
            snprintf(buf, sizeof buf, "limit: %u waves/CU (%s)", viz_model_limit(m), limiter_resource(m->h.occ_limiter));
            c = viz_limit_color;
        }
        int w = viz_text_width(t, name) + (c.a ? lh + 4 : 0) + 14;
        if (x + w > x0 + width && x > x0) {
            x = x0;
            y += lh + 2;
            lines++;
        }
        if (draw) {
            if (c.a) {
                SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
                SDL_RenderFillRect(r, &(SDL_Rect){ x, y + lh / 5, lh * 3 / 5 + 2, lh * 3 / 5 + 2 });
            }
            viz_text_draw(t, r, x + (c.a ? lh + 2 : 0), y, c.a ? viz_ink : viz_faint, name);
        }
        x += w;
    }
    return lines;
}

int viz_legend_lines(const viz_view_t *v, int width) { return viz_legend(v, NULL, 0, 0, width, false); }

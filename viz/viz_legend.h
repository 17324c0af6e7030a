/* viz_legend: the legend's entries — exactly the colours the current mode draws — and where they
 * go when wrapped at a width. Below the layout, which needs its height; viz_draw.c draws it. */
#ifndef GCNVIZ_VIZ_LEGEND_H
#define GCNVIZ_VIZ_LEGEND_H

#include <SDL.h>

#include "viz_view.h"

/* A legend entry: a name with up to two swatches (none: a group heading), and its place. */
typedef struct {
    const char *name;        /* its own buf, or a constant */
    char buf[64];            /* the name when composed (snprintf cuts it, as drawn) */
    SDL_Color c[2];
    int nc;
    int x, y;                /* placed by viz_legend_place */
} viz_legend_entry_t;
enum { VIZ_LEGEND_MAX = 64 };

/* The entries at (x0, y0), wrapped at width, into e[VIZ_LEGEND_MAX]: returns how many, and the
 * lines they take in *lines. */
int viz_legend_place(const viz_view_t *v, int x0, int y0, int width, viz_legend_entry_t *e, int *lines);
/* Lines the legend needs at this width (its entries wrap). */
int viz_legend_lines(const viz_view_t *v, int width);
/* The colours the legend shows in the current mode, in order (at most max). */
int viz_legend_colors(const viz_view_t *v, SDL_Color *out, int max);

#endif

/* viz_canvas: the drawing primitives every panel shares — the plot area's pixel buffer (every
 * panel's data is drawn there, then copied as one texture: thousands of one-pixel rectangles per
 * frame would cost more than the data behind them) and the labels, whose boxes the view keeps. */
#ifndef GCNVIZ_VIZ_CANVAS_H
#define GCNVIZ_VIZ_CANVAS_H

#include <stdint.h>

#include <SDL.h>

#include "viz_view.h"

/* The plot area's pixels: fills take picture coordinates and are clipped to it. */
typedef struct {
    uint32_t *px;
    int ox, oy, w, h;        /* its place in the picture */
} viz_canvas_t;
void viz_cfill(viz_canvas_t *cv, SDL_Color c, int x, int y, int w, int h);
/* Shade a rectangle towards c by alpha/256 (the selected range). */
void viz_cshade(viz_canvas_t *cv, SDL_Color c, int alpha, int x, int y, int w, int h);
/* Draw text at (x, y), cut with "..." to end before the picture's right edge less 4 px, and keep
 * its box in v->labels. Returns its width. */
int viz_label(viz_view_t *v, SDL_Renderer *r, int x, int y, SDL_Color c, const char *s);

#endif

/* viz_panels: the memory tracks and the overview's CU strips — drawn and described. */
#ifndef GCNVIZ_VIZ_PANELS_H
#define GCNVIZ_VIZ_PANELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <SDL.h>

#include "viz_canvas.h"
#include "viz_view.h"

/* Data on the canvas, then (with labels true, after the canvas is on the renderer) their labels. */
void viz_draw_mem(viz_view_t *v, SDL_Renderer *r, viz_canvas_t *cv, double cpp, bool labels);
void viz_draw_strips(viz_view_t *v, SDL_Renderer *r, viz_canvas_t *cv, double cpp, bool labels);
/* What the memory track `row` or CU strip `cu` shows over cycles [a, b). */
viz_hover_kind_t viz_describe_mem(const viz_view_t *v, int row, double a, double b, char *buf, size_t len);
void viz_describe_strip(const viz_view_t *v, uint32_t cu, double a, double b, char *buf, size_t len);
/* The memory statistics of cycles [from, to) as one line (the selection's, else the view's). */
void viz_mem_line(const viz_view_t *v, double from, double to, char *buf, size_t len);

#endif

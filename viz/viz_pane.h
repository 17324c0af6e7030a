/* viz_pane: the instruction timing pane (docs/viewer.md) — its rows over the current range and
 * filter, drawn at the layout's pane_x, and the lanes' marks of the picked instruction. */
#ifndef GCNVIZ_VIZ_PANE_H
#define GCNVIZ_VIZ_PANE_H

#include <stddef.h>
#include <stdint.h>

#include <SDL.h>

#include "viz_canvas.h"
#include "viz_view.h"

/* The kernel of instruction i when the trace runs several kernels, else NULL. */
const char *viz_inst_kernel(const viz_model_t *m, uint32_t i);
/* The rows of the current range (the selection, else the whole run) and filter, kept until they change. */
const viz_pc_row_t *viz_pane_rows(viz_view_t *v);
/* Draw the pane at x0 (the layout's pane_x) to w; the lanes' marks of the picked instruction. */
void viz_draw_pane(viz_view_t *v, SDL_Renderer *r, int w, int h);
void viz_pane_marks(viz_view_t *v, viz_canvas_t *cv, double cpp);
/* The listing row at (x, y) (-1: none) and its description. */
int viz_pane_row_at(const viz_view_t *v, int x, int y);
void viz_describe_pane(viz_view_t *v, int row, char *buf, size_t len);

#endif

/* viz_hover: what is under the pointer in the last frame — described for the status line, or
 * acted on by a click — through each panel's own description. */
#ifndef GCNVIZ_VIZ_HOVER_H
#define GCNVIZ_VIZ_HOVER_H

#include <stdbool.h>
#include <stddef.h>

#include "viz_view.h"

/* The hover description at (x, y) in buf (empty when the pointer is over nothing). */
viz_hover_kind_t viz_describe(const viz_view_t *v, int x, int y, char *buf, size_t len);
/* A click at (x, y): a listing row picks (or unpicks) its instruction, a lane selects its wave, a
 * workgroup span its workgroup. Returns true when something changed. */
bool viz_pane_click(viz_view_t *v, int x, int y);

#endif

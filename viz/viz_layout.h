/* viz_layout: where each panel sits for a picture size (viz_layout_t, in viz_view.h). */
#ifndef GCNVIZ_VIZ_LAYOUT_H
#define GCNVIZ_VIZ_LAYOUT_H

#include "viz_view.h"

/* The panels of the timeline in a picture w x h (the pane's width already taken off). */
void viz_layout(const viz_view_t *v, int w, int h, viz_layout_t *out);
/* The instruction pane's width in a picture w wide (0 when hidden). */
int viz_pane_width(const viz_view_t *v, int w);

#endif

/* viz_png: the picture without a display, written as a PNG file. */
#ifndef GCNVIZ_VIZ_PNG_H
#define GCNVIZ_VIZ_PNG_H

#include <stdio.h>

#include "viz_view.h"

/* Draw the picture (w x h) with SDL's software renderer on a surface — no display needed — and
 * write it to path as PNG; with frames > 0 draw it that many times and print the frame rate on
 * err. Returns 0, 1 when the file cannot be written, 3 out of memory (after a message on err). */
int viz_render_png(viz_view_t *v, const char *path, int w, int h, long frames, FILE *err);

#endif

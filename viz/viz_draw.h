/* viz_draw: the whole picture on any SDL renderer (the window and --png share it). */
#ifndef GCNVIZ_VIZ_DRAW_H
#define GCNVIZ_VIZ_DRAW_H

#include <SDL.h>

#include "viz_view.h"

/* Draw the whole picture on r (w x h), laying it out first (v->lay). */
void viz_draw(viz_view_t *v, SDL_Renderer *r, int w, int h);

#endif

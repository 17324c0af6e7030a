/* viz_text: text through SDL2_ttf (DejaVu Sans of fonts-dejavu-core). Needs nothing of the viewer. */
#ifndef GCNVIZ_VIZ_TEXT_H
#define GCNVIZ_VIZ_TEXT_H

#include <stdio.h>

#include <SDL.h>

typedef struct viz_text viz_text_t;

/* Opens the font at path (NULL: the DejaVu Sans of fonts-dejavu-core). When it cannot, prints
 * one warning on err and returns a text object that draws nothing, so pictures still render. */
viz_text_t *viz_text_open(const char *path, int size, FILE *err);
void viz_text_close(viz_text_t *t);
int viz_text_height(const viz_text_t *t);
int viz_text_width(viz_text_t *t, const char *s);
/* Draw s with its top-left corner at (x, y); returns its width. */
int viz_text_draw(viz_text_t *t, SDL_Renderer *r, int x, int y, SDL_Color c, const char *s);

#endif

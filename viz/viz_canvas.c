/* viz_canvas: the plot area is drawn into a pixel buffer and copied to the renderer as one
 * texture (thousands of one-pixel rectangles per frame would cost more than the data behind
 * them); coordinates are the picture's. Labels keep their boxes in the view for the tests. */
#include "viz_canvas.h"

#include <string.h>

static uint32_t argb(SDL_Color c) { return 0xff000000u | (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b; }

/* Clip a rectangle in picture coordinates to the canvas; false when nothing is left. */
static bool clip(const viz_canvas_t *cv, int *x, int *y, int *w, int *h)
{
    *x -= cv->ox;
    *y -= cv->oy;
    if (*x < 0)
        *w += *x, *x = 0;
    if (*y < 0)
        *h += *y, *y = 0;
    if (*x + *w > cv->w)
        *w = cv->w - *x;
    if (*y + *h > cv->h)
        *h = cv->h - *y;
    return *w > 0 && *h > 0;
}

void viz_cfill(viz_canvas_t *cv, SDL_Color c, int x, int y, int w, int h)
{
    if (!clip(cv, &x, &y, &w, &h))
        return;
    uint32_t v = argb(c);
    for (int j = 0; j < h; j++) {
        uint32_t *row = cv->px + (size_t)(y + j) * (size_t)cv->w + x;
        for (int i = 0; i < w; i++)
            row[i] = v;
    }
}

int viz_label(viz_view_t *v, SDL_Renderer *r, int x, int y, SDL_Color c, const char *s)
{
    int room = v->lay.w - 4 - x, w = viz_text_width(v->text, s);
    char buf[1024];
    if (w > room && room > 0) {   /* cut at a character that leaves room for "..." */
        size_t n = strlen(s) < sizeof buf - 4 ? strlen(s) : sizeof buf - 4;
        memcpy(buf, s, n);
        do {
            strcpy(buf + n, "...");
            w = viz_text_width(v->text, buf);
        } while (w > room && n-- > 0);
        s = buf;
    }
    if (w > room)
        return 0;
    viz_text_draw(v->text, r, x, y, c, s);
    if (v->nlabels < VIZ_MAX_LABELS && w > 0)
        v->labels[v->nlabels++] = (viz_rect_t){ x, y, w, viz_text_height(v->text) };
    return w;
}

/* Shade a rectangle towards c by alpha/256 (the selected range). */
void viz_cshade(viz_canvas_t *cv, SDL_Color c, int alpha, int x, int y, int w, int h)
{
    if (!clip(cv, &x, &y, &w, &h))
        return;
    uint32_t keep = 256 - (uint32_t)alpha, a = (uint32_t)alpha;
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            uint32_t *p = &cv->px[(size_t)(y + j) * (size_t)cv->w + x + i], o = *p;
            uint32_t rr = ((o >> 16 & 255) * keep + c.r * a) >> 8, gg = ((o >> 8 & 255) * keep + c.g * a) >> 8;
            uint32_t bb = ((o & 255) * keep + c.b * a) >> 8;
            *p = 0xff000000u | rr << 16 | gg << 8 | bb;
        }
}

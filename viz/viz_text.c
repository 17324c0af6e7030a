/* viz_text: text through SDL2_ttf with DejaVu Sans (fonts-dejavu-core). Without the font the
 * viewer still draws everything but text, after one warning, rather than refusing to start. */
#include "viz_text.h"

#include <SDL_ttf.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define VIZ_DEFAULT_FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

struct viz_text {
    TTF_Font *font;
    bool ttf_up;
    int h;
};

viz_text_t *viz_text_open(const char *path, int size, FILE *err)
{
    viz_text_t *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->h = size + size / 3;   /* the line height used for layout even without a font */
    if (!path)
        path = VIZ_DEFAULT_FONT;
    if (TTF_Init() != 0) {
        fprintf(err, "gcnviz: warning: cannot start SDL2_ttf (%s); drawing without text\n", TTF_GetError());
        return t;
    }
    t->ttf_up = true;
    t->font = TTF_OpenFont(path, size);
    if (!t->font) {
        fprintf(err, "gcnviz: warning: cannot open the font '%s' (%s); drawing without text "
                     "(install fonts-dejavu-core or pass --font FILE.ttf)\n", path, TTF_GetError());
        return t;
    }
    /* A line is as high as a drawn string's surface (a pixel more than the line skip with DejaVu
     * Sans 12), so that the boxes of text on successive lines never overlap. */
    t->h = TTF_FontLineSkip(t->font);
    SDL_Surface *probe = TTF_RenderUTF8_Blended(t->font, "Mg|", (SDL_Color){ 0, 0, 0, 255 });
    if (probe) {
        t->h = probe->h > t->h ? probe->h : t->h;
        SDL_FreeSurface(probe);
    }
    return t;
}

void viz_text_close(viz_text_t *t)
{
    if (!t)
        return;
    if (t->font)
        TTF_CloseFont(t->font);
    if (t->ttf_up)
        TTF_Quit();
    free(t);
}

int viz_text_height(const viz_text_t *t) { return t->h; }

int viz_text_width(viz_text_t *t, const char *s)
{
    int w = 0, h = 0;
    if (!t->font || !*s)
        return (int)strlen(s) * t->h / 2;
    if (TTF_SizeUTF8(t->font, s, &w, &h) != 0)
        return 0;
    return w;
}

int viz_text_draw(viz_text_t *t, SDL_Renderer *r, int x, int y, SDL_Color c, const char *s)
{
    if (!t->font || !*s)
        return viz_text_width(t, s);
    /* Blended (anti-aliased) text; one texture per string is cheap next to the lanes. */
    SDL_Surface *surf = TTF_RenderUTF8_Blended(t->font, s, c);
    if (!surf)
        return 0;
    int w = surf->w;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(r, surf);
    if (tex) {
        SDL_Rect dst = { x, y, surf->w, surf->h };
        SDL_RenderCopy(r, tex, NULL, &dst);
        SDL_DestroyTexture(tex);
    }
    SDL_FreeSurface(surf);
    return w;
}

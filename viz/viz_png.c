/* viz_png: the picture without a display — SDL's software renderer drawing on a memory surface,
 * saved by SDL2_image — through the same viz_draw as the window. */
#include "viz.h"

#include <SDL_image.h>
#include <stdio.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int viz_render_png(viz_view_t *v, const char *path, int w, int h, long frames, FILE *err)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
    if (!r) {
        fprintf(err, "gcnviz: error: cannot create a %dx%d picture: %s\n", w, h, SDL_GetError());
        SDL_FreeSurface(s);
        return 3;
    }
    long n = frames > 0 ? frames : 1;
    double t0 = now();
    for (long i = 0; i < n; i++) {
        viz_draw(v, r, w, h);
        SDL_RenderPresent(r);
    }
    double dt = now() - t0;
    if (frames > 0)
        fprintf(err, "gcnviz: %ld frames in %.3f s (%.1f frames/s) at %dx%d, software renderer\n", n, dt,
                dt > 0 ? n / dt : 0, w, h);
    viz_view_free(v);   /* its texture belongs to this renderer */
    int rc = 0;
    if (IMG_SavePNG(s, path) != 0) {
        fprintf(err, "gcnviz: error: cannot write '%s': %s\n", path, IMG_GetError());
        remove(path);
        rc = 1;
    }
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    return rc;
}

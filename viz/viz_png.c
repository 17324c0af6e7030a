/* viz_png: the picture without a display — SDL's software renderer drawing on a memory surface,
 * saved by SDL2_image — through the same viz_draw as the window. */
#include "viz_png.h"

#include <SDL_image.h>
#include <stdio.h>
#include <time.h>

#include "base/fileio.h"
#include "viz_draw.h"

/* Save s as a PNG at path through fio_out: a failed write (a full disk, a file size limit) leaves
 * what was at path untouched and is reported, never announced as written. */
static bool save_png(SDL_Surface *s, const char *path, FILE *err)
{
    fio_out_t out;
    char why[256];
    if (!fio_out_open(&out, path, why, sizeof why)) {
        fprintf(err, "gcnviz: error: cannot write '%s': %s\n", path, why);
        return false;
    }
    SDL_RWops *rw = SDL_RWFromFP(out.f, SDL_FALSE);   /* out owns the FILE */
    if (!rw || IMG_SavePNG_RW(s, rw, 1) != 0) {
        fprintf(err, "gcnviz: error: cannot write '%s': %s\n", path, IMG_GetError());
        fio_out_abort(&out);
        return false;
    }
    if (!fio_out_commit(&out, why, sizeof why)) {
        fprintf(err, "gcnviz: error: cannot write '%s': %s\n", path, why);
        return false;
    }
    return true;
}

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
    if (!save_png(s, path, err))
        rc = 1;
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    return rc;
}

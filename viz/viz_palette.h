/* viz_palette: the palettes every panel is drawn in (viz_palette.c), one colour per meaning. */
#ifndef GCNVIZ_VIZ_PALETTE_H
#define GCNVIZ_VIZ_PALETTE_H

#include <SDL.h>

#include "viz_model.h"

/* A palette: every colour that carries a meaning, none used for two (the tests check that every
 * entry differs and that the lane and dispatch colours are far apart, in the colour-blind palette
 * also under simulated protanopia and deuteranopia). White means "nothing" in the lanes and the
 * band alike; text is ink and faint grey, which carry no meaning. */
typedef enum { VIZ_TRACK_DRAM, VIZ_TRACK_L2BW, VIZ_TRACK_L1HIT, VIZ_TRACK_L2HIT, VIZ_TRACK_STALL, VIZ_TRACK_L1MSHR,
               VIZ_TRACK_L2MSHR, VIZ_NUM_TRACKS } viz_track_t;
typedef struct viz_palette_s {
    const char *name;                 /* --palette NAME */
    SDL_Color state[VIZ_NUM_STATES];  /* [VIZ_NONE]: background */
    SDL_Color lim[VIZ_NUM_LIM];       /* [VIZ_LIM_NONE]: background */
    SDL_Color simd[4];                /* stacked occupancy, SIMD 0 darkest */
    SDL_Color limit;                  /* the theoretical limit line */
    SDL_Color wg[4][2];               /* workgroup bars: a hue per dispatch, two shades */
    SDL_Color track[VIZ_NUM_TRACKS];  /* memory tracks */
    SDL_Color heat_lo, heat_hi;       /* the overview's occupancy ramp (a lightness ramp, one hue) */
    SDL_Color hazard;                 /* the marks of hazard records on a wave's lane */
    SDL_Color pick;                   /* the pane's selected instruction: its issues marked on the lanes */
} viz_palette_t;
enum { VIZ_NUM_PALETTES = 2 };
extern const viz_palette_t viz_palettes[VIZ_NUM_PALETTES];   /* [0] default, [1] colour-blind safe */
/* The palette named name, or NULL. */
const viz_palette_t *viz_palette_find(const char *name);
extern const SDL_Color viz_ink, viz_faint;

#endif

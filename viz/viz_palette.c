/* viz_palette: the palettes every panel is drawn in — one colour per lane state, dispatch
 * category, SIMD shade, memory track — and the ink of the text, which carries no meaning. */
#include "viz_palette.h"

#include <string.h>

#define WG_SHADES { { { 120, 144, 156, 255 }, { 84, 110, 122, 255 } }, { { 205, 150, 70, 255 }, { 170, 115, 40, 255 } }, \
                   { { 110, 170, 110, 255 }, { 70, 135, 75, 255 } }, { { 160, 120, 185, 255 }, { 125, 85, 150, 255 } } }
#define SIMD_BLUES { { 31, 78, 140, 255 }, { 60, 120, 190, 255 }, { 110, 160, 215, 255 }, { 165, 200, 235, 255 } }

const viz_palette_t viz_palettes[VIZ_NUM_PALETTES] = {
    {   /* default: distinct hues; the pairs issue 20 found reused (vmcnt and refused: vgpr, lgkmcnt
         * and refused: sgpr, launching and refused: lds, held and no work) now differ */
        .name = "default",
        .state = {
            [VIZ_NONE] = { 255, 255, 255, 255 },     [VIZ_LAUNCHING] = { 148, 103, 189, 255 },
            [VIZ_VALU] = { 44, 160, 44, 255 },       [VIZ_SCALAR] = { 188, 189, 34, 255 },
            [VIZ_VMEM] = { 31, 119, 180, 255 },      [VIZ_LDS] = { 23, 190, 207, 255 },
            [VIZ_READY] = { 152, 223, 138, 255 },    [VIZ_NOINST] = { 140, 86, 75, 255 },
            [VIZ_WAIT_VM] = { 214, 39, 40, 255 },    [VIZ_WAIT_LGKM] = { 255, 127, 14, 255 },
            [VIZ_BARRIER] = { 227, 119, 194, 255 },  [VIZ_DRAINING] = { 90, 90, 20, 255 },
            [VIZ_HELD] = { 190, 190, 190, 255 },
        },
        .lim = {
            [VIZ_LIM_NONE] = { 255, 255, 255, 255 },  [VIZ_LIM_FULL] = { 60, 60, 60, 255 },
            [VIZ_LIM_NO_WORK] = { 230, 220, 190, 255 }, [VIZ_LIM_LAUNCH] = { 120, 170, 250, 255 },
            [VIZ_LIM_REFUSED + 0] = { 150, 0, 90, 255 }, [VIZ_LIM_REFUSED + 1] = { 190, 140, 0, 255 },
            [VIZ_LIM_REFUSED + 2] = { 0, 100, 90, 255 }, [VIZ_LIM_REFUSED + 3] = { 110, 60, 0, 255 },
            [VIZ_LIM_REFUSED + 4] = { 250, 240, 60, 255 }, [VIZ_LIM_REFUSED + 5] = { 0, 70, 160, 255 },
        },
        .simd = SIMD_BLUES,
        .limit = { 120, 0, 200, 255 },
        .wg = WG_SHADES,
        .track = { [VIZ_TRACK_DRAM] = { 110, 0, 140, 255 }, [VIZ_TRACK_L2BW] = { 0, 130, 130, 255 },
                   [VIZ_TRACK_L1HIT] = { 210, 100, 0, 255 }, [VIZ_TRACK_L2HIT] = { 100, 70, 20, 255 },
                   [VIZ_TRACK_STALL] = { 180, 0, 40, 255 }, [VIZ_TRACK_L1MSHR] = { 90, 150, 0, 255 },
                   [VIZ_TRACK_L2MSHR] = { 40, 40, 200, 255 } },
        .heat_lo = { 240, 245, 255, 255 }, .heat_hi = { 8, 48, 107, 255 },
        .hazard = { 0, 0, 0, 255 },
        .pick = { 255, 0, 255, 255 },   /* magenta: no lane, band or track is near it */
    },
    {   /* cb: the lane states from the Okabe-Ito set and tints of it, no red/green pair; the
         * dispatch band in darker and lighter tones than any lane colour */
        .name = "cb",
        .state = {
            [VIZ_NONE] = { 255, 255, 255, 255 },     [VIZ_LAUNCHING] = { 204, 121, 167, 255 },
            [VIZ_VALU] = { 0, 114, 178, 255 },       [VIZ_SCALAR] = { 86, 180, 233, 255 },
            [VIZ_VMEM] = { 0, 158, 115, 255 },       [VIZ_LDS] = { 0, 70, 60, 255 },
            [VIZ_READY] = { 180, 215, 240, 255 },    [VIZ_NOINST] = { 100, 100, 100, 255 },
            [VIZ_WAIT_VM] = { 230, 159, 0, 255 },    [VIZ_WAIT_LGKM] = { 213, 94, 0, 255 },
            [VIZ_BARRIER] = { 240, 228, 66, 255 },   [VIZ_DRAINING] = { 40, 20, 60, 255 },
            [VIZ_HELD] = { 200, 200, 200, 255 },
        },
        .lim = {
            [VIZ_LIM_NONE] = { 255, 255, 255, 255 },  [VIZ_LIM_FULL] = { 45, 45, 45, 255 },
            [VIZ_LIM_NO_WORK] = { 240, 240, 240, 255 }, [VIZ_LIM_LAUNCH] = { 150, 205, 250, 255 },
            [VIZ_LIM_REFUSED + 0] = { 130, 50, 0, 255 }, [VIZ_LIM_REFUSED + 1] = { 255, 200, 120, 255 },
            [VIZ_LIM_REFUSED + 2] = { 110, 210, 180, 255 }, [VIZ_LIM_REFUSED + 3] = { 0, 50, 110, 255 },
            [VIZ_LIM_REFUSED + 4] = { 140, 130, 0, 255 }, [VIZ_LIM_REFUSED + 5] = { 120, 40, 90, 255 },
        },
        .simd = SIMD_BLUES,
        .limit = { 220, 0, 220, 255 },
        .wg = WG_SHADES,
        .track = { [VIZ_TRACK_DRAM] = { 60, 0, 100, 255 }, [VIZ_TRACK_L2BW] = { 0, 120, 200, 255 },
                   [VIZ_TRACK_L1HIT] = { 230, 120, 50, 255 }, [VIZ_TRACK_L2HIT] = { 150, 70, 0, 255 },
                   [VIZ_TRACK_STALL] = { 200, 0, 100, 255 }, [VIZ_TRACK_L1MSHR] = { 0, 200, 180, 255 },
                   [VIZ_TRACK_L2MSHR] = { 20, 60, 140, 255 } },
        .heat_lo = { 240, 245, 255, 255 }, .heat_hi = { 8, 48, 107, 255 },
        .hazard = { 0, 0, 0, 255 },  /* black marks: darker than every lane and band colour */
        .pick = { 0, 255, 255, 255 },  /* cyan: lighter than the sky blue and any lane colour */
    },
};

const SDL_Color viz_ink = { 20, 20, 20, 255 }, viz_faint = { 110, 110, 110, 255 };

const viz_palette_t *viz_palette_find(const char *name)
{
    for (int i = 0; i < VIZ_NUM_PALETTES; i++)
        if (!strcmp(viz_palettes[i].name, name))
            return &viz_palettes[i];
    return NULL;
}

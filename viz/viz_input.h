/* viz_input: the interactive window — events applied to the view, redrawn when they change it. */
#ifndef GCNVIZ_VIZ_INPUT_H
#define GCNVIZ_VIZ_INPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <SDL.h>

#include "viz_view.h"

typedef enum { VIZ_DRAG_NONE, VIZ_DRAG_PAN, VIZ_DRAG_SELECT } viz_drag_t;

typedef struct {
    viz_drag_t drag;
    int drag_x;            /* pan: the last pointer x */
    uint64_t sel_from;     /* select: the cycle where it started */
    int press_x, press_y;  /* where the left button went down: released there, it is a click */
    bool quit;
} viz_input_t;

/* Apply one window event (wheel, drag, keys, pointer, quit) to the view, using the layout of the
 * last frame. Returns true when the picture must be redrawn. */
bool viz_input_event(viz_view_t *v, viz_input_t *in, const SDL_Event *e);

/* Run the window until it is closed (or after `frames` frames when frames > 0, printing the frame
 * rate on err). Returns 0, or 1 after printing why the window could not open. */
int viz_window_run(viz_view_t *v, int w, int h, long frames, FILE *err);

#endif

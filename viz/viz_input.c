/* viz_input: the interactive window — zoom around the pointer, pan by dragging or arrow keys, fit,
 * hover details, a dragged range's statistics. It redraws only after an event, except with
 * --frames, which redraws continuously to measure the frame rate and then quits. */
#include "viz_input.h"

#include <stdio.h>

#include "viz_draw.h"
#include "viz_hover.h"

static uint64_t cycle_at(const viz_view_t *v, int x)
{
    double t = viz_x_to_cycle(v, x);
    return t < 0 ? 0 : (uint64_t)t;
}

static void zoom(viz_view_t *v, double anchor, double factor)
{
    viz_view_set(v, anchor - (anchor - v->t0) * factor, anchor + (v->t1 - anchor) * factor);
}

bool viz_input_event(viz_view_t *v, viz_input_t *in, const SDL_Event *e)
{
    double span = v->t1 - v->t0, cpp = span / (v->lay.plot_w ? v->lay.plot_w : 1);
    switch (e->type) {
    case SDL_QUIT:
        in->quit = true;
        return false;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_LEAVE)
            v->pointer = false;
        return true;
    case SDL_MOUSEMOTION:
        v->pointer = true;
        v->px = e->motion.x;
        v->py = e->motion.y;
        if (in->drag == VIZ_DRAG_PAN && !(v->lay.pane_x && in->press_x >= v->lay.pane_x)) {   /* the pane does not pan */
            viz_view_set(v, v->t0 - (e->motion.x - in->drag_x) * cpp, v->t1 - (e->motion.x - in->drag_x) * cpp);
            in->drag_x = e->motion.x;
        } else if (in->drag == VIZ_DRAG_SELECT) {
            viz_view_select(v, in->sel_from, cycle_at(v, e->motion.x));
        }
        return true;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button == SDL_BUTTON_RIGHT ||
            (e->button.button == SDL_BUTTON_LEFT && (SDL_GetModState() & KMOD_SHIFT))) {
            in->drag = VIZ_DRAG_SELECT;
            in->sel_from = cycle_at(v, e->button.x);
        } else if (e->button.button == SDL_BUTTON_LEFT) {
            in->drag = VIZ_DRAG_PAN;
            in->drag_x = e->button.x;
            in->press_x = e->button.x;
            in->press_y = e->button.y;
        }
        return false;
    case SDL_MOUSEBUTTONUP: {
        bool click = in->drag == VIZ_DRAG_PAN && e->button.x == in->press_x && e->button.y == in->press_y;
        in->drag = VIZ_DRAG_NONE;
        const viz_layout_t *o = &v->lay;
        if (click && v->mode == VIZ_MODE_OVERVIEW && o->strip_h > 0 && e->button.y >= o->strips.y &&
            e->button.y < o->strips.y + o->strips.h && e->button.x >= o->strips.x) {
            viz_view_mode(v, VIZ_MODE_DETAIL, (uint32_t)((e->button.y - o->strips.y) / o->strip_h));   /* open that CU */
            return true;
        }
        return click && viz_pane_click(v, e->button.x, e->button.y);   /* a listing row, a lane, a workgroup */
    }
    case SDL_MOUSEWHEEL:
        if (e->wheel.y && v->lay.pane_x && v->px >= v->lay.pane_x) {   /* over the pane: scroll its listing */
            int64_t top = (int64_t)v->pane_top - 3 * e->wheel.y;
            v->pane_top = top < 0 ? 0 : (uint32_t)top;   /* the next frame keeps it inside the listing */
            return true;
        }
        if (e->wheel.y)
            zoom(v, viz_x_to_cycle(v, v->px), e->wheel.y > 0 ? 0.8 : 1.25);
        return e->wheel.y != 0;
    case SDL_KEYDOWN:
        switch (e->key.keysym.sym) {
        case SDLK_LEFT: viz_view_set(v, v->t0 - span / 10, v->t1 - span / 10); return true;
        case SDLK_RIGHT: viz_view_set(v, v->t0 + span / 10, v->t1 + span / 10); return true;
        case SDLK_UP: case SDLK_PLUS: case SDLK_EQUALS: case SDLK_KP_PLUS:
            zoom(v, (v->t0 + v->t1) / 2, 0.8); return true;
        case SDLK_DOWN: case SDLK_MINUS: case SDLK_KP_MINUS:
            zoom(v, (v->t0 + v->t1) / 2, 1.25); return true;
        case SDLK_f: viz_view_fit(v); return true;
        case SDLK_o: viz_view_mode(v, v->mode == VIZ_MODE_OVERVIEW ? VIZ_MODE_DETAIL : VIZ_MODE_OVERVIEW, v->cu); return true;
        case SDLK_s: v->strip = v->strip == VIZ_STRIP_STATE ? VIZ_STRIP_OCC : VIZ_STRIP_STATE; return true;
        case SDLK_RETURN: case SDLK_KP_ENTER: viz_view_mode(v, VIZ_MODE_DETAIL, v->cu); return true;
        case SDLK_PAGEUP: viz_view_mode(v, v->mode, v->cu ? v->cu - 1 : 0); return true;
        case SDLK_PAGEDOWN: viz_view_mode(v, v->mode, v->cu + 1); return true;
        case SDLK_ESCAPE: v->sel = false; return true;
        case SDLK_i: v->pane = !v->pane; return true;
        case SDLK_a: v->pf = VIZ_PF_ALL; return true;
        case SDLK_q: in->quit = true; return false;
        default: return false;
        }
    default:
        return false;
    }
}

int viz_window_run(viz_view_t *v, int w, int h, long frames, FILE *err)
{
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(err, "gcnviz: error: cannot open a window: %s (use --png OUT.png to draw without a display)\n",
                SDL_GetError());
        return 1;
    }
    SDL_Window *win = SDL_CreateWindow("gcnviz", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, w, h,
                                       SDL_WINDOW_RESIZABLE);
    SDL_Renderer *r = win ? SDL_CreateRenderer(win, -1, 0) : NULL;
    if (win && !r)
        r = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
    if (!r) {
        fprintf(err, "gcnviz: error: cannot open a window: %s (use --png OUT.png to draw without a display)\n",
                SDL_GetError());
        if (win)
            SDL_DestroyWindow(win);
        SDL_Quit();
        return 1;
    }
    viz_input_t in = { 0 };
    bool dirty = true;
    long drawn = 0;
    Uint64 t_start = SDL_GetPerformanceCounter();
    while (!in.quit) {
        SDL_Event e;
        if (frames <= 0 && !dirty && SDL_WaitEvent(&e))
            dirty |= viz_input_event(v, &in, &e);
        while (SDL_PollEvent(&e))
            dirty |= viz_input_event(v, &in, &e);
        if (in.quit)
            break;
        if (dirty || frames > 0) {
            int ow, oh;
            SDL_GetRendererOutputSize(r, &ow, &oh);
            viz_draw(v, r, ow, oh);
            SDL_RenderPresent(r);
            dirty = false;
            if (frames > 0 && ++drawn >= frames)
                break;
        }
    }
    if (frames > 0) {
        double s = (double)(SDL_GetPerformanceCounter() - t_start) / (double)SDL_GetPerformanceFrequency();
        fprintf(err, "gcnviz: %ld frames in %.3f s (%.1f frames/s) in the window\n", drawn, s, s > 0 ? drawn / s : 0);
    }
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return 0;
}

/* viz_view: the view of a model — visible cycles (clamped to the trace, at least MIN_SPAN), the
 * selection with its statistics, the mode and the current CU — and what drawing keeps in it. */
#include "viz_view.h"

#include <stdlib.h>
#include <string.h>

#include "viz_palette.h"

enum { MIN_SPAN = 8 };   /* cycles: the closest zoom */

void viz_view_init(viz_view_t *v, const viz_model_t *m, viz_text_t *text)
{
    memset(v, 0, sizeof *v);
    v->m = m;
    v->text = text;
    v->pal = &viz_palettes[0];
    v->pick = -1;
    viz_view_fit(v);
}

void viz_view_fit(viz_view_t *v) { viz_view_set(v, 0, (double)v->m->end + 1); }

void viz_view_set(viz_view_t *v, double from, double to)
{
    double total = (double)v->m->end + 1, span = to - from;
    if (total < MIN_SPAN)
        total = MIN_SPAN;
    if (span < MIN_SPAN)
        span = MIN_SPAN;
    if (span > total)
        span = total;
    if (from < 0)
        from = 0;
    if (from + span > total)
        from = total - span;
    v->t0 = from;
    v->t1 = from + span;
}

void viz_view_select(viz_view_t *v, uint64_t from, uint64_t to)
{
    if (to < from) {
        uint64_t x = from;
        from = to;
        to = x;
    }
    if (to > v->m->end + 1)
        to = v->m->end + 1;
    v->sel = to > from;
    if (v->sel)
        viz_range_stats(v->m, from, to, &v->range);
}

void viz_view_mode(viz_view_t *v, viz_mode_t mode, uint32_t cu)
{
    v->mode = mode;
    v->cu = cu < v->m->h.ncu ? cu : v->m->h.ncu - 1;
}

double viz_x_to_cycle(const viz_view_t *v, int x)
{
    return v->t0 + (double)(x - v->lay.plot_x) * (v->t1 - v->t0) / v->lay.plot_w;
}

SDL_Color viz_state_color(const viz_view_t *v, viz_state_t s) { return v->pal->state[(unsigned)s < VIZ_NUM_STATES ? s : 0]; }

void viz_view_free(viz_view_t *v)
{
    if (v->tex)
        SDL_DestroyTexture(v->tex);
    free(v->px_buf);
    free(v->colf);
    free(v->rows);
    v->rows = NULL;
    v->rows_ok = false;
    v->tex = NULL;
    v->px_buf = NULL;
    v->colf = NULL;
}

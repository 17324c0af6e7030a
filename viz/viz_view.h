/* viz_view: what the viewer shows of a model — the visible cycles, the selection and its
 * statistics, the mode and current CU, the pane's filter and pick — and where the last frame put
 * each panel (viz_layout_t, filled by viz_layout.h), which hovering and clicks read so that they
 * describe what was drawn there. Also what drawing keeps between frames, freed here. */
#ifndef GCNVIZ_VIZ_VIEW_H
#define GCNVIZ_VIZ_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <SDL.h>

#include "viz_model.h"
#include "viz_range.h"
#include "viz_text.h"

typedef struct { int x, y, w, h; } viz_rect_t;

typedef enum { VIZ_MODE_DETAIL, VIZ_MODE_OVERVIEW } viz_mode_t;
typedef enum { VIZ_STRIP_STATE, VIZ_STRIP_OCC } viz_strip_t;

typedef struct {
    int w, h, lh;
    viz_rect_t title, caption, mem, occ, axis, lanes, wgs, strips, legend, status;
    int plot_x, plot_w;      /* the shared time axis: x = plot_x + (t - t0) / cpp */
    int occ_cu_h;            /* each CU's occupancy plot height, its limiter band below */
    double lane_h, wg_row_h;
    uint32_t wg_rows;
    uint32_t cu0, ncus;      /* detail: the CUs shown, [cu0, cu0 + ncus) */
    int mem_rows, mem_row_h; /* the memory tracks (0 rows without memory records) */
    double strip_h;          /* overview: each CU's strip */
    uint32_t strip_label_every; /* overview: a label every this many CUs */
    int pane_x;              /* the instruction pane's left edge (0: no pane); the timeline is left of it */
    int pane_row_y, pane_row_h, pane_rows; /* the pane's first listing row, row height, rows shown */
} viz_layout_t;

typedef enum { VIZ_HOVER_NONE, VIZ_HOVER_OCC, VIZ_HOVER_LANE, VIZ_HOVER_WG, VIZ_HOVER_MEM, VIZ_HOVER_STRIP, VIZ_HOVER_PANE } viz_hover_kind_t;

/* Every text the last frame drew, as a box, so that the tests can check that no two overlap and
 * that all lie inside the picture. */
enum { VIZ_MAX_LABELS = 1024 };

typedef struct {
    const viz_model_t *m;
    viz_text_t *text;
    const struct viz_palette_s *pal; /* never NULL after viz_view_init (default palette) */
    double t0, t1;           /* the visible cycles */
    bool sel;                /* a selected range and its statistics */
    viz_range_t range;
    bool pointer;            /* the pointer is over the window */
    int px, py;
    viz_layout_t lay;        /* of the last frame */
    viz_mode_t mode;
    viz_strip_t strip;       /* overview: what each CU's strip shows */
    uint32_t cu;             /* the current CU: detail starts at it, the overview marks it */
    viz_rect_t labels[VIZ_MAX_LABELS];
    int nlabels;             /* of the last frame (boxes past VIZ_MAX_LABELS are not kept) */
    /* the instruction timing pane (viz_pane.c) */
    bool pane;               /* shown (i, --pane) */
    viz_pfilter_t pf;        /* its waves: all, the selected wave or workgroup */
    uint64_t pf_id;
    int32_t pick;            /* the instruction whose issues the lanes mark (-1: none) */
    uint32_t pane_top;       /* the first listing row shown */
    viz_pc_row_t *rows;      /* [ninsts], for rows_key */
    uint64_t rows_key[4];    /* from, to, filter, id of rows (rows_ok) */
    bool rows_ok;
    SDL_Texture *tex;        /* the plot area's pixels, kept between frames */
    SDL_Renderer *tex_r;
    int tex_w, tex_h;
    uint32_t *px_buf;
    float *colf;
} viz_view_t;

void viz_view_init(viz_view_t *v, const viz_model_t *m, viz_text_t *text);
void viz_view_fit(viz_view_t *v);
/* Free what drawing kept (the texture belongs to the renderer it was drawn with). */
void viz_view_free(viz_view_t *v);
/* Set the view to [from, to), clamped to the trace. */
void viz_view_set(viz_view_t *v, double from, double to);
void viz_view_select(viz_view_t *v, uint64_t from, uint64_t to);
/* Set the mode, or the current CU (clamped), keeping the other. */
void viz_view_mode(viz_view_t *v, viz_mode_t mode, uint32_t cu);
/* The cycle at picture column x on the last frame's time axis. */
double viz_x_to_cycle(const viz_view_t *v, int x);
/* A state's colour in the view's palette (tests check the pixels against it). */
SDL_Color viz_state_color(const viz_view_t *v, viz_state_t s);

#endif

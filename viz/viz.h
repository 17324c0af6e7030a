/* viz: gcnviz, the SDL2 timeline viewer of a gcnsim trace (docs/viewer.md). It reads a trace file
 * through the trace reader (sim/observe/trace_read.c, with sim/base/fileio.c) and never links the simulator. The model
 * (viz_model.c) turns the records into per-lane runs and aggregates once at load; drawing
 * (viz_draw.c) reads only those, so a frame costs about the same at every zoom. */
#ifndef GCNVIZ_VIZ_H
#define GCNVIZ_VIZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <SDL.h>

#include "observe/trace.h"

/* What a lane shows at a cycle: the trace's wave states, with "eligible" split by the issue
 * records (when the trace has them) into issuing one of four unit kinds and ready-not-selected. */
typedef enum {
    VIZ_NONE,        /* the slot is free */
    VIZ_LAUNCHING,
    VIZ_VALU,        /* issued a VALU instruction (for its busy cycles) */
    VIZ_SCALAR,      /* issued SALU, scalar memory, branch or a sequencer instruction */
    VIZ_VMEM,        /* issued a vector memory instruction */
    VIZ_LDS,         /* issued an LDS instruction */
    VIZ_READY,       /* eligible and not issuing: ready but not selected */
    VIZ_NOINST,      /* no instruction: branch refetch, s_nop, s_sleep */
    VIZ_WAIT_VM,
    VIZ_WAIT_LGKM,
    VIZ_BARRIER,
    VIZ_DRAINING,
    VIZ_HELD,        /* ended; holds its slot until its workgroup ends */
    VIZ_NUM_STATES
} viz_state_t;

/* A CU's dispatch situation: none (before its first record), full, no work, launch limited, then
 * refused by each occ_resource_t. */
enum { VIZ_LIM_NONE, VIZ_LIM_FULL, VIZ_LIM_NO_WORK, VIZ_LIM_LAUNCH, VIZ_LIM_REFUSED, VIZ_NUM_LIM = VIZ_LIM_REFUSED + 6 };

enum { VIZ_STATE_BITS = 5 };   /* a run's code: state | pc << VIZ_STATE_BITS (pc: issue runs only) */

typedef struct { uint64_t start, end, id, wg; } viz_wave_t;   /* end: the cycle its slot was freed */

typedef struct {
    uint64_t *t;             /* runs: code[i] from t[i] until t[i + 1] (the last until the end) */
    uint32_t *code;
    size_t n, cap;
    viz_wave_t *waves;       /* the waves that held this slot, in order */
    size_t nwaves, capw;
    uint8_t **level;         /* majority pyramid: level[j][b] is the state covering most of bucket b */
    uint32_t code_ws;        /* while loading: the code of the last wave-state record */
    uint64_t pend_t;         /* while loading: an issue's colour ends here unless a record comes first */
    bool pend;
} viz_lane_t;

/* ---- hazards: a finding of the hazard checker (trace version 5), marked on its wave's lane ---- */
typedef struct {
    uint64_t cycle;
    uint32_t lane, pc;       /* pc: instruction index (the header's insts) */
    uint8_t kind;            /* tev_hazard_kind_t */
} viz_hazard_t;
/* ---- end of hazards ---- */

/* A step function with its running integral, so the mean over any range costs two searches. */
typedef struct {
    uint64_t *t;
    int64_t *v;
    uint64_t *area;          /* integral of v from 0 to t[i] */
    size_t n, cap;
} viz_step_t;

typedef struct {
    uint64_t *t;             /* a CU's dispatch situation changes to cat[i] at t[i] */
    uint8_t *cat;
    uint64_t *cum;           /* [n * VIZ_NUM_LIM]: time spent in each category before t[i] */
    size_t n, cap;
} viz_limiter_t;

typedef struct {
    uint64_t *start, *end;   /* a SIMD's VALU busy intervals (sorted, not overlapping) */
    uint32_t *lane;
    uint64_t *cum;           /* busy cycles before interval i */
    size_t n, cap;
} viz_busy_t;

typedef struct {
    uint64_t start, end, id;
    uint32_t gid[3], cu, row, waves;
    uint32_t dispatch;       /* its dispatch's index in the trace's dispatch table */
} viz_wg_t;

/* One entry of the workgroup id index (ix SIZE_MAX: empty). */
typedef struct {
    uint64_t id;
    size_t ix;
} viz_wg_key_t;

/* ---- memory tracks and per-CU rates (viz_mem.c) ---- */

/* Machine-wide series: bytes through DRAM and the L2, L1 and L2 hits and lookups (hits + merges +
 * misses, the report's hit rate denominator), the cycles the vector L1s' and the L2's MSHRs are
 * held (so per cycle, MSHRs in use) — each instruction's spread evenly over its issue-to-data
 * cycles — and address-unit stall cycles (right after the issue). */
enum { VIZ_MS_DRAM, VIZ_MS_L2B, VIZ_MS_L1_HIT, VIZ_MS_L1_LOOK, VIZ_MS_L2_HIT, VIZ_MS_L2_LOOK, VIZ_MS_STALL,
       VIZ_MS_L1_MSHR, VIZ_MS_L2_MSHR, VIZ_NUM_MS };
/* Per-CU series: instructions issued, VALU busy cycles (over the busy cycles), stall cycles. */
enum { VIZ_CS_ISSUES, VIZ_CS_VALU, VIZ_CS_STALL, VIZ_NUM_CS };
enum { VIZ_SERIES_BUCKETS = 4096 };   /* per series; the bucket width doubles as the run grows */

typedef struct {
    double *v;               /* while loading: amount per bucket; then [nb + 1] running sums */
} viz_series_t;

/* ---- instruction timing pane: the data (viz_pcs.c) ----
 * Every issue record with what the report's per-PC table charges to it (stats.c's meanings,
 * replayed from the records in their order): the cycles to the wave's next issue or its end, and
 * the issue slots the wave then waited at s_waitcnt, and of them those hidden by another wave's
 * VALU issue on the same SIMD. */
typedef struct {
    uint64_t cycle;
    uint32_t lane, pc;       /* pc: instruction index (the header's insts) */
    uint32_t wave;           /* index in viz_pcs_t.w */
    uint32_t lat;            /* VIZ_LAT_UNKNOWN: the trace ends before the wave's next issue or end */
    uint32_t waited, hidden; /* issue slots */
} viz_issue_t;
#define VIZ_LAT_UNKNOWN UINT32_MAX   /* a macro: an enum constant cannot hold it in ISO C */
typedef struct { uint64_t id, wg; } viz_pwave_t;
typedef struct {
    viz_issue_t *is;
    size_t n, cap;
    viz_pwave_t *w;          /* the waves, in launch order */
    size_t nw, capw;
    struct viz_replay *rp;   /* while loading */
} viz_pcs_t;
/* One instruction's row of the pane over a range and a filter. */
typedef struct {
    uint64_t issues, nlat, lat_sum, waited, hidden;
    uint32_t lat_max;
} viz_pc_row_t;
typedef enum { VIZ_PF_ALL, VIZ_PF_WAVE, VIZ_PF_WG } viz_pfilter_t;
/* ---- end of the pane's data ---- */

typedef struct {
    char path[256];          /* the trace file, for the title */
    trace_header_t h;        /* copied; h.insts owned here */
    trace_end_status_t status;
    uint64_t end;            /* the last cycle */
    uint64_t records;
    bool issues;             /* the trace has issue records */
    uint32_t nlanes, nsimds; /* nsimds: machine-wide (ncu * simds) */
    viz_lane_t *lane;        /* [nlanes], lane = (cu * simds + simd) * slots + slot */
    viz_step_t *occ;         /* [nsimds] resident waves */
    viz_busy_t *busy;        /* [nsimds] */
    viz_limiter_t *lim;      /* [ncu] */
    viz_wg_t *wg;            /* in start order */
    size_t nwg, capwg;
    uint32_t *wg_rows;       /* [ncu] rows each CU's workgroup spans need */
    uint32_t l0;             /* the pyramid's finest bucket is 2^l0 cycles */
    uint32_t nlevels;
    bool mem;                /* the trace has memory records (version 5, --trace-mem) */
    uint64_t nmem;           /* memory records */
    uint64_t mem_total[VIZ_NUM_MS]; /* exact sums over the whole trace */
    uint32_t ser_shift;      /* series buckets are 2^ser_shift cycles */
    uint64_t ser_end;        /* the series' last cycle + 1 (a store's acknowledgement may come after the run's end) */
    viz_series_t ms[VIZ_NUM_MS];
    viz_series_t *cs;        /* [ncu * VIZ_NUM_CS] */
    viz_wg_key_t *wg_index;  /* while loading: workgroup id -> index in wg, a hash table of wg_index_n */
    size_t wg_index_n;       /* entries (a power of two, at least twice nwg; 0: none yet) */
    viz_hazard_t *hz;        /* hazards: in record order (cycles may step back a little) */
    size_t nhz, caphz;
    viz_pcs_t pcs;           /* the instruction timing pane's issues (with issue records) */
} viz_model_t;

/* ---- model (viz_model.c) ---------------------------------------------------------------------- */

/* Load and aggregate a trace. Returns NULL with the reason in msg (the reader's message, prefixed
 * with the path, or "out of memory"). */
viz_model_t *viz_model_load(const char *path, char *msg, size_t msglen);
void viz_model_free(viz_model_t *m);
/* The index of the run of lane covering cycle t (SIZE_MAX before its first run). */
size_t viz_lane_run_at(const viz_lane_t *l, uint64_t t);
/* The wave holding lane at cycle t, or NULL. */
const viz_wave_t *viz_lane_wave_at(const viz_lane_t *l, uint64_t t);
/* The state lane shows over most of [a, b) (b > a), through the pyramid or the runs. */
viz_state_t viz_lane_state_over(const viz_model_t *m, const viz_lane_t *l, double a, double b);
/* The same for n pixel columns [t0 + x * cpp, t0 + (x + 1) * cpp), in one sweep. */
void viz_lane_columns(const viz_model_t *m, const viz_lane_t *l, double t0, double cpp, int n, uint8_t *out);
/* Integral of a step function from 0 to t. */
double viz_step_area(const viz_step_t *s, double t);
/* The mean of a step function over each of n pixel columns, in one sweep. */
void viz_step_columns(const viz_step_t *s, double t0, double cpp, int n, float *out);
/* The dispatch category covering most of [a, b) on CU cu. */
int viz_limiter_over(const viz_model_t *m, uint32_t cu, double a, double b);
/* Cycles in [a, b) a SIMD's VALU was busy (excluding lane skip when skip < nlanes). */
uint64_t viz_busy_over(const viz_busy_t *b, uint64_t from, uint64_t to, uint32_t skip);
/* hazards: the first hazard mark on lane li within cycles [a, b], or NULL (drawn in the palette's hazard colour). */
const viz_hazard_t *viz_hazard_near(const viz_model_t *m, uint32_t li, double a, double b);
/* The theoretical limit in waves per CU (the dispatcher's rule, as in the trace header). */
uint32_t viz_model_limit(const viz_model_t *m);

/* Allocate the series (false: out of memory). */
bool viz_mem_alloc(viz_model_t *m);
/* Add a memory or issue record to the series (false: out of memory). */
bool viz_mem_event(viz_model_t *m, const tev_t *ev);
/* Turn the bucket amounts into running sums. */
void viz_mem_finish(viz_model_t *m);
void viz_mem_free(viz_model_t *m);
/* The amount a series holds in cycles [a, b) (linear within a bucket). */
double viz_series_over(const viz_model_t *m, const viz_series_t *s, double a, double b);
/* The same for n pixel columns [t0 + x * cpp, t0 + (x + 1) * cpp). */
void viz_series_columns(const viz_model_t *m, const viz_series_t *s, double t0, double cpp, int n, float *out);

/* The pane's data (viz_pcs.c): set up, feed every record, finish (false: out of memory). */
bool viz_pcs_alloc(viz_model_t *m);
bool viz_pcs_event(viz_model_t *m, const tev_t *ev);
void viz_pcs_finish(viz_model_t *m);
void viz_pcs_free(viz_model_t *m);
/* Sum the issues in cycles [from, to) of the waves the filter keeps (id: a wave or workgroup id)
 * into rows[m->h.ninsts] (cleared first). */
void viz_pcs_rows(const viz_model_t *m, uint64_t from, uint64_t to, viz_pfilter_t f, uint64_t id, viz_pc_row_t *rows);

/* ---- range statistics (viz_range.c) ----------------------------------------------------------- */

typedef struct {
    uint64_t from, to;       /* [from, to) */
    double occupancy;        /* mean resident waves / (CUs x max waves per CU) */
    double waves_per_cu;     /* mean resident waves per CU */
    double valu_util;        /* VALU busy cycles / (cycles x SIMDs); 0 without issue records */
    uint64_t wait_cycles;    /* cycles waves spent at s_waitcnt (vmcnt or lgkmcnt) */
    uint64_t hidden_cycles;  /* of them, cycles the SIMD's VALU was busy with another wave's work */
    double mem[VIZ_NUM_MS];  /* the memory series' amounts in the range (with memory records) */
} viz_range_t;

void viz_range_stats(const viz_model_t *m, uint64_t from, uint64_t to, viz_range_t *out);
const char *viz_state_name(viz_state_t s, bool issues);
const char *viz_limiter_name(int cat);

/* ---- text (viz_text.c) ------------------------------------------------------------------------ */

typedef struct viz_text viz_text_t;

/* Opens the font at path (NULL: the DejaVu Sans of fonts-dejavu-core). When it cannot, prints
 * one warning on err and returns a text object that draws nothing, so pictures still render. */
viz_text_t *viz_text_open(const char *path, int size, FILE *err);
void viz_text_close(viz_text_t *t);
int viz_text_height(const viz_text_t *t);
int viz_text_width(viz_text_t *t, const char *s);
/* Draw s with its top-left corner at (x, y); returns its width. */
int viz_text_draw(viz_text_t *t, SDL_Renderer *r, int x, int y, SDL_Color c, const char *s);

/* ---- view and drawing (viz_draw.c, viz_layout.c) ---------------------------------------------- */

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
void viz_layout(const viz_view_t *v, int w, int h, viz_layout_t *out);
double viz_x_to_cycle(const viz_view_t *v, int x);
/* Draw the whole picture on r (w x h): the window and --png share this. */
void viz_draw(viz_view_t *v, SDL_Renderer *r, int w, int h);
/* The hover description at (x, y) in buf (empty when the pointer is over nothing). */
viz_hover_kind_t viz_describe(const viz_view_t *v, int x, int y, char *buf, size_t len);
/* The plot area's pixels (viz_draw.c): every panel's data is drawn here, then copied as one texture. */
typedef struct {
    uint32_t *px;
    int ox, oy, w, h;        /* its place in the picture; fills take picture coordinates */
} viz_canvas_t;
void viz_cfill(viz_canvas_t *cv, SDL_Color c, int x, int y, int w, int h);
/* The memory tracks, and the overview's CU strips (viz_panels.c): data on the canvas, then (with
 * labels true, after the canvas is on the renderer) their labels. col: plot_w bytes, f: 2 plot_w floats. */
void viz_draw_mem(viz_view_t *v, SDL_Renderer *r, viz_canvas_t *cv, double cpp, bool labels);
void viz_draw_strips(viz_view_t *v, SDL_Renderer *r, viz_canvas_t *cv, double cpp, bool labels);
viz_hover_kind_t viz_describe_mem(const viz_view_t *v, int row, double a, double b, char *buf, size_t len);
void viz_describe_strip(const viz_view_t *v, uint32_t cu, double a, double b, char *buf, size_t len);
/* The memory statistics of cycles [from, to) as one line (the selection's, else the view's). */
void viz_mem_line(const viz_view_t *v, double from, double to, char *buf, size_t len);
/* The MSHRs of a level over the machine: 1 the vector L1s' (l1v.mshrs x CUs), 2 the L2's (l2.mshrs x channels). */
double viz_mshrs(const viz_model_t *m, int level);
/* Draw text at (x, y), cut with "..." to end before the picture's right edge less 4 px, and keep
 * its box in v->labels. Returns its width. */
int viz_label(viz_view_t *v, SDL_Renderer *r, int x, int y, SDL_Color c, const char *s);
/* Set the mode, or the current CU (clamped), keeping the other. */
void viz_view_mode(viz_view_t *v, viz_mode_t mode, uint32_t cu);
/* Lines the legend needs at this width (its entries wrap). */
int viz_legend_lines(viz_view_t *v, int width);
/* The legend at (x0, y0), wrapped at width; with draw false it only counts its lines. */
int viz_legend(viz_view_t *v, SDL_Renderer *r, int x0, int y0, int width, bool draw);
/* The colours the legend shows in the current mode, in order (at most max). */
int viz_legend_colors(const viz_view_t *v, SDL_Color *out, int max);
/* A palette (viz_legend.c): every colour that carries a meaning, none used for two (the tests
 * check that every entry differs and that the lane and dispatch colours are far apart, in the
 * colour-blind palette also under simulated protanopia and deuteranopia). White means "nothing"
 * in the lanes and the band alike; text is ink and faint grey, which carry no meaning. */
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
/* A state's colour in the view's palette (tests check the pixels against it). */
SDL_Color viz_state_color(const viz_view_t *v, viz_state_t s);

/* Draw the picture (w x h) with SDL's software renderer on a surface — no display needed — and
 * write it to path as PNG; with frames > 0 draw it that many times and print the frame rate on
 * err. Returns 0, 1 when the file cannot be written, 3 out of memory (after a message on err). */
int viz_render_png(viz_view_t *v, const char *path, int w, int h, long frames, FILE *err);

/* ---- the instruction timing pane (viz_pane.c) ---- */
/* The kernel of instruction i when the trace runs several kernels, else NULL. */
const char *viz_inst_kernel(const viz_model_t *m, uint32_t i);
/* Its width in a picture w wide (0 when hidden). */
int viz_pane_width(const viz_view_t *v, int w);
/* The rows of the current range (the selection, else the whole run) and filter, kept until they change. */
const viz_pc_row_t *viz_pane_rows(viz_view_t *v);
/* Draw the pane at x0 (the layout's pane_x) to w; the lanes' marks of the picked instruction. */
void viz_draw_pane(viz_view_t *v, SDL_Renderer *r, int w, int h);
void viz_pane_marks(viz_view_t *v, viz_canvas_t *cv, double cpp);
/* The listing row at (x, y) (-1: none) and its description. */
int viz_pane_row_at(const viz_view_t *v, int x, int y);
void viz_describe_pane(viz_view_t *v, int row, char *buf, size_t len);
/* A click at (x, y): a listing row picks (or unpicks) its instruction, a lane selects its wave, a
 * workgroup span its workgroup. Returns true when something changed. */
bool viz_pane_click(viz_view_t *v, int x, int y);

/* ---- interaction (viz_input.c) ---------------------------------------------------------------- */

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

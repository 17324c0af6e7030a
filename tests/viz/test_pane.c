/* The instruction timing pane (viz_pcs.c, viz_pane.c) on the crafted scenario (craft.h), with
 * values derived by hand from its records: each instruction's issues, latency to the wave's next
 * issue (or end), and the issue slots its wave then waited at s_waitcnt and how many another
 * wave's VALU issue hid; over the whole run, a range, a wave and a workgroup; the clicks and keys
 * that pick an instruction and select a wave; the picked instruction's marks in the picture. */
#include <check.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "craft.h"
#include "viz_hover.h"
#include "viz_input.h"
#include "viz_load.h"
#include "viz_palette.h"
#include "viz_pane.h"
#include "viz_pcs.h"
#include "viz_png.h"
#include "viz_text.h"
#include "viz_view.h"

static char path[64], png[64];

static void setup(void)
{
    snprintf(path, sizeof path, "/tmp/gcnviz-pane-%d.gcnt", (int)getpid());
    snprintf(png, sizeof png, "/tmp/gcnviz-pane-%d.png", (int)getpid());
}

static void teardown(void)
{
    remove(path);
    remove(png);
}

static viz_model_t *load(int issues)
{
    ck_assert_int_eq(craft_scenario(path, issues), 0);
    char msg[512];
    viz_model_t *m = viz_model_load(path, msg, sizeof msg);
    ck_assert_msg(m != NULL, "%s", msg);
    return m;
}

static void row_is(const viz_pc_row_t *r, uint64_t issues, uint64_t lat_sum, uint32_t lat_max, uint64_t waited, uint64_t hidden)
{
    ck_assert_uint_eq(r->issues, issues);
    ck_assert_uint_eq(r->nlat, issues);
    ck_assert_uint_eq(r->lat_sum, lat_sum);
    ck_assert_uint_eq(r->lat_max, lat_max);
    ck_assert_uint_eq(r->waited, waited);
    ck_assert_uint_eq(r->hidden, hidden);
}

/* The scenario, by hand (2 SIMDs: SIMD 0's issue slots are the even cycles; both waves on SIMD 0):
 * wave 0 issues pc 0 at 20 (next issue at 30: 10 cycles), pc 1 at 30 (next at 160: 130), waits on
 * vmcnt over [40, 100): 30 slots, of which 1 hidden (wave 1's VALU issue at 50), pc 3 at 160 (the
 * wave ends at 260: 100), waits on lgkmcnt over [170, 200): 15 slots, none hidden (no VALU issue).
 * Wave 1 issues pc 0 at 50 (next at 100: 50), pc 2 at 100 (ends at 260: 160). */
START_TEST(test_rows)
{
    viz_model_t *m = load(1);
    ck_assert_uint_eq(m->pcs.n, 5);
    ck_assert_uint_eq(m->pcs.nw, 2);
    viz_pc_row_t rows[4];
    viz_pcs_rows(m, 0, m->end + 1, VIZ_PF_ALL, 0, rows);
    row_is(&rows[0], 2, 60, 50, 0, 0);
    row_is(&rows[1], 1, 130, 130, 30, 1);
    row_is(&rows[2], 1, 160, 160, 0, 0);
    row_is(&rows[3], 1, 100, 100, 15, 0);
    viz_pcs_rows(m, 0, m->end + 1, VIZ_PF_WAVE, 1, rows);   /* wave 1 alone */
    row_is(&rows[0], 1, 50, 50, 0, 0);
    row_is(&rows[1], 0, 0, 0, 0, 0);
    row_is(&rows[2], 1, 160, 160, 0, 0);
    row_is(&rows[3], 0, 0, 0, 0, 0);
    viz_pcs_rows(m, 0, m->end + 1, VIZ_PF_WG, 0, rows);     /* workgroup 0: both waves */
    row_is(&rows[0], 2, 60, 50, 0, 0);
    row_is(&rows[3], 1, 100, 100, 15, 0);
    viz_pcs_rows(m, 0, m->end + 1, VIZ_PF_WG, 1, rows);     /* no such workgroup: nothing */
    for (int i = 0; i < 4; i++)
        ck_assert_uint_eq(rows[i].issues, 0);
    viz_pcs_rows(m, 25, 110, VIZ_PF_ALL, 0, rows);          /* issues at 30, 50 and 100, whole */
    row_is(&rows[0], 1, 50, 50, 0, 0);
    row_is(&rows[1], 1, 130, 130, 30, 1);
    row_is(&rows[2], 1, 160, 160, 0, 0);
    row_is(&rows[3], 0, 0, 0, 0, 0);
    viz_model_free(m);
}
END_TEST

START_TEST(test_no_issues)
{
    viz_model_t *m = load(0);
    ck_assert_uint_eq(m->pcs.n, 0);
    viz_view_t v;
    viz_view_init(&v, m, viz_text_open(NULL, 12, stderr));
    v.pane = true;
    ck_assert_int_eq(viz_render_png(&v, png, 1280, 800, 0, stderr), 0);
    ck_assert_int_eq(v.lay.pane_rows, 0);   /* the pane says why it is empty */
    viz_view_free(&v);
    viz_text_close(v.text);
    viz_model_free(m);
}
END_TEST

static SDL_Event key(SDL_Keycode k)
{
    SDL_Event e = { .type = SDL_KEYDOWN };
    e.key.keysym.sym = k;
    return e;
}

static void click(viz_view_t *v, viz_input_t *in, int x, int y)
{
    SDL_Event down = { .type = SDL_MOUSEBUTTONDOWN }, up = { .type = SDL_MOUSEBUTTONUP };
    down.button.button = up.button.button = SDL_BUTTON_LEFT;
    down.button.x = up.button.x = x;
    down.button.y = up.button.y = y;
    viz_input_event(v, in, &down);
    viz_input_event(v, in, &up);
}

static uint32_t pixel(SDL_Surface *s, int x, int y) { return ((const uint32_t *)s->pixels)[y * (s->pitch / 4) + x] & 0xffffff; }
static uint32_t rgb(SDL_Color c) { return (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b; }

START_TEST(test_pane_view)
{
    viz_model_t *m = load(1);
    viz_view_t v;
    viz_view_init(&v, m, viz_text_open(NULL, 12, stderr));
    viz_input_t in = { 0 };
    SDL_Event e = key(SDLK_i);
    ck_assert(viz_input_event(&v, &in, &e));
    ck_assert(v.pane);
    for (int size = 0; size < 2; size++) {
        int w = size ? 1920 : 1280, h = size ? 1080 : 800;
        ck_assert_int_eq(viz_render_png(&v, png, w, h, 0, stderr), 0);
        const viz_layout_t *o = &v.lay;
        ck_assert_int_eq(o->w, w);
        ck_assert(o->pane_x > o->plot_x + o->plot_w && o->pane_x < w - 400);
        ck_assert_int_eq(o->pane_rows >= 4 ? 4 : o->pane_rows, 4);
        /* every text inside the picture, none overlapping, none smaller than 12 px */
        for (int i = 0; i < v.nlabels; i++) {
            const viz_rect_t *a = &v.labels[i];
            ck_assert(a->h >= 12 && a->x >= 0 && a->y >= 0 && a->x + a->w <= w && a->y + a->h <= h);
            for (int j = i + 1; j < v.nlabels; j++) {
                const viz_rect_t *b = &v.labels[j];
                ck_assert_msg(a->x >= b->x + b->w || b->x >= a->x + a->w || a->y >= b->y + b->h || b->y >= a->y + a->h,
                              "%dx%d: labels %d and %d overlap", w, h, i, j);
            }
            if (a->x >= o->pane_x)
                continue;
            ck_assert_msg(a->x + a->w <= o->pane_x, "%dx%d: a timeline label runs into the pane", w, h);
        }
    }
    /* Hovering pc 1's row describes it; a click picks it, its issue is marked on lane 0 at cycle 30. */
    const viz_layout_t *o = &v.lay;
    int ry = o->pane_row_y + o->pane_row_h + o->pane_row_h / 2;
    char buf[512];
    ck_assert_int_eq(viz_describe(&v, o->pane_x + 100, ry, buf, sizeof buf), VIZ_HOVER_PANE);
    ck_assert_msg(strstr(buf, "instruction 1 buffer_load_dword") && strstr(buf, "1 issues, 130.0 cycles on average (at most 130)") &&
                  strstr(buf, "waited 30 issue slots at s_waitcnt, 3.3% hidden"), "%s", buf);
    click(&v, &in, o->pane_x + 100, ry);
    ck_assert_int_eq(v.pick, 1);
    ck_assert_int_eq(viz_render_png(&v, png, 1280, 800, 0, stderr), 0);
    SDL_Surface *s0 = IMG_Load(png);
    ck_assert_ptr_nonnull(s0);
    SDL_Surface *s = SDL_ConvertSurfaceFormat(s0, SDL_PIXELFORMAT_ARGB8888, 0);
    double cpp = (v.t1 - v.t0) / o->plot_w;
    int x = o->plot_x + (int)((30 - v.t0) / cpp), y0 = o->lanes.y + 1, y1 = o->lanes.y + (int)o->lane_h + 1;
    ck_assert_uint_eq(pixel(s, x, y0), rgb(v.pal->pick));       /* wave 0's lane at its issue of pc 1 */
    ck_assert_uint_ne(pixel(s, x, y1), rgb(v.pal->pick));       /* wave 1's lane: no issue of pc 1 */
    int x20 = o->plot_x + (int)((20 - v.t0) / cpp);
    ck_assert_uint_ne(pixel(s, x20, y0), rgb(v.pal->pick));     /* pc 0's issue is not marked */
    SDL_FreeSurface(s);
    SDL_FreeSurface(s0);
    click(&v, &in, o->pane_x + 100, ry);   /* again: unpicked */
    ck_assert_int_eq(v.pick, -1);
    /* A click on wave 1's lane at cycle 60 selects it: the rows are its own. */
    click(&v, &in, o->plot_x + (int)((60 - v.t0) / cpp), o->lanes.y + (int)(1.5 * o->lane_h));
    ck_assert_int_eq(v.pf, VIZ_PF_WAVE);
    ck_assert_uint_eq(v.pf_id, 1);
    const viz_pc_row_t *r = viz_pane_rows(&v);
    ck_assert_uint_eq(r[0].issues, 1);
    ck_assert_uint_eq(r[1].issues, 0);
    /* its lane is framed in ink over its life, wave 0's is not */
    ck_assert_int_eq(viz_render_png(&v, png, 1280, 800, 0, stderr), 0);
    s0 = IMG_Load(png);
    ck_assert_ptr_nonnull(s0);
    s = SDL_ConvertSurfaceFormat(s0, SDL_PIXELFORMAT_ARGB8888, 0);
    int xm = o->plot_x + (int)((120 - v.t0) / cpp), y_w1 = o->lanes.y + (int)o->lane_h;
    ck_assert_uint_eq(pixel(s, xm, y_w1), rgb(viz_ink));
    ck_assert_uint_ne(pixel(s, xm, o->lanes.y + (int)o->lane_h / 2), rgb(viz_ink));   /* inside wave 0's lane */
    SDL_FreeSurface(s);
    SDL_FreeSurface(s0);
    /* A selected range narrows them (issues at 50 and 100 of wave 1: only the one at 50). */
    viz_view_select(&v, 40, 60);
    r = viz_pane_rows(&v);
    ck_assert_uint_eq(r[0].issues, 1);
    ck_assert_uint_eq(r[2].issues, 0);
    e = key(SDLK_a);
    viz_input_event(&v, &in, &e);
    ck_assert_int_eq(v.pf, VIZ_PF_ALL);
    v.sel = false;
    r = viz_pane_rows(&v);
    ck_assert_uint_eq(r[0].issues, 2);
    /* A click on the workgroup span selects workgroup 0. */
    ck_assert_int_eq(viz_render_png(&v, png, 1280, 800, 0, stderr), 0);
    click(&v, &in, o->plot_x + (int)((100 - v.t0) / cpp), o->wgs.y + 2);
    ck_assert_int_eq(v.pf, VIZ_PF_WG);
    ck_assert_uint_eq(v.pf_id, 0);
    e = key(SDLK_i);
    viz_input_event(&v, &in, &e);
    ck_assert(!v.pane);
    ck_assert_int_eq(viz_render_png(&v, png, 1280, 800, 0, stderr), 0);
    ck_assert_int_eq(v.lay.pane_x, 0);
    viz_view_free(&v);
    viz_text_close(v.text);
    viz_model_free(m);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("viz_pane");
    TCase *tc = tcase_create("pane");
    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_rows);
    tcase_add_test(tc, test_no_issues);
    tcase_add_test(tc, test_pane_view);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

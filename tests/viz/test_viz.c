/* Viewer tests on a crafted trace (craft.h) whose every state and cycle is known: the runs,
 * pyramid and column sweeps, occupancy, dispatch and VALU aggregates, the range statistics, the
 * hover text, and the PNG itself — each state's colour where the trace puts it, and its size. */
#include <check.h>
#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "craft.h"
#include "viz_hover.h"
#include "viz_input.h"
#include "viz_layout.h"
#include "viz_load.h"
#include "viz_png.h"
#include "viz_range.h"
#include "viz_text.h"
#include "viz_view.h"

static char path[64], png[64];

static void setup(void)
{
    snprintf(path, sizeof path, "/tmp/gcnviz-test-%d.gcnt", (int)getpid());
    snprintf(png, sizeof png, "/tmp/gcnviz-test-%d.png", (int)getpid());
    ck_assert_int_eq(craft_scenario(path, 1), 0);
}

static void teardown(void)
{
    remove(path);
    remove(png);
}

static viz_model_t *load(void)
{
    char msg[512];
    viz_model_t *m = viz_model_load(path, msg, sizeof msg);
    ck_assert_msg(m != NULL, "%s", msg);
    return m;
}

/* The crafted trace in a view of the whole run, laid out at 1000x600. */
static void open_view(viz_view_t *v)
{
    viz_view_init(v, load(), viz_text_open(NULL, 12, stderr));
    ck_assert_ptr_nonnull(v->text);
    viz_layout(v, 1000, 600, &v->lay);
}

static void close_view(viz_view_t *v)
{
    viz_view_free(v);
    viz_text_close(v->text);
    viz_model_free((viz_model_t *)v->m);
}

START_TEST(test_runs)
{
    viz_model_t *m = load();
    ck_assert_uint_eq(m->end, CRAFT_END);
    ck_assert_uint_eq(m->nlanes, 4);
    ck_assert(m->issues);
    /* Lane 0: every run, with the issues' colours lasting max(busy, SIMDs) cycles. */
    static const uint64_t t[] = { 0, 10, 20, 24, 30, 32, 40, 100, 120, 150, 160, 162, 170, 200, 260 };
    static const uint32_t code[] = { VIZ_LAUNCHING, VIZ_READY, VIZ_VALU, VIZ_READY, VIZ_VMEM | 1 << VIZ_STATE_BITS,
                                     VIZ_READY, VIZ_WAIT_VM, VIZ_READY, VIZ_BARRIER, VIZ_READY,
                                     VIZ_LDS | 3 << VIZ_STATE_BITS, VIZ_READY, VIZ_WAIT_LGKM, VIZ_HELD, VIZ_NONE };
    const viz_lane_t *l = &m->lane[0];
    ck_assert_uint_eq(l->n, 15);
    for (size_t i = 0; i < 15; i++) {
        ck_assert_uint_eq(l->t[i], t[i]);
        ck_assert_uint_eq(l->code[i], code[i]);
    }
    /* Lane 1: the long VALU issue, SALU shown as scalar, no instruction, draining. */
    l = &m->lane[1];
    ck_assert_uint_eq(l->code[viz_lane_run_at(l, 60)], VIZ_VALU);
    ck_assert_uint_eq(l->code[viz_lane_run_at(l, 101)], VIZ_SCALAR | 2 << VIZ_STATE_BITS);
    ck_assert_uint_eq(l->code[viz_lane_run_at(l, 102)], VIZ_READY);
    ck_assert_uint_eq(l->code[viz_lane_run_at(l, 155)], VIZ_NOINST);
    ck_assert_uint_eq(l->code[viz_lane_run_at(l, 180)], VIZ_DRAINING);
    ck_assert_uint_eq(m->lane[2].n, 0);
    /* Waves and workgroups. */
    ck_assert_uint_eq(m->lane[1].nwaves, 1);
    ck_assert_uint_eq(m->lane[1].waves[0].id, 1);
    ck_assert_uint_eq(m->lane[1].waves[0].end, 260);
    ck_assert_ptr_null(viz_lane_wave_at(&m->lane[0], 260));
    ck_assert_uint_eq(m->nwg, 1);
    ck_assert_uint_eq(m->wg[0].start, 0);
    ck_assert_uint_eq(m->wg[0].end, 260);
    ck_assert_uint_eq(m->wg_rows[0], 1);
    ck_assert_uint_eq(viz_model_limit(m), 4);   /* 2 workgroups of 2 waves, at most 4 */
    viz_model_free(m);
}
END_TEST

START_TEST(test_pyramid)
{
    viz_model_t *m = load();
    const viz_lane_t *l = &m->lane[0];
    ck_assert_uint_eq(m->l0, 0);   /* a small trace: one-cycle buckets */
    ck_assert_int_eq(viz_lane_state_over(m, l, 20, 24), VIZ_VALU);
    ck_assert_int_eq(viz_lane_state_over(m, l, 40, 44), VIZ_WAIT_VM);
    /* [0, 256): ready 62 cycles, wait vmcnt 60, held 56, barrier 30, ... */
    ck_assert_int_eq(viz_lane_state_over(m, l, 0, 256), VIZ_READY);
    /* [128, 256) at level 7: held 56, wait lgkmcnt 30, barrier 22, ready 18 */
    ck_assert_int_eq(viz_lane_state_over(m, l, 128, 256), VIZ_HELD);
    ck_assert_int_eq(viz_lane_state_over(m, &m->lane[3], 0, 256), VIZ_NONE);
    /* Columns through the pyramid and, with a coarser finest level, through the runs. */
    uint8_t col[26];
    viz_lane_columns(m, l, 0, 10, 26, col);
    ck_assert_int_eq(col[6], VIZ_WAIT_VM);     /* [60, 70): the 16-cycle bucket [48, 64) */
    ck_assert_int_eq(col[13], VIZ_BARRIER);    /* [130, 140): the bucket [128, 144) */
    m->l0 = 8;
    viz_lane_columns(m, l, 0, 10, 26, col);
    static const uint8_t want[26] = { VIZ_LAUNCHING, VIZ_READY, VIZ_READY, VIZ_READY, VIZ_WAIT_VM, VIZ_WAIT_VM,
                                      VIZ_WAIT_VM, VIZ_WAIT_VM, VIZ_WAIT_VM, VIZ_WAIT_VM, VIZ_READY, VIZ_READY,
                                      VIZ_BARRIER, VIZ_BARRIER, VIZ_BARRIER, VIZ_READY, VIZ_READY, VIZ_WAIT_LGKM,
                                      VIZ_WAIT_LGKM, VIZ_WAIT_LGKM, VIZ_HELD, VIZ_HELD, VIZ_HELD, VIZ_HELD,
                                      VIZ_HELD, VIZ_HELD };
    for (int x = 0; x < 26; x++)
        ck_assert_msg(col[x] == want[x], "column %d: %d, expected %d", x, col[x], want[x]);
    m->l0 = 0;
    viz_model_free(m);
}
END_TEST

START_TEST(test_aggregates)
{
    viz_model_t *m = load();
    ck_assert_double_eq(viz_step_area(&m->occ[0], 260), 520);   /* two waves on SIMD 0 for 260 cycles */
    ck_assert_double_eq(viz_step_area(&m->occ[0], 100), 200);
    ck_assert_double_eq(viz_step_area(&m->occ[1], 260), 0);
    float val[3];
    viz_step_columns(&m->occ[0], 200, 40, 3, val);   /* [200, 240), [240, 280), [280, 320) */
    ck_assert_float_eq(val[0], 2);
    ck_assert_float_eq(val[1], 1);   /* resident until 260 */
    ck_assert_float_eq(val[2], 0);
    ck_assert_int_eq(viz_limiter_over(m, 0, 0, 260), VIZ_LIM_REFUSED + 3);
    ck_assert_int_eq(viz_limiter_over(m, 0, 250, 300), VIZ_LIM_NO_WORK);
    ck_assert_uint_eq(viz_busy_over(&m->busy[0], 0, 261, UINT32_MAX), 44);
    ck_assert_uint_eq(viz_busy_over(&m->busy[0], 60, 70, UINT32_MAX), 10);
    ck_assert_uint_eq(viz_busy_over(&m->busy[0], 0, 261, 1), 4);   /* without lane 1 */
    viz_range_t r;
    viz_range_stats(m, 0, 260, &r);
    ck_assert_double_eq_tol(r.waves_per_cu, 2.0, 1e-12);
    ck_assert_double_eq_tol(r.occupancy, 0.5, 1e-12);
    ck_assert_double_eq_tol(r.valu_util, 44.0 / (260 * 2), 1e-12);
    ck_assert_uint_eq(r.wait_cycles, 90);
    ck_assert_uint_eq(r.hidden_cycles, 40);
    viz_range_stats(m, 60, 80, &r);   /* inside the hidden part of the wait */
    ck_assert_uint_eq(r.wait_cycles, 20);
    ck_assert_uint_eq(r.hidden_cycles, 20);
    ck_assert_double_eq_tol(r.valu_util, 20.0 / (20 * 2), 1e-12);
    viz_model_free(m);
}
END_TEST

START_TEST(test_without_issues)
{
    ck_assert_int_eq(craft_scenario(path, 0), 0);
    viz_model_t *m = load();
    ck_assert(!m->issues);
    ck_assert_int_eq(viz_lane_state_over(m, &m->lane[0], 20, 24), VIZ_READY);
    ck_assert_str_eq(viz_state_name(VIZ_READY, false), "eligible (issuing or ready)");
    viz_range_t r;
    viz_range_stats(m, 0, 260, &r);
    ck_assert_uint_eq(r.wait_cycles, 90);
    ck_assert_uint_eq(r.hidden_cycles, 0);
    viz_model_free(m);
}
END_TEST

/* The picture: every state's colour at the middle of its run, in its lane, through the PNG file. */
START_TEST(test_png_pixels)
{
    viz_view_t v;
    open_view(&v);
    ck_assert_int_eq(viz_render_png(&v, png, 1000, 600, 0, stderr), 0);
    SDL_Surface *s = IMG_Load(png);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(s->w, 1000);
    ck_assert_int_eq(s->h, 600);
    SDL_Surface *c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    ck_assert_ptr_nonnull(c);
    static const struct { uint32_t lane; double from, to; viz_state_t st; } want[] = {
        { 0, 0, 10, VIZ_LAUNCHING }, { 0, 10, 20, VIZ_READY }, { 0, 20, 24, VIZ_VALU }, { 0, 30, 32, VIZ_VMEM },
        { 0, 40, 100, VIZ_WAIT_VM }, { 0, 120, 150, VIZ_BARRIER }, { 0, 160, 162, VIZ_LDS },
        { 0, 170, 200, VIZ_WAIT_LGKM }, { 0, 200, 260, VIZ_HELD }, { 1, 50, 90, VIZ_VALU },
        { 1, 100, 102, VIZ_SCALAR }, { 1, 150, 165, VIZ_NOINST }, { 1, 165, 200, VIZ_DRAINING },
        { 2, 0, 260, VIZ_NONE }, { 3, 0, 260, VIZ_NONE },
    };
    const viz_layout_t *o = &v.lay;
    double cpp = (v.t1 - v.t0) / o->plot_w;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int x = o->plot_x + (int)(((want[i].from + want[i].to) / 2 - v.t0) / cpp);
        int y = o->lanes.y + (int)((want[i].lane + 0.5) * o->lane_h);
        uint32_t p = ((const uint32_t *)c->pixels)[y * (c->pitch / 4) + x];
        SDL_Color e = viz_state_color(&v, want[i].st);
        ck_assert_msg((p & 0xffffff) == ((uint32_t)e.r << 16 | (uint32_t)e.g << 8 | e.b),
                      "%s in lane %u at cycle %.0f (pixel %d,%d): got %06x", viz_state_name(want[i].st, true),
                      want[i].lane, (want[i].from + want[i].to) / 2, x, y, p & 0xffffff);
    }
    SDL_FreeSurface(c);
    SDL_FreeSurface(s);
    close_view(&v);
}
END_TEST

START_TEST(test_hover)
{
    viz_view_t v;
    open_view(&v);
    const viz_layout_t *o = &v.lay;
    double cpp = (v.t1 - v.t0) / o->plot_w;
    char buf[512];
    int x = o->plot_x + (int)(60 / cpp), y = o->lanes.y + (int)(0.5 * o->lane_h);
    ck_assert_int_eq(viz_describe(&v, x, y, buf, sizeof buf), VIZ_HOVER_LANE);
    ck_assert_msg(strstr(buf, "wave 0 (wg 0) CU 0 SIMD 0 slot 0") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "wait vmcnt for 60 cycles (40-100)") != NULL, "%s", buf);
    /* The crafted trace is version 2, without byte offsets: the hover names the instruction index. */
    ck_assert_msg(strstr(buf, "instruction 1: buffer_load_dword v1, off, s[0:3], 0 (issued at 30)") != NULL, "%s", buf);
    y = o->lanes.y + (int)(2.5 * o->lane_h);
    ck_assert_int_eq(viz_describe(&v, x, y, buf, sizeof buf), VIZ_HOVER_LANE);
    ck_assert_msg(strstr(buf, ": free") != NULL, "%s", buf);
    y = o->wgs.y + o->wgs.h / 2;
    ck_assert_int_eq(viz_describe(&v, x, y, buf, sizeof buf), VIZ_HOVER_WG);
    ck_assert_msg(strstr(buf, "workgroup 0 (0,0,0) on CU 0: cycles 0-260 (260), 2 waves") != NULL, "%s", buf);
    y = o->occ.y + o->occ_cu_h / 2;
    ck_assert_int_eq(viz_describe(&v, x, y, buf, sizeof buf), VIZ_HOVER_OCC);
    ck_assert_msg(strstr(buf, "SIMD0 2.0 SIMD1 0.0, total 2.0 of 4 (limit 4); dispatch: refused: wave_slots") != NULL,
                  "%s", buf);
    /* Zoom and selection keep the view inside the trace. */
    viz_view_set(&v, -100, 50);
    ck_assert_double_eq(v.t0, 0);
    ck_assert_double_eq(v.t1, 150);
    viz_view_set(&v, 0, 2);
    ck_assert_double_eq(v.t1 - v.t0, 8);
    viz_view_select(&v, 100, 40);
    ck_assert(v.sel);
    ck_assert_uint_eq(v.range.from, 40);
    ck_assert_uint_eq(v.range.wait_cycles, 60);
    close_view(&v);
}
END_TEST

/* The window's input on the same view: wheel zoom around the pointer, pan by dragging and keys,
 * a right-button drag selecting a range, fit, clear, quit. */
START_TEST(test_input)
{
    viz_view_t v;
    viz_input_t in = { 0 };
    open_view(&v);
    const viz_layout_t *o = &v.lay;
    int x130 = o->plot_x + (int)(130 / ((v.t1 - v.t0) / o->plot_w));
    double anchor = viz_x_to_cycle(&v, x130);
    SDL_Event e = { .motion = { .type = SDL_MOUSEMOTION, .x = x130, .y = o->lanes.y + 2 } };
    ck_assert(viz_input_event(&v, &in, &e));
    ck_assert(v.pointer);
    e = (SDL_Event){ .wheel = { .type = SDL_MOUSEWHEEL, .y = 1 } };
    ck_assert(viz_input_event(&v, &in, &e));
    ck_assert_double_eq_tol(v.t1 - v.t0, 261 * 0.8, 1e-9);
    ck_assert_double_eq_tol(viz_x_to_cycle(&v, x130), anchor, 1e-9);   /* the pointer's cycle stays put */
    e = (SDL_Event){ .key = { .type = SDL_KEYDOWN, .keysym = { .sym = SDLK_f } } };
    ck_assert(viz_input_event(&v, &in, &e));
    ck_assert_double_eq(v.t0, 0);
    ck_assert_double_eq(v.t1, 261);
    /* Zoom in, then drag the view 100 pixels to the left: it moves right by 100 pixels of cycles. */
    viz_view_set(&v, 50, 100);
    double cpp = 50.0 / o->plot_w;
    e = (SDL_Event){ .button = { .type = SDL_MOUSEBUTTONDOWN, .button = SDL_BUTTON_LEFT, .x = 500, .y = 300 } };
    viz_input_event(&v, &in, &e);
    e = (SDL_Event){ .motion = { .type = SDL_MOUSEMOTION, .x = 400, .y = 300 } };
    viz_input_event(&v, &in, &e);
    ck_assert_double_eq_tol(v.t0, 50 + 100 * cpp, 1e-9);
    e = (SDL_Event){ .button = { .type = SDL_MOUSEBUTTONUP, .button = SDL_BUTTON_LEFT, .x = 400, .y = 300 } };
    viz_input_event(&v, &in, &e);
    e = (SDL_Event){ .key = { .type = SDL_KEYDOWN, .keysym = { .sym = SDLK_LEFT } } };
    double t0 = v.t0;
    viz_input_event(&v, &in, &e);
    ck_assert_double_eq_tol(v.t0, t0 - 5, 1e-9);
    /* Select cycles 40 to 100 with the right button. */
    viz_view_fit(&v);
    cpp = (v.t1 - v.t0) / o->plot_w;
    e = (SDL_Event){ .button = { .type = SDL_MOUSEBUTTONDOWN, .button = SDL_BUTTON_RIGHT,
                                 .x = o->plot_x + (int)ceil(40 / cpp), .y = 300 } };
    viz_input_event(&v, &in, &e);
    e = (SDL_Event){ .motion = { .type = SDL_MOUSEMOTION, .x = o->plot_x + (int)ceil(100 / cpp), .y = 300 } };
    viz_input_event(&v, &in, &e);
    ck_assert(v.sel);
    ck_assert_uint_eq(v.range.from, 40);
    ck_assert_uint_eq(v.range.to, 100);
    ck_assert_uint_eq(v.range.wait_cycles, 60);
    ck_assert_uint_eq(v.range.hidden_cycles, 40);
    e = (SDL_Event){ .key = { .type = SDL_KEYDOWN, .keysym = { .sym = SDLK_ESCAPE } } };
    viz_input_event(&v, &in, &e);
    ck_assert(!v.sel);
    ck_assert(!in.quit);
    e = (SDL_Event){ .key = { .type = SDL_KEYDOWN, .keysym = { .sym = SDLK_q } } };
    viz_input_event(&v, &in, &e);
    ck_assert(in.quit);
    close_view(&v);
}
END_TEST

static Suite *viz_suite(void)
{
    Suite *s = suite_create("viz");
    TCase *tc = tcase_create("viz");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_runs);
    tcase_add_test(tc, test_pyramid);
    tcase_add_test(tc, test_aggregates);
    tcase_add_test(tc, test_without_issues);
    tcase_add_test(tc, test_png_pixels);
    tcase_add_test(tc, test_hover);
    tcase_add_test(tc, test_input);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(viz_suite());
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

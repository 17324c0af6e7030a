/* timing_harness.h: shared by the tests that run the timing model: an event recorder (an observer
 * that keeps every event), preparing a launch from a workload file — or from kernel text and a
 * workload body written to a temporary directory — with configuration overrides, running it (in
 * time, functionally, or with the hazard checker), and launch_prepare's messages for a workload. */
#ifndef GCNSIM_TESTS_TIMING_HARNESS_H
#define GCNSIM_TESTS_TIMING_HARNESS_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asm/asm.h"
#include "config/config.h"
#include "load/kprogram.h"
#include "load/launch.h"
#include "machine/functional.h"
#include "machine/timing.h"

typedef struct {
    tev_t *ev;
    size_t n, cap;
} th_recorder_t;

/* An observer that keeps a run's hazard findings (the first TH_MAX_FOUND) with their waves. */
enum { TH_MAX_FOUND = 64 };
typedef struct {
    tev_hazard_t h[TH_MAX_FOUND];
    uint64_t wave[TH_MAX_FOUND];
    unsigned n;
} th_found_t;

static inline void th_keep_hazards(void *ctx, const tev_t *ev)
{
    th_found_t *f = ctx;
    if (ev->kind == TEV_HAZARD && f->n < TH_MAX_FOUND) {
        f->h[f->n] = *ev->u.hazard;
        f->wave[f->n++] = ev->wave;
    }
}

static inline void th_record(void *ctx, const tev_t *ev)
{
    th_recorder_t *r = ctx;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 4096;
        r->ev = realloc(r->ev, r->cap * sizeof *r->ev);
        ck_assert_ptr_nonnull(r->ev);
    }
    r->ev[r->n++] = *ev;
}

typedef struct {
    cfg_t cfg;
    wl_workload_t wl;
    isa_program_t prog;
    launch_t *L;
    char dir[40];              /* the temporary directory, when kernel text was given */
} th_launch_t;

/* Load and prepare a launch: from `ini_path`, or — when `kernel` is not NULL — from the kernel text
 * and the workload body `ini` (everything after the [kernel] source line), written to a temporary
 * directory. `sets` are configuration overrides ("section.key=value"), NULL-terminated or NULL;
 * max_instructions is the --max-instructions limit (0: the default). */
/* A new temporary directory (its path into dir) holding the kernel text as k.s and the workload
 * "[kernel]\nsource = k.s\n" + body as k.ini (its path into ini_path, len bytes). */
static inline void th_write_workload(char dir[40], const char *kernel, const char *body, char *ini_path, size_t len)
{
    snprintf(dir, 40, "/tmp/gcnsim-test-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char kpath[64];
    snprintf(kpath, sizeof kpath, "%s/k.s", dir);
    snprintf(ini_path, len, "%s/k.ini", dir);
    FILE *f = fopen(kpath, "w");
    ck_assert_ptr_nonnull(f);
    fputs(kernel, f);
    fclose(f);
    f = fopen(ini_path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "[kernel]\nsource = k.s\n%s", body);
    fclose(f);
}

static inline void th_remove_workload(const char *dir)
{
    char p[64];
    snprintf(p, sizeof p, "%s/k.s", dir);
    unlink(p);
    snprintf(p, sizeof p, "%s/k.ini", dir);
    unlink(p);
    rmdir(dir);
}

static inline void th_prepare(th_launch_t *t, const char *kernel, const char *ini, const char *ini_path,
                              const char *const *sets, uint64_t max_instructions)
{
    memset(t, 0, sizeof *t);
    char ipath[64];
    if (kernel) {
        th_write_workload(t->dir, kernel, ini, ipath, sizeof ipath);
        ini_path = ipath;
    }
    cfg_defaults(&t->cfg);
    for (const char *const *s = sets; s && *s; s++)
        ck_assert_int_eq(cfg_set(&t->cfg, *s, stderr), 0);
    ck_assert_int_eq(wl_load(ini_path, NULL, 0, &t->wl, stderr), 0);
    /* the machine's target (gpu.target, as `sets` may give it) is the assembler's default too */
    isa_target_t target = (isa_target_t)t->cfg.gpu_target;
    ck_assert_int_eq(kprogram_assemble(t->wl.source, target, &t->prog, stderr), 0);
    t->L = calloc(1, sizeof *t->L);
    ck_assert_ptr_nonnull(t->L);
    launch_options_t lo = { max_instructions, 0, target };
    ck_assert_int_eq(launch_prepare(t->L, &t->wl, &t->prog, &lo, stderr), 0);
}

static inline void th_release(th_launch_t *t)
{
    launch_free(t->L);
    free(t->L);
    isa_program_free(&t->prog);
    wl_free(&t->wl);
    if (t->dir[0])
        th_remove_workload(t->dir);
    memset(t, 0, sizeof *t);
}

/* launch_prepare's messages for `kernel` (text) and the workload `body`, assembled and prepared for
 * `target`: "" when it succeeds (malloc'd). The workload's path into ini_path (removed by then). */
static inline char *th_prepare_error(const char *kernel, const char *body, isa_target_t target, char *ini_path,
                                     size_t len)
{
    char dir[40];
    th_write_workload(dir, kernel, body, ini_path, len);
    wl_workload_t wl;
    ck_assert_int_eq(wl_load(ini_path, NULL, 0, &wl, stderr), 0);
    isa_program_t prog;
    ck_assert_int_eq(kprogram_assemble(wl.source, target, &prog, stderr), 0);
    launch_t *L = calloc(1, sizeof *L);
    ck_assert_ptr_nonnull(L);
    char *buf = NULL;
    size_t n = 0;
    FILE *err = open_memstream(&buf, &n);
    ck_assert_ptr_nonnull(err);
    launch_options_t lo = { 0, 0, target };
    if (launch_prepare(L, &wl, &prog, &lo, err) == 0)
        launch_free(L);
    fclose(err);
    free(L);
    isa_program_free(&prog);
    wl_free(&wl);
    th_remove_workload(dir);
    return buf;
}

/* Run the prepared launch in time (default options) or functionally; it must succeed. */
static inline void th_run(th_launch_t *t, bool timed)
{
    if (timed) {
        timing_options_t opt;
        memset(&opt, 0, sizeof opt);
        timing_result_t res;
        ck_assert_int_eq(timing_run(t->L, &t->cfg, &opt, &res, stderr), 0);
        timing_result_free(&res);
    } else {
        ck_assert_int_eq(functional_run(t->L), 0);
    }
}

/* The one finding of kind k in f (and no other). */
static inline const tev_hazard_t *th_only(const th_found_t *f, tev_hazard_kind_t k)
{
    ck_assert_uint_ge(f->n, 1);
    for (unsigned i = 0; i < f->n; i++)
        ck_assert_uint_eq(f->h[i].kind, k);
    return &f->h[0];
}

/* Run it in time with the hazard checker on (tick: the tick-every-cycle debug mode); its findings
 * into f. */
static inline void th_run_hazards(th_launch_t *t, th_found_t *f, bool tick)
{
    memset(f, 0, sizeof *f);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.hazards = true;
    opt.tick_every_cycle = tick;
    opt.observers[0] = (tev_observer_t){ th_keep_hazards, f };
    opt.nobservers = 1;
    timing_result_t res;
    ck_assert_int_eq(timing_run(t->L, &t->cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
}

#endif

/* timing_harness.h: shared by the tests that run the timing model: an event recorder (an observer
 * that keeps every event), and preparing a launch from a workload file — or from kernel text and a
 * workload body written to a temporary directory — with configuration overrides. */
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
static inline void th_prepare(th_launch_t *t, const char *kernel, const char *ini, const char *ini_path,
                              const char *const *sets, uint64_t max_instructions)
{
    memset(t, 0, sizeof *t);
    char ipath[64];
    if (kernel) {
        snprintf(t->dir, sizeof t->dir, "/tmp/gcnsim-test-XXXXXX");
        ck_assert_ptr_nonnull(mkdtemp(t->dir));
        char kpath[64];
        snprintf(kpath, sizeof kpath, "%s/k.s", t->dir);
        snprintf(ipath, sizeof ipath, "%s/k.ini", t->dir);
        FILE *f = fopen(kpath, "w");
        ck_assert_ptr_nonnull(f);
        fputs(kernel, f);
        fclose(f);
        f = fopen(ipath, "w");
        ck_assert_ptr_nonnull(f);
        fprintf(f, "[kernel]\nsource = k.s\n%s", ini);
        fclose(f);
        ini_path = ipath;
    }
    cfg_defaults(&t->cfg);
    for (const char *const *s = sets; s && *s; s++)
        ck_assert_int_eq(cfg_set(&t->cfg, *s, stderr), 0);
    ck_assert_int_eq(wl_load(ini_path, NULL, 0, &t->wl, stderr), 0);
    /* the machine's target (gpu.target, gfx803 unless `sets` says otherwise) is the default */
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
    if (t->dir[0]) {
        char p[64];
        snprintf(p, sizeof p, "%s/k.s", t->dir);
        unlink(p);
        snprintf(p, sizeof p, "%s/k.ini", t->dir);
        unlink(p);
        rmdir(t->dir);
    }
    memset(t, 0, sizeof *t);
}

#endif

/* wl_harness.h: a workload file written to a fresh temporary directory and loaded, with the
 * loader's errors collected, for the workload loader's tests (test_workload.c,
 * test_workload_dispatches.c). */
#ifndef GCNSIM_TESTS_WL_HARNESS_H
#define GCNSIM_TESTS_WL_HARNESS_H

#include <stdio.h>
#include <stdlib.h>

#include "load/workload.h"
#include "tmpdir.h"
#include "unit.h"

#define KERNEL_OK "[kernel]\nsource = k.s\ngrid = 256\nworkgroup = 64\n"

typedef struct {
    char dir[64];
    char path[128];
    char *errs;
    size_t errlen;
    wl_workload_t wl;
    int nerr;
} fx_t;

static inline void fx_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* Load `text` as dir/w.ini with the given --set overrides; errors are collected in fx->errs. */
static inline fx_t *fx_load_sets(const char *text, const char *const *sets, size_t nsets)
{
    fx_t *fx = calloc(1, sizeof *fx);
    snprintf(fx->dir, sizeof fx->dir, "/tmp/gcnsim-wl-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(fx->dir));
    snprintf(fx->path, sizeof fx->path, "%s/w.ini", fx->dir);
    fx_write_file(fx->path, text);
    FILE *err = open_memstream(&fx->errs, &fx->errlen);
    fx->nerr = wl_load(fx->path, sets, nsets, &fx->wl, err);
    fclose(err);
    return fx;
}

static inline fx_t *fx_load(const char *text) { return fx_load_sets(text, NULL, 0); }

static inline void fx_done(fx_t *fx)
{
    if (fx->nerr == 0)
        wl_free(&fx->wl);
    free(fx->errs);
    ck_assert_int_eq(ut_rmtree(fx->dir), 0);
    free(fx);
}

/* The error text must contain "w.ini:LINE: error: " followed (somewhere) by `what`. */
static inline void fx_expect_error(fx_t *fx, int line, const char *what)
{
    ck_assert_msg(fx->nerr > 0, "expected an error containing '%s'", what);
    char loc[160];
    if (line > 0)
        snprintf(loc, sizeof loc, "%s:%d: error: ", fx->path, line);
    else
        snprintf(loc, sizeof loc, "%s: error: ", fx->path);
    ck_assert_msg(strstr(fx->errs, loc) != NULL, "no '%s' in: %s", loc, fx->errs);
    ck_assert_msg(strstr(fx->errs, what) != NULL, "no '%s' in: %s", what, fx->errs);
}

static inline void fx_check_err(const char *text, int line, const char *what)
{
    fx_t *fx = fx_load(text);
    fx_expect_error(fx, line, what);
    fx_done(fx);
}

#endif

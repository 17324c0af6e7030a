/* trace_harness.h: what the trace tests share: a shipped workload run in time with a recorder and
 * the trace observers, and a private scratch directory (removed at exit). */
#ifndef GCNSIM_TESTS_TRACE_HARNESS_H
#define GCNSIM_TESTS_TRACE_HARNESS_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "load/launch.h"
#include "machine/timing.h"
#include "observe/trace.h"
#include "timing_harness.h"

/* ---- harness: run a shipped workload in time with a recorder and the trace observers ---------- */

typedef struct {
    const char *ini;
    const char *const *sets;   /* configuration overrides, NULL-terminated */
    bool tick;
    const char *trace_path;    /* NULL: no binary trace */
    bool issues;
    trace_text_t *text;        /* set up by the caller after the kernel is known: use text_cfg */
    FILE *text_out;
    uint64_t text_from, text_to;
    bool text_one_wave;
    uint64_t text_wave;
} run_opts_t;

typedef struct {
    int rc;
    th_recorder_t rec;
    uint64_t header_bytes;     /* the trace's header size */
    char kernel_text[64][128]; /* the first instructions' disassembly */
    uint32_t kernel_pc[64];     /* and their byte offsets */
    uint32_t ninsts;
} run_out_t;

static inline void run(const run_opts_t *o, run_out_t *out)
{
    memset(out, 0, sizeof *out);
    th_launch_t t;
    th_prepare(&t, NULL, NULL, o->ini, o->sets, 0);
    launch_t *L = t.L;
    cfg_t cfg = t.cfg;
    const isa_kernel_t *k = L->dispatches[0].kernel;
    out->ninsts = k->ninsts;
    for (uint32_t i = 0; i < out->ninsts && i < 64; i++) {
        isa_format_inst(k, &k->insts[i], out->kernel_text[i], sizeof out->kernel_text[i]);
        out->kernel_pc[i] = k->insts[i].pc;
    }

    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.tick_every_cycle = o->tick;
    opt.observers[opt.nobservers++] = (tev_observer_t){ th_record, &out->rec };
    trace_writer_t *w = NULL;
    if (o->trace_path) {
        w = trace_writer_open(o->trace_path, L, &cfg, NULL, o->issues, stderr);
        ck_assert_ptr_nonnull(w);
        out->header_bytes = trace_writer_bytes(w);
        opt.observers[opt.nobservers++] = (tev_observer_t){ trace_observe, w };
    }
    trace_text_t text;
    if (o->text_out) {
        ck_assert_int_eq(trace_text_init(&text, o->text_out, L), 0);
        text.from = o->text_from;
        text.to = o->text_to;
        text.one_wave = o->text_one_wave;
        text.wave = o->text_wave;
        opt.observers[opt.nobservers++] = (tev_observer_t){ trace_text_observe, &text };
    }
    timing_result_t res;
    out->rc = timing_run(L, &cfg, &opt, &res, stderr);
    timing_result_free(&res);
    if (w)
        ck_assert_int_eq(trace_writer_close(w, stderr), 0);
    if (o->text_out)
        trace_text_free(&text);
    th_release(&t);
}

/* Each test runs in its own process (Check forks): one temporary directory per test. */
static const char *dir = NULL;
static char dirbuf[64];

static inline void tmp_cleanup(void)
{
    if (!dir)
        return;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char p[512];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.')
            unlink(p);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

static inline char *tmp_path(const char *name)
{
    if (!dir) {
        atexit(tmp_cleanup);
        strcpy(dirbuf, "/tmp/gcnsim-trace-XXXXXX");
        dir = mkdtemp(dirbuf);
        ck_assert_ptr_nonnull(dir);
    }
    char *p = malloc(128);
    snprintf(p, 128, "%s/%s", dir, name);
    return p;
}

static inline uint8_t *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc((size_t)len + 1);
    ck_assert_uint_eq(fread(b, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    b[len] = 0;
    *n = (size_t)len;
    return b;
}

static inline void spit(const char *path, const uint8_t *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(b, 1, n, f), n);
    fclose(f);
}

#endif

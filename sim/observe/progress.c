/* prog: the progress line (progress.h). */
#include "observe/progress.h"

#include <inttypes.h>
#include <time.h>
#include <unistd.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool prog_is_terminal(FILE *f) { return isatty(fileno(f)) == 1; }

void prog_init(prog_t *p, FILE *out, bool enabled, double after, uint64_t wgs_total)
{
    *p = (prog_t){ .out = out, .enabled = enabled, .after = after, .wgs_total = wgs_total };
    if (enabled)
        p->start = p->last = now_seconds();
}

/* A duration as a clock shows it: "0:42", "3:05", "2:07:09". */
static void duration(char *buf, size_t len, double sec)
{
    uint64_t s = (uint64_t)(sec + 0.5);
    if (s < 3600)
        snprintf(buf, len, "%" PRIu64 ":%02" PRIu64, s / 60, s % 60);
    else
        snprintf(buf, len, "%" PRIu64 ":%02" PRIu64 ":%02" PRIu64, s / 3600, s / 60 % 60, s % 60);
}

static void show(prog_t *p, double t)
{
    double el = t - p->start;
    char took[32], left[48] = "";
    duration(took, sizeof took, el);
    /* Time left from the workgroups done so far at the rate so far: workgroups are the launch's
     * unit of work, known in number from the start. */
    if (p->wgs_done > 0 && p->wgs_done < p->wgs_total) {
        char d[32];
        duration(d, sizeof d, el * (double)(p->wgs_total - p->wgs_done) / (double)p->wgs_done);
        snprintf(left, sizeof left, ", about %s left", d);
    }
    double pct = p->wgs_total ? 100.0 * (double)p->wgs_done / (double)p->wgs_total : 0.0;
    double rate = el > 0 ? (double)p->insts / el : 0.0;
    /* \r and erase-to-end-of-line: the line is rewritten in place on the terminal (at most about
     * 80 columns, so that it never wraps on a usual terminal). */
    fprintf(p->out, "\r\033[Kgcnsim: %.1f%% of %" PRIu64 " workgroups, cycle %" PRIu64 ", %.2fM inst/s, %s%s", pct,
            p->wgs_total, p->cycle, rate / 1e6, took, left);
    fflush(p->out);
    p->shown = true;
    p->last = t;
}

void prog_observe(void *ctx, const tev_t *ev)
{
    prog_t *p = ctx;
    if (!p->enabled)
        return;
    if (ev->cycle > p->cycle)
        p->cycle = ev->cycle;
    if (ev->kind == TEV_ISSUE)
        p->insts++;
    else if (ev->kind == TEV_WG_END)
        p->wgs_done++;
    if (++p->events % PROG_CHECK_EVENTS != 0)
        return;
    double t = now_seconds();
    if (t - p->start >= p->after && (!p->shown || t - p->last >= 0.25))
        show(p, t);
}

void prog_finish(prog_t *p)
{
    if (p->shown) {
        fputs("\r\033[K", p->out);
        fflush(p->out);
        p->shown = false;
    }
}

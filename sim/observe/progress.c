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

static void show(prog_t *p, double t)
{
    /* \r and erase-to-end-of-line: the line is rewritten in place on the terminal. */
    fprintf(p->out, "\r\033[Kgcnsim: cycle %" PRIu64 ", %" PRIu64 " of %" PRIu64 " workgroups done, %" PRIu64
            " instructions, %.0f s", p->cycle, p->wgs_done, p->wgs_total, p->insts, t - p->start);
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

/* sweep_exec: running a sweep's lines on this host; see sweep_exec.h. */
#include "cli/sweep_exec.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/interrupt.h"

/* The temporary directory's path, and a file in it (DIR/INDEX.csv or .err). */
enum { SWEEP_DIR_LEN = 512, SWEEP_PATH_LEN = SWEEP_DIR_LEN + 32 };
/* How long the runs have to stop after SIGTERM before SIGKILL, all together. */
enum { SWEEP_STOP_GRACE_MS = 2000 };

bool sweep_self(char *buf, size_t len)
{
    ssize_t n = readlink("/proc/self/exe", buf, len - 1);
    if (n <= 0) {
        fprintf(stderr, "gcnsim: sweep: cannot find this executable (/proc/self/exe): %s\n", strerror(errno));
        return false;
    }
    buf[n] = '\0';
    return true;
}

/* Start run k: this executable with `run --csv DIR/k.csv WORDS` (the --csv first: after a "--" in
 * WORDS it would be an operand), its input empty, its output discarded and its errors kept in
 * DIR/k.err; in a process group of its own (intr_child_setup), so that stopping it stops what it
 * started, and so that a terminal's Ctrl-C reaches the sweep alone, which stops it. Returns 0, or 3. */
static int start_run(const char *self, const char *dir, sweep_run_t *r, size_t k)
{
    char csv[SWEEP_PATH_LEN], err[SWEEP_PATH_LEN];
    snprintf(csv, sizeof csv, "%s/%zu.csv", dir, k);
    snprintf(err, sizeof err, "%s/%zu.err", dir, k);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "gcnsim: sweep: cannot start a process: %s\n", strerror(errno));
        return 3;
    }
    if (pid == 0) {
        intr_child_setup();
        int in = open("/dev/null", O_RDONLY), out = open("/dev/null", O_WRONLY),
            e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || out < 0 || e < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(e, 2) < 0)
            _exit(3);
        char **argv = calloc((size_t)r->argc + 4, sizeof *argv);
        if (!argv)
            _exit(3);
        argv[0] = (char *)"gcnsim";
        argv[1] = r->argv[0];
        argv[2] = (char *)"--csv";
        argv[3] = csv;
        memcpy(argv + 4, r->argv + 1, (size_t)(r->argc - 1) * sizeof *argv);
        execv(self, argv);
        fprintf(stderr, "gcnsim: sweep: cannot run '%s': %s\n", self, strerror(errno));
        _exit(3);
    }
    r->pid = pid;
    return 0;
}

/* The first line of a file (its newline removed) into buf; "" when there is none. */
static void first_line(const char *path, char *buf, size_t len)
{
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    if (fgets(buf, (int)len, f))
        buf[strcspn(buf, "\r\n")] = '\0';
    fclose(f);
}

static void remove_files(const char *dir, size_t k)
{
    char path[SWEEP_PATH_LEN];
    snprintf(path, sizeof path, "%s/%zu.csv", dir, k);
    unlink(path);
    snprintf(path, sizeof path, "%s/%zu.err", dir, k);
    unlink(path);
}

/* Hand run k's outcome on, then remove its files. Its CSV holds two records, the header and the
 * row, each of which may span lines (a quoted field with a line break). */
static void report(const char *dir, sweep_run_t *r, size_t k, sweep_done_fn done, void *ctx)
{
    char path[SWEEP_PATH_LEN], why[512];
    snprintf(path, sizeof path, "%s/%zu.csv", dir, k);
    char *recs[2] = { NULL, NULL };
    size_t caps[2] = { 0, 0 };
    FILE *f = r->status == 0 ? fopen(path, "r") : NULL;
    bool ok = f && sweep_csv_record(f, &recs[0], &caps[0]) > 0 && sweep_csv_record(f, &recs[1], &caps[1]) > 0;
    if (f)
        fclose(f);
    snprintf(path, sizeof path, "%s/%zu.err", dir, k);
    first_line(path, why, sizeof why);
    remove_files(dir, k);
    sweep_rec_t rec = { r->line, 0, recs[1] };
    if (!ok) {
        rec.status = r->status ? r->status : 3;
        if (!why[0] && r->status == 0)
            snprintf(why, sizeof why, "it wrote no CSV row");
        rec.text = why;
    }
    done(ctx, &rec, ok ? recs[0] : NULL);
    free(recs[0]);
    free(recs[1]);
}

/* ---- progress: "sweep: 12/40 runs, 1.5 runs/s, 18 s left" on one terminal line ------------------ */

typedef struct {
    bool on, shown;
    struct timespec start;
    size_t total;
} progress_t;

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void progress_clear(progress_t *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr);
    p->shown = false;
}

static void progress_show(progress_t *p, size_t ended)
{
    if (!p->on)
        return;
    double t = seconds_since(&p->start);
    fprintf(stderr, "\r\033[Ksweep: %zu/%zu runs", ended, p->total);
    if (ended > 0 && t > 0) {
        double rate = (double)ended / t, left = (double)(p->total - ended) / rate;
        if (rate >= 1)
            fprintf(stderr, ", %.1f runs/s", rate);
        else
            fprintf(stderr, ", %.1f runs/min", rate * 60);
        if (ended < p->total) {
            long s = (long)(left + 0.5);
            if (s >= 3600)
                fprintf(stderr, ", %ldh%02ldm left", s / 3600, s / 60 % 60);
            else if (s >= 60)
                fprintf(stderr, ", %ldm%02lds left", s / 60, s % 60);
            else
                fprintf(stderr, ", %ld s left", s);
        }
    }
    fflush(stderr);
    p->shown = true;
}

/* ---- the scheduler ------------------------------------------------------------------------------ */

/* After a signal: SIGTERM to every running run's group at once, then each reaped within what is left
 * of one grace period (intr_stop_child ends with SIGKILL). */
static void stop_all(sweep_run_t **runs, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (runs[i]->status < 0 && runs[i]->pid > 0) {
            kill(-runs[i]->pid, SIGTERM);
            kill(runs[i]->pid, SIGTERM);
        }
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (size_t i = from; i < to; i++)
        if (runs[i]->status < 0 && runs[i]->pid > 0) {
            int left = SWEEP_STOP_GRACE_MS - (int)(seconds_since(&t0) * 1000);
            intr_stop_child(runs[i]->pid, left > 0 ? left : 0);
            runs[i]->status = 128 + SIGTERM;
        }
}

int sweep_exec(const char *self, sweep_run_t **runs, size_t n, long jobs, bool progress, sweep_done_fn done,
               void *ctx)
{
    const char *tmp = getenv("TMPDIR");
    char dir[SWEEP_DIR_LEN];
    int dl = snprintf(dir, sizeof dir, "%s/gcnsim-sweep-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (dl < 0 || (size_t)dl >= sizeof dir || !mkdtemp(dir)) {
        fprintf(stderr, "gcnsim: sweep: cannot create a temporary directory '%s': %s\n", dir, strerror(errno));
        return 3;
    }
    fflush(stdout);
    fflush(stderr);
    progress_t pr = { progress && n > 0, false, { 0, 0 }, n };
    clock_gettime(CLOCK_MONOTONIC, &pr.start);
    progress_show(&pr, 0);
    size_t next = 0, reported = 0, ended = 0;
    long live = 0;
    int rc = 0;
    while (reported < n && !intr_caught()) {
        while (rc == 0 && live < jobs && next < n && !intr_caught()) {
            if ((rc = start_run(self, dir, runs[next], next)) != 0)
                break;
            next++;
            live++;
        }
        if (live == 0 || intr_caught())
            break;
        int status;
        pid_t pid = waitpid(-1, &status, 0); /* EINTR on a signal (no SA_RESTART) */
        if (pid < 0) {
            if (errno == EINTR)
                continue;
            fprintf(stderr, "gcnsim: sweep: waiting for a run: %s\n", strerror(errno));
            rc = 3;
            break;
        }
        for (size_t i = reported; i < next; i++)
            if (runs[i]->pid == pid && runs[i]->status < 0) {
                runs[i]->status = WIFEXITED(status) ? WEXITSTATUS(status) : 3;
                live--;
                ended++;
                break;
            }
        progress_clear(&pr);
        while (reported < next && runs[reported]->status >= 0) {
            report(dir, runs[reported], reported, done, ctx);
            reported++;
        }
        progress_show(&pr, ended);
    }
    progress_clear(&pr);
    int sig = intr_caught();
    if (sig || rc) {
        /* The runs not reported (running, or ended after one still running) are stopped and
         * discarded: the rows handed on stay a prefix of LIST's order. */
        stop_all(runs, reported, next);
        for (size_t i = reported; i < next; i++)
            remove_files(dir, i);
    }
    rmdir(dir);
    return sig ? intr_exit_status(sig) : rc;
}

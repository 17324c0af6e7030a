/* sweep_exec: running a sweep's lines on this host; see sweep_exec.h. */
#include "cli/sweep_exec.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The temporary directory's path, and a file in it (DIR/INDEX.csv or .err). */
enum { SWEEP_DIR_LEN = 512, SWEEP_PATH_LEN = SWEEP_DIR_LEN + 32 };

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
 * WORDS it would be an operand), its output discarded and its errors kept in DIR/k.err. Returns 0,
 * or 3. */
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
        int out = open("/dev/null", O_WRONLY), e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (out < 0 || e < 0 || dup2(out, 1) < 0 || dup2(e, 2) < 0)
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

/* Hand run k's outcome on, then remove its files. */
static void report(const char *dir, sweep_run_t *r, size_t k, sweep_done_fn done, void *ctx)
{
    char path[SWEEP_PATH_LEN], why[512];
    snprintf(path, sizeof path, "%s/%zu.csv", dir, k);
    char *lines[2] = { NULL, NULL };
    size_t caps[2] = { 0, 0 };
    FILE *f = r->status == 0 ? fopen(path, "r") : NULL;
    bool ok = f && getline(&lines[0], &caps[0], f) > 0 && getline(&lines[1], &caps[1], f) > 0;
    if (f)
        fclose(f);
    unlink(path);
    snprintf(path, sizeof path, "%s/%zu.err", dir, k);
    first_line(path, why, sizeof why);
    unlink(path);
    sweep_rec_t rec = { r->line, 0, lines[1] };
    if (!ok) {
        rec.status = r->status ? r->status : 3;
        rec.text = why;
    }
    done(ctx, &rec, ok ? lines[0] : NULL);
    free(lines[0]);
    free(lines[1]);
}

int sweep_exec(const char *self, sweep_run_t **runs, size_t n, long jobs, sweep_done_fn done, void *ctx)
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
    size_t next = 0, reported = 0;
    long live = 0;
    int rc = 0;
    while (reported < n) {
        while (rc == 0 && live < jobs && next < n) {
            if ((rc = start_run(self, dir, runs[next], next)) != 0)
                break;
            next++;
            live++;
        }
        if (live == 0)
            break;
        int status;
        pid_t pid = waitpid(-1, &status, 0);
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
                break;
            }
        while (reported < next && runs[reported]->status >= 0) {
            report(dir, runs[reported], reported, done, ctx);
            reported++;
        }
    }
    rmdir(dir);
    return rc;
}

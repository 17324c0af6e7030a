/* gcnsim sweep: run a list of workloads and configurations on N local processes and collect one CSV.
 *
 * Each line of the list is the arguments of one `gcnsim run` (a workload file and its options).
 * Every run is a child process of this same executable writing its own --csv file; the rows are
 * appended to the output in list order once all are done, so the output is the same whatever the
 * number of processes and the order in which they finish (docs/cli.md, "gcnsim sweep"). */
#include "cli/cli.h"
#include "base/fileio.h"

/* The temporary directory's path, and a file in it (DIR/INDEX.csv or .err). */
enum { SWEEP_DIR_LEN = 512, SWEEP_PATH_LEN = SWEEP_DIR_LEN + 32 };

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

const char cli_usage_sweep[] =
    "usage: gcnsim sweep LIST --csv FILE [--jobs N]\n"
    "\n"
    "Run every line of LIST as 'gcnsim run LINE' (a workload file and its options, e.g.\n"
    "'workloads/saxpy.ini --set cu.wave_slots=4'; '#' starts a comment line) on N processes at once,\n"
    "and append one CSV row per run to FILE, in the order of LIST, with the header line when FILE is\n"
    "new or empty (the columns of 'gcnsim run --csv'). The rows do not depend on N.\n"
    "\n"
    "options:\n"
    "  --csv FILE      the CSV file to append to (required)\n"
    "  --jobs N        processes at once (default: the host's online CPUs)\n"
    "  -h, --help      show this help\n"
    "\n"
    "exit status: 0 when every run succeeded; otherwise the exit status of the first line that failed\n"
    "(each failure is reported as LIST:LINE: error: ...), after the rows of the others are written.\n";

typedef struct {
    int line;                  /* in LIST */
    int argc;
    char **argv;               /* "run" then the line's words */
    pid_t pid;
    int status;                /* the run's exit status; -1 until it ends */
} sweep_run_t;

typedef struct {
    sweep_run_t *runs;
    size_t n, cap;
} sweep_list_t;

static void free_list(sweep_list_t *l)
{
    for (size_t i = 0; i < l->n; i++) {
        for (int k = 0; k < l->runs[i].argc; k++)
            free(l->runs[i].argv[k]);
        free(l->runs[i].argv);
    }
    free(l->runs);
}

/* Split one line into words: blanks separate, '...' and "..." quote (no escapes inside). Returns the
 * number of words (into *out, malloc'ed), or -1 with *col set at an unterminated quote. */
static int split_words(const char *s, char ***out, int *col)
{
    char **w = NULL;
    int n = 0;
    const char *p = s;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p || *p == '\n' || *p == '\r')
            break;
        char *word = malloc(strlen(p) + 1), *q = word;
        char **nw = realloc(w, (size_t)(n + 2) * sizeof *w);
        if (!word || !nw) {
            free(word);
            free(nw ? nw : w);
            return -2;
        }
        w = nw;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
            if (*p == '\'' || *p == '"') {
                char quote = *p;
                const char *start = p++;
                while (*p && *p != quote && *p != '\n')
                    *q++ = *p++;
                if (*p != quote) {
                    *col = (int)(start - s) + 1;
                    free(word);
                    for (int k = 0; k < n; k++)
                        free(w[k]);
                    free(w);
                    return -1;
                }
                p++;
            } else {
                *q++ = *p++;
            }
        }
        *q = '\0';
        w[n++] = word;
    }
    *out = w;
    return n;
}

/* Read LIST; returns 0, or 1 after printing every problem. */
static int read_list(const char *path, sweep_list_t *l)
{
    enum { LINE_MAX_LEN = 8190 };
    fio_text_t text;
    if (!fio_read_text(path, "sweep list", FIO_LIST_MAX, &text, stderr))
        return 1;
    char *buf = NULL;
    size_t cap = 0, pos = 0;
    int line = 0, nerr = 0;
    long len;
    while ((len = fio_getline(&text, &pos, &buf, &cap)) >= 0) {
        line++;
        if (len - (buf[len - 1] == '\n') > LINE_MAX_LEN) {
            if (++nerr <= FIO_ERRORS_MAX)
                fprintf(stderr, "%s:%d:1: error: line longer than %d characters\n", path, line, LINE_MAX_LEN);
            continue;
        }
        const char *t = buf + strspn(buf, " \t");
        if (*t == '#' || *t == '\n' || *t == '\r' || *t == '\0')
            continue;
        char **words = NULL;
        int col = 0, n = split_words(buf, &words, &col);
        if (n == -2) {
            fputs("gcnsim: out of memory\n", stderr);
            nerr++;
            break;
        }
        if (n < 0) {
            if (++nerr <= FIO_ERRORS_MAX)
                fprintf(stderr, "%s:%d:%d: error: unterminated quote\n", path, line, col);
            continue;
        }
        const char *bad = NULL, *where = NULL;
        /* The words are options to `run` up to a "--"; after it they are operands (a workload file
         * may begin with '-'). */
        for (int k = 0; k < n && !bad && strcmp(words[k], "--") != 0; k++) {
            where = words[k];
            if (strcmp(words[k], "--csv") == 0 || strncmp(words[k], "--csv=", 6) == 0)
                bad = "--csv belongs to the sweep itself ('gcnsim sweep LIST --csv FILE'), not to its lines";
            else if (strcmp(words[k], "--functional") == 0)
                bad = "--functional has no timing statistics to collect";
            else if (strncmp(words[k], "--trace-text", 12) == 0)
                bad = "--trace-text would print into the sweep's output; trace one run with 'gcnsim run'";
        }
        if (!bad && l->n == l->cap) {
            size_t cap = l->cap ? 2 * l->cap : 16;
            sweep_run_t *nr = realloc(l->runs, cap * sizeof *nr);
            if (!nr) {
                fputs("gcnsim: out of memory\n", stderr);
                nerr++;
                bad = "";
            } else {
                l->runs = nr;
                l->cap = cap;
            }
        }
        if (bad && *bad && ++nerr <= FIO_ERRORS_MAX) {
            const char *at = strstr(buf, where);
            fprintf(stderr, "%s:%d:%d: error: %s\n", path, line, at ? (int)(at - buf) + 1 : 1, bad);
        }
        if (bad) {
            for (int k = 0; k < n; k++)
                free(words[k]);
            free(words);
            continue;
        }
        /* argv: "run" then the words (start_run adds "--csv PATH"), with room to spare. */
        char **argv = calloc((size_t)n + 4, sizeof *argv);
        if (!argv) {
            for (int k = 0; k < n; k++)
                free(words[k]);
            free(words);
            fputs("gcnsim: out of memory\n", stderr);
            nerr++;
            break;
        }
        argv[0] = strdup("run");
        memcpy(argv + 1, words, (size_t)n * sizeof *words);
        free(words);
        l->runs[l->n++] = (sweep_run_t){ .line = line, .argc = n + 1, .argv = argv, .status = -1 };
    }
    free(buf);
    fio_text_free(&text);
    fio_more_errors(path, nerr, stderr);
    if (nerr)
        return 1;
    if (l->n == 0) {
        fprintf(stderr, "%s: error: no runs (every line is blank or a comment)\n", path);
        return 1;
    }
    return 0;
}

/* Start run i: this executable with `run --csv DIR/i.csv WORDS` (the --csv first: after a "--" in
 * WORDS it would be an operand), its output discarded and its errors kept in DIR/i.err. Returns 0,
 * or 3. */
static int start_run(const char *self, const char *dir, sweep_run_t *r, size_t i)
{
    char csv[SWEEP_PATH_LEN], err[SWEEP_PATH_LEN];
    snprintf(csv, sizeof csv, "%s/%zu.csv", dir, i);
    snprintf(err, sizeof err, "%s/%zu.err", dir, i);
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

/* Append run i's row (the second line of its CSV), and the header first when `header`. */
static int append_row(FILE *out, const char *dir, size_t i, bool header)
{
    char path[SWEEP_PATH_LEN];
    snprintf(path, sizeof path, "%s/%zu.csv", dir, i);
    FILE *f = fopen(path, "r");
    if (!f)
        return 1;
    char *line = NULL;
    size_t cap = 0;
    int k = 0, rc = 1;
    while (getline(&line, &cap, f) > 0) {
        if (k == 0 && header)
            fputs(line, out);
        if (k == 1) {
            fputs(line, out);
            rc = 0;
        }
        k++;
    }
    free(line);
    fclose(f);
    return rc;
}

static void remove_dir(const char *dir, size_t n)
{
    char path[SWEEP_PATH_LEN];
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%zu.csv", dir, i);
        unlink(path);
        snprintf(path, sizeof path, "%s/%zu.err", dir, i);
        unlink(path);
    }
    rmdir(dir);
}

/* Run everything, at most `jobs` at once. Returns 0, or 3 when a process could not be started. */
static int run_all(const char *self, const char *dir, sweep_list_t *l, long jobs)
{
    size_t next = 0, done = 0;
    long live = 0;
    int rc = 0;
    while (done < l->n) {
        while (rc == 0 && live < jobs && next < l->n) {
            if ((rc = start_run(self, dir, &l->runs[next], next)) != 0)
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
            return 3;
        }
        for (size_t i = 0; i < l->n; i++)
            if (l->runs[i].pid == pid && l->runs[i].status < 0) {
                l->runs[i].status = WIFEXITED(status) ? WEXITSTATUS(status) : 3;
                live--;
                done++;
                break;
            }
    }
    return rc;
}

enum { OPT_CSV = 256, OPT_JOBS };

static const struct option sweep_options[] = {
    { "csv", required_argument, NULL, OPT_CSV },
    { "jobs", required_argument, NULL, OPT_JOBS },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

int cli_cmd_sweep(int argc, char **argv)
{
    const char *list = NULL, *csv = NULL;
    long jobs = sysconf(_SC_NPROCESSORS_ONLN);
    static const int nonempty[] = { OPT_CSV, 0 };
    cli_opts_t spec = { "sweep", "sweep", sweep_options, NULL, 2, false, nonempty, stderr };
    cli_getopt_t g;
    cli_getopt_start(&g, &spec, argc - 1, argv + 1);
    for (int c; (c = cli_getopt(&g)) != CLI_OPT_END;) {
        const char *v = g.arg;
        char *end;
        switch (c) {
        case 'h':
            fputs(cli_usage_sweep, stdout);
            return 0;
        case OPT_CSV:
            csv = v;
            break;
        case OPT_JOBS:
            errno = 0;
            jobs = strtol(v, &end, 10);
            if (*v == '\0' || *end || errno || jobs < 1 || jobs > 1024) {
                fprintf(stderr, "gcnsim: --jobs expects a whole number from 1 to 1024, got '%s'\n", v);
                return 1;
            }
            break;
        case CLI_OPT_OPERAND:
            if (list) {
                fprintf(stderr, "gcnsim: sweep takes one list file; '%s' is a second one\n", v);
                return 1;
            }
            list = v;
            break;
        default: /* CLI_OPT_ERROR, reported */
            return 1;
        }
    }
    if (!list || !csv) {
        fprintf(stderr, "gcnsim: sweep needs a list file and --csv FILE: gcnsim sweep LIST --csv FILE\n");
        return 1;
    }
    if (jobs < 1)
        jobs = 1;
    sweep_list_t l = { 0 };
    if (read_list(list, &l) != 0) {
        free_list(&l);
        return 1;
    }
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        fprintf(stderr, "gcnsim: sweep: cannot find this executable (/proc/self/exe): %s\n", strerror(errno));
        free_list(&l);
        return 3;
    }
    self[n] = '\0';
    /* Open the output first, so that an unwritable FILE fails before any run. */
    fio_out_t o;
    char msg[256];
    if (!fio_out_open_append(&o, csv, msg, sizeof msg)) {
        fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", csv, msg);
        free_list(&l);
        return 1;
    }
    FILE *out = o.f;
    bool header = ftell(out) == 0;
    const char *tmp = getenv("TMPDIR");
    char dir[SWEEP_DIR_LEN];
    int dl = snprintf(dir, sizeof dir, "%s/gcnsim-sweep-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (dl < 0 || (size_t)dl >= sizeof dir || !mkdtemp(dir)) {
        fprintf(stderr, "gcnsim: sweep: cannot create a temporary directory '%s': %s\n", dir, strerror(errno));
        fio_out_abort(&o);
        free_list(&l);
        return 3;
    }
    fflush(stdout);
    fflush(stderr);
    int rc = run_all(self, dir, &l, jobs);
    size_t ok = 0, failed = 0;
    int first_fail = 0;
    for (size_t i = 0; i < l.n; i++) {
        sweep_run_t *r = &l.runs[i];
        if (r->status == 0 && append_row(out, dir, i, header) == 0) {
            header = false;
            ok++;
            continue;
        }
        if (r->status < 0)
            continue; /* never started */
        char path[SWEEP_PATH_LEN], why[512];
        snprintf(path, sizeof path, "%s/%zu.err", dir, i);
        first_line(path, why, sizeof why);
        fprintf(stderr, "%s:%d: error: the run exited %d%s%s\n", list, r->line, r->status ? r->status : 3,
                why[0] ? ": " : "", why);
        failed++;
        if (!first_fail)
            first_fail = r->status ? r->status : 3;
    }
    remove_dir(dir, l.n);
    if (!fio_out_commit(&o, msg, sizeof msg)) {
        fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", csv, msg);
        rc = rc ? rc : 1;
    }
    printf("sweep: %zu run%s, %zu failed; %zu row%s appended to %s\n", l.n, l.n == 1 ? "" : "s", failed, ok,
           ok == 1 ? "" : "s", csv);
    free_list(&l);
    return rc ? rc : first_fail;
}

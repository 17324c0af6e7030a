/* gcnsim sweep: run a list of workloads and configurations on N local processes and collect one CSV;
 * or one shard of it into a part file (--shard), merge parts (sweep merge), or hand it to Slurm as an
 * array job (--slurm, sweep_slurm.c).
 *
 * Each line of the list is the arguments of one `gcnsim run` (a workload file and its options).
 * Every run is a child process of this same executable writing its own --csv file; the rows are
 * appended to the output in list order, so the output is the same whatever the number of processes,
 * shards or machines and the order in which they finish (docs/cli.md, "gcnsim sweep"). */
#include "cli/cli.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fileio.h"
#include "base/interrupt.h"
#include "cli/sweep_exec.h"
#include "cli/sweep_slurm.h"

const char cli_usage_sweep[] =
    "usage: gcnsim sweep LIST --csv FILE [--resume] [--jobs N]\n"
    "       gcnsim sweep LIST --shard I/N --csv PART [--resume] [--jobs N]\n"
    "       gcnsim sweep merge PART... --csv FILE\n"
    "       gcnsim sweep LIST --slurm --csv FILE [--array-size N] [--partition P] [--time T] [--wait] [--resume]\n"
    "\n"
    "Run every line of LIST as 'gcnsim run LINE' (a workload file and its options, e.g.\n"
    "'workloads/saxpy.ini --set cu.wave_slots=4'; a 'label=NAME' word names the row, else its line\n"
    "number; '#' starts a comment line) on N processes at once, and append one CSV row per run to\n"
    "FILE, in the order of LIST, with the header line when FILE is new or empty (the columns of\n"
    "'gcnsim run --csv', with a column for every --set key of LIST). The rows do not depend on N.\n"
    "\n"
    "options:\n"
    "  --csv FILE        the CSV file to append to (required); with --shard, the part file to write\n"
    "  --jobs N          processes at once (default: the host's online CPUs)\n"
    "  --shard I/N       run only shard I of N (the runs whose index in LIST, from 0, is I-1 modulo N)\n"
    "                    into a part file; 'gcnsim sweep merge' joins the parts (docs/cluster.md)\n"
    "  --resume          run only the lines whose row FILE does not hold yet (a row counts for the\n"
    "                    first line with its label); with --shard: keep the finished runs of an\n"
    "                    existing part and run only the missing and failed ones; with --slurm:\n"
    "                    resubmit only the unfinished shards\n"
    "  --slurm           submit LIST to Slurm as an array job of N shards (sbatch; docs/cluster.md);\n"
    "                    its script, parts and logs go to FILE.slurm/\n"
    "  --array-size N    with --slurm: the number of shards, one array task each (default: the runs\n"
    "                    of LIST, at most 100)\n"
    "  --partition P     with --slurm: sbatch --partition\n"
    "  --time T          with --slurm: sbatch --time, the limit of one task (e.g. 30, 2:00:00)\n"
    "  --wait            with --slurm: wait for the array to end, then merge into FILE\n"
    "  -h, --help        show this help\n"
    "\n"
    "On a terminal, standard error shows the runs done of all, their rate and the time left.\n"
    "Ctrl-C, SIGTERM or SIGHUP stops the runs still going and appends the rows of those that ended\n"
    "before the first unfinished one (then exit 128+signal); --resume runs the rest.\n"
    "\n"
    "exit status: 0 when every run succeeded; otherwise the exit status of the first line that failed\n"
    "(each failure is reported as LIST:LINE: error: ...), after the rows of the others are written.\n";

/* ---- one host, one CSV -------------------------------------------------------------------------- */

typedef struct {
    FILE *out;
    bool header;
    char *first_header;        /* the header of the first row's run */
    const char *list;
    size_t ok, failed;
    int first_fail;
} local_t;

static void local_done(void *ctx, const sweep_rec_t *rec, const char *header)
{
    local_t *c = ctx;
    if (rec->status == 0) {
        if (c->header)
            fputs(header, c->out);
        if (!c->first_header)
            c->first_header = strdup(header);
        c->header = false;
        fputs(rec->text, c->out);
        c->ok++;
        return;
    }
    fprintf(stderr, "%s:%d: error: the run exited %d%s%s\n", c->list, rec->line, rec->status, rec->text[0] ? ": " : "",
            rec->text);
    c->failed++;
    if (!c->first_fail)
        c->first_fail = rec->status;
}

/* With --resume: the CSV's rows finish the runs with their labels; only the others run. */
/* The CSV (or part) must not be the LIST nor a file a line of it names (a workload, a --config):
 * refused before anything runs, as gcnsim run refuses an output that is one of its inputs. A
 * workload's own kernel source is not opened here; the CSV header check refuses to append to it. */
static bool csv_not_an_input(const sweep_list_t *l, const char *csv)
{
    fio_files_t files;
    fio_files_init(&files);
    fio_files_input(&files, l->path, "the sweep list");
    for (size_t i = 0; i < l->n; i++)
        for (int k = 0; k < l->runs[i].argc; k++)
            fio_files_input(&files, l->runs[i].argv[k], "a file named by the sweep list");
    bool ok = fio_files_output(&files, "gcnsim", "--csv", csv, stderr);
    fio_files_free(&files);
    return ok;
}

static int run_local(sweep_list_t *l, const char *self, const char *csv, long jobs, bool resume)
{
    bool *finished = calloc(l->n, sizeof *finished);
    sweep_run_t **runs = malloc(l->n * sizeof *runs);
    if (!runs || !finished) {
        free(runs);
        free(finished);
        fputs("gcnsim: out of memory\n", stderr);
        return 3;
    }
    size_t kept = 0, n = 0;
    int rc = resume ? sweep_csv_finished(csv, l, finished, &kept, stderr) : 0;
    if (rc != 0) {
        free(runs);
        free(finished);
        return rc;
    }
    for (size_t i = 0; i < l->n; i++)
        if (!finished[i])
            runs[n++] = &l->runs[i];
    free(finished);
    /* Open the output first, so that an unwritable FILE fails before any run. */
    fio_out_t o;
    char msg[256];
    if (!fio_out_open_append(&o, csv, msg, sizeof msg)) {
        fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", csv, msg);
        free(runs);
        return 1;
    }
    local_t c = { o.f, ftell(o.f) == 0, NULL, l->path, 0, 0, 0 };
    bool appending = !c.header;
    rc = sweep_exec(self, runs, n, jobs, isatty(STDERR_FILENO), local_done, &c);
    free(runs);
    int sig = intr_caught();
    if (appending && c.first_header && !sweep_csv_header_ok(csv, c.first_header, stderr)) {
        fio_out_abort(&o);
        free(c.first_header);
        return sig ? intr_exit_status(sig) : 1;
    }
    free(c.first_header);
    /* Interrupted too: the rows of the runs that ended before the first unfinished one are kept. */
    if (!fio_out_commit(&o, msg, sizeof msg)) {
        fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", csv, msg);
        rc = rc ? rc : 1;
    }
    if (sig) {
        fprintf(stderr, "gcnsim: sweep: %s: %zu of %zu runs done, %zu failed; %zu row%s appended to %s; run the rest "
                "with: gcnsim sweep %s --csv %s --resume\n", intr_describe(sig), kept + c.ok + c.failed, l->n, c.failed,
                c.ok, c.ok == 1 ? "" : "s", csv, l->path, csv);
        return rc;
    }
    if (resume)
        printf("sweep: %zu run%s (%zu already in %s), %zu failed; %zu row%s appended to %s\n", l->n,
               l->n == 1 ? "" : "s", kept, csv, c.failed, c.ok, c.ok == 1 ? "" : "s", csv);
    else
        printf("sweep: %zu run%s, %zu failed; %zu row%s appended to %s\n", l->n, l->n == 1 ? "" : "s", c.failed, c.ok,
               c.ok == 1 ? "" : "s", csv);
    return rc ? rc : c.first_fail;
}

/* ---- one shard, one part ------------------------------------------------------------------------ */

typedef struct {
    sweep_part_out_t out;
    const sweep_part_t *kept;  /* the finished runs of the old part (--resume) */
    size_t next_kept;
    size_t failed, ran;
    int first_fail;
} shard_t;

/* Write the kept records of lines before `line` (all of them: INT_MAX). */
static void flush_kept(shard_t *c, int line)
{
    while (c->kept && c->next_kept < c->kept->nrecs && c->kept->recs[c->next_kept].line < line) {
        const sweep_rec_t *r = &c->kept->recs[c->next_kept++];
        if (r->status == 0)
            sweep_part_put(&c->out, r, c->kept->header);
    }
}

static void shard_done(void *ctx, const sweep_rec_t *rec, const char *header)
{
    shard_t *c = ctx;
    flush_kept(c, rec->line);
    sweep_part_put(&c->out, rec, header);
    c->ran++;
    if (rec->status != 0) {
        c->failed++;
        if (!c->first_fail)
            c->first_fail = rec->status;
    }
}

static bool kept_ok(const sweep_part_t *p, int line)
{
    for (size_t i = 0; p && i < p->nrecs; i++)
        if (p->recs[i].line == line)
            return p->recs[i].status == 0;
    return false;
}

static int run_shard(sweep_list_t *l, const char *self, const char *part, int shard, int nshards, bool resume,
                     long jobs)
{
    sweep_part_t old = { 0 };
    bool have_old = false;
    struct stat sb;
    bool exists = stat(part, &sb) == 0;
    if (exists && S_ISREG(sb.st_mode) && sb.st_size > 0 && !sweep_part_is_part(part)) {
        fprintf(stderr, "gcnsim: error: '%s' exists and is not a sweep part; gcnsim replaces only its own parts\n", part);
        return 1;
    }
    if (exists && resume && sb.st_size > 0) {
        int rc = sweep_part_read(part, &old, stderr);
        if (rc != 0) {
            sweep_part_free(&old);
            fprintf(stderr, "gcnsim: sweep: '%s' cannot be resumed; remove it to run its shard again\n", part);
            return rc;
        }
        if (old.hash != l->hash || old.shard != shard || old.nshards != nshards) {
            fprintf(stderr, "gcnsim: error: '%s' is shard %d of %d of another LIST or split (list %016llx of %s); "
                    "remove it or drop --resume\n", part, old.shard, old.nshards, (unsigned long long)old.hash, old.list);
            sweep_part_free(&old);
            return 1;
        }
        have_old = true;
    }
    sweep_run_t **runs = malloc((l->n ? l->n : 1) * sizeof *runs);
    size_t n = 0, nshard = 0, kept = 0;
    FILE *f = runs ? fopen(part, "w") : NULL;
    if (!f) {
        if (runs)
            fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", part, strerror(errno));
        else
            fputs("gcnsim: out of memory\n", stderr);
        free(runs);
        sweep_part_free(&old);
        return runs ? 1 : 3;
    }
    for (size_t i = 0; i < l->n; i++) {
        if (!sweep_in_shard(i, shard, nshards))
            continue;
        nshard++;
        if (have_old && kept_ok(&old, l->runs[i].line))
            kept++;
        else
            runs[n++] = &l->runs[i];
    }
    shard_t c = { { 0 }, have_old ? &old : NULL, 0, 0, 0, 0 };
    sweep_part_begin(&c.out, f, l, shard, nshards);
    int rc = sweep_exec(self, runs, n, jobs, isatty(STDERR_FILENO), shard_done, &c);
    /* The kept records always (an interrupted shard keeps them); the end line only when complete. */
    flush_kept(&c, INT_MAX);
    if (rc == 0)
        sweep_part_end(&c.out);
    free(runs);
    sweep_part_free(&old);
    if (ferror(f) | fclose(f)) {
        fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", part, strerror(errno));
        rc = rc ? rc : 1;
    }
    int sig = intr_caught();
    if (sig) {
        fprintf(stderr, "gcnsim: sweep: %s: shard %d of %d: %zu of its %zu runs done, %zu failed; the part %s is "
                "truncated; complete it with: gcnsim sweep %s --shard %d/%d --csv %s --resume\n", intr_describe(sig), shard,
                nshards, kept + c.ran, nshard, c.failed, part, l->path, shard, nshards, part);
        return rc;
    }
    printf("sweep: shard %d of %d: %zu run%s (%zu kept from the part), %zu failed; part written to %s\n", shard,
           nshards, nshard, nshard == 1 ? "" : "s", kept, c.failed, part);
    return rc ? rc : c.first_fail;
}

/* ---- merge -------------------------------------------------------------------------------------- */

static const struct option merge_options[] = {
    { "csv", required_argument, NULL, 256 },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

static int cmd_merge(int argc, char **argv)
{
    static const int nonempty[] = { 256, 0 };
    cli_opts_t spec = { "sweep", "sweep merge", merge_options, NULL, 2, false, nonempty, stderr };
    const char *csv = NULL;
    char **paths = calloc((size_t)argc + 1, sizeof *paths);
    size_t n = 0;
    if (!paths)
        return 3;
    cli_getopt_t g;
    cli_getopt_start(&g, &spec, argc - 1, argv + 1);
    for (int c; (c = cli_getopt(&g)) != CLI_OPT_END;) {
        if (c == 'h') {
            fputs(cli_usage_sweep, stdout);
            free(paths);
            return 0;
        } else if (c == 256) {
            csv = g.arg;
        } else if (c == CLI_OPT_OPERAND) {
            paths[n++] = (char *)g.arg;
        } else {
            free(paths);
            return 1;
        }
    }
    if (!csv || n == 0) {
        fputs("gcnsim: sweep merge needs part files and --csv FILE: gcnsim sweep merge PART... --csv FILE\n", stderr);
        free(paths);
        return 1;
    }
    sweep_part_t *parts = calloc(n, sizeof *parts);
    int rc = parts ? 0 : 3;
    for (size_t i = 0; i < n && parts; i++) {
        int r = sweep_part_read(paths[i], &parts[i], stderr);
        rc = rc ? rc : r;
    }
    if (rc == 0) {
        fio_files_t files;
        fio_files_init(&files);
        for (size_t i = 0; i < n; i++)
            fio_files_input(&files, paths[i], "the part file");
        rc = fio_files_output(&files, "gcnsim", "--csv", csv, stderr) ? sweep_merge_into(parts, n, csv, stderr) : 1;
        fio_files_free(&files);
    }
    else if (parts)
        fprintf(stderr, "gcnsim: sweep merge: nothing written to %s\n", csv);
    for (size_t i = 0; i < n && parts; i++)
        sweep_part_free(&parts[i]);
    free(parts);
    free(paths);
    return rc;
}

/* ---- the command -------------------------------------------------------------------------------- */

enum { OPT_CSV = 256, OPT_JOBS, OPT_SHARD, OPT_RESUME, OPT_SLURM, OPT_ARRAY_SIZE, OPT_PARTITION, OPT_TIME, OPT_WAIT };

static const struct option sweep_options[] = {
    { "csv", required_argument, NULL, OPT_CSV },
    { "jobs", required_argument, NULL, OPT_JOBS },
    { "help", no_argument, NULL, 'h' },
    { "shard", required_argument, NULL, OPT_SHARD },
    { "resume", no_argument, NULL, OPT_RESUME },
    { "slurm", no_argument, NULL, OPT_SLURM },
    { "array-size", required_argument, NULL, OPT_ARRAY_SIZE },
    { "partition", required_argument, NULL, OPT_PARTITION },
    { "time", required_argument, NULL, OPT_TIME },
    { "wait", no_argument, NULL, OPT_WAIT },
    { NULL, 0, NULL, 0 },
};

int cli_cmd_sweep(int argc, char **argv)
{
    if (argc > 2 && strcmp(argv[2], "merge") == 0)
        return cmd_merge(argc - 1, argv + 1);
    const char *list = NULL, *csv = NULL;
    long jobs = sysconf(_SC_NPROCESSORS_ONLN);
    int shard = 0, nshards = 0;
    bool resume = false, slurm_only = false;
    sweep_slurm_opts_t so = { 0 };
    static const int nonempty[] = { OPT_CSV, OPT_PARTITION, OPT_TIME, 0 };
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
        case OPT_SHARD:
            if (!sweep_parse_shard(v, SWEEP_MAX_SHARDS, &shard, &nshards)) {
                fprintf(stderr, "gcnsim: --shard expects I/N with 1 <= I <= N <= %d, got '%s'\n", SWEEP_MAX_SHARDS, v);
                return 1;
            }
            break;
        case OPT_RESUME:
            resume = true;
            break;
        case OPT_SLURM:
            so.on = true;
            break;
        case OPT_WAIT:
            so.wait = slurm_only = true;
            break;
        case OPT_PARTITION:
            so.partition = v;
            slurm_only = true;
            break;
        case OPT_TIME:
            so.time = v;
            slurm_only = true;
            break;
        case OPT_ARRAY_SIZE:
            errno = 0;
            so.array_size = strtol(v, &end, 10);
            if (*v == '\0' || *end || errno || so.array_size < 1 || so.array_size > SWEEP_MAX_SHARDS) {
                fprintf(stderr, "gcnsim: --array-size expects a whole number from 1 to %d, got '%s'\n", SWEEP_MAX_SHARDS, v);
                return 1;
            }
            slurm_only = true;
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
    if (slurm_only && !so.on)
        return cli_usage_error("sweep ", "%s", "--array-size, --partition, --time and --wait go with --slurm");
    if (so.on && shard)
        return cli_usage_error("sweep ", "%s", "--slurm makes its own shards; it cannot be used with --shard");
    sweep_list_t l;
    if (sweep_list_read(list, &l, stderr) != 0) {
        sweep_list_free(&l);
        return 1;
    }
    char self[PATH_MAX];
    int rc;
    if (!csv_not_an_input(&l, csv))
        rc = 1;
    else if (!sweep_self(self, sizeof self))
        rc = 3;
    else if (so.on) {
        so.resume = resume;
        rc = sweep_slurm(&l, self, csv, &so);
    } else if (shard)
        rc = run_shard(&l, self, csv, shard, nshards, resume, jobs);
    else
        rc = run_local(&l, self, csv, jobs, resume);
    sweep_list_free(&l);
    return rc;
}

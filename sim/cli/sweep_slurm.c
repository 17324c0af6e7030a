/* sweep_slurm: a sweep as a Slurm array job; see sweep_slurm.h. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli/sweep_slurm.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/fileio.h"
#include "base/interrupt.h"

enum { SLURM_PATH_LEN = PATH_MAX + 64 };

/* ---- what may go into the script ---------------------------------------------------------------
 * The script is text that sbatch reads (#SBATCH lines) and sh runs: every value in it is checked
 * here first, and every path in its body is quoted for sh. A line break in a path would end a
 * quoted word's line no less than an #SBATCH line, so control characters are refused outright. */

/* s printed with control bytes and bytes above 0x7e as \xNN (for messages). */
static void print_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c >= 0x7f || c == '\\')
            fprintf(f, "\\x%02x", c);
        else
            fputc(c, f);
    }
}

/* The first control character of s (0x01-0x1f, 0x7f), or NULL. */
static const char *control_char(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            return s;
    return NULL;
}

/* A path that goes into the script or to sbatch: no control character. `what` names it. */
static bool path_ok(const char *what, const char *path)
{
    const char *c = control_char(path);
    if (!c)
        return true;
    fprintf(stderr, "gcnsim: error: %s '", what);
    print_escaped(stderr, path);
    fprintf(stderr, "' holds a control character (byte 0x%02x); a Slurm script cannot name it safely: rename it, or "
            "run the shards yourself (docs/cluster.md)\n", (unsigned char)*c);
    return false;
}

/* sbatch's --partition: a comma-separated list of partition names. */
static bool partition_ok(const char *p)
{
    const char *s = p;
    bool ok = strlen(p) <= 256;
    for (size_t n = 0; ok; s++) {
        if (*s == ',' || *s == '\0') {
            ok = n > 0;
            if (*s == '\0')
                break;
            n = 0;
        } else if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' ||
                   *s == '-' || *s == '.') {
            n++;
        } else {
            ok = false;
        }
    }
    if (!ok) {
        fputs("gcnsim: --partition expects a partition name or a comma-separated list of them (letters, digits, "
              "'_', '-', '.'), got '", stderr);
        print_escaped(stderr, p);
        fputs("'\n", stderr);
    }
    return ok;
}

/* Digits (1 to 9 of them) at *s; advances. */
static bool digits(const char **s)
{
    size_t n = strspn(*s, "0123456789");
    *s += n;
    return n >= 1 && n <= 9;
}

/* sbatch's --time: minutes, minutes:seconds, hours:minutes:seconds, days-hours,
 * days-hours:minutes, days-hours:minutes:seconds, or INFINITE / UNLIMITED. */
static bool time_ok(const char *t)
{
    const char *s = t;
    bool ok;
    if (strcmp(t, "INFINITE") == 0 || strcmp(t, "UNLIMITED") == 0) {
        ok = true;
    } else if ((ok = digits(&s))) {
        int fields = 1;
        if (*s == '-') { /* days-hours[:minutes[:seconds]] */
            s++;
            ok = digits(&s);
        }
        while (ok && *s == ':' && fields < 3) {
            s++;
            ok = digits(&s);
            fields++;
        }
        ok = ok && *s == '\0';
    }
    if (!ok) {
        fputs("gcnsim: --time expects a Slurm time limit (minutes, minutes:seconds, hours:minutes:seconds, "
              "days-hours, days-hours:minutes, days-hours:minutes:seconds, or INFINITE), got '", stderr);
        print_escaped(stderr, t);
        fputs("'\n", stderr);
    }
    return ok;
}

/* s in single quotes for sh ('\'' for a quote). */
static void sh_quote(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++)
        if (*s == '\'')
            fputs("'\\''", f);
        else
            fputc(*s, f);
    fputc('\'', f);
}

/* s as one sh word: as it is when it holds only characters sh takes literally, else quoted. */
static void sh_word(FILE *f, const char *s)
{
    if (*s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:@+=,-") == strlen(s))
        fputs(s, f);
    else
        sh_quote(f, s);
}

/* The state of every shard from its part in dir (parts[s-1]; nshards from the parts when 0). */
typedef struct {
    sweep_part_t *parts;       /* [nshards]; path NULL: no readable part */
    int nshards;
} shards_t;

static void shards_free(shards_t *s)
{
    for (int i = 0; s->parts && i < s->nshards; i++)
        sweep_part_free(&s->parts[i]);
    free(s->parts);
}

static void part_path(char *buf, const char *dir, int s) { snprintf(buf, SLURM_PATH_LEN, "%s/part-%d.csv", dir, s); }
static void log_path(char *buf, const char *dir, int s) { snprintf(buf, SLURM_PATH_LEN, "%s/log/%d.txt", dir, s); }

/* Whether shard s is finished: its part complete and every run of it ok. */
static bool shard_done(const sweep_part_t *p)
{
    if (!p->path || !p->complete)
        return false;
    for (size_t i = 0; i < p->nrecs; i++)
        if (p->recs[i].status != 0)
            return false;
    return true;
}

/* Read the parts of shards 1..n that exist (n: from the first part found when 0). Returns 0, or 1
 * after a message (a part of another LIST, or damaged). */
static int read_shards(const char *dir, const sweep_list_t *l, int n, shards_t *s)
{
    char path[SLURM_PATH_LEN];
    if (n == 0)
        for (int i = 1; i <= SWEEP_MAX_SHARDS && n == 0; i++) {
            part_path(path, dir, i);
            sweep_part_t p;
            if (access(path, F_OK) == 0 && sweep_part_read(path, &p, stderr) == 0)
                n = p.nshards;
            sweep_part_free(&p);
        }
    if (n == 0)
        n = (int)(l->n < SWEEP_DEFAULT_SHARDS ? l->n : SWEEP_DEFAULT_SHARDS);
    s->nshards = n;
    s->parts = calloc((size_t)n, sizeof *s->parts);
    if (!s->parts)
        return 3;
    for (int i = 1; i <= n; i++) {
        part_path(path, dir, i);
        if (access(path, F_OK) != 0)
            continue;
        sweep_part_t *p = &s->parts[i - 1];
        if (sweep_part_read(path, p, stderr) == 1) {
            sweep_part_free(p); /* damaged: run the shard again */
            continue;
        }
        if (p->hash != l->hash || p->nshards != n) {
            fprintf(stderr, "%s: error: a part of another LIST or split (list %016llx in %d shards; this is list %016llx "
                    "in %d); remove %s to start afresh\n", path, (unsigned long long)p->hash, p->nshards,
                    (unsigned long long)l->hash, n, dir);
            return 1;
        }
    }
    return 0;
}

/* Tell what became of each unfinished shard: its lines, what its part holds, its log's last line. */
static int report(const char *dir, const sweep_list_t *l, const shards_t *s)
{
    int bad = 0;
    for (int i = 1; i <= s->nshards; i++) {
        const sweep_part_t *p = &s->parts[i - 1];
        if (shard_done(p))
            continue;
        char lp[SLURM_PATH_LEN], last[512] = "", notice[512] = "", buf[512];
        log_path(lp, dir, i);
        FILE *f = fopen(lp, "r");
        /* The log's last line, or Slurm's own notice (CANCELLED, DUE TO TIME LIMIT) when there is
         * one: the task's gcnsim, stopped by Slurm's SIGTERM, writes its own message after it. */
        while (f && fgets(buf, sizeof buf, f))
            if (buf[strspn(buf, " \t\r\n")]) {
                snprintf(last, sizeof last, "%.*s", (int)strcspn(buf, "\r\n"), buf);
                if (strncmp(buf, "slurmstepd", 10) == 0) /* "slurmstepd[-NODE]: error: *** JOB ..." */
                    snprintf(notice, sizeof notice, "%s", last);
            }
        if (notice[0])
            snprintf(last, sizeof last, "%s", notice);
        if (f)
            fclose(f);
        bad++;
        if (p->path && p->complete) {
            for (size_t k = 0; k < p->nrecs; k++)
                if (p->recs[k].status)
                    fprintf(stderr, "%s:%d: error: the run exited %d%s%s\n", l->path, p->recs[k].line,
                            p->recs[k].status, p->recs[k].text[0] ? ": " : "", p->recs[k].text);
            fprintf(stderr, "gcnsim: sweep: shard %d of %d finished with failed runs; its log: %s\n", i, s->nshards, lp);
            continue;
        }
        fprintf(stderr, "gcnsim: sweep: shard %d of %d did not finish (%s", i, s->nshards,
                p->path ? "its part is truncated" : "no part");
        if (p->path)
            fprintf(stderr, " after %zu of its %zu runs", p->nrecs, p->nruns);
        fputs("); its lines:", stderr);
        size_t shown = 0;
        for (size_t r = 0; r < l->n; r++)
            if (sweep_in_shard(r, i, s->nshards) && shown++ < 20)
                fprintf(stderr, " %d", l->runs[r].line);
        if (shown > 20)
            fprintf(stderr, " ... (%zu in all)", shown);
        fprintf(stderr, "; its log: %s%s%s\n", lp, last[0] ? ": " : "", last);
    }
    return bad;
}

/* Write the array job script for the shards still to run (todo[s-1]). Only checked values go into
 * it: numbers, the partition and time limit (their syntax checked), and the paths of this executable,
 * LIST and the folder, without control characters and quoted for sh. Slurm's own options that name
 * paths (--chdir, --output) are given to sbatch as arguments (submit), never as #SBATCH lines. */
static int write_script(const char *script, const char *dir, const char *list, const char *self, int n, const bool *todo,
                        const sweep_slurm_opts_t *o, const char *cwd, char **text)
{
    size_t len = 0;
    FILE *m = open_memstream(text, &len);
    if (!m)
        return 3;
    fputs("#!/bin/sh\n# gcnsim sweep on Slurm: one array task per shard of LIST (docs/cluster.md); written by gcnsim.\n"
          "# Submitted as: sbatch --chdir=", m);
    sh_word(m, cwd);
    fputs(" --output=", m);
    sh_word(m, dir);
    fputs("/log/%a.txt job.sh\n#SBATCH --job-name=gcnsim-sweep\n#SBATCH --array=", m);
    /* Runs of consecutive shards as ranges: 1-100, or 3,7-9 on --resume. */
    bool first = true;
    for (int s = 1; s <= n; s++) {
        if (!todo[s - 1])
            continue;
        int e = s;
        while (e < n && todo[e])
            e++;
        fprintf(m, first ? "%d" : ",%d", s);
        if (e > s)
            fprintf(m, "-%d", e);
        first = false;
        s = e;
    }
    fputc('\n', m);
    if (o->partition)
        fprintf(m, "#SBATCH --partition=%s\n", o->partition);
    if (o->time)
        fprintf(m, "#SBATCH --time=%s\n", o->time);
    fputs("exec ", m);
    sh_quote(m, self);
    fputs(" sweep ", m);
    sh_quote(m, list);
    fprintf(m, " --shard \"$SLURM_ARRAY_TASK_ID/%d\" --csv ", n);
    sh_quote(m, dir);
    fputs("\"/part-$SLURM_ARRAY_TASK_ID.csv\" --resume --jobs \"${SLURM_CPUS_PER_TASK:-1}\"\n", m);
    if (fclose(m) != 0)
        return 3;
    fio_out_t out;
    char msg[256];
    if (!fio_out_open(&out, script, msg, sizeof msg) || (fputs(*text, out.f), !fio_out_commit(&out, msg, sizeof msg))) {
        fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", script, msg);
        return 1;
    }
    return 0;
}

/* sbatch --parsable --chdir=CWD --output=DIR/log/%a.txt [--wait] SCRIPT (an argument vector: the
 * paths are not parsed by anyone): prints the job id as soon as sbatch does. Returns sbatch's exit
 * status (a failed task makes sbatch --wait exit non-zero), -1 when it could not run, or 128+sig
 * when gcnsim was interrupted (sbatch stopped; the job stays in Slurm's hands). */
static int submit(const char *script, const char *cwd, const char *dir, bool wait, char *jobid, size_t len)
{
    char chdir_opt[SLURM_PATH_LEN], output_opt[2 * SLURM_PATH_LEN];
    snprintf(chdir_opt, sizeof chdir_opt, "--chdir=%s", cwd);
    /* In --output, '%' starts a Slurm pattern: '%%' is a '%' (a '\\' is refused in sweep_slurm). */
    size_t k = (size_t)snprintf(output_opt, sizeof output_opt, "--output=");
    for (const char *p = dir; *p && k + 3 < sizeof output_opt; p++) {
        if (*p == '%')
            output_opt[k++] = '%';
        output_opt[k++] = *p;
    }
    snprintf(output_opt + k, sizeof output_opt - k, "/log/%%a.txt");
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        intr_child_setup();
        close(fd[0]);
        if (dup2(fd[1], 1) < 0)
            _exit(127);
        char *argv[] = { "sbatch", "--parsable", chdir_opt, output_opt, "--wait", (char *)script, NULL };
        if (!wait) {
            argv[4] = (char *)script;
            argv[5] = NULL;
        }
        execvp("sbatch", argv);
        fprintf(stderr, "gcnsim: sweep: cannot run sbatch: %s (is Slurm's client installed and on PATH?)\n",
                strerror(errno));
        _exit(127);
    }
    close(fd[1]);
    FILE *f = fdopen(fd[0], "r");
    jobid[0] = '\0';
    char line[256];
    while (f && !intr_caught() && fgets(line, sizeof line, f)) {
        if (!jobid[0]) {
            snprintf(jobid, len, "%.*s", (int)strcspn(line, ";\r\n"), line);
            if (jobid[0]) {
                printf("sweep: submitted job %s%s\n", jobid, wait ? "; waiting for it to end" : "");
                fflush(stdout);
            }
        }
    }
    if (f)
        fclose(f);
    else
        close(fd[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return -1;
        if (intr_caught())
            break;
    }
    if (intr_caught()) {
        intr_stop_child(pid, 1000);
        return intr_exit_status(intr_caught());
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int sweep_slurm(const sweep_list_t *l, const char *self, const char *csv, const sweep_slurm_opts_t *o)
{
    char dir[PATH_MAX], rel[SLURM_PATH_LEN], path[SLURM_PATH_LEN], list[PATH_MAX], cwd[PATH_MAX];
    /* Every value checked before anything is created or written. */
    if ((o->partition && !partition_ok(o->partition)) || (o->time && !time_ok(o->time)))
        return 1;
    if (!getcwd(cwd, sizeof cwd)) {
        fprintf(stderr, "gcnsim: sweep: cannot find the current directory: %s\n", strerror(errno));
        return 1;
    }
    if (!path_ok("the working directory", cwd) || !path_ok("the --csv path", csv) ||
        !path_ok("the LIST path", l->path) || !path_ok("this gcnsim's path", self))
        return 1;
    snprintf(rel, sizeof rel, "%s.slurm", csv);
    if ((mkdir(rel, 0777) != 0 && errno != EEXIST) || !realpath(rel, dir)) {
        fprintf(stderr, "gcnsim: error: cannot create '%s': %s\n", rel, strerror(errno));
        return 1;
    }
    if (!path_ok("the folder", dir))
        return 1;
    if (strchr(dir, '\\')) { /* in sbatch --output, a backslash turns the %a pattern off */
        fputs("gcnsim: error: the folder '", stderr);
        print_escaped(stderr, dir);
        fputs("' holds a backslash, which turns off the log names' %a pattern in sbatch --output; choose another "
              "--csv path\n", stderr);
        return 1;
    }
    snprintf(path, sizeof path, "%s/log", dir);
    if ((mkdir(path, 0777) != 0 && errno != EEXIST) || !realpath(l->path, list)) {
        fprintf(stderr, "gcnsim: error: cannot create '%s': %s\n", path, strerror(errno));
        return 1;
    }
    if (!path_ok("the LIST path", list))
        return 1;
    shards_t s = { 0 };
    int n = (int)o->array_size, rc = 0;
    if (!o->resume) {
        for (int i = 1; i <= SWEEP_MAX_SHARDS; i++) {
            part_path(path, dir, i);
            if (access(path, F_OK) == 0) {
                fprintf(stderr, "gcnsim: error: %s holds the parts of an earlier submission (%s); complete it with "
                        "--resume, or remove %s\n", rel, path, rel);
                return 1;
            }
        }
    }
    if ((rc = read_shards(dir, l, n, &s)) != 0) {
        shards_free(&s);
        return rc;
    }
    n = s.nshards;
    if (o->array_size && o->array_size != n) {
        fprintf(stderr, "gcnsim: error: the parts in %s are of %d shards, not --array-size %ld\n", rel, n, o->array_size);
        shards_free(&s);
        return 1;
    }
    bool *todo = calloc((size_t)n, sizeof *todo);
    int ntodo = 0;
    for (int i = 0; todo && i < n; i++)
        ntodo += todo[i] = !shard_done(&s.parts[i]);
    if (!todo) {
        shards_free(&s);
        return 3;
    }
    if (ntodo) {
        char script[SLURM_PATH_LEN], *text = NULL, jobid[64];
        snprintf(script, sizeof script, "%s/job.sh", dir);
        rc = write_script(script, dir, list, self, n, todo, o, cwd, &text);
        if (rc == 0) {
            printf("sweep: %zu runs of %s in %d shards; %d to run as an array job; its script %s/job.sh:\n%s", l->n, l->path,
                   n, ntodo, rel, text);
            int st = submit(script, cwd, dir, o->wait, jobid, sizeof jobid);
            if (intr_caught()) {
                fprintf(stderr, "gcnsim: sweep: %s while waiting for job %s, which Slurm keeps running (scancel %s "
                        "stops it); complete the sweep with: gcnsim sweep %s --slurm --csv %s --resume --wait\n",
                        intr_describe(intr_caught()), jobid[0] ? jobid : "(no id yet)", jobid[0] ? jobid : "ID", l->path,
                        csv);
                rc = st;
            } else if (st < 0 || !jobid[0]) {
                fprintf(stderr, "gcnsim: sweep: sbatch did not submit %s/job.sh (exit %d)\n", rel, st);
                rc = 1;
            } else if (!o->wait) {
                printf("sweep: the tasks' logs go to %s/log/; when the job has ended, merge with:\n"
                       "  gcnsim sweep merge ", rel);
                sh_word(stdout, rel);
                fputs("/part-*.csv --csv ", stdout);
                sh_word(stdout, csv);
                fputs("\nor complete and merge (resubmitting only unfinished shards) with:\n  gcnsim sweep ", stdout);
                sh_word(stdout, l->path);
                fputs(" --slurm --csv ", stdout);
                sh_word(stdout, csv);
                fputs(" --resume --wait\n", stdout);
            }
        }
        free(text);
        if (rc != 0 || !o->wait) {
            free(todo);
            shards_free(&s);
            return rc;
        }
        shards_free(&s);
        memset(&s, 0, sizeof s);
        if ((rc = read_shards(dir, l, n, &s)) != 0) {
            free(todo);
            shards_free(&s);
            return rc;
        }
    }
    free(todo);
    if (report(dir, l, &s) != 0) {
        fprintf(stderr, "gcnsim: sweep: nothing written to %s; complete the sweep with:\n"
                "  gcnsim sweep %s --slurm --csv %s --resume --wait\n", csv, l->path, csv);
        shards_free(&s);
        return 1;
    }
    rc = sweep_merge_into(s.parts, (size_t)n, csv, stderr);
    shards_free(&s);
    return rc;
}

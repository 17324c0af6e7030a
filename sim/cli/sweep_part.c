/* sweep_part: a shard's part file and the merge of parts; see sweep_part.h. */
#include "cli/sweep_part.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "base/fileio.h"

/* A part holds a shard's rows: at most this many bytes are read (the rows of 500,000 runs). */
enum { SWEEP_PART_MAX = 256 << 20, SWEEP_MISSING_SHOWN = 5 };

static const char magic[] = "# gcnsim sweep part 1: ";

/* The runs of shard `shard` of `nshards` among `total` (sweep_in_shard's split), in constant time:
 * a part's first line claims both numbers. */
static size_t shard_runs(size_t total, int shard, int nshards)
{
    return total / (size_t)nshards + ((size_t)(shard - 1) < total % (size_t)nshards);
}

bool sweep_csv_open_quote(const char *s, size_t len, bool open)
{
    for (size_t i = 0; i < len; i++)
        open ^= s[i] == '"';
    return open;
}

long sweep_csv_record(FILE *f, char **buf, size_t *cap)
{
    char chunk[65536];
    size_t len = 0;
    bool open = false;
    /* Read in chunks, so that a record longer than the limit costs no more than the limit. */
    while (fgets(chunk, sizeof chunk, f)) {
        size_t n = strlen(chunk);
        if (len + n > SWEEP_CSV_RECORD_MAX)
            return -3;
        if (len + n + 1 > *cap) {
            size_t nc = *cap ? *cap : 256;
            while (nc < len + n + 1)
                nc *= 2;
            char *nb = realloc(*buf, nc);
            if (!nb)
                return -2;
            *buf = nb;
            *cap = nc;
        }
        memcpy(*buf + len, chunk, n + 1);
        len += n;
        open = sweep_csv_open_quote(chunk, n, open);
        if (!open && n > 0 && chunk[n - 1] == '\n')
            break;
    }
    return len ? (long)len : -1;
}

void sweep_part_begin(sweep_part_out_t *o, FILE *f, const sweep_list_t *l, int shard, int nshards)
{
    o->f = f;
    o->header = false;
    fprintf(f, "%slist %016" PRIx64 ", shard %d of %d, %zu runs of %zu: %s\n", magic, l->hash, shard, nshards,
            shard_runs(l->n, shard, nshards), l->n, l->path);
    fflush(f);
}

void sweep_part_put(sweep_part_out_t *o, const sweep_rec_t *rec, const char *header)
{
    if (rec->status == 0) {
        if (!o->header && header)
            fputs(header, o->f);
        o->header = true;
        fprintf(o->f, "# line %d: ok\n%s", rec->line, rec->text);
    } else {
        fprintf(o->f, "# line %d: failed, exit %d: %s\n", rec->line, rec->status, rec->text ? rec->text : "");
    }
    fflush(o->f);
}

void sweep_part_end(sweep_part_out_t *o)
{
    fputs("# end\n", o->f);
    fflush(o->f);
}

void sweep_part_free(sweep_part_t *p)
{
    for (size_t i = 0; i < p->nrecs; i++)
        free(p->recs[i].text);
    free(p->recs);
    free(p->header);
    free(p->path);
    free(p->list);
    memset(p, 0, sizeof *p);
}

bool sweep_part_is_part(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char buf[sizeof magic];
    size_t n = fread(buf, 1, sizeof magic - 1, f);
    fclose(f);
    return n == sizeof magic - 1 && memcmp(buf, magic, n) == 0;
}

/* Parse the first line into p. */
static bool parse_magic(const char *line, sweep_part_t *p)
{
    if (strncmp(line, magic, sizeof magic - 1) != 0)
        return false;
    int used = 0;
    if (sscanf(line + sizeof magic - 1, "list %16" SCNx64 ", shard %d of %d, %zu runs of %zu: %n", &p->hash, &p->shard,
               &p->nshards, &p->nruns, &p->total, &used) != 5 || used == 0)
        return false;
    const char *list = line + sizeof magic - 1 + used;
    size_t len = strcspn(list, "\n");
    /* Counts bounded by what a LIST can hold (a run is a line of at least two bytes), so that a
     * crafted first line cannot make a merge or --resume allocate or submit millions of shards. */
    if (len == 0 || p->shard < 1 || p->nshards > SWEEP_MAX_SHARDS || p->shard > p->nshards ||
        p->total > FIO_LIST_MAX / 2 || p->nruns != shard_runs(p->total, p->shard, p->nshards) ||
        !(p->list = strndup(list, len)))
        return false;
    return true;
}

static int add_rec(sweep_part_t *p, int line, int status, const char *text, size_t len, size_t *cap)
{
    if (p->nrecs == *cap) {
        size_t nc = *cap ? 2 * *cap : 16;
        sweep_rec_t *nr = realloc(p->recs, nc * sizeof *nr);
        if (!nr)
            return 3;
        p->recs = nr;
        *cap = nc;
    }
    char *t = strndup(text, len);
    if (!t)
        return 3;
    p->recs[p->nrecs++] = (sweep_rec_t){ line, status, t };
    return 0;
}

/* The next CSV record of text (its lines until its quotes close) into *buf; its length, -1 when it
 * is cut off (truncated) or absent, -2 when out of memory. *ln counts the lines read. */
static long get_record(const fio_text_t *text, size_t *pos, char **buf, size_t *cap, int *ln)
{
    char *line = NULL;
    size_t lcap = 0, len = 0, save = *pos;
    bool open = false;
    long n;
    while ((n = fio_getline(text, pos, &line, &lcap)) > 0) {
        ++*ln;
        if (line[n - 1] != '\n')
            break;
        if (len + (size_t)n + 1 > *cap) {
            size_t nc = *cap ? *cap : 256;
            while (nc < len + (size_t)n + 1)
                nc *= 2;
            char *nb = realloc(*buf, nc);
            if (!nb) {
                free(line);
                return -2;
            }
            *buf = nb;
            *cap = nc;
        }
        memcpy(*buf + len, line, (size_t)n + 1);
        len += (size_t)n;
        if (!(open = sweep_csv_open_quote(line, (size_t)n, open))) {
            free(line);
            return (long)len;
        }
    }
    free(line);
    *pos = save;
    return -1;
}

int sweep_part_read(const char *path, sweep_part_t *p, FILE *err)
{
    memset(p, 0, sizeof *p);
    if (!(p->path = strdup(path)))
        return 3;
    fio_text_t text;
    if (!fio_read_text(path, "sweep part", SWEEP_PART_MAX, &text, err))
        return 1;
    char *buf = NULL;
    size_t bcap = 0, pos = 0, cap = 0;
    long len;
    int ln = 0, rc = 0, last = 0;
    const char *why = NULL;
    while (rc == 0 && !why && (len = fio_getline(&text, &pos, &buf, &bcap)) >= 0) {
        ln++;
        if (buf[len - 1] != '\n')
            break; /* cut in the middle of a line: truncated */
        if (ln == 1) {
            if (strncmp(buf, magic, sizeof magic - 1) != 0)
                why = "not a sweep part (its first line is not '# gcnsim sweep part 1: ...')";
            else if (!parse_magic(buf, p))
                why = "a damaged first line (its shard, split or run counts are out of range or disagree)";
            continue;
        }
        if (p->complete) {
            why = "a line after the end line";
        } else if (strcmp(buf, "# end\n") == 0) {
            if (p->nrecs != p->nruns)
                why = "the end line comes before every run of the shard";
            p->complete = true;
        } else if (buf[0] != '#') {
            if (p->header || p->nrecs) {
                why = "a CSV line that is not the row of a '# line L: ok' record";
            } else {
                pos -= (size_t)len; /* the header is a CSV record: it may span lines */
                ln--;
                long hl = get_record(&text, &pos, &buf, &bcap, &ln);
                if (hl == -2)
                    rc = 3;
                else if (hl < 0)
                    break;
                else if (!(p->header = strdup(buf)))
                    rc = 3;
            }
        } else {
            int line = 0, status = 0, used = 0;
            if (sscanf(buf, "# line %d: ok%n", &line, &used) == 1 && buf[used] == '\n' && line > 0) {
                long rl = get_record(&text, &pos, &buf, &bcap, &ln);
                if (rl == -2) {
                    rc = 3;
                    break;
                }
                if (rl < 0)
                    break; /* the row was cut off: truncated */
                if (buf[0] == '#' || !p->header)
                    why = "a '# line L: ok' record without its CSV row (or before the header)";
                else
                    rc = add_rec(p, line, 0, buf, (size_t)rl, &cap);
            } else if (sscanf(buf, "# line %d: failed, exit %d: %n", &line, &status, &used) == 2 && used > 0 && status > 0 &&
                       line > 0) {
                rc = add_rec(p, line, status, buf + used, strcspn(buf + used, "\n"), &cap);
            } else {
                why = "not a record of a sweep part ('# line L: ok', '# line L: failed, exit S: ...' or '# end')";
            }
            if (!why && rc == 0) {
                if (line <= last)
                    why = "its records are not in the order of LIST's lines";
                else if (p->nrecs > p->nruns)
                    why = "more records than the runs of its shard";
                last = line;
            }
        }
    }
    free(buf);
    fio_text_free(&text);
    if (rc == 0 && !why && ln == 0)
        why = "empty, not a sweep part";
    if (why) {
        fprintf(err, "%s:%d: error: %s\n", path, ln, why);
        rc = 1;
    }
    if (rc == 3)
        fputs("gcnsim: out of memory\n", err);
    return rc;
}

int sweep_parts_check(sweep_part_t *parts, size_t n, FILE *err)
{
    int nerr = 0;
    const sweep_part_t *first = &parts[0];
    const sweep_part_t **by_shard = calloc((size_t)first->nshards + 1, sizeof *by_shard);
    if (!by_shard) {
        fputs("gcnsim: out of memory\n", err);
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        const sweep_part_t *p = &parts[i];
        if (p->hash != first->hash || p->nshards != first->nshards || p->total != first->total) {
            fprintf(err, "%s: error: a part of another LIST or split (list %016" PRIx64 " of %s in %d shards; %s is "
                    "list %016" PRIx64 " of %s in %d shards)\n", p->path, p->hash, p->list, p->nshards, first->path,
                    first->hash, first->list, first->nshards);
            nerr++;
            continue;
        }
        if (by_shard[p->shard]) {
            fprintf(err, "%s: error: shard %d of %d is given twice (also %s)\n", p->path, p->shard, p->nshards,
                    by_shard[p->shard]->path);
            nerr++;
            continue;
        }
        by_shard[p->shard] = p;
        if (!p->complete) {
            fprintf(err, "%s: error: truncated: shard %d of %d ends after %zu of its %zu runs (no end line); "
                    "rerun the rest with --resume\n", p->path, p->shard, p->nshards, p->nrecs, p->nruns);
            nerr++;
        }
        const char *h = first->header;
        for (size_t k = 0; k < i && !h; k++)
            h = parts[k].header;
        if (p->header && h && strcmp(p->header, h) != 0) {
            fprintf(err, "%s: error: its CSV header differs from the other parts' (a part of another gcnsim?)\n", p->path);
            nerr++;
        }
    }
    /* The first few missing shards by name, then their count: a part claims up to
     * SWEEP_MAX_SHARDS shards, and one line each would bury the other messages. */
    int missing = 0;
    for (int s = 1; s <= first->nshards; s++)
        if (!by_shard[s] && ++missing <= SWEEP_MISSING_SHOWN)
            fprintf(err, "error: shard %d of %d of %s is missing (no part given)\n", s, first->nshards, first->list);
    if (missing > SWEEP_MISSING_SHOWN)
        fprintf(err, "error: ... %d shards of %d of %s are missing in all\n", missing, first->nshards, first->list);
    nerr += missing;
    free(by_shard);
    return nerr;
}

static int by_line(const void *a, const void *b)
{
    int x = (*(const sweep_rec_t *const *)a)->line, y = (*(const sweep_rec_t *const *)b)->line;
    return (x > y) - (x < y);
}

int sweep_parts_write(const sweep_part_t *parts, size_t n, FILE *out, bool header, size_t *rows, size_t *failed,
                      FILE *err)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += parts[i].nrecs;
    const sweep_rec_t **all = malloc((total ? total : 1) * sizeof *all);
    if (!all) {
        fputs("gcnsim: out of memory\n", err);
        return 3;
    }
    const char *h = NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < parts[i].nrecs; j++)
            all[k++] = &parts[i].recs[j];
        if (!h)
            h = parts[i].header;
    }
    qsort(all, total, sizeof *all, by_line);
    int first_fail = 0;
    *rows = *failed = 0;
    for (size_t i = 0; i < total; i++) {
        const sweep_rec_t *r = all[i];
        if (r->status == 0) {
            if (header && h)
                fputs(h, out);
            header = false;
            fputs(r->text, out);
            ++*rows;
            continue;
        }
        fprintf(err, "%s:%d: error: the run exited %d%s%s\n", parts[0].list, r->line, r->status, r->text[0] ? ": " : "",
                r->text);
        ++*failed;
        if (!first_fail)
            first_fail = r->status;
    }
    free(all);
    return first_fail;
}

int sweep_merge_into(sweep_part_t *parts, size_t n, const char *csv, FILE *err)
{
    int nerr = sweep_parts_check(parts, n, err);
    if (nerr) {
        fprintf(err, "gcnsim: sweep merge: %d problem%s; nothing written to %s\n", nerr, nerr == 1 ? "" : "s", csv);
        return 1;
    }
    fio_out_t o;
    char msg[256];
    if (!fio_out_open_append(&o, csv, msg, sizeof msg)) {
        fprintf(err, "gcnsim: error: cannot write '%s': %s\n", csv, msg);
        return 1;
    }
    size_t rows = 0, failed = 0;
    const char *h = NULL;
    for (size_t i = 0; i < n && !h; i++)
        h = parts[i].header;
    if (ftell(o.f) != 0 && h && !sweep_csv_header_ok(csv, h, err)) {
        fio_out_abort(&o);
        return 1;
    }
    int rc = sweep_parts_write(parts, n, o.f, ftell(o.f) == 0, &rows, &failed, err);
    if (!fio_out_commit(&o, msg, sizeof msg)) {
        fprintf(err, "gcnsim: error: cannot write '%s': %s\n", csv, msg);
        return 1;
    }
    printf("merge: %zu part%s, %zu runs, %zu failed; %zu row%s appended to %s\n", n, n == 1 ? "" : "s",
           parts[0].total, failed, rows, rows == 1 ? "" : "s", csv);
    return rc;
}


bool sweep_csv_header_ok(const char *path, const char *header, FILE *err)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return true; /* a device or FIFO: nothing to compare */
    char *line = NULL;
    size_t cap = 0;
    bool same = sweep_csv_record(f, &line, &cap) > 0 && strcmp(line, header) == 0;
    fclose(f);
    free(line);
    if (!same)
        fprintf(err, "gcnsim: error: cannot append to '%s': its header line names other columns than this row's "
                "(another --set key, or a file of an older gcnsim); write to a new file\n", path);
    return same;
}

/* ---- which runs of LIST a CSV already holds (gcnsim sweep LIST --csv FILE --resume) ------------ */

typedef struct {
    UT_hash_handle hh;
    size_t count;              /* rows with this label not yet matched to a run */
    char field[];              /* the label as its CSV field is written (quoted when it must be) */
} label_rows_t;

/* A label as run_csv writes its field (RFC 4180 quoting when needed), malloc'ed. */
static char *label_field(const char *s)
{
    if (!strpbrk(s, ",\"\r\n") && s[0] != '#')
        return strdup(s);
    size_t n = 2;
    for (const char *p = s; *p; p++)
        n += 1 + (*p == '"');
    char *out = malloc(n + 1), *q = out;
    if (!out)
        return NULL;
    *q++ = '"';
    for (; *s; s++) {
        if (*s == '"')
            *q++ = '"';
        *q++ = *s;
    }
    *q++ = '"';
    *q = '\0';
    return out;
}

/* The length of a record's first field (up to its first comma outside quotes). */
static size_t first_field_len(const char *rec)
{
    bool open = false;
    size_t i = 0;
    for (; rec[i] && (open || (rec[i] != ',' && rec[i] != '\n')); i++)
        open ^= rec[i] == '"';
    return i;
}

int sweep_csv_finished(const char *path, const sweep_list_t *l, bool *finished, size_t *nfinished, FILE *err)
{
    *nfinished = 0;
    for (size_t i = 0; i < l->n; i++)
        finished[i] = false;
    FILE *f = fopen(path, "r");
    if (!f)
        return 0; /* no CSV yet: every run is to do */
    label_rows_t *rows = NULL, *e, *tmp;
    char *rec = NULL;
    size_t cap = 0;
    long len;
    int rc = 0;
    bool header = true;
    while (rc == 0 && (len = sweep_csv_record(f, &rec, &cap)) != -1) {
        if (len == -2) {
            rc = 3;
            break;
        }
        if (len == -3) {
            fprintf(err, "%s: error: a CSV record longer than %d bytes; not the CSV of a sweep, cannot resume it\n", path,
                    SWEEP_CSV_RECORD_MAX);
            rc = 1;
            break;
        }
        if (header) {
            header = false; /* compared with the runs' own header when the first row is appended */
            continue;
        }
        size_t fl = first_field_len(rec);
        HASH_FIND(hh, rows, rec, fl, e);
        if (!e) {
            if (!(e = malloc(sizeof *e + fl + 1))) {
                rc = 3;
                break;
            }
            memcpy(e->field, rec, fl);
            e->field[fl] = '\0';
            e->count = 0;
            HASH_ADD_KEYPTR(hh, rows, e->field, fl, e);
        }
        e->count++;
    }
    if (ferror(f) && rc == 0) {
        fprintf(err, "gcnsim: error: cannot read '%s' to resume it\n", path);
        rc = 1;
    }
    fclose(f);
    free(rec);
    /* Each row finishes the first run (in LIST order) with its label that has none yet. */
    for (size_t i = 0; i < l->n && rc == 0; i++) {
        char *field = label_field(l->runs[i].argv[2]);
        if (!field) {
            rc = 3;
            break;
        }
        HASH_FIND(hh, rows, field, strlen(field), e);
        if (e && e->count) {
            e->count--;
            finished[i] = true;
            ++*nfinished;
        }
        free(field);
    }
    HASH_ITER(hh, rows, e, tmp) {
        HASH_DEL(rows, e);
        free(e);
    }
    if (rc == 3)
        fputs("gcnsim: out of memory\n", err);
    return rc;
}

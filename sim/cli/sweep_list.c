/* sweep_list: a sweep's LIST; see sweep_list.h. */
#include "cli/sweep_list.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "base/fileio.h"

/* Split one line into words: blanks separate, '...' and "..." quote (no escapes inside). Returns the
 * number of words (into *out, malloc'ed), or -1 with *col set at an unterminated quote. Each word
 * gets the room of its own span only (a line of many short words must not cost its length each). */
static int split_words(const char *s, char ***out, int *col)
{
    char **w = NULL;
    int n = 0, cap = 0;
    const char *p = s;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p || *p == '\n' || *p == '\r')
            break;
        /* The word's span: up to a blank outside quotes (or an unterminated quote). */
        const char *e = p;
        while (*e && *e != ' ' && *e != '\t' && *e != '\n' && *e != '\r') {
            if (*e == '\'' || *e == '"') {
                /* s is one line: its only line break, if any, ends it (linear, however many quotes). */
                const char *close = strchr(e + 1, *e);
                if (!close) {
                    *col = (int)(e - s) + 1;
                    for (int k = 0; k < n; k++)
                        free(w[k]);
                    free(w);
                    return -1;
                }
                e = close;
            }
            e++;
        }
        char *word = malloc((size_t)(e - p) + 1), *q = word;
        if (n + 2 > cap) {
            int nc = cap ? 2 * cap : 8;
            char **nw = realloc(w, (size_t)nc * sizeof *w);
            if (!nw) {
                free(word);
                word = NULL;
            } else {
                w = nw;
                cap = nc;
            }
        }
        if (!word) {
            for (int k = 0; k < n; k++)
                free(w[k]);
            free(w);
            return -2;
        }
        while (p < e) {
            if (*p == '\'' || *p == '"') {
                char quote = *p++;
                while (*p != quote)
                    *q++ = *p++;
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
static int read_lines(const char *path, sweep_list_t *l, FILE *err)
{
    enum { LINE_MAX_LEN = 8190 };
    fio_text_t text;
    if (!fio_read_text(path, "sweep list", FIO_LIST_MAX, &text, err))
        return 1;
    char *buf = NULL;
    size_t cap = 0, pos = 0;
    int line = 0, nerr = 0;
    long len;
    while ((len = fio_getline(&text, &pos, &buf, &cap)) >= 0) {
        line++;
        if (len - (buf[len - 1] == '\n') > LINE_MAX_LEN) {
            if (++nerr <= FIO_ERRORS_MAX)
                fprintf(err, "%s:%d:1: error: line longer than %d characters\n", path, line, LINE_MAX_LEN);
            continue;
        }
        const char *t = buf + strspn(buf, " \t");
        if (*t == '#' || *t == '\n' || *t == '\r' || *t == '\0')
            continue;
        char **words = NULL;
        int col = 0, n = split_words(buf, &words, &col);
        if (n == -2) {
            fputs("gcnsim: out of memory\n", err);
            nerr++;
            break;
        }
        if (n < 0) {
            if (++nerr <= FIO_ERRORS_MAX)
                fprintf(err, "%s:%d:%d: error: unterminated quote\n", path, line, col);
            continue;
        }
        const char *bad = NULL, *where = NULL;
        int label = -1;
        /* The words are options to `run` up to a "--"; after it they are operands (a workload file
         * may begin with '-'). */
        for (int k = 0; k < n && !bad && strcmp(words[k], "--") != 0; k++) {
            where = words[k];
            if (strncmp(words[k], "label=", 6) == 0) {
                if (!words[k][6])
                    bad = "label= needs a name (label=NAME)";
                else if (label >= 0)
                    bad = "a second label= word";
                label = k;
            } else if (strncmp(words[k], "--label", 7) == 0 || strncmp(words[k], "--csv-keys", 10) == 0)
                bad = "the sweep sets --label and --csv-keys itself; name a line with a label=NAME word";
            else if (strcmp(words[k], "--csv") == 0 || strncmp(words[k], "--csv=", 6) == 0)
                bad = "--csv belongs to the sweep itself ('gcnsim sweep LIST --csv FILE'), not to its lines";
            else if (strncmp(words[k], "--csv-columns", 13) == 0) /* its row would not match the file's header */
                bad = "--csv-columns would give this line's row other columns than the sweep's file; select columns "
                      "from the file by its header line (docs/cli.md)";
            else if (strcmp(words[k], "--functional") == 0)
                bad = "--functional has no timing statistics to collect";
            else if (strncmp(words[k], "--trace-text", 12) == 0)
                bad = "--trace-text would print into the sweep's output; trace one run with 'gcnsim run'";
            else if (strcmp(words[k], "--help") == 0 || strncmp(words[k], "-h", 2) == 0)
                bad = "-h/--help would print run's help instead of a row; see 'gcnsim run --help'";
        }
        if (!bad && l->n == l->cap) {
            size_t cap = l->cap ? 2 * l->cap : 16;
            sweep_run_t *nr = realloc(l->runs, cap * sizeof *nr);
            if (!nr) {
                fputs("gcnsim: out of memory\n", err);
                nerr++;
                bad = "";
            } else {
                l->runs = nr;
                l->cap = cap;
            }
        }
        if (bad && *bad && ++nerr <= FIO_ERRORS_MAX) {
            const char *at = strstr(buf, where);
            fprintf(err, "%s:%d:%d: error: %s\n", path, line, at ? (int)(at - buf) + 1 : 1, bad);
        }
        if (bad) {
            for (int k = 0; k < n; k++)
                free(words[k]);
            free(words);
            continue;
        }
        /* argv: "run", "--label" LABEL, then the words but the label= one, with room for
         * "--csv-keys KEYS" (add_keys) and "--csv PATH" (the caller). */
        char **argv = calloc((size_t)n + 8, sizeof *argv);
        char num[16];
        snprintf(num, sizeof num, "%d", line);
        if (argv) {
            argv[0] = strdup("run");
            argv[1] = strdup("--label");
            argv[2] = label >= 0 ? strdup(words[label] + 6) : strdup(num);
        }
        if (!argv || !argv[0] || !argv[1] || !argv[2]) {
            for (int k = 0; k < n; k++)
                free(words[k]);
            free(words);
            if (argv)
                for (int k = 0; k < 3; k++)
                    free(argv[k]);
            free(argv);
            fputs("gcnsim: out of memory\n", err);
            nerr++;
            break;
        }
        int argc = 3;
        for (int k = 0; k < n; k++) {
            if (k == label)
                free(words[k]);
            else
                argv[argc++] = words[k];
        }
        free(words);
        l->runs[l->n++] = (sweep_run_t){ .line = line, .argc = argc, .argv = argv, .status = -1 };
    }
    free(buf);
    fio_text_free(&text);
    fio_more_errors(path, nerr, err);
    if (nerr)
        return 1;
    if (l->n == 0) {
        fprintf(err, "%s: error: no runs (every line is blank or a comment)\n", path);
        return 1;
    }
    return 0;
}


void sweep_list_free(sweep_list_t *l)
{
    for (size_t i = 0; i < l->n; i++) {
        for (int k = 0; k < l->runs[i].argc; k++)
            if (l->runs[i].argv[k] != l->keys) /* shared by every run, freed once below */
                free(l->runs[i].argv[k]);
        free(l->runs[i].argv);
    }
    free(l->runs);
    free(l->keys);
    memset(l, 0, sizeof *l);
}

/* The set of --set keys seen, for the union in linear time. */
typedef struct {
    UT_hash_handle hh;
    size_t len;
    char key[];
} key_seen_t;

typedef struct {
    key_seen_t *seen;
    char *text;                /* comma-separated, in first order */
    size_t len, cap;
} keys_t;

/* The key of an --set value "KEY=VALUE" added to k when new. Returns 0, -1 (out of memory). */
static int add_key(keys_t *k, const char *set)
{
    size_t len = strcspn(set, "=");
    if (len == 0)
        return 0; /* run reports the malformed --set */
    key_seen_t *e;
    HASH_FIND(hh, k->seen, set, len, e);
    if (e)
        return 0;
    if (!(e = malloc(sizeof *e + len + 1)))
        return -1;
    e->len = len;
    memcpy(e->key, set, len);
    e->key[len] = '\0';
    HASH_ADD_KEYPTR(hh, k->seen, e->key, len, e);
    if (k->len + len + 2 > k->cap) {
        size_t nc = k->cap ? 2 * k->cap : 256;
        while (nc < k->len + len + 2)
            nc *= 2;
        char *nt = realloc(k->text, nc);
        if (!nt)
            return -1;
        k->text = nt;
        k->cap = nc;
    }
    if (k->len)
        k->text[k->len++] = ',';
    memcpy(k->text + k->len, set, len);
    k->len += len;
    k->text[k->len] = '\0';
    return 0;
}

/* The union of the --set keys of every line; then "--csv-keys KEYS" into every run's argv, KEYS
 * one string shared by all. Returns 0, 1 after a message (too long), -1 (out of memory). */
static int add_keys(sweep_list_t *l, FILE *err)
{
    keys_t k = { 0 };
    int rc = 0;
    for (size_t i = 0; i < l->n && rc == 0; i++) {
        sweep_run_t *r = &l->runs[i];
        for (int a = 3; a < r->argc && rc == 0 && strcmp(r->argv[a], "--") != 0; a++) {
            const char *set = NULL;
            if (strcmp(r->argv[a], "--set") == 0 && a + 1 < r->argc)
                set = r->argv[++a];
            else if (strncmp(r->argv[a], "--set=", 6) == 0)
                set = r->argv[a] + 6;
            if (set && (rc = add_key(&k, set)) == 0 && k.len > SWEEP_KEYS_MAX) {
                int klen = (int)strcspn(set, "="), shown = klen > 40 ? 40 : klen;
                fprintf(err, "%s:%d: error: the --set keys of the sweep add up to more than %d characters with this "
                        "line's '%.*s%s' (every run is given them all as the CSV's columns); split LIST into sweeps "
                        "with fewer distinct keys\n", l->path, r->line, SWEEP_KEYS_MAX, shown, set,
                        shown < klen ? "..." : "");
                rc = 1;
            }
        }
    }
    key_seen_t *e, *tmp;
    HASH_ITER(hh, k.seen, e, tmp) {
        HASH_DEL(k.seen, e);
        free(e);
    }
    if (rc != 0 || !k.text) {
        free(k.text);
        return rc;
    }
    l->keys = k.text;
    for (size_t i = 0; i < l->n; i++) {
        sweep_run_t *r = &l->runs[i];
        char *a = strdup("--csv-keys");
        if (!a)
            return -1;
        memmove(r->argv + 5, r->argv + 3, (size_t)(r->argc - 3) * sizeof *r->argv);
        r->argv[3] = a;
        r->argv[4] = l->keys;
        r->argc += 2;
    }
    return 0;
}

static uint64_t fnv_word(uint64_t h, const char *w)
{
    for (const char *p = w;; p++) {     /* the word with its NUL */
        h = (h ^ (unsigned char)*p) * 0x100000001b3u;
        if (!*p)
            return h;
    }
}

uint64_t sweep_list_hash(const sweep_list_t *l)
{
    uint64_t h = 0xcbf29ce484222325u;
    /* The --set columns once (every run has them): time linear in LIST's size. */
    if (l->keys)
        h = fnv_word(fnv_word(h, "--csv-keys"), l->keys);
    for (size_t i = 0; i < l->n; i++) {
        char num[16];
        snprintf(num, sizeof num, "%d", l->runs[i].line);
        h = fnv_word(h, num);
        for (int k = 0; k < l->runs[i].argc; k++)
            if (l->runs[i].argv[k] != l->keys && !(k == 3 && l->keys))
                h = fnv_word(h, l->runs[i].argv[k]);
        h = (h ^ 0xffu) * 0x100000001b3u;       /* the end of a run */
    }
    return h;
}

int sweep_list_read(const char *path, sweep_list_t *l, FILE *err)
{
    memset(l, 0, sizeof *l);
    l->path = path;
    if (read_lines(path, l, err) != 0)
        return 1;
    int rc = add_keys(l, err);
    if (rc != 0) {
        if (rc < 0)
            fputs("gcnsim: out of memory\n", err);
        return 1;
    }
    l->hash = sweep_list_hash(l);
    return 0;
}

bool sweep_parse_shard(const char *text, int max, int *shard, int *nshards)
{
    char *end;
    errno = 0;
    long i = strtol(text, &end, 10);
    if (end == text || *end != '/' || errno || text[0] < '0' || text[0] > '9')
        return false;
    const char *q = end + 1;
    long n = strtol(q, &end, 10);
    if (end == q || *end || errno || q[0] < '0' || q[0] > '9' || n < 1 || n > max || i < 1 || i > n)
        return false;
    *shard = (int)i;
    *nshards = (int)n;
    return true;
}

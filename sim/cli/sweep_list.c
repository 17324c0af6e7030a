/* sweep_list: a sweep's LIST; see sweep_list.h. */
#include "cli/sweep_list.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"

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
            free(l->runs[i].argv[k]);
        free(l->runs[i].argv);
    }
    free(l->runs);
    free(l->keys);
    memset(l, 0, sizeof *l);
}

/* The key of an --set value "KEY=VALUE" (its length), added to the comma-separated *keys when new. */
static int add_key(char **keys, const char *set)
{
    size_t len = strcspn(set, "=");
    if (len == 0)
        return 0; /* run reports the malformed --set */
    size_t have = *keys ? strlen(*keys) : 0;
    for (const char *p = *keys; p && *p;) {
        size_t n = strcspn(p, ",");
        if (n == len && strncmp(p, set, len) == 0)
            return 0;
        p += n + (p[n] == ',');
    }
    char *nk = realloc(*keys, have + len + 2);
    if (!nk)
        return -1;
    if (have)
        nk[have++] = ',';
    memcpy(nk + have, set, len);
    nk[have + len] = '\0';
    *keys = nk;
    return 0;
}

/* The union of the --set keys of every line; then "--csv-keys KEYS" into every run's argv. */
static int add_keys(sweep_list_t *l)
{
    for (size_t i = 0; i < l->n; i++) {
        sweep_run_t *r = &l->runs[i];
        for (int k = 3; k < r->argc && strcmp(r->argv[k], "--") != 0; k++) {
            const char *set = NULL;
            if (strcmp(r->argv[k], "--set") == 0 && k + 1 < r->argc)
                set = r->argv[++k];
            else if (strncmp(r->argv[k], "--set=", 6) == 0)
                set = r->argv[k] + 6;
            if (set && add_key(&l->keys, set) != 0)
                return -1;
        }
    }
    if (!l->keys)
        return 0;
    for (size_t i = 0; i < l->n; i++) {
        sweep_run_t *r = &l->runs[i];
        char *a = strdup("--csv-keys"), *b = strdup(l->keys);
        if (!a || !b) {
            free(a);
            free(b);
            return -1;
        }
        memmove(r->argv + 5, r->argv + 3, (size_t)(r->argc - 3) * sizeof *r->argv);
        r->argv[3] = a;
        r->argv[4] = b;
        r->argc += 2;
    }
    return 0;
}

uint64_t sweep_list_hash(const sweep_list_t *l)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < l->n; i++) {
        char num[16];
        snprintf(num, sizeof num, "%d", l->runs[i].line);
        for (int k = -1; k < l->runs[i].argc; k++) {
            const char *w = k < 0 ? num : l->runs[i].argv[k];
            for (const char *p = w;; p++) {     /* each word with its NUL */
                h = (h ^ (unsigned char)*p) * 0x100000001b3u;
                if (!*p)
                    break;
            }
        }
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
    if (add_keys(l) != 0) {
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

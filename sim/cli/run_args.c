/* run_args: gcnsim run's and check's command line (run_args.h). */
#include "cli/run_args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "load/kcompile.h"

/* A non-negative decimal integer (the whole of text). */
static bool parse_u64(const char *text, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno == ERANGE)
        return false;
    *v = n;
    return true;
}

/* --trace-limit: a positive byte count with an optional K, M or G (binary) suffix. */
static bool parse_size(const char *text, uint64_t *v)
{
    char num[32];
    size_t n = strlen(text);
    unsigned shift = 0;
    if (n == 0 || n >= sizeof num)
        return false;
    memcpy(num, text, n + 1);
    switch (num[n - 1]) {
    case 'K': case 'k': shift = 10; break;
    case 'M': case 'm': shift = 20; break;
    case 'G': case 'g': shift = 30; break;
    default: break;
    }
    if (shift)
        num[n - 1] = '\0';
    if (!parse_u64(num, v) || *v == 0 || *v > UINT64_MAX >> shift)
        return false;
    *v <<= shift;
    return true;
}

/* --trace-cycles FROM:TO, FROM: or :TO (inclusive). */
static bool parse_cycle_range(const char *text, uint64_t *from, uint64_t *to)
{
    const char *colon = strchr(text, ':');
    if (!colon || colon[1] == ':' || (colon == text && colon[1] == '\0'))
        return false;
    char lo[32];
    size_t n = (size_t)(colon - text);
    if (n >= sizeof lo)
        return false;
    memcpy(lo, text, n);
    lo[n] = '\0';
    *from = 0;
    *to = UINT64_MAX;
    if ((n && !parse_u64(lo, from)) || (colon[1] && !parse_u64(colon + 1, to)))
        return false;
    return *from <= *to;
}


enum {
    OPT_CONFIG = 256, OPT_DUMP, OPT_DUMP_INIT, OPT_SET, OPT_MAX_INSTRUCTIONS, OPT_JSON, OPT_FUNCTIONAL,
    OPT_TICK_EVERY_CYCLE, OPT_TRACE, OPT_PER_PC, OPT_CSV, OPT_TRACE_ISSUES, OPT_TRACE_MEM, OPT_TRACE_TEXT, OPT_TRACE_CYCLES,
    OPT_TRACE_WAVE, OPT_MAX_CYCLES, OPT_TRACE_LIMIT, OPT_HAZARDS, OPT_LABEL, OPT_CSV_KEYS,
    OPT_CSV_COLUMNS, OPT_MACHINE
};

/* In the order the nearest name is chosen among equally near ones. */
static const struct option run_options[] = {
    { "config", required_argument, NULL, OPT_CONFIG },
    { "dump", required_argument, NULL, OPT_DUMP },
    { "dump-init", required_argument, NULL, OPT_DUMP_INIT },
    { "set", required_argument, NULL, OPT_SET },
    { "max-instructions", required_argument, NULL, OPT_MAX_INSTRUCTIONS },
    { "json", required_argument, NULL, OPT_JSON },
    { "functional", no_argument, NULL, OPT_FUNCTIONAL },
    { "tick-every-cycle", no_argument, NULL, OPT_TICK_EVERY_CYCLE },
    { "help", no_argument, NULL, 'h' },
    { "trace", required_argument, NULL, OPT_TRACE },
    { "per-pc", no_argument, NULL, OPT_PER_PC },
    { "csv", required_argument, NULL, OPT_CSV },
    { "trace-issues", no_argument, NULL, OPT_TRACE_ISSUES },
    { "trace-mem", no_argument, NULL, OPT_TRACE_MEM },
    { "trace-text", optional_argument, NULL, OPT_TRACE_TEXT }, /* only --trace-text=FILE takes FILE */
    { "trace-cycles", required_argument, NULL, OPT_TRACE_CYCLES },
    { "trace-wave", required_argument, NULL, OPT_TRACE_WAVE },
    { "max-cycles", required_argument, NULL, OPT_MAX_CYCLES },
    { "trace-limit", required_argument, NULL, OPT_TRACE_LIMIT },
    { "label", required_argument, NULL, OPT_LABEL },
    { "csv-keys", required_argument, NULL, OPT_CSV_KEYS },
    { "hazards", required_argument, NULL, OPT_HAZARDS },
    { "csv-columns", required_argument, NULL, OPT_CSV_COLUMNS },
    { "machine", required_argument, NULL, OPT_MACHINE },
    { NULL, 0, NULL, 0 },
};

/* gcnsim check: the workload and machine options of run. */
static const struct option check_options[] = {
    { "config", required_argument, NULL, OPT_CONFIG },
    { "set", required_argument, NULL, OPT_SET },
    { "max-instructions", required_argument, NULL, OPT_MAX_INSTRUCTIONS },
    { "max-cycles", required_argument, NULL, OPT_MAX_CYCLES },
    { "help", no_argument, NULL, 'h' },
    { "machine", required_argument, NULL, OPT_MACHINE },
    { NULL, 0, NULL, 0 },
};

/* `gcnsim run k.cl`: a bare source says nothing of the grid, the buffers or the arguments, so the
 * workload that names it is what runs (docs/workloads.md, "Kernels in OpenCL C or HIP"); one beside
 * it with the same stem is suggested. */
static int source_not_workload(const char *src)
{
    char ini[4096];
    const char *dot = strrchr(src, '.');
    snprintf(ini, sizeof ini, "%.*s.ini", (int)(dot - src), src);
    FILE *f = fopen(ini, "r");
    fprintf(stderr, "gcnsim: '%s' is a kernel source; run takes a workload file that names it (source = %s) and gives "
            "the grid, workgroup, buffers and arguments (docs/workloads.md)", src, strrchr(src, '/') ? strrchr(src, '/') + 1 : src);
    if (f) {
        fclose(f);
        fprintf(stderr, "; did you mean 'gcnsim run %s'?", ini);
    }
    fputc('\n', stderr);
    return 1;
}

int run_args_parse(int argc, char **argv, run_args_t *a)
{
    static const int nonempty[] = { OPT_CONFIG, OPT_JSON, OPT_CSV, OPT_TRACE, OPT_CSV_KEYS, OPT_MACHINE, 0 };
    cli_opts_t spec = { "run", "run", run_options, NULL, 2, false, nonempty, stderr };
    bool hazards_given = false;
    if (a->so.check) {
        spec.cmd = "check";
        spec.label = "check";
        spec.opts = check_options;
    }
    bool trace_filter = false, trace_limit = false;
    cli_getopt_t g;
    cli_getopt_start(&g, &spec, argc - 1, argv + 1);
    for (int c; (c = cli_getopt(&g)) != CLI_OPT_END;) {
        const char *v = g.arg;
        switch (c) {
        case CLI_OPT_ERROR:
            return 1;
        case 'h':
            fputs(a->so.check ? cli_usage_check : cli_usage_run, stdout);
            return 0;
        case CLI_OPT_OPERAND:
            if (a->ini)
                return a->so.check ? cli_usage_error("check ", "check takes one workload file; '%s' is a second one", v)
                                   : cli_usage_error("run ", "run takes one workload file; '%s' is a second one", v);
            a->ini = v;
            break;
        case OPT_HAZARDS:
            if (strcmp(v, "warn") == 0)
                a->so.hazards = HZ_MODE_WARN;
            else if (strcmp(v, "off") == 0)
                a->so.hazards = HZ_MODE_OFF;
            else if (strcmp(v, "error") == 0)
                a->so.hazards = HZ_MODE_ERROR;
            else
                return cli_usage_error("run ", "--hazards expects off, warn or error, got '%s'", v);
            hazards_given = true;
            break;
        case OPT_FUNCTIONAL:
            a->functional = true;
            break;
        case OPT_TICK_EVERY_CYCLE:
            a->tick_every_cycle = true;
            break;
        case OPT_JSON:
            a->json_path = v;
            break;
        case OPT_PER_PC:
            a->so.per_pc = true;
            break;
        case OPT_CSV:
            a->so.csv_path = v;
            break;
        case OPT_DUMP_INIT:
            if (!run_dump_add(&a->inits, &a->ninits, v, "--dump-init"))
                return 1;
            break;
        case OPT_DUMP:
            if (!run_dump_add(&a->dumps, &a->ndumps, v, "--dump"))
                return 1;
            break;
        case OPT_SET:
            a->sets[a->nsets++] = v;
            break;
        case OPT_CONFIG:
            a->config_path = v;
            break;
        case OPT_MACHINE:
            a->machine = v;
            break;
        case OPT_MAX_INSTRUCTIONS:
            if (!parse_u64(v, &a->opt.max_instructions) || a->opt.max_instructions == 0)
                return cli_usage_error("run ", "--max-instructions expects a positive integer, got '%s'", v);
            break;
        case OPT_MAX_CYCLES:
            if (!parse_u64(v, &a->max_cycles) || a->max_cycles == 0)
                return cli_usage_error("run ", "--max-cycles expects a positive integer, got '%s'", v);
            break;
        case OPT_TRACE_TEXT:
            a->tr.text = true;
            a->tr.text_path = v;
            if (v && !*v)
                return cli_usage_error("run ", "%s", "--trace-text=FILE needs a file name");
            break;
        case OPT_TRACE_MEM:
            a->tr.mem = true;
            break;
        case OPT_TRACE_ISSUES:
            a->tr.issues = true;
            break;
        case OPT_TRACE_LIMIT:
            if (!parse_size(v, &a->tr.limit))
                return cli_usage_error("run ", "--trace-limit expects a positive byte count with an optional K, M or G suffix, got '%s'", v);
            trace_limit = true;
            break;
        case OPT_TRACE_CYCLES:
            if (!parse_cycle_range(v, &a->tr.from, &a->tr.to))
                return cli_usage_error("run ", "--trace-cycles expects FROM:TO (cycles, FROM <= TO; either may be omitted), got '%s'", v);
            trace_filter = true;
            break;
        case OPT_TRACE_WAVE:
            if (!parse_u64(v, &a->tr.wave))
                return cli_usage_error("run ", "--trace-wave expects a wave number (0, 1, ...), got '%s'", v);
            a->tr.one_wave = trace_filter = true;
            break;
        case OPT_TRACE:
            a->tr.path = v;
            break;
        case OPT_LABEL:
            a->label = v;
            break;
        case OPT_CSV_KEYS:
            a->csv_keys = v;
            break;
        case OPT_CSV_COLUMNS:
            a->csv_names = v;
            break;
        default:
            return 3; /* an option in the table without its case */
        }
    }
    if (!a->ini)
        return a->so.check ? cli_usage_error("check ", "%s", "check needs a workload file: gcnsim check WORKLOAD.ini")
                           : cli_usage_error("run ", "%s", "run needs a workload file: gcnsim run WORKLOAD.ini");
    if (a->functional && hazards_given && a->so.hazards != HZ_MODE_OFF)
        return cli_usage_error("run ", "%s", "--hazards checks the timing model; it cannot be used with --functional "
                               "(which has no time: every result is in place at issue)");
    if (kcompile_lang(a->ini) != KCOMPILE_NONE)
        return source_not_workload(a->ini);
    if ((a->label || a->csv_keys || a->csv_names) && !a->so.csv_path)
        return cli_usage_error("run ", "%s", a->label ? "--label names the CSV row; add --csv FILE"
                                             : a->csv_keys ? "--csv-keys chooses CSV columns; add --csv FILE"
                                                           : "--csv-columns chooses CSV columns; add --csv FILE");
    if (trace_limit && !a->tr.path)
        return cli_usage_error("run ", "%s", "--trace-limit needs --trace FILE");
    if (a->tr.issues && !a->tr.path)
        return cli_usage_error("run ", "%s", "--trace-issues needs --trace FILE");
    if (a->tr.mem && !a->tr.path)
        return cli_usage_error("run ", "%s", "--trace-mem needs --trace FILE");
    if (trace_filter && !a->tr.text)
        return cli_usage_error("run ", "%s", "--trace-cycles and --trace-wave filter --trace-text; add --trace-text");
    {
        int to_stdout = (a->json_path && strcmp(a->json_path, "-") == 0) + (a->so.csv_path && strcmp(a->so.csv_path, "-") == 0) +
                        (a->tr.text && !a->tr.text_path);
        if (to_stdout > 1)
            return cli_usage_error("run ", "%s", "only one of --json -, --csv - and --trace-text (without =FILE) can write "
                                   "to standard output");
    }
    if (a->functional && a->max_cycles)
        return cli_usage_error("run ", "%s", "--max-cycles limits the timing model; it cannot be used with --functional "
                               "(use --max-instructions)");
    if (a->functional && (a->tr.path || a->tr.text))
        return cli_usage_error("run ", "%s", "--trace and --trace-text record the timing model; they cannot be used with --functional");
    return -1;
}


/* Whether text (an --set option, "KEY=VALUE") sets key. */
static bool sets_key(const char *text, const char *key)
{
    size_t n = strcspn(text, "=");
    return n == strlen(key) && strncmp(text, key, n) == 0;
}

int run_args_csv_columns(run_args_t *a, csv_cols_t *c)
{
    a->so.id.label = a->label ? a->label : "";
    if (!a->so.csv_path)
        return -1;
    const char *src = a->csv_keys;
    size_t cap = a->nsets + 1;
    if (src)
        for (const char *p = src; *p; p++)
            cap += *p == ',';
    c->keys = calloc(cap, sizeof *c->keys);
    c->values = calloc(cap, sizeof *c->values);
    size_t total = src ? strlen(src) + 1 : 1;
    for (size_t i = 0; i < a->nsets; i++)
        total += strlen(a->sets[i]) + 1;
    c->store = malloc(total);
    if (!c->keys || !c->values || !c->store) {
        fputs("gcnsim: out of memory\n", stderr);
        return 3;
    }
    size_t n = 0;
    char *w = c->store;
    if (src) {
        for (const char *p = src;;) {
            size_t len = strcspn(p, ",");
            memcpy(w, p, len);
            w[len] = '\0';
            if (len == 0)
                return cli_usage_error("run ", "--csv-keys expects KEY,KEY,... (section.key names), got '%s'", src);
            for (size_t k = 0; k < n; k++)
                if (strcmp(c->keys[k], w) == 0)
                    return cli_usage_error("run ", "--csv-keys names '%s' twice", w);
            c->keys[n++] = w;
            w += len + 1;
            if (!p[len])
                break;
            p += len + 1;
        }
    }
    for (size_t i = 0; i < a->nsets; i++) {
        size_t k = 0;
        while (k < n && !sets_key(a->sets[i], c->keys[k]))
            k++;
        if (k == n && src) {
            fprintf(stderr, "gcnsim: --set '%s': its key is not among --csv-keys '%s' (see 'gcnsim run --help')\n",
                    a->sets[i], src);
            return 1;
        }
        if (k == n) {
            size_t len = strcspn(a->sets[i], "=");
            memcpy(w, a->sets[i], len);
            w[len] = '\0';
            c->keys[n++] = w;
            w += len + 1;
        }
        const char *eq = strchr(a->sets[i], '=');
        c->values[k] = eq ? eq + 1 : ""; /* the last --set of a key wins, as it does for the run */
    }
    a->so.id.keys = c->keys;
    a->so.id.values = c->values;
    a->so.id.nkeys = n;
    if (!a->csv_names)
        return -1;
    size_t nc = 1;
    for (const char *p = a->csv_names; *p; p++)
        nc += *p == ',';
    if (!(c->names = strdup(a->csv_names)) || !(c->columns = calloc(nc, sizeof *c->columns))) {
        fputs("gcnsim: out of memory\n", stderr);
        return 3;
    }
    nc = 0;
    for (char *tok = c->names, *next; tok; tok = next) {
        if ((next = strchr(tok, ',')))
            *next++ = '\0';
        if (!*tok)
            return cli_usage_error("run ", "--csv-columns expects NAME,NAME,... (header names), got '%s'", a->csv_names);
        c->columns[nc++] = tok;
    }
    a->so.id.columns = c->columns;
    a->so.id.ncolumns = nc;
    int rc = run_csv_check_columns(&a->so.id, stderr);
    return rc ? rc : -1;
}

void run_args_free(run_args_t *a, csv_cols_t *c)
{
    for (size_t i = 0; i < a->ndumps; i++)
        free((void *)a->dumps[i].name);
    for (size_t i = 0; i < a->ninits; i++)
        free((void *)a->inits[i].name);
    free(a->dumps);
    free(a->inits);
    free(c->store);
    free(c->keys);
    free(c->values);
    free(c->names);
    free(c->columns);
}

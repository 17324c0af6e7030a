/* gcnsim's command line: run, asm, config, help. Exit codes: 0 success, 1 bad input or usage, 2 the
 * simulated program faulted, 3 internal error (docs/cli.md). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "asm.h"
#include "config.h"
#include "launch.h"
#include "occ_report.h"
#include "report.h"
#include "progress.h"
#include "stats.h"
#include "timing.h"
#include "trace.h"

#define GCNSIM_VERSION "0.1.0"

static const char usage_main[] =
    "usage: gcnsim COMMAND [OPTIONS]\n"
    "\n"
    "gcnsim simulates AMD GCN3 (gfx803) compute units running real GCN assembly.\n"
    "\n"
    "commands:\n"
    "  run WORKLOAD.ini   launch the kernel a workload file describes and report the result\n"
    "  asm KERNEL.s       assemble a file; print each kernel's resources and a listing\n"
    "  config --dump      print the machine configuration as a loadable INI file\n"
    "  occupancy KERNEL.s|WORKLOAD.ini, or --vgprs N --sgprs N --lds BYTES --workgroup N\n"
    "                     occupancy analysis: per-resource limits, limiter, what to save\n"
    "  trace export --perfetto TRACE OUT.json\n"
    "                     convert a binary trace (run --trace) to Chrome Trace Event JSON\n"
    "  help [COMMAND]     show this help, or a command's\n"
    "\n"
    "options:\n"
    "  -h, --help         show help (also: gcnsim COMMAND --help)\n"
    "  --version          print the version\n"
    "\n"
    "exit status: 0 success, 1 bad input or usage, 2 the simulated program faulted, 3 internal error.\n"
    "Documentation: docs/cli.md, docs/workloads.md, docs/config.md, docs/errors.md.\n";

static const char usage_run[] =
    "usage: gcnsim run WORKLOAD.ini [OPTIONS]\n"
    "\n"
    "Launch the kernel described by WORKLOAD.ini (docs/workloads.md) on the cycle-level model of the\n"
    "machine (docs/config.md) and print a report: cycles, instructions per unit and IPC, VALU busy per\n"
    "SIMD, issue slots by what the waves did, theoretical occupancy and its limiter, measured occupancy,\n"
    "the dispatch limiter counters, and each buffer's first values and checksum (docs/report.md).\n"
    "\n"
    "options:\n"
    "  --config FILE             the machine configuration (docs/config.md); default: the built-in\n"
    "                            defaults, which equal sim/configs/fiji.ini\n"
    "  --dump NAME=PATH          write buffer NAME's final contents to PATH (raw little-endian bytes)\n"
    "  --dump-init NAME=PATH     write buffer NAME's contents at launch to PATH\n"
    "  --set SECTION.KEY=VALUE   override a workload key (kernel.grid=1024, buffer.x.count=16,\n"
    "                            args.n=u32:16) or a configuration key (cu.wave_slots=8)\n"
    "  --max-instructions N      fault after N wave instructions (default 100000000)\n"
    "  --json FILE               also write the statistics as a JSON object (docs/report.md)\n"
    "  --per-pc                  add the per-instruction table (executions, cycles to issue, slots\n"
    "                            by stall reason, disassembly) to the report and the JSON\n"
    "  --csv FILE                append one row of key results to FILE for sweeps (a header line\n"
    "                            first when FILE is new or empty; columns: docs/cli.md)\n"
    "  --functional              functional simulation only: results, no timing\n"
    "  --tick-every-cycle        debug: step every CU every cycle instead of only when it has work\n"
    "                            (the results are identical; it is only slower)\n"
    "  --trace FILE              write a binary trace of wave states, workgroups and dispatch\n"
    "                            refusals (docs/trace-format.md; view: gcnsim trace export)\n"
    "  --trace-issues            with --trace: also record every issued instruction\n"
    "  --trace-text[=FILE]       print one line per issued instruction (cycle, CU, SIMD, wave,\n"
    "                            workgroup, PC, instruction) to stdout, or to FILE\n"
    "  --trace-cycles FROM:TO    with --trace-text: only cycles FROM to TO (inclusive; either may\n"
    "                            be omitted)\n"
    "  --trace-wave N            with --trace-text: only wave N (global launch order, from 0)\n"
    "  -h, --help                show this help\n"
    "Options may also be written --option=VALUE. --dump, --dump-init and --set may repeat.\n"
    "\n"
    "exit status: 0 success, 1 bad input or usage, 2 the simulated program faulted, 3 internal error.\n";

static const char usage_asm[] =
    "usage: gcnsim asm KERNEL.s\n"
    "\n"
    "Assemble KERNEL.s (llvm-mc syntax for gfx803). On success print, for each kernel, its resource\n"
    "usage (VGPRs, SGPRs, static LDS), the descriptor's enables, the arguments from .amdgpu_metadata\n"
    "and a listing: byte offset, encoding size, instruction, source line. On error print every\n"
    "diagnostic as file:line:col: error: ... and exit 1.\n"
    "\n"
    "options:\n"
    "  -h, --help   show this help\n";

static const char usage_config[] =
    "usage: gcnsim config --dump [--config FILE] [--set SECTION.KEY=VALUE]...\n"
    "\n"
    "Print the effective machine configuration as an INI file with every key, its unit and its\n"
    "meaning: the built-in defaults (equal to sim/configs/fiji.ini), or FILE, with the overrides\n"
    "applied and checked. 'gcnsim config --dump > my.ini' then '--config my.ini' reproduces it.\n"
    "Keys, defaults and sources: docs/config.md.\n"
    "\n"
    "options:\n"
    "  --dump                    print the configuration (required)\n"
    "  --config FILE             start from FILE instead of the built-in defaults\n"
    "  --set SECTION.KEY=VALUE   override one key, e.g. --set cu.wave_slots=8 (repeatable)\n"
    "  -h, --help                show this help\n";

static const char usage_help[] =
    "usage: gcnsim help [COMMAND]\n"
    "\n"
    "Show the general help, or the help of COMMAND (run, asm, config, occupancy, trace, help).\n";

static const char usage_trace[] =
    "usage: gcnsim trace export --perfetto TRACE OUT.json\n"
    "\n"
    "Convert a binary trace written by 'gcnsim run --trace TRACE' into Chrome Trace Event JSON that\n"
    "Perfetto (ui.perfetto.dev) and chrome://tracing open: a process per CU with a thread per SIMD\n"
    "wave slot (wave states as slices, issued instructions as instants with --trace-issues), a\n"
    "'dispatch' thread (why the CU took no workgroup), workgroups as slices, and the resident waves\n"
    "per CU as a counter. Times are microseconds at the traced clock (docs/trace-format.md).\n"
    "The trace is validated as it is read: a truncated or corrupted trace is an error (exit 1).\n"
    "\n"
    "options:\n"
    "  --perfetto   the output format (the only one so far; required)\n"
    "  -h, --help   show this help\n";

typedef struct {
    const char *name;
    const char *path;
} dump_t;

static int usage_error(const char *cmd, const char *fmt, const char *arg)
{
    fputs("gcnsim: ", stderr);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see 'gcnsim %s--help')\n", cmd);
    return 1;
}

static const char *suggest(const char *word, const char *const *cands, size_t n)
{
    const char *best = NULL;
    unsigned bd = 3;
    for (size_t i = 0; i < n; i++) {
        unsigned d = wl_edit_distance(word, cands[i]);
        if (d < bd) {
            bd = d;
            best = cands[i];
        }
    }
    return best;
}

/* --opt VALUE or --opt=VALUE; returns the value or NULL when `arg` is not this option. */
static const char *opt_value(const char *opt, int argc, char **argv, int *i, bool *missing)
{
    size_t n = strlen(opt);
    const char *a = argv[*i];
    if (strncmp(a, opt, n) != 0)
        return NULL;
    if (a[n] == '=')
        return a + n + 1;
    if (a[n] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*i];
}

static bool add_dump(dump_t **v, size_t *n, const char *text, const char *opt)
{
    const char *eq = strchr(text, '=');
    if (!eq || eq == text || eq[1] == '\0') {
        fprintf(stderr, "gcnsim: %s expects NAME=PATH, got '%s'\n", opt, text);
        return false;
    }
    dump_t *nv = realloc(*v, (*n + 1) * sizeof **v);
    if (!nv)
        return false;
    *v = nv;
    char *name = malloc((size_t)(eq - text) + 1);
    if (!name)
        return false;
    memcpy(name, text, (size_t)(eq - text));
    name[eq - text] = '\0';
    nv[*n].name = name;
    nv[*n].path = eq + 1;
    ++*n;
    return true;
}

static int find_buf(const wl_workload_t *wl, const char *name)
{
    for (uint32_t i = 0; i < wl->nbuffers; i++)
        if (strcmp(wl->buffers[i].name, name) == 0)
            return (int)i;
    return -1;
}

static bool check_dumps(const wl_workload_t *wl, const dump_t *d, size_t n, const char *opt)
{
    for (size_t i = 0; i < n; i++)
        if (find_buf(wl, d[i].name) < 0) {
            const char *names[64];
            size_t nn = 0;
            for (uint32_t j = 0; j < wl->nbuffers && nn < 64; j++)
                names[nn++] = wl->buffers[j].name;
            const char *s = suggest(d[i].name, names, nn);
            fprintf(stderr, "gcnsim: %s %s=...: the workload has no buffer '%s'", opt, d[i].name, d[i].name);
            if (s)
                fprintf(stderr, "; did you mean '%s'?\n", s);
            else
                fputc('\n', stderr);
            return false;
        }
    return true;
}

static bool write_dumps(const launch_t *L, const dump_t *d, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const launch_buffer_t *b = &L->bufs[find_buf(L->wl, d[i].name)];
        FILE *f = fopen(d[i].path, "wb");
        if (!f || fwrite(b->data, 1, (size_t)b->bytes, f) != b->bytes) {
            fprintf(stderr, "gcnsim: cannot write buffer '%s' to '%s': %s\n", d[i].name, d[i].path, strerror(errno));
            if (f)
                fclose(f);
            return false;
        }
        if (fclose(f) != 0) {
            fprintf(stderr, "gcnsim: cannot write buffer '%s' to '%s': %s\n", d[i].name, d[i].path, strerror(errno));
            return false;
        }
    }
    return true;
}

/* A --set whose name is neither a configuration key nor in a workload section: suggest the nearest
 * name of either kind. */
static void unknown_set(const char *text, const char *name)
{
    static const char *const wl_names[] = { "kernel.source", "kernel.name", "kernel.grid", "kernel.workgroup",
                                            "kernel.vgprs", "kernel.lds" };
    enum { NWL = sizeof wl_names / sizeof wl_names[0] };
    char store[128][64];
    const char *names[128 + NWL];
    size_t n = 0;
    for (unsigned i = 0; i < cfg_nkeys && i < 128; i++) {
        snprintf(store[i], sizeof store[i], "%s.%s", cfg_keys[i].section, cfg_keys[i].key);
        names[n++] = store[i];
    }
    for (size_t i = 0; i < NWL; i++)
        names[n++] = wl_names[i];
    const char *s = wl_nearest(name, names, n);
    if (s)
        fprintf(stderr, "--set '%s': error: unknown key '%s'; did you mean '%s'?\n", text, name, s);
    else
        fprintf(stderr, "--set '%s': error: unknown key '%s' (configuration keys: docs/config.md; workload keys "
                "kernel.KEY, buffer.NAME.KEY, args.NAME: docs/workloads.md)\n", text, name);
}

/* The machine configuration: defaults or a file, then the --set options that name configuration keys.
 * Other --set options go to wl_sets (workload sections) when allow_wl, else they are errors.
 * Returns 0, or 1 after printing every problem. */
static int load_config(cfg_t *cfg, const char *path, const char **sets, size_t nsets, const char **wl_sets,
                       size_t *nwl, bool allow_wl)
{
    int nerr = 0;
    cfg_defaults(cfg);
    if (path)
        nerr += cfg_load_file(cfg, path, stderr);
    for (size_t i = 0; i < nsets; i++) {
        char name[128];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(sets[i], "="), sets[i]);
        bool wl_section = strncmp(name, "kernel.", 7) == 0 || strncmp(name, "args.", 5) == 0 ||
                          strncmp(name, "buffer.", 7) == 0;
        if (cfg_is_key(name))
            nerr += cfg_set(cfg, sets[i], stderr) != 0;
        else if (wl_section && allow_wl)
            wl_sets[(*nwl)++] = sets[i]; /* checked, with its messages, by wl_load */
        else if (wl_section) {
            fprintf(stderr, "--set '%s': error: '%s' is a workload key; 'gcnsim config' takes configuration keys\n",
                    sets[i], name);
            nerr++;
        } else if (!strchr(sets[i], '=')) {
            nerr += cfg_set(cfg, sets[i], stderr) != 0; /* reports the expected form */
        } else {
            unknown_set(sets[i], name);
            nerr++;
        }
    }
    if (nerr == 0)
        nerr = cfg_validate(cfg, stderr);
    return nerr != 0;
}

/* The trace options of gcnsim run (--trace, --trace-issues, --trace-text and its filters). */
typedef struct {
    const char *path;          /* --trace */
    bool issues;
    bool text;                 /* --trace-text */
    const char *text_path;     /* --trace-text=FILE; NULL: stdout */
    uint64_t from, to;         /* --trace-cycles, inclusive */
    bool one_wave;             /* --trace-wave */
    uint64_t wave;
} run_trace_t;

typedef struct {
    trace_writer_t *writer;
    trace_text_t text;
    FILE *text_out;
    bool text_on;
} run_trace_state_t;

/* Open the traces the options ask for and register them as observers. Returns 0, 1 (cannot
 * write) or 3 (out of memory), after printing the problem. */
static int trace_start(run_trace_state_t *ts, const run_trace_t *tr, const launch_t *L, const cfg_t *cfg,
                       timing_options_t *topt)
{
    memset(ts, 0, sizeof *ts);
    if (topt->nobservers + (tr->path != NULL) + tr->text > TIMING_MAX_OBSERVERS) {
        fputs("gcnsim: internal error: too many event observers (TIMING_MAX_OBSERVERS)\n", stderr);
        return 3;
    }
    if (tr->path) {
        if (!(ts->writer = trace_writer_open(tr->path, L, cfg, tr->issues, stderr)))
            return 1;
        topt->observers[topt->nobservers++] = (tev_observer_t){ trace_observe, ts->writer };
    }
    if (tr->text) {
        ts->text_out = stdout;
        if (tr->text_path && !(ts->text_out = fopen(tr->text_path, "w"))) {
            fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", tr->text_path, strerror(errno));
            return 1;
        }
        if (trace_text_init(&ts->text, ts->text_out, L->kernel) != 0) {
            fputs("gcnsim: out of memory\n", stderr);
            return 3;
        }
        ts->text_on = true;
        ts->text.from = tr->from;
        ts->text.to = tr->to;
        ts->text.one_wave = tr->one_wave;
        ts->text.wave = tr->wave;
        topt->observers[topt->nobservers++] = (tev_observer_t){ trace_text_observe, &ts->text };
    }
    return 0;
}

/* Close the traces (a run that stopped early still gets a complete, readable trace file whose end
 * record says so). Returns rc, or 1 when rc was 0 and a trace could not be written. */
static int trace_finish(run_trace_state_t *ts, int rc)
{
    if (ts->writer && trace_writer_close(ts->writer, stderr) != 0 && rc == 0)
        rc = 1;
    if (ts->text_on)
        trace_text_free(&ts->text);
    if (ts->text_out && ts->text_out != stdout && fclose(ts->text_out) != 0 && rc == 0) {
        fputs("gcnsim: error: cannot write the text trace\n", stderr);
        rc = 1;
    }
    return rc;
}

/* The statistics options of gcnsim run. */
typedef struct {
    bool per_pc;               /* --per-pc */
    const char *csv_path;      /* --csv */
} run_stats_t;

/* The timing run: the statistics observer listens to the model's events; the report, the JSON
 * and the dumps are written only when the run succeeds. */
static int run_timed(launch_t *L, const cfg_t *cfg, bool tick_every_cycle, const char *json_path,
                     const dump_t *dumps, size_t ndumps, const run_trace_t *tr, const run_stats_t *so)
{
    stats_t st;
    if (stats_init(&st, cfg) != 0) {
        fputs("gcnsim: out of memory\n", stderr);
        return 3;
    }
    timing_options_t topt;
    memset(&topt, 0, sizeof topt);
    topt.tick_every_cycle = tick_every_cycle;
    topt.observers[0].fn = stats_observe;
    topt.observers[0].ctx = &st;
    topt.nobservers = 1;
    st.per_pc = so->per_pc;
    run_trace_state_t ts;
    int rc = trace_start(&ts, tr, L, cfg, &topt);
    prog_t prog;
    prog_init(&prog, stderr, prog_is_terminal(stderr), 1.0,
              (uint64_t)L->wg_count[0] * L->wg_count[1] * L->wg_count[2]);
    if (topt.nobservers < TIMING_MAX_OBSERVERS)
        topt.observers[topt.nobservers++] = (tev_observer_t){ prog_observe, &prog };
    timing_result_t res;
    if (rc == 0)
        rc = timing_run(L, cfg, &topt, &res, stderr);
    prog_finish(&prog);
    if (rc == 0 && st.oom) {
        fputs("gcnsim: out of memory\n", stderr);
        rc = 3;
    }
    rc = trace_finish(&ts, rc);
    if (rc == 0) {
        FILE *jf = NULL;
        if (json_path && !(jf = fopen(json_path, "w"))) {
            fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", json_path, strerror(errno));
            rc = 1;
        } else if (!write_dumps(L, dumps, ndumps)) {
            rc = 1;
        } else {
            stats_print(&st, L, cfg, &res, stdout);
            report_buffers(L, stdout);
            if (jf)
                stats_write_json(&st, L, cfg, &res, jf);
            if (so->csv_path && stats_write_csv(&st, L, cfg, &res, so->csv_path, stderr) != 0)
                rc = 1;
        }
        if (jf && fclose(jf) != 0) {
            fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", json_path, strerror(errno));
            rc = 1;
        }
    }
    stats_free(&st);
    return rc;
}

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

static int cmd_run(int argc, char **argv)
{
    run_trace_t tr = { NULL, false, false, NULL, 0, UINT64_MAX, false, 0 };
    bool trace_filter = false;
    const char *ini = NULL, *config_path = NULL, *json_path = NULL;
    run_stats_t so = { false, NULL };
    bool functional = false, tick_every_cycle = false;
    dump_t *dumps = NULL, *inits = NULL;
    size_t ndumps = 0, ninits = 0, nsets = 0, nwl_sets = 0;
    const char **sets = calloc((size_t)argc, sizeof *sets);
    const char **wl_sets = calloc((size_t)argc, sizeof *wl_sets);
    launch_options_t opt = { 0, 0 };
    int rc = 1;
    if (!sets || !wl_sets) {
        free(sets);
        free(wl_sets);
        return 3;
    }
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v;
        bool missing = false;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage_run, stdout);
            rc = 0;
            goto out;
        } else if (strcmp(a, "--functional") == 0) {
            functional = true;
        } else if (strcmp(a, "--tick-every-cycle") == 0) {
            tick_every_cycle = true;
        } else if ((v = opt_value("--json", argc, argv, &i, &missing))) {
            json_path = v;
        } else if (strcmp(a, "--per-pc") == 0) {
            so.per_pc = true;
        } else if ((v = opt_value("--csv", argc, argv, &i, &missing))) {
            so.csv_path = v;
        } else if ((v = opt_value("--dump-init", argc, argv, &i, &missing))) {
            if (!add_dump(&inits, &ninits, v, "--dump-init"))
                goto out;
        } else if ((v = opt_value("--dump", argc, argv, &i, &missing))) {
            if (!add_dump(&dumps, &ndumps, v, "--dump"))
                goto out;
        } else if ((v = opt_value("--set", argc, argv, &i, &missing))) {
            sets[nsets++] = v;
        } else if ((v = opt_value("--config", argc, argv, &i, &missing))) {
            config_path = v;
        } else if ((v = opt_value("--max-instructions", argc, argv, &i, &missing))) {
            char *end;
            errno = 0;
            unsigned long long n = strtoull(v, &end, 10);
            if (v[0] < '0' || v[0] > '9' || *end != '\0' || n == 0 || errno == ERANGE) {
                usage_error("run ", "--max-instructions expects a positive integer, got '%s'", v);
                goto out;
            }
            opt.max_instructions = n;
        } else if (strcmp(a, "--trace-text") == 0 || strncmp(a, "--trace-text=", 13) == 0) {
            tr.text = true;
            tr.text_path = a[12] == '=' ? a + 13 : NULL;
            if (tr.text_path && !*tr.text_path) {
                usage_error("run ", "%s", "--trace-text=FILE needs a file name");
                goto out;
            }
        } else if (strcmp(a, "--trace-issues") == 0) {
            tr.issues = true;
        } else if ((v = opt_value("--trace-cycles", argc, argv, &i, &missing))) {
            if (!parse_cycle_range(v, &tr.from, &tr.to)) {
                usage_error("run ", "--trace-cycles expects FROM:TO (cycles, FROM <= TO; either may be omitted), got '%s'", v);
                goto out;
            }
            trace_filter = true;
        } else if ((v = opt_value("--trace-wave", argc, argv, &i, &missing))) {
            if (!parse_u64(v, &tr.wave)) {
                usage_error("run ", "--trace-wave expects a wave number (0, 1, ...), got '%s'", v);
                goto out;
            }
            tr.one_wave = trace_filter = true;
        } else if ((v = opt_value("--trace", argc, argv, &i, &missing))) {
            tr.path = v;
        } else if (missing) {
            usage_error("run ", "option %s needs a value", a);
            goto out;
        } else if (a[0] == '-' && a[1] != '\0') {
            static const char *const opts[] = { "--config", "--dump", "--dump-init", "--set", "--max-instructions",
                                                "--json", "--functional", "--tick-every-cycle", "--help", "--trace", "--per-pc", "--csv",
                                                "--trace-issues", "--trace-text", "--trace-cycles", "--trace-wave" };
            const char *s = suggest(a, opts, sizeof opts / sizeof opts[0]);
            if (s)
                fprintf(stderr, "gcnsim: run: unknown option '%s'; did you mean '%s'? (see 'gcnsim run --help')\n", a, s);
            else
                usage_error("run ", "run: unknown option '%s'", a);
            goto out;
        } else if (ini) {
            usage_error("run ", "run takes one workload file; '%s' is a second one", a);
            goto out;
        } else
            ini = a;
    }
    if (!ini) {
        usage_error("run ", "%s", "run needs a workload file: gcnsim run WORKLOAD.ini");
        goto out;
    }
    if (tr.issues && !tr.path) {
        usage_error("run ", "%s", "--trace-issues needs --trace FILE");
        goto out;
    }
    if (trace_filter && !tr.text) {
        usage_error("run ", "%s", "--trace-cycles and --trace-wave filter --trace-text; add --trace-text");
        goto out;
    }
    if (functional && (tr.path || tr.text)) {
        usage_error("run ", "%s", "--trace and --trace-text record the timing model; they cannot be used with --functional");
        goto out;
    }
    cfg_t machine_cfg;
    if (load_config(&machine_cfg, config_path, sets, nsets, wl_sets, &nwl_sets, true) != 0)
        goto out;
    wl_workload_t wl;
    if (wl_load(ini, wl_sets, nwl_sets, &wl, stderr) != 0)
        goto out;
    isa_program_t prog;
    if (asm_assemble_file(wl.source, &prog, stderr) != 0) {
        fprintf(stderr, "%s:%" PRIu32 ": note: kernel source of this workload\n", wl.path, wl.source_line);
        isa_program_free(&prog);
        wl_free(&wl);
        goto out;
    }
    launch_t *L = malloc(sizeof *L);
    if (!L) {
        rc = 3;
    } else if ((rc = launch_prepare(L, &wl, &prog, &opt, stderr)) == 0) {
        if (!check_dumps(&wl, dumps, ndumps, "--dump") || !check_dumps(&wl, inits, ninits, "--dump-init") ||
            !write_dumps(L, inits, ninits))
            rc = 1;
        else if (functional && json_path) {
            usage_error("run ", "%s", "--json reports timing statistics; it cannot be used with --functional");
            rc = 1;
        } else if (functional && (so.per_pc || so.csv_path)) {
            usage_error("run ", "%s", so.per_pc ? "--per-pc reports timing statistics; it cannot be used with --functional"
                                                : "--csv reports timing statistics; it cannot be used with --functional");
            rc = 1;
        } else if ((rc = functional ? launch_run(L)
                                    : run_timed(L, &machine_cfg, tick_every_cycle, json_path, dumps, ndumps, &tr, &so)) == 2)
            launch_print_fault(L, stderr);
        else if (rc == 0 && functional) {
            if (!write_dumps(L, dumps, ndumps))
                rc = 1;
            else
                report_run(L, stdout);
        }
        launch_free(L);
    }
    free(L);
    isa_program_free(&prog);
    wl_free(&wl);
out:
    for (size_t i = 0; i < ndumps; i++)
        free((void *)dumps[i].name);
    for (size_t i = 0; i < ninits; i++)
        free((void *)inits[i].name);
    free(dumps);
    free(inits);
    free(sets);
    free(wl_sets);
    return rc;
}

static int cmd_config(int argc, char **argv)
{
    const char *path = NULL;
    bool dump = false;
    size_t nsets = 0, nwl = 0;
    const char **sets = calloc((size_t)argc, sizeof *sets);
    int rc = 1;
    if (!sets)
        return 3;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v;
        bool missing = false;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage_config, stdout);
            rc = 0;
            goto out;
        } else if (strcmp(a, "--dump") == 0) {
            dump = true;
        } else if ((v = opt_value("--config", argc, argv, &i, &missing))) {
            path = v;
        } else if ((v = opt_value("--set", argc, argv, &i, &missing))) {
            sets[nsets++] = v;
        } else if (missing) {
            usage_error("config ", "option %s needs a value", a);
            goto out;
        } else {
            static const char *const opts[] = { "--dump", "--config", "--set", "--help" };
            const char *s = a[0] == '-' ? suggest(a, opts, sizeof opts / sizeof opts[0]) : NULL;
            if (s)
                fprintf(stderr, "gcnsim: config: unknown option '%s'; did you mean '%s'? (see 'gcnsim config --help')\n", a, s);
            else
                usage_error("config ", "config: unexpected argument '%s'", a);
            goto out;
        }
    }
    if (!dump) {
        usage_error("config ", "%s", "config needs --dump: gcnsim config --dump [--config FILE] [--set SECTION.KEY=VALUE]...");
        goto out;
    }
    cfg_t cfg;
    if (load_config(&cfg, path, sets, nsets, NULL, &nwl, false) == 0) {
        cfg_dump(&cfg, stdout);
        rc = 0;
    }
out:
    free(sets);
    return rc;
}

static int cmd_asm(int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(usage_asm, stdout);
            return 0;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0')
            return usage_error("asm ", "asm: unknown option '%s'", argv[i]);
        if (path)
            return usage_error("asm ", "asm takes one file; '%s' is a second one", argv[i]);
        path = argv[i];
    }
    if (!path)
        return usage_error("asm ", "%s", "asm needs a file: gcnsim asm KERNEL.s");
    isa_program_t prog;
    int nerr = asm_assemble_file(path, &prog, stderr);
    if (nerr) {
        fprintf(stderr, "%s: %d error%s\n", path, nerr, nerr == 1 ? "" : "s");
        isa_program_free(&prog);
        return 1;
    }
    if (prog.nkernels == 0)
        printf("%s: no kernels\n", path);
    for (uint32_t i = 0; i < prog.nkernels; i++)
        report_kernel(&prog.kernels[i], stdout);
    isa_program_free(&prog);
    return 0;
}

/* gcnsim trace export --perfetto TRACE OUT.json */
static int cmd_trace(int argc, char **argv)
{
    const char *files[2] = { NULL, NULL };
    int nfiles = 0;
    bool perfetto = false;
    if (argc >= 3 && (strcmp(argv[2], "-h") == 0 || strcmp(argv[2], "--help") == 0)) {
        fputs(usage_trace, stdout);
        return 0;
    }
    if (argc < 3)
        return usage_error("trace ", "%s", "trace needs a subcommand: gcnsim trace export --perfetto TRACE OUT.json");
    if (strcmp(argv[2], "export") != 0)
        return usage_error("trace ", "trace: unknown subcommand '%s'; the subcommand is export", argv[2]);
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage_trace, stdout);
            return 0;
        } else if (strcmp(a, "--perfetto") == 0) {
            perfetto = true;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("trace ", "trace export: unknown option '%s'; the format option is --perfetto", a);
        } else if (nfiles == 2) {
            return usage_error("trace ", "trace export takes TRACE and OUT.json; '%s' is a third file", a);
        } else {
            files[nfiles++] = a;
        }
    }
    if (!perfetto)
        return usage_error("trace ", "%s", "trace export needs a format: gcnsim trace export --perfetto TRACE OUT.json");
    if (nfiles < 2)
        return usage_error("trace ", "%s", "trace export needs two files: gcnsim trace export --perfetto TRACE OUT.json");
    return trace_export_perfetto(files[0], files[1], stderr);
}

static const char *const commands[] = { "run", "asm", "config", "occupancy", "trace", "help" };

static int unknown_command(const char *c)
{
    const char *s = suggest(c, commands, sizeof commands / sizeof commands[0]);
    if (s)
        fprintf(stderr, "gcnsim: unknown command '%s'; did you mean '%s'? (see 'gcnsim --help')\n", c, s);
    else
        fprintf(stderr, "gcnsim: unknown command '%s'; commands are run, asm, config, occupancy, trace and help (see 'gcnsim --help')\n", c);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_main, stderr);
        return 1;
    }
    const char *c = argv[1];
    if (strcmp(c, "-h") == 0 || strcmp(c, "--help") == 0) {
        fputs(usage_main, stdout);
        return 0;
    }
    if (strcmp(c, "--version") == 0) {
        printf("gcnsim %s (GCN3 gfx803, functional mode)\n", GCNSIM_VERSION);
        return 0;
    }
    if (strcmp(c, "run") == 0)
        return cmd_run(argc, argv);
    if (strcmp(c, "asm") == 0)
        return cmd_asm(argc, argv);
    if (strcmp(c, "config") == 0)
        return cmd_config(argc, argv);
    if (strcmp(c, "occupancy") == 0)
        return occ_cmd(argc, argv, stdout, stderr);
    if (strcmp(c, "trace") == 0)
        return cmd_trace(argc, argv);
    if (strcmp(c, "help") == 0) {
        if (argc > 3)
            return usage_error("help ", "%s", "help takes at most one command");
        if (argc == 2 || strcmp(argv[2], "help") == 0 || strcmp(argv[2], "--help") == 0) {
            fputs(argc == 2 ? usage_main : usage_help, stdout);
            return 0;
        }
        if (strcmp(argv[2], "run") == 0)
            fputs(usage_run, stdout);
        else if (strcmp(argv[2], "asm") == 0)
            fputs(usage_asm, stdout);
        else if (strcmp(argv[2], "config") == 0)
            fputs(usage_config, stdout);
        else if (strcmp(argv[2], "occupancy") == 0)
            fputs(occ_cmd_usage, stdout);
        else if (strcmp(argv[2], "trace") == 0)
            fputs(usage_trace, stdout);
        else
            return unknown_command(argv[2]);
        return 0;
    }
    if (c[0] == '-') {
        fprintf(stderr, "gcnsim: unknown option '%s' (see 'gcnsim --help')\n", c);
        return 1;
    }
    return unknown_command(c);
}

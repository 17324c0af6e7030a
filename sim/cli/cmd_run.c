/* cmd_run: `gcnsim run`: load the workload and configuration, launch, run the timing model (or the
 * functional model with --functional) with the statistics, trace and progress observers, write the
 * report, JSON, CSV and buffer dumps. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "cli/cli.h"
#include "cli/run_args.h"
#include "cli/run_dump.h"
#include "base/fileio.h"
#include "base/interrupt.h"
#include "base/text.h"
#include "config/config.h"
#include "load/kcompile.h"
#include "load/kprogram.h"
#include "load/launch.h"
#include "observe/hazlog.h"
#include "observe/progress.h"
#include "observe/stats.h"
#include "observe/trace.h"
#include "machine/functional.h"
#include "machine/timing.h"
#include "report/report.h"
#include "report/result.h"
#include "report/run_hazards.h"
#include "report/run_csv.h"
#include "report/run_json.h"
#include "report/run_text.h"

const char cli_usage_run[] =
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
    "  --max-instructions N      fault after N wave instructions (default: no cap; a run faults when no\n"
    "                            workgroup finishes for a window that scales with the launch)\n"
    "  --max-cycles N            fault when the simulated time would pass N cycles (default: no\n"
    "                            limit; not with --functional)\n"
    "  --json FILE               also write the statistics as a JSON object (docs/report.md);\n"
    "                            FILE - writes it to stdout instead of the report\n"
    "  --per-pc                  add the per-instruction table (executions, cycles to issue, slots\n"
    "                            by stall reason, disassembly) to the report and the JSON\n"
    "  --csv FILE                append one row of key results to FILE for sweeps (a header line\n"
    "                            first when FILE is new or empty; columns: docs/cli.md); FILE -\n"
    "                            writes the header and the row to stdout instead of the report\n"
    "  --label TEXT              with --csv: the row's label column (default: empty)\n"
    "  --csv-keys K1,K2,...      with --csv: the row's --set columns, in this order (default: the\n"
    "                            keys of this run's --set options); for rows that must line up\n"
    "  --csv-columns N1,N2,...   with --csv: only these columns, by their header names, in this order\n"
    "  --functional              functional simulation only: results, no timing\n"
    "  --tick-every-cycle        debug: step every CU every cycle instead of only when it has work\n"
    "                            (the results are identical; it is only slower)\n"
    "  --hazards=MODE            the data-hazard checker (docs/architecture.md): warn (the default)\n"
    "                            lists what it finds in the report and warns; error also exits with\n"
    "                            status 2; off does not check\n"
    "  --trace FILE              write a binary trace of wave states, workgroups and dispatch\n"
    "                            refusals (docs/trace-format.md; view it with gcnviz TRACE)\n"
    "  --trace-issues            with --trace: also record every issued instruction\n"
    "  --trace-mem               with --trace: also record every memory instruction's trip (gcnviz's memory tracks)\n"
    "  --trace-limit BYTES       with --trace: stop tracing (with a warning; the run goes on) before\n"
    "                            the file passes BYTES; suffixes K, M, G (x1024); default 1G\n"
    "  --trace-text[=FILE]       print one line per issued instruction (cycle, CU, SIMD, wave,\n"
    "                            workgroup, PC, instruction) to stdout, or to FILE\n"
    "  --trace-cycles FROM:TO    with --trace-text: only cycles FROM to TO (inclusive; either may\n"
    "                            be omitted)\n"
    "  --trace-wave N            with --trace-text: only wave N (global launch order, from 0)\n"
    "  -h, --help                show this help\n"
    "Options may also be written --option=VALUE. --dump, --dump-init and --set may repeat.\n"
    "\n"
    "exit status: 0 success, 1 bad input or usage, 2 the simulated program faulted, 3 internal error.\n";


typedef struct {
    trace_writer_t *writer;
    trace_text_t text;
    FILE *text_out;            /* stdout, or text_file's */
    fio_out_t text_file;       /* --trace-text=FILE */
    const char *text_path;
    bool text_on;
    bool trace_kept, text_kept; /* the binary trace, the --trace-text=FILE, were written (trace_finish) */
} run_trace_state_t;

/* Open the traces the options ask for and register them as observers. Returns 0, 1 (cannot
 * write) or 3 (out of memory), after printing the problem. */
static int trace_start(run_trace_state_t *ts, const run_trace_t *tr, const launch_t *L, const cfg_t *cfg,
                       const run_result_t *R, timing_options_t *topt)
{
    memset(ts, 0, sizeof *ts);
    if (topt->nobservers + (tr->path != NULL) + tr->text > TIMING_MAX_OBSERVERS) {
        fputs("gcnsim: internal error: too many event observers (TIMING_MAX_OBSERVERS)\n", stderr);
        return 3;
    }
    if (tr->path) {
        if (!(ts->writer = trace_writer_open(tr->path, L, cfg, &R->occ[0].res, (tr->issues ? TRACE_FLAG_ISSUES : 0u) | (tr->mem ? TRACE_FLAG_MEM : 0u), stderr)))
            return 1;
        trace_writer_set_limit(ts->writer, tr->limit);
        topt->observers[topt->nobservers++] = (tev_observer_t){ trace_observe, ts->writer };
    }
    if (tr->text) {
        ts->text_out = stdout;
        char msg[256];
        if (tr->text_path) {
            if (!fio_out_open(&ts->text_file, tr->text_path, msg, sizeof msg)) {
                fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", tr->text_path, msg);
                return 1;
            }
            ts->text_out = ts->text_file.f;
            ts->text_path = tr->text_path;
        }
        if (trace_text_init(&ts->text, ts->text_out, L) != 0) {
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
    if (ts->writer) {
        ts->trace_kept = trace_writer_close(ts->writer, stderr) == 0;
        if (!ts->trace_kept && rc == 0)
            rc = 1;
    }
    if (ts->text_on)
        trace_text_free(&ts->text);
    char msg[256];
    if (ts->text_file.f) {
        ts->text_kept = fio_out_commit(&ts->text_file, msg, sizeof msg);
        if (!ts->text_kept && rc == 0) {
            fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", ts->text_path, msg);
            rc = 1;
        }
    }
    return rc;
}

/* After a signal stopped the run (rc = 128 + the signal): where it stopped and what was kept (the
 * traces, marked as stopped; no report, JSON, CSV or dump). cycle: NULL for the functional run. */
static void say_interrupted(int rc, const launch_t *L, const uint64_t *cycle, const run_trace_state_t *ts)
{
    fprintf(stderr, "gcnsim: %s", intr_describe(rc - 128));
    if (cycle)
        fprintf(stderr, " at cycle %" PRIu64, *cycle);
    fprintf(stderr, " with %" PRIu64 " of %" PRIu64 " workgroups done; ", L->workgroups_run, L->nworkgroups);
    if (ts && (ts->trace_kept || ts->text_kept))
        fprintf(stderr, "%s up to there%s; ", ts->trace_kept && ts->text_kept ? "the trace and the text trace hold the run"
                : ts->trace_kept ? "the trace holds the run" : "the text trace holds the run",
                ts->trace_kept ? " (marked as stopped)" : "");
    fputs("no report or other output was written\n", stderr);
}


/* ---- hazards: --hazards=off|warn|error and gcnsim check ---- */

/* After a timed run: report what the checker found. Returns rc, or 2 when it found something and
 * the mode says so (gcnsim check, --hazards=error). */
static int hazards_finish(const hzlog_t *g, const run_stats_t *so, const launch_t *L, int rc)
{
    if (rc != 0)
        return rc;
    if (g->oom) {
        fputs("gcnsim: out of memory\n", stderr);
        return 3;
    }
    if (so->check) {
        run_hazards_diagnostics(g, "error", stdout);
        if (g->n == 0)
            printf("%s: no hazards (%" PRIu64 " wave instructions checked)\n", L->wl->source, L->insts_total);
        else
            printf("%s: %" PRIu32 " instruction%s with hazards\n", L->wl->source, g->n, g->n == 1 ? "" : "s");
        return g->n ? 2 : 0;
    }
    if (g->n == 0)
        return 0;
    bool err = so->hazards == HZ_MODE_ERROR;
    fprintf(stderr, "gcnsim: %s: %" PRIu32 " instruction%s with data hazards (the report's hazards section; "
            "gcnsim check lists them alone)\n", err ? "error" : "warning", g->n, g->n == 1 ? "" : "s");
    return err ? 2 : 0;
}
/* ---- end of hazards ---- */

/* The timing run: each dispatch's occupancy is analysed once (the run's result), the statistics
 * observer listens to the model's events; the report, the JSON, the CSV row and the dumps are
 * rendered from the result, and only when the run succeeds. */
/* Reports are wrapped to this many columns (docs/report.md). */
enum { REPORT_WIDTH = 120 };

static int run_timed(launch_t *L, const cfg_t *cfg, bool tick_every_cycle, uint64_t max_cycles, const char *json_path,
                     const run_dump_t *dumps, size_t ndumps, const run_trace_t *tr, const run_stats_t *so)
{
    stats_t st;
    run_result_t R;
    if (run_result_init(&R, L, cfg) != 0 || stats_init(&st, cfg) != 0) {
        run_result_free(&R);
        fputs("gcnsim: out of memory\n", stderr);
        return 3;
    }
    timing_options_t topt;
    memset(&topt, 0, sizeof topt);
    hzlog_t hz;
    hzlog_init(&hz, L);
    topt.hazards = so->hazards != HZ_MODE_OFF;
    topt.occ = R.occ;
    topt.tick_every_cycle = tick_every_cycle;
    topt.max_cycles = max_cycles;
    topt.observers[0] = (tev_observer_t){ stats_observe, &st };
    topt.issue[0] = stats_issue;
    topt.state[0] = stats_state;
    topt.nobservers = 1;
    if (topt.hazards) { /* only its findings: the statistics stay the only observer of issues */
        topt.kinds[topt.nobservers] = TEV_BIT(TEV_HAZARD);
        topt.observers[topt.nobservers++] = (tev_observer_t){ hzlog_observe, &hz };
    }
    run_trace_state_t ts;
    int rc = trace_start(&ts, tr, L, cfg, &R, &topt);
    prog_t prog;
    prog_init(&prog, stderr, prog_is_terminal(stderr), 1.0,
              L->nworkgroups);
    /* Only when the line can show (a terminal): otherwise every event would call it for nothing. */
    if (prog.enabled && topt.nobservers < TIMING_MAX_OBSERVERS)
        topt.observers[topt.nobservers++] = (tev_observer_t){ prog_observe, &prog };
    timing_result_t res;
    memset(&res, 0, sizeof res);
    if (rc == 0)
        rc = timing_run(L, cfg, &topt, &res, stderr);
    prog_finish(&prog);
    if (rc == 0 && st.oom) {
        fputs("gcnsim: out of memory\n", stderr);
        rc = 3;
    }
    rc = trace_finish(&ts, rc);
    if (rc > 128)
        say_interrupted(rc, L, &res.cycles, &ts);
    if (so->check) {
        rc = hazards_finish(&hz, so, L, rc);
        timing_result_free(&res);
        stats_free(&st);
        hzlog_free(&hz);
        run_result_free(&R);
        return rc;
    }
    if (rc == 0) {
        run_result_finish(&R, &st, &res, &hz, so->per_pc);
        fio_out_t jf = { 0 };
        char msg[256];
        /* "-": that output goes to standard output, in place of the text report. */
        bool json_stdout = json_path && strcmp(json_path, "-") == 0;
        bool csv_stdout = so->csv_path && strcmp(so->csv_path, "-") == 0;
        if (json_path && !json_stdout && !fio_out_open(&jf, json_path, msg, sizeof msg)) {
            fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", json_path, msg);
            rc = 1;
        } else if (!run_dump_write(L, dumps, ndumps)) {
            rc = 1;
        } else {
            if (!json_stdout && !csv_stdout) {
                /* The report goes out with its long lines wrapped at 120 columns (txt_wrap). */
                char *text = NULL;
                size_t tlen = 0;
                FILE *mem = open_memstream(&text, &tlen);
                if (!mem) {
                    fputs("gcnsim: out of memory\n", stderr);
                    rc = 3;
                } else {
                    run_text_print(&R, mem);
                    fclose(mem);
                    txt_wrap(stdout, text, REPORT_WIDTH);
                }
                free(text);
            }
            if (json_stdout)
                run_json_write(&R, stdout);
            else if (jf.f)
                run_json_write(&R, jf.f);
            if (so->csv_path)
                rc = run_csv_write(&R, &so->id, so->csv_path, stderr);
        }
        if (jf.f && rc == 0 && !fio_out_commit(&jf, msg, sizeof msg)) {
            fprintf(stderr, "gcnsim: error: cannot write '%s': %s\n", json_path, msg);
            rc = 1;
        }
        fio_out_abort(&jf);
    }
    rc = hazards_finish(&hz, so, L, rc);
    timing_result_free(&res);
    stats_free(&st);
    hzlog_free(&hz);
    run_result_free(&R);
    return rc;
}

static int run_main(int argc, char **argv, bool check)
{
    csv_cols_t cols = { 0 };
    run_args_t a = { .tr = { .limit = (uint64_t)1 << 30, .to = UINT64_MAX } };
    a.so.check = check;
    size_t nwl_sets = 0;
    a.sets = calloc((size_t)argc, sizeof *a.sets);
    const char **wl_sets = calloc((size_t)argc, sizeof *wl_sets);
    int rc = 3;
    if (!a.sets || !wl_sets)
        goto out;
    if ((rc = run_args_parse(argc, argv, &a)) >= 0)
        goto out;
    if ((rc = run_args_csv_columns(&a, &cols)) >= 0)
        goto out;
    rc = 1;
    cfg_t machine_cfg;
    if (cli_load_config(&machine_cfg, a.config_path, a.sets, a.nsets, wl_sets, &nwl_sets, true) != 0)
        goto out;
    wl_workload_t wl;
    if (wl_load(a.ini, wl_sets, nwl_sets, &wl, stderr) != 0)
        goto out;
    /* Before anything is compiled, run or written: no output replaces an input (docs/errors.md). */
    const run_output_t outs[] = { { "--json", a.json_path }, { "--csv", a.so.csv_path }, { "--trace", a.tr.path },
                                  { "--trace-text", a.tr.text_path } };
    if (!run_outputs_check(&wl, a.config_path, outs, sizeof outs / sizeof outs[0], a.inits, a.ninits, a.dumps, a.ndumps)) {
        wl_free(&wl);
        goto out;
    }
    isa_program_t prog;
    a.opt.target = (isa_target_t)machine_cfg.gpu_target;
    if (kprogram_assemble_src(wl.source, wl.cflags[0] ? wl.cflags : NULL, a.opt.target, &prog, stderr) != 0) {
        if (!intr_caught()) /* stopped by the user: the compiler's message says so, no note needed */
            fprintf(stderr, "%s:%" PRIu32 ": note: kernel source of this workload\n", wl.path, wl.source_line);
        isa_program_free(&prog);
        wl_free(&wl);
        goto out;
    }
    launch_t *L = malloc(sizeof *L);
    if (!L) {
        rc = 3;
    } else if ((rc = launch_prepare(L, &wl, &prog, &a.opt, stderr)) == 0) {
        if (!run_dump_check(&wl, a.dumps, a.ndumps, "--dump") || !run_dump_check(&wl, a.inits, a.ninits, "--dump-init") ||
            !run_dump_write(L, a.inits, a.ninits))
            rc = 1;
        else if (a.functional && a.json_path) {
            cli_usage_error("run ", "%s", "--json reports timing statistics; it cannot be used with --functional");
            rc = 1;
        } else if (a.functional && (a.so.per_pc || a.so.csv_path)) {
            cli_usage_error("run ", "%s", a.so.per_pc ? "--per-pc reports timing statistics; it cannot be used with --functional"
                                                  : "--csv reports timing statistics; it cannot be used with --functional");
            rc = 1;
        } else if ((rc = a.functional ? functional_run(L)
                                      : run_timed(L, &machine_cfg, a.tick_every_cycle, a.max_cycles, a.json_path, a.dumps,
                                                  a.ndumps, &a.tr, &a.so)) == 2 && L->fault.kind != LAUNCH_FAULT_NONE)
            launch_print_fault(L, stderr); /* (2 without a fault: the hazards, already reported) */
        else if (rc > 128 && a.functional)
            say_interrupted(rc, L, NULL, NULL);
        else if (rc == 0 && a.functional) {
            if (!run_dump_write(L, a.dumps, a.ndumps))
                rc = 1;
            else {
                char *text = NULL;
                size_t tlen = 0;
                FILE *mem = open_memstream(&text, &tlen);
                if (!mem) {
                    fputs("gcnsim: out of memory\n", stderr);
                    rc = 3;
                } else {
                    report_run(L, mem);
                    fclose(mem);
                    txt_wrap(stdout, text, REPORT_WIDTH);
                }
                free(text);
            }
        }
        launch_free(L);
    }
    free(L);
    isa_program_free(&prog);
    wl_free(&wl);
out:
    run_args_free(&a, &cols);
    free(a.sets);
    free(wl_sets);
    return rc;
}

int cli_cmd_run(int argc, char **argv) { return run_main(argc, argv, false); }

/* ---- hazards: gcnsim check ---- */
const char cli_usage_check[] =
    "usage: gcnsim check WORKLOAD.ini [OPTIONS]\n"
    "\n"
    "Run the workload on the cycle-level model with the data-hazard checker and list what it finds, one\n"
    "diagnostic per instruction (docs/architecture.md, data hazards): registers read before the load\n"
    "that writes them has returned (a missing or too weak s_waitcnt), gfx8's missing wait states (s_nop),\n"
    "and LDS reads of words another wave of the workgroup wrote with no s_barrier between.\n"
    "\n"
    "options:\n"
    "  --config FILE             the machine configuration (docs/config.md)\n"
    "  --set SECTION.KEY=VALUE   override a workload or configuration key (may repeat)\n"
    "  --max-instructions N      fault after N wave instructions (default: no cap; a run faults when no\n"
    "                            workgroup finishes for a window that scales with the launch)\n"
    "  --max-cycles N            fault when the simulated time would pass N cycles\n"
    "  -h, --help                show this help\n"
    "\n"
    "exit status: 0 no hazards, 1 bad input or usage, 2 hazards found (or the program faulted), 3 internal\n"
    "error.\n";

int cli_cmd_check(int argc, char **argv) { return run_main(argc, argv, true); }
/* ---- end of hazards ---- */

/* run_args: gcnsim run's and gcnsim check's command line: every option read by getopt_long (cli.h),
 * each value checked, the options' combinations checked, and the CSV row's columns (--label,
 * --csv-keys, --csv-columns) worked out, before anything is loaded. cmd_run.c does the rest. */
#ifndef GCNSIM_CLI_RUN_ARGS_H
#define GCNSIM_CLI_RUN_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/run_dump.h"
#include "load/launch.h"
#include "report/run_csv.h"

/* The trace options of gcnsim run (--trace, --trace-issues, --trace-text and its filters). */
typedef struct {
    const char *path;          /* --trace */
    bool issues;
    uint64_t limit;            /* --trace-limit, bytes */
    bool text;                 /* --trace-text */
    const char *text_path;     /* --trace-text=FILE; NULL: stdout */
    uint64_t from, to;         /* --trace-cycles, inclusive */
    bool one_wave;             /* --trace-wave */
    uint64_t wave;
    bool mem;                  /* --trace-mem (trace format version 5) */
} run_trace_t;

/* The statistics options of gcnsim run. */
typedef struct {
    bool per_pc;               /* --per-pc */
    const char *csv_path;      /* --csv */
    int hazards;               /* --hazards: HZ_MODE_* */
    bool check;                /* gcnsim check: only the hazards, as diagnostics */
    run_csv_id_t id;         /* the row's label and --set columns */
} run_stats_t;

/* --hazards=off|warn|error (gcnsim check: error). */
enum { HZ_MODE_WARN, HZ_MODE_OFF, HZ_MODE_ERROR };

/* Everything gcnsim run's command line asks for. */
typedef struct {
    const char *ini, *config_path, *json_path;
    const char *machine;       /* --machine NAME (NULL: the workload's [machine] preset, else none) */
    const char *label, *csv_keys, *csv_names; /* --label, --csv-keys, --csv-columns */
    run_trace_t tr;
    run_stats_t so;
    bool functional, tick_every_cycle;
    uint64_t max_cycles;
    run_dump_t *dumps, *inits;
    size_t ndumps, ninits, nsets;
    const char **sets;
    launch_options_t opt;
} run_args_t;

/* The CSV row's --set columns: --csv-keys, else the keys of the --set options in their first order. */
typedef struct {
    char *store;               /* the names, NUL-separated */
    const char **keys, **values;
    char *names;               /* --csv-columns, split at its commas */
    const char **columns;
} csv_cols_t;

/* Parse the command line (argv[0] is the command's name) into *a, checking each value and the
 * options' combinations; check: gcnsim check's options. Returns -1 to go on, or the exit status (0
 * after --help, 1 after a usage error). a->sets must have room for argc entries. */
int run_args_parse(int argc, char **argv, run_args_t *a);
/* Fill a->so.id from --label, --csv-keys, --csv-columns and the --set options, into *c. Returns -1 to
 * go on, or the exit status after a message. */
int run_args_csv_columns(run_args_t *a, csv_cols_t *c);
/* Release what run_args_parse and run_args_csv_columns allocated (not a->sets, the caller's). */
void run_args_free(run_args_t *a, csv_cols_t *c);

#endif

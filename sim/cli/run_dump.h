/* run_dump: gcnsim run's --dump NAME=PATH and --dump-init NAME=PATH: the pairs as given, checked
 * against the workload's buffers (with a suggestion for a misspelt name), and each buffer's bytes
 * written to its path through fileio's output rules; and the check, before the run, that none of
 * run's output files is one of its inputs (fio_files_t). */
#ifndef GCNSIM_CLI_RUN_DUMP_H
#define GCNSIM_CLI_RUN_DUMP_H

#include <stdbool.h>
#include <stddef.h>

#include "load/launch.h"
#include "load/workload.h"

typedef struct {
    const char *name; /* allocated: the caller frees it */
    const char *path; /* points into the option's text */
} run_dump_t;

/* Append TEXT (NAME=PATH) to *v; false (with a message naming OPT) when it is not of that form. */
bool run_dump_add(run_dump_t **v, size_t *n, const char *text, const char *opt);
/* Every NAME is a buffer of the workload; otherwise a message naming OPT, and false. */
bool run_dump_check(const wl_workload_t *wl, const run_dump_t *d, size_t n, const char *opt);
/* Write each named buffer's bytes to its PATH; false (with a message) when one cannot be written. */
bool run_dump_write(const launch_t *L, const run_dump_t *d, size_t n);

/* An output file of the run other than the dumps: its option and path (NULL: not asked for). */
typedef struct {
    const char *opt, *path;
} run_output_t;

/* Before anything runs or is written: no output (outs, then the --dump-init and --dump paths) is
 * the workload file, its kernel source, the configuration file (config_path, NULL for the built-in
 * one) or a buffer's init file, and no two outputs name one file. False after a message on stderr. */
bool run_outputs_check(const wl_workload_t *wl, const char *config_path, const run_output_t *outs, size_t nouts,
                       const run_dump_t *inits, size_t ninits, const run_dump_t *dumps, size_t ndumps);

#endif

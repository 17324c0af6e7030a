/* run_csv: the CSV row of a timed run (`gcnsim run --csv`, `gcnsim sweep`): what the run was
 * (its label, workload, the --set overrides as columns of their own, a hash of the machine
 * configuration) and its key results. Columns: docs/cli.md, "CSV rows".
 * It renders the run's result (report/result.h).
 * Needs: result. */
#ifndef GCNSIM_RUN_CSV_H
#define GCNSIM_RUN_CSV_H

#include <stdio.h>

#include "report/result.h"

/* What identifies a row beyond the run itself. */
typedef struct {
    const char *label;          /* the label column; "" when none */
    const char *const *keys;    /* the --set columns, in order (names "section.key") */
    const char *const *values;  /* each key's value as given, NULL for an empty field */
    size_t nkeys;
    const char *const *columns; /* --csv-columns: the columns to write, by header name, in this order */
    size_t ncolumns;            /* 0: every column */
} run_csv_id_t;

/* The header line (without its newline) for these --set columns, malloc'ed; NULL when out of memory.
 * With columns chosen, only those, in their order. */
char *run_csv_header(const run_csv_id_t *id);

/* Check id's chosen columns against the header's names: 0, or 1 after "gcnsim: --csv-columns: no
 * column 'X'; did you mean 'Y'?" on err (3 when out of memory). */
int run_csv_check_columns(const run_csv_id_t *id, FILE *err);

/* Append one row for this run to `path` ("-": the header and the row to standard output), writing the
 * header line first when the file is new or empty; a non-empty file whose first line is another
 * header is refused (its rows would not line up). Returns 0, or 1 (3 when out of memory) with a
 * message on err. */
int run_csv_write(const run_result_t *R, const run_csv_id_t *id, const char *path, FILE *err);

#endif

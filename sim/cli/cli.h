/* cli: the command line's shared pieces (sim/cli/cli.c) and the commands split out of main.c.
 * Exit codes: 0 success, 1 bad input or usage, 2 the simulated program faulted, 3 internal error. */
#ifndef GCNSIM_CLI_H
#define GCNSIM_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config/config.h"

/* Print "gcnsim: <fmt with arg> (see 'gcnsim <cmd>--help')"; returns 1. */
int cli_usage_error(const char *cmd, const char *fmt, const char *arg);
/* The candidate within edit distance 2 of word, or NULL. */
const char *cli_suggest(const char *word, const char *const *cands, size_t n);
/* --opt VALUE or --opt=VALUE at argv[*i]; returns the value (advancing *i past a separate value), or
 * NULL when argv[*i] is not this option (*missing set when the value is absent). */
const char *cli_opt_value(const char *opt, int argc, char **argv, int *i, bool *missing);
/* The machine configuration: defaults or `path`, then the --set options naming configuration keys;
 * other --set options go to wl_sets when allow_wl, else they are errors. Returns 0, or 1 after
 * printing every problem. */
int cli_load_config(cfg_t *cfg, const char *path, const char **sets, size_t nsets, const char **wl_sets,
                    size_t *nwl, bool allow_wl);

/* The cross-key checks of a machine: the configuration's own (cfg_validate) and the memory
 * system's (mem_config_problems: cache geometries, interleave, line sizes), the configuration room
 * knowing nothing of the memory system. Returns the number of problems, printed to err. */
int cli_validate_config(const cfg_t *cfg, FILE *err);

/* gcnsim run (sim/cli/cmd_run.c) and its help text. */
extern const char cli_usage_run[];
int cli_cmd_run(int argc, char **argv);

/* gcnsim sweep (sim/cli/cmd_sweep.c): many runs on N processes into one CSV. */
extern const char cli_usage_sweep[];
int cli_cmd_sweep(int argc, char **argv);

#endif

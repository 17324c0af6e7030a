/* cli: the command line's shared pieces (sim/cli/cli.c) and the commands split out of main.c.
 * Exit codes: 0 success, 1 bad input or usage, 2 the simulated program faulted, 3 internal error. */
#ifndef GCNSIM_CLI_H
#define GCNSIM_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config/config.h"

/* Print "gcnsim: <fmt with arg> (see 'gcnsim <cmd>--help')"; returns 1. */
int cli_usage_error(const char *cmd, const char *fmt, const char *arg);
/* The candidate within edit distance 2 of word, or NULL. */
const char *cli_suggest(const char *word, const char *const *cands, size_t n);

/* A command's options for cli_getopt: getopt_long's table and the wording of its usage errors. */
typedef struct {
    const char *cmd;              /* whose help a usage error points to: "(see 'gcnsim CMD --help')" */
    const char *label;            /* names the command in messages: "run", "trace export" */
    const struct option *opts;    /* ends with a zero entry; each val unique and above 255, except
                                   * 'h' for "help" (which -h, the only short option, returns too) */
    const char *hint;             /* after an unknown option that has no near name, or NULL */
    unsigned max_edits;           /* how far from what was typed a suggested name may be */
    bool label_missing;           /* "gcnsim: LABEL: option --X needs a value", not "gcnsim: option ..." */
    const int *nonempty;          /* vals (0-terminated) whose --X= with nothing after is a missing
                                   * value (a file name); NULL: none */
    FILE *err;                    /* where the messages go */
} cli_opts_t;

/* One parse of a command line in progress. */
typedef struct {
    const cli_opts_t *spec;
    int argc;
    char **argv;
    int rest;                     /* after "--": the next operand's index; 0 before */
    const char *arg;              /* the option's value (NULL when none) or the operand */
} cli_getopt_t;

enum { CLI_OPT_END = -1, CLI_OPT_ERROR = -2, CLI_OPT_OPERAND = 1 };

/* Start parsing argv[1..argc-1] (argv[0] is the command's own word). One parse at a time: it
 * resets getopt's globals. */
void cli_getopt_start(cli_getopt_t *g, const cli_opts_t *spec, int argc, char **argv);
/* The next element, in the order given: an option's val (its value in g->arg), CLI_OPT_OPERAND
 * (g->arg; every element after "--" is one), CLI_OPT_END, or CLI_OPT_ERROR after printing an
 * unknown option (an abbreviation of a name is one: it is refused, with the name suggested), a
 * missing value (or an empty one where spec->nonempty says so) or a value given to an option that
 * takes none. --opt=VALUE and --opt VALUE both
 * give a value to a required_argument option; an optional_argument one takes only --opt=VALUE. */
int cli_getopt(cli_getopt_t *g);
/* Route --set options: configuration keys to cfg (cfg_set), the workload's (kernel., args., buffer.)
 * to wl_sets, or when wl_refusal is not NULL refused with "--set 'T': error: 'NAME' is a workload
 * key; <wl_refusal>"; any other name is an unknown key (the nearest name of either kind suggested).
 * Every message on err. Returns the number of problems. */
int cli_route_sets(cfg_t *cfg, const char **sets, size_t nsets, const char **wl_sets, size_t *nwl,
                   const char *wl_refusal, FILE *err);
/* The machine configuration: defaults, then the preset (NULL: none), then `path` (NULL: none), then
 * the --set options naming configuration keys; other --set options go to wl_sets when allow_wl, else
 * they are errors. Returns 0, or 1 after printing every problem. */
int cli_load_config(cfg_t *cfg, const cfg_preset_line_t *preset, const char *path, const char **sets, size_t nsets,
                    const char **wl_sets, size_t *nwl, bool allow_wl);
/* --machine NAME: its preset, or NULL after a message on err naming the known machines. */
const cfg_preset_line_t *cli_find_machine(const char *name, FILE *err);

/* The cross-key checks of a machine: the configuration's own (cfg_validate) and the memory
 * system's (mem_config_problems: cache geometries, interleave, line sizes), the configuration room
 * knowing nothing of the memory system. Returns the number of problems, printed to err. */
int cli_validate_config(const cfg_t *cfg, FILE *err);

/* gcnsim run (sim/cli/cmd_run.c) and its help text. */
extern const char cli_usage_run[];
int cli_cmd_run(int argc, char **argv);
/* gcnsim check (hazards): in cmd_run.c, the timing run with the hazard checker alone. */
extern const char cli_usage_check[];
int cli_cmd_check(int argc, char **argv);

/* gcnsim sweep (sim/cli/cmd_sweep.c): many runs on N processes into one CSV. */
extern const char cli_usage_sweep[];
int cli_cmd_sweep(int argc, char **argv);

/* gcnsim occupancy (sim/cli/cmd_occupancy.c), output to out and messages to err. Returns the exit
 * status: 0, 1 bad input or usage, 3 internal error. */
extern const char cli_usage_occupancy[];
int cli_cmd_occupancy(int argc, char **argv, FILE *out, FILE *err);

#endif

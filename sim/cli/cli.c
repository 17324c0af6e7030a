/* cli: pieces of the command line shared by its commands: usage errors, suggestions for a mistyped
 * word, option values, and loading the machine configuration with --set routing. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/workload.h"
#include "base/text.h"
#include "mem/memsys.h"

int cli_usage_error(const char *cmd, const char *fmt, const char *arg)
{
    fputs("gcnsim: ", stderr);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see 'gcnsim %s--help')\n", cmd);
    return 1;
}

const char *cli_suggest(const char *word, const char *const *cands, size_t n)
{
    return txt_nearest(word, cands, n, 2);
}

/* --opt VALUE or --opt=VALUE; returns the value or NULL when `arg` is not this option. */
const char *cli_opt_value(const char *opt, int argc, char **argv, int *i, bool *missing)
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
    const char *s = txt_nearest(name, names, n, 3);
    if (s)
        fprintf(stderr, "--set '%s': error: unknown key '%s'; did you mean '%s'?\n", text, name, s);
    else
        fprintf(stderr, "--set '%s': error: unknown key '%s' (configuration keys: docs/config.md; workload keys "
                "kernel.KEY, buffer.NAME.KEY, args.NAME: docs/workloads.md)\n", text, name);
}

/* The machine configuration: defaults or a file, then the --set options that name configuration keys.
 * Other --set options go to wl_sets (workload sections) when allow_wl, else they are errors.
 * Returns 0, or 1 after printing every problem. */
int cli_load_config(cfg_t *cfg, const char *path, const char **sets, size_t nsets, const char **wl_sets,
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
        nerr = cli_validate_config(cfg, stderr);
    return nerr != 0;
}

int cli_validate_config(const cfg_t *cfg, FILE *err)
{
    return cfg_validate(cfg, err) + mem_config_problems(cfg, err);
}


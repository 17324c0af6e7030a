/* cli: pieces of the command line shared by its commands: usage errors, suggestions for a mistyped
 * word, parsing options (getopt_long, with the messages every command shares), and loading the
 * machine configuration with --set routing. */
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

void cli_getopt_start(cli_getopt_t *g, const cli_opts_t *spec, int argc, char **argv)
{
    *g = (cli_getopt_t){ spec, argc, argv, 0, NULL };
    /* getopt_long keeps its place in libc's globals. optind = 0, not 1, makes glibc reinitialise
     * completely, so a parse never inherits the state of an earlier one (the unit tests run several
     * commands in one process). opterr = 0: the messages are ours, in the documented wording. */
    optind = 0;
    opterr = 0;
}

enum { MAX_NAMES = 40, NAME_LEN = 48 };

/* The option whose val is `val`, or NULL. */
static const struct option *by_val(const struct option *opts, int val)
{
    for (; opts->name; opts++)
        if (opts->val == val)
            return opts;
    return NULL;
}

/* The option name nearest to the first `len` characters of `typed` ("--name" or "-x"). */
static const char *nearest(const cli_opts_t *s, const char *typed, size_t len, char names[][NAME_LEN])
{
    char word[NAME_LEN];
    const char *cands[MAX_NAMES];
    size_t n = 0;
    for (const struct option *o = s->opts; o->name && n < MAX_NAMES; o++, n++) {
        snprintf(names[n], NAME_LEN, "--%s", o->name);
        cands[n] = names[n];
    }
    snprintf(word, sizeof word, "%.*s", (int)len, typed);
    return txt_nearest(word, cands, n, s->max_edits);
}

/* "unknown option 'TYPED'" (the whole word as typed), with `near` or else the hint. */
static int unknown_option(const cli_opts_t *s, const char *typed, const char *near)
{
    fprintf(s->err, "gcnsim: %s: unknown option '%s'", s->label, typed);
    if (near)
        fprintf(s->err, "; did you mean '%s'?", near);
    else if (s->hint)
        fprintf(s->err, "; %s", s->hint);
    fprintf(s->err, " (see 'gcnsim %s --help')\n", s->cmd);
    return CLI_OPT_ERROR;
}

int cli_getopt(cli_getopt_t *g)
{
    const cli_opts_t *s = g->spec;
    char names[MAX_NAMES][NAME_LEN];
    g->arg = NULL;
    if (g->rest) {
        if (g->rest >= g->argc)
            return CLI_OPT_END;
        g->arg = g->argv[g->rest++];
        return CLI_OPT_OPERAND;
    }
    /* -h is the only short option and every command stops at it, so each call starts at a new
     * element: argv[optind] (1 before the first call) is the word the user typed. */
    int at = optind > 0 ? optind : 1, idx = -1;
    const char *typed = at < g->argc ? g->argv[at] : "";
    /* "-": operands come back in place, as code 1, so that errors are reported in the order of the
     * line (and POSIXLY_CORRECT cannot stop the parse at the first operand); ":": a missing value
     * returns ':', told apart from an unknown option. */
    int c = getopt_long(g->argc, g->argv, "-:h", s->opts, &idx);
    if (c == -1) {
        if (optind < g->argc) { /* "--" ended the options; the rest are operands */
            g->rest = optind;
            return cli_getopt(g);
        }
        return CLI_OPT_END;
    }
    if (c == CLI_OPT_OPERAND) {
        g->arg = optarg;
        return CLI_OPT_OPERAND;
    }
    if (typed[0] != '-' || typed[1] != '-') /* a short option: -h, or an unknown one */
        return c == 'h' ? c : unknown_option(s, typed, nearest(s, typed, strlen(typed), names));
    size_t len = strcspn(typed + 2, "=");
    const struct option *o = c == '?' || c == ':' ? (optopt ? by_val(s->opts, optopt) : NULL)
                                                  : idx >= 0 ? &s->opts[idx] : by_val(s->opts, c);
    if (!o) /* no option of that name, or a prefix of several */
        return unknown_option(s, typed, nearest(s, typed, len + 2, names));
    /* getopt_long takes a unique prefix for the whole name; we do not, so that an option added
     * later cannot change what a user's abbreviation means. */
    if (strlen(o->name) != len || strncmp(o->name, typed + 2, len) != 0) {
        snprintf(names[0], NAME_LEN, "--%s", o->name);
        return unknown_option(s, typed, names[0]);
    }
    bool empty = false; /* --X= where X names a file */
    if (c != ':' && c != '?' && optarg && !*optarg)
        for (const int *v = s->nonempty; v && *v; v++)
            empty |= *v == c;
    if (c == ':' || c == '?' || empty) {
        fprintf(s->err, "gcnsim: %s%soption --%s %s (see 'gcnsim %s --help')\n", s->label_missing ? s->label : "",
                s->label_missing ? ": " : "", o->name, c == '?' ? "takes no value" : "needs a value", s->cmd);
        return CLI_OPT_ERROR;
    }
    g->arg = optarg;
    return c;
}

/* A --set whose name is neither a configuration key nor in a workload section: suggest the nearest
 * name of either kind. */
static void unknown_set(const char *text, const char *name, FILE *err)
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
        fprintf(err, "--set '%s': error: unknown key '%s'; did you mean '%s'?\n", text, name, s);
    else
        fprintf(err, "--set '%s': error: unknown key '%s' (configuration keys: docs/config.md; workload keys "
                "kernel.KEY, buffer.NAME.KEY, args.NAME: docs/workloads.md)\n", text, name);
}

int cli_route_sets(cfg_t *cfg, const char **sets, size_t nsets, const char **wl_sets, size_t *nwl,
                   const char *wl_refusal, FILE *err)
{
    int nerr = 0;
    for (size_t i = 0; i < nsets; i++) {
        char name[128];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(sets[i], "="), sets[i]);
        bool wl_section = strncmp(name, "kernel.", 7) == 0 || strncmp(name, "args.", 5) == 0 ||
                          strncmp(name, "buffer.", 7) == 0;
        if (cfg_is_key(name))
            nerr += cfg_set(cfg, sets[i], err) != 0;
        else if (wl_section && !wl_refusal)
            wl_sets[(*nwl)++] = sets[i]; /* checked, with its messages, by wl_load */
        else if (wl_section) {
            fprintf(err, "--set '%s': error: '%s' is a workload key; %s\n", sets[i], name, wl_refusal);
            nerr++;
        } else if (!strchr(sets[i], '=')) {
            nerr += cfg_set(cfg, sets[i], err) != 0; /* reports the expected form */
        } else {
            unknown_set(sets[i], name, err);
            nerr++;
        }
    }
    return nerr;
}

const cfg_preset_line_t *cli_find_machine(const char *name, FILE *err)
{
    const cfg_preset_line_t *p = cfg_preset_find(name);
    if (p)
        return p;
    const char *names[64];
    size_t n = 0;
    for (unsigned i = 0; i < cfg_npreset_lines && n < 64; i++)
        if (cfg_preset_lines[i].name)
            names[n++] = cfg_preset_lines[i].name;
    char list[512];
    cfg_preset_names(list, sizeof list);
    const char *s = cli_suggest(name, names, n);
    fprintf(err, "gcnsim: --machine '%s': unknown machine", name);
    if (s)
        fprintf(err, "; did you mean '%s'?", s);
    fprintf(err, " (machines: %s; 'gcnsim config --list-machines')\n", list);
    return NULL;
}

/* The machine configuration: defaults, the preset, a file, then the --set options that name
 * configuration keys. Other --set options go to wl_sets (workload sections) when allow_wl, else they
 * are errors. Returns 0, or 1 after printing every problem. */
int cli_load_config(cfg_t *cfg, const cfg_preset_line_t *preset, const char *path, const char **sets, size_t nsets,
                    const char **wl_sets, size_t *nwl, bool allow_wl)
{
    int nerr = 0;
    cfg_defaults(cfg);
    if (preset)
        nerr += cfg_apply_preset(cfg, preset, stderr);
    if (path)
        nerr += cfg_load_file(cfg, path, stderr);
    nerr += cli_route_sets(cfg, sets, nsets, wl_sets, nwl,
                           allow_wl ? NULL : "'gcnsim config' takes configuration keys", stderr);
    if (nerr == 0)
        nerr = cli_validate_config(cfg, stderr);
    return nerr != 0;
}

int cli_validate_config(const cfg_t *cfg, FILE *err)
{
    return cfg_validate(cfg, err) + mem_config_problems(cfg, err);
}


/* gcnsim's command line: the commands of commands.def, and asm, config and trace. Exit codes: 0 success, 1 bad input or usage, 2 the
 * simulated program faulted, 3 internal error (docs/cli.md). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "asm/asm_encode.h"
#include "cli/cli.h"
#include "config/config.h"
#include "base/fileio.h"
#include "base/interrupt.h"
#include "base/version.h"
#include "load/kprogram.h"
#include "load/launch.h"
#include "report/report.h"
#include "observe/progress.h"
#include "observe/stats.h"
#include "machine/timing.h"
#include "observe/trace.h"

/* The general help around the command list, which commands.def gives. */
static const char usage_main_head[] =
    "usage: gcnsim COMMAND [OPTIONS]\n"
    "\n"
    "gcnsim simulates AMD GCN3 (gfx803) compute units running real GCN assembly.\n"
    "\n"
    "commands:\n";
static const char usage_main_tail[] =
    "\n"
    "options:\n"
    "  -h, --help         show help (also: gcnsim COMMAND --help)\n"
    "  --version          print the version\n"
    "\n"
    "exit status: 0 success, 1 bad input or usage, 2 the simulated program faulted, 3 internal error.\n"
    "Documentation: docs/cli.md, docs/workloads.md, docs/config.md, docs/errors.md.\n";

static const char usage_asm[] =
    "usage: gcnsim asm KERNEL.s [--encoding] [--kernel NAME] [--target NAME]\n"
    "\n"
    "Assemble KERNEL.s (llvm-mc syntax for gfx803, gfx900, gfx906, gfx908, gfx90a or gfx942: --target,\n"
    ".amdgcn_target); a KERNEL.cl (OpenCL C) or KERNEL.hip (HIP) is compiled first by clang-15 or\n"
    "clang++-15, for gfx942 by clang-19 or clang++-19 (docs/kernels.md). On success print, for each\n"
    "kernel, its resource usage (VGPRs, SGPRs, static LDS), the descriptor's enables, the arguments\n"
    "from .amdgpu_metadata and a listing: byte offset, encoding size, instruction, source line. On\n"
    "error print every diagnostic as file:line:col: error: ... and exit 1.\n"
    "\n"
    "options:\n"
    "  --encoding   print the machine code instead: each kernel's labels and instructions with\n"
    "               '; encoding: [0x..,...]', as llvm-mc -show-encoding does\n"
    "  --kernel NAME  list only kernel NAME (its full name, or its plain name when that is a C++\n"
    "               kernel's mangled one, as a workload's kernel.name)\n"
    "  --target NAME  assemble for gfx803 (the default), gfx900, gfx906, gfx908, gfx90a or gfx942\n"
    "               unless the file says .amdgcn_target (a code object's target is its e_flags')\n"
    "  -h, --help   show this help\n";

static const char usage_config[] =
    "usage: gcnsim config --dump [--machine NAME] [--config FILE] [--set SECTION.KEY=VALUE]...\n"
    "       gcnsim config --list-machines\n"
    "\n"
    "Print the effective machine configuration as an INI file with every key, its unit and its\n"
    "meaning: the built-in defaults (equal to sim/configs/fiji.ini), then the preset NAME, then FILE,\n"
    "with the overrides applied and checked. 'gcnsim config --dump > my.ini' then '--config my.ini'\n"
    "reproduces it. Keys, defaults, presets and sources: docs/config.md.\n"
    "\n"
    "options:\n"
    "  --dump                    print the configuration\n"
    "  --machine NAME            start from the built-in preset NAME (fiji, fiji-64, polaris, vega10,\n"
    "                            vega20) instead of the defaults; the dump's header names it\n"
    "  --list-machines           list the presets, one a line\n"
    "  --config FILE             apply FILE over the defaults (or the preset)\n"
    "  --set SECTION.KEY=VALUE   override one key, e.g. --set cu.wave_slots=8 (repeatable)\n"
    "  -h, --help                show this help\n";

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

enum { OPT_DUMP = 256, OPT_CONFIG, OPT_SET, OPT_PERFETTO, OPT_ENCODING, OPT_KERNEL, OPT_TARGET, OPT_MACHINE,
       OPT_LIST_MACHINES };

static const struct option config_options[] = {
    { "dump", no_argument, NULL, OPT_DUMP },
    { "config", required_argument, NULL, OPT_CONFIG },
    { "set", required_argument, NULL, OPT_SET },
    { "machine", required_argument, NULL, OPT_MACHINE },
    { "list-machines", no_argument, NULL, OPT_LIST_MACHINES },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

/* gcnsim config --list-machines: a preset a line, its name and what it is. */
static void list_machines(FILE *out)
{
    for (unsigned i = 0; i < cfg_npreset_lines; i++)
        if (cfg_preset_lines[i].name)
            fprintf(out, "%-9s %s\n", cfg_preset_lines[i].name, cfg_preset_lines[i].title);
}

static int cmd_config(int argc, char **argv)
{
    const char *path = NULL, *machine = NULL;
    bool dump = false, list = false;
    size_t nsets = 0, nwl = 0;
    const char **sets = calloc((size_t)argc, sizeof *sets);
    int rc = 1;
    if (!sets)
        return 3;
    static const int nonempty[] = { OPT_CONFIG, OPT_MACHINE, 0 };
    cli_opts_t spec = { "config", "config", config_options, NULL, 2, false, nonempty, stderr };
    cli_getopt_t g;
    cli_getopt_start(&g, &spec, argc - 1, argv + 1);
    for (int c; (c = cli_getopt(&g)) != CLI_OPT_END;) {
        switch (c) {
        case 'h':
            fputs(usage_config, stdout);
            rc = 0;
            goto out;
        case OPT_DUMP:
            dump = true;
            break;
        case OPT_LIST_MACHINES:
            list = true;
            break;
        case OPT_CONFIG:
            path = g.arg;
            break;
        case OPT_MACHINE:
            machine = g.arg;
            break;
        case OPT_SET:
            sets[nsets++] = g.arg;
            break;
        case CLI_OPT_OPERAND:
            cli_usage_error("config ", "config: unexpected argument '%s'", g.arg);
            goto out;
        default: /* CLI_OPT_ERROR, reported */
            goto out;
        }
    }
    if (list) {
        if (dump || path || machine || nsets) {
            cli_usage_error("config ", "%s", "--list-machines takes no other option");
            goto out;
        }
        list_machines(stdout);
        rc = 0;
        goto out;
    }
    if (!dump) {
        cli_usage_error("config ", "%s", "config needs --dump: gcnsim config --dump [--machine NAME] [--config FILE] "
                        "[--set SECTION.KEY=VALUE]... (or --list-machines)");
        goto out;
    }
    const cfg_preset_line_t *preset = NULL;
    if (machine && !(preset = cli_find_machine(machine, stderr)))
        goto out;
    cfg_t cfg;
    if (cli_load_config(&cfg, preset, path, sets, nsets, NULL, &nwl, false) == 0) {
        if (preset)
            printf("; machine preset %s ('gcnsim config --list-machines'; its sources: docs/config.md, \"Machine\n"
                   "; presets\"): %s.\n", preset->name, preset->title);
        cfg_dump(&cfg, stdout);
        rc = 0;
    }
out:
    free(sets);
    return rc;
}

/* gcnsim asm --encoding: every kernel's machine code in llvm-mc's -show-encoding form. Frees prog. */
static int asm_encoding_listing(const char *path, isa_program_t *prog, uint32_t from, uint32_t to)
{
    asm_opcode_map_t *map = asm_opcode_map_create(prog->target);
    int rc = map ? 0 : 3;
    for (uint32_t i = from; map && rc == 0 && i < to; i++) {
        char err[256];
        if (asm_print_encoding(map, &prog->kernels[i], stdout, err, sizeof err) != 0) {
            fprintf(stderr, "%s: kernel %s: %s\n", path, prog->kernels[i].name, err);
            rc = 3; /* the assembler accepted it, so an instruction it cannot encode is our bug */
        }
    }
    if (!map)
        fprintf(stderr, "gcnsim: out of memory\n");
    asm_opcode_map_free(map);
    isa_program_free(prog);
    return rc;
}

/* The commands that have no option but --help. */
static const struct option help_only[] = {
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

static const struct option asm_options[] = {
    { "encoding", no_argument, NULL, OPT_ENCODING },
    { "kernel", required_argument, NULL, OPT_KERNEL },
    { "target", required_argument, NULL, OPT_TARGET },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

static int cmd_asm(int argc, char **argv)
{
    const char *path = NULL, *kname = NULL;
    bool encoding = false;
    static const int nonempty[] = { OPT_KERNEL, OPT_TARGET, 0 };
    isa_target_t target = ISA_TARGET_GFX803;
    cli_opts_t spec = { "asm", "asm", asm_options, NULL, 2, false, nonempty, stderr };
    cli_getopt_t g;
    cli_getopt_start(&g, &spec, argc - 1, argv + 1);
    for (int c; (c = cli_getopt(&g)) != CLI_OPT_END;) {
        if (c == 'h') {
            fputs(usage_asm, stdout);
            return 0;
        }
        if (c == OPT_ENCODING) {
            encoding = true;
            continue;
        }
        if (c == OPT_KERNEL) {
            kname = g.arg;
            continue;
        }
        if (c == OPT_TARGET) {
            if (!isa_target_parse(g.arg, strlen(g.arg), &target))
                return cli_usage_error("asm ", "--target '%s' is not a target gcnsim has (gfx803, gfx900, gfx906, gfx908, gfx90a, gfx942)",
                                       g.arg);
            continue;
        }
        if (c != CLI_OPT_OPERAND) /* CLI_OPT_ERROR, reported */
            return 1;
        if (path)
            return cli_usage_error("asm ", "asm takes one file; '%s' is a second one", g.arg);
        path = g.arg;
    }
    if (!path)
        return cli_usage_error("asm ", "%s", "asm needs a file: gcnsim asm KERNEL.s");
    isa_program_t prog;
    int nerr = kprogram_assemble(path, target, &prog, stderr);
    if (nerr) {
        fprintf(stderr, "%s: %d error%s\n", path, nerr, nerr == 1 ? "" : "s");
        isa_program_free(&prog);
        return 1;
    }
    if (prog.nkernels == 0)
        printf("%s: no kernels\n", path);
    uint32_t from = 0, to = prog.nkernels;
    if (kname) { /* one kernel of many (a vendor library's object holds thousands) */
        uint32_t nmatch = 0;
        const isa_kernel_t *k = kprogram_find_kernel(&prog, kname, &nmatch);
        if (!k) {
            fprintf(stderr, "gcnsim: asm: ");
            if (nmatch > 1)
                fprintf(stderr, "kernel name '%s' is ambiguous in %s: %" PRIu32 " kernels have that name; give the full "
                        "mangled name\n", kname, path, nmatch);
            else
                fprintf(stderr, "%s has no kernel '%s'\n", path, kname);
            isa_program_free(&prog);
            return 1;
        }
        from = (uint32_t)(k - prog.kernels);
        to = from + 1;
    }
    if (encoding)
        return asm_encoding_listing(path, &prog, from, to);
    for (uint32_t i = from; i < to; i++)
        report_kernel(&prog.kernels[i], stdout);
    if (prog.image_bytes) /* data sections or relocations: docs/asm.md */
        printf("program image: %" PRIu32 " bytes at 0x%" PRIx64 " (the kernels' code, then .rodata, .data, the GOT and "
               ".bss); relocated literals are shown resolved\n", prog.image_bytes, (uint64_t)ISA_IMAGE_BASE);
    isa_program_free(&prog);
    return 0;
}

static const struct option trace_options[] = {
    { "perfetto", no_argument, NULL, OPT_PERFETTO },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

/* gcnsim trace export --perfetto TRACE OUT.json: the first operand is the subcommand. */
static int cmd_trace(int argc, char **argv)
{
    const char *sub = NULL, *files[2] = { NULL, NULL };
    int nfiles = 0;
    bool perfetto = false;
    cli_opts_t spec = { "trace", "trace export", trace_options, "the format option is --perfetto", 2, false, NULL,
                        stderr };
    cli_getopt_t g;
    cli_getopt_start(&g, &spec, argc - 1, argv + 1);
    for (int c; (c = cli_getopt(&g)) != CLI_OPT_END;) {
        switch (c) {
        case 'h':
            fputs(usage_trace, stdout);
            return 0;
        case OPT_PERFETTO:
            perfetto = true;
            break;
        case CLI_OPT_OPERAND:
            if (!sub) {
                sub = g.arg;
                if (strcmp(sub, "export") != 0)
                    return cli_usage_error("trace ", "trace: unknown subcommand '%s'; the subcommand is export", sub);
            } else if (nfiles == 2) {
                return cli_usage_error("trace ", "trace export takes TRACE and OUT.json; '%s' is a third file", g.arg);
            } else {
                files[nfiles++] = g.arg;
            }
            break;
        default: /* CLI_OPT_ERROR, reported */
            return 1;
        }
    }
    if (!sub)
        return cli_usage_error("trace ", "%s", "trace needs a subcommand: gcnsim trace export --perfetto TRACE OUT.json");
    if (!perfetto)
        return cli_usage_error("trace ", "%s", "trace export needs a format: gcnsim trace export --perfetto TRACE OUT.json");
    if (nfiles < 2)
        return cli_usage_error("trace ", "%s", "trace export needs two files: gcnsim trace export --perfetto TRACE OUT.json");
    return trace_export_perfetto(files[0], files[1], stderr);
}

/* gcnsim occupancy: its handler writes to the streams it is given. */
static int cmd_occupancy(int argc, char **argv)
{
    return cli_cmd_occupancy(argc, argv, stdout, stderr);
}

static int cmd_help(int argc, char **argv);

typedef struct {
    const char *name, *brief, *summary;
    const char *usage; /* NULL: help's, made from this table */
    int (*handler)(int argc, char **argv);
} command_t;

static const command_t commands[] = {
#define CMD(name, brief, summary, synopsis, usage, handler) { #name, brief, summary, usage, handler },
#include "cli/commands.def"
#undef CMD
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static const command_t *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

/* "run, check, ... and help" */
static void print_names(FILE *out, const char *last_sep)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "%s%s", i == 0 ? "" : i + 1 < NCOMMANDS ? ", " : last_sep, commands[i].name);
}

/* The command list: the brief in a 19-column field (on a line of its own when longer than 18),
 * then the summary, whose further lines start at the same column. */
static void print_usage_main(FILE *out)
{
    enum { FIELD = 18, COLUMN = 21 };
    fputs(usage_main_head, out);
    for (size_t i = 0; i < NCOMMANDS; i++) {
        const command_t *c = &commands[i];
        if (strlen(c->brief) <= FIELD)
            fprintf(out, "  %-*s ", FIELD, c->brief);
        else
            fprintf(out, "  %s\n%*s", c->brief, COLUMN, "");
        for (const char *s = c->summary; *s; s++) {
            fputc(*s, out);
            if (*s == '\n')
                fprintf(out, "%*s", COLUMN, "");
        }
        fputc('\n', out);
    }
    fputs(usage_main_tail, out);
}

static void print_usage(const command_t *c, FILE *out)
{
    if (c->usage) {
        fputs(c->usage, out);
        return;
    }
    fputs("usage: gcnsim help [COMMAND]\n\nShow the general help, or the help of COMMAND (", out);
    print_names(out, ", ");
    fputs(").\n", out);
}

static int unknown_command(const char *c)
{
    const char *names[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i].name;
    const char *s = cli_suggest(c, names, NCOMMANDS);
    if (s) {
        fprintf(stderr, "gcnsim: unknown command '%s'; did you mean '%s'? (see 'gcnsim --help')\n", c, s);
        return 1;
    }
    fprintf(stderr, "gcnsim: unknown command '%s'; commands are ", c);
    print_names(stderr, " and ");
    fputs(" (see 'gcnsim --help')\n", stderr);
    return 1;
}

/* gcnsim help [COMMAND] */
static int cmd_help(int argc, char **argv)
{
    const char *name = NULL;
    cli_opts_t spec = { "help", "help", help_only, NULL, 2, false, NULL, stderr };
    cli_getopt_t g;
    cli_getopt_start(&g, &spec, argc - 1, argv + 1);
    for (int c; (c = cli_getopt(&g)) != CLI_OPT_END;) {
        if (c == 'h') {
            print_usage(find_command("help"), stdout);
            return 0;
        }
        if (c != CLI_OPT_OPERAND) /* CLI_OPT_ERROR, reported */
            return 1;
        if (name)
            return cli_usage_error("help ", "%s", "help takes at most one command");
        name = g.arg;
    }
    if (!name) {
        print_usage_main(stdout);
        return 0;
    }
    const command_t *c = find_command(name);
    if (!c)
        return unknown_command(name);
    print_usage(c, stdout);
    return 0;
}

static int run_command(int argc, char **argv)
{
    if (argc < 2) {
        print_usage_main(stderr);
        return 1;
    }
    const char *c = argv[1];
    if (strcmp(c, "-h") == 0 || strcmp(c, "--help") == 0) {
        print_usage_main(stdout);
        return 0;
    }
    if (strcmp(c, "--version") == 0) {
        printf("gcnsim %s (GCN3 gfx803: functional and cycle-level timing models)\n", GCNSIM_VERSION);
        return 0;
    }
    const command_t *cmd = find_command(c);
    if (cmd)
        return cmd->handler(argc, argv);
    if (c[0] == '-') {
        fprintf(stderr, "gcnsim: unknown option '%s' (see 'gcnsim --help')\n", c);
        return 1;
    }
    return unknown_command(c);
}

int main(int argc, char **argv)
{
    fio_guard_std_streams();
    intr_install();
    int rc = run_command(argc, argv);
    /* Stopped by a signal (docs/cli.md, "Interruptions"): the command has unwound and said so. */
    if (intr_caught())
        rc = intr_exit_status(intr_caught());
    return fio_finish_std_streams("gcnsim", rc);
}

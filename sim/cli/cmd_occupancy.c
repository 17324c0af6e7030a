/* cmd_occupancy: `gcnsim occupancy` (docs/occupancy.md): the kernel's numbers exactly as a run takes
 * them (from a KERNEL.s, a WORKLOAD.ini's dispatch, or the command line), analysed once
 * (occ_analyse) and rendered by the report room's occ_report. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "base/text.h"
#include "cli/cli.h"
#include "load/kcompile.h"
#include "load/kprogram.h"
#include "load/launch.h"
#include "load/workload.h"
#include "machine/occ_analysis.h"
#include "report/occ_report.h"

/* What is analysed: the numbers, and where they came from (both names NULL for numbers given on
 * the command line). */
typedef struct {
    const char *kernel, *source;
    occ_kernel_t k;
} occ_input_t;

const char cli_usage_occupancy[] =
    "usage: gcnsim occupancy --vgprs N --sgprs N --lds BYTES --workgroup N [OPTIONS]\n"
    "       gcnsim occupancy KERNEL.s [--kernel NAME] [--workgroup N] [OPTIONS]\n"
    "       gcnsim occupancy WORKLOAD.ini [--dispatch N] [OPTIONS]\n"
    "\n"
    "Analyse occupancy without running anything: the workgroups per CU and waves per SIMD each\n"
    "resource allows (VGPRs, SGPRs, LDS, wave slots and workgroup size, barriers, workgroups per CU).\n"
    "The theoretical occupancy is what the dispatcher keeps on a CU, whole workgroups, as profilers\n"
    "count it, with what would fit one more workgroup; the compiler estimate is LLVM's per-wave rule,\n"
    "with what to save for one more wave (docs/occupancy.md). A KERNEL.s gives its VGPRs, SGPRs\n"
    "and static LDS (workgroup size: --workgroup, default 256); a WORKLOAD.ini also its workgroup\n"
    "size, dynamic LDS and its vgprs/lds overrides. Options given with a file override the file's\n"
    "numbers.\n"
    "\n"
    "options:\n"
    "  --vgprs N                 VGPRs per work-item, 0 to 256\n"
    "  --agprs N                 AGPRs per work-item, 0 to 256 (CDNA targets: counted with the VGPRs\n"
    "                            as LLVM does, docs/occupancy.md)\n"
    "  --sgprs N                 SGPRs per wave including VCC, FLAT_SCRATCH, XNACK, 0 to 112\n"
    "  --lds BYTES               LDS per workgroup (static + dynamic), 0 to 65536\n"
    "  --workgroup N             work-items per workgroup, 1 to 1024\n"
    "  --kernel NAME             the kernel of a KERNEL.s with several\n"
    "  --dispatch N              the dispatch of a WORKLOAD.ini with several (0 is [kernel])\n"
    "  --machine NAME            start from the built-in machine preset NAME (fiji, polaris, vega10,\n"
    "                            ...); it overrides a WORKLOAD.ini's [machine] preset\n"
    "  --config FILE             the machine configuration (docs/config.md)\n"
    "  --set SECTION.KEY=VALUE   override a configuration key, or with a WORKLOAD.ini a workload key\n"
    "  --json                    write the analysis as a JSON object (docs/occupancy.md) instead\n"
    "  -h, --help                show this help\n"
    "Options may also be written --option=VALUE. --set may repeat.\n"
    "\n"
    "exit status: 0 success, 1 bad input or usage, 3 internal error.\n";

/* ---- gcnsim occupancy ------------------------------------------------------------------------------ */

typedef struct {
    const char *opt;
    uint32_t max;
    const char *what;
    int64_t value;     /* -1: not given */
} num_opt_t;

enum { OPT_VGPRS, OPT_SGPRS, OPT_LDS, OPT_WG, OPT_AGPRS, NUM_NUM_OPTS };

/* getopt_long's codes: the numbers' are OPT_NUM + their index in nums[]. */
enum { OPT_NUM = 256, OPT_KERNEL = OPT_NUM + NUM_NUM_OPTS, OPT_DISPATCH, OPT_CONFIG, OPT_SET, OPT_JSON, OPT_MACHINE };

/* In the order the nearest name is chosen among equally near ones. */
static const struct option occ_options[] = {
    { "vgprs", required_argument, NULL, OPT_NUM + OPT_VGPRS },
    { "sgprs", required_argument, NULL, OPT_NUM + OPT_SGPRS },
    { "lds", required_argument, NULL, OPT_NUM + OPT_LDS },
    { "workgroup", required_argument, NULL, OPT_NUM + OPT_WG },
    { "kernel", required_argument, NULL, OPT_KERNEL },
    { "dispatch", required_argument, NULL, OPT_DISPATCH },
    { "config", required_argument, NULL, OPT_CONFIG },
    { "machine", required_argument, NULL, OPT_MACHINE },
    { "set", required_argument, NULL, OPT_SET },
    { "json", no_argument, NULL, OPT_JSON },
    { "agprs", required_argument, NULL, OPT_NUM + OPT_AGPRS },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

static int occ_usage_error(FILE *err, const char *msg, const char *arg)
{
    fputs("gcnsim: occupancy: ", err);
    fprintf(err, msg, arg);
    fputs(" (see 'gcnsim occupancy --help')\n", err);
    return 1;
}

static bool parse_num(num_opt_t *o, const char *v, uint32_t min, FILE *err)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (v[0] < '0' || v[0] > '9' || *end != '\0' || errno == ERANGE || x < min || x > o->max) {
        fprintf(err, "gcnsim: occupancy: %s expects %s from %" PRIu32 " to %" PRIu32 ", got '%s'\n", o->opt, o->what,
                min, o->max, v);
        return false;
    }
    o->value = (int64_t)x;
    return true;
}

static bool has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

/* The numbers of kernel `name` (or the only one) of a KERNEL.s. Returns 0 or 1 after a message. */
static int from_kernel_file(const char *path, const char *name, isa_target_t target, occ_input_t *in,
                            isa_program_t *prog, FILE *err)
{
    if (kprogram_assemble(path, target, prog, err) != 0)
        return 1;
    if (prog->nkernels == 0) {
        fprintf(err, "gcnsim: occupancy: %s has no kernels\n", path);
        return 1;
    }
    const isa_kernel_t *k = NULL;
    if (name) {
        const char *names[64];
        size_t nn = 0;
        uint32_t nmatch;
        k = kprogram_find_kernel(prog, name, &nmatch);
        for (uint32_t i = 0; i < prog->nkernels && nn < 64; i++)
            names[nn++] = prog->kernels[i].name;
        if (nmatch > 1) {
            fprintf(err, "gcnsim: occupancy: kernel name '%s' is ambiguous in %s: %" PRIu32 " kernels have that name; "
                    "give the full mangled name\n", name, path, nmatch);
            return 1;
        }
        if (!k) {
            const char *s = txt_nearest(name, names, nn, 3);
            fprintf(err, "gcnsim: occupancy: %s has no kernel '%s'", path, name);
            if (s)
                fprintf(err, "; did you mean '%s'?\n", s);
            else
                fputc('\n', err);
            return 1;
        }
    } else if (prog->nkernels > 1) {
        fprintf(err, "gcnsim: occupancy: %s has %" PRIu32 " kernels; choose one with --kernel NAME:", path, prog->nkernels);
        for (uint32_t i = 0; i < prog->nkernels; i++)
            fputc(' ', err), asm_diag_put_name(err, prog->kernels[i].name);
        fputc('\n', err);
        return 1;
    } else
        k = &prog->kernels[0];
    in->kernel = k->name;
    in->k.vgprs = k->vgprs_used;
    if (k->agprs_used) { /* CDNA (agpr): both files, as LLVM counts them */
        in->k.agprs = k->agprs_used;
        in->k.arch_vgprs = k->vgprs_used;
        in->k.vgprs = isa_kernel_vreg_total(k);
    }
    in->k.sgprs = k->sgprs_used;
    in->k.lds_bytes = k->lds_static;
    in->k.wg_size = 256; /* documented default for a bare kernel */
    return 0;
}

/* The numbers a run of the workload would use: launch_prepare resolves the kernel, the vgprs and lds
 * overrides and the dynamic LDS arguments exactly as `gcnsim run` does. */
static int from_workload(const char *path, const char **sets, size_t nsets, const char *dispatch, isa_target_t target,
                         occ_input_t *in, wl_workload_t *wl, isa_program_t *prog, bool *have_prog, FILE *err)
{
    if (wl_load(path, sets, nsets, wl, err) != 0)
        return 1;
    *have_prog = true;
    memset(prog, 0, sizeof *prog); /* freed by the caller, as after a compile error */
    if (!wl_check_target(wl, target, err))
        return 1;
    if (kprogram_assemble_src(wl->source, wl->cflags[0] ? wl->cflags : NULL, target, prog, err) != 0) {
        fprintf(err, "%s:%" PRIu32 ": note: kernel source of this workload\n", wl->path, wl->source_line);
        return 1;
    }
    launch_t *L = malloc(sizeof *L);
    if (!L)
        return 3;
    launch_options_t lo = { 0, 0, target };
    int rc = launch_prepare(L, wl, prog, &lo, err);
    if (rc != 0) {
        free(L);
        return rc;
    }
    char *end = NULL;
    unsigned long di = dispatch ? strtoul(dispatch, &end, 10) : 0;
    if (dispatch && (dispatch[0] < '0' || dispatch[0] > '9' || *end != '\0' || di >= L->ndispatches)) {
        fprintf(err, "gcnsim: occupancy: --dispatch expects a dispatch index from 0 to %" PRIu32 ", got '%s'\n",
                L->ndispatches - 1, dispatch);
        rc = 1;
    } else if (!dispatch && L->ndispatches > 1) {
        fprintf(err, "gcnsim: occupancy: %s has %" PRIu32 " dispatches; choose one with --dispatch N:", path, L->ndispatches);
        for (uint32_t i = 0; i < L->ndispatches; i++) {
            char sec[WL_NAME_MAX + 16];
            fprintf(err, "%s %" PRIu32 " %s (%s)", i ? "," : "", i, wl_dispatch_section(L->dispatches[i].wl, sec, sizeof sec),
                    L->dispatches[i].kernel->name);
        }
        fputc('\n', err);
        rc = 1;
    } else {
        in->k = occ_dispatch_kernel(&L->dispatches[di]);
        in->kernel = L->dispatches[di].kernel->name;
    }
    launch_free(L);
    free(L);
    return rc;
}

/* The machine of gcnsim occupancy: defaults, the preset, FILE, then the --set options that name
 * configuration keys (workload keys to wl_sets with a WORKLOAD.ini, else refused). Returns the number
 * of problems, printed to err. */
static int machine_config(cfg_t *cfg, const cfg_preset_line_t *preset, const char *path, const char **sets, size_t nsets,
                          const char **wl_sets, size_t *nwl, bool is_wl, FILE *err)
{
    int nerr = 0;
    cfg_defaults(cfg);
    if (preset)
        nerr += cfg_apply_preset(cfg, preset, err);
    if (path)
        nerr += cfg_load_file(cfg, path, err);
    nerr += cli_route_sets(cfg, sets, nsets, wl_sets, nwl, is_wl ? NULL : "it applies only with a WORKLOAD.ini", err);
    return nerr ? nerr : cli_validate_config(cfg, err);
}

int cli_cmd_occupancy(int argc, char **argv, FILE *out, FILE *err)
{
    num_opt_t nums[NUM_NUM_OPTS] = {
        [OPT_VGPRS] = { "--vgprs", 256, "a VGPR count", -1 },
        [OPT_SGPRS] = { "--sgprs", 112, "an SGPR count", -1 },
        [OPT_LDS] = { "--lds", 65536, "a byte count", -1 },
        [OPT_WG] = { "--workgroup", 1024, "a work-item count", -1 },
        [OPT_AGPRS] = { "--agprs", 256, "an AGPR count", -1 },
    };
    const char *file = NULL, *kernel = NULL, *dispatch = NULL, *config_path = NULL, *machine = NULL;
    bool json = false, have_prog = false, have_wl = false;
    size_t nsets = 0, nwl = 0;
    const char **sets = calloc((size_t)argc, sizeof *sets), **wl_sets = calloc((size_t)argc, sizeof *wl_sets);
    isa_program_t prog;
    wl_workload_t wl;
    int rc = 1;
    if (!sets || !wl_sets) {
        rc = 3;
        goto out;
    }
    static const int nonempty[] = { OPT_KERNEL, OPT_CONFIG, OPT_MACHINE, 0 };
    cli_opts_t spec = { "occupancy", "occupancy", occ_options, NULL, 3, true, nonempty, err };
    cli_getopt_t g;
    cli_getopt_start(&g, &spec, argc - 1, argv + 1);
    for (int c; (c = cli_getopt(&g)) != CLI_OPT_END;) {
        switch (c) {
        case 'h':
            fputs(cli_usage_occupancy, out);
            rc = 0;
            goto out;
        case OPT_JSON:
            json = true;
            break;
        case OPT_VGPRS + OPT_NUM:
        case OPT_SGPRS + OPT_NUM:
        case OPT_LDS + OPT_NUM:
        case OPT_WG + OPT_NUM:
        case OPT_AGPRS + OPT_NUM:
            if (!parse_num(&nums[c - OPT_NUM], g.arg, c == OPT_WG + OPT_NUM ? 1 : 0, err))
                goto out;
            break;
        case OPT_KERNEL:
            kernel = g.arg;
            break;
        case OPT_DISPATCH:
            dispatch = g.arg;
            break;
        case OPT_CONFIG:
            config_path = g.arg;
            break;
        case OPT_MACHINE:
            machine = g.arg;
            break;
        case OPT_SET:
            sets[nsets++] = g.arg;
            break;
        case CLI_OPT_OPERAND:
            if (file) {
                occ_usage_error(err, "takes one KERNEL.s or WORKLOAD.ini; '%s' is a second file", g.arg);
                goto out;
            }
            file = g.arg;
            break;
        default: /* CLI_OPT_ERROR, reported */
            goto out;
        }
    }
    bool is_wl = file && has_suffix(file, ".ini");
    if (file && !is_wl && !has_suffix(file, ".s") && kcompile_lang(file) == KCOMPILE_NONE) {
        occ_usage_error(err, "'%s' is neither a KERNEL.s (or .cl, .hip) nor a WORKLOAD.ini", file);
        goto out;
    }
    if (kernel && !(file && !is_wl)) {
        occ_usage_error(err, "%s", is_wl ? "--kernel applies to a KERNEL.s; a workload names its kernel with kernel.name "
                                           "(and chooses among its dispatches with --dispatch N)"
                                         : "--kernel needs a KERNEL.s");
        goto out;
    }
    if (dispatch && !is_wl) {
        occ_usage_error(err, "%s", "--dispatch needs a WORKLOAD.ini");
        goto out;
    }
    if (!file) {
        const char *miss[NUM_NUM_OPTS];
        int nm = 0;
        for (int n = 0; n < NUM_NUM_OPTS; n++)
            if (nums[n].value < 0 && n != OPT_AGPRS) /* --agprs: 0 when not given */
                miss[nm++] = nums[n].opt;
        if (nm) {
            fprintf(err, "gcnsim: occupancy: without a KERNEL.s or WORKLOAD.ini it needs --vgprs, --sgprs, --lds and "
                    "--workgroup; missing:");
            for (int n = 0; n < nm; n++)
                fprintf(err, " %s", miss[n]);
            fputs(" (see 'gcnsim occupancy --help')\n", err);
            goto out;
        }
    }

    /* The machine: defaults, --machine, --config, then the --set options naming configuration keys;
     * workload keys go to the workload's loader. */
    const cfg_preset_line_t *preset = NULL;
    if (machine && !(preset = cli_find_machine(machine, err)))
        goto out;
    cfg_t cfg;
    if (machine_config(&cfg, preset, config_path, sets, nsets, wl_sets, &nwl, is_wl, err) != 0)
        goto out;

    occ_input_t in = { NULL, file, { .wg_size = 256 } };
    if (file && is_wl) {
        rc = from_workload(file, wl_sets, nwl, dispatch, (isa_target_t)cfg.gpu_target, &in, &wl, &prog, &have_prog, err);
        have_wl = have_prog;
        if (rc != 0)
            goto out;
        rc = 1;
        /* The workload's [machine] preset, unless --machine chose one. */
        if (!machine && wl.machine[0]) {
            nwl = 0;
            if (machine_config(&cfg, cfg_preset_find(wl.machine), config_path, sets, nsets, wl_sets, &nwl, is_wl, err) != 0)
                goto out;
        }
    } else if (file) {
        have_prog = true;
        if (from_kernel_file(file, kernel, (isa_target_t)cfg.gpu_target, &in, &prog, err) != 0)
            goto out;
    }
    /* Options given with a file override its numbers. */
    if (nums[OPT_AGPRS].value >= 0 && !isa_target_cdna((isa_target_t)cfg.gpu_target)) {
        fprintf(err, "gcnsim: occupancy: --agprs needs a CDNA machine (gpu.target gfx908, gfx90a or gfx942); this one "
                "is %s\n", isa_target_name((isa_target_t)cfg.gpu_target));
        goto out;
    }
    if (nums[OPT_VGPRS].value >= 0 || nums[OPT_AGPRS].value >= 0) { /* CDNA: both files' total (agpr) */
        uint32_t v = nums[OPT_VGPRS].value >= 0 ? (uint32_t)nums[OPT_VGPRS].value : in.k.agprs ? in.k.arch_vgprs : in.k.vgprs;
        uint32_t a = nums[OPT_AGPRS].value >= 0 ? (uint32_t)nums[OPT_AGPRS].value : in.k.agprs;
        in.k.agprs = a;
        in.k.arch_vgprs = v;
        in.k.vgprs = a ? isa_vreg_total((isa_target_t)cfg.gpu_target, v, a) : v;
    }
    if (nums[OPT_SGPRS].value >= 0)
        in.k.sgprs = (uint32_t)nums[OPT_SGPRS].value;
    if (nums[OPT_LDS].value >= 0)
        in.k.lds_bytes = (uint32_t)nums[OPT_LDS].value;
    if (nums[OPT_WG].value >= 0) { /* a size without a shape: 1-D */
        in.k.wg_size = (uint32_t)nums[OPT_WG].value;
        memset(in.k.wg_dim, 0, sizeof in.k.wg_dim);
    }
    occ_analysis_t a;
    occ_analyse(&cfg, &in.k, &a);
    if (json)
        occ_report_json(&cfg, in.kernel, in.source, &a, out);
    else
        occ_report_print(&cfg, in.kernel, in.source, &a, out);
    rc = 0;
out:
    if (have_prog)
        isa_program_free(&prog);
    if (have_wl)
        wl_free(&wl);
    free(sets);
    free(wl_sets);
    return rc;
}

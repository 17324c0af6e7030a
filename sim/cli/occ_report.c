/* occ_report: the occupancy analysis in text and JSON, and `gcnsim occupancy` (docs/occupancy.md). */
#include "cli/occ_report.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "asm/asm_diag.h"
#include "isa.h"
#include "load/kcompile.h"
#include "load/launch.h"
#include "machine/timing.h"
#include "load/workload.h"
#include "base/text.h"
#include "cli/cli.h"
#include "observe/occ_text.h"

const char occ_cmd_usage[] =
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
    "  --sgprs N                 SGPRs per wave including VCC, FLAT_SCRATCH, XNACK, 0 to 112\n"
    "  --lds BYTES               LDS per workgroup (static + dynamic), 0 to 65536\n"
    "  --workgroup N             work-items per workgroup, 1 to 1024\n"
    "  --kernel NAME             the kernel of a KERNEL.s with several\n"
    "  --dispatch N              the dispatch of a WORKLOAD.ini with several (0 is [kernel])\n"
    "  --config FILE             the machine configuration (docs/config.md)\n"
    "  --set SECTION.KEY=VALUE   override a configuration key, or with a WORKLOAD.ini a workload key\n"
    "  --json                    write the analysis as a JSON object (docs/occupancy.md) instead\n"
    "  -h, --help                show this help\n"
    "Options may also be written --option=VALUE. --set may repeat.\n"
    "\n"
    "exit status: 0 success, 1 bad input or usage, 3 internal error.\n";

/* ---- wording --------------------------------------------------------------------------------------- */

static const char *plural(uint64_t n, const char *one, const char *many) { return n == 1 ? one : many; }

static uint64_t cu_wave_capacity(const cfg_t *cfg)
{
    int64_t w = cfg->cu_simds * cfg->cu_wave_slots;
    return (uint64_t)(w < cfg->cu_max_waves ? w : cfg->cu_max_waves);
}

size_t occ_report_why(const cfg_t *cfg, const occ_kernel_t *k, const occ_llvm_t *llvm, const occ_result_t *res,
                      char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    if ((double)llvm->waves_per_simd == res->waves_per_simd)
        return 0;
    uint32_t N = res->waves_per_wg, G = res->wg_per_cu;
    uint64_t simds = (uint64_t)cfg->cu_simds;
    if (G == 0) { /* the arithmetic is on the theoretical line */
        txt_appendf(buf, n, &at, "LLVM's rule counts %" PRIu32 " %s per SIMD as if waves were placed one at a time; a "
            "run places whole workgroups, and this one never fits (theoretical, above)", llvm->waves_per_simd,
            plural(llvm->waves_per_simd, "wave", "waves"));
        return at;
    }
    switch (res->limiter) {
    case OCC_VGPR:
    case OCC_SGPR: {
        bool v = res->limiter == OCC_VGPR;
        uint64_t file = (uint64_t)(v ? cfg->cu_vgprs : cfg->cu_sgprs);
        uint32_t alloc = v ? res->vgpr_alloc : res->sgpr_alloc;
        uint32_t used = v ? (k->vgprs ? k->vgprs : 1) : k->sgprs;
        uint64_t per_simd = file / alloc;
        txt_appendf(buf, n, &at, "%" PRIu32 " %s per wave", used, occ_text_resource(res->limiter));
        if (alloc != used)
            txt_appendf(buf, n, &at, " (allocated as %" PRIu32 ")", alloc);
        txt_appendf(buf, n, &at, " let %" PRIu64 " %s share a SIMD, %" PRIu64 " on the CU", per_simd,
            plural(per_simd, "wave", "waves"), per_simd * simds);
        if (N > 1)
            txt_appendf(buf, n, &at, "; a workgroup starts only when all its %" PRIu32 " waves fit at once, so %" PRIu32
                " %s (%" PRIu32 " waves) %s resident, %.2f waves/SIMD", N, G, plural(G, "workgroup", "workgroups"),
                G * N, plural(G, "is", "are"), res->waves_per_simd);
        if (!v && llvm->waves[OCC_SGPR] != per_simd)
            txt_appendf(buf, n, &at, "; LLVM's gfx8 table allows %" PRIu32 " (it steps by 8 SGPRs, not the %" PRId64
                "-SGPR granule, and does not follow cu.sgprs)", llvm->waves[OCC_SGPR], cfg->cu_sgpr_granule);
        else if (N > 1)
            txt_appendf(buf, n, &at, "; LLVM's rule counts the %" PRIu64 " waves per SIMD as if waves were placed one at "
                "a time", per_simd);
        break;
    }
    default: {
        if (res->limiter == OCC_LDS)
            txt_appendf(buf, n, &at, "the LDS holds %" PRIu32 " %s of %" PRIu32 " bytes", G, plural(G, "workgroup", "workgroups"),
                res->lds_alloc);
        else if (res->limiter == OCC_WAVE_SLOTS)
            txt_appendf(buf, n, &at, "the %" PRIu64 " wave slots of a CU hold %" PRIu32 " whole %s", cu_wave_capacity(cfg), G,
                plural(G, "workgroup", "workgroups"));
        else if (res->limiter == OCC_BARRIERS)
            txt_appendf(buf, n, &at, "the %" PRId64 " barriers of a CU hold %" PRIu32 " workgroups", cfg->cu_barriers, G);
        else
            txt_appendf(buf, n, &at, "a CU holds at most %" PRId64 " workgroups", cfg->cu_max_workgroups);
        txt_appendf(buf, n, &at, ": %" PRIu32 " waves on %" PRIu64 " SIMDs, %.2f per SIMD on average; LLVM's rule rounds "
            "up to whole waves on the busiest SIMD", G * N, simds, res->waves_per_simd);
        break;
    }
    }
    return at;
}

void occ_report_advice(const cfg_t *cfg, const occ_kernel_t *k, const occ_advice_t *a, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    switch (a->change) {
    case OCC_CHANGE_AT_MOST:
        if (a->resource == OCC_LDS)
            txt_appendf(buf, n, &at, "save %" PRIu32 " bytes of LDS per workgroup (%" PRIu32 " -> %" PRIu32 ")",
                a->from - a->to, a->from, a->to);
        else
            txt_appendf(buf, n, &at, "save %" PRIu32 " %s per %s (%" PRIu32 " -> %" PRIu32 ")", a->from - a->to,
                occ_text_resource(a->resource), a->resource == OCC_VGPR ? "work-item" : "wave", a->from, a->to);
        txt_appendf(buf, n, &at, " for %" PRIu32 " waves/SIMD", a->target);
        break;
    case OCC_CHANGE_SIZE: {
        occ_kernel_t t = *k;
        t.wg_size = a->to;
        occ_llvm_t o;
        occ_llvm(cfg, &t, &o);
        if (a->resource == OCC_WAVE_SLOTS)
            txt_appendf(buf, n, &at, "whole %" PRIu32 "-wave workgroups leave wave slots empty",
                (k->wg_size + ISA_WAVE_SIZE - 1) / ISA_WAVE_SIZE);
        else if (a->resource == OCC_BARRIERS)
            txt_appendf(buf, n, &at, "each workgroup of more than one wave takes one of %" PRId64 " barriers", cfg->cu_barriers);
        else
            txt_appendf(buf, n, &at, "a CU holds at most %" PRId64 " workgroups", cfg->cu_max_workgroups);
        if (a->shape[0]) {
            txt_appendf(buf, n, &at, ": workgroups of %" PRIu32 "x%" PRIu32, a->shape[0], a->shape[1]);
            if (a->shape[2] > 1)
                txt_appendf(buf, n, &at, "x%" PRIu32, a->shape[2]);
            txt_appendf(buf, n, &at, " (%" PRIu32 " work-items, instead of %" PRIu32 ") would give %" PRIu32 " waves/SIMD",
                a->to, a->from, o.waves_per_simd);
        } else
            txt_appendf(buf, n, &at, ": workgroups of %" PRIu32 " work-items (instead of %" PRIu32 ") would give %" PRIu32
                " waves/SIMD", a->to, a->from, o.waves_per_simd);
        break;
    }
    default:
        if (a->target > (uint32_t)cfg->cu_wave_slots)
            txt_appendf(buf, n, &at, "none: %" PRIu32 " waves/SIMD is the maximum (cu.wave_slots)", a->target - 1);
        else if (a->shape[0])
            txt_appendf(buf, n, &at, "no workgroup shape keeping rows of %" PRIu32 " work-items gives %" PRIu32 " waves/SIMD",
                a->shape[0], a->target);
        else if (a->resource <= OCC_LDS)
            txt_appendf(buf, n, &at, "no %s count alone gives %" PRIu32 " waves/SIMD", occ_text_resource(a->resource), a->target);
        else
            txt_appendf(buf, n, &at, "no workgroup size up to 1024 work-items gives %" PRIu32 " waves/SIMD", a->target);
        break;
    }
}

/* ---- text and JSON ------------------------------------------------------------------------------------ */

typedef struct {
    occ_llvm_t llvm;
    occ_result_t res;
    int fits;                    /* occ_compute returned 0 */
    occ_advice_t adv[OCC_NUM_RESOURCES];
    unsigned nadv;
    occ_more_t more;             /* what would fit one more workgroup (the theoretical figure) */
    char never[512];             /* !fits: why, as a run's error says it */
    char why[512];
} analysis_t;

static void analyse(const cfg_t *cfg, const occ_kernel_t *k, analysis_t *a)
{
    occ_llvm(cfg, k, &a->llvm);
    a->fits = occ_compute(cfg, k, &a->res) == 0;
    occ_fit_more(cfg, k, &a->res, &a->more);
    a->never[0] = '\0';
    if (!a->fits)
        occ_never_fits(cfg, k, &a->res, a->never, sizeof a->never);
    a->nadv = 0;
    uint32_t target = a->llvm.waves_per_simd + 1;
    if (a->llvm.waves_per_simd >= (uint32_t)cfg->cu_wave_slots) /* at the maximum: one "none" entry */
        occ_llvm_advice(cfg, k, OCC_WAVE_SLOTS, target, &a->adv[a->nadv++]);
    else
        for (int r = 0; r < OCC_NUM_RESOURCES; r++)
            if (a->llvm.limiting & (1u << r))
                occ_llvm_advice(cfg, k, (occ_resource_t)r, target, &a->adv[a->nadv++]);
    occ_report_why(cfg, k, &a->llvm, &a->res, a->why, sizeof a->why);
}

/* label (16 columns) and text, wrapped at spaces to lines of at most 120 characters, continuation
 * lines indented under the text. */
static void print_wrapped(FILE *out, const char *label, const char *text)
{
    enum { WIDTH = 120, INDENT = 16 };
    fputs(label, out);
    size_t col = INDENT;
    while (*text) {
        size_t w = strcspn(text, " ");
        if (col > INDENT && col + 1 + w > WIDTH) {
            fprintf(out, "\n%*s", INDENT, "");
            col = INDENT;
        } else if (col > INDENT) {
            fputc(' ', out);
            col++;
        }
        fwrite(text, 1, w, out);
        col += w;
        text += w;
        while (*text == ' ')
            text++;
    }
    fputc('\n', out);
}

void occ_report_print(const cfg_t *cfg, const occ_report_input_t *in, FILE *out)
{
    analysis_t a;
    const occ_kernel_t *k = &in->k;
    analyse(cfg, k, &a);
    if (in->kernel) {
        fputs("kernel          ", out);
        asm_diag_put_name(out, in->kernel);
        fprintf(out, " (%s)\n", in->source);
    }
    fprintf(out, "resources       %" PRIu32 " VGPRs (allocated %" PRIu32 "), %" PRIu32 " SGPRs (allocated %" PRIu32
            "), %" PRIu32 " bytes LDS per workgroup (allocated %" PRIu32 ")\n", k->vgprs, a.res.vgpr_alloc, k->sgprs,
            a.res.sgpr_alloc, k->lds_bytes, a.res.lds_alloc);
    fprintf(out, "workgroup       %" PRIu32 " work-items = %" PRIu32 " %s\n", k->wg_size, a.res.waves_per_wg,
            plural(a.res.waves_per_wg, "wave", "waves"));
    fprintf(out, "machine         %" PRId64 " SIMDs x %" PRId64 " wave slots (at most %" PRId64 " waves per CU), %" PRId64
            " VGPRs and %" PRId64 " SGPRs per SIMD, %" PRId64 " bytes LDS, %" PRId64 " barriers, %" PRId64
            " workgroups per CU\n", cfg->cu_simds, cfg->cu_wave_slots, cfg->cu_max_waves, cfg->cu_vgprs, cfg->cu_sgprs,
            cfg->cu_lds_bytes, cfg->cu_barriers, cfg->cu_max_workgroups);
    /* Both rules in waves per SIMD, so the columns compare; the workgroups per CU beside them are
     * what the dispatcher counts (waves/SIMD = workgroups x waves per workgroup / SIMDs). */
    fputs("\nresource        workgroups/CU   = waves/SIMD    waves/SIMD by LLVM's rule\n", out);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++) {
        char w[32], g[32], gw[32];
        if (a.llvm.waves[r] == UINT32_MAX)
            snprintf(w, sizeof w, "no limit");
        else
            snprintf(w, sizeof w, "%" PRIu32, a.llvm.waves[r]);
        if (a.res.wg_limit[r] == UINT32_MAX) {
            snprintf(g, sizeof g, "no limit");
            snprintf(gw, sizeof gw, "no limit");
        } else {
            snprintf(g, sizeof g, "%" PRIu32, a.res.wg_limit[r]);
            occ_text_waves(cfg->cu_simds ? (double)a.res.wg_limit[r] * a.res.waves_per_wg / (double)cfg->cu_simds : 0.0,
                           gw, sizeof gw);
        }
        if (r == (int)a.res.limiter)
            fprintf(out, "  %-13s %-15s %-15s %-10s <- limiter\n", occ_resource_name((occ_resource_t)r), g, gw, w);
        else
            fprintf(out, "  %-13s %-15s %-15s %s\n", occ_resource_name((occ_resource_t)r), g, gw, w);
    }
    char waves[32];
    occ_text_waves(a.res.waves_per_simd, waves, sizeof waves);
    if (a.fits) {
        char more[512];
        occ_text_fit_more(cfg, &a.more, more, sizeof more);
        fprintf(out, "\ntheoretical     %s waves/SIMD (%.0f%%), limited by %s: %" PRIu32 " %s of %" PRIu32 " %s per CU\n",
                waves, 100.0 * a.res.occupancy, occ_text_resource(a.res.limiter), a.res.wg_per_cu,
                plural(a.res.wg_per_cu, "workgroup", "workgroups"), a.res.waves_per_wg,
                plural(a.res.waves_per_wg, "wave", "waves"));
        fprintf(out, "                %s\n", more);
    } else {
        char none[600];
        snprintf(none, sizeof none, "none: %s; a run refuses it", a.never);
        fputc('\n', out);
        print_wrapped(out, "theoretical     ", none);
    }
    fprintf(out, "compiler estimate (LLVM rule) %" PRIu32 " waves/SIMD (%.0f%%), limited by %s",
            a.llvm.waves_per_simd, 100.0 * a.llvm.occupancy, occ_text_resource(a.llvm.limiter));
    const char *sep = " (equally limited by ";
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        if ((a.llvm.limiting & (1u << r)) && r != (int)a.llvm.limiter) {
            fprintf(out, "%s%s", sep, occ_text_resource((occ_resource_t)r));
            sep = ", ";
        }
    fputs(*sep == ',' ? ")\n" : "\n", out);
    for (unsigned i = 0; i < a.nadv; i++) {
        char line[256];
        occ_report_advice(cfg, k, &a.adv[i], line, sizeof line);
        fprintf(out, "                %s%s\n", i ? "" : "to gain a wave: ", line);
    }
    if (a.why[0])
        print_wrapped(out, "why they differ ", a.why);
}

static void json_str(FILE *out, const char *s)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

static void json_limit(FILE *out, uint32_t v)
{
    if (v == UINT32_MAX)
        fputs("null", out);
    else
        fprintf(out, "%" PRIu32, v);
}

void occ_report_json(const cfg_t *cfg, const occ_report_input_t *in, FILE *out)
{
    analysis_t a;
    const occ_kernel_t *k = &in->k;
    analyse(cfg, k, &a);
    fputs("{\n  \"schema_version\": 3,\n  \"kernel\": ", out);
    json_str(out, in->kernel);
    fputs(",\n  \"source\": ", out);
    json_str(out, in->source);
    fprintf(out, ",\n  \"input\": {\"vgprs\": %" PRIu32 ", \"sgprs\": %" PRIu32 ", \"lds_bytes\": %" PRIu32
            ", \"workgroup_size\": %" PRIu32 "},\n", k->vgprs, k->sgprs, k->lds_bytes, k->wg_size);
    fprintf(out, "  \"allocation\": {\"vgprs\": %" PRIu32 ", \"sgprs\": %" PRIu32 ", \"lds_bytes\": %" PRIu32
            ", \"waves_per_workgroup\": %" PRIu32 "},\n", a.res.vgpr_alloc, a.res.sgpr_alloc, a.res.lds_alloc,
            a.res.waves_per_wg);
    fprintf(out, "  \"machine\": {\"simds\": %" PRId64 ", \"wave_slots\": %" PRId64 ", \"max_waves\": %" PRId64
            ", \"vgprs\": %" PRId64 ", \"vgpr_granule\": %" PRId64 ", \"sgprs\": %" PRId64 ", \"sgpr_granule\": %" PRId64
            ", \"lds_bytes\": %" PRId64 ", \"lds_granule\": %" PRId64 ", \"barriers\": %" PRId64
            ", \"max_workgroups\": %" PRId64 "},\n", cfg->cu_simds, cfg->cu_wave_slots, cfg->cu_max_waves, cfg->cu_vgprs,
            cfg->cu_vgpr_granule, cfg->cu_sgprs, cfg->cu_sgpr_granule, cfg->cu_lds_bytes, cfg->cu_lds_granule,
            cfg->cu_barriers, cfg->cu_max_workgroups);
    static const char *const change[] = { "none", "at_most", "workgroup_size" };
    fputs("  \"theoretical\": {\"never_fits\": ", out);
    json_str(out, a.fits ? NULL : a.never);
    fprintf(out, ", \"fits\": %s, \"waves_per_simd\": %.6f, \"occupancy\": %.6f, "
            "\"workgroups_per_cu\": %" PRIu32 ", \"limiter\": \"%s\",\n    \"workgroups_per_cu_by_resource\": {",
            a.fits ? "true" : "false", a.res.waves_per_simd, a.res.occupancy, a.res.wg_per_cu,
            occ_resource_name(a.res.limiter));
    for (int r = 0; r < OCC_NUM_RESOURCES; r++) {
        fprintf(out, "%s\"%s\": ", r ? ", " : "", occ_resource_name((occ_resource_t)r));
        json_limit(out, a.res.wg_limit[r]);
    }
    fputs("},\n    ", out);
    occ_text_json_more(cfg, &a.more, "\n    ", out);
    fprintf(out, "},\n  \"compiler_estimate\": {\"rule\": \"llvm\", \"waves_per_simd\": %" PRIu32 ", \"occupancy\": %.6f, "
            "\"limiter\": \"%s\", \"limiting\": [", a.llvm.waves_per_simd, a.llvm.occupancy,
            occ_resource_name(a.llvm.limiter));
    for (int r = 0, first = 1; r < OCC_NUM_RESOURCES; r++)
        if (a.llvm.limiting & (1u << r)) {
            fprintf(out, "%s\"%s\"", first ? "" : ", ", occ_resource_name((occ_resource_t)r));
            first = 0;
        }
    fputs("],\n    \"waves_per_simd_by_resource\": {", out);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++) {
        fprintf(out, "%s\"%s\": ", r ? ", " : "", occ_resource_name((occ_resource_t)r));
        json_limit(out, a.llvm.waves[r]);
    }
    fprintf(out, "},\n    \"at_maximum\": %s,\n    \"to_gain_one_wave\": [",
            a.llvm.waves_per_simd >= (uint32_t)cfg->cu_wave_slots ? "true" : "false");
    for (unsigned i = 0; i < a.nadv; i++) {
        const occ_advice_t *d = &a.adv[i];
        char text[256];
        occ_report_advice(cfg, k, d, text, sizeof text);
        fprintf(out, "%s\n      {\"resource\": \"%s\", \"change\": \"%s\", \"from\": %" PRIu32 ", \"to\": ", i ? "," : "",
                occ_resource_name(d->resource), change[d->change], d->from);
        json_limit(out, d->change == OCC_CHANGE_NONE ? UINT32_MAX : d->to);
        if (d->change == OCC_CHANGE_SIZE && d->shape[0])
            fprintf(out, ", \"shape\": [%" PRIu32 ", %" PRIu32 ", %" PRIu32 "]", d->shape[0], d->shape[1], d->shape[2]);
        fprintf(out, ", \"waves_per_simd\": %" PRIu32 ", \"text\": ", d->target);
        json_str(out, text);
        fputc('}', out);
    }
    fputs("]},\n  \"why_they_differ\": ", out);
    json_str(out, a.why[0] ? a.why : NULL);
    fputs("\n}\n", out);
}

/* ---- gcnsim occupancy ------------------------------------------------------------------------------ */

typedef struct {
    const char *opt;
    uint32_t max;
    const char *what;
    int64_t value;     /* -1: not given */
} num_opt_t;

enum { OPT_VGPRS, OPT_SGPRS, OPT_LDS, OPT_WG, NUM_NUM_OPTS };

/* getopt_long's codes: the numbers' are OPT_NUM + their index in nums[]. */
enum { OPT_NUM = 256, OPT_KERNEL = OPT_NUM + NUM_NUM_OPTS, OPT_DISPATCH, OPT_CONFIG, OPT_SET, OPT_JSON };

/* In the order the nearest name is chosen among equally near ones. */
static const struct option occ_options[] = {
    { "vgprs", required_argument, NULL, OPT_NUM + OPT_VGPRS },
    { "sgprs", required_argument, NULL, OPT_NUM + OPT_SGPRS },
    { "lds", required_argument, NULL, OPT_NUM + OPT_LDS },
    { "workgroup", required_argument, NULL, OPT_NUM + OPT_WG },
    { "kernel", required_argument, NULL, OPT_KERNEL },
    { "dispatch", required_argument, NULL, OPT_DISPATCH },
    { "config", required_argument, NULL, OPT_CONFIG },
    { "set", required_argument, NULL, OPT_SET },
    { "json", no_argument, NULL, OPT_JSON },
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
static int from_kernel_file(const char *path, const char *name, occ_report_input_t *in, isa_program_t *prog, FILE *err)
{
    if (launch_assemble(path, prog, err) != 0)
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
        k = launch_find_kernel(prog, name, &nmatch);
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
    in->k.sgprs = k->sgprs_used;
    in->k.lds_bytes = k->lds_static;
    in->k.wg_size = 256; /* documented default for a bare kernel */
    return 0;
}

/* The numbers a run of the workload would use: launch_prepare resolves the kernel, the vgprs and lds
 * overrides and the dynamic LDS arguments exactly as `gcnsim run` does. */
static int from_workload(const char *path, const char **sets, size_t nsets, const char *dispatch, occ_report_input_t *in,
                         wl_workload_t *wl, isa_program_t *prog, bool *have_prog, FILE *err)
{
    if (wl_load(path, sets, nsets, wl, err) != 0)
        return 1;
    *have_prog = true;
    if (launch_assemble_src(wl->source, wl->cflags[0] ? wl->cflags : NULL, prog, err) != 0) {
        fprintf(err, "%s:%" PRIu32 ": note: kernel source of this workload\n", wl->path, wl->source_line);
        return 1;
    }
    launch_t *L = malloc(sizeof *L);
    if (!L)
        return 3;
    launch_options_t lo = { 0, 0 };
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
        in->k = timing_occ_kernel(&L->dispatches[di]);
        in->kernel = L->dispatches[di].kernel->name;
    }
    launch_free(L);
    free(L);
    return rc;
}

int occ_cmd(int argc, char **argv, FILE *out, FILE *err)
{
    num_opt_t nums[NUM_NUM_OPTS] = {
        [OPT_VGPRS] = { "--vgprs", 256, "a VGPR count", -1 },
        [OPT_SGPRS] = { "--sgprs", 112, "an SGPR count", -1 },
        [OPT_LDS] = { "--lds", 65536, "a byte count", -1 },
        [OPT_WG] = { "--workgroup", 1024, "a work-item count", -1 },
    };
    const char *file = NULL, *kernel = NULL, *dispatch = NULL, *config_path = NULL;
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
    static const int nonempty[] = { OPT_KERNEL, OPT_CONFIG, 0 };
    cli_opts_t spec = { "occupancy", "occupancy", occ_options, NULL, 3, true, nonempty, err };
    cli_getopt_t g;
    cli_getopt_start(&g, &spec, argc - 1, argv + 1);
    for (int c; (c = cli_getopt(&g)) != CLI_OPT_END;) {
        switch (c) {
        case 'h':
            fputs(occ_cmd_usage, out);
            rc = 0;
            goto out;
        case OPT_JSON:
            json = true;
            break;
        case OPT_VGPRS + OPT_NUM:
        case OPT_SGPRS + OPT_NUM:
        case OPT_LDS + OPT_NUM:
        case OPT_WG + OPT_NUM:
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
            if (nums[n].value < 0)
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

    /* The machine: defaults or --config, then the --set options naming configuration keys; workload
     * keys go to the workload's loader. */
    cfg_t cfg;
    int nerr = 0;
    cfg_defaults(&cfg);
    if (config_path)
        nerr += cfg_load_file(&cfg, config_path, err);
    for (size_t s = 0; s < nsets; s++) {
        char name[128];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(sets[s], "="), sets[s]);
        bool wl_key = strncmp(name, "kernel.", 7) == 0 || strncmp(name, "args.", 5) == 0 ||
                      strncmp(name, "buffer.", 7) == 0;
        if (wl_key && is_wl)
            wl_sets[nwl++] = sets[s];
        else if (wl_key) {
            fprintf(err, "--set '%s': error: '%s' is a workload key; it applies only with a WORKLOAD.ini\n", sets[s], name);
            nerr++;
        } else
            nerr += cfg_set(&cfg, sets[s], err) != 0;
    }
    if (nerr || cli_validate_config(&cfg, err) != 0)
        goto out;

    occ_report_input_t in = { NULL, file, { .wg_size = 256 } };
    if (file && is_wl) {
        rc = from_workload(file, wl_sets, nwl, dispatch, &in, &wl, &prog, &have_prog, err);
        have_wl = have_prog;
        if (rc != 0)
            goto out;
        rc = 1;
    } else if (file) {
        have_prog = true;
        if (from_kernel_file(file, kernel, &in, &prog, err) != 0)
            goto out;
    }
    /* Options given with a file override its numbers. */
    if (nums[OPT_VGPRS].value >= 0)
        in.k.vgprs = (uint32_t)nums[OPT_VGPRS].value;
    if (nums[OPT_SGPRS].value >= 0)
        in.k.sgprs = (uint32_t)nums[OPT_SGPRS].value;
    if (nums[OPT_LDS].value >= 0)
        in.k.lds_bytes = (uint32_t)nums[OPT_LDS].value;
    if (nums[OPT_WG].value >= 0) { /* a size without a shape: 1-D */
        in.k.wg_size = (uint32_t)nums[OPT_WG].value;
        memset(in.k.wg_dim, 0, sizeof in.k.wg_dim);
    }
    if (json)
        occ_report_json(&cfg, &in, out);
    else
        occ_report_print(&cfg, &in, out);
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

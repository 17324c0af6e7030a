/* occ_report: the occupancy analysis in text and JSON, as `gcnsim occupancy` prints it
 * (docs/occupancy.md), rendered from the analysis (occ_report.h). */
#include "report/occ_report.h"

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "asm/asm_diag.h"
#include "isa.h"
#include "base/text.h"
#include "observe/json_out.h"
#include "report/occ_text.h"

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
        txt_appendf(buf, n, &at, "%" PRIu32 " %s per wave", used, occ_text_resource_k(res->limiter, k));
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
                occ_text_resource_k(a->resource, k), a->resource == OCC_VGPR ? "work-item" : "wave", a->from, a->to);
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
            txt_appendf(buf, n, &at, "no %s count alone gives %" PRIu32 " waves/SIMD", occ_text_resource_k(a->resource, k), a->target);
        else
            txt_appendf(buf, n, &at, "no workgroup size up to 1024 work-items gives %" PRIu32 " waves/SIMD", a->target);
        break;
    }
}

/* ---- text and JSON ------------------------------------------------------------------------------------ */

/* The analysis's two sentences: why a workgroup never fits (as a run's error says it; empty when it
 * fits) and why the two figures differ (empty when they agree). */
typedef struct {
    char never[512];
    char why[512];
} texts_t;

static void sentences(const cfg_t *cfg, const occ_analysis_t *a, texts_t *t)
{
    t->never[0] = '\0';
    if (!a->fits)
        occ_never_fits(cfg, &a->k, &a->res, t->never, sizeof t->never);
    occ_report_why(cfg, &a->k, &a->llvm, &a->res, t->why, sizeof t->why);
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

void occ_report_print(const cfg_t *cfg, const char *kernel, const char *source, const occ_analysis_t *a, FILE *out)
{
    texts_t t;
    const occ_kernel_t *k = &a->k;
    sentences(cfg, a, &t);
    if (kernel) {
        fputs("kernel          ", out);
        asm_diag_put_name(out, kernel);
        fprintf(out, " (%s)\n", source);
    }
    if (k->agprs) /* CDNA (agpr): the total LLVM counts, and its parts */
        fprintf(out, "resources       %" PRIu32 " VGPRs and AGPRs (%" PRIu32 " VGPRs, %" PRIu32 " AGPRs; allocated %" PRIu32
                "), %" PRIu32 " SGPRs (allocated %" PRIu32 "), %" PRIu32 " bytes LDS per workgroup (allocated %" PRIu32
                ")\n", k->vgprs, k->arch_vgprs, k->agprs, a->res.vgpr_alloc, k->sgprs, a->res.sgpr_alloc, k->lds_bytes,
                a->res.lds_alloc);
    else
        fprintf(out, "resources       %" PRIu32 " VGPRs (allocated %" PRIu32 "), %" PRIu32 " SGPRs (allocated %" PRIu32
                "), %" PRIu32 " bytes LDS per workgroup (allocated %" PRIu32 ")\n", k->vgprs, a->res.vgpr_alloc, k->sgprs,
                a->res.sgpr_alloc, k->lds_bytes, a->res.lds_alloc);
    fprintf(out, "workgroup       %" PRIu32 " work-items = %" PRIu32 " %s\n", k->wg_size, a->res.waves_per_wg,
            plural(a->res.waves_per_wg, "wave", "waves"));
    fprintf(out, "machine         %" PRId64 " SIMDs x %" PRId64 " wave slots (at most %" PRId64 " waves per CU), %" PRId64
            " VGPRs and %" PRId64 " SGPRs per SIMD, %" PRId64 " bytes LDS, %" PRId64 " barriers, %" PRId64
            " workgroups per CU\n", cfg->cu_simds, cfg->cu_wave_slots, cfg->cu_max_waves, cfg->cu_vgprs, cfg->cu_sgprs,
            cfg->cu_lds_bytes, cfg->cu_barriers, cfg->cu_max_workgroups);
    /* Both rules in waves per SIMD, so the columns compare; the workgroups per CU beside them are
     * what the dispatcher counts (waves/SIMD = workgroups x waves per workgroup / SIMDs). */
    fputs("\nresource        workgroups/CU   = waves/SIMD    waves/SIMD by LLVM's rule\n", out);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++) {
        char w[32], g[32], gw[32];
        if (a->llvm.waves[r] == UINT32_MAX)
            snprintf(w, sizeof w, "no limit");
        else
            snprintf(w, sizeof w, "%" PRIu32, a->llvm.waves[r]);
        if (a->res.wg_limit[r] == UINT32_MAX) {
            snprintf(g, sizeof g, "no limit");
            snprintf(gw, sizeof gw, "no limit");
        } else {
            snprintf(g, sizeof g, "%" PRIu32, a->res.wg_limit[r]);
            occ_text_waves(cfg->cu_simds ? (double)a->res.wg_limit[r] * a->res.waves_per_wg / (double)cfg->cu_simds : 0.0,
                           gw, sizeof gw);
        }
        if (r == (int)a->res.limiter)
            fprintf(out, "  %-13s %-15s %-15s %-10s <- limiter\n", occ_resource_name((occ_resource_t)r), g, gw, w);
        else
            fprintf(out, "  %-13s %-15s %-15s %s\n", occ_resource_name((occ_resource_t)r), g, gw, w);
    }
    char waves[32];
    occ_text_waves(a->res.waves_per_simd, waves, sizeof waves);
    if (a->fits) {
        char more[512];
        occ_text_fit_more(cfg, &a->more, more, sizeof more);
        fprintf(out, "\ntheoretical     %s waves/SIMD (%.0f%%), limited by %s: %" PRIu32 " %s of %" PRIu32 " %s per CU\n",
                waves, 100.0 * a->res.occupancy, occ_text_resource_k(a->res.limiter, k), a->res.wg_per_cu,
                plural(a->res.wg_per_cu, "workgroup", "workgroups"), a->res.waves_per_wg,
                plural(a->res.waves_per_wg, "wave", "waves"));
        fprintf(out, "                %s\n", more);
    } else {
        char none[600];
        snprintf(none, sizeof none, "none: %s; a run refuses it", t.never);
        fputc('\n', out);
        print_wrapped(out, "theoretical     ", none);
    }
    fprintf(out, "compiler estimate (LLVM rule) %" PRIu32 " waves/SIMD (%.0f%%), limited by %s",
            a->llvm.waves_per_simd, 100.0 * a->llvm.occupancy, occ_text_resource_k(a->llvm.limiter, k));
    const char *sep = " (equally limited by ";
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        if ((a->llvm.limiting & (1u << r)) && r != (int)a->llvm.limiter) {
            fprintf(out, "%s%s", sep, occ_text_resource_k((occ_resource_t)r, k));
            sep = ", ";
        }
    fputs(*sep == ',' ? ")\n" : "\n", out);
    for (unsigned i = 0; i < a->nadv; i++) {
        char line[256];
        occ_report_advice(cfg, k, &a->adv[i], line, sizeof line);
        fprintf(out, "                %s%s\n", i ? "" : "to gain a wave: ", line);
    }
    if (t.why[0])
        print_wrapped(out, "why they differ ", t.why);
}

static void json_by_resource(jout_t *j, const char *key, const uint32_t v[OCC_NUM_RESOURCES])
{
    jout_key(j, key);
    jout_object(j, 0);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++) {
        jout_key(j, occ_resource_name((occ_resource_t)r));
        jout_limit(j, v[r]);
    }
    jout_end(j);
}

void occ_report_json(const cfg_t *cfg, const char *kernel, const char *source, const occ_analysis_t *a, FILE *out)
{
    texts_t t;
    const occ_kernel_t *k = &a->k;
    sentences(cfg, a, &t);
    jout_t jw, *j = &jw;
    jout_init(j, out, false);
    jout_object(j, JOUT_WRAP | JOUT_CLOSE);
    jout_ku64(j, "schema_version", 3);
    jout_kstr(j, "kernel", kernel);
    jout_kstr(j, "source", source);
    jout_key(j, "input");
    jout_object(j, 0);
    jout_ku64(j, "vgprs", k->vgprs);
    if (k->agprs) { /* CDNA (agpr): vgprs is then both files' total */
        jout_ku64(j, "agprs", k->agprs);
        jout_ku64(j, "arch_vgprs", k->arch_vgprs);
    }
    jout_ku64(j, "sgprs", k->sgprs);
    jout_ku64(j, "lds_bytes", k->lds_bytes);
    jout_ku64(j, "workgroup_size", k->wg_size);
    jout_end(j);
    jout_key(j, "allocation");
    jout_object(j, 0);
    jout_ku64(j, "vgprs", a->res.vgpr_alloc);
    jout_ku64(j, "sgprs", a->res.sgpr_alloc);
    jout_ku64(j, "lds_bytes", a->res.lds_alloc);
    jout_ku64(j, "waves_per_workgroup", a->res.waves_per_wg);
    jout_end(j);
    jout_key(j, "machine");
    jout_object(j, 0);
    jout_ki64(j, "simds", cfg->cu_simds);
    jout_ki64(j, "wave_slots", cfg->cu_wave_slots);
    jout_ki64(j, "max_waves", cfg->cu_max_waves);
    jout_ki64(j, "vgprs", cfg->cu_vgprs);
    jout_ki64(j, "vgpr_granule", cfg->cu_vgpr_granule);
    jout_ki64(j, "sgprs", cfg->cu_sgprs);
    jout_ki64(j, "sgpr_granule", cfg->cu_sgpr_granule);
    jout_ki64(j, "lds_bytes", cfg->cu_lds_bytes);
    jout_ki64(j, "lds_granule", cfg->cu_lds_granule);
    jout_ki64(j, "barriers", cfg->cu_barriers);
    jout_ki64(j, "max_workgroups", cfg->cu_max_workgroups);
    jout_end(j);
    static const char *const change[] = { "none", "at_most", "workgroup_size" };
    jout_key(j, "theoretical");
    jout_object(j, 0);
    jout_kstr(j, "never_fits", a->fits ? NULL : t.never);
    jout_kbool(j, "fits", a->fits);
    jout_kf6(j, "waves_per_simd", a->res.waves_per_simd);
    jout_kf6(j, "occupancy", a->res.occupancy);
    jout_ku64(j, "workgroups_per_cu", a->res.wg_per_cu);
    jout_kstr(j, "limiter", occ_resource_name(a->res.limiter));
    jout_wrap(j, true); /* the by-resource table and the advice on lines of their own */
    json_by_resource(j, "workgroups_per_cu_by_resource", a->res.wg_limit);
    occ_text_json_more(cfg, &a->more, j);
    jout_end(j);
    jout_key(j, "compiler_estimate");
    jout_object(j, 0);
    jout_kstr(j, "rule", "llvm");
    jout_ku64(j, "waves_per_simd", a->llvm.waves_per_simd);
    jout_kf6(j, "occupancy", a->llvm.occupancy);
    jout_kstr(j, "limiter", occ_resource_name(a->llvm.limiter));
    jout_key(j, "limiting");
    jout_array(j, 0);
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        if (a->llvm.limiting & (1u << r))
            jout_str(j, occ_resource_name((occ_resource_t)r));
    jout_end(j);
    jout_wrap(j, true);
    json_by_resource(j, "waves_per_simd_by_resource", a->llvm.waves);
    jout_kbool(j, "at_maximum", a->llvm.waves_per_simd >= (uint32_t)cfg->cu_wave_slots);
    jout_key(j, "to_gain_one_wave");
    jout_array(j, JOUT_WRAP);
    for (unsigned i = 0; i < a->nadv; i++) {
        const occ_advice_t *d = &a->adv[i];
        char text[256];
        occ_report_advice(cfg, k, d, text, sizeof text);
        jout_object(j, 0);
        jout_kstr(j, "resource", occ_resource_name(d->resource));
        jout_kstr(j, "change", change[d->change]);
        jout_ku64(j, "from", d->from);
        jout_key(j, "to");
        jout_limit(j, d->change == OCC_CHANGE_NONE ? UINT32_MAX : d->to);
        if (d->change == OCC_CHANGE_SIZE && d->shape[0]) {
            jout_key(j, "shape");
            jout_array(j, 0);
            for (int s = 0; s < 3; s++)
                jout_u64(j, d->shape[s]);
            jout_end(j);
        }
        jout_ku64(j, "waves_per_simd", d->target);
        jout_kstr(j, "text", text);
        jout_end(j);
    }
    jout_end(j);
    jout_end(j);
    jout_kstr(j, "why_they_differ", t.why[0] ? t.why : NULL);
    jout_end(j);
    jout_newline(j);
}

/* occ_text: occupancy wording shared by the run report and `gcnsim occupancy`. */
#include "report/occ_text.h"

#include "base/text.h"
#include "observe/json_out.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

static const char *const long_names[OCC_NUM_RESOURCES] = {
    [OCC_VGPR] = "VGPRs", [OCC_SGPR] = "SGPRs", [OCC_LDS] = "LDS", [OCC_WAVE_SLOTS] = "wave slots",
    [OCC_BARRIERS] = "barriers", [OCC_WORKGROUPS] = "workgroups per CU",
};

const char *occ_text_resource(occ_resource_t r)
{
    return (unsigned)r < OCC_NUM_RESOURCES ? long_names[r] : "unknown";
}

const char *occ_text_resource_k(occ_resource_t r, const occ_kernel_t *k)
{
    return r == OCC_VGPR && k && k->agprs ? "registers (VGPR+AGPR)" : occ_text_resource(r);
}

void occ_text_waves(double w, char *buf, size_t n)
{
    if (w == floor(w) && w < 1e9)
        snprintf(buf, n, "%.0f", w);
    else
        snprintf(buf, n, "%.2f", w);
}

void occ_text_next_wg(uint32_t g, char *buf, size_t n)
{
    static const char *const nth[] = { "one workgroup", "a second workgroup", "a third workgroup",
                                       "a fourth workgroup", "a fifth workgroup", "a sixth workgroup",
                                       "a seventh workgroup", "an eighth workgroup", "a ninth workgroup",
                                       "a tenth workgroup" };
    if (g < sizeof nth / sizeof nth[0])
        snprintf(buf, n, "to fit %s", nth[g]);
    else
        snprintf(buf, n, "to fit %" PRIu32 " workgroups per CU", g + 1);
}

void occ_text_wg_advice(const cfg_t *cfg, const occ_advice_t *a, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    switch (a->change) {
    case OCC_CHANGE_AT_MOST:
        if (a->resource == OCC_LDS)
            txt_appendf(buf, n, &at, "LDS <= %" PRIu32 " bytes (save %" PRIu32 ")", a->to, a->from - a->to);
        else
            txt_appendf(buf, n, &at, "%s <= %" PRIu32 " (save %" PRIu32 ")", long_names[a->resource], a->to, a->from - a->to);
        break;
    case OCC_CHANGE_SIZE:
        if (a->shape[0]) {
            txt_appendf(buf, n, &at, "workgroups of %" PRIu32 "x%" PRIu32, a->shape[0], a->shape[1]);
            if (a->shape[2] > 1)
                txt_appendf(buf, n, &at, "x%" PRIu32, a->shape[2]);
            txt_appendf(buf, n, &at, " (%" PRIu32 " work-items; %s)", a->to, long_names[a->resource]);
        } else if (a->resource == OCC_BARRIERS)
            txt_appendf(buf, n, &at, "one-wave workgroups (%" PRIu32 " work-items), which need no barrier", a->to);
        else
            txt_appendf(buf, n, &at, "workgroups of at most %" PRIu32 " work-items (%s)", a->to, long_names[a->resource]);
        break;
    default:
        if (a->shape[0])
            txt_appendf(buf, n, &at, "not possible keeping rows of %" PRIu32 " work-items: workgroups of at most %" PRIu32
                        " work-items (%s)", a->shape[0], a->to, long_names[a->resource]);
        else if (a->resource == OCC_WORKGROUPS)
            txt_appendf(buf, n, &at, "not possible: a CU holds at most %" PRId64 " workgroups (cu.max_workgroups)",
                cfg->cu_max_workgroups);
        else if (a->resource == OCC_WAVE_SLOTS)
            txt_appendf(buf, n, &at, "not possible: the CU's wave slots are full");
        else if (a->resource == OCC_BARRIERS)
            txt_appendf(buf, n, &at, "not possible: a CU has %" PRId64 " barriers (cu.barriers)", cfg->cu_barriers);
        else
            txt_appendf(buf, n, &at, "not possible by %s alone", long_names[a->resource]);
        break;
    }
}

size_t occ_text_fit_more(const cfg_t *cfg, const occ_more_t *m, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    switch (m->kind) {
    case OCC_MORE_NEVER:
        txt_appendf(buf, n, &at, "to fit more: none, not even one workgroup fits");
        return at;
    case OCC_MORE_FULL:
        txt_appendf(buf, n, &at, "to fit more: none, every wave slot of the CU is in use (%" PRIu32 " waves)", m->cu_waves);
        return at;
    default:
        break;
    }
    char head[64];
    occ_text_next_wg(m->target - 1, head, sizeof head);
    if (m->kind == OCC_MORE_NO_GAIN)
        txt_appendf(buf, n, &at, "to fit more: none that raises occupancy (%s would take ", head);
    else
        txt_appendf(buf, n, &at, "%s: ", head);
    for (unsigned i = 0; i < m->n; i++) {
        char piece[160];
        occ_text_wg_advice(cfg, &m->adv[i], piece, sizeof piece);
        txt_appendf(buf, n, &at, "%s%s", i ? " and " : "", piece);
    }
    if (m->kind == OCC_MORE_NO_GAIN)
        txt_appendf(buf, n, &at, ", leaving %" PRIu32 " waves on a CU against %" PRIu32 " now)", m->waves_after, m->waves_now);
    return at;
}

void occ_text_json_more(const cfg_t *cfg, const occ_more_t *m, jout_t *j)
{
    static const char *const change[] = { "none", "at_most", "workgroup_size" };
    static const char *const kind[] = { "change", "full", "no_gain", "blocked", "never_fits" };
    char text[512];
    jout_key(j, "to_fit_one_more_workgroup");
    jout_array(j, 0);
    /* Only advice that would raise occupancy is listed: the entries are what to do. */
    unsigned n = m->kind == OCC_MORE_CHANGE || m->kind == OCC_MORE_BLOCKED ? m->n : 0;
    for (unsigned i = 0; i < n; i++) {
        const occ_advice_t *a = &m->adv[i];
        occ_text_wg_advice(cfg, a, text, sizeof text);
        jout_object(j, 0);
        jout_kstr(j, "resource", occ_resource_name(a->resource));
        jout_kstr(j, "change", change[a->change]);
        jout_ku64(j, "from", a->from);
        jout_key(j, "to");
        if (a->change == OCC_CHANGE_NONE)
            jout_null(j);
        else
            jout_u64(j, a->to);
        if (a->shape[0]) {
            jout_key(j, "shape");
            jout_array(j, 0);
            for (int d = 0; d < 3; d++)
                jout_u64(j, a->shape[d]);
            jout_end(j);
        }
        jout_ku64(j, "target_workgroups_per_cu", a->target);
        jout_kstr(j, "text", text);
        jout_end(j);
    }
    jout_end(j);
    occ_text_fit_more(cfg, m, text, sizeof text);
    jout_key(j, "to_fit_more");
    jout_object(j, 0);
    jout_kstr(j, "kind", kind[m->kind]);
    jout_ku64(j, "waves_per_cu_now", m->waves_now);
    jout_key(j, "waves_per_cu_after");
    if (m->kind == OCC_MORE_CHANGE || m->kind == OCC_MORE_NO_GAIN)
        jout_u64(j, m->waves_after);
    else
        jout_null(j);
    jout_kstr(j, "text", text);
    jout_end(j);
}

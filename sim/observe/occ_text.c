/* occ_text: occupancy wording shared by the run report and `gcnsim occupancy`. */
#include "observe/occ_text.h"

#include "base/text.h"

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
        if (a->resource == OCC_BARRIERS)
            txt_appendf(buf, n, &at, "one-wave workgroups (%" PRIu32 " work-items), which need no barrier", a->to);
        else
            txt_appendf(buf, n, &at, "workgroups of at most %" PRIu32 " work-items (%s)", a->to, long_names[a->resource]);
        break;
    default:
        if (a->resource == OCC_WORKGROUPS)
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

size_t occ_text_fit_more(const cfg_t *cfg, const occ_kernel_t *k, const occ_result_t *res, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    /* Every wave slot in use is the maximum: smaller workgroups would only cut the same waves finer. */
    int64_t cu_waves = cfg->cu_simds * cfg->cu_wave_slots;
    if (cu_waves > cfg->cu_max_waves)
        cu_waves = cfg->cu_max_waves;
    if ((int64_t)res->wg_per_cu * res->waves_per_wg >= cu_waves) {
        txt_appendf(buf, n, &at, "to fit more: none, every wave slot of the CU is in use (%" PRId64 " waves)", cu_waves);
        return at;
    }
    occ_advice_t adv[OCC_NUM_RESOURCES];
    unsigned na = occ_wg_advice_all(cfg, k, res, adv);
    char head[64];
    occ_text_next_wg(res->wg_per_cu, head, sizeof head);
    txt_appendf(buf, n, &at, "%s: ", head);
    for (unsigned i = 0; i < na; i++) {
        char piece[160];
        occ_text_wg_advice(cfg, &adv[i], piece, sizeof piece);
        txt_appendf(buf, n, &at, "%s%s", i ? " and " : "", piece);
    }
    return at;
}

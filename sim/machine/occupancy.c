/* occ: theoretical occupancy at workgroup granularity (docs/architecture.md, "Occupancy").
 *
 * The dispatcher places whole workgroups, so every resource is turned into "workgroups per CU"
 * and the smallest wins. This is where gcnsim differs from LLVM's per-SIMD rule
 * (GCNSubtarget::computeOccupancy), which counts waves per SIMD for the register terms as if waves
 * could be placed one at a time:
 *   - one-wave workgroups: both rules agree for the VGPR term (min(floor(256 / alloc), 10)) and
 *     for SGPR counts whose 16-granule rounding lands on LLVM's thresholds (<= 80, 89..96,
 *     101..112). LLVM's gfx8 SGPR table behaves like an 8-SGPR granule (88 -> 9 waves,
 *     100 -> 8), whereas the VI ISA's 16-SGPR granule gives 96 -> 8 and 112 -> 7;
 *   - multi-wave workgroups: a workgroup only starts when all its waves fit. 1024 work-items at
 *     40 VGPRs: LLVM's VGPR term says 6 waves per SIMD, but 6 x 4 = 24 wave-sized VGPR blocks
 *     per CU hold only one 16-wave group, so 4 waves per SIMD are resident;
 *   - LLVM does not round LDS to its 512-byte granule (a FIXME in LLVM); gcnsim does, as the
 *     hardware allocates it that way. */
#include "machine/occupancy.h"

#include "isa.h"
#include "base/text.h"

#include <inttypes.h>
#include <string.h>

/* 64-bit rounding so that sizes near UINT32_MAX cannot wrap (occ_round_up works in 32 bits). */
static uint64_t round_up64(uint64_t v, uint64_t granule)
{
    return granule ? (v + granule - 1) / granule * granule : v;
}

static uint32_t clamp_u32(uint64_t v)
{
    return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/* Configuration values are validated int64s; a negative one can only come from a cfg_t built
 * by hand and is treated as 0. */
static uint64_t cfg_u(int64_t v)
{
    return v < 0 ? 0 : (uint64_t)v;
}

/* Workgroups a per-SIMD register file allows: waves per SIMD times SIMDs, in whole groups. */
static uint32_t reg_limit(uint64_t file, uint64_t alloc, uint64_t simds, uint64_t waves_per_wg)
{
    if (alloc == 0)
        return UINT32_MAX;
    return clamp_u32(file / alloc * simds / waves_per_wg);
}

int occ_compute(const cfg_t *cfg, const occ_kernel_t *k, occ_result_t *out)
{
    uint64_t simds = cfg_u(cfg->cu_simds), slots = cfg_u(cfg->cu_wave_slots);
    /* A zero-item workgroup is refused by the workload loader; count it as one wave so the
     * arithmetic stays defined. */
    uint64_t wpw = ((uint64_t)k->wg_size + ISA_WAVE_SIZE - 1) / ISA_WAVE_SIZE;
    if (wpw == 0)
        wpw = 1;
    uint64_t vgpr_alloc = round_up64(k->vgprs ? k->vgprs : 1, cfg_u(cfg->cu_vgpr_granule));
    uint64_t sgpr_alloc = round_up64(k->sgprs, cfg_u(cfg->cu_sgpr_granule));
    uint64_t lds_alloc = round_up64(k->lds_bytes, cfg_u(cfg->cu_lds_granule));

    out->waves_per_wg = clamp_u32(wpw);
    out->vgpr_alloc = clamp_u32(vgpr_alloc);
    out->sgpr_alloc = clamp_u32(sgpr_alloc);
    out->lds_alloc = clamp_u32(lds_alloc);

    uint32_t *lim = out->wg_limit;
    lim[OCC_VGPR] = reg_limit(cfg_u(cfg->cu_vgprs), vgpr_alloc, simds, wpw);
    /* No SGPRs at all (only possible for hand-made inputs) takes nothing from the file. */
    lim[OCC_SGPR] = reg_limit(cfg_u(cfg->cu_sgprs), sgpr_alloc, simds, wpw);
    lim[OCC_LDS] = lds_alloc ? clamp_u32(cfg_u(cfg->cu_lds_bytes) / lds_alloc) : UINT32_MAX;
    uint64_t cu_waves = slots * simds;
    if (cu_waves > cfg_u(cfg->cu_max_waves))
        cu_waves = cfg_u(cfg->cu_max_waves);
    lim[OCC_WAVE_SLOTS] = clamp_u32(cu_waves / wpw);
    /* Single-wave workgroups need no barrier resource (LLVM's getMaxWorkGroupsPerCU). */
    lim[OCC_BARRIERS] = wpw > 1 ? clamp_u32(cfg_u(cfg->cu_barriers)) : UINT32_MAX;
    lim[OCC_WORKGROUPS] = clamp_u32(cfg_u(cfg->cu_max_workgroups));

    out->limiter = OCC_VGPR;
    out->wg_per_cu = lim[OCC_VGPR];
    for (int r = OCC_VGPR + 1; r < OCC_NUM_RESOURCES; r++)
        if (lim[r] < out->wg_per_cu) { /* strict: ties go to the earlier resource */
            out->wg_per_cu = lim[r];
            out->limiter = (occ_resource_t)r;
        }
    out->waves_per_simd = simds ? (double)out->wg_per_cu * (double)wpw / (double)simds : 0.0;
    out->occupancy = slots ? out->waves_per_simd / (double)slots : 0.0;
    return out->wg_per_cu == 0 ? 1 : 0;
}

static const char *plural(uint64_t n, const char *one, const char *many) { return n == 1 ? one : many; }

/* The register case: the workgroup's waves spread over the SIMDs, ceil(N / simds) on the fullest,
 * each with its allocation; reg_limit is 0 exactly when that exceeds the file. */
static void never_fits_regs(const cfg_t *cfg, const occ_kernel_t *k, const occ_result_t *o, bool v, char *buf, size_t n,
                            size_t *at)
{
    uint64_t simds = cfg_u(cfg->cu_simds), N = o->waves_per_wg;
    uint64_t per_simd = simds ? (N + simds - 1) / simds : N;
    uint64_t alloc = v ? o->vgpr_alloc : o->sgpr_alloc, used = v ? (k->vgprs ? k->vgprs : 1) : k->sgprs;
    uint64_t file = cfg_u(v ? cfg->cu_vgprs : cfg->cu_sgprs), room = alloc ? file / alloc : 0;
    const char *name = v ? "VGPRs" : "SGPRs";
    if (N == 1)
        txt_appendf(buf, n, at, "its one wave needs %" PRIu64 " %s", alloc, name);
    else
        txt_appendf(buf, n, at, "its %" PRIu64 " waves need %" PRIu64 " %s per SIMD (%" PRIu64 " SIMDs) x %" PRIu64 " %s",
                    N, per_simd, plural(per_simd, "wave", "waves"), simds, alloc, name);
    if (alloc != used)
        txt_appendf(buf, n, at, " (%" PRIu64 " rounded up to the %" PRId64 "-register granule)", used,
                    v ? cfg->cu_vgpr_granule : cfg->cu_sgpr_granule);
    if (N > 1)
        txt_appendf(buf, n, at, " = %" PRIu64 " %s", per_simd * alloc, name);
    txt_appendf(buf, n, at, ", but a SIMD has %" PRIu64 " (cu.%s: room for %" PRIu64 " %s)", file,
                v ? "vgprs" : "sgprs", room, plural(room, "wave", "waves"));
}

size_t occ_never_fits(const cfg_t *cfg, const occ_kernel_t *k, const occ_result_t *o, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    txt_appendf(buf, n, &at, "a workgroup can never fit on a CU: ");
    uint64_t N = o->waves_per_wg, simds = cfg_u(cfg->cu_simds), per_simd = simds ? (N + simds - 1) / simds : N;
    switch (o->limiter) {
    case OCC_VGPR:
    case OCC_SGPR:
        never_fits_regs(cfg, k, o, o->limiter == OCC_VGPR, buf, n, &at);
        break;
    case OCC_LDS:
        txt_appendf(buf, n, &at, "it needs %" PRIu32 " bytes of LDS (%" PRIu32 " requested, in %" PRId64
                    "-byte granules) but a CU has %" PRId64, o->lds_alloc, k->lds_bytes, cfg->cu_lds_granule,
                    cfg->cu_lds_bytes);
        break;
    case OCC_WAVE_SLOTS:
        txt_appendf(buf, n, &at, "its %" PRIu64 " %s need %" PRIu64 " wave %s per SIMD (%" PRIu64 " SIMDs) but a SIMD has %"
                    PRId64 " (cu.wave_slots)", N, plural(N, "wave", "waves"), per_simd, plural(per_simd, "slot", "slots"),
                    simds, cfg->cu_wave_slots);
        if (cfg->cu_max_waves < cfg->cu_simds * cfg->cu_wave_slots)
            txt_appendf(buf, n, &at, ", and a CU holds at most %" PRId64 " waves (cu.max_waves)", cfg->cu_max_waves);
        break;
    case OCC_BARRIERS:
        txt_appendf(buf, n, &at, "its %" PRIu64 " waves need a barrier but a CU has %" PRId64 " (cu.barriers)", N,
                    cfg->cu_barriers);
        break;
    default:
        txt_appendf(buf, n, &at, "a CU holds %" PRId64 " workgroups (cu.max_workgroups)", cfg->cu_max_workgroups);
        break;
    }
    return at;
}

const char *occ_resource_name(occ_resource_t r)
{
    static const char *const names[OCC_NUM_RESOURCES] = {
        [OCC_VGPR] = "vgpr", [OCC_SGPR] = "sgpr", [OCC_LDS] = "lds",
        [OCC_WAVE_SLOTS] = "wave_slots", [OCC_BARRIERS] = "barriers", [OCC_WORKGROUPS] = "workgroups",
    };
    return (unsigned)r < OCC_NUM_RESOURCES ? names[r] : "unknown";
}

/* ---- LLVM's per-SIMD rule ------------------------------------------------------------------------- */

/* The largest workgroup the workload loader accepts; the size search of occ_llvm_advice stays in it. */
enum { MAX_WG_ITEMS = 1024 };

static uint32_t div_ceil32(uint64_t a, uint64_t b)
{
    return b ? clamp_u32((a + b - 1) / b) : UINT32_MAX;
}

/* getOccupancyWithNumSGPRs for gfx8 (VOLCANIC_ISLANDS and later, before gfx10): a fixed table in
 * LLVM, not derived from cu.sgprs. */
static uint32_t llvm_sgpr_waves(uint32_t sgprs)
{
    return sgprs <= 80 ? 10 : sgprs <= 88 ? 9 : sgprs <= 100 ? 8 : 7;
}

void occ_llvm(const cfg_t *cfg, const occ_kernel_t *k, occ_llvm_t *out)
{
    uint64_t simds = cfg_u(cfg->cu_simds), slots = cfg_u(cfg->cu_wave_slots);
    uint64_t n = ((uint64_t)k->wg_size + ISA_WAVE_SIZE - 1) / ISA_WAVE_SIZE;
    if (n == 0)
        n = 1;
    uint32_t *w = out->waves;
    out->waves_per_wg = clamp_u32(n);
    /* getNumWavesPerEUWithNumVGPRs without its max(.., 1): more VGPRs than the file gives 0. A count
     * below the granule rounds up to one granule, which LLVM's early "return MaxWaves" equals. */
    uint64_t valloc = round_up64(k->vgprs ? k->vgprs : 1, cfg_u(cfg->cu_vgpr_granule));
    w[OCC_VGPR] = valloc ? clamp_u32(cfg_u(cfg->cu_vgprs) / valloc) : UINT32_MAX;
    w[OCC_SGPR] = k->sgprs ? llvm_sgpr_waves(k->sgprs) : UINT32_MAX; /* "if (NumSGPRs)" */
    /* getOccupancyWithLocalMemSize, its groups rounded up to whole waves per SIMD. */
    uint64_t lalloc = round_up64(k->lds_bytes, cfg_u(cfg->cu_lds_granule));
    w[OCC_LDS] = lalloc ? div_ceil32(cfg_u(cfg->cu_lds_bytes) / lalloc * n, simds) : UINT32_MAX;
    uint64_t cu_waves = slots * simds;
    if (cu_waves > cfg_u(cfg->cu_max_waves))
        cu_waves = cfg_u(cfg->cu_max_waves);
    uint32_t ws = div_ceil32(cu_waves / n * n, simds);
    w[OCC_WAVE_SLOTS] = ws < slots ? ws : clamp_u32(slots); /* getMaxWavesPerEU */
    w[OCC_BARRIERS] = n > 1 ? div_ceil32(cfg_u(cfg->cu_barriers) * n, simds) : UINT32_MAX;
    w[OCC_WORKGROUPS] = div_ceil32(cfg_u(cfg->cu_max_workgroups) * n, simds);

    uint32_t min = UINT32_MAX;
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        min = w[r] < min ? w[r] : min;
    out->waves_per_simd = min;
    out->limiting = 0;
    out->limiter = OCC_NUM_RESOURCES;
    for (int r = 0; r < OCC_NUM_RESOURCES; r++)
        if (w[r] == min) {
            out->limiting |= 1u << r;
            if (out->limiter == OCC_NUM_RESOURCES)
                out->limiter = (occ_resource_t)r;
        }
    /* At the hardware maximum nothing can be saved for another wave: name the wave slots. */
    if (min == slots)
        out->limiter = OCC_WAVE_SLOTS;
    out->occupancy = slots ? (double)min / (double)slots : 0.0;
}

/* The nearest whole-wave workgroup size other than the current one whose full LLVM figure reaches
 * target (smaller first at equal distance), or 0. */
static uint32_t nearest_size(const cfg_t *cfg, const occ_kernel_t *k, uint32_t target)
{
    uint32_t n = (k->wg_size + ISA_WAVE_SIZE - 1) / ISA_WAVE_SIZE;
    uint32_t max = MAX_WG_ITEMS / ISA_WAVE_SIZE;
    for (uint32_t d = 1; d < max + n; d++)
        for (int side = 0; side < 2; side++) {
            if ((side == 0 && d >= n) || (side == 1 && n + d > max))
                continue;
            occ_kernel_t t = *k;
            t.wg_size = (side == 0 ? n - d : n + d) * ISA_WAVE_SIZE;
            occ_llvm_t o;
            occ_llvm(cfg, &t, &o);
            if (o.waves_per_simd != UINT32_MAX && o.waves_per_simd >= target)
                return t.wg_size;
        }
    return 0;
}

/* Whether kernel t lets resource r reach `target`: waves per SIMD by LLVM's rule, or workgroups per CU. */
static bool llvm_reaches(const cfg_t *cfg, const occ_kernel_t *t, occ_resource_t r, uint32_t target)
{
    occ_llvm_t o;
    occ_llvm(cfg, t, &o);
    return o.waves[r] >= target;
}
static bool wg_reaches(const cfg_t *cfg, const occ_kernel_t *t, occ_resource_t r, uint32_t target)
{
    occ_result_t o;
    occ_compute(cfg, t, &o);
    return o.wg_limit[r] >= target;
}

/* The largest VGPR or SGPR count below the kernel's (down to `least`) with which r reaches the
 * target, by either rule: out->to, OCC_CHANGE_AT_MOST; unchanged (NONE) when none does. */
static void largest_count(const cfg_t *cfg, const occ_kernel_t *k, occ_resource_t r, uint32_t least, uint32_t target,
                          bool (*reaches)(const cfg_t *, const occ_kernel_t *, occ_resource_t, uint32_t),
                          occ_advice_t *out)
{
    occ_kernel_t t = *k;
    uint32_t *field = r == OCC_VGPR ? &t.vgprs : &t.sgprs;
    out->from = *field;
    /* Descending, so the first count that reaches the target is the largest. */
    for (uint32_t v = out->from; v-- > least;) {
        *field = v;
        if (reaches(cfg, &t, r, target)) {
            out->change = OCC_CHANGE_AT_MOST;
            out->to = v;
            return;
        }
    }
}

/* A 2-D or 3-D workgroup cannot take any size: keep x (the contiguous dimension) and cut the
 * outermost dimension above 1 to the largest count that stays within out->to work-items; the
 * wave-slot and barrier limits only grow as a workgroup shrinks, so the shape still reaches the
 * target. When even one row of the outer dimension is too many, the advice is NONE. */
static void shape_for(const occ_kernel_t *k, occ_advice_t *out)
{
    const uint32_t *d = k->wg_dim;
    if (!(d[1] > 1 || d[2] > 1) || d[0] == 0)
        return;
    int cut = d[2] > 1 ? 2 : 1;
    uint64_t rest = (uint64_t)d[0] * (cut == 2 ? d[1] : 1);
    uint64_t keep = rest ? out->to / rest : 0;
    if (keep == 0) { /* shape {x, 0, 0}: no shape keeping x; `to` keeps the size limit for the text */
        out->change = OCC_CHANGE_NONE;
        out->shape[0] = (uint32_t)rest;
        return;
    }
    out->shape[0] = d[0];
    out->shape[1] = cut == 1 ? (uint32_t)keep : d[1];
    out->shape[2] = cut == 2 ? (uint32_t)keep : d[2] ? d[2] : 1;
    out->to = (uint32_t)(rest * keep);
}

void occ_llvm_advice(const cfg_t *cfg, const occ_kernel_t *k, occ_resource_t r, uint32_t target, occ_advice_t *out)
{
    memset(out->shape, 0, sizeof out->shape);
    out->resource = r;
    out->change = OCC_CHANGE_NONE;
    out->target = target;
    out->from = out->to = 0;
    occ_kernel_t t = *k;
    occ_llvm_t o;
    switch (r) {
    case OCC_VGPR:
    case OCC_SGPR:
        largest_count(cfg, k, r, 1, target, llvm_reaches, out);
        break;
    case OCC_LDS: {
        out->from = k->lds_bytes;
        uint64_t g = cfg_u(cfg->cu_lds_granule);
        uint64_t alloc = round_up64(k->lds_bytes, g);
        /* Only whole granules matter: try each smaller allocation, the largest first (0: no LDS). */
        for (uint64_t a = alloc; g && a >= g;) {
            a -= g;
            t.lds_bytes = (uint32_t)a;
            occ_llvm(cfg, &t, &o);
            if (o.waves[OCC_LDS] >= target) {
                out->change = OCC_CHANGE_AT_MOST;
                out->to = (uint32_t)a;
                break;
            }
        }
        break;
    }
    default:
        out->from = k->wg_size;
        if (target <= cfg_u(cfg->cu_wave_slots) && (out->to = nearest_size(cfg, k, target)) != 0) {
            out->change = OCC_CHANGE_SIZE;
            /* A 2-D or 3-D workgroup: the shape nearest that size, if it still reaches the target. */
            shape_for(k, out);
            t.wg_size = out->to;
            occ_llvm(cfg, &t, &o);
            if (out->change == OCC_CHANGE_SIZE && out->shape[0] && o.waves_per_simd < target) {
                out->change = OCC_CHANGE_NONE;
                out->shape[1] = out->shape[2] = 0;
                out->shape[0] = k->wg_dim[0] * (k->wg_dim[2] > 1 ? k->wg_dim[1] : 1);
            }
        }
        break;
    }
}

/* ---- Advice at workgroup granularity ------------------------------------------------------------- */

void occ_wg_advice(const cfg_t *cfg, const occ_kernel_t *k, occ_resource_t r, uint32_t target, occ_advice_t *out)
{
    memset(out->shape, 0, sizeof out->shape);
    out->resource = r;
    out->change = OCC_CHANGE_NONE;
    out->target = target;
    out->from = out->to = 0;
    occ_kernel_t t = *k;
    occ_result_t o;
    switch (r) {
    case OCC_VGPR:
    case OCC_SGPR: /* VGPRs stop at 1 (a wave always has v0); SGPRs may reach 0 */
        largest_count(cfg, k, r, r == OCC_VGPR ? 1 : 0, target, wg_reaches, out);
        break;
    case OCC_LDS: {
        out->from = k->lds_bytes;
        uint64_t g = cfg_u(cfg->cu_lds_granule);
        /* The largest whole-granule allocation that `target` workgroups share (0: no LDS at all). */
        uint64_t a = target ? cfg_u(cfg->cu_lds_bytes) / target : 0;
        if (g)
            a = a / g * g;
        if (a < out->from) {
            out->change = OCC_CHANGE_AT_MOST;
            out->to = (uint32_t)a;
        }
        break;
    }
    case OCC_WAVE_SLOTS:
    case OCC_BARRIERS: {
        /* Smaller workgroups: the largest whole-wave size whose limit reaches the target (barriers:
         * only one-wave workgroups, which need none). */
        out->from = k->wg_size;
        for (uint32_t n = (k->wg_size + ISA_WAVE_SIZE - 1) / ISA_WAVE_SIZE; n-- > 1;) {
            t.wg_size = n * ISA_WAVE_SIZE;
            occ_compute(cfg, &t, &o);
            if (o.wg_limit[r] >= target) {
                out->change = OCC_CHANGE_SIZE;
                out->to = t.wg_size;
                break;
            }
        }
        if (out->change == OCC_CHANGE_SIZE)
            shape_for(k, out);
        break;
    }
    default: /* workgroups per CU: a machine limit no kernel change moves */
        out->from = k->wg_size;
        break;
    }
}

unsigned occ_wg_advice_all(const cfg_t *cfg, const occ_kernel_t *k, const occ_result_t *res,
                           occ_advice_t adv[OCC_NUM_RESOURCES])
{
    uint32_t target = res->wg_per_cu + 1;
    unsigned n = 0;
    occ_kernel_t t = *k;
    occ_result_t o = *res;
    /* A smaller workgroup changes every other resource's limit, so it is decided first and the
     * registers and LDS are then sized for it: the pieces hold together, not each alone. */
    for (int r = OCC_WAVE_SLOTS; r <= OCC_WORKGROUPS; r++)
        if (o.wg_limit[r] < target) {
            occ_wg_advice(cfg, &t, (occ_resource_t)r, target, &adv[n]);
            if (adv[n].change == OCC_CHANGE_SIZE) {
                t.wg_size = adv[n].to;
                if (adv[n].shape[0])
                    memcpy(t.wg_dim, adv[n].shape, sizeof t.wg_dim);
                occ_compute(cfg, &t, &o);
            }
            n++;
        }
    for (int r = OCC_VGPR; r <= OCC_LDS; r++)
        if (o.wg_limit[r] < target)
            occ_wg_advice(cfg, &t, (occ_resource_t)r, target, &adv[n++]);
    return n;
}

void occ_fit_more(const cfg_t *cfg, const occ_kernel_t *k, const occ_result_t *res, occ_more_t *out)
{
    memset(out, 0, sizeof *out);
    uint64_t cu_waves = cfg_u(cfg->cu_simds) * cfg_u(cfg->cu_wave_slots);
    if (cu_waves > cfg_u(cfg->cu_max_waves))
        cu_waves = cfg_u(cfg->cu_max_waves);
    out->cu_waves = clamp_u32(cu_waves);
    out->target = res->wg_per_cu + 1;
    out->waves_now = clamp_u32((uint64_t)res->wg_per_cu * res->waves_per_wg);
    if (res->wg_per_cu == 0) {
        out->kind = OCC_MORE_NEVER;
        return;
    }
    /* Every wave slot in use is the maximum: smaller workgroups would only cut the same waves finer. */
    if (out->waves_now >= cu_waves) {
        out->kind = OCC_MORE_FULL;
        return;
    }
    out->n = occ_wg_advice_all(cfg, k, res, out->adv);
    /* Apply every change together and count the waves: more workgroups of a smaller size can hold
     * fewer waves than now (an 11th 3-wave group: 33 waves against 40 of 4-wave groups). */
    occ_kernel_t t = *k;
    for (unsigned i = 0; i < out->n; i++) {
        const occ_advice_t *a = &out->adv[i];
        if (a->change == OCC_CHANGE_NONE) {
            out->kind = OCC_MORE_BLOCKED;
            return;
        }
        if (a->change == OCC_CHANGE_SIZE) {
            t.wg_size = a->to;
            memcpy(t.wg_dim, a->shape, sizeof t.wg_dim);
        } else if (a->resource == OCC_VGPR)
            t.vgprs = a->to;
        else if (a->resource == OCC_SGPR)
            t.sgprs = a->to;
        else
            t.lds_bytes = a->to;
    }
    occ_result_t o;
    occ_compute(cfg, &t, &o);
    out->waves_after = clamp_u32((uint64_t)o.wg_per_cu * o.waves_per_wg);
    out->kind = out->waves_after > out->waves_now ? OCC_MORE_CHANGE : OCC_MORE_NO_GAIN;
}

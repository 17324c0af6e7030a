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

void occ_llvm_advice(const cfg_t *cfg, const occ_kernel_t *k, occ_resource_t r, uint32_t target, occ_advice_t *out)
{
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
        if (target <= cfg_u(cfg->cu_wave_slots) && (out->to = nearest_size(cfg, k, target)) != 0)
            out->change = OCC_CHANGE_SIZE;
        break;
    }
}

/* ---- Advice at workgroup granularity ------------------------------------------------------------- */

void occ_wg_advice(const cfg_t *cfg, const occ_kernel_t *k, occ_resource_t r, uint32_t target, occ_advice_t *out)
{
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
                occ_compute(cfg, &t, &o);
            }
            n++;
        }
    for (int r = OCC_VGPR; r <= OCC_LDS; r++)
        if (o.wg_limit[r] < target)
            occ_wg_advice(cfg, &t, (occ_resource_t)r, target, &adv[n++]);
    return n;
}

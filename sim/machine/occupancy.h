/* occ: theoretical occupancy of a kernel on one compute unit, with the resource that limits it, at
 * workgroup granularity as the dispatcher and GPU profilers count it (occ_compute, with what would fit
 * one more workgroup: occ_wg_advice); and the compiler's estimate by LLVM's per-SIMD rule (occ_llvm,
 * with what to save for one more wave: occ_llvm_advice).
 * Needs: cfg_t (resource sizes and allocation granules). Pure functions. */
#ifndef GCNSIM_OCCUPANCY_H
#define GCNSIM_OCCUPANCY_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"

/* Resources that can refuse a workgroup, in the order used to break ties between limiters. */
typedef enum {
    OCC_VGPR, OCC_SGPR, OCC_LDS, OCC_WAVE_SLOTS, OCC_BARRIERS, OCC_WORKGROUPS,
    OCC_NUM_RESOURCES
} occ_resource_t;

typedef struct {
    uint32_t vgprs;       /* per wave (work-item), before rounding */
    uint32_t sgprs;       /* per wave, including VCC etc., before rounding */
    uint32_t lds_bytes;   /* per workgroup (static + dynamic), before rounding */
    uint32_t wg_size;     /* work-items per workgroup */
    uint32_t wg_dim[3];   /* its shape (x, y, z) when known; all 0: only the size (a 1-D workgroup) */
    /* CDNA (agpr): AGPRs per wave (0 before CDNA), and the VGPRs alone; `vgprs` is then the total
     * LLVM's occupancy counts (isa_vreg_total: gfx908 max(VGPRs, AGPRs), gfx90a and later
     * alignTo(VGPRs, 4) + AGPRs, the machine's cu.vgprs and cu.vgpr_granule being the target's
     * file: 256 and 4 on gfx908, 512 and 8 on gfx90a) */
    uint32_t agprs, arch_vgprs;
} occ_kernel_t;

typedef struct {
    uint32_t waves_per_wg;
    uint32_t vgpr_alloc, sgpr_alloc, lds_alloc;     /* rounded to their granules */
    uint32_t wg_limit[OCC_NUM_RESOURCES];           /* workgroups per CU each resource allows */
    uint32_t wg_per_cu;                             /* the minimum */
    occ_resource_t limiter;                         /* the resource giving the minimum */
    double waves_per_simd;                          /* wg_per_cu * waves_per_wg / simds */
    double occupancy;                               /* waves_per_simd / cu.wave_slots */
} occ_result_t;

/* Returns 0, or 1 when a single workgroup can never fit (wg_per_cu == 0; `limiter` names the
 * resource). */
int occ_compute(const cfg_t *cfg, const occ_kernel_t *k, occ_result_t *out);

/* Why a workgroup never fits (occ_compute returned 1), as one sentence with the arithmetic that
 * fails: "a workgroup can never fit on a CU: its 16 waves need 4 waves per SIMD (4 SIMDs) x 128
 * VGPRs = 512 VGPRs, but a SIMD has 256 (cu.vgprs: room for 2 waves)". The run's error and
 * `gcnsim occupancy` (text and JSON) print this one text. Returns its length. */
size_t occ_never_fits(const cfg_t *cfg, const occ_kernel_t *k, const occ_result_t *o, char *buf, size_t n);

/* Lower-case name of a resource as reports and JSON print it: "vgpr", "sgpr", "lds",
 * "wave_slots", "barriers", "workgroups". */
const char *occ_resource_name(occ_resource_t r);

/* ---- LLVM's per-SIMD rule (GCNSubtarget::computeOccupancy), the analysis's headline figure ------------
 * Each resource's term in waves per SIMD, as AMDGPU's computeOccupancy builds it, with the machine's
 * sizes taken from cfg and two departures documented in docs/occupancy.md: LDS is rounded to its
 * granule, and a resource that cannot hold even one workgroup gives 0 (LLVM would say 1). LLVM's
 * getMaxWorkGroupsPerCU term is split into wave slots (min(max_waves / N, ...)), barriers and
 * workgroups per CU; since ceil(min(a, b) * N / simds) = min of the ceilings, the minimum is unchanged. */
typedef struct {
    uint32_t waves_per_wg;
    uint32_t waves[OCC_NUM_RESOURCES];  /* waves per SIMD each resource allows alone; UINT32_MAX: no limit */
    uint32_t waves_per_simd;            /* the minimum (never above cu.wave_slots) */
    occ_resource_t limiter;             /* wave slots when at the maximum, else the first resource at the minimum */
    unsigned limiting;                  /* bit r set: resource r allows exactly waves_per_simd */
    double occupancy;                   /* waves_per_simd / cu.wave_slots */
} occ_llvm_t;

void occ_llvm(const cfg_t *cfg, const occ_kernel_t *k, occ_llvm_t *out);

/* What one resource would have to become for `target` waves per SIMD under LLVM's rule. */
typedef enum {
    OCC_CHANGE_NONE,     /* no value of this resource reaches the target (or it is at the maximum) */
    OCC_CHANGE_AT_MOST,  /* VGPRs/SGPRs per wave or LDS bytes per workgroup: at most `to` */
    OCC_CHANGE_SIZE      /* wave slots, barriers, workgroups per CU: a workgroup of `to` work-items (the
                          * nearest whole-wave size that reaches the target with every term) */
} occ_change_t;

typedef struct {
    occ_resource_t resource;
    occ_change_t change;
    uint32_t from, to;   /* registers per wave, LDS bytes per workgroup, or work-items per workgroup */
    uint32_t target;     /* waves per SIMD asked for */
    uint32_t shape[3];   /* OCC_CHANGE_SIZE of a 2-D or 3-D workgroup: the shape advised (x kept, y or z
                          * cut; to = its work-items). OCC_CHANGE_NONE with shape {row, 0, 0}: no shape
                          * keeping rows of `row` work-items is within `to`. Else all 0. */
} occ_advice_t;

void occ_llvm_advice(const cfg_t *cfg, const occ_kernel_t *k, occ_resource_t r, uint32_t target, occ_advice_t *out);

/* ---- Advice at workgroup granularity (the theoretical figure) ----------------------------------------
 * What resource r would have to become, the others unchanged, for `target` workgroups per CU under
 * occ_compute's rule: OCC_CHANGE_AT_MOST with the largest VGPR/SGPR count per wave or LDS bytes per
 * workgroup that does; OCC_CHANGE_SIZE with the largest smaller whole-wave workgroup size for wave
 * slots and barriers; OCC_CHANGE_NONE when nothing does (workgroups per CU is a machine limit).
 * `target` in the result counts workgroups per CU, not waves. */
void occ_wg_advice(const cfg_t *cfg, const occ_kernel_t *k, occ_resource_t r, uint32_t target, occ_advice_t *out);

/* The advice for one more workgroup per CU: one entry for each resource whose limit is below
 * res->wg_per_cu + 1, all of which must change together. A smaller workgroup size (wave slots,
 * barriers) comes first, and the VGPR, SGPR and LDS entries are computed for that size. Returns the
 * number of entries. */
unsigned occ_wg_advice_all(const cfg_t *cfg, const occ_kernel_t *k, const occ_result_t *res,
                           occ_advice_t adv[OCC_NUM_RESOURCES]);

/* What would fit one more workgroup per CU: the one computation the run report, its JSON and
 * `gcnsim occupancy` (text and JSON) render, so that they cannot disagree. */
typedef enum {
    OCC_MORE_CHANGE,   /* adv[0..n) together give more resident waves (waves_after > waves_now) */
    OCC_MORE_FULL,     /* every wave slot of the CU is in use (waves_now == cu_waves): nothing to gain */
    OCC_MORE_NO_GAIN,  /* one more (smaller) workgroup fits only with fewer or as many waves on the CU */
    OCC_MORE_BLOCKED,  /* a resource cannot change enough (an entry with OCC_CHANGE_NONE) */
    OCC_MORE_NEVER     /* not even one workgroup fits */
} occ_more_kind_t;

typedef struct {
    occ_more_kind_t kind;
    unsigned n;                          /* entries of adv (0 for FULL and NEVER) */
    occ_advice_t adv[OCC_NUM_RESOURCES];
    uint32_t target;                     /* workgroups per CU asked for: wg_per_cu + 1 */
    uint32_t cu_waves;                   /* waves a CU holds: min(simds x wave_slots, max_waves) */
    uint32_t waves_now;                  /* resident waves per CU now: wg_per_cu x waves_per_wg */
    uint32_t waves_after;                /* with every change of adv applied (CHANGE, NO_GAIN), else 0 */
} occ_more_t;

void occ_fit_more(const cfg_t *cfg, const occ_kernel_t *k, const occ_result_t *res, occ_more_t *out);

static inline uint32_t occ_round_up(uint32_t v, uint32_t granule) { return granule ? (v + granule - 1) / granule * granule : v; }

#endif

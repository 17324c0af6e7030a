/* occ: theoretical occupancy of a kernel on one compute unit, at workgroup granularity (what the
 * dispatcher can actually keep resident), with the resource that limits it.
 * Needs: cfg_t (resource sizes and allocation granules). Pure functions. */
#ifndef GCNSIM_OCCUPANCY_H
#define GCNSIM_OCCUPANCY_H

#include <stdint.h>

#include "config.h"

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

/* Lower-case name of a resource as reports and JSON print it: "vgpr", "sgpr", "lds",
 * "wave_slots", "barriers", "workgroups". */
const char *occ_resource_name(occ_resource_t r);

static inline uint32_t occ_round_up(uint32_t v, uint32_t granule) { return granule ? (v + granule - 1) / granule * granule : v; }

#endif

/* occ_text: the occupancy vocabulary every output shares (docs/report.md, glossary): resource names
 * as sentences use them, waves per SIMD as a number, and the workgroup-granularity advice "to fit a
 * second workgroup: VGPRs <= 32 (save 8)". The run report (stats) and `gcnsim occupancy` both print
 * through it, so the same figure reads the same everywhere.
 * Needs: occ (the arithmetic) and cfg. */
#ifndef GCNSIM_OCC_TEXT_H
#define GCNSIM_OCC_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "config/config.h"
#include "machine/occupancy.h"
#include "observe/json_out.h"

/* "VGPRs", "SGPRs", "LDS", "wave slots", "barriers", "workgroups per CU". */
const char *occ_text_resource(occ_resource_t r);
/* The same, for kernel k: the VGPR term is "registers (VGPR+AGPR)" when k has AGPRs (CDNA: LLVM
 * counts both files in that term, docs/occupancy.md "AGPRs"). */
const char *occ_text_resource_k(occ_resource_t r, const occ_kernel_t *k);

/* Waves per SIMD as reports print them: "4" when whole, else two decimals ("3.75"). */
void occ_text_waves(double waves_per_simd, char *buf, size_t n);

/* "to fit a second workgroup" (G workgroups per CU now: "one workgroup" for 0, "a second" ... "a
 * tenth", then "12 workgroups per CU"). */
void occ_text_next_wg(uint32_t wg_per_cu, char *buf, size_t n);

/* One piece of workgroup advice: "VGPRs <= 32 (save 8)", "LDS <= 16384 bytes (save 4096)",
 * "workgroups of at most 512 work-items (wave slots)", or what stops it. */
void occ_text_wg_advice(const cfg_t *cfg, const occ_advice_t *a, char *buf, size_t n);

/* The whole sentence for occ_fit_more's result m: "to fit a second workgroup: VGPRs <= 32 (save 8)",
 * the pieces joined by " and " when several resources must change together; "to fit more: none,
 * every wave slot of the CU is in use (40 waves)"; "to fit more: none that raises occupancy (...)"
 * when the changes would leave no more waves on a CU. Returns the length. */
size_t occ_text_fit_more(const cfg_t *cfg, const occ_more_t *m, char *buf, size_t n);

/* The same as JSON members (docs/report.md, docs/occupancy.md): "to_fit_one_more_workgroup": [...]
 * (only advice that raises occupancy) and "to_fit_more": {kind, waves now and after, text as
 * printed}, laid out as the enclosing object is (inline, or wrapped). */
void occ_text_json_more(const cfg_t *cfg, const occ_more_t *m, jout_t *j);

#endif

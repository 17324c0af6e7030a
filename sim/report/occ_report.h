/* occ_report: the occupancy analysis as people read it — per-resource limits at workgroup granularity
 * (theoretical) and by LLVM's rule (compiler estimate), the limiters, what would fit one more
 * workgroup and what to save for one more wave, why the two figures differ — as text or JSON
 * (docs/occupancy.md). It renders an analysis (occ_analyse) and computes only its sentences.
 * Needs: occ_analysis, occ_text, cfg. */
#ifndef GCNSIM_OCC_REPORT_H
#define GCNSIM_OCC_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "config/config.h"
#include "machine/occ_analysis.h"

/* One sentence on why the compiler estimate and the theoretical figure differ, into buf (always terminated).
 * Returns 0 (and an empty string) when they agree. */
size_t occ_report_why(const cfg_t *cfg, const occ_kernel_t *k, const occ_llvm_t *llvm, const occ_result_t *res,
                      char *buf, size_t n);

/* One line (no newline) for `to` reaching advice a's target: "save 4 VGPRs per work-item (40 -> 36)
 * for 7 waves/SIMD", or what would have to change instead. */
void occ_report_advice(const cfg_t *cfg, const occ_kernel_t *k, const occ_advice_t *a, char *buf, size_t n);

/* The analysis a of kernel `kernel` from `source` (both NULL for numbers given on the command line). */
void occ_report_print(const cfg_t *cfg, const char *kernel, const char *source, const occ_analysis_t *a, FILE *out);
void occ_report_json(const cfg_t *cfg, const char *kernel, const char *source, const occ_analysis_t *a, FILE *out);

#endif

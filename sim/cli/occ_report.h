/* occ_report: the occupancy analysis as people read it — per-resource limits at workgroup granularity
 * (theoretical) and by LLVM's rule (compiler estimate), the limiters, what would fit one more
 * workgroup and what to save for one more wave, why the two figures differ —
 * as text or JSON, and the `gcnsim occupancy` command that prints it (docs/occupancy.md).
 * Needs: occ (the arithmetic), cfg, and for the command asm, wl, launch and timing (the kernel's
 * numbers exactly as a run takes them). */
#ifndef GCNSIM_OCC_REPORT_H
#define GCNSIM_OCC_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "config/config.h"
#include "machine/occupancy.h"

/* What is analysed: the numbers, and where they came from (both names NULL for numbers given on
 * the command line). */
typedef struct {
    const char *kernel, *source;
    occ_kernel_t k;
} occ_report_input_t;

/* One sentence on why the compiler estimate and the theoretical figure differ, into buf (always terminated).
 * Returns 0 (and an empty string) when they agree. */
size_t occ_report_why(const cfg_t *cfg, const occ_kernel_t *k, const occ_llvm_t *llvm, const occ_result_t *res,
                      char *buf, size_t n);

/* One line (no newline) for `to` reaching advice a's target: "save 4 VGPRs per work-item (40 -> 36)
 * for 7 waves/SIMD", or what would have to change instead. */
void occ_report_advice(const cfg_t *cfg, const occ_kernel_t *k, const occ_advice_t *a, char *buf, size_t n);

void occ_report_print(const cfg_t *cfg, const occ_report_input_t *in, FILE *out);
void occ_report_json(const cfg_t *cfg, const occ_report_input_t *in, FILE *out);

/* `gcnsim occupancy ...` (argv[1] is "occupancy"). Output to out, messages to err. Returns the exit
 * status: 0, 1 bad input or usage, 3 internal error. */
int occ_cmd(int argc, char **argv, FILE *out, FILE *err);

/* The command's --help text. */
extern const char occ_cmd_usage[];

#endif

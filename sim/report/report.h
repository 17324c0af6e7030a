/* report: the result summary printed after a run (kernel, grid, counts, wave-instructions per unit,
 * resources, and each buffer's first values and checksum), and the asm command's kernel listing.
 * Needs: launch (a finished launch_t), isa. */
#ifndef GCNSIM_REPORT_H
#define GCNSIM_REPORT_H

#include "load/launch.h"

/* FNV-1a, 64-bit, over the bytes: the documented buffer checksum. */
uint64_t report_checksum(const uint8_t *data, uint64_t bytes);

/* Print the run summary of a finished functional launch (ends with report_buffers). */
void report_run(const launch_t *L, FILE *out);

/* "dispatch N [kernel NAME] KERNEL: grid ..., workgroup ..., W workgroups, after ..." without a newline
 * (the reports of a workload with several dispatches). */
void report_dispatch_line(const launch_t *L, uint32_t i, FILE *out);

/* Print each buffer's type, address, checksum and first values. */
void report_buffers(const launch_t *L, FILE *out);

/* Print one kernel's resource usage, descriptor enables, arguments and listing. */
void report_kernel(const isa_kernel_t *k, FILE *out);

#endif

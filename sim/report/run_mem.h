/* run_mem: the memory figures (stats_mem_t) as the report's lines, the JSON's keys and the CSV's
 * columns (docs/report.md); rendering only.
 * Needs: stats_mem, cfg. */
#ifndef GCNSIM_RUN_MEM_H
#define GCNSIM_RUN_MEM_H

#include <stdio.h>

#include "config/config.h"
#include "observe/json_out.h"
#include "observe/stats_mem.h"

/* `cycles`: the run's length, over which DRAM bandwidth is measured. */
/* buffer_bytes: what the buffer instructions moved (run_pc_buffer_bytes), shown with the memory line. */
/* l2_dirty: L2 lines still dirty when the run ended (timing_result_t), named with the write-backs. */
void run_mem_print(const stats_mem_t *m, uint64_t cycles, const cfg_t *cfg, uint64_t buffer_bytes, uint64_t l2_dirty,
                   FILE *out);
/* The members "memory", "cache", "dram" and "tlb". */
void run_mem_json(const stats_mem_t *m, uint64_t cycles, const cfg_t *cfg, uint64_t buffer_bytes, uint64_t l2_dirty,
                  jout_t *j);
extern const char run_mem_csv_header[];
/* The peak DRAM bandwidth (mem.bytes_per_cycle, or dram.bytes_per_cycle x dram.channels), and the
 * load-to-use latency of a vector load served by DRAM on an idle machine (mem.latency, or
 * l1v.latency + l2.latency + dram.latency, dram.row_miss_latency with the row model): the CSV's
 * mem_bytes_per_cycle and mem_latency, whichever memory model the run used. */
uint64_t run_mem_dram_peak(const cfg_t *cfg);
uint64_t run_mem_dram_latency(const cfg_t *cfg);
void run_mem_csv(const stats_mem_t *m, uint64_t cycles, FILE *out);

#endif

/* run_pc: the per-instruction records (stats_pc_t) as the report and the JSON show them: the
 * s_waitcnt rows of the latency-hiding section and the per-instruction table (docs/report.md);
 * and the bytes the buffer instructions moved, which the run's result takes once.
 * Needs: stats_pc, launch (the instructions' text). */
#ifndef GCNSIM_RUN_PC_H
#define GCNSIM_RUN_PC_H

#include <stdio.h>

#include "load/launch.h"
#include "observe/json_out.h"
#include "observe/stats_pc.h"

/* Bytes the buffer (MUBUF/MTBUF) and gfx9 scratch_ instructions moved: in clang's kernels, private
 * memory and register spills in scratch. */
uint64_t run_pc_buffer_bytes(const stats_pc_t *pc, uint32_t npc, const launch_t *L);

/* Each function reads the records pc[0..npc) of L's instructions. */
/* The report's lines per s_waitcnt executed or waited on. */
void run_pc_print_waits(const stats_pc_t *pc, uint32_t npc, const launch_t *L, FILE *out);
/* The report's per-instruction table, with its header. */
void run_pc_print_table(const stats_pc_t *pc, uint32_t npc, const launch_t *L, FILE *out);
/* The JSON array of the s_waitcnt rows (the value of "by_pc"). */
void run_pc_json_waits(const stats_pc_t *pc, uint32_t npc, const launch_t *L, jout_t *j);
/* The member "per_pc" with its array. */
void run_pc_json_table(const stats_pc_t *pc, uint32_t npc, const launch_t *L, jout_t *j);

#endif

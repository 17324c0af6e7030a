/* stats_pc: the per-instruction view of the statistics — the kinds an issue slot is charged to,
 * the record kept per instruction, and its output: the s_waitcnt rows of the latency-hiding
 * section and the per-instruction table, in the text report and the JSON (docs/report.md). The
 * accounting that fills the records is stats.c's. Needs: launch (the instructions' text). */
#ifndef GCNSIM_STATS_PC_H
#define GCNSIM_STATS_PC_H

#include <stdio.h>

#include "load/launch.h"

typedef enum {
    STATS_ISSUED, STATS_VMCNT, STATS_LGKMCNT, STATS_BARRIER, STATS_UNIT_BUSY, STATS_NO_INSTRUCTION,
    STATS_LAUNCHING, STATS_DRAINING, STATS_HELD, STATS_NUM_SLOT_KINDS
} stats_slot_kind_t;

/* Their names in the report, the JSON and the table's header. */
extern const char *const stats_slot_kind_keys[STATS_NUM_SLOT_KINDS];

/* Per instruction (index in the kernel). */
typedef struct {
    uint64_t execs;            /* issues */
    uint64_t cycles;           /* sum over issues of (issue cycle - the wave's previous issue cycle) */
    uint64_t slots[STATS_NUM_SLOT_KINDS]; /* the slots attributed to it (see stats_observe) */
    uint64_t waited, hidden;   /* s_waitcnt: slots waited after it, and those hidden */
    uint64_t mem_count, mem_latency; /* memory instructions: executions and summed issue-to-data cycles */
    uint64_t mem_bytes;        /* memory instructions: bytes requested (active lanes x bytes per lane) */
} stats_pc_t;

/* Bytes the buffer (MUBUF/MTBUF) instructions moved: in clang's kernels, private memory and register
 * spills in scratch. */
uint64_t stats_pc_buffer_bytes(const stats_pc_t *pc, uint32_t npc, const launch_t *L);

/* Each function reads the records pc[0..npc) of L's instructions. */
/* The report's lines per s_waitcnt executed or waited on. */
void stats_pc_print_waits(const stats_pc_t *pc, uint32_t npc, const launch_t *L, FILE *out);
/* The report's per-instruction table, with its header. */
void stats_pc_print_table(const stats_pc_t *pc, uint32_t npc, const launch_t *L, FILE *out);
/* The JSON array of the s_waitcnt rows (the value of "by_pc"). */
void stats_pc_json_waits(const stats_pc_t *pc, uint32_t npc, const launch_t *L, FILE *out);
/* The JSON key "per_pc" with its array, and the comma and line break after it. */
void stats_pc_json_table(const stats_pc_t *pc, uint32_t npc, const launch_t *L, FILE *out);

#endif

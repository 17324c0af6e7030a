/* stats_pc: the per-instruction view of the statistics — the kinds an issue slot is charged to and
 * the record kept per instruction. The accounting that fills the records is stats.c's; their
 * output (the s_waitcnt rows, the per-instruction table) is report/run_pc's. Needs: nothing. */
#ifndef GCNSIM_STATS_PC_H
#define GCNSIM_STATS_PC_H

#include <stdint.h>

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

#endif

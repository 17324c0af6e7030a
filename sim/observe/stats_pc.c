/* stats_pc: the names of the issue-slot kinds (stats_pc.h). */
#include "observe/stats_pc.h"

const char *const stats_slot_kind_keys[STATS_NUM_SLOT_KINDS] = {
    "issued", "vmcnt", "lgkmcnt", "barrier", "unit_busy", "no_instruction", "launching", "draining", "held"
};


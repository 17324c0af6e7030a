/* writeback: each wave's queue of memory operations in flight, and the rule that their results
 * reach the registers when the operation completes (docs/architecture.md, "Write-back at
 * completion").
 *
 * In timing mode a load's destination registers (vector, scalar and LDS loads, returning atomics,
 * s_memtime: wb_deferred) keep their old values until its memory operation completes (EV_VM_DONE /
 * EV_LGKM_DONE). The instruction still executes at issue (isa_exec reads memory then), but writes
 * its results into a sink wb_issue_begin gives it (isa_wave_t.sink), not into the registers;
 * wb_issue_end queues that sink and wb_complete writes it when the operation is done. Every
 * memory instruction is queued (stores too, with no results), so the queue is the wave's
 * outstanding operations in issue order: vm ones complete in order, lgkm ones at their cycle.
 * Stores and atomics read their data (and address) registers at issue.
 *
 * The timing model's issue stage and completions call it; the hazard checker only reads it
 * (wb_pending: whether a register's value is still on its way). Needs: isa. */
#ifndef GCNSIM_WRITEBACK_H
#define GCNSIM_WRITEBACK_H

#include "isa_exec.h"

#include <stdbool.h>
#include <stdint.h>

/* A wave's queue (allocated per wave slot, reset when a wave takes the slot). */
typedef struct wb_wave wb_wave_t;

/* Allocate (*slot NULL) or reset the queue of the wave that takes a slot: entries still listed
 * are dropped, allocations kept. Returns false when out of memory. */
bool wb_wave_reset(wb_wave_t **slot);
void wb_wave_free(wb_wave_t *q);

/* Whether instruction `in` writes its results at completion (a load, a returning atomic, s_memtime). */
bool wb_deferred(const isa_inst_t *in);

/* Around isa_exec of a memory instruction (VMEM, LDS, SMEM) of the wave whose registers are `isa`:
 * before it, wb_issue_begin gives a deferred one a sink (isa_sink_t, isa->sink) holding the old
 * values of what it writes, which isa_exec then writes instead of the registers; after it (status
 * not FAULT), wb_issue_end takes the sink back and queues the operation — vm (VMEM) or lgkm
 * completing at lgkm_done — with the sink's lanes `lanes` as its results. Both return false when
 * out of memory (the operation is then queued without results). After a FAULT, wb_issue_abort
 * takes the sink back instead. */
bool wb_issue_begin(wb_wave_t *q, isa_wave_t *isa, const isa_inst_t *in);
bool wb_issue_end(wb_wave_t *q, isa_wave_t *isa, bool vm, uint64_t lgkm_done, uint64_t lanes);
void wb_issue_abort(wb_wave_t *q, isa_wave_t *isa);

/* A vm operation (the oldest) or an lgkm one (the oldest due at cycle c) of the wave completed:
 * its results reach the registers. Returns false when no such operation is queued. */
bool wb_complete(wb_wave_t *q, isa_wave_t *isa, bool vm, uint64_t c);

/* Operations queued (for tests and checks). */
uint32_t wb_queued(const wb_wave_t *q);

/* Whether a queued operation still has to write register `code` (an SGPR/special code, or
 * ISA_VGPR_BASE + n): its value in the registers is stale. */
bool wb_pending(const wb_wave_t *q, uint16_t code);

#endif

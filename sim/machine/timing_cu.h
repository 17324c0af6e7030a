/* timing_cu: a compute unit's issue stage and the timing of what it issues, and the completions it
 * waits for (memory, VALU drain, the address unit's retry). Called by the run (timing). Needs:
 * timing_dispatch (wave ends, barriers), timing_state, memsys, lds_timing, isa_exec. */
#ifndef GCNSIM_TIMING_CU_H
#define GCNSIM_TIMING_CU_H

#include "machine/timing_state.h"

/* s->mfma: the matrix core's timing of the launch's MFMA instructions (NULL when it has none).
 * False when out of memory. */
bool tw_mfma_prepare(tw_sim_t *s);
/* EV_TICK: CU cu's issue stage at cycle c. Returns the first cycle at which it could issue again
 * (TW_NEVER: none, or the run stopped), for the caller to wake it then (tw_wake_cu). */
uint64_t tw_cu_tick(tw_sim_t *s, uint32_t cu, uint64_t c);
/* EV_VM_DONE / EV_LGKM_DONE: one of w's vector-memory (vm) or LDS/scalar-memory operations is done. */
void tw_mem_done(tw_sim_t *s, tw_wave_t *w, bool vm, uint64_t c);
/* A draining wave's last VALU instruction has left the SIMD (EV_VALU_DONE). */
void tw_valu_done(tw_sim_t *s, tw_wave_t *w, uint64_t c);
/* EV_VMEM_RESUME: CU ci's address unit tries again to hand its instruction's lines to the L1. */
void tw_vmem_resume(tw_sim_t *s, uint32_t ci, uint64_t c);

#endif

/* hazard_lds: the hazard checker's LDS race check (docs/architecture.md, "Data hazards"): each
 * workgroup's LDS shadow remembers which wave and instruction last wrote each byte, in which barrier
 * epoch; an LDS read of a byte another wave of the workgroup wrote in the same epoch is reported as
 * a TEV_HAZARD event (TEV_HZ_LDS_RACE). Used only while the checker is on.
 * Needs: timing_state (the waves, events), isa. */
#ifndef GCNSIM_HAZARD_LDS_H
#define GCNSIM_HAZARD_LDS_H

#include "machine/timing_state.h"

/* The per-workgroup LDS shadow (kept in the checker's state, hz_run_t.lds, across reuses of the
 * workgroup entry). */
typedef struct hz_lds hz_lds_t;

/* A workgroup starts / all its waves pass a barrier: a new epoch (unique in the run; 0 when the
 * checker is off), so words written before it no longer count. The shadow is sized on first use
 * and grown for a larger LDS; never cleared (an old epoch never matches). */
bool hz_lds_reset(hz_lds_t **slot, uint32_t lds_bytes, uint32_t epoch);
void hz_lds_barrier(hz_lds_t *l, uint32_t epoch);
void hz_lds_free(hz_lds_t *l);

/* An LDS read or write (not an atomic) of wave w issued at cycle c with the lanes and addresses
 * of res, l its workgroup's shadow: record what it wrote, or report what it read that another
 * wave wrote. */
void hz_lds_access(tw_sim_t *s, hz_lds_t *l, tw_wave_t *w, const isa_inst_t *in, const isa_exec_result_t *res, uint64_t c);

#endif

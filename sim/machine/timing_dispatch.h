/* timing_dispatch: the workgroup dispatcher (the in-order queue of dispatches, fitting and placing
 * workgroups, the CUs' dispatch situation reported as TEV_CU_LIMITER) and the ends of waves and
 * workgroups, with barriers, which free what the dispatcher placed. Called by the issue stage
 * (timing_cu) and the run (timing). Needs: timing_state, dorder, launch, occ. */
#ifndef GCNSIM_TIMING_DISPATCH_H
#define GCNSIM_TIMING_DISPATCH_H

#include "machine/timing_state.h"

/* Start handing out the current dispatch's workgroups (dispatch.order). */
void tw_queue_start(tw_sim_t *s);
/* Ask for the dispatcher to run at `cycle` (or earlier if already asked): EV_DISPATCH. */
void tw_wake_dispatcher(tw_sim_t *s, uint64_t cycle);
/* EV_DISPATCH: place workgroups while they fit and the launcher is free. */
void tw_dispatch(tw_sim_t *s, uint64_t c);
/* Wave w has ended (s_endpgm and its memory done): release it or hold it, end its workgroup when it
 * was the last, wake the dispatcher. */
void tw_wave_end(tw_sim_t *s, tw_wave_t *w, uint64_t c);
/* Wave w issued s_barrier at c; the last to arrive releases all from c + 1. */
void tw_barrier_arrive(tw_sim_t *s, tw_wave_t *w, uint64_t c);

#endif

/* hazard: the checker that says when a program depends on a result too early, or breaks a rule of
 * gfx8's (docs/architecture.md, "Data hazards"). When results reach the registers is the
 * write-back unit's rule (writeback.h); the checker observes its queue (wb_pending) and owns none of it.
 *
 * The checker (timing option hazards), at each issue of a wave:
 *   - a read or overwrite of a register that a load has not been guaranteed to have written by the
 *     s_waitcnt counter rules (vmcnt in order; lgkmcnt in order for LDS alone, only lgkmcnt(0)
 *     once a scalar load is among the outstanding operations; a counter cannot pass 15, gfx9's
 *     vmcnt 63);
 *   - the software wait states of the kernel's target (the table in hazard.c, gfx8's rows and
 *     gfx9's: fewer wait states between a producer and its consumer than the hardware needs; each
 *     instruction is one wait state, s_nop N is N+1);
 *   - an LDS read of a byte another wave of the workgroup wrote with no s_barrier between
 *     (hazard_lds.h).
 * Each finding is reported as a TEV_HAZARD event (events.h); the observers keep one per PC.
 * Needs: timing_state (the waves, events), writeback (what is in flight), isa. */
#ifndef GCNSIM_HAZARD_H
#define GCNSIM_HAZARD_H

#include "machine/hazard_mai.h"
#include "machine/timing_state.h"
#include "machine/writeback.h"

/* The per-wave state (allocated per wave slot, reset when a wave takes the slot; its register
 * records grow to the highest register the wave writes). What the issue stage's fast path
 * (hz_quick) reads and updates is in the wave itself (w->hz_hot). */
typedef struct hz_wave hz_wave_t;
typedef tw_hz_hot_t hz_hot_t;  /* in the wave (w->hz_hot): timing_state.h */

/* What the checker needs of each instruction, computed once per run (hz_prepare) and looked up by
 * the workload-wide index on every issue instead of decoding operands again. */
enum {
    HZI_DEFERRED = 1 << 0,   /* writes its results at completion (wb_deferred) */
    HZI_WS = 1 << 1,         /* a consumer of some wait-state row */
    HZI_VALU = 1 << 2,
    HZI_STORE_BIG = 1 << 3,  /* a store/atomic with more than 8 bytes of data (the store_data row) */
    HZI_LDS = 1 << 4,        /* an LDS read or write (not an atomic): the race check */
    HZI_SETREG = 1 << 5,
    HZI_WAITCNT = 1 << 6,
    HZI_M0 = 1 << 7,         /* gfx9: writes M0 from the SALU, or reads it under the m0_read row */
    HZI_MAI = 1 << 8         /* CDNA: involved in a MAI row (hazard_mai.h) */
};
enum { HZI_MAX_READS = 6, HZI_MAX_WRITES = 3 };
struct hz_inst {
    uint16_t flags;
    uint8_t nread, nwrite, store_n;
    hz_mai_inst_t mai;         /* its MAI class (CDNA kernels) */
    uint8_t ws;                /* the wait states it counts (s_nop N: N + 1) */
    uint16_t store_reg;
    uint16_t rcode[HZI_MAX_READS], wcode[HZI_MAX_WRITES];
    uint8_t rn[HZI_MAX_READS], wn[HZI_MAX_WRITES];
};

/* The checker's state in a run, reached through s->hz (NULL while the checker is off): the table
 * of the run's instructions, each wave slot's records, each workgroup entry's LDS shadow. Of it,
 * only the wave's counters (w->hz_hot) and a pointer to its slot's records (w->hz) live in the
 * timing structs, where the issue stage's fast path reads them. */
typedef struct hz_run {
    struct hz_inst *insts;     /* by workload-wide instruction index */
    bool track_valu;           /* some instruction consumes a VALU write under a wait-state row */
    bool mai;                  /* some instruction is involved in a MAI row (a CDNA kernel) */
    uint32_t epoch;            /* the LDS race checker's last epoch (a workgroup start or a barrier) */
    uint32_t ncu, wg_pool_n;
    hz_wave_t **wave;          /* [(cu * TW_MAX_SIMDS + simd) * TW_MAX_SLOTS + slot], allocated on first use */
    struct hz_lds **lds;       /* [cu * wg_pool_n + pool_index] (hazard_lds.h), kept across reuses */
} hz_run_t;

/* s->hz, for a run of s->ncu CUs with s->wg_pool_n workgroup entries each: built once at the
 * start, freed at the end. Returns false when out of memory. */
bool hz_prepare(tw_sim_t *s);
void hz_release(tw_sim_t *s);
/* Allocate / reset the checker's state of the wave that takes its slot (w->cu, simd and slot set;
 * sets w->hz). Returns false when out of memory. */
bool hz_wave_reset(hz_run_t *z, tw_wave_t *w);

/* Called only while the checker is on (s->hz), for an instruction hz_quick did not take.
 * Before isa_exec: the checks. After isa_exec (status not FAULT): the checker's records of this
 * instruction. */
void hz_issue_begin(tw_sim_t *s, tw_wave_t *w, const isa_inst_t *in, uint64_t c);
void hz_issue_end(tw_sim_t *s, tw_wave_t *w, const isa_inst_t *in, const isa_exec_result_t *res, uint64_t c);

/* The checker's whole work for a non-memory instruction of wave w when there is nothing to check
 * (no load outstanding that no s_waitcnt covers, no wait-state row involved): count it and return
 * true. False: call hz_issue_begin / hz_issue_end. Inline: it runs for most instructions. */
static inline bool hz_quick(const hz_run_t *zr, tw_wave_t *w)
{
    hz_hot_t *h = &w->hz_hot;
    uint32_t pc = w->inst_base + w->isa.pc;
    const struct hz_inst *z = &zr->insts[pc];
    if ((z->flags & (HZI_WS | HZI_SETREG | HZI_WAITCNT | HZI_STORE_BIG | HZI_LDS | HZI_DEFERRED | HZI_M0 | HZI_MAI)) ||
        h->issued[0] > h->guar[0] || h->issued[1] > h->guar[1] ||
        ((z->flags & HZI_VALU) && (zr->track_valu || h->ws - h->store_at < 1)))
        return false;
    h->cur_pc = pc;
    h->seq++;
    h->ws += z->ws;
    return true;
}

#endif

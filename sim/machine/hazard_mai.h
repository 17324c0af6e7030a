/* hazard_mai: the hazard checker's rows for CDNA's matrix instructions (docs/architecture.md,
 * "Data hazards"): the wait states LLVM's GCNHazardRecognizer requires around MFMA,
 * v_accvgpr_read/write and v_dot* (checkMAIHazards908, checkMAIHazards90A, checkMAIVALUHazards,
 * checkMAILdStHazards), per target (gfx908; gfx90a; gfx940/942). Each wave slot keeps its recent
 * MFMAs (what they wrote and read as srcC, their passes), v_accvgpr writes and VALU writes of vector
 * registers; an instruction with fewer wait states since one of them than its row needs is
 * reported as a TEV_HAZARD event.
 * Used only while the checker is on, for kernels of a CDNA target. Needs: timing_state, isa,
 * mfma_timing (the passes). */
#ifndef GCNSIM_HAZARD_MAI_H
#define GCNSIM_HAZARD_MAI_H

#include "machine/timing_state.h"

typedef struct hz_mai hz_mai_t;

/* What the MAI rows need of an instruction, computed once per run (hz_prepare): its class and,
 * for an MFMA, its passes and kind on its kernel's target. */
enum {
    HZM_MFMA = 1 << 0,       /* an MFMA/SMFMAC */
    HZM_DGEMM = 1 << 1,      /* an f64 MFMA */
    HZM_XDL = 1 << 2,        /* an XDL MFMA (LLVM isXDL: every non-f64 MFMA before gfx940) */
    HZM_ACC_READ = 1 << 3,   /* v_accvgpr_read_b32 */
    HZM_ACC_WRITE = 1 << 4,  /* v_accvgpr_write_b32 */
    HZM_FMA64 = 1 << 5,      /* v_fma_f64 / v_fmac_f64 */
    HZM_VALU = 1 << 6,       /* another VALU instruction */
    HZM_MEM = 1 << 7         /* VMEM, FLAT, LDS */
};
typedef struct {
    uint8_t cls;             /* HZM_*; 0: no MAI row involves it (and not of a CDNA kernel) */
    uint8_t passes;          /* an MFMA's passes on its target (mfma_timing.h: cycles / 4) */
    uint8_t f64_4x4;         /* an f64 MFMA of the 4x4 shape (LLVM's DMFMA4x4 rows) */
    uint8_t sparse;          /* v_smfmac: src2 is its index, D its accumulator */
    uint8_t dot;             /* a v_dot* (LLVM isDOT): the DOT rows, and no producer for mai_vgpr on gfx90a+ */
} hz_mai_inst_t;

/* The MAI class of `in` in a kernel of target t (all 0 unless t is a CDNA target). */
hz_mai_inst_t hz_mai_classify(const isa_inst_t *in, isa_target_t t);

/* The slot's state: allocated on first use, emptied when a wave takes the slot. */
bool hz_mai_reset(hz_mai_t **slot);
void hz_mai_free(hz_mai_t *m);

/* Before wave w's instruction `in` executes at cycle c (z its class, ws the wait-state position
 * before it): report what it does too early. */
void hz_mai_check(tw_sim_t *s, tw_wave_t *w, hz_mai_t *m, const isa_inst_t *in, hz_mai_inst_t z, uint64_t ws,
                  uint64_t c);
/* After it executed, its wait states counted (ws the position after them): record what it wrote. */
void hz_mai_record(hz_mai_t *m, const isa_inst_t *in, hz_mai_inst_t z, uint64_t ws, uint32_t pc);

#endif

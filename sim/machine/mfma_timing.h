/* mfma_timing: how long an MFMA holds its SIMD's matrix core and VALU issue port, per target
 * (the table mfma_timing.def, with its sources). Pure data: the timing model (timing_cu) and the
 * hazard checker (hazard) read it. Needs: isa. */
#ifndef GCNSIM_MFMA_TIMING_H
#define GCNSIM_MFMA_TIMING_H

#include "isa/isa.h"

#include <stdbool.h>
#include <stdint.h>

enum {
    MFMA_T_DGEMM = 1 << 0,  /* an f64 MFMA (LLVM isDGEMM) */
    MFMA_T_XDL942 = 1 << 1, /* an XDL instruction on gfx940/942 (LLVM isXDL) */
    MFMA_T_SPARSE = 1 << 2  /* v_smfmac */
};

typedef struct {
    uint16_t cycles;        /* the matrix core is held (passes x 4) */
    uint16_t valu;          /* the SIMD's VALU issue port is held, from the issue */
    uint8_t flags;          /* MFMA_T_* */
} mfma_time_t;

/* The timing of the MFMA isa.def names `name` on target t: false when the table has none (not a
 * matrix instruction, not a CDNA target, or not on that target). */
bool mfma_time_find(const char *name, isa_target_t t, mfma_time_t *out);
/* The table's n-th row (n from 0): its name, and its figures on t (cycles 0 when not on t); NULL
 * past the end. For tests and docs. */
const char *mfma_time_row(unsigned n, isa_target_t t, mfma_time_t *out);

/* The write-back of D after the last pass: how an instruction of the same wave uses an MFMA's D,
 * and the wait states LLVM's GCNHazardRecognizer requires between the MFMA and it
 * (checkMAIHazards908, checkMAIHazards90A, checkMAIVALUHazards; docs/architecture.md, "The matrix
 * core"). A wait state is one issue slot of the wave: MFMA_WS_CYCLES, a pass (LLVM counts these
 * waits in passes plus a constant, and a pass is 4 cycles: the calculator's cycles are passes x 4),
 * so the user may issue MFMA_WS_CYCLES x (wait states + 1) cycles after the MFMA. */
enum { MFMA_WS_CYCLES = 4 };
typedef enum {
    MFMA_USE_VALU_READ, /* a VALU instruction reads D (gfx908: v_accvgpr_read) */
    MFMA_USE_MEM_READ,  /* a VMEM, FLAT or LDS instruction reads D */
    MFMA_USE_WRITE,     /* a VALU or memory instruction writes D (gfx908: v_accvgpr_write) */
    MFMA_USE_SRCAB,     /* an MFMA reads D as srcA or srcB */
    MFMA_USE_SRCC       /* an MFMA reads D as srcC (v_smfmac: its accumulator) */
} mfma_use_t;
/* The wait states between MFMA p (its timing on target t) and a use of its D; `same`: the operand
 * is exactly D's registers; z: the using MFMA's timing (MFMA uses only; NULL otherwise). */
unsigned mfma_wait_states(isa_target_t t, const mfma_time_t *p, mfma_use_t use, bool same, const mfma_time_t *z);
/* The most any use of p's D needs (mfma_wait_states over every use and using MFMA). */
unsigned mfma_wait_states_max(isa_target_t t, const mfma_time_t *p);

#endif

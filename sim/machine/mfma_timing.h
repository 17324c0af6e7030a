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

#endif

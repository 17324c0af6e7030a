/* exec_smem9: gfx9's scalar atomics (s_atomic_*, s_buffer_atomic_*). Needs: exec_operands,
 * exec_mem and exec_ds_atomic (the operations, shared with FLAT). */
#ifndef GCNSIM_ISA_EXEC_SMEM9_H
#define GCNSIM_ISA_EXEC_SMEM9_H

#include "isa_exec.h"

/* Apply a scalar atomic (isa_smem_atomic_flat_op(op) != ISA_NUM_OPS) to the wave. */
void isa_exec_smem_atomic(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

#endif

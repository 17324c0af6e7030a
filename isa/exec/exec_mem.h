/* exec_mem: the vector memory families, FLAT and DS. Needs: exec_operands. */
#ifndef GCNSIM_ISA_EXEC_MEM_H
#define GCNSIM_ISA_EXEC_MEM_H

#include "isa_exec.h"

/* They may set res->branch_taken (the caller then jumps to in->target) or a fault/barrier/end
 * status; the caller advances pc otherwise. */
void isa_exec_flat(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);
void isa_exec_ds(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);
/* The new memory value of a 32-bit FLAT or DS atomic `op` (cmpswap: `data` the new value, `cmp` the
 * compare value); `old` for an instruction that is not a 32-bit atomic. */
uint32_t isa_x_atomic32(isa_op_t op, uint32_t old, uint32_t data, uint32_t cmp);

#endif

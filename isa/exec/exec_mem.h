/* exec_mem: the vector memory families, FLAT and DS. Needs: exec_operands. */
#ifndef GCNSIM_ISA_EXEC_MEM_H
#define GCNSIM_ISA_EXEC_MEM_H

#include "isa.h"

/* They may set res->branch_taken (the caller then jumps to in->target) or a fault/barrier/end
 * status; the caller advances pc otherwise. */
void isa_exec_flat(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);
void isa_exec_ds(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

#endif

/* exec_salu: the scalar families — SALU (SOP1/2/C/K), program control (SOPP), scalar memory
 * (SMEM). Needs: exec_operands. */
#ifndef GCNSIM_ISA_EXEC_SALU_H
#define GCNSIM_ISA_EXEC_SALU_H

#include "isa_exec.h"

/* They may set res->branch_taken (the caller then jumps to res->target) or a fault/barrier/end
 * status; the caller advances pc otherwise. */
void isa_exec_salu(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);  /* SOP1/2/C/K */
void isa_exec_sopp(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);
void isa_exec_smem(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

#endif

/* exec_agpr: CDNA's AGPR moves (isa.def "CDNA: AGPR moves"): v_accvgpr_read_b32,
 * v_accvgpr_write_b32, v_accvgpr_mov_b32. Needs: exec_operands. */
#ifndef GCNSIM_ISA_EXEC_AGPR_H
#define GCNSIM_ISA_EXEC_AGPR_H

#include "isa_exec.h"

/* Execute `in` when it is one of them (false otherwise); faults through res when an operand lies
 * beyond the wave's VGPRs or AGPRs. */
bool isa_valu_agpr(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

#endif

/* exec_vcmp: VOPC, the vector compares. Needs: exec_valu_float and exec_valu_f64 (sources), exec_lanes,
 * exec_operands. */
#ifndef GCNSIM_ISA_EXEC_VCMP_H
#define GCNSIM_ISA_EXEC_VCMP_H

#include "isa_exec.h"

/* Every VOPC opcode; true when it knows the opcode. */
bool isa_valu_cmp(isa_wave_t *w, const isa_inst_t *in);

#endif

/* exec_mfma: CDNA's matrix instructions executed on a wave (mfma): the glue between the wave's
 * registers and the arithmetic of exec_mfma_math (branch mfmamath). It checks the operands
 * (tuples of the shape's sizes, within the wave's VGPRs or AGPRs, aligned on gfx90a and later),
 * gathers A, B and C (registers, or C's inline constant in every element), calls
 * exec_mfma_compute and writes D. Needs: exec_operands, exec_mfma_math. */
#ifndef GCNSIM_ISA_EXEC_MFMA_H
#define GCNSIM_ISA_EXEC_MFMA_H

#include "isa_exec.h"

/* Execute the MFMA `in` (isa_op_mfma(in->op)); faults through res (ISA_FAULT_ILLEGAL: the wave, the
 * PC and the instruction reach the report as for any fault) on an operand outside the allocation,
 * a misaligned tuple, or a tuple of another size than the shape's. */
void isa_exec_mfma(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);
/* isa_inst_predecode's part for an MFMA: no execution shortcut; vgpr_end one past the highest VGPR
 * its operands name (the kernel's VGPR floor at launch; AGPRs are not VGPRs). */
void isa_mfma_predecode(isa_inst_t *in);

#endif

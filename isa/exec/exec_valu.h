/* exec_valu: the VALU family entry point (VOP1/2/C/3); integer, bit, lane and 64-bit ops itself,
 * floats through exec_valu_float, compares through exec_vcmp. Needs: those, exec_lanes,
 * exec_operands. */
#ifndef GCNSIM_ISA_EXEC_VALU_H
#define GCNSIM_ISA_EXEC_VALU_H

#include "isa_exec.h"

/* They may set res->branch_taken (the caller then jumps to in->target) or a fault/barrier/end
 * status; the caller advances pc otherwise. */
void isa_exec_valu(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);  /* VOP* */
/* isa_inst_predecode's part for VOP1/VOP2/VOPC/VOP3 (isa.h): sets exec_kind and vgpr_end. */
void isa_valu_predecode(isa_inst_t *in);

#endif

/* exec_valu9: the gfx9 VALU instructions that are not packed math (the valu9 block of isa.def:
 * v_add_nc_u32 .. v_div_fixup_f16_gfx9), their op_sel forms and the gfx9 rule for the other half
 * of a 16-bit result's register. Rules: docs/semantics-valu.md, "gfx9". Needs: exec_lanes,
 * exec_operands, exec_valu_f16 (the f16 rules), exec_valu_float (the f32 path of v_fmac_f32).
 * Private to isa/exec/. */
#ifndef GCNSIM_ISA_EXEC_VALU9_H
#define GCNSIM_ISA_EXEC_VALU9_H

#include "isa_exec.h"

/* The instructions of this family: contiguous in isa.def. */
static inline bool isa_valu9_owns(unsigned op) { return isa_valu9_op((isa_op_t)op); }

/* Execute one of them (isa_valu9_owns); false for an opcode it does not know. */
bool isa_valu9(isa_wave_t *w, const isa_inst_t *in);

#endif

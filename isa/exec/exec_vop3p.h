/* exec_vop3p: the semantics of gfx9's VOP3P instructions (vop3p): packed 16-bit math (v_pk_*),
 * mixed precision (v_mad_mix*, v_fma_mix*) and gfx906's dot products (v_dot*). Their rules are in
 * docs/semantics-valu.md ("Packed math (gfx9 VOP3P)"). Needs: exec_operands, exec_valu_float (the
 * f32 result path), isa_f16.h. */
#ifndef GCNSIM_ISA_EXEC_VOP3P_H
#define GCNSIM_ISA_EXEC_VOP3P_H

#include "isa_exec.h"

/* The instructions of this family: the VOP3P block of isa.def (contiguous). */
static inline bool isa_valu_vop3p_owns(unsigned op) { return op >= ISA_v_pk_mad_i16 && op <= ISA_v_dot8_u32_u4; }

/* Execute one of them (isa_valu_vop3p_owns); false for an opcode it does not know. */
bool isa_valu_vop3p(isa_wave_t *w, const isa_inst_t *in);

#endif

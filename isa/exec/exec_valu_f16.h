/* exec_valu_f16: f16 and 16-bit integer VALU semantics (VOP1/VOP2/VOPC/VOP3), and the remaining
 * f32 legacy/frexp ops (v_mul_legacy/mad_legacy, v_exp_legacy/log_legacy, v_frexp_*_f32,
 * v_cvt_off_f32_i4, v_clrexcp). Their rules are in docs/semantics-valu.md ("16-bit operands").
 * Needs: exec_lanes, exec_operands, exec_valu_float (the f32 source/result path). */
#ifndef GCNSIM_ISA_EXEC_VALU_F16_H
#define GCNSIM_ISA_EXEC_VALU_F16_H

#include "isa.h"

/* The instructions of this family: the f16 block at the end of isa.def. */
static inline bool isa_valu_f16_owns(unsigned op) { return op >= ISA_v_cvt_f16_f32 && op <= ISA_v_mad_legacy_f32; }

/* Execute one of them (isa_valu_f16_owns); false for an opcode it does not know. */
bool isa_valu_f16(isa_wave_t *w, const isa_inst_t *in);

#endif

/* exec_valu_pack: the VOP3-only byte and pack instructions (sums of absolute differences, lerp,
 * perm, cvt_pk_u8_f32), the cube-map instructions and the M0-relative VGPR moves
 * (v_movrels/movreld/movrelsd_b32). Needs: exec_lanes, exec_operands, exec_valu_float. Private to
 * isa/exec/. */
#ifndef GCNSIM_ISA_EXEC_VALU_PACK_H
#define GCNSIM_ISA_EXEC_VALU_PACK_H

#include "isa_exec.h"

/* Apply one of the VOP3 extras of isa.def (the division through exec_valu_div, pack, cube,
 * movrel); true when it knows the opcode. A v_movrel* whose M0-relative register leaves the wave's
 * VGPRs faults through `res`. */
bool isa_valu_vop3x(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

#endif

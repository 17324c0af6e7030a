/* exec_gpr_idx: VGPR index mode (s_set_gpr_idx_on/off/mode/idx) and its effect on VALU operands.
 * Needs: exec_operands, exec_valu. Private to isa/exec/. */
#ifndef GCNSIM_ISA_EXEC_GPR_IDX_H
#define GCNSIM_ISA_EXEC_GPR_IDX_H

#include "isa.h"

/* True when `op` is one of the four index-mode instructions. */
static inline bool isa_is_gpr_idx_op(unsigned op) { return op >= ISA_s_set_gpr_idx_on && op <= ISA_s_set_gpr_idx_idx; }

/* Apply one of them (SALU semantics: M0 and MODE.GPR_IDX_EN). */
void isa_exec_gpr_idx(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

/* Execute VALU instruction `in` in index mode: a copy with the selected VGPR operands offset by
 * M0[7:0] goes through isa_exec_valu (which faults if one then lies beyond the wave's VGPRs). */
void isa_exec_valu_indexed(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

#endif

/* exec_gpr_idx: VGPR index mode (s_set_gpr_idx_on/off/mode/idx) and its effect on VALU operands.
 * Needs: exec_operands. Private to isa/exec/ (isa_exec and isa_exec_valu call it). */
#ifndef GCNSIM_ISA_EXEC_GPR_IDX_H
#define GCNSIM_ISA_EXEC_GPR_IDX_H

#include "isa_exec.h"

/* True when `op` is one of the four index-mode instructions. */
static inline bool isa_is_gpr_idx_op(unsigned op) { return op >= ISA_s_set_gpr_idx_on && op <= ISA_s_set_gpr_idx_idx; }

/* Apply one of them (SALU semantics: M0 and MODE.GPR_IDX_EN). */
void isa_exec_gpr_idx(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

/* VALU instruction `in` as index mode sees it: `copy`, filled with `in` and its VGPR operands
 * selected by M0[15:12] offset by M0[7:0] (isa_exec_valu then faults if one lies beyond the
 * wave's VGPRs). Returns `copy`. */
const isa_inst_t *isa_valu_indexed(const isa_wave_t *w, const isa_inst_t *in, isa_inst_t *copy);

#endif

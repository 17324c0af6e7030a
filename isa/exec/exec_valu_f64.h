/* exec_valu_f64: f64 VALU semantics, and the f64 source path (modifiers) that the compares use
 * too. f64 denormals are kept (gfx8's default MODE.FP_DENORM for f64 is "preserve"). Needs:
 * exec_lanes, exec_operands, exec_valu_float (for the f32 side of the conversions). */
#ifndef GCNSIM_ISA_EXEC_VALU_F64_H
#define GCNSIM_ISA_EXEC_VALU_F64_H

#include "isa_exec.h"

/* f64 arithmetic, rounding, conversions and reciprocals; true when it knows the opcode. */
bool isa_valu_f64(isa_wave_t *w, const isa_inst_t *in);
/* Per-lane f64 source `i` (a VGPR pair, SGPR pair or constant) with abs, then neg, applied. */
void isa_valu_read_f64(const isa_wave_t *w, const isa_inst_t *in, int i, uint64_t out[ISA_WAVE_SIZE]);

#endif

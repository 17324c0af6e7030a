/* exec_valu_float: f32 VALU semantics, and the f32 source and result path (modifiers, clamp,
 * denormal flush) that the compares use too. Needs: exec_lanes, exec_operands. */
#ifndef GCNSIM_ISA_EXEC_VALU_FLOAT_H
#define GCNSIM_ISA_EXEC_VALU_FLOAT_H

#include "isa_exec.h"

/* f32 arithmetic, conversions and transcendentals; true when it knows the opcode. */
bool isa_valu_float(isa_wave_t *w, const isa_inst_t *in);
/* Whether `in` is an instruction of the f32 fast path (ISA_XK_F32, isa.h), and that path: the
 * caller has checked the MODE word (no special rounding, no VGPR index mode) and the VGPRs. */
bool isa_valu_f32_fast_ok(const isa_inst_t *in);
void isa_valu_f32_fast(isa_wave_t *w, const isa_inst_t *in);
/* Per-lane f32 source `i` with the source modifiers applied (abs, then neg) and, when the wave
 * flushes f32 denormals and `flush` is set, denormals replaced by a zero of the same sign. */
void isa_valu_read_f32(const isa_wave_t *w, const isa_inst_t *in, int i, bool flush, uint32_t out[ISA_WAVE_SIZE]);

/* Finish an f32 result and write it to vdst for the EXEC lanes: output modifier (ignored in IEEE
 * mode, as on hardware), clamp to [0,1] (NaN -> +0), denormal flush. */
void isa_valu_write_f32(isa_wave_t *w, const isa_inst_t *in, uint32_t d[ISA_WAVE_SIZE]);

#endif

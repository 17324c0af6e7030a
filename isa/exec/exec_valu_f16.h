/* exec_valu_f16: f16 and 16-bit integer VALU semantics (VOP1/VOP2/VOPC/VOP3), and the remaining
 * f32 legacy/frexp ops (v_mul_legacy/mad_legacy, v_exp_legacy/log_legacy, v_frexp_*_f32,
 * v_cvt_off_f32_i4, v_clrexcp). Their rules are in docs/semantics-valu.md ("16-bit operands").
 * Needs: exec_lanes, exec_operands, exec_valu_float (the f32 source/result path). */
#ifndef GCNSIM_ISA_EXEC_VALU_F16_H
#define GCNSIM_ISA_EXEC_VALU_F16_H

#include "isa_exec.h"

/* The instructions of this family: the f16 block at the end of isa.def. */
static inline bool isa_valu_f16_owns(unsigned op) { return op >= ISA_v_cvt_f16_f32 && op <= ISA_v_mad_legacy_f32; }

/* Execute one of them (isa_valu_f16_owns); false for an opcode it does not know. */
bool isa_valu_f16(isa_wave_t *w, const isa_inst_t *in);

/* ---- for the gfx9 family (exec_valu9.c; valu9): the f16 rules above on single values, and the
 * f16 source and result paths (the f16 bit rules, min/max among them, are isa_f16.h's). ---- */
uint32_t isa_f16_mad(uint32_t a, uint32_t b, uint32_t c);       /* unfused, flushed (v_mad_f16) */
uint32_t isa_f16_fma(uint32_t a, uint32_t b, uint32_t c);       /* fused, rounded once */
uint32_t isa_f16_div_fixup(uint32_t q, uint32_t d, uint32_t n);
/* Source i as 16 bits: [31:16] of its value when `hi`, else [15:0] (an inline float constant is its
 * f16 pattern, 0 above it); `mods`: abs then neg on bit 15; `flush`: input denormals per MODE. */
void isa_f16_read_half(const isa_wave_t *w, const isa_inst_t *in, int i, bool hi, bool mods, bool flush,
                       uint32_t out[ISA_WAVE_SIZE]);
/* An f16 result's clamp to [0, 1] (NaN and negatives to +0) and output denormal flush per MODE. */
void isa_f16_finish(const isa_wave_t *w, const isa_inst_t *in, uint32_t d[ISA_WAVE_SIZE]);

#endif

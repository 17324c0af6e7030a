/* exec_cdna: the VALU instructions CDNA added beside the matrix core (cdnaisa): gfx908's
 * accumulating dot products and v_pk_fmac_f16, gfx90a's packed f32 (v_pk_fma/mul/add/mov on
 * register pairs) and v_fmac_f64, gfx940's v_mov_b64, v_lshl_add_u64, v_fmamk/fmaak_f32 and the
 * fp8/bf8 conversions (exec_mfma_math's, which the MFMA inputs share). Rules
 * in docs/semantics-cdna.md. Needs: exec_operands, exec_valu_float (the f32 source and result
 * path), exec_valu_f16 (the f16 ones), exec_valu_f64. */
#ifndef GCNSIM_ISA_EXEC_CDNA_H
#define GCNSIM_ISA_EXEC_CDNA_H

#include "isa_exec.h"

/* The instructions of this family: the first lines of the CDNA block of isa.def. */
static inline bool isa_exec_cdna_owns(unsigned op) { return op >= ISA_v_dot2c_f32_f16 && op <= ISA_v_cvt_sr_bf8_f32; }

/* Execute one of them (isa_exec_cdna_owns); false for an opcode it does not know. */
bool isa_exec_cdna(isa_wave_t *w, const isa_inst_t *in);

/* The floating-point atomics (flat_, global_, buffer_ and ds_ forms): the new memory value of
 * `op` from the old one and the data in *nv, and true; false for any other op. f32 add flushes
 * denormals (in and out) as global f32 atomics do; f64, f16 and bf16 keep them. */
bool isa_x_cdna_atomic(isa_op_t op, uint64_t old, uint64_t data, uint64_t *nv);
/* Packed adds of two f16 / bf16 halves each, rounded to nearest even (ds_pk_add_*, *_pk_add_*). */
uint32_t isa_x_pk_add_f16(uint32_t a, uint32_t b);
uint32_t isa_x_pk_add_bf16(uint32_t a, uint32_t b);

#endif

/* exec_valu_div: the correctly rounded f32 division sequence (v_div_scale/fmas/fixup_f32) and the
 * MODE register's round modes for the f32 and f64 arithmetic. Needs: exec_lanes, exec_operands,
 * exec_valu_float (the f32 source and result path). Private to isa/exec/. */
#ifndef GCNSIM_ISA_EXEC_VALU_DIV_H
#define GCNSIM_ISA_EXEC_VALU_DIV_H

#include "isa_exec.h"

/* v_div_scale_f32, v_div_fmas_f32, v_div_fixup_f32; true when it knows the opcode. */
bool isa_valu_div32(isa_wave_t *w, const isa_inst_t *in);

/* A VALU family handler: applies `in` and returns true when it knows the opcode. */
typedef bool (*isa_valu_fn)(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

/* Run `fn` under the host rounding mode that MODE selects for `in` (MODE[1:0] for f32 results,
 * MODE[3:2] for f64), restored afterwards. Only the arithmetic that rounds by the mode on
 * hardware (add, sub, mul, fma, mad, conversions, ldexp, div_fmas) is affected; everything
 * else, and any instruction while MODE's round field is 0 (nearest even), runs `fn` directly.
 * The caller skips this call altogether when MODE[3:0] is 0, so the default costs one test. */
bool isa_valu_rounded(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, isa_valu_fn fn);

#endif

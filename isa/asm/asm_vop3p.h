/* asm_vop3p: gfx9's VOP3P family both ways (vop3p): the instruction-level rules of the packed,
 * mixed-precision and dot-product instructions after their operands are matched (op_sel, op_sel_hi,
 * neg_lo, neg_hi, clamp; no literal, one constant-bus read), their machine code (the Vega ISA
 * manual's VOP3P microcode format, 0xD38xxxxx), the way back, and their text as llvm-mc-15 prints
 * it for gfx900/gfx906. Needs: asm_lex (diagnostics), asm_operands (register names), asm_encode
 * (the opcode map). */
#ifndef GCNSIM_ASM_VOP3P_H
#define GCNSIM_ASM_VOP3P_H

#include "asm/asm_encode.h"
#include "asm/asm_types.h"

/* After the operand walk of a VOP3P instruction (asm_match): the modifiers, the literal and
 * constant-bus rules, the default op_sel_hi, the size. False after reporting an error. */
bool asm_vop3p_finish(asm_ctx_t *c, isa_op_t op, int suffix, uint32_t mcol, const asm_mods_t *m,
                      const asm_match_state_t *st, isa_inst_t *in);

/* The two words of `in` (a VOP3P instruction; `opcode` its OP field) into out[0..8). Returns 8, or 0
 * after writing why to err. */
unsigned asm_vop3p_encode(const isa_inst_t *in, uint16_t opcode, uint8_t *out, char *err, size_t errlen);

/* A VOP3P word pair into `in` (zeroed by the caller, operands ISA_OPND_NONE) for the map's target
 * (its opcode table's VOP3P lines: 0x20-0x22 are v_mad_mix* on gfx900, v_fma_mix* on gfx906).
 * Returns NULL, or why the words are not an instruction the assembler could have written. */
const char *asm_vop3p_decode(const asm_opcode_map_t *m, uint32_t w0, uint32_t w1, isa_inst_t *in);

/* `in` as llvm-mc prints it (isa_format_inst's VOP3P part). Returns the length written. */
int asm_vop3p_format(const isa_inst_t *in, char *buf, size_t len);

#endif

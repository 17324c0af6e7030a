/* asm_operands: one operand from tokens (registers, constants, labels, with neg/abs), and the
 * text of a register operand, from the same table of names. Needs: asm_lex. */
#ifndef GCNSIM_ASM_OPERANDS_H
#define GCNSIM_ASM_OPERANDS_H

#include "asm/asm_types.h"

/* Parse one operand starting at token *i. False (error reported) on failure. */
bool asm_parse_operand(asm_ctx_t *c, uint32_t *i, asm_opnd_t *o);
/* The text of a register operand: v3, s[4:5], vcc, m0... */
void asm_reg_text(uint16_t code, uint8_t count, char *buf, size_t n);

#endif

/* asm_operands: one operand from tokens (registers, constants, labels, with neg/abs), the text of a
 * register operand, from the same table of names, and the checks the hand-written operand parsers
 * share (a VGPR range, a modifier's integer). Needs: asm_lex. */
#ifndef GCNSIM_ASM_OPERANDS_H
#define GCNSIM_ASM_OPERANDS_H

#include "asm/asm_types.h"

/* Parse one operand starting at token *i. False (error reported) on failure. */
bool asm_parse_operand(asm_ctx_t *c, uint32_t *i, asm_opnd_t *o);
/* The text of a register operand: v3, s[4:5], vcc, m0... */
void asm_reg_text(uint16_t code, uint8_t count, char *buf, size_t n);

/* Whether operand o is `width` VGPRs (vN, or v[a:b] with width registers) without neg/abs; otherwise
 * an error naming `what` ("... must be a VGPR (vN)" / "... a range of N VGPRs (v[a:b])"). */
bool asm_vgpr_range(asm_ctx_t *c, const asm_opnd_t *o, unsigned width, const char *what);

/* A modifier's value `name:N` with *i at name (`name:-N` too when lo < 0), N in lo..hi; *i is
 * left after it. Otherwise an error: "expected ':' after 'name'" at name, or `range` (the whole
 * message) at the value. */
bool asm_mod_int(asm_ctx_t *c, uint32_t *i, const char *name, int64_t lo, int64_t hi, const char *range, int64_t *v);

#endif

/* asm_match: the match of an instruction's parsed operands and modifiers against its table
 * signature, filling the instruction: operand rules, constants, the VALU encoding choice and the
 * constant bus. Needs: asm_operands (register names in messages), asm_lex. */
#ifndef GCNSIM_ASM_MATCH_H
#define GCNSIM_ASM_MATCH_H

#include "asm/asm_types.h"

/* Match operands and modifiers against the signature of `op` and fill `pi`. */
bool asm_match(asm_ctx_t *c, isa_op_t op, int suffix, uint32_t mcol, const asm_opnd_t *ops, uint32_t nops,
               const asm_mods_t *m, asm_pinst_t *pi);

#endif

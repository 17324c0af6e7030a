/* asm_const: the operand code of a constant (an integer or float operand): one of gfx803's inline
 * constants (0..64, -1..-16, +-0.5, +-1.0, +-2.0, +-4.0, 1/(2*pi)) or ISA_SRC_LITERAL with the
 * literal's bits, for 32-bit, 64-bit and 16-bit operands, with llvm-mc's range rules (errors
 * reported at the operand). Needs: asm_lex. */
#ifndef GCNSIM_ASM_CONST_H
#define GCNSIM_ASM_CONST_H

#include "asm/asm_types.h"

/* The code of constant o for a 32-bit (width 1) or 64-bit (width 2) operand; *lit gets the
 * literal's bits when the code is ISA_SRC_LITERAL. False (error reported) when it does not fit. */
bool asm_const_code(asm_ctx_t *c, const asm_opnd_t *o, unsigned width, uint16_t *code, uint32_t *lit);
/* The same for a 16-bit operand; is_int: an integer operand, where the f16 patterns of the inline
 * floats stay literals. A literal is zero-extended to 32 bits. */
bool asm_const_code16(asm_ctx_t *c, const asm_opnd_t *o, bool is_int, uint16_t *code, uint32_t *lit);

#endif

/* asm_buffer: operands, modifiers and printing of the buffer family (MUBUF, MTBUF). */
#ifndef GCNSIM_ASM_BUFFER_H
#define GCNSIM_ASM_BUFFER_H

#include "asm/asm_types.h"

/* Parse the operands and modifiers of buffer instruction `op` from token *i to the end of the line
 * into pi->in (which has op, line and col set). False after reporting an error. */
bool asm_buffer_inst(asm_ctx_t *c, isa_op_t op, uint32_t mcol, uint32_t *i, asm_pinst_t *pi);

/* Print a buffer instruction in llvm-mc syntax (as isa_format_inst). */
int asm_buffer_format(const isa_inst_t *in, isa_target_t t, char *buf, size_t len);

#endif

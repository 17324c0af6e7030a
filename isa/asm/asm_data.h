/* asm_data: sections (.text, .rodata, .data, .bss and the rest), the data directives (.byte ...
 * .quad, .zero, .ascii, alignment), labels in data sections and relocation operands
 * (sym@rel32@lo+4, sym@gotpcrel32@hi+12, sym@abs32@lo), collected for asm_link (docs/asm.md).
 * Needs: asm_lex. */
#ifndef GCNSIM_ASM_DATA_H
#define GCNSIM_ASM_DATA_H

#include "asm/asm_types.h"

/* Handle a section or data directive at token i. Returns false when the directive is not one of
 * them (*ok untouched); true when it was, with *ok false when an error was reported. */
bool asm_data_directive(asm_ctx_t *c, uint32_t i, bool *ok);
/* True when the current section holds data (a label there is a data symbol). */
bool asm_data_in_data_section(const asm_ctx_t *c);
/* Check that an instruction may go in the current section (reports the error at col). */
bool asm_data_code_allowed(asm_ctx_t *c, uint32_t col);
/* Define a label in the current data section. `name` points into the original source text. */
void asm_data_label(asm_ctx_t *c, const char *name, uint32_t len, uint32_t col);
/* The data symbol called name, or -1. */
int32_t asm_data_find(const asm_ctx_t *c, const char *name, uint32_t len);
/* Parse `@KIND[@lo|@hi][+-N]` after the symbol token at *i (which must be followed by '@') into
 * r (sym/len/col set by the caller's token). Advances *i past it. False on error (reported). */
bool asm_parse_reloc(asm_ctx_t *c, uint32_t *i, asm_reloc_ref_t *r);
void asm_data_free(asm_ctx_t *c);

#endif

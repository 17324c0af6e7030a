/* asm_swizzle: LLVM's `offset:swizzle(MODE, ...)` syntax of ds_swizzle_b32, both ways: the parser
 * turns the tokens into the 16-bit offset pattern, the printer turns a pattern back into the
 * swizzle(...) text. Needs: asm_types (tokens) only, so that asm_lex's modifier parser and the
 * printer (disasm.c) can both use it. Syntax and encodings: docs/asm.md, "ds_swizzle_b32". */
#ifndef GCNSIM_ASM_SWIZZLE_H
#define GCNSIM_ASM_SWIZZLE_H

#include <stddef.h>

#include "asm/asm_types.h"

/* Parse `swizzle ( MODE , args )` starting at tok[*i] (the `swizzle` identifier). On success sets
 * *offset, advances *i past the `)` and returns true; on error returns false with the column and
 * the text of the message (llvm-mc's wording where it has one). */
bool asm_swizzle_parse(const asm_tok_t *tok, uint32_t ntok, uint32_t *i, uint32_t *offset, uint32_t *err_col,
                       char *err, size_t errlen);

/* Print a ds_swizzle_b32 offset as `swizzle(QUAD_PERM,a,b,c,d)` (offset[15] set) or
 * `swizzle(BITMASK_PERM,"xxxxx")` when the bit-mask pattern has that exact form; returns the length
 * written, or 0 when the pattern is printed best as a plain number (it then re-assembles exactly). */
int asm_swizzle_format(uint32_t offset, char *buf, size_t len);

#endif

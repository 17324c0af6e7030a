/* asm_diag: how a diagnostic's text is printed, shared by the assembler and the INI loaders so that
 * every message that echoes input is bounded and printable, and how many the assembler prints.
 * Needs: libc only. */
#ifndef GCNSIM_ASM_DIAG_H
#define GCNSIM_ASM_DIAG_H

#include <stdarg.h>
#include <stdio.h>

enum { ASM_ERRORS_SHOWN = 20 }; /* diagnostics printed per file (docs/errors.md) */

/* Print a diagnostic's text as gcnsim shows every message that echoes input: control bytes (but tab
 * and newline), malformed UTF-8 and U+FEFF (an invisible byte-order mark) as \xNN, and any word
 * longer than 80 bytes clipped to its first 77 and "...". */
void asm_diag_puts(const char *text, FILE *out);
/* Format a message (any length) and print it as asm_diag_puts does, then a newline. */
void asm_diag_vprintf(FILE *out, const char *fmt, va_list ap);

#endif

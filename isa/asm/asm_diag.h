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
/* A name read from an input (a kernel, label, symbol, argument), printed whole as every text output
 * prints names: control bytes (tab and newline too), malformed UTF-8 and U+FEFF as \xNN, so that a
 * name cannot move the cursor, recolour the terminal or split a line (docs/errors.md). */
void asm_diag_put_name(FILE *out, const char *name);
/* The same as a malloc'd string (NULL when out of memory). */
char *asm_diag_name(const char *name);
/* The same into buf (n bytes, cut to fit, as snprintf); returns the escaped length. */
size_t asm_diag_name_to(const char *name, char *buf, size_t n);
/* Format a message (any length) and print it as asm_diag_puts does, then a newline. */
void asm_diag_vprintf(FILE *out, const char *fmt, va_list ap);

#endif

/* asm_text: what the printers and the machine-code writers share: an appender over a caller's
 * buffer (snprintf's rules: it counts what would have been written), the text of a source operand
 * code (inline constants by value, src_scc/src_vccz/src_execz, registers by name), and a message
 * into a caller's error buffer. Needs: asm_operands (register names). */
#ifndef GCNSIM_ASM_TEXT_H
#define GCNSIM_ASM_TEXT_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    char *buf;
    size_t len, pos; /* pos counts what would have been written, like snprintf */
} asm_out_t;

/* Append to o (cut to its length, counted whole). */
void asm_put(asm_out_t *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The text of operand code `code` (count registers): an integer constant (-16..64), a float
 * constant as llvm-mc prints it (0.5 ... 0.15915494), src_scc / src_vccz / src_execz, else the
 * register (asm_reg_text). A literal or an absent operand is the caller's to print. */
void asm_operand_text(uint16_t code, uint8_t count, char *text, size_t n);

/* Format a message into err (errlen bytes; nothing when err is NULL) and return 0: the failure value
 * of the machine-code writers. */
unsigned asm_fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif

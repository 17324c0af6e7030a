/* asm_decode: machine code back to decoded instructions (isa_inst_t), through the same opcode table
 * as the encoder (asm_encode.h), so that decoding what asm_encode_inst wrote gives back the
 * assembler's instruction. The base of reading code objects: a word that is not a gfx803
 * instruction, or is one gcnsim does not simulate (graphics, a mnemonic without an isa.def line),
 * is an error naming its byte offset. */
#ifndef GCNSIM_ASM_DECODE_H
#define GCNSIM_ASM_DECODE_H

#include "asm/asm_encode.h"

/* Decode the instruction at code[off] (len bytes in all). Fills *in as the assembler would (op,
 * operands by role, modifiers, literal, size, pc = off; line and col 0); a branch's `target` is
 * the target's byte offset (asm_decode_code turns it into an instruction index). Returns the
 * instruction's size in bytes, or 0 after writing "byte offset 0xN: message" to err. */
unsigned asm_decode_inst(const asm_opcode_map_t *m, const uint8_t *code, size_t len, size_t off, isa_inst_t *in,
                         char *err, size_t errlen);

/* Decode len bytes of one kernel's code: *insts (malloc'd; the caller frees it) and *ninsts, with
 * branch targets as instruction indices. Returns 0, or 1 after writing the first error to err
 * (also a branch into the middle of an instruction or outside the code). */
int asm_decode_code(const asm_opcode_map_t *m, const uint8_t *code, size_t len, isa_inst_t **insts,
                    uint32_t *ninsts, char *err, size_t errlen);

/* True when a and b are the same instruction (everything but the source position); else false,
 * with the first differing field named in what. */
bool asm_inst_same(const isa_inst_t *a, const isa_inst_t *b, char *what, size_t n);

#endif

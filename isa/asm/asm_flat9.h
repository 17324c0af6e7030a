/* asm_flat9: gfx9's FLAT family (flat_ with offsets, global_, scratch_, the d16 forms): operands
 * and modifiers in llvm-mc's syntax, the instruction word both ways, and the text. */
#ifndef GCNSIM_ASM_FLAT9_H
#define GCNSIM_ASM_FLAT9_H

#include "asm/asm_text.h"
#include "asm/asm_types.h"

/* Parse the operands and modifiers of FLAT instruction `op` in its gfx9 form (isa_flat9_form) from
 * token *i to the end of the line into pi->in (op, line and col set). False after reporting an error. */
bool asm_flat9_inst(asm_ctx_t *c, isa_op_t op, uint32_t mcol, uint32_t *i, asm_pinst_t *pi);

/* The 8 bytes of `in` with FLAT opcode `opcode` (the OP field, as flat_ and its global_/scratch_
 * relatives share it); 0 with a message in err when it does not encode. */
unsigned asm_flat9_encode(const isa_inst_t *in, uint16_t opcode, uint8_t *out, char *err, size_t errlen);

/* The FLAT family's two words from their fields (Vega ISA manual: offset [12:0], seg [15:14], glc,
 * slc, op [24:18]; vaddr, vdata, saddr, vdst bytes): gfx9's forms, and gfx8's FLAT, which is the
 * same word with seg, offset and saddr 0. */
void asm_flat_words(uint8_t *out, uint16_t opcode, bool glc, bool slc, unsigned seg, uint32_t offset, uint32_t vaddr,
                    uint32_t vdata, uint32_t saddr, uint32_t vdst);

/* The fields of a gfx9 FLAT word pair into `in` (in->op set); NULL, or why the word is not one. */
const char *asm_flat9_decode(uint32_t w0, uint32_t w1, isa_inst_t *in);

/* Print a gfx9 FLAT instruction in llvm-mc syntax (as isa_format_inst) for target t. */
int asm_flat9_format(const isa_inst_t *in, isa_target_t t, char *buf, size_t len);

/* The cache bits of FLAT, MUBUF and MTBUF (cdnaisa): `glc` and `slc` before gfx940, the scope bits
 * `sc0` (glc's bit), `nt` (slc's) and `sc1` on gfx942. ASM_CB_GLC, _SLC or _SC1 for token t, naming
 * one on the assembler's target; ASM_CB_NONE for another token; ASM_CB_ERROR after reporting the
 * other target's spelling. */
enum { ASM_CB_GLC, ASM_CB_SLC, ASM_CB_SC1, ASM_CB_NONE = -1, ASM_CB_ERROR = -2 };
int asm_cache_bit(asm_ctx_t *c, const asm_tok_t *t);
/* The spelling of glc's bit on target t: "glc", or "sc0" on gfx940; and of the three bits, for messages. */
const char *asm_glc_name(isa_target_t t);
const char *asm_cache_bits_text(isa_target_t t);
/* Append the cache bits of `in` as llvm-mc prints them on target t (" glc slc", " sc0 nt sc1"). */
void asm_cache_bits_put(const isa_inst_t *in, isa_target_t t, asm_out_t *o);

#endif

/* asm_mfma: CDNA's matrix instructions (v_mfma_*, v_smfmac_*) both ways (mfma): their A and B
 * operands (the B signature group; D and C are agpr's Y and y) and the rules across D and C, their controls
 * (cbsz, abid, blgp; gfx940's neg on the f64 MFMAs), the VOP3P-MAI machine code (isa.h, "MFMA"),
 * the way back, and their text as llvm-mc prints it (llvm-mc-15 for gfx908/gfx90a, llvm-mc-19 for
 * gfx942). Needs: asm_lex (diagnostics), asm_const (C's constant), asm_operands (register names).
 * asm_match, asm_encode, asm_decode and disasm call it for ISA_FL_MFMA instructions. */
#ifndef GCNSIM_ASM_MFMA_H
#define GCNSIM_ASM_MFMA_H

#include "asm/asm_types.h"

/* Operand o against an MFMA's A or B group (SIG_MFMA_SRC: a VGPR or AGPR tuple), into `in`; pos
 * numbers the operand in messages. False after reporting an error. */
bool asm_mfma_operand(asm_ctx_t *c, isa_op_t op, const asm_sig_t *g, const asm_opnd_t *o, unsigned pos, isa_inst_t *in);

/* After the operand walk of an MFMA: the controls and the rules across operands (C of D's kind,
 * smfmac's index a VGPR), the size. False after reporting an error. */
bool asm_mfma_finish(asm_ctx_t *c, isa_op_t op, int suffix, uint32_t mcol, const asm_mods_t *m, isa_inst_t *in);

/* The two words of `in` (an MFMA; `opcode` its OP field on target t) into out[0..8). Returns 8, or
 * 0 after writing why to err. */
unsigned asm_mfma_encode(const isa_inst_t *in, uint16_t opcode, isa_target_t t, uint8_t *out, char *err, size_t errlen);

/* A VOP3P-MAI word pair of target t into `in` (zeroed by the caller), `op` its instruction. Returns
 * NULL, or why the words are not an instruction the assembler could have written. */
const char *asm_mfma_decode(isa_op_t op, isa_target_t t, uint32_t w0, uint32_t w1, isa_inst_t *in);

/* `in` as llvm-mc prints it on target t. Returns the length written. */
int asm_mfma_format(const isa_inst_t *in, isa_target_t t, char *buf, size_t len);

#endif

/* asm_agpr: CDNA's accumulation registers (AGPRs) in machine code, for the encoder, the decoder and
 * the assembler's checks (docs/asm.md, "AGPRs"). An AGPR operand is ISA_AGPR_BASE + n in gcnsim's
 * instructions; the words write the same number n a VGPR would have, and tell the file apart by the
 * opcode (v_accvgpr_*), by the signature (X, x) or by an acc bit: gfx90a's DS (bit 25), FLAT,
 * global_, scratch_, MUBUF and MTBUF (bit 55) set it when the data and destination registers are
 * AGPRs. The MFMA's acc bits are the MFMA encoder's (isa_opnd_vnum, isa_opnd_to_agpr in isa.h). */
#ifndef GCNSIM_ASM_AGPR_H
#define GCNSIM_ASM_AGPR_H

#include "isa.h"

/* Whether op is a load or store whose data may be AGPRs on gfx90a and later (DS, FLAT and its
 * global_/scratch_ forms, MUBUF, MTBUF), and the acc bit of its 64-bit word (word 0 | word 1 << 32). */
bool asm_agpr_mem_op(isa_op_t op);
uint64_t asm_agpr_acc_bit(isa_op_t op);

/* `in` with every AGPR operand written as the VGPR of the same number, into *out (the encoders
 * write register numbers); *acc says whether a memory instruction's acc bit must be set. False when
 * `in` has no AGPR operand (then *out is not written). Not for MFMA instructions. */
bool asm_agpr_lower(const isa_inst_t *in, isa_inst_t *out, bool *acc);

/* A decoded memory instruction whose acc bit was set: its data and destination registers (every
 * VGPR operand but the address, src[0]) are AGPRs. */
void asm_agpr_raise_mem(isa_inst_t *in);

/* A decoded instruction whose signature has AGPR groups (X, x): those operands, read as VGPR numbers,
 * become AGPRs. Returns NULL, or why the word is not one the assembler writes. */
const char *asm_agpr_raise_sig(isa_inst_t *in);

/* The rules of AGPRs in loads and stores on target t (LLVM's): none before gfx90a, never the
 * address, and the data and destination all VGPRs or all AGPRs. NULL, or the reason. */
const char *asm_agpr_mem_rule(isa_target_t t, const isa_inst_t *in);

/* gfx90a and later: every VGPR or AGPR tuple (two or more registers) starts at an even register
 * (LLVM GCNSubtarget::needsAlignedVGPRs). NULL, or the reason (naming the operand in buf). */
const char *asm_agpr_alignment(isa_target_t t, const isa_inst_t *in, char *buf, size_t len);

/* The rules of the AGPR moves (LLVM's): v_accvgpr_read/write take no modifier (clamp, op_sel,
 * neg_lo, neg_hi), v_accvgpr_write_b32 an SGPR only from gfx90a ("source operand must be either a
 * VGPR or an inline constant" on gfx908), v_accvgpr_mov_b32 has no 64-bit form. NULL, or the reason. */
const char *asm_agpr_inst_rule(isa_target_t t, const isa_inst_t *in);

#endif

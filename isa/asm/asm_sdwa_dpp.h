/* asm_sdwa_dpp: the SDWA and DPP forms of VOP1/VOP2/VOPC (gfx8) in the assembler and the listing:
 * their controls after the operands (dst_sel:, quad_perm:[...], row_mask: ...), the rules of the
 * two forms (gfx8: VGPR sources only, which modifiers where, vcc only; gfx9's SDWA: scalar
 * sources, compare destinations, omod -- per target `t`), and their text as llvm-mc prints it. Needs: asm_lex (tokens, diagnostics), asm_operands (register names). */
#ifndef GCNSIM_ASM_SDWA_DPP_H
#define GCNSIM_ASM_SDWA_DPP_H

#include "asm/asm_types.h"

/* Parse the SDWA/DPP controls at tokens *i.. (after asm_parse_mods stopped at one) up to the end
 * of the line, in the order llvm-mc requires. Fills m->ext; false on error. */
bool asm_ext_parse(asm_ctx_t *c, uint32_t *i, asm_mods_t *m);

/* The form an instruction is written in: from its suffix (_sdwa, _dpp), else from the controls
 * or a sext() operand given. ISA_FORM_PLAIN for an ordinary instruction; -1 after an error. */
int asm_ext_form(asm_ctx_t *c, isa_op_t op, isa_target_t t, int suffix, uint32_t mcol, const asm_opnd_t *ops,
                 uint32_t nops, const asm_mods_t *m);

/* After the operand walk of an SDWA/DPP instruction: the rules of its form, then its fields
 * (and size) in `in`. False with a diagnostic when llvm-mc would refuse it. */
bool asm_ext_finish(asm_ctx_t *c, isa_op_t op, isa_target_t t, int form, uint32_t mcol, const asm_opnd_t *ops,
                    uint32_t nops, const asm_mods_t *m, const asm_match_state_t *st, isa_inst_t *in);

/* The mnemonic suffix llvm-mc prints for the form ("_sdwa", "_dpp", or "" for the SDWA compares
 * and v_nop), and the controls it prints after the operands (with a leading space). */
const char *asm_ext_suffix(const isa_inst_t *in, isa_target_t t);
int asm_ext_format(const isa_inst_t *in, char *buf, size_t len);

#endif

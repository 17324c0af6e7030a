/* asm_directives: `.amdhsa_kernel` blocks, `.amdgpu_metadata` YAML and the kernel-naming
 * directives (.globl, .type ...), `.amdgcn_target` (the file's target), and the default descriptors. Needs: asm_lex. */
#ifndef GCNSIM_ASM_DIRECTIVES_H
#define GCNSIM_ASM_DIRECTIVES_H

#include "asm/asm_types.h"

/* The declared kernel of that name (hashed: O(1)), or -1. */
int32_t asm_kernel_find(const asm_ctx_t *c, const char *name, uint32_t len);
/* Find or add a declared kernel by name. Returns its index, or -1 when out of memory. */
int32_t asm_kernel_declare(asm_ctx_t *c, const char *name, uint32_t len, uint32_t line, uint32_t col);
/* Handle a directive line (first token starts with '.'); false when an error was reported. */
bool asm_directive(asm_ctx_t *c, uint32_t i);
/* Make t the target of the file (its mnemonics, which instructions it has); c->op_hash is built. */
void asm_target_set(asm_ctx_t *c, isa_target_t t);
/* A line inside an open .amdhsa_kernel block / .amdgpu_metadata block. */
void asm_amdhsa_line(asm_ctx_t *c);
void asm_metadata_line(asm_ctx_t *c);
/* gcnsim's default descriptor and LLVM's .amdhsa defaults. */
void asm_default_descriptor(isa_descriptor_t *d);
void asm_amdhsa_defaults(isa_descriptor_t *d);
/* An argument's kind from its metadata value kind (".value_kind": by_value, global_buffer, ...), as
 * the YAML text and a code object's MessagePack note both name it. */
isa_arg_kind_t asm_arg_kind(const char *value_kind);
/* At end of file: report unterminated blocks. */
void asm_directives_finish(asm_ctx_t *c);

#endif

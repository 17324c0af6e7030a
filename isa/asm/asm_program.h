/* asm_program: the assembler's second pass: the instructions pass 1 read become the program's
 * kernels (split at the kernels' labels, in source order), each branch resolved to an instruction
 * of its own kernel, the descriptors and the .amdgpu_metadata entries attached by kernel name
 * (binary search over the names sorted once: linear-time loading, docs/performance.md), and the
 * program image linked (kernels at 256-byte boundaries, then the data). Also the open-addressing
 * hash table of code labels that pass 1 fills and pass 2 looks up.
 * Owns: nothing beyond a call. Needs: asm_types (the context), asm_data (the data sections), asm_link (the image). */
#ifndef GCNSIM_ASM_PROGRAM_H
#define GCNSIM_ASM_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "asm/asm_types.h"

/* The slot of label name[0..len) in c->label_hash: its index + 1, or 0 where it would go. */
uint32_t *asm_label_slot(asm_ctx_t *c, const char *name, uint32_t len);
/* Double the label table (from 256) and re-insert every label; false when out of memory. */
bool asm_label_rehash(asm_ctx_t *c);
/* The index in c->labels of the code label name[0..len), or -1. */
int32_t asm_label_find(asm_ctx_t *c, const char *name, uint32_t len);

/* A kernel's resource usage as LLVM counts it (vgprs_used, sgprs_used, sgprs_extra, lds_static),
 * from its instructions and descriptor: also used for kernels read from code objects (codeobj.h). */
void asm_kernel_resources(isa_kernel_t *k);

/* Split the instructions into out's kernels and resolve them (errors through c; also after pass 1
 * failed, so that branch and kernel errors are reported too). */
void asm_program_partition(asm_ctx_t *c, isa_program_t *out);
/* Lay out the program image and link the data and relocations (after an error-free partition). */
void asm_program_link(asm_ctx_t *c, isa_program_t *out);

#endif

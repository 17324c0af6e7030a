/* asm: the gfx803 assembler. Parses llvm-mc syntax (hand-written or clang -S output) into an
 * isa_program_t: kernels with decoded instructions, labels, the `.amdhsa_kernel` descriptor,
 * `.amdgpu_metadata` arguments, and LLVM-style resource usage.
 * Diagnostics go to `diag` as `file:line:col: error: message`, followed by the source line and
 * a caret; every error in the file is reported. */
#ifndef GCNSIM_ASM_H
#define GCNSIM_ASM_H

#include "isa.h"

/* Assemble a file. Returns the number of errors (0 on success; the program is then filled and
 * must be released with isa_program_free). An unreadable file is one error. */
int asm_assemble_file(const char *path, isa_program_t *out, FILE *diag);

/* Assemble text held in memory; `name` is used in diagnostics. */
int asm_assemble_buffer(const char *name, const char *text, size_t len, isa_program_t *out, FILE *diag);

#endif

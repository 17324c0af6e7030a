/* asm: the gfx803 assembler. Parses llvm-mc syntax (hand-written or clang -S output) into an
 * isa_program_t: kernels with decoded instructions, labels, the `.amdhsa_kernel` descriptor,
 * `.amdgpu_metadata` arguments, and LLVM-style resource usage.
 * Diagnostics go to `diag` as `file:line:col: error: message`, followed by the source line and
 * a caret; every error in the file is counted, the first ASM_ERRORS_SHOWN are printed (then "... and
 * N more errors"). Echoed source text is bounded: a long line is shown as a window around the
 * column, a long word of a message is clipped, control bytes are shown as \xNN. Reading files is
 * the caller's (sim/load's kprogram_assemble reads a kernel source within its documented limit). */
#ifndef GCNSIM_ASM_H
#define GCNSIM_ASM_H

#include "asm/asm_diag.h"
#include "isa.h"

/* Assemble text held in memory for `target` (the caller's default: the machine's gpu.target; a
 * `.amdgcn_target` directive in the text overrides it); `name` is used in diagnostics. Returns
 * the number of errors (0 on success; the program, its target and its kernels' set, is then
 * filled and must be released with isa_program_free). */
int asm_assemble_buffer(const char *name, const char *text, size_t len, isa_target_t target, isa_program_t *out,
                        FILE *diag);


#endif

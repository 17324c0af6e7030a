/* codeobj: AMDGPU ELF code objects as input, the binary twin of the assembler (asm.h). A code
 * object (`llvm-mc -filetype=obj`, `clang -c`, a linked `.hsaco` from ld.lld) becomes the same
 * isa_program_t the assembler makes of the equivalent text: its machine code decoded through the
 * one instruction table (asm_decode.h), the kernels found by their symbols, each kernel
 * descriptor (code object v3-v5 `NAME.kd`, codeobj_kd.c; v2's amd_kernel_code_t, codeobj_v2.c)
 * read into the descriptor, the metadata note (msgpack, codeobj_meta.c; v2's YAML,
 * codeobj_yaml.c) into the arguments, the relocations resolved into
 * the program image laid out as the assembler lays it out (docs/kernels.md, "Code objects").
 * The ELF structure is read with libelf. Every problem is one "FILE: error: WHERE: what" line
 * (section, offset, symbol) and a non-zero count; no input crashes it. Needs: asm, asm_decode. */
#ifndef GCNSIM_CODEOBJ_H
#define GCNSIM_CODEOBJ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isa.h"

/* True when data starts with the ELF magic (\x7fELF): the caller reads it as a code object. */
bool codeobj_is_elf(const void *data, size_t len);

/* Read the code object held in memory; `name` is used in diagnostics. Returns the number of
 * errors (0 on success: the program is filled and must be released with isa_program_free). */
int codeobj_read(const char *name, const uint8_t *data, size_t len, isa_program_t *out, FILE *diag);

#endif

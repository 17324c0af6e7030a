/* codeobj_link: the program image of a code object. A relocatable object (clang -c, llvm-mc
 * -filetype=obj) is laid out as the assembler lays out the same text (asm_link.h): kernels at
 * 256-byte boundaries, then .rodata (without the kernel descriptors, which text does not hold as
 * data), .data, the GOT and .bss, every relocation resolved there. A linked shared object (.hsaco)
 * keeps its linker's addresses: its sections lie at their virtual addresses from the image base,
 * and its dynamic relocations are applied. Used by codeobj.c only. Needs: codeobj_state (the
 * reader's state and lookups), asm_decode. */
#ifndef GCNSIM_CODEOBJ_LINK_H
#define GCNSIM_CODEOBJ_LINK_H

#include "asm/codeobj_state.h"

/* Lay out the image and resolve relocations (out->kernels decoded, in c->kernels order). */
void co_link(co_t *c, isa_program_t *out);

#endif

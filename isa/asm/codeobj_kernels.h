/* codeobj_kernels: the kernels of a code object found among its symbols, each with the bytes of
 * its code, by the rules of docs/kernels.md, "Code objects". Used by codeobj.c only. Needs:
 * codeobj_state (co_t), codeobj_kd, codeobj_meta, codeobj_v2. */
#ifndef GCNSIM_CODEOBJ_KERNELS_H
#define GCNSIM_CODEOBJ_KERNELS_H

#include "asm/codeobj_state.h"

/* Fill c->kernels (sorted by section and offset, each with its code's [start, end)) from the
 * symbols and, for v2, the amd_kernel_code_t headers; marks each kernel's entry and descriptor
 * symbols. False (error reported) when there is none or two of them overlap. */
bool co_find_kernels(co_t *c);

#endif

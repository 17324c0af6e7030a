/* asm_link: the link of the program image: the kernels' code, then the data sections asm_data
 * collected and a GOT, with every relocation resolved (docs/asm.md). Needs: asm_data, asm_lex. */
#ifndef GCNSIM_ASM_LINK_H
#define GCNSIM_ASM_LINK_H

#include "asm/asm_types.h"

/* The code labels, as the driver (asm.c) knows them: find(name) gives the index into c->labels (or
 * -1), off[index] its image offset (UINT64_MAX when it is in no kernel). */
typedef struct {
    int32_t (*find)(asm_ctx_t *c, const char *name, uint32_t len);
    const uint64_t *off;
} asm_link_labels_t;
/* Lay out the image and resolve relocations; the kernels' image_offset must be set. Does nothing
 * when the source has no data and no relocation. Errors are counted in c->nerrors. */
void asm_link_image(asm_ctx_t *c, isa_program_t *out, const asm_link_labels_t *labels);

#endif

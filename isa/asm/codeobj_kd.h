/* codeobj_kd: the code object v3-v5 kernel descriptor (the 64-byte `NAME.kd` object, LLVM
 * AMDGPUUsage "Kernel Descriptor") read into gcnsim's descriptor, with the field checks a loader
 * makes. Our own layout, from the documented offsets and bit fields. Needs: isa only. */
#ifndef GCNSIM_CODEOBJ_KD_H
#define GCNSIM_CODEOBJ_KD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa.h"

enum { CODEOBJ_KD_SIZE = 64 };

typedef struct {
    isa_descriptor_t desc;        /* present; sizes, user/system SGPR enables, modes (not the reserves) */
    int64_t entry_offset;         /* kernel_code_entry_byte_offset: entry - descriptor address */
    uint32_t vgprs_granted;       /* VGPRs the granulated count allocates: (granules + 1) * 4 */
    uint32_t sgprs_granted;       /* SGPRs (VCC, FLAT_SCRATCH included): (granules + 1) * 8 on gfx8 */
    uint32_t user_sgprs;          /* COMPUTE_PGM_RSRC2.USER_SGPR_COUNT */
    /* CDNA (agpr): COMPUTE_PGM_RSRC3 as read, and rsrc1's GRANULATED_WORKITEM_VGPR_COUNT; codeobj.c
     * checks them against the target (gfx90a: ACCUM_OFFSET [5:0], TG_SPLIT [16], granules of 8) */
    uint32_t rsrc3, vgpr_granules;
} codeobj_kd_t;

/* Read the descriptor at kd. False when a field is impossible for gfx803 or contradicts another,
 * with the field named in msg ("compute_pgm_rsrc2.USER_SGPR_COUNT is 3 but the enabled user SGPRs
 * need 2"). */
bool codeobj_kd_read(const uint8_t kd[CODEOBJ_KD_SIZE], codeobj_kd_t *out, char *msg, size_t n);

/* The user SGPRs the descriptor's enables take (private segment buffer 4, each pointer 2, ...). */
uint32_t codeobj_kd_user_sgprs(const isa_descriptor_t *d);

#endif

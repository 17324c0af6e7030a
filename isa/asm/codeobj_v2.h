/* codeobj_v2: what code object v2 keeps apart from v3-v5: the 256-byte `amd_kernel_code_t` at the
 * start of each kernel symbol (LLVM AMDGPUUsage, "Code Object V2"; AMDKernelCodeT.h), read into
 * the same codeobj_kd_t as a v3 descriptor with checks as strict, and the "AMD" notes that name the
 * target (NT_AMD_HSA_CODE_OBJECT_VERSION, NT_AMD_HSA_ISA_VERSION, NT_AMD_HSA_ISA_NAME). The YAML
 * metadata note is codeobj_yaml.c. Our own layout, from the documented offsets. Needs: codeobj_kd. */
#ifndef GCNSIM_CODEOBJ_V2_H
#define GCNSIM_CODEOBJ_V2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "asm/codeobj_kd.h"

enum {
    CODEOBJ_V2_HEADER_SIZE = 256,
    /* Note types of owner "AMD" (LLVM AMDGPUUsage, "Code Object V2 Note Records"). */
    CODEOBJ_NT_AMD_HSA_CODE_OBJECT_VERSION = 1,
    CODEOBJ_NT_AMD_HSA_ISA_VERSION = 3,
    CODEOBJ_NT_AMD_HSA_METADATA = 10,
    CODEOBJ_NT_AMD_HSA_ISA_NAME = 11,
};

typedef struct {
    codeobj_kd_t kd;         /* as from a v3 descriptor; kd.entry_offset from the header's start */
    uint32_t sgpr_count;     /* wavefront_sgpr_count (VCC, FLAT_SCRATCH included) */
    uint32_t vgpr_count;     /* workitem_vgpr_count */
    uint64_t kernarg_size;   /* kernarg_segment_byte_size */
} codeobj_v2_code_t;

/* Read the amd_kernel_code_t at p. False with the field named in msg. */
bool codeobj_v2_code_read(const uint8_t p[CODEOBJ_V2_HEADER_SIZE], codeobj_v2_code_t *out, char *msg, size_t n);

/* Check one "AMD" note (type, descriptor) that identifies the object: true when it names code
 * object v2 and gfx803 (or is a type that names neither); *target is set when it names a target. */
bool codeobj_v2_note(uint32_t type, const uint8_t *desc, size_t len, bool *target, char *msg, size_t n);

#endif

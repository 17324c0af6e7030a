/* codeobj_meta: the kernels' metadata of a code object: the NT_AMDGPU_METADATA note of code
 * object v3-v5, a MessagePack map (LLVM AMDGPUUsage, "Code Object V3 Metadata"), read with
 * msgpack-c into each kernel's arguments, kernarg segment size and register counts, as the
 * assembler reads the same keys from `.amdgpu_metadata` text; code object v2's YAML note is read
 * into the same form (codeobj_yaml.c). Needs: isa only. */
#ifndef GCNSIM_CODEOBJ_META_H
#define GCNSIM_CODEOBJ_META_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <uthash.h>

#include "isa.h"

/* The largest kernarg segment a kernel's metadata may describe (v2's YAML has the same bound). */
enum { CODEOBJ_KERNARG_MAX = 65536 };

typedef struct {
    char *name;                  /* .name (malloc'd, any length) */
    bool has_kernarg_size, has_vgpr_count, has_sgpr_count;
    uint32_t kernarg_size;       /* .kernarg_segment_size */
    uint32_t vgpr_count, sgpr_count;
    bool has_agpr_count;         /* CDNA (agpr): .agpr_count */
    uint32_t agpr_count;
    isa_kernel_arg_t *args;      /* .args (malloc'd; taken by the kernel that matches) */
    uint32_t nargs;
    UT_hash_handle hh;           /* in codeobj_meta_t.by_name */
} codeobj_meta_kernel_t;

typedef struct {
    codeobj_meta_kernel_t *kernels;
    uint32_t nkernels;
    codeobj_meta_kernel_t *by_name; /* uthash: the first kernel of each name (codeobj_meta_find) */
} codeobj_meta_t;

/* The metadata of kernel `name` (the first of that name), or NULL. */
codeobj_meta_kernel_t *codeobj_meta_find(const codeobj_meta_t *m, const char *name);

/* Read the msgpack metadata blob (a note's descriptor). False with msg naming what is wrong
 * ("amdhsa.kernels[1].args[0]: '.offset' is not an unsigned integer"). */
bool codeobj_meta_read_msgpack(const uint8_t *data, size_t len, codeobj_meta_t *out, char *msg, size_t n);
/* Read the YAML metadata of code object v2 (the NT_AMD_AMDGPU_HSA_METADATA note's text, codeobj_yaml.c)
 * into the same form, value kinds renamed to v3's; msg begins "YAML line N". */
bool codeobj_meta_read_yaml(const uint8_t *data, size_t len, codeobj_meta_t *out, char *msg, size_t n);
/* Index the kernels by name (both readers call it once the kernels are read). */
bool codeobj_meta_index(codeobj_meta_t *m, char *msg, size_t n);
void codeobj_meta_free(codeobj_meta_t *m);

#endif

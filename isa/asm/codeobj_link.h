/* codeobj_link: the reader's shared state (co_t: the ELF's sections, symbols, kernels) and the
 * program image of a code object. A relocatable object (clang -c, llvm-mc -filetype=obj) is laid
 * out as the assembler lays out the same text (asm_data.h): kernels at 256-byte boundaries, then
 * .rodata (without the kernel descriptors, which text does not hold as data), .data, the GOT and
 * .bss, every relocation resolved there. A linked shared object (.hsaco) keeps its linker's
 * addresses: its sections lie at their virtual addresses from the image base, and its dynamic
 * relocations are applied. Used by codeobj.c only. Needs: asm_decode, codeobj_kd, codeobj_meta. */
#ifndef GCNSIM_CODEOBJ_LINK_H
#define GCNSIM_CODEOBJ_LINK_H

#include <gelf.h>
#include <stdbool.h>
#include <stdio.h>

#include "asm/asm_encode.h"
#include "asm/codeobj_kd.h"
#include "asm/codeobj_meta.h"
#include "isa.h"

typedef struct {
    char name[48];
    GElf_Shdr sh;
    const uint8_t *data;     /* into the file; NULL for SHT_NOBITS */
    size_t size;
    int cls;                 /* CO_CLS_*: where the image puts it */
    uint64_t at;             /* its image offset (the descriptors inside it removed) */
} co_sec_t;

enum { CO_CLS_NONE, CO_CLS_RODATA, CO_CLS_DATA, CO_CLS_BSS, CO_NUM_CLS };

typedef struct {
    char name[128];
    uint32_t index;          /* in the symbol table */
    uint32_t shndx;
    uint8_t type;
    bool global, defined;
    uint64_t value, size;
    uint64_t off;            /* offset into its section */
} co_sym_t;

typedef struct {
    const co_sym_t *entry;   /* the code symbol NAME */
    const co_sym_t *kd;      /* NAME.kd (v2: the amd_kernel_code_t's symbol), or NULL (gcnsim's default ABI) */
    uint64_t start, end;     /* its code: [start, end) of the entry's section */
} co_kernel_t;

typedef struct {
    char name[64];
    uint32_t index;
    bool own;
    uint32_t order;
} co_label_t;

typedef struct {
    const char *file;
    FILE *diag;
    int nerrors;
    uint8_t *buf;            /* the file (libelf reads this copy) */
    size_t len;
    Elf *elf;
    GElf_Ehdr eh;
    unsigned version;        /* code object version: 2, 3, 4, 5 */
    co_sec_t *secs;
    size_t nsecs;
    co_sym_t *syms;
    size_t nsyms;
    co_sym_t *v2_entries;    /* v2: the kernels' entries, made at their code's start (codeobj.c) */
    bool v2_target;          /* v2: a note named gfx803 */
    co_kernel_t *kernels;
    size_t nkernels;
    bool has_kd, has_meta;
    codeobj_meta_t meta;
    asm_opcode_map_t *map;
} co_t;

/* "FILE: error: " and the message (counted; the first ASM_ERRORS_SHOWN printed). */
void co_error(co_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
uint32_t co_le32(const uint8_t *p);
const co_sym_t *co_find_sym(const co_t *c, const char *name);
/* Check that the descriptor's kernel_code_entry_byte_offset leads to the kernel's code symbol. */
bool co_check_entry(co_t *c, const co_kernel_t *ck, const codeobj_kd_t *kd);
/* Resolve the branches to global symbols (R_AMDGPU_REL16) of kernel ck, decoded into k. */
bool co_branch_relocs(co_t *c, const co_kernel_t *ck, isa_kernel_t *k);
/* Lay out the image and resolve relocations (out->kernels decoded, in c->kernels order). */
void co_link(co_t *c, isa_program_t *out);

#endif

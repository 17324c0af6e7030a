/* codeobj_state: the code object reader's shared state (co_t: the ELF's sections, symbols, kernels,
 * relocations) and the lookups every part of the reader uses on it (codeobj.c, codeobj_kernels.c,
 * codeobj_link.c). Needs: asm_diag (the messages), codeobj_kd, codeobj_meta. */
#ifndef GCNSIM_CODEOBJ_STATE_H
#define GCNSIM_CODEOBJ_STATE_H

#include <gelf.h>
#include <stdbool.h>
#include <stdio.h>

#include <uthash.h>

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
    const char *name;        /* into the ELF's string table (any length); a section symbol: its section's */
    uint32_t index;          /* in the symbol table */
    uint32_t shndx;
    uint8_t type;
    bool global, defined;
    bool is_kd;              /* a kernel's descriptor (find_kernels) */
    int32_t kernel;          /* the kernel (c->kernels index) whose entry it is, else -1 */
    uint64_t value, size;
    uint64_t off;            /* offset into its section */
    UT_hash_handle hh;       /* in co_t.by_name (the first symbol of each name) */
} co_sym_t;

typedef struct {
    const co_sym_t *entry;   /* the code symbol NAME */
    const co_sym_t *kd;      /* NAME.kd (v2: the amd_kernel_code_t's symbol), or NULL (gcnsim's default ABI) */
    uint64_t start, end;     /* its code: [start, end) of the entry's section */
} co_kernel_t;

typedef struct {
    const char *name;        /* a symbol's name, or made up in made[] */
    char made[24];           /* .Lpc_0xN */
    uint32_t index;
    bool own;
    uint32_t order;
} co_label_t;

/* One relocation of a RELA section, for lookups by place (co_index). */
typedef struct {
    uint32_t sec;            /* the section it applies to */
    uint32_t rs;             /* its RELA section */
    uint64_t off;
    uint32_t type, sym;
    int64_t addend;
} co_rel_t;

typedef struct {
    const char *file;
    FILE *diag;
    int nerrors;
    uint8_t *buf;            /* the file (libelf reads this copy) */
    size_t len;
    Elf *elf;
    GElf_Ehdr eh;
    unsigned version;        /* code object version: 2, 3, 4, 5 */
    isa_target_t target;     /* from e_flags' EF_AMDGPU_MACH */
    co_sec_t *secs;
    size_t nsecs;
    co_sym_t *syms;          /* the named symbols and the section symbols, in table order */
    size_t nsyms;
    co_sym_t **by_index;     /* [symbol table index]: its entry in syms, or NULL */
    size_t nindex;
    co_sym_t *by_name;       /* uthash: the first symbol of each name */
    const co_sym_t **by_place; /* the defined symbols but section symbols, by (section, offset, index) */
    size_t nplace;
    const co_sym_t **kds;    /* the kernels' descriptors by (section, offset) (co_index_kds) */
    size_t nkds;
    co_rel_t *rels;          /* every relocation of every RELA section, by (sec, off) (co_index) */
    size_t nrels;
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
const co_sym_t *co_find_sym(const co_t *c, const char *name);
/* The symbol at symbol table index i, or NULL. */
const co_sym_t *co_sym_by_index(const co_t *c, uint32_t i);
/* The kernel (c->kernels index) whose code [start, end) holds offset off of section shndx, or -1
 * (kernels sorted by section and offset). With at_end, an offset equal to a kernel's end counts,
 * the first such kernel winning. */
int64_t co_kernel_at(const co_t *c, uint32_t shndx, uint64_t off, bool at_end);
/* The index of the instruction at byte offset pc of a decoded kernel, ninsts for its end, else -1. */
int64_t co_inst_at(const isa_kernel_t *k, uint64_t pc);
/* Sort the kernels' descriptors and the relocations by place (after find_kernels), for the
 * lookups of co_check_entry, co_branch_relocs and the link. */
bool co_index(co_t *c);
/* Check that the descriptor's kernel_code_entry_byte_offset leads to the kernel's code symbol. */
bool co_check_entry(co_t *c, const co_kernel_t *ck, const codeobj_kd_t *kd);
/* Resolve the branches to global symbols (R_AMDGPU_REL16) of kernel ck, decoded into k. */
bool co_branch_relocs(co_t *c, const co_kernel_t *ck, isa_kernel_t *k);

/* Relocation types (R_AMDGPU_*: LLVM AMDGPUUsage, "Relocation Records"). */
enum {
    CO_R_ABS32_LO = 1, CO_R_ABS32_HI = 2, CO_R_ABS64 = 3, CO_R_REL32 = 4, CO_R_REL64 = 5, CO_R_ABS32 = 6,
    CO_R_GOTPCREL = 7, CO_R_GOTPCREL32_LO = 8, CO_R_GOTPCREL32_HI = 9, CO_R_REL32_LO = 10, CO_R_REL32_HI = 11,
    CO_R_RELATIVE64 = 13, CO_R_REL16 = 14
};

/* Relocation sections (SHT_RELA) applying to section `target`, one entry at a time. */
typedef struct {
    const co_sec_t *rs;
    size_t i, n;
} co_rela_iter_t;

/* Start `it` on section rs if it is a RELA section applying to `target` (an entry size other than
 * Elf64_Rela's is an error); false otherwise. */
bool co_rela_for(co_t *c, size_t rs, size_t target, co_rela_iter_t *it);
/* The next relocation of `it` into *r; false at the end. */
bool co_rela_next(co_t *c, co_rela_iter_t *it, GElf_Rela *r);

#endif

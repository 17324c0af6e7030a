/* asm_opcodes: the hardware opcode tables (isa/isa_opcodes.def for gfx803 and one .def per newer
 * target, keyed by mnemonic and separate from isa.def, whose order numbers gcnsim's own opcodes) and
 * a target's opcode map, built once and used by the encoder (asm_encode.h) and the decoder. */
#ifndef GCNSIM_ASM_OPCODES_H
#define GCNSIM_ASM_OPCODES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa.h"

/* The hardware encoding families of isa_opcodes.def. They are not isa_enc_t: VOP3 here is also
 * the 64-bit form of a VOP1/VOP2/VOPC instruction, and MUBUF/MTBUF exist before any table
 * instruction uses them. An isa_enc_t maps to the family of the same name (isa_enc_name). */
typedef enum {
    ASM_HW_SOP1, ASM_HW_SOP2, ASM_HW_SOPC, ASM_HW_SOPK, ASM_HW_SOPP, ASM_HW_SMEM, ASM_HW_VOP1,
    ASM_HW_VOP2, ASM_HW_VOPC, ASM_HW_VOP3, ASM_HW_DS, ASM_HW_FLAT, ASM_HW_MUBUF, ASM_HW_MTBUF,
    ASM_HW_VOP3P, ASM_HW_GLOBAL, ASM_HW_SCRATCH, /* gfx9 (GLOBAL, SCRATCH: FLAT's seg[15:14] = 2, 1) */
    ASM_HW_NUM
} asm_hw_family_t;

/* One line of isa_opcodes.def. The name is held in place, not pointed to: a pointer in each of
 * the tables' thousands of rows would be relocated at every start of the program. */
typedef struct {
    char name[ISA_NAME_WIDTH];
    uint8_t family;   /* asm_hw_family_t */
    uint16_t opcode;
    bool alias;       /* ISA_OPCODE_ALIAS: encoded, never decoded to */
} asm_opcode_line_t;

/* gfx803's table (isa/isa_opcodes.def). */
extern const asm_opcode_line_t asm_opcode_lines[];
extern const size_t asm_opcode_nlines;
/* A target's table (isa/isa_opcodes.def, isa/isa_opcodes_gfx900.def, ...) and its length in *n. */
const asm_opcode_line_t *asm_opcode_table(isa_target_t t, size_t *n);
const char *asm_hw_family_name(asm_hw_family_t f);
/* The number of opcode values of a family's OP field (256 for SOP1, 1024 for VOP3, ...). */
unsigned asm_hw_family_opcodes(asm_hw_family_t f);

enum { ASM_OPCODE_NONE = 0xffff, ASM_FAMILY_NONE = 0xff };

/* A target's opcode table joined with isa.def, built once (asm_opcode_map_create) and then
 * read-only: mnemonics of the table without an isa.def line are skipped for encoding and named by
 * the decoder's "not in gcnsim's table" message; an isa.def entry without an opcode does not exist
 * on the target (asm_opcode_map_has). */
typedef struct {
    isa_target_t target;
    const asm_opcode_line_t *lines; /* asm_opcode_table(target) */
    size_t nlines;
    const char *mnemonic[ISA_NUM_OPS]; /* each entry's name on the target (isa_op_mnemonic; isa.def's
                                          when it has none there) */
    bool nameless[ISA_NUM_OPS];        /* isa_op_mnemonic is NULL: no name, no opcode on the target */
    uint8_t family[ISA_NUM_OPS];   /* the hardware family of the instruction's own encoding */
    uint16_t native[ISA_NUM_OPS];  /* its opcode there, or ASM_OPCODE_NONE */
    uint16_t vop3[ISA_NUM_OPS];    /* a VOP1/VOP2/VOPC instruction's VOP3 (_e64) opcode, or NONE */
    uint16_t line_op[2048];        /* per line of `lines`: its isa_op_t, or ISA_NUM_OPS */
    uint16_t by_code[ASM_HW_NUM][1024]; /* (family, opcode) -> line index + 1; 0: LLVM knows none */
} asm_opcode_map_t;

/* NULL when out of memory. */
asm_opcode_map_t *asm_opcode_map_create(isa_target_t target);
/* True when `op` has an opcode on the map's target (isa_op_on_target, precomputed). */
bool asm_opcode_map_has(const asm_opcode_map_t *m, isa_op_t op);
void asm_opcode_map_free(asm_opcode_map_t *m);
/* The family of an isa_enc_t (by name), or ASM_FAMILY_NONE. */
uint8_t asm_hw_family_of_enc(isa_enc_t enc);

#endif

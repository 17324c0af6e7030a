/* asm_encode: machine code for decoded instructions, the bytes `llvm-mc -show-encoding` gives for
 * gfx803 and the newer targets, through a target's opcode map (asm_opcodes.h). Owns the field
 * layouts of the GCN3 ISA manual's chapter 12 ("Microcode Formats"), including those no table
 * instruction uses yet (MUBUF, MTBUF, the SDWA and DPP words) as field structs that their families
 * plug into.
 * asm_decode.h is the way back. */
#ifndef GCNSIM_ASM_ENCODE_H
#define GCNSIM_ASM_ENCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isa.h"

#include "asm/asm_opcodes.h"

enum { ASM_ENCODE_MAX = 12 }; /* bytes of the longest instruction: 64-bit word + literal */

/* Write the machine code of `in` (an instruction of kernel `k`, which branches need for their
 * target's byte offset; NULL otherwise) to out[0..ASM_ENCODE_MAX). Returns the number of bytes
 * (which equals in->size), or 0 after writing a message to err. */
unsigned asm_encode_inst(const asm_opcode_map_t *m, const isa_kernel_t *k, const isa_inst_t *in, uint8_t *out,
                         char *err, size_t errlen);
/* The whole kernel: *code (malloc'd, k->code_bytes long; the caller frees it). Returns 0, or 1
 * after writing "instruction N (line L): message" to err. */
int asm_encode_kernel(const asm_opcode_map_t *m, const isa_kernel_t *k, uint8_t **code, char *err, size_t errlen);

/* Print kernel k as `llvm-mc -show-encoding` does: its labels, then per instruction a tab, the
 * instruction, and "; encoding: [0x..,...]" at llvm-mc's column. Returns 0, or 1 after writing
 * "instruction N (line L): message" to err. */
int asm_print_encoding(const asm_opcode_map_t *m, const isa_kernel_t *k, FILE *out, char *err, size_t errlen);

/* Print an encoding as llvm-mc does: "[0x01,0x00,0x80,0xbe]". Returns the length written. */
int asm_format_bytes(const uint8_t *bytes, unsigned n, char *buf, size_t len);

/* ---- Formats whose instructions are not in the table yet: the field layouts, for their families
 *      to connect (asm_encode.c and asm_decode.c show where). ------------------------------------ */

/* MUBUF and MTBUF (GCN3 manual 12.9/12.10): one 64-bit word. */
typedef struct {
    uint16_t op;        /* MUBUF [24:18] (7 bits), MTBUF [18:15] (4 bits) */
    uint16_t offset;    /* [11:0] unsigned byte offset */
    bool offen, idxen, glc, slc, lds, tfe; /* lds: MUBUF only */
    uint8_t dfmt, nfmt; /* MTBUF only: data format [22:19], numeric format [25:23] */
    uint8_t vaddr, vdata;  /* VGPR numbers */
    uint8_t srsrc;         /* first SGPR of the resource descriptor (a multiple of 4) */
    uint8_t soffset;       /* scalar operand code of the offset (an SGPR, m0 or an inline constant) */
    bool sc1;              /* gfx940's scope bit (cdnaisa): MUBUF [15], MTBUF word 1 [21]; 0 before gfx942 */
} asm_buf_fields_t;
uint64_t asm_encode_mubuf(const asm_buf_fields_t *f);
uint64_t asm_encode_mtbuf(const asm_buf_fields_t *f);
void asm_decode_mubuf(uint64_t w, asm_buf_fields_t *f);
void asm_decode_mtbuf(uint64_t w, asm_buf_fields_t *f);

/* SDWA (src0 = 0xF9 in a VOP1/VOP2/VOPC word) and DPP (src0 = 0xFA): the second 32-bit word. */
enum { ASM_SRC_SDWA = 0xf9, ASM_SRC_DPP = 0xfa };
typedef struct {
    uint8_t src0;                /* VGPR number */
    uint8_t dst_sel, dst_unused; /* [10:8] BYTE_0..3 WORD_0..1 DWORD, [12:11] PAD SEXT PRESERVE */
    bool clamp;                  /* [13] */
    uint8_t src0_sel, src1_sel;  /* [18:16], [26:24] */
    bool src0_sext, src0_neg, src0_abs, src1_sext, src1_neg, src1_abs; /* [19] [20] [21] [27] [28] [29] */
    /* gfx9 only (asm_encode_sdwa9): src0 [7:0] and the VOP2/VOPC vsrc1 field name an SGPR or inline
     * constant (its scalar code) when S0 [23] / S1 [31] is set; OMOD [15:14]; a compare has, in place
     * of dst_sel/dst_unused/clamp/omod, SDST [14:8] and SD [15] (0: vcc, 1: the SGPR pair SDST). */
    bool src0_s, src1_s, sd;
    uint8_t omod, sdst;
} asm_sdwa_fields_t;
typedef struct {
    uint8_t src0;                /* VGPR number */
    uint16_t dpp_ctrl;           /* [16:8] quad_perm, row_shl/shr/ror, wave_*, row_mirror, ... */
    bool bound_ctrl;             /* [19] */
    bool src0_neg, src0_abs, src1_neg, src1_abs; /* [20] [21] [22] [23] */
    uint8_t bank_mask, row_mask; /* [27:24], [31:28] */
} asm_dpp_fields_t;
uint32_t asm_encode_sdwa(const asm_sdwa_fields_t *f);
uint32_t asm_encode_dpp(const asm_dpp_fields_t *f);
void asm_decode_sdwa(uint32_t w, asm_sdwa_fields_t *f);
/* gfx9's SDWA word (Vega ISA manual, "VOP_SDWA"; LLVM VOP_SDWA9Ae / VOP_SDWA9Be): `vopc` selects the
 * compare layout (SD/SDST instead of the destination fields). [22] and [30] are reserved. */
uint32_t asm_encode_sdwa9(const asm_sdwa_fields_t *f, bool vopc);
void asm_decode_sdwa9(uint32_t w, bool vopc, asm_sdwa_fields_t *f);
void asm_decode_dpp(uint32_t w, asm_dpp_fields_t *f);

#endif

/* isa: the GCN3 (gfx803) instruction set, independent of timing.
 *
 * Owns: the instruction table (isa.def) and its metadata, the targets, and the decoded-instruction
 * and kernel types that the assembler produces. The wave's architectural state and the
 * functional semantics that apply one instruction to a wave are isa_exec.h's.
 * Needs: nothing from sim/.
 */
#ifndef GCNSIM_ISA_H
#define GCNSIM_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Work-items in a wave (GCN and CDNA are wave64). */
enum { ISA_WAVE_SIZE = 64 };

/* ---- Targets ------------------------------------------------------------------------------ */

/* The processors gcnsim runs code for, by LLVM's names (AMDGPUUsage, "Processors"): gfx803 (GCN3:
 * Fiji, Polaris), gfx900 (Vega 10) and gfx906 (Vega 20, gfx900 and the dot products). A program is
 * assembled, decoded and run for one target; which instructions exist on a target, and their
 * opcodes, are data (docs/isa.md, "Targets"). Append new targets at the end: the order numbers
 * nothing outside this enum. */
typedef enum {
    ISA_TARGET_GFX803, ISA_TARGET_GFX900, ISA_TARGET_GFX906,
    ISA_TARGET_GFX908, ISA_TARGET_GFX90A, ISA_TARGET_GFX942, /* CDNA: MI100, MI200, MI300 */
    ISA_NUM_TARGETS
} isa_target_t;

/* "gfx803" ... for a target; NULL outside the enum. */
const char *isa_target_name(isa_target_t t);
/* The GCN generations: gfx9 is every target after gfx803 (Vega and CDNA keep gfx9's encodings and
 * rules unless a later one changes them); CDNA adds the matrix core and its accumulation registers
 * (AGPRs); gfx90a and later hold VGPRs and AGPRs in one file and align every register tuple. */
static inline bool isa_target_gfx9(isa_target_t t) { return t != ISA_TARGET_GFX803; }
static inline bool isa_target_cdna(isa_target_t t) { return t >= ISA_TARGET_GFX908 && t < ISA_NUM_TARGETS; }
static inline bool isa_target_gfx90a(isa_target_t t) { return t == ISA_TARGET_GFX90A || t == ISA_TARGET_GFX942; }
static inline bool isa_target_gfx940(isa_target_t t) { return t == ISA_TARGET_GFX942; }
/* The target named by the len bytes at s ("gfx900"), or false when gcnsim has none of that name. */
bool isa_target_parse(const char *s, size_t len, isa_target_t *out);

/* ---- The table ------------------------------------------------------------------------------ */

typedef enum {
#define ISA_OP(name, enc, unit, rate, flags, size, sig) ISA_##name,
#include "isa.def"
#undef ISA_OP
    ISA_NUM_OPS
} isa_op_t;

/* ---- Which instructions a target has (isa_targets.c) ----------------------------------------- */

/* The widths of the opcode tables' rows (isa_targets.c, asm_encode.c), which hold their names in
 * place: LLVM's longest mnemonic (v_smfmac_f32_32x32x32_bf8_fp8) has 29 characters, a family
 * name (SCRATCH) 7; test_targets checks every row's NUL. */
enum { ISA_NAME_WIDTH = 32, ISA_FAMILY_WIDTH = 8 };

/* True when isa.def's `op` exists on target t: t's opcode table (isa/isa_opcodes.def for gfx803,
 * isa/isa_opcodes_<t>.def, from llvm-mc) has its mnemonic on t. A scan of the table: hot paths
 * read the assembler's opcode map (asm_opcode_map_t), built once, which holds the same answer. */
bool isa_op_on_target(isa_op_t op, isa_target_t t);
/* The mnemonic of `op` on target t: LLVM's name there (isa/isa_mnemonics.def: isa.def's
 * v_add_u32 is v_add_co_u32 on gfx9), else isa.def's name. NULL for an op outside the table, and
 * for one whose name means another entry on t and that has no other (gfx803's unpacked
 * buffer_load_format_d16_xy on gfx9): it does not exist there. */
const char *isa_op_mnemonic(isa_op_t op, isa_target_t t);
/* isa_op_mnemonic of every entry on target t at once, into out (NULL: none there), for the callers
 * that need them all (the assembler, the opcode map): with find, the caller's index of isa.def's
 * names (the entry named `name`, or ISA_NUM_OPS), it costs the renames of isa/isa_mnemonics.def
 * rather than a scan of them per entry. */
typedef isa_op_t (*isa_op_finder_t)(const void *ctx, const char *name);
void isa_target_mnemonics(isa_target_t t, isa_op_finder_t find, const void *ctx, const char *out[ISA_NUM_OPS]);
/* The isa.def entry the mnemonic (len bytes, without _e32/_e64) means on target t, whether or not
 * t has it (isa_op_on_target says); ISA_NUM_OPS when it means none: a mnemonic isa.def has no
 * entry for, or an entry's own name where t spells that entry otherwise (v_add_nc_u32 on gfx9). */
isa_op_t isa_mnemonic_op(const char *name, size_t len, isa_target_t t);
/* True when LLVM knows the mnemonic (len bytes) on target t (its opcode table has it), whether or
 * not isa.def has the instruction. */
bool isa_target_knows(const char *name, size_t len, isa_target_t t);
/* CDNA (cdnaisa): true when the VOP1/VOP2/VOPC instruction `op` has its 32-bit encoding on target t.
 * gfx90a reused some VOP2 opcodes (v_mul_legacy_f32's went to v_fmac_f64): there the instruction
 * is VOP3 only, which the assembler chooses (and refuses _e32), and llvm-mc prints it without a
 * suffix. False for other encodings. */
bool isa_op_has_e32_on(isa_op_t op, isa_target_t t);
/* CDNA (cdnaisa): false when atomic `op` has no returning form (glc, sc0) on target t: gfx908's
 * f32 and packed f16 adds (buffer_atomic_add_f32 ...) return nothing; true otherwise. */
bool isa_atomic_returns_on(isa_op_t op, isa_target_t t);
/* CDNA (cdnaisa): buffer_wbl2 and buffer_inv, which take gfx940's scope bits sc0 and sc1 as their
 * only modifiers. */
bool isa_op_cache_scope(isa_op_t op);

typedef enum {
    ISA_ENC_SOP1, ISA_ENC_SOP2, ISA_ENC_SOPC, ISA_ENC_SOPK, ISA_ENC_SOPP, ISA_ENC_SMEM,
    ISA_ENC_VOP1, ISA_ENC_VOP2, ISA_ENC_VOPC, ISA_ENC_VOP3, ISA_ENC_FLAT, ISA_ENC_DS,
    ISA_ENC_MUBUF, ISA_ENC_MTBUF, /* the buffer family, added after the others */
    ISA_ENC_VOP3P, /* gfx9's packed math (v_pk_*), mixed precision and dot products (vop3p) */
    ISA_NUM_ENCS
} isa_enc_t;

/* Issue categories of the sequencer (the GCN whitepaper; docs/references.md, GCN-WP). SEQ instructions (s_waitcnt,
 * s_barrier, s_nop, s_sleep, s_setprio, s_endpgm) are handled without a functional unit. */
typedef enum {
    ISA_UNIT_SALU, ISA_UNIT_SMEM, ISA_UNIT_VALU, ISA_UNIT_VMEM, ISA_UNIT_LDS, ISA_UNIT_BRANCH,
    ISA_UNIT_SEQ, ISA_NUM_UNITS
} isa_unit_t;

/* VALU rate classes: how long an instruction holds its SIMD (valu.cycles, valu.quarter_cycles,
 * valu.f64_add_cycles, valu.f64_cycles). */
typedef enum { ISA_RATE_NONE, ISA_RATE_FULL, ISA_RATE_QUARTER, ISA_RATE_F64_ADD, ISA_RATE_F64 } isa_rate_t;

enum {
    ISA_FL_FLOAT = 1u << 0,  /* float operands: neg/abs/clamp/omod allowed, denormals flushed */
    ISA_FL_CMPX = 1u << 1,   /* v_cmpx_*: the compare result is also written to EXEC */
    ISA_FL_LOAD = 1u << 2,   /* memory read */
    ISA_FL_STORE = 1u << 3,  /* memory write */
    ISA_FL_ATOMIC = 1u << 4, /* read-modify-write */
    ISA_FL_SIGNED = 1u << 5, /* signed integer semantics (compares, min/max, extension) */
    ISA_FL_MAC = 1u << 6,    /* destination is also the accumulator (v_mac_f32) */
    ISA_FL_DUAL = 1u << 7,   /* DS read2/write2: offset0/offset1 instead of offset */
    ISA_FL_RTN = 1u << 8,    /* DS atomic that returns the pre-op value */
    ISA_FL_F64 = 1u << 9,    /* double-precision operands (with ISA_FL_FLOAT); f64 denormals kept */
    ISA_FL_VCC_IN = 1u << 10, /* reads VCC implicitly (v_div_fmas): it counts on the constant bus */
    ISA_FL_NOOP = 1u << 11,  /* executes as a no-op: it changes hardware state gcnsim does not model */
    /* MUBUF/MTBUF (the buffer family): a format load/store, converted through a data/number format */
    ISA_FL_BUF_FORMAT = 1u << 14,
    /* f16 family: an integer instruction whose clamp bit saturates the result (v_add/sub/subrev_u16,
     * v_mad_u16/i16); llvm-mc accepts clamp on these only. */
    ISA_FL_SAT = 1u << 12,
    /* CDNA: a matrix instruction (v_mfma_*, v_smfmac_*): it runs on the SIMD's matrix core */
    ISA_FL_MFMA = 1u << 15
};

/* Operand signatures (the SIG column): space-separated groups, one per operand, in syntax order.
 *   D D2 D3 D4     VGPR destination of 1..4 registers
 *   S S2           VALU source: VGPR, SGPR, inline constant or literal (32/64-bit)
 *   I              the same, for an integer operand of a float instruction (ldexp's exponent,
 *                  class's mask, trig_preop's segment): no neg/abs, as llvm-mc
 *   h              16-bit float (f16) VALU source: bits [15:0] of a VGPR or SGPR, an inline
 *                  constant (read as its f16 pattern, 0.5 = 0x3800) or a 16-bit literal
 *   j              16-bit integer (i16/u16) source: the same, no neg/abs; a float constant is
 *                  its f16 literal, as llvm-mc encodes it
 *   V V2 V3 V4     VGPR-only source (VOP2 src1 in e32, DS address/data, FLAT data)
 *   d d2 d4 d8 d16 SGPR destination
 *   s s2           scalar source: SGPR, special register, inline constant or literal
 *   C              64-bit lane-mask destination: VCC in e32, any SGPR pair (or vcc) in e64
 *   c              64-bit lane-mask source: VCC in e32, any SGPR pair in e64
 *   A              FLAT address, a VGPR pair v[n:n+1]
 *   R R2           returning-atomic destination: present exactly when `glc` is given
 *   o              SMEM offset: unsigned 20-bit immediate or an SGPR
 *   k              16-bit immediate (SOPK, s_nop/s_sleep/s_setprio)
 *   K              32-bit literal constant (v_madak/v_madmk); K16 the 16-bit one of the f16 forms
 *   L              branch target label
 *   M              buffer address (MUBUF/MTBUF vaddr): `off`, a VGPR (offen or idxen) or a VGPR pair
 *                  (idxen offen: index, offset)
 *   T              buffer resource descriptor (V#): four SGPRs s[4n:4n+3] (or ttmp)
 *   O              buffer SGPR offset (soffset): an SGPR, m0, vcc_lo/hi or an inline constant
 *   H              hardware register field: hwreg(HW_REG_MODE[, offset, size]) or hwreg(1, ...),
 *                  or its 16-bit encoding (id [5:0], offset [10:6], size - 1 [15:11]) in simm16
 *   W              s_waitcnt expression: vmcnt(N) expcnt(N) lgkmcnt(N), in any order, joined by
 *                  spaces, '&' or ','; or a plain integer
 *   G              VGPR index-mode mask: gpr_idx(SRC0,SRC1,SRC2,DST) (any subset, each once) or an
 *                  integer 0..15 (bit 0 src0, 1 src1, 2 src2, 3 dst), kept in simm16
 *   X X2 .. X32    CDNA: AGPR destination (aN, a[a:b]); x x2 .. x32 an AGPR source
 *   Y Y2 .. Y32    CDNA: an MFMA's result: AGPRs on gfx908, AGPRs or VGPRs on gfx90a and later;
 *                  y y2 .. y32 its accumulator source (srcC): the same, or an inline constant
 *   B B2 B4        CDNA (mfma): an MFMA's A or B source, a VGPR or AGPR tuple (no SGPR, no constant);
 *                  the MFMA signatures: docs/asm.md, "Matrix instructions"
 * On gfx90a and later the data operands (D, V, R) of DS, FLAT/global/scratch and MUBUF/MTBUF
 * instructions may be AGPRs too, all of them or none (the acc bit). */

typedef struct {
    const char *name;  /* mnemonic without suffix, e.g. "v_add_f32" */
    isa_enc_t enc;
    isa_unit_t unit;
    isa_rate_t rate;
    uint32_t flags;    /* ISA_FL_* */
    uint8_t mem_bytes; /* bytes per lane for memory ops */
    const char *sig;
} isa_op_info_t;

extern const isa_op_info_t isa_ops[ISA_NUM_OPS];
const char *isa_enc_name(isa_enc_t enc);
const char *isa_unit_name(isa_unit_t unit);
/* Look up a mnemonic (without _e32/_e64 suffix). Returns ISA_NUM_OPS when unknown. */
isa_op_t isa_lookup(const char *mnemonic);
/* True for encodings that have both _e32 and _e64 forms (VOP1, VOP2, VOPC). */
bool isa_enc_has_e32(isa_enc_t enc);

/* ---- Operand codes: the hardware's 9-bit source encoding ------------------------------------ */
enum {
    ISA_SGPR_MAX = 101,          /* s0..s101 */
    ISA_REG_FLAT_SCRATCH_LO = 102,
    ISA_REG_FLAT_SCRATCH_HI = 103,
    ISA_REG_XNACK_MASK_LO = 104,
    ISA_REG_XNACK_MASK_HI = 105,
    ISA_REG_VCC_LO = 106,
    ISA_REG_VCC_HI = 107,
    ISA_REG_M0 = 124,
    ISA_REG_EXEC_LO = 126,
    ISA_REG_EXEC_HI = 127,
    ISA_NUM_SREGS = 128,         /* size of the wave's scalar register array */
    ISA_CONST_INT_ZERO = 128,    /* 128..192 = 0..64 */
    ISA_CONST_INT_NEG1 = 193,    /* 193..208 = -1..-16 */
    ISA_CONST_F_HALF = 240,      /* 240 0.5, 241 -0.5, 242 1.0, 243 -1.0, 244 2.0, 245 -2.0, */
    ISA_CONST_F_INV2PI = 248,    /* 246 4.0, 247 -4.0, 248 1/(2*pi) */
    ISA_SRC_VCCZ = 251,
    ISA_SRC_EXECZ = 252,
    ISA_SRC_SCC = 253,
    ISA_SRC_LITERAL = 255,
    ISA_VGPR_BASE = 256,         /* 256..511 = v0..v255 */
    /* CDNA's accumulation registers: 512..767 = a0..a255. Not a hardware source code (the
     * encodings mark an AGPR operand by an acc bit beside a VGPR-style number). */
    ISA_AGPR_BASE = 512,
    ISA_OPND_NONE = 0xffff
};

typedef struct {
    uint16_t code;  /* ISA_OPND_NONE, an SGPR/special index, constant code, 255, or 256+VGPR */
    uint8_t count;  /* registers in a range (1 for single registers and constants) */
    uint8_t neg;    /* source modifiers (float ops only) */
    uint8_t abs;
} isa_operand_t;

static inline bool isa_opnd_is_vgpr(isa_operand_t o) { return o.code >= ISA_VGPR_BASE && o.code < ISA_AGPR_BASE; }
static inline bool isa_opnd_is_agpr(isa_operand_t o) { return o.code >= ISA_AGPR_BASE && o.code < ISA_AGPR_BASE + 256; }
static inline bool isa_opnd_is_sreg(isa_operand_t o) { return o.code < ISA_NUM_SREGS; }
/* ---- CDNA AGPR operands (agpr) ----
 * The encodings write a VGPR and an AGPR alike as a register number (8-bit VGPR fields, or 256 + n
 * in a 9-bit source field); the opcode (v_accvgpr_*), an acc bit (gfx90a's loads and stores, the
 * MFMA's acc_cd and acc) or the field tells which file. isa_opnd_vnum: that number;
 * isa_opnd_src9: the 9-bit source code; isa_opnd_to_agpr: a VGPR operand read from a field whose
 * acc bit is set, as the AGPR it names. docs/asm.md, "AGPRs". */
static inline bool isa_opnd_is_vreg(isa_operand_t o) { return isa_opnd_is_vgpr(o) || isa_opnd_is_agpr(o); }
static inline unsigned isa_opnd_vnum(isa_operand_t o)
{
    return (unsigned)o.code - (isa_opnd_is_agpr(o) ? (unsigned)ISA_AGPR_BASE : (unsigned)ISA_VGPR_BASE);
}
static inline uint16_t isa_opnd_src9(isa_operand_t o)
{
    return isa_opnd_is_agpr(o) ? (uint16_t)(o.code - ISA_AGPR_BASE + ISA_VGPR_BASE) : o.code;
}
static inline isa_operand_t isa_opnd_to_agpr(isa_operand_t o)
{
    if (isa_opnd_is_vgpr(o))
        o.code = (uint16_t)(o.code - ISA_VGPR_BASE + ISA_AGPR_BASE);
    return o;
}

enum { ISA_MAX_SRCS = 4 };

/* A decoded instruction. Operands are stored by role, independent of syntax order:
 *   vdst   D/D2/.. destination, R destination of a returning atomic
 *   sdst   d/.. destination, C lane-mask destination (VCC when e32)
 *   src[]  sources in syntax order (S, V, s, c, A, K-as-literal, o as SGPR...); for FLAT
 *          src[0] is the address pair and src[1] the data; for DS src[0] is the address and
 *          src[1], src[2] the data operands.
 * The literal (at most one per instruction) is in `literal`; K of madak/madmk is a literal. */
typedef struct {
    uint16_t op;           /* isa_op_t */
    uint8_t nsrc;
    uint8_t e64;           /* assembled in the 64-bit (VOP3) encoding */
    uint8_t clamp;
    uint8_t omod;          /* 0 none, 1 *2, 2 *4, 3 /2 */
    uint8_t glc;
    uint8_t slc;
    isa_operand_t vdst;
    isa_operand_t sdst;
    isa_operand_t src[ISA_MAX_SRCS];
    uint32_t literal;
    uint32_t offset;       /* SMEM immediate byte offset, DS offset, ds_swizzle pattern */
    uint8_t offset0, offset1; /* DS read2/write2 (in elements) */
    uint8_t has_soffset_sgpr; /* SMEM offset given as an SGPR (src[1]) */
    int32_t simm16;        /* SOPK/SOPP immediate; s_waitcnt: the encoded counter field */
    uint32_t target;       /* branch: index of the target instruction in the kernel */
    uint32_t pc;           /* byte offset of this instruction from the kernel entry */
    uint32_t size;         /* encoded size in bytes (4 or 8, plus 4 for a literal) */
    uint32_t line, col;    /* source position */
    /* MUBUF/MTBUF (the buffer family): offset holds the 12-bit inst_offset; src[0] is the VGPR
     * address (ISA_OPND_NONE for `off`), src[1] the V#, src[2] soffset, src[3] the data of a
     * store or atomic (an atomic with glc also returns into it: vdst = src[3]). */
    uint8_t offen, idxen;  /* the address VGPR(s) supply an offset and/or an index */
    uint8_t dfmt, nfmt;    /* MTBUF data and number format */
    /* LDS DMA: the MUBUF lds bit. A load with it writes each lane's dword to LDS at M0[15:0] +
     * inst_offset + lane * 4 instead of to vdst; buffer_store_lds_dword always has it. */
    uint8_t lds;
    /* ---- SDWA / DPP forms of VOP1/VOP2/VOPC (gfx8): src0 field 0xF9 (SDWA) or 0xFA (DPP) and a
     * second dword, whose fields are kept here as the hardware encodes them (bit positions in
     * that dword). Its src0 VGPR [7:0] is src[0]; the neg/abs bits are src[0..1].neg/abs and the
     * SDWA clamp [13] is `clamp`. form == ISA_FORM_PLAIN for every other instruction. */
    uint8_t form;          /* ISA_FORM_PLAIN, ISA_FORM_SDWA, ISA_FORM_DPP */
    uint8_t dst_sel;       /* SDWA [10:8]  ISA_SEL_*: 0..3 BYTE_n, 4 WORD_0, 5 WORD_1, 6 DWORD */
    uint8_t dst_unused;    /* SDWA [12:11] 0 UNUSED_PAD, 1 UNUSED_SEXT, 2 UNUSED_PRESERVE */
    uint8_t src_sel[2];    /* SDWA [18:16] src0_sel, [26:24] src1_sel (ISA_SEL_*) */
    uint8_t src_sext[2];   /* SDWA [19] src0_sext, [27] src1_sext */
    uint8_t bound_ctrl;    /* DPP [19]: an invalid or disabled source lane reads 0 */
    uint8_t bank_mask;     /* DPP [27:24] */
    uint8_t row_mask;      /* DPP [31:28] */
    uint16_t dpp_ctrl;     /* DPP [16:8] ISA_DPP_* */
    /* Set once by isa_inst_predecode when a program is assembled or decoded (0 in an instruction
     * built any other way, which then takes the general path): the execution shortcut that
     * applies (ISA_XK_*), and one past the highest VGPR its operands touch, checked against the
     * wave's allocation in place of every operand. */
    uint8_t exec_kind;
    uint16_t vgpr_end;
    /* ---- VOP3P (gfx9: v_pk_*, v_mad_mix/v_fma_mix, v_dot*; added by vop3p) ----
     * Bit i is source i's: op_sel [13:11] picks the half of a packed source the low result reads
     * (1: [31:16]), op_sel_hi ([14], [60:59]) the half the high result reads; a mix source with
     * op_sel_hi set is an f16 (the half op_sel picks), else an f32. neg_lo [63:61] is src[i].neg
     * and neg_hi [10:8] src[i].abs (the bits VOP3 has there): on a mix source they are neg and abs.
     * The clamp bit is `clamp`. Zero in every other instruction.
     * ---- gfx9 VOP3 op_sel (valu9): bits [14:11] of the first word, on the instructions
     * isa_op_has_op_sel names: bit k (k < the number of sources) reads source k's 16 bits from
     * [31:16] instead of [15:0]; bit 3 (ISA_OP_SEL_DST) writes a 16-bit result into [31:16] of the
     * destination instead of [15:0] (the other half is kept). op_sel_hi is 0 there. */
    uint8_t op_sel, op_sel_hi;
    /* ---- CDNA matrix instructions (mfma; VOP3P-MAI, isa.h "MFMA"): the broadcast controls as
     * encoded, cbsz [10:8] (A's broadcast block size, log2), abid [14:11] (the block it takes A
     * from), blgp [63:61] (B's lane-group pattern); gfx940's f64 MFMA has neg bits there instead,
     * kept as src[0..2].neg. An AGPR operand is its code (ISA_AGPR_BASE + n): the acc bits [60:59]
     * and acc_cd [15] are derived from the operands. Zero in every other instruction. */
    uint8_t cbsz, abid, blgp;
    /* ---- gfx940 scope bits (cdnaisa): FLAT, MUBUF and MTBUF on gfx942 spell glc `sc0` and slc `nt`
     * (the same bits, kept in glc and slc) and add `sc1` (FLAT [25], MUBUF [15], MTBUF word 1 [21]).
     * They choose cache coherence scope, which the functional model does not need: a returning
     * atomic returns with sc0 as it did with glc. 0 on every other target. */
    uint8_t sc1;
} isa_inst_t;

/* ---- MFMA (mfma) ----
 * The VOP3P-MAI word pair (CDNA1/2/3 ISA manuals, "Microcode Formats", VOP3P-MAI; LLVM
 * VOP3Pe_MAI): w0 = 0xD38 [31:23], OP [22:16], ACC_CD [15] (gfx90a+: vdst and C are AGPRs; 0 on
 * gfx908, whose vdst and C are always AGPRs), ABID [14:11], CBSZ [10:8], VDST [7:0]; w1 = BLGP
 * [63:61] (gfx940 f64: NEG [63:61]), ACC [60:59] (src1, src0 is an AGPR), SRC2 [58:50], SRC1
 * [49:41], SRC0 [40:32]. v_smfmac's SRC2 is the sparsity index VGPR and C is vdst. */
static inline bool isa_op_mfma(unsigned op) { return op < ISA_NUM_OPS && (isa_ops[op].flags & ISA_FL_MFMA); }
static inline bool isa_op_smfmac(unsigned op) { return op >= ISA_v_smfmac_f32_16x16x32_f16 && op <= ISA_v_smfmac_f32_32x32x32_fp8_fp8; }
/* The f64 MFMAs (v_mfma_f64_*): a 64-bit C constant; on gfx940 neg:[..] in place of blgp. */
static inline bool isa_op_mfma_f64(unsigned op) { return op == ISA_v_mfma_f64_16x16x4f64 || op == ISA_v_mfma_f64_4x4x4f64; }

/* VOP3P (vop3p): the mixed-precision instructions (v_mad_mix*, v_fma_mix*, contiguous in isa.def),
 * whose sources take neg/abs as written (-|v1|) and whose op_sel_hi defaults to 0; and the number of
 * sources of a VOP3P instruction (2 or 3). */
static inline bool isa_op_vop3p_mix(unsigned op) { return op >= ISA_v_mad_mix_f32 && op <= ISA_v_fma_mixhi_f16; }
static inline unsigned isa_op_vop3p_nsrc(unsigned op)
{
    unsigned n = 0;
    for (const char *p = isa_ops[op].sig; *p; p++)
        n += *p == ' ';
    return n; /* the groups after the destination */
}

/* exec_kind: ISA_XK_F32 is v_add/sub/subrev/mul_f32 and the unfused multiply-adds (mac, mad,
 * madmk, madak) in the plain form without clamp, omod, abs or neg, and a VGPR destination;
 * ISA_XK_VALU any other VOP1/VOP2/VOPC/VOP3 instruction in the plain form whose destination is of the
 * kind its signature needs. */
enum { ISA_XK_NONE, ISA_XK_F32, ISA_XK_VALU };
/* Choose `in`'s exec_kind and vgpr_end from its fields (the assembler and the code object reader
 * call it for every instruction they make). */
void isa_inst_predecode(isa_inst_t *in);

enum { ISA_FORM_PLAIN, ISA_FORM_SDWA, ISA_FORM_DPP };
enum { ISA_SEL_BYTE_0, ISA_SEL_BYTE_3 = 3, ISA_SEL_WORD_0, ISA_SEL_WORD_1, ISA_SEL_DWORD };
enum { ISA_UNUSED_PAD, ISA_UNUSED_SEXT, ISA_UNUSED_PRESERVE };
/* dpp_ctrl values: quad_perm 0x00-0xff (two bits per lane of the quad), row_shl 0x101-0x10f,
 * row_shr 0x111-0x11f, row_ror 0x121-0x12f, then the single codes below. */
enum {
    ISA_DPP_ROW_SHL = 0x100, ISA_DPP_ROW_SHR = 0x110, ISA_DPP_ROW_ROR = 0x120,
    ISA_DPP_WAVE_SHL1 = 0x130, ISA_DPP_WAVE_ROL1 = 0x134, ISA_DPP_WAVE_SHR1 = 0x138,
    ISA_DPP_WAVE_ROR1 = 0x13c, ISA_DPP_ROW_MIRROR = 0x140, ISA_DPP_ROW_HALF_MIRROR = 0x141,
    ISA_DPP_ROW_BCAST15 = 0x142, ISA_DPP_ROW_BCAST31 = 0x143
};
/* Whether `op` has SDWA (sdwa) or DPP forms on gfx8: a rule of the encoding (isa_table.c). */
bool isa_op_has_form(isa_op_t op, int form);
/* ---- SDWA9: the SDWA and DPP forms on gfx9 (sdwa9) ----
 * The same rules per target: on gfx900/gfx906 SDWA has no form of the accumulating v_mac_f32,
 * v_mac_f16 and v_fmac_f32 (LLVM: FeatureSDWAMac is gfx8's); DPP is gfx8's (isa_forms.c). */
bool isa_op_has_form_on(isa_op_t op, int form, isa_target_t t);
/* gfx9's SDWA word (LLVM's SDWA9 encodings): sources may be SGPRs and inline constants (the S0/S1
 * bits), a compare writes vcc or any SGPR pair (SD, SDST), and floating-point results take an output
 * modifier (OMOD [15:14]) -- which instructions: isa_op_sdwa_omod; compares lose their clamp. */
static inline bool isa_target_sdwa9(isa_target_t t) { return isa_target_gfx9(t); }
/* Whether `op`'s SDWA form takes mul:/div: on gfx9 (LLVM: HasSDWAOMod, a floating-point result). */
bool isa_op_sdwa_omod(isa_op_t op);
/* Whether source k (0, 1) of a VOP1/VOP2/VOPC instruction is a float (neg/abs in SDWA and DPP). */
bool isa_op_src_float(isa_op_t op, unsigned k);
/* The source modifiers (ISA_MOD_NEG, ISA_MOD_ABS) operand `pos` (the index of its signature group)
 * of `op` takes in `form` (ISA_FORM_PLAIN: the 64-bit encoding), 0 for none. The one rule the
 * assembler and the code-object decoder share: float VALU sources, both data sources of
 * v_cndmask_b32 in the 64-bit encoding, no abs in VOP3b (isa_forms.c). */
enum { ISA_MOD_NEG = 1u << 0, ISA_MOD_ABS = 1u << 1 };
unsigned isa_op_src_mods(isa_op_t op, int form, unsigned pos);
/* ---- integer clamp of the SAD family (added with LDS DMA and the buffer formats) ----
 * v_sad_u8 .. v_mqsad_u32_u8 (contiguous in isa.def) take `clamp` on gfx803 (llvm-mc accepts it):
 * their accumulating add saturates instead of wrapping (exec_valu_pack.c). v_lerp_u8 takes none. */
static inline bool isa_op_int_clamp(isa_op_t op) { return op >= ISA_v_sad_u8 && op <= ISA_v_mqsad_u32_u8; }

/* ---- gfx9 VOP3 op_sel (valu9) ----
 * The instructions whose VOP3 word has an op_sel field on gfx9 (llvm-mc takes `op_sel:[...]` on these
 * only): v_mad_u32_u16 .. v_div_fixup_f16_gfx9, contiguous in isa.def. */
static inline bool isa_op_has_op_sel(isa_op_t op)
{
    return (op >= ISA_v_mad_u32_u16 && op <= ISA_v_div_fixup_f16_gfx9) ||
           (op >= ISA_v_cvt_pk_fp8_f32 && op <= ISA_v_cvt_sr_bf8_f32); /* gfx940's fp8 packing (cdnaisa) */
}
/* gfx940's v_cvt_sr_fp8_f32 / _bf8_f32 (cdnaisa): op_sel's four elements are the field's bits as
 * written (op_sel[3:2] the destination byte), not one per source and one for the destination. */
static inline bool isa_op_sel_bytes(isa_op_t op) { return op == ISA_v_cvt_sr_fp8_f32 || op == ISA_v_cvt_sr_bf8_f32; }
/* gfx940's global_load_lds_* and scratch_load_lds_* (cdnaisa): FLAT loads into LDS, no destination. */
static inline bool isa_op_flat_lds(isa_op_t op) { return op >= ISA_global_load_lds_ubyte && op <= ISA_scratch_load_lds_dword; }
/* The whole valu9 block of isa.def (s_lshl1_add_u32 .. v_div_fixup_f16_gfx9), and its VALU part
 * (v_add_nc_u32 .. v_div_fixup_f16_gfx9). */
static inline bool isa_op_valu9(isa_op_t op) { return op >= ISA_s_lshl1_add_u32 && op <= ISA_v_div_fixup_f16_gfx9; }
static inline bool isa_valu9_op(isa_op_t op) { return op >= ISA_v_add_nc_u32 && op <= ISA_v_div_fixup_f16_gfx9; }
/* The op_sel bit that selects the destination half (op_sel[3] in the hardware field, written as the
 * element after the last source in the syntax). */
enum { ISA_OP_SEL_DST = 8 };

/* s_getreg/s_setreg: the hardware registers of gfx803 (GCN3 ISA manual, "Hardware registers"; ids
 * as LLVM's HW_REG_*), all modelled (docs/semantics-salu.md, "Hardware registers"), and the simm16
 * fields. MODE and TRAPSTS are writable; writes to the others are ignored, as on hardware. */
enum {
    ISA_HWREG_MODE = 1, ISA_HWREG_STATUS, ISA_HWREG_TRAPSTS, ISA_HWREG_HW_ID, ISA_HWREG_GPR_ALLOC,
    ISA_HWREG_LDS_ALLOC, ISA_HWREG_IB_STS, ISA_HWREG_LAST = ISA_HWREG_IB_STS
};
/* "HW_REG_MODE" ... for ids 1..ISA_HWREG_LAST, NULL otherwise. */
const char *isa_hwreg_name(unsigned id);
/* gfx9 adds HW_REG_SH_MEM_BASES (15: the shared and private apertures' bases, bits 63:48, in
 * [31:16] and [15:0]; Vega ISA manual, "Hardware registers"), which LLVM 15 reads for a generic
 * pointer to LDS or scratch. gcnsim's FLAT reaches global memory only (no aperture, as gfx803's
 * queue reports none): it reads 0. */
enum { ISA_HWREG_SH_MEM_BASES = 15 };
/* The name of hardware register id on target t (isa_hwreg_name, and SH_MEM_BASES on gfx9). */
const char *isa_hwreg_name_on(unsigned id, isa_target_t t);
/* The fields gcnsim fills: HW_ID (the wave's placement), GPR_ALLOC and LDS_ALLOC (its allocation
 * in the units the registers count), STATUS and IB_STS. */
static inline uint32_t isa_hw_id(unsigned wave_slot, unsigned simd, unsigned cu, unsigned se, unsigned tg)
{
    return (wave_slot & 0xfu) | (simd & 3u) << 4 | (cu & 0xfu) << 8 | (se & 3u) << 13 | (tg & 0xfu) << 16;
}
/* GPR_ALLOC of a wave of target t allocated `vregs` vector registers (as its register file counts
 * them: the VGPRs; on gfx908 the larger of its VGPR and AGPR counts, each file holding that many;
 * on gfx90a and later the unified VGPR+AGPR allocation, the AGPRs from accum_offset) and `sgprs`
 * SGPRs. Before gfx90a VGPR_SIZE [13:8] is vregs in 4s minus one; on gfx90a and later VGPR_SIZE
 * [11:6] is vregs in 8s minus one and ACCV_OFFSET [17:12] accum_offset in 4s minus one, as AMD's
 * context-save trap handler reads them (docs/semantics-scalar-memory.md). SGPR_SIZE [27:24] in 16s
 * minus one; the bases 0 (gcnsim allocates by count, not place). LDS_SIZE [20:12] in 64 dwords
 * (base 0). */
static inline uint32_t isa_gpr_alloc(isa_target_t t, uint32_t vregs, uint32_t accum_offset, uint32_t sgprs)
{
    uint32_t s = sgprs ? (sgprs + 15) / 16 - 1 : 0;
    s = (s > 15 ? 15 : s) << 24;
    if (isa_target_gfx90a(t)) {
        uint32_t v = vregs ? (vregs + 7) / 8 - 1 : 0, a = accum_offset ? (accum_offset + 3) / 4 - 1 : 0;
        return (v > 63 ? 63 : v) << 6 | (a > 63 ? 63 : a) << 12 | s;
    }
    uint32_t v = vregs ? (vregs + 3) / 4 - 1 : 0;
    return (v > 63 ? 63 : v) << 8 | s;
}
static inline uint32_t isa_lds_alloc(uint32_t bytes)
{
    uint32_t n = (bytes + 255) / 256;
    return (n > 511 ? 511 : n) << 12;
}
enum { ISA_STATUS_IN_TG = 1u << 11, ISA_STATUS_VALID = 1u << 16 };
/* IB_STS on target t: outstanding VM_CNT [3:0] and LGKM_CNT [11:8], each saturating; gfx9's vmcnt
 * has 6 bits, its high two in VM_CNT_HI [23:22] (Vega ISA manual, "Hardware registers"). */
static inline uint32_t isa_ib_sts(isa_target_t t, uint32_t vm, uint32_t lgkm)
{
    uint32_t l = (lgkm > 15 ? 15 : lgkm) << 8;
    if (t == ISA_TARGET_GFX803)
        return (vm > 15 ? 15 : vm) | l;
    vm = vm > 63 ? 63 : vm;
    return (vm & 15) | (vm >> 4) << 22 | l;
}
static inline unsigned isa_hwreg_id(int32_t simm16) { return (unsigned)simm16 & 0x3f; }
static inline unsigned isa_hwreg_offset(int32_t simm16) { return ((unsigned)simm16 >> 6) & 0x1f; }
static inline unsigned isa_hwreg_size(int32_t simm16) { return (((unsigned)simm16 >> 11) & 0x1f) + 1; }

/* s_waitcnt fields on gfx8: vmcnt [3:0], expcnt [6:4], lgkmcnt [11:8]. */
static inline unsigned isa_waitcnt_vm(int32_t simm16) { return (unsigned)simm16 & 0xf; }
static inline unsigned isa_waitcnt_exp(int32_t simm16) { return ((unsigned)simm16 >> 4) & 0x7; }
static inline unsigned isa_waitcnt_lgkm(int32_t simm16) { return ((unsigned)simm16 >> 8) & 0xf; }
/* gfx9 widens vmcnt to 6 bits, its high two in [15:14] (Vega ISA manual, SOPP s_waitcnt; llvm-mc-15
 * -mcpu=gfx900): the count on target t, and the largest a target's vmcnt holds. */
static inline unsigned isa_waitcnt_vm_on(int32_t simm16, isa_target_t t)
{
    return !isa_target_gfx9(t) ? isa_waitcnt_vm(simm16) : isa_waitcnt_vm(simm16) | (((unsigned)simm16 >> 14) & 3) << 4;
}
static inline unsigned isa_waitcnt_vm_max(isa_target_t t) { return isa_target_gfx9(t) ? 63 : 15; }
/* Whether M0 bounds the LDS addresses of DS instructions: on gfx8, yes (the GCN3 manual's DS
 * "M0 ... provides the size limit"); from gfx9 it does not, and the compiler stops setting it
 * (LLVM GCNSubtarget::ldsRequiresM0Init, "getGeneration() < GFX9"): the allocation alone bounds them. */
static inline bool isa_lds_m0_limit(isa_target_t t) { return !isa_target_gfx9(t); }
/* An SMEM instruction's immediate offset (isa_inst_t.offset): unsigned 20 bits on gfx803; on gfx9
 * signed 21 bits except for s_buffer_* (llvm-mc-15 -mcpu=gfx900: "expected a 21-bit signed
 * offset", "expected a 20-bit unsigned offset"), kept as its 21-bit field. The byte offset: */
bool isa_smem_offset_signed(isa_op_t op, isa_target_t t);
int64_t isa_smem_offset(isa_op_t op, uint32_t field, isa_target_t t);

/* ---- gfx9: FLAT segments, d16, scalar atomics (mem9) ---------------------------------------
 * gfx9's FLAT encoding has a SEG field (0 flat, 1 scratch, 2 global; the Vega ISA manual, "FLAT,
 * Scratch and Global instructions"); the instruction's segment is its name's prefix. A gfx9 FLAT
 * instruction keeps its 13-bit immediate offset in isa_inst_t.offset (sign-extended for global_ and
 * scratch_, unsigned 12 bits for flat_) and SADDR in src[2] (ISA_OPND_NONE for `off`). src[0] is the
 * address VGPR(s): a pair for flat_ and for global_ with SADDR `off`, one VGPR for global_ with an
 * SGPR pair and for scratch_; ISA_OPND_NONE for scratch_ whose VADDR is `off`. src[1] is a store's or
 * atomic's data, as on gfx8. */
typedef enum { ISA_SEG_FLAT, ISA_SEG_SCRATCH, ISA_SEG_GLOBAL } isa_seg_t;
/* The segment of a FLAT-family instruction (ISA_SEG_FLAT for every flat_ one). */
isa_seg_t isa_flat_seg(isa_op_t op);
/* Whether `op` is one of gfx9's memory instructions (isa.def's mem9 and fin33 blocks): none exists on gfx803. */
bool isa_op_mem9(isa_op_t op);
/* A FLAT instruction that needs gfx9's FLAT form (a segment, an offset, SADDR, d16) rather than gfx8's:
 * a mem9 instruction, or any FLAT instruction on a gfx9 target. */
bool isa_flat9_form(isa_op_t op, isa_target_t t);
/* The flat_ instruction a global_ or scratch_ one does to memory (itself for flat_; ISA_NUM_OPS for
 * an instruction outside the FLAT family). */
isa_op_t isa_flat_base_op(isa_op_t op);
/* d16 loads and stores: ISA_D16_LO writes (or a store reads) bits [15:0] of the data VGPR, ISA_D16_HI
 * bits [31:16]; the other half is kept. ISA_D16_NONE for every other instruction. */
enum { ISA_D16_NONE, ISA_D16_LO, ISA_D16_HI };
unsigned isa_op_d16(isa_op_t op);
/* A d16 load's register: `v`'s low 16 bits into the half `d16` names, the other half of `old` kept. */
static inline uint32_t isa_d16_merge(unsigned d16, uint32_t old, uint32_t v)
{
    return d16 == ISA_D16_HI ? (old & 0xffffu) | v << 16 : (old & 0xffff0000u) | (v & 0xffffu);
}
/* The flat_atomic_ instruction whose operation a scalar atomic (s_atomic_*, s_buffer_atomic_*) does;
 * ISA_NUM_OPS for any other instruction. */
isa_op_t isa_smem_atomic_flat_op(isa_op_t op);

/* ---- Kernels -------------------------------------------------------------------------------- */

typedef enum {
    ISA_ARG_BY_VALUE, ISA_ARG_GLOBAL_BUFFER, ISA_ARG_DYNAMIC_SHARED_POINTER,
    ISA_ARG_HIDDEN, ISA_ARG_OTHER
} isa_arg_kind_t;

typedef struct {
    char *name;           /* .name from metadata, or "argN": malloc'd, any length (isa_kernel_args_free) */
    char *type_name;      /* .type_name, e.g. "float*" or "uint" (a C++ template's runs long); "" if none */
    uint32_t offset, size;
    isa_arg_kind_t kind;
    char value_kind[40];  /* the metadata text, e.g. "hidden_global_offset_x" */
} isa_kernel_arg_t;

/* Release n arguments' names and the array itself (a NULL array or name is allowed). */
void isa_kernel_args_free(isa_kernel_arg_t *a, uint32_t n);
/* Release one argument's names (not the argument itself). */
void isa_kernel_args_free_one(isa_kernel_arg_t *a);
/* The names metadata did not give: "argN" for a missing name, "" for a missing type name
 * (allocated); false when out of memory. */
bool isa_kernel_arg_fill_names(isa_kernel_arg_t *a, uint32_t index);
/* A new argument: zeroed, kind ISA_ARG_OTHER, named "argN" with type name ""; false when out of memory. */
bool isa_kernel_arg_init(isa_kernel_arg_t *a, uint32_t index);

typedef struct {
    char *name;           /* malloc'd, any length (freed by isa_program_free) */
    uint32_t index;       /* instruction index the label points at */
} isa_label_t;

/* The `.amdhsa_kernel` descriptor, with gcnsim's documented default for kernels that have none:
 * kernarg pointer in s[0:1], workgroup ids x, y, z in s2..s4, work-item ids in v0..v2. */
typedef struct {
    bool present;
    uint32_t next_free_vgpr, next_free_sgpr;
    uint32_t group_segment_fixed_size;  /* static LDS bytes */
    uint32_t private_segment_fixed_size;
    uint32_t kernarg_size;
    bool user_sgpr_private_segment_buffer, user_sgpr_dispatch_ptr, user_sgpr_queue_ptr;
    bool user_sgpr_kernarg_segment_ptr, user_sgpr_dispatch_id, user_sgpr_flat_scratch_init;
    bool user_sgpr_private_segment_size;
    bool system_sgpr_workgroup_id_x, system_sgpr_workgroup_id_y, system_sgpr_workgroup_id_z;
    bool system_sgpr_workgroup_info, system_sgpr_private_segment_wavefront_offset;
    uint32_t system_vgpr_workitem_id;    /* 0: x only, 1: x,y, 2: x,y,z */
    uint32_t float_denorm_mode_32;       /* 0 flush (default), 3 preserve */
    bool ieee_mode, dx10_clamp;
    bool reserve_vcc, reserve_flat_scratch, reserve_xnack_mask;
    /* CDNA gfx90a and later (agpr): COMPUTE_PGM_RSRC3's ACCUM_OFFSET (the first AGPR in the unified
     * register file, 4..256 in steps of 4; .amdhsa_accum_offset) and TG_SPLIT; 0 before gfx90a */
    uint32_t accum_offset;
    bool tg_split;
} isa_descriptor_t;

typedef struct {
    char *name;                    /* malloc'd, any length (freed by isa_program_free) */
    uint32_t line;                 /* where the kernel's label is */
    isa_inst_t *insts;
    uint32_t ninsts;
    uint32_t code_bytes;
    isa_label_t *labels;           /* in instruction order (index non-decreasing), as in the source */
    uint32_t nlabels;
    isa_descriptor_t desc;
    bool has_metadata;
    isa_kernel_arg_t *args;
    uint32_t nargs;
    uint32_t kernarg_segment_size; /* from metadata, else desc.kernarg_size */
    /* Resource usage, as LLVM reports it. */
    uint32_t vgprs_used;           /* highest VGPR referenced + 1 (max with next_free_vgpr) */
    uint32_t sgprs_used;           /* highest SGPR + 1 (max with next_free_sgpr), plus extras */
    uint32_t sgprs_extra;          /* VCC (2), FLAT_SCRATCH (+2), XNACK (+2) as counted above */
    uint32_t lds_static;           /* group_segment_fixed_size */
    isa_target_t target;           /* its program's target (the assembler and code object reader set it) */
    uint32_t image_offset;         /* its entry's offset in the program image (when there is one) */
    /* CDNA (agpr): AGPRs the kernel allocates: the highest AGPR referenced + 1 (the metadata's
     * .agpr_count when larger); on gfx90a and later the rest of the unified allocation after
     * desc.accum_offset (.amdhsa_next_free_vgpr counts both files there). 0 before CDNA. */
    uint32_t agprs_used;
} isa_kernel_t;

/* CDNA's register totals as LLVM counts them (AMDGPUBaseInfo getTotalNumVGPRs): on gfx908 the
 * larger of the two files' counts (each file has 256 registers per lane), on gfx90a and later the
 * unified allocation alignTo(VGPRs, 4) + AGPRs (accum_offset is that alignTo), before CDNA the
 * VGPRs. `isa_kernel_vreg_total` is the kernel's (VGPRs vgprs_used, AGPRs agprs_used). */
static inline uint32_t isa_vreg_total(isa_target_t t, uint32_t vgprs, uint32_t agprs)
{
    if (isa_target_gfx90a(t))
        return (vgprs + 3) / 4 * 4 + agprs;
    if (isa_target_cdna(t))
        return vgprs > agprs ? vgprs : agprs;
    return vgprs;
}
static inline uint32_t isa_kernel_vreg_total(const isa_kernel_t *k)
{
    if (isa_target_gfx90a(k->target))
        return k->desc.accum_offset + k->agprs_used;
    return isa_vreg_total(k->target, k->vgprs_used, k->agprs_used);
}

/* The program image: the loadable sections of a code object, for sources with data sections
 * (.rodata, .data, .bss) or relocations (sym@rel32@lo ...). Every kernel's code lies at its
 * image_offset (256-byte aligned, in source order; the bytes stay zero, gcnsim runs the decoded
 * instructions), the data sections and the GOT after the code. The assembler links the image at
 * ISA_IMAGE_BASE (absolute relocations and GOT entries hold addresses there), and the loader
 * maps it there (docs/asm.md, "Data sections and relocations"). */
#define ISA_IMAGE_BASE 0x0000000100000000ull

typedef struct {
    char *path;
    isa_target_t target;           /* what the code is for (ISA_TARGET_GFX803 unless it says otherwise) */
    isa_kernel_t *kernels;
    uint32_t nkernels;
    uint8_t *image;                /* image_bytes bytes, NULL when there is no image */
    uint32_t image_bytes;          /* 0: no data and no relocations (each kernel is loaded alone) */
} isa_program_t;

void isa_program_free(isa_program_t *prog);
/* isa_inst_predecode on every instruction of every kernel. */
void isa_program_predecode(isa_program_t *prog);
const isa_kernel_t *isa_program_find(const isa_program_t *prog, const char *name);

/* Render one instruction in llvm-mc syntax (with _e32/_e64 where the encoding has both forms
 * and the kernel's label names for branch targets). Returns the length written. */
int isa_format_inst(const isa_kernel_t *k, const isa_inst_t *in, char *buf, size_t len);

#endif

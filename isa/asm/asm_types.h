/* asm_types: the assembler's private types — signatures, tokens, operands, modifiers and the
 * assembler's state — shared by the files of isa/asm/ only; types alone, so every file of them may include
 * it. Each file declares its functions in its own header, and they use each other downwards only:
 *
 *   asm.c             drives the passes, splits the file into kernels, resolves branches and
 *                     computes resource usage;
 *   asm_directives.c  `.amdhsa_kernel`, `.amdgpu_metadata` and the kernel-naming directives;
 *   asm_data.c        sections, data directives and labels, relocation operands, the image's link;
 *   asm_match.c       matches operands against the instruction's signature (the SIG column of
 *                     isa.def), with the VALU encoding and constant-bus rules;
 *   asm_sdwa_dpp.c    the SDWA/DPP controls after the operands, the forms' rules and their text;
 *   asm_operands.c    turns tokens into operands; names registers;
 *   asm_lex.c         diagnostics, comment removal, tokens, signatures, modifiers, s_waitcnt;
 *   asm_diag.c        how a diagnostic's text is printed.
 *
 * disasm.c prints instructions with asm_operands' register names and asm_lex's signatures. */
#ifndef GCNSIM_ASM_TYPES_H
#define GCNSIM_ASM_TYPES_H

#include <stdio.h>

#include "isa.h"

enum {
    ASM_MAX_TOKENS = 128,  /* per line; longer lines are an error */
    ASM_MAX_OPNDS = 8,     /* operands per instruction (the table needs at most 5) */
    ASM_MAX_SIG = 6,
    ASM_OP_HASH = 4096,    /* power of two, > 2 * ISA_NUM_OPS (asm.c checks it) */
    ASM_NAME_MAX = 64
};

/* Mnemonic suffixes besides _e32/_e64 (32, 64): the SDWA and DPP forms. */
enum { ASM_SUFFIX_SDWA = 1, ASM_SUFFIX_DPP = 2 };

/* ---- Signatures ------------------------------------------------------------------------------ */
typedef enum {
    SIG_VDST,      /* D D2 D3 D4 */
    SIG_VSRC,      /* S S2 */
    SIG_VGPR,      /* V V2 V3 V4 */
    SIG_SDST,      /* d d2 d4 d8 d16 */
    SIG_SSRC,      /* s s2 */
    SIG_MASK_DST,  /* C */
    SIG_MASK_SRC,  /* c */
    SIG_ADDR,      /* A */
    SIG_RTN,       /* R R2 */
    SIG_SMEM_OFF,  /* o */
    SIG_IMM16,     /* k */
    SIG_K32,       /* K */
    SIG_LABEL,     /* L */
    SIG_WAITCNT,   /* W */
    SIG_HWREG,     /* H */
    /* the buffer family (asm_buffer.c parses their operands) */
    SIG_BUF_ADDR,  /* M */
    SIG_RSRC,      /* T: four aligned SGPRs, a buffer descriptor */
    SIG_SOFFSET,   /* O */
    SIG_GPRIDX,    /* G */
    /* CDNA's AGPRs (agpr; docs/asm.md, "AGPRs") */
    SIG_ADST,      /* X X2 X4 X16 X32: AGPR destination (v_accvgpr_write_b32, v_accvgpr_mov_b32) */
    SIG_ASRC,      /* x x2 ...: AGPR source (v_accvgpr_read_b32, v_accvgpr_mov_b32) */
    SIG_ACC_DST,   /* Y Y4 ...: an MFMA's result: AGPRs on gfx908, AGPRs or VGPRs from gfx90a */
    SIG_ACC_SRC,   /* y y4 ...: an MFMA's accumulator (srcC): the same, or an inline constant */
    SIG_MFMA_SRC   /* B B2 B4: an MFMA's A or B source, a VGPR or AGPR tuple (mfma) */
} asm_sig_kind_t;

typedef struct {
    uint8_t kind;   /* asm_sig_kind_t */
    uint8_t width;  /* registers */
    bool integer;   /* I: a VALU source that is an integer operand of a float instruction (no neg/abs) */
    bool half;      /* h, j, K16: a 16-bit operand (f16 family): 16-bit constants and literals */
} asm_sig_t;

typedef struct {
    uint8_t n;
    asm_sig_t g[ASM_MAX_SIG];
} asm_sig_list_t;

/* ---- Tokens -------------------------------------------------------------------------------- */
typedef enum { TK_END, TK_IDENT, TK_INT, TK_FLOAT, TK_PUNCT, TK_STRING, TK_BADNUM } asm_tok_kind_t;

typedef struct {
    asm_tok_kind_t kind;
    const char *p;   /* into the comment-blanked copy of the line */
    uint32_t len;
    uint32_t col;    /* 1-based byte column */
    uint64_t ival;   /* TK_INT magnitude */
    double fval;     /* TK_FLOAT */
    bool overflow;   /* TK_INT did not fit 64 bits */
} asm_tok_t;

/* ---- Parsed operands ---------------------------------------------------------------------------- */
typedef enum { OPK_REG, OPK_INT, OPK_FLOAT, OPK_SYM, OPK_OFF, OPK_RELOC } asm_opk_t;

/* ---- Data sections and relocations (asm_data.c) -------------------------------------------- */
typedef enum { ASM_SEC_TEXT, ASM_SEC_RODATA, ASM_SEC_DATA, ASM_SEC_BSS, ASM_SEC_OTHER, ASM_NUM_SECS } asm_sec_t;

/* Relocation kinds, as LLVM's AMDGPU variants: S the symbol's address, A the addend, P the
 * address of the relocated field, G the address of the symbol's GOT entry. */
typedef enum {
    ASM_RELOC_NONE,
    ASM_RELOC_REL32_LO,      /* sym@rel32@lo: low 32 bits of S + A - P */
    ASM_RELOC_REL32_HI,      /* sym@rel32@hi: high 32 bits of S + A - P */
    ASM_RELOC_GOTPCREL32_LO, /* sym@gotpcrel32@lo (and sym@gotpcrel): low 32 bits of G + A - P */
    ASM_RELOC_GOTPCREL32_HI, /* sym@gotpcrel32@hi */
    ASM_RELOC_ABS32_LO,      /* sym@abs32@lo: low 32 bits of S + A */
    ASM_RELOC_ABS32_HI,      /* sym@abs32@hi */
    ASM_RELOC_ABS64          /* `.quad sym+A` in a data section: S + A */
} asm_reloc_t;

/* A reference to a symbol with a relocation kind (an operand, or a data value). */
typedef struct {
    const char *sym;   /* into the original source text */
    uint32_t len;
    uint8_t kind;      /* asm_reloc_t; ASM_RELOC_NONE: no relocation */
    int64_t addend;
    uint32_t col;
} asm_reloc_ref_t;

typedef struct {
    uint8_t *bytes;    /* NULL for .bss (zeros) */
    uint32_t size, cap;
    uint32_t align;    /* the largest alignment asked for in it */
} asm_section_t;

/* A label defined in a data section. */
typedef struct {
    const char *name;  /* into the source text */
    uint32_t len;
    uint8_t sec;       /* asm_sec_t */
    uint32_t off;
    uint32_t line;
} asm_dsym_t;

/* A symbol value in a data section (.quad sym, .long sym@abs32@lo), filled when the image is linked. */
typedef struct {
    asm_reloc_ref_t ref;
    uint8_t sec;
    uint32_t off;
    uint32_t line;
    const char *src;
    uint32_t src_len;
} asm_dfixup_t;

typedef struct {
    asm_opk_t kind;
    uint16_t code;      /* OPK_REG: operand code (SGPR/special index, 251..253, 256+VGPR) */
    uint8_t count;      /* OPK_REG: registers in the range */
    bool neg, abs;      /* source modifiers as written (on constants: folded into the bits) */
    bool sext;          /* sext(...): SDWA sign extension of an integer source */
    int64_t ival;       /* OPK_INT, sign included */
    double fval;        /* OPK_FLOAT, sign included */
    const char *sym;    /* OPK_SYM: label name (not NUL-terminated); OPK_RELOC: the symbol */
    uint32_t symlen;
    uint32_t col;
    uint8_t reloc;      /* OPK_RELOC: asm_reloc_t (the addend is in ival) */
} asm_opnd_t;

/* Instruction-level modifiers written after the operands. */
typedef struct {
    bool clamp, glc, slc;
    uint8_t omod;                 /* 0 none, 1 mul:2, 2 mul:4, 3 div:2 */
    bool has_offset, has_offset0, has_offset1;
    uint32_t offset;
    uint8_t offset0, offset1;
    uint32_t col_clamp, col_omod, col_offset, col_offset01, col_glc, col_slc;
    uint32_t col_swizzle;         /* offset:swizzle(...) was written (ds_swizzle_b32 only) */
    /* SDWA / DPP controls (asm_sdwa_dpp.c): form is ISA_FORM_SDWA or _DPP once one is given;
     * `last` is the rank of the last one, as llvm-mc takes them in a fixed order only. */
    struct {
        uint8_t form, last;
        uint16_t seen;  /* bit per control rank given */
        uint8_t dst_sel, dst_unused, src_sel[2], row_mask, bank_mask, bound_ctrl;
        uint16_t dpp_ctrl;
        uint32_t col;   /* the first control */
    } ext;
    /* VOP3P modifiers (gfx9; vop3p): op_sel:[a,b,c] op_sel_hi:[..] neg_lo:[..] neg_hi:[..], each a
     * bit per source (bit 0 src0); `given` has bit k for the k-th of them in that order, n[k] its
     * element count, col[k] its column (0: not written). op_sel also serves gfx9's VOP3 op_sel
     * (valu9, asm_match.c), whose fourth element is the destination's: all four bits are kept. */
    struct {
        uint8_t bits[4], n[4], given;
        uint32_t col[4];
    } pk;
    /* MFMA controls (mfma; asm_mfma.c): cbsz:N abid:N blgp:N and gfx940's neg:[a,b,c] on the f64
     * MFMAs; `given` has bit k for each (ASM_MF_*), col[k] its column. */
    struct {
        uint8_t val[4], given;
        uint32_t col[4];
    } mf;
} asm_mods_t;
enum { ASM_MF_CBSZ, ASM_MF_ABID, ASM_MF_BLGP, ASM_MF_NEG };

/* What the operand walk found, for the instruction-level rules (asm.c). */
typedef struct {
    bool lit_used;
    uint32_t lit, lit_col;
    bool lit_in_src1;
    uint32_t nvsrc;            /* S groups seen (VOP2/VOPC src1 is the second) */
    uint32_t src1_col;         /* src1 is not a VGPR (blocks e32) */
    uint32_t mods_col;         /* a register has neg/abs (needs e64) */
    bool abs_refused;          /* abs on a source that takes neg only (VOP3b) */
    uint32_t mask_col;         /* lane mask other than vcc (needs e64) */
    uint32_t bus_codes[8], bus_counts[8], bus_cols[8], nbus;
    const asm_opnd_t *reloc;   /* the literal is a relocation, filled when the image is linked */
} asm_match_state_t;

/* ---- The assembler's state ------------------------------------------------------------------ */
typedef struct {
    isa_inst_t in;
    const char *label;          /* branch target name (into the source text), or NULL */
    uint32_t label_len, label_col;
    bool branch_num;            /* the target is a number: branch_off dwords from the next instruction */
    int32_t branch_off;
    const char *line;           /* source line, for diagnostics issued after parsing */
    uint32_t line_len;
    asm_reloc_ref_t reloc;      /* the literal's relocation (sym into the original text) */
} asm_pinst_t;

typedef struct {
    const char *name;           /* into the source text */
    uint32_t len;
    uint32_t index;             /* global instruction index */
    uint32_t line, col;
    const char *src;            /* the defining line, for diagnostics */
    uint32_t src_len;
    int32_t kernel;             /* index into the kernel spans, -1 before partitioning */
} asm_plabel_t;

typedef struct {
    char *name;                 /* malloc'd, any length */
    uint32_t line, col;
    const char *src;            /* the declaring line, for diagnostics */
    uint32_t src_len;
    bool has_desc;
    isa_descriptor_t desc;
    int32_t label;              /* index into labels, -1 until found */
} asm_pkernel_t;

typedef struct {
    const char *file;
    FILE *diag;
    int nerrors;

    /* The current line. */
    const char *line;
    uint32_t line_len, lineno;
    bool line_failed;           /* an error was already reported on this line */
    const char *first_line;     /* for file-level diagnostics */
    uint32_t first_line_len;
    char *clean;                /* comment-blanked copy of the line */
    uint32_t clean_cap;
    bool in_block_comment;
    asm_tok_t tok[ASM_MAX_TOKENS];
    uint32_t ntok;

    /* Tables built once per run. */
    asm_sig_list_t sigs[ISA_NUM_OPS];
    uint16_t op_hash[ASM_OP_HASH];   /* op + 1; 0 = empty */

    /* Pass-1 results. */
    asm_pinst_t *insts;
    uint32_t ninsts, insts_cap;
    asm_plabel_t *labels;
    uint32_t nlabels, labels_cap;
    uint32_t *label_hash;            /* label index + 1; 0 = empty */
    uint32_t label_hash_size;
    asm_pkernel_t *kernels;          /* declared kernels (.amdhsa_kernel, .globl, .type) */
    uint32_t nkernels, kernels_cap;
    uint32_t *kernel_hash;           /* kernel index + 1 by name; 0 = empty */
    uint32_t kernel_hash_size;

    /* Directive blocks. */
    int32_t in_amdhsa;               /* kernel index of the open .amdhsa_kernel block, else -1 */
    uint32_t amdhsa_line;
    uint32_t amdhsa_seen;            /* bit per .amdhsa_ field given (asm_directives.c) */
    bool in_metadata;
    uint32_t metadata_line;
    const char *metadata_src;
    uint32_t metadata_src_len;
    /* YAML walker state (asm_directives.c). */
    int meta_section;                /* 1 inside amdhsa.kernels */
    int meta_kernel_dash, meta_kernel_key, meta_arg_dash, meta_arg_key;
    bool meta_in_args;
    int32_t meta_kernel;             /* index into meta list */
    struct asm_meta_kernel *meta;
    uint32_t nmeta, meta_cap;

    /* Data sections, their labels and symbol values (asm_data.c). */
    uint8_t section;                 /* asm_sec_t of the current section */
    uint8_t prev_section;            /* for .previous */
    char section_name[48];           /* the current section's name, for messages */
    asm_section_t secs[ASM_NUM_SECS];
    asm_dsym_t *dsyms;
    uint32_t ndsyms, dsyms_cap;
    uint32_t *dsym_hash;             /* dsym index + 1; 0 = empty */
    uint32_t dsym_hash_size;
    asm_dfixup_t *dfix;
    uint32_t ndfix, dfix_cap;

    /* The target (asm.c): the caller's default until `.amdgcn_target` names one (asm_directives.c),
     * which it may do before the first instruction only. */
    isa_target_t target;
    uint32_t target_line;            /* the .amdgcn_target line, 0: the caller's default */
    const char *mnemonic[ISA_NUM_OPS]; /* each entry's name on the target (isa_op_mnemonic; isa.def's
                                          when it has none there) */
    uint16_t renamed[64];            /* the entries the target spells otherwise */
    uint32_t nrenamed;
    int8_t on_target[ISA_NUM_OPS];   /* isa_op_on_target, filled as asked: -1 not yet, 0, 1 */
} asm_ctx_t;

/* Metadata of one kernel as read from the YAML (matched to kernels after pass 1). */
typedef struct asm_meta_kernel {
    char *name;                 /* malloc'd, any length; NULL until its .name */
    uint32_t line, col;
    const char *src;            /* the .name line, for diagnostics */
    uint32_t src_len;
    bool has_kernarg_size;
    uint32_t kernarg_size;
    isa_kernel_arg_t *args;
    uint32_t nargs, args_cap;
} asm_meta_kernel_t;

#endif

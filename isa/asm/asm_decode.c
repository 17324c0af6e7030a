/* asm_decode: machine code to isa_inst_t (asm_decode.h). The family comes from the top bits of the
 * first word (GCN3 ISA manual, chapter 12), the instruction from the opcode table; the operands
 * are then read by walking the table signature in syntax order, as the assembler fills them, each
 * source taking the family's next source field. */
#include "asm/asm_decode.h"
#include "asm/asm_agpr.h"
#include "asm/asm_flat9.h"

#include "asm/asm_lex.h"
#include "asm/asm_mfma.h"
#include "asm/asm_vop3p.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned fail(char *err, size_t errlen, size_t off, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static unsigned fail(char *err, size_t errlen, size_t off, const char *fmt, ...)
{
    if (!err || !errlen)
        return 0;
    int n = snprintf(err, errlen, "byte offset 0x%zx: ", off);
    if (n > 0 && (size_t)n < errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return 0;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The family of a first word and its opcode; graphics families get their name in *gfx. gfx9
 * (not gfx803) also has VOP3P in VOP3's space (0xD3800000 | op[22:16]) and FLAT's segments:
 * seg[15:14] = 1 SCRATCH, 2 GLOBAL (Vega ISA manual, chapter 12). */
static int family_of(uint32_t w, isa_target_t t, unsigned *op, const char **gfx)
{
    *gfx = NULL;
    if (t != ISA_TARGET_GFX803) {
        if (w >> 23 == 0x1a7) { *op = (w >> 16) & 0x7f; return ASM_HW_VOP3P; }
        if (w >> 26 == 0x37 && ((w >> 14) & 3) != 0) {
            *op = (w >> 18) & 0x7f;
            return ((w >> 14) & 3) == 2 ? ASM_HW_GLOBAL : ((w >> 14) & 3) == 1 ? ASM_HW_SCRATCH : -1;
        }
    }
    switch (w >> 23) {
    case 0x17f: *op = (w >> 16) & 0x7f; return ASM_HW_SOPP;
    case 0x17e: *op = (w >> 16) & 0x7f; return ASM_HW_SOPC;
    case 0x17d: *op = (w >> 8) & 0xff; return ASM_HW_SOP1;
    default: break;
    }
    if (w >> 28 == 0xb) { *op = (w >> 23) & 0x1f; return ASM_HW_SOPK; }
    if (w >> 30 == 2) { *op = (w >> 23) & 0x7f; return ASM_HW_SOP2; }
    if (w >> 25 == 0x3f) { *op = (w >> 9) & 0xff; return ASM_HW_VOP1; }
    if (w >> 25 == 0x3e) { *op = (w >> 17) & 0xff; return ASM_HW_VOPC; }
    if (w >> 31 == 0) { *op = (w >> 25) & 0x3f; return ASM_HW_VOP2; }
    switch (w >> 26) {
    case 0x30: *op = (w >> 18) & 0xff; return ASM_HW_SMEM;
    case 0x34: *op = (w >> 16) & 0x3ff; return ASM_HW_VOP3;
    case 0x36: *op = (w >> 17) & 0xff; return ASM_HW_DS;
    case 0x37: *op = (w >> 18) & 0x7f; return ASM_HW_FLAT;
    case 0x38: *op = (w >> 18) & 0x7f; return ASM_HW_MUBUF;
    case 0x3a: *op = (w >> 15) & 0xf; return ASM_HW_MTBUF;
    case 0x31: *gfx = "EXP (export to the graphics pipeline)"; return -1;
    case 0x35: *gfx = "VINTRP (pixel-shader interpolation)"; return -1;
    case 0x3c: *gfx = "MIMG (image memory)"; return -1;
    default: return -1;
    }
}

/* The raw fields of one instruction, by role. */
typedef struct {
    uint16_t slot[3];   /* source operand codes in field order */
    unsigned nslots;
    uint16_t vdst;      /* the VGPR destination field (a VGPR number, or an SGPR code for
                         * readfirstlane/readlane/compares in VOP3) */
    uint16_t sdst;      /* the SGPR destination field */
    uint16_t mask_dst;  /* the lane-mask destination (VCC in e32) */
    uint8_t neg, abs;   /* VOP3 modifiers by field */
    bool e32;           /* a 32-bit VALU form: lane masks are VCC */
} fields_t;

/* Whether an operand is one the assembler can write (and so one the rest of gcnsim handles):
 * SGPR ranges within s0..s101 and aligned as llvm-mc wants them, the special registers gfx803 has,
 * constants, the literal, VGPR ranges within v0..v255. Trap registers, xnack_mask and the
 * reserved codes are refused, so that executing a decoded instruction never reaches outside the
 * wave's registers. */
static bool operand_ok(isa_operand_t o)
{
    unsigned c = o.code, n = o.count;
    if (c == ISA_OPND_NONE)
        return true;
    if (c >= ISA_VGPR_BASE)
        return n >= 1 && c - ISA_VGPR_BASE + n <= 256;
    if (c <= ISA_SGPR_MAX)
        return n >= 1 && c + n <= ISA_SGPR_MAX + 1 && (n == 1 || (n == 2 ? c % 2 == 0 : c % 4 == 0));
    switch (c) {
    case ISA_REG_FLAT_SCRATCH_LO: case ISA_REG_VCC_LO: case ISA_REG_EXEC_LO:
        return n == 1 || n == 2;
    case ISA_REG_FLAT_SCRATCH_HI: case ISA_REG_VCC_HI: case ISA_REG_EXEC_HI: case ISA_REG_M0:
    case ISA_SRC_SCC: case ISA_SRC_VCCZ: case ISA_SRC_EXECZ: case ISA_SRC_LITERAL:
        return n == 1;
    default:
        return n == 1 && ((c >= ISA_CONST_INT_ZERO && c <= 208) || (c >= ISA_CONST_F_HALF && c <= ISA_CONST_F_INV2PI));
    }
}

/* A MUBUF/MTBUF word into the buffer family's isa_inst_t fields (isa.h), as asm_buffer.c builds
 * them. Returns NULL, or why the word is not one the assembler could write (graphics or unsimulated
 * bits, fields the form does not use, bits the encoder would not write back). */
static const char *decode_buffer(const isa_op_info_t *info, bool mtbuf, uint64_t w, isa_inst_t *in, isa_target_t t)
{
    asm_buf_fields_t b;
    if (mtbuf)
        asm_decode_mtbuf(w, &b);
    else
        asm_decode_mubuf(w, &b);
    b.sc1 = b.sc1 && isa_target_gfx940(t); /* a reserved bit before gfx940 (cdnaisa) */
    isa_op_t op = (isa_op_t)(info - isa_ops);
    bool store_lds = op == ISA_buffer_store_lds_dword; /* always has the lds bit */
    bool lds_load = op == ISA_buffer_load_format_x || (op >= ISA_buffer_load_ubyte && op <= ISA_buffer_load_dwordx4);
    if (store_lds && !b.lds)
        return "buffer_store_lds_dword without the lds bit";
    if (b.lds && !store_lds && !lds_load)
        return "the lds bit on an instruction that does not load into LDS";
    if (b.tfe)
        return "the tfe bit: graphics-only, not simulated";
    if (b.glc && (info->flags & ISA_FL_ATOMIC) && !isa_atomic_returns_on(op, t))
        return "glc on an atomic that returns nothing on this target";
    if ((mtbuf ? asm_encode_mtbuf(&b) : asm_encode_mubuf(&b)) != w)
        return "reserved bits are set";
    in->offset = b.offset;
    in->glc = b.glc;
    in->slc = b.slc;
    in->sc1 = b.sc1;
    in->offen = b.offen;
    in->idxen = b.idxen;
    in->dfmt = mtbuf ? b.dfmt : 1; /* the assembler's defaults on MUBUF (asm_buffer.c) */
    in->nfmt = mtbuf ? b.nfmt : 0;
    in->lds = b.lds;
    if (store_lds && (b.vaddr || b.vdata || b.offen || b.idxen || b.glc || b.slc))
        return "buffer_store_lds_dword has no address or data VGPR, glc or slc";
    if (info->sig[0] == '\0') { /* buffer_wbinvl1*: no operands */
        if (b.vaddr || b.vdata || b.srsrc || b.soffset || b.offen || b.idxen || b.offset || b.slc ||
            ((b.glc || b.sc1) && !(isa_op_cache_scope(op) && isa_target_gfx940(t))))
            return "this instruction has no operands or modifiers";
        return NULL;
    }
    asm_sig_list_t sig;
    if (!asm_sig_parse(info->sig, &sig) || sig.n < 1)
        return "bad table signature";
    unsigned naddr = (unsigned)b.offen + (unsigned)b.idxen;
    if (naddr == 0 && b.vaddr)
        return "an address VGPR without offen or idxen";
    in->src[0] = naddr ? (isa_operand_t){ (uint16_t)(ISA_VGPR_BASE + b.vaddr), (uint8_t)naddr, 0, 0 }
                       : (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 };
    if (b.srsrc + 3 > ISA_SGPR_MAX)
        return "the resource descriptor is not four SGPRs";
    in->src[1] = (isa_operand_t){ b.srsrc, 4, 0, 0 };
    uint16_t so = b.soffset;
    if (so == ISA_SRC_LITERAL || (so > ISA_SGPR_MAX && so != ISA_REG_M0 && so != ISA_REG_VCC_LO &&
                                  so != ISA_REG_VCC_HI && so != ISA_REG_EXEC_LO && so != ISA_REG_EXEC_HI &&
                                  !(so >= ISA_CONST_INT_ZERO && so <= 248)))
        return "soffset is not an SGPR, m0, vcc, exec or an inline constant";
    in->src[2] = (isa_operand_t){ so, 1, 0, 0 };
    in->nsrc = 3;
    if (store_lds) /* srsrc and soffset only */
        return NULL;
    isa_operand_t data = { (uint16_t)(ISA_VGPR_BASE + b.vdata), sig.g[0].width, 0, 0 };
    if (info->flags & ISA_FL_LOAD) {
        in->vdst = data;
    } else {
        in->src[3] = data;
        in->nsrc = 4;
        if ((info->flags & ISA_FL_ATOMIC) && b.glc)
            in->vdst = (isa_operand_t){ data.code, (uint8_t)(info->mem_bytes / 4), 0, 0 };
    }
    for (unsigned i = 0; i < in->nsrc; i++)
        if (in->src[i].code != ISA_OPND_NONE && !operand_ok(in->src[i]))
            return "an operand reaches past the registers gcnsim supports";
    if (!operand_ok(in->vdst))
        return "an operand reaches past the registers gcnsim supports";
    return NULL;
}

/* The SDWA or DPP word of a VOP1/VOP2/VOPC instruction into `in` (isa.h keeps its fields as encoded)
 * and the source modifiers into fl. False for a word the assembler could not have written: an
 * instruction without that form, a reserved bit or value, a field its encoding lacks. */
/* gfx9's SDWA word (sdwa9): its scalar sources (S0, S1: SGPRs up to s101, the special registers
 * gfx9 reads, inline constants; never the literal) and a compare's SD/SDST destination. */
static bool sdwa9_scalar_ok(unsigned c)
{
    return c != ISA_SRC_LITERAL && operand_ok((isa_operand_t){ (uint16_t)c, 1, 0, 0 });
}

/* The part of an SDWA word both layouts (gfx8, gfx9) read alike: VOP1 has no src1, v_nop's word is
 * zeros; the fields go into `in` (omod is 0 in gfx8's layout) and the source modifiers into fl. */
static bool sdwa_finish(isa_op_t op, int f, uint32_t w1, asm_sdwa_fields_t *e, isa_inst_t *in, fields_t *fl)
{
    if (f == ASM_HW_VOP1) { /* no src1 */
        if (w1 >> 24)
            return false;
        e->src1_sel = ISA_SEL_DWORD;
    }
    if (isa_ops[op].sig[0] == '\0') { /* v_nop: a word of zeros, read as the assembler's defaults */
        if (w1)
            return false;
        e->dst_sel = e->src0_sel = ISA_SEL_DWORD;
        e->dst_unused = ISA_UNUSED_PRESERVE;
    }
    in->dst_sel = e->dst_sel;
    in->dst_unused = e->dst_unused;
    in->clamp = e->clamp;
    in->omod = e->omod;
    in->src_sel[0] = e->src0_sel;
    in->src_sel[1] = e->src1_sel;
    in->src_sext[0] = e->src0_sext;
    in->src_sext[1] = e->src1_sext;
    fl->neg = (uint8_t)(e->src0_neg | e->src1_neg << 1);
    fl->abs = (uint8_t)(e->src0_abs | e->src1_abs << 1);
    return true;
}

static bool decode_sdwa9(isa_op_t op, int f, uint32_t w, uint32_t w1, isa_inst_t *in, fields_t *fl)
{
    asm_sdwa_fields_t e;
    bool vopc = f == ASM_HW_VOPC;
    if (w1 & 0x40400000u) /* [22] and [30] are reserved */
        return false;
    asm_decode_sdwa9(w1, vopc, &e);
    if (e.dst_sel > ISA_SEL_DWORD || e.dst_unused > ISA_UNUSED_PRESERVE || e.src0_sel > ISA_SEL_DWORD ||
        e.src1_sel > ISA_SEL_DWORD)
        return false;
    if ((e.src0_s && !sdwa9_scalar_ok(e.src0)) || (e.src1_s && !sdwa9_scalar_ok((w >> 9) & 0xff)))
        return false;
    if (e.omod && !isa_op_sdwa_omod(op))
        return false;
    if (vopc) {
        /* SD 0: vcc (SDST 0, as llvm-mc writes it); SD 1: an aligned SGPR pair, vcc or exec. */
        isa_operand_t d = { e.sdst, 2, 0, 0 };
        if (e.sd ? !operand_ok(d) || e.sdst == ISA_REG_M0 || e.sdst >= ISA_NUM_SREGS || (e.sdst & 1) : e.sdst != 0)
            return false;
        fl->mask_dst = e.sd ? e.sdst : ISA_REG_VCC_LO;
        e.dst_sel = ISA_SEL_DWORD;
        e.dst_unused = ISA_UNUSED_PRESERVE;
    }
    return sdwa_finish(op, f, w1, &e, in, fl);
}

static bool decode_vop_extension(isa_op_t op, isa_target_t t, int f, int form, uint32_t w, uint32_t w1,
                                 isa_inst_t *in, fields_t *fl)
{
    if (!isa_op_has_form_on(op, form, t))
        return false;
    in->form = (uint8_t)form;
    if (form == ISA_FORM_SDWA && isa_target_sdwa9(t))
        return decode_sdwa9(op, f, w, w1, in, fl);
    if (form == ISA_FORM_SDWA) {
        asm_sdwa_fields_t e;
        if (w1 & 0xc0c0c000u) /* [15:14], [23:22], [31:30] are reserved */
            return false;
        asm_decode_sdwa(w1, &e);
        if (e.dst_sel > ISA_SEL_DWORD || e.dst_unused > ISA_UNUSED_PRESERVE || e.src0_sel > ISA_SEL_DWORD ||
            e.src1_sel > ISA_SEL_DWORD)
            return false;
        if (f == ASM_HW_VOPC) { /* no dst_sel/dst_unused on gfx8: the assembler's defaults */
            if (e.dst_sel || e.dst_unused)
                return false;
            e.dst_sel = ISA_SEL_DWORD;
            e.dst_unused = ISA_UNUSED_PRESERVE;
        }
        return sdwa_finish(op, f, w1, &e, in, fl);
    }
    asm_dpp_fields_t e;
    if (w1 & 0x00060000u) /* [18:17] are reserved */
        return false;
    asm_decode_dpp(w1, &e);
    unsigned c = e.dpp_ctrl;
    bool valid = c <= 0xff || (c >= 0x101 && c <= 0x10f) || (c >= 0x111 && c <= 0x11f) || (c >= 0x121 && c <= 0x12f) ||
                 c == 0x130 || c == 0x134 || c == 0x138 || c == 0x13c || (c >= 0x140 && c <= 0x143);
    if (!valid || (f == ASM_HW_VOP1 && (e.src1_neg || e.src1_abs)))
        return false;
    in->dpp_ctrl = e.dpp_ctrl;
    in->bound_ctrl = e.bound_ctrl;
    in->bank_mask = e.bank_mask;
    in->row_mask = e.row_mask;
    fl->neg = (uint8_t)(e.src0_neg | e.src1_neg << 1);
    fl->abs = (uint8_t)(e.src0_abs | e.src1_abs << 1);
    return true;
}

static unsigned decode_inst(const asm_opcode_map_t *m, const uint8_t *code, size_t len, size_t off, isa_inst_t *in,
                            char *err, size_t errlen);

/* CDNA (agpr): the acc bit of the memory families (asm_agpr.h) is read here, the word decoded
 * without it and the data registers made AGPRs; the AGPR groups of signatures (v_accvgpr_*) are
 * made AGPRs; gfx90a's tuples must be aligned. Earlier targets decode as before. */
unsigned asm_decode_inst(const asm_opcode_map_t *m, const uint8_t *code, size_t len, size_t off, isa_inst_t *in,
                         char *err, size_t errlen)
{
    if (!isa_target_cdna(m->target) || off + 4 > len)
        return decode_inst(m, code, len, off, in, err, errlen);
    unsigned opc;
    const char *gfx;
    int f = family_of(get32(code + off), m->target, &opc, &gfx);
    bool mem = f == ASM_HW_DS || f == ASM_HW_FLAT || f == ASM_HW_GLOBAL || f == ASM_HW_SCRATCH || f == ASM_HW_MUBUF ||
               f == ASM_HW_MTBUF;
    unsigned bit = f == ASM_HW_DS ? 25 : 55;
    unsigned n;
    if (mem && off + 8 <= len && (code[off + bit / 8] >> (bit % 8) & 1)) {
        if (!isa_target_gfx90a(m->target))
            return fail(err, errlen, off, "0x%08x: the acc bit is set (AGPR loads and stores need gfx90a or later)",
                        get32(code + off));
        uint8_t word[8];
        memcpy(word, code + off, 8);
        word[bit / 8] &= (uint8_t)~(1u << (bit % 8));
        n = decode_inst(m, word, 8, 0, in, err, errlen);
        if (!n)
            return decode_inst(m, code, len, off, in, err, errlen); /* the message at the right offset */
        in->pc = (uint32_t)off;
        asm_agpr_raise_mem(in);
    } else {
        n = decode_inst(m, code, len, off, in, err, errlen);
        if (!n)
            return 0;
    }
    const char *why = asm_agpr_raise_sig(in);
    char buf[128];
    if (!why)
        why = asm_agpr_inst_rule(m->target, in);
    if (!why)
        why = asm_agpr_alignment(m->target, in, buf, sizeof buf);
    if (why)
        return fail(err, errlen, off, "'%s': %s", isa_ops[in->op].name, why);
    return n;
}

static unsigned decode_inst(const asm_opcode_map_t *m, const uint8_t *code, size_t len, size_t off, isa_inst_t *in,
                            char *err, size_t errlen)
{
    memset(in, 0, sizeof *in);
    in->vdst = in->sdst = (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 };
    for (int k = 0; k < ISA_MAX_SRCS; k++)
        in->src[k] = (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 };
    if (off + 4 > len)
        return fail(err, errlen, off, "%zu byte%s left, an instruction takes at least 4", len - off,
                    len - off == 1 ? "" : "s");
    uint32_t w = get32(code + off), w1 = 0;
    isa_target_t tgt = m->target; /* the target the words are for (its opcode map's) */
    unsigned opc;
    const char *gfx;
    int f = family_of(w, m->target, &opc, &gfx);
    if (f == ASM_HW_VOP3P) { /* gfx9's VOP3P (asm_vop3p.c) */
        if (off + 8 > len)
            return fail(err, errlen, off, "a VOP3P instruction takes 8 bytes, only %zu left", len - off);
        w1 = get32(code + off + 4);
        uint16_t line = m->by_code[ASM_HW_VOP3P][opc & 0x7f];
        isa_op_t vop = line && m->line_op[line - 1] < ISA_NUM_OPS && asm_opcode_map_has(m, (isa_op_t)m->line_op[line - 1])
                           ? (isa_op_t)m->line_op[line - 1] : ISA_NUM_OPS;
        const char *why = isa_op_mfma(vop) ? asm_mfma_decode(vop, tgt, w, w1, in) /* CDNA (asm_mfma.c) */
                                           : asm_vop3p_decode(vop, w, w1, in);
        if (why)
            return fail(err, errlen, off, "0x%08x 0x%08x: %s", w, w1, why);
        in->pc = (uint32_t)off;
        return 8;
    }
    if (f < 0)
        return gfx ? fail(err, errlen, off, "0x%08x is a %s instruction: graphics-only, not simulated", w, gfx)
                   : fail(err, errlen, off, "0x%08x is not a %s instruction", w, isa_target_name(m->target));
    uint16_t line = m->by_code[f][opc];
    if (!line)
        return fail(err, errlen, off, "0x%08x: %s opcode 0x%x is not a %s instruction LLVM knows", w,
                    asm_hw_family_name((asm_hw_family_t)f), opc, isa_target_name(m->target));
    const char *name = m->lines[line - 1].name;
    isa_op_t op = m->line_op[line - 1];
    if (op == ISA_NUM_OPS)
        return fail(err, errlen, off, "'%s' (%s opcode 0x%x) is not in gcnsim's instruction table", name,
                    asm_hw_family_name((asm_hw_family_t)f), opc);
    const isa_op_info_t *info = &isa_ops[op];
    if (info->enc == ISA_ENC_FLAT && isa_flat9_form(op, m->target)) { /* gfx9's FLAT word (asm_flat9.c) */
        if (off + 8 > len)
            return fail(err, errlen, off, "'%s' takes 8 bytes, only %zu left", name, len - off);
        in->op = (uint16_t)op;
        in->pc = (uint32_t)off;
        /* gfx940's scratch_: bit 13 is SVE (a VGPR holds the address), not lds (cdnaisa); with it the
         * SGPR may hold a part too (SVS mode), and without either the offset is the address (ST mode) */
        bool scratch940 = isa_target_gfx940(m->target) && isa_flat_seg(op) == ISA_SEG_SCRATCH;
        bool sve = scratch940 && ((w >> 13) & 1);
        if (scratch940)
            w &= ~(1u << 13);
        const char *why = asm_flat9_decode(w, get32(code + off + 4), in);
        if (!why && scratch940)
            in->src[0] = sve ? (isa_operand_t){ (uint16_t)(ISA_VGPR_BASE + (get32(code + off + 4) & 0xff)), 1, 0, 0 }
                             : (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 };
        if (!why && in->sc1 && !isa_target_gfx940(m->target))
            in->sc1 = 0; /* bit 25: gfx940's sc1, ignored before as it always was (cdnaisa) */
        if (!why && in->glc && (info->flags & ISA_FL_ATOMIC) && !isa_atomic_returns_on(op, m->target))
            why = "glc on an atomic that returns nothing on this target";
        return why ? fail(err, errlen, off, "'%s': %s", name, why) : 8;
    }
    bool e64 = f == ASM_HW_VOP3 && isa_enc_has_e32(info->enc);
    if (m->family[op] != f && !e64)
        return fail(err, errlen, off, "'%s' is a %s instruction in gcnsim's table, not %s", name,
                    isa_enc_name(info->enc), asm_hw_family_name((asm_hw_family_t)f));
    unsigned size = f == ASM_HW_SMEM || f == ASM_HW_VOP3 || f == ASM_HW_DS || f == ASM_HW_FLAT ||
                    f == ASM_HW_MUBUF || f == ASM_HW_MTBUF || f == ASM_HW_VOP3P || f == ASM_HW_GLOBAL ||
                    f == ASM_HW_SCRATCH ? 8 : 4;
    if (off + size > len)
        return fail(err, errlen, off, "'%s' takes %u bytes, only %zu left", name, size, len - off);
    if (size == 8)
        w1 = get32(code + off + 4);
    in->op = (uint16_t)op;
    in->pc = (uint32_t)off;

    fields_t fl;
    memset(&fl, 0, sizeof fl);
    fl.mask_dst = ISA_REG_VCC_LO;
    switch (f) {
    case ASM_HW_SOP1:
        fl.sdst = (w >> 16) & 0x7f;
        fl.slot[0] = w & 0xff;
        fl.nslots = 1;
        break;
    case ASM_HW_SOP2: case ASM_HW_SOPC:
        fl.sdst = (w >> 16) & 0x7f;
        fl.slot[0] = w & 0xff;
        fl.slot[1] = (w >> 8) & 0xff;
        fl.nslots = 2;
        break;
    case ASM_HW_SOPK:
        fl.sdst = fl.slot[0] = (w >> 16) & 0x7f; /* s_cmpk_*, s_setreg_b32 read it */
        fl.nslots = 1;
        break;
    case ASM_HW_SOPP:
        /* SIMM16 of an instruction without operands: only s_endpgm's may be set (llvm-mc's
         * `s_endpgm N`); anywhere else it would not be written back. */
        if (info->sig[0] == '\0' && (w & 0xffff)) {
            if ((isa_op_t)(info - isa_ops) != ISA_s_endpgm)
                return fail(err, errlen, off, "'%s': its SIMM16 field is 0x%x, but it takes no operand", name,
                            (unsigned)(w & 0xffff));
            in->simm16 = (int32_t)(w & 0xffff);
        }
        break;
    case ASM_HW_SMEM:
        fl.sdst = (w >> 6) & 0x7f;
        fl.slot[0] = (uint16_t)((w & 0x3f) << 1);
        fl.nslots = 1;
        if (info->flags & (ISA_FL_STORE | ISA_FL_ATOMIC)) { /* the data (SDATA) first, then the base */
            fl.slot[1] = fl.slot[0];
            fl.slot[0] = fl.sdst;
            fl.nslots = 2;
        }
        in->glc = (w >> 16) & 1;
        break;
    case ASM_HW_VOP1: case ASM_HW_VOP2: case ASM_HW_VOPC: {
        uint32_t src0 = w & 0x1ff;
        bool src1_scalar = false;
        if (src0 == ASM_SRC_SDWA || src0 == ASM_SRC_DPP) {
            if (off + 8 > len)
                return fail(err, errlen, off, "'%s' takes 8 bytes, only %zu left", name, len - off);
            w1 = get32(code + off + 4);
            size = 8;
            bool sdwa = src0 == ASM_SRC_SDWA;
            if (!decode_vop_extension(op, tgt, f, sdwa ? ISA_FORM_SDWA : ISA_FORM_DPP, w, w1, in, &fl))
                return fail(err, errlen, off, "0x%08x 0x%08x: not a %s form of '%s' that %s has", w, w1,
                            sdwa ? "SDWA" : "DPP", name, isa_target_name(tgt));
            /* gfx9 SDWA: S0 makes src0 a scalar code, S1 the vsrc1 field */
            bool s0 = sdwa && isa_target_sdwa9(tgt) && (w1 >> 23 & 1);
            src1_scalar = sdwa && isa_target_sdwa9(tgt) && (w1 >> 31 & 1);
            src0 = s0 ? (w1 & 0xff) : ISA_VGPR_BASE + (w1 & 0xff);
        }
        fl.e32 = true;
        fl.slot[0] = (uint16_t)src0;
        fl.nslots = 1;
        if (f == ASM_HW_VOP1) {
            fl.vdst = fl.sdst = (w >> 17) & 0xff;
        } else if (f == ASM_HW_VOP2) {
            fl.vdst = (w >> 17) & 0xff;
            fl.slot[1] = (uint16_t)((src1_scalar ? 0 : ISA_VGPR_BASE) + ((w >> 9) & 0xff));
            fl.nslots = 2;
        } else {
            fl.slot[1] = (uint16_t)((src1_scalar ? 0 : ISA_VGPR_BASE) + ((w >> 9) & 0xff));
            fl.nslots = 2;
        }
        break;
    }
    case ASM_HW_VOP3: {
        bool vop3b = strchr(info->sig, 'C') && info->enc != ISA_ENC_VOPC;
        fl.vdst = fl.sdst = w & 0xff;
        fl.mask_dst = vop3b ? (w >> 8) & 0x7f : w & 0xff;
        fl.abs = vop3b ? 0 : (w >> 8) & 7;
        in->clamp = (w >> 15) & 1;
        if (isa_op_has_op_sel((isa_op_t)in->op)) /* gfx9 op_sel [14:11] (valu9) */
            in->op_sel = (w >> 11) & 15;
        fl.slot[0] = w1 & 0x1ff;
        fl.slot[1] = (w1 >> 9) & 0x1ff;
        fl.slot[2] = (w1 >> 18) & 0x1ff;
        fl.nslots = 3;
        in->omod = (w1 >> 27) & 3;
        fl.neg = (w1 >> 29) & 7;
        in->e64 = 1;
        break;
    }
    case ASM_HW_DS:
        if ((w >> 16) & 1)
            return fail(err, errlen, off, "'%s' with gds: graphics-only, not simulated", name);
        if (info->flags & ISA_FL_DUAL) {
            in->offset0 = w & 0xff;
            in->offset1 = (w >> 8) & 0xff;
        } else {
            in->offset = w & 0xffff;
        }
        fl.vdst = (w1 >> 24) & 0xff;
        fl.slot[0] = (uint16_t)(ISA_VGPR_BASE + (w1 & 0xff));
        fl.slot[1] = (uint16_t)(ISA_VGPR_BASE + ((w1 >> 8) & 0xff));
        fl.slot[2] = (uint16_t)(ISA_VGPR_BASE + ((w1 >> 16) & 0xff));
        fl.nslots = 3;
        if (info == &isa_ops[ISA_ds_write_addtid_b32]) /* gfx9: no address; its data in DATA0 */
            fl.slot[0] = fl.slot[1];
        break;
    case ASM_HW_FLAT:
        in->glc = (w >> 16) & 1;
        in->slc = (w >> 17) & 1;
        fl.vdst = (w1 >> 24) & 0xff;
        fl.slot[0] = (uint16_t)(ISA_VGPR_BASE + (w1 & 0xff));
        fl.slot[1] = (uint16_t)(ISA_VGPR_BASE + ((w1 >> 8) & 0xff));
        fl.nslots = 2;
        break;
    case ASM_HW_MUBUF: case ASM_HW_MTBUF: {
        const char *why = decode_buffer(info, f == ASM_HW_MTBUF, (uint64_t)w | (uint64_t)w1 << 32, in, m->target);
        if (why)
            return fail(err, errlen, off, "'%s': %s", name, why);
        in->size = 8;
        return 8;
    }
    default:
        return fail(err, errlen, off, "'%s': %s instructions are not decoded into gcnsim's instructions yet", name,
                    asm_hw_family_name((asm_hw_family_t)f));
    }
    if (info->enc == ISA_ENC_VOP3 || e64)
        size = 8;

    asm_sig_list_t sig;
    if (!asm_sig_parse(info->sig, &sig))
        return fail(err, errlen, off, "'%s': bad table signature", name);
    unsigned slot = 0;
    bool literal = false;
    for (unsigned g = 0; g < sig.n; g++) {
        const asm_sig_t *s = &sig.g[g];
        isa_operand_t *src = in->nsrc < ISA_MAX_SRCS ? &in->src[in->nsrc] : NULL;
        switch (s->kind) {
        case SIG_RTN:
            if (!in->glc)
                break;
            /* fall through */
        case SIG_VDST:
        case SIG_ADST: /* CDNA: made an AGPR by asm_agpr_raise_sig */
            in->vdst = (isa_operand_t){ (uint16_t)(ISA_VGPR_BASE + fl.vdst), s->width, 0, 0 };
            break;
        case SIG_SDST:
        case SIG_MASK_DST:
            in->sdst = (isa_operand_t){ s->kind == SIG_SDST ? fl.sdst : fl.mask_dst, s->kind == SIG_SDST ? s->width : 2,
                                        0, 0 };
            if (in->sdst.code >= ISA_NUM_SREGS)
                return fail(err, errlen, off, "'%s': its destination is operand code %u, not a scalar register", name,
                            in->sdst.code);
            break;
        case SIG_MASK_SRC:
            if (!src)
                return fail(err, errlen, off, "'%s': too many sources", name);
            *src = (isa_operand_t){ fl.e32 ? (uint16_t)ISA_REG_VCC_LO : fl.slot[slot++], 2, 0, 0 };
            if (src->code >= ISA_NUM_SREGS || ((fl.neg | fl.abs) >> (slot - 1) & 1 && !fl.e32))
                return fail(err, errlen, off, "'%s': its lane-mask source is operand code %u, not a scalar register "
                            "pair without modifiers", name, src->code);
            in->nsrc++;
            break;
        case SIG_VSRC: case SIG_SSRC: case SIG_VGPR: case SIG_ADDR: case SIG_ASRC: {
            if (!src || slot >= fl.nslots)
                return fail(err, errlen, off, "'%s': more sources than the encoding has fields", name);
            uint16_t c = fl.slot[slot];
            bool reg = c < ISA_NUM_SREGS || c >= ISA_VGPR_BASE;
            *src = (isa_operand_t){ c, reg ? s->width : 1, (uint8_t)((fl.neg >> slot) & 1), (uint8_t)((fl.abs >> slot) & 1) };
            /* What the assembler refuses is refused here too: modifiers where isa_op_src_mods (the
             * assembler's rule) allows none, a scalar where only a VGPR goes and the reverse, and the
             * literal in VOP3 (gfx803 has no VOP3 literal). */
            unsigned mods = (src->neg ? ISA_MOD_NEG : 0) | (src->abs ? ISA_MOD_ABS : 0);
            if (mods & ~isa_op_src_mods(op, in->form, g))
                return fail(err, errlen, off, "'%s': source modifiers on an operand that takes %s", name,
                            isa_op_src_mods(op, in->form, g) ? "neg only" : "none");
            if ((s->kind == SIG_VGPR || s->kind == SIG_ADDR || s->kind == SIG_ASRC) && c < ISA_VGPR_BASE)
                return fail(err, errlen, off, "'%s': operand code %u where a VGPR goes", name, c);
            if (s->kind == SIG_SSRC && c >= ISA_VGPR_BASE)
                return fail(err, errlen, off, "'%s': a VGPR where a scalar operand goes", name);
            if (c == ISA_SRC_LITERAL && f == ASM_HW_VOP3)
                return fail(err, errlen, off, "'%s': a literal in the 64-bit encoding, which %s does not have", name,
                            isa_target_name(m->target));
            slot++;
            in->nsrc++;
            literal |= c == ISA_SRC_LITERAL;
            break;
        }
        case SIG_SMEM_OFF:
            if ((w >> 17) & 1) {
                in->offset = w1 & (m->target == ISA_TARGET_GFX803 ? 0xfffffu : 0x1fffffu); /* gfx9: 21 bits */
            } else {
                if (!src)
                    return fail(err, errlen, off, "'%s': too many sources", name);
                *src = (isa_operand_t){ (uint16_t)(w1 & 0xff), 1, 0, 0 };
                in->nsrc++;
                in->has_soffset_sgpr = 1;
            }
            break;
        case SIG_IMM16:
            in->simm16 = f == ASM_HW_SOPK ? (int32_t)(int16_t)(w & 0xffff) : (int32_t)(w & 0xffff);
            break;
        case SIG_HWREG: case SIG_WAITCNT:
            in->simm16 = (int32_t)(w & 0xffff);
            if (s->kind == SIG_HWREG && !isa_hwreg_name_on(isa_hwreg_id(in->simm16), m->target))
                return fail(err, errlen, off, "'%s': hardware register %u does not exist on %s", name,
                            isa_hwreg_id(in->simm16), isa_target_name(m->target));
            break;
        case SIG_GPRIDX: /* s_set_gpr_idx_on: SSRC1 holds the mode bits; s_set_gpr_idx_mode: SIMM16 */
            in->simm16 = (int32_t)(f == ASM_HW_SOPC ? (w >> 8) & 0xff : w & 0xffff);
            if (in->simm16 > 15)
                return fail(err, errlen, off, "'%s': VGPR index mode %d is not a 4-bit value", name, (int)in->simm16);
            slot++;
            break;
        case SIG_RSRC: /* s_buffer_load_*: the descriptor in the SBASE field, four SGPRs */
            if (f != ASM_HW_SMEM || !src || slot >= fl.nslots)
                return fail(err, errlen, off, "the form of '%s' is not decoded into gcnsim's instructions yet", name);
            *src = (isa_operand_t){ fl.slot[slot], 4, 0, 0 };
            slot++;
            in->nsrc++;
            break;
        case SIG_K32:
            if (!src)
                return fail(err, errlen, off, "'%s': too many sources", name);
            *src = (isa_operand_t){ ISA_SRC_LITERAL, 1, 0, 0 };
            in->nsrc++;
            literal = true; /* madmk/madak's K: the literal, outside the source fields */
            break;
        case SIG_LABEL: /* the target's byte offset, until asm_decode_code makes it an index */
            in->target = (uint32_t)((int64_t)off + 4 + 4 * (int64_t)(int16_t)(w & 0xffff));
            break;
        default: /* an operand kind this decoder does not take (the buffer family's) */
            return fail(err, errlen, off, "the form of '%s' is not decoded into gcnsim's instructions yet", name);
        }
    }
    /* Output modifiers and clamp only where the assembler allows them (asm_match.c's apply_mods). */
    bool fl_op = (info->flags & ISA_FL_FLOAT) != 0;
    if (in->omod && !(fl_op && info->enc != ISA_ENC_VOPC && !isa_op_has_op_sel((isa_op_t)in->op)))
        return fail(err, errlen, off, "'%s' takes no output modifier", name);
    /* gfx9's saturating integer instructions (valu9) take clamp, as llvm-mc */
    bool int_clamp = isa_op_int_clamp((isa_op_t)in->op) ||
                     (isa_valu9_op((isa_op_t)in->op) && (info->flags & ISA_FL_SAT));
    /* the SDWA form has a clamp bit for every instruction (llvm-mc: v_mov_b32_sdwa v1, v4 clamp) */
    if (in->clamp && !(fl_op || int_clamp || in->form == ISA_FORM_SDWA ||
                       (strchr(info->sig, 'C') && info->enc != ISA_ENC_VOPC)))
        return fail(err, errlen, off, "'%s' takes no clamp", name);
    const isa_operand_t *bad = !operand_ok(in->vdst) ? &in->vdst : !operand_ok(in->sdst) ? &in->sdst : NULL;
    for (unsigned i = 0; !bad && i < in->nsrc; i++)
        if (!operand_ok(in->src[i]))
            bad = &in->src[i];
    if (bad)
        return fail(err, errlen, off, "'%s': operand code %u (%u register%s) is not a register or constant gcnsim "
                    "supports (trap registers, xnack_mask, reserved codes and misaligned or out-of-range register "
                    "ranges are not)", name, bad->code, bad->count, bad->count == 1 ? "" : "s");
    if (literal) {
        if (off + size + 4 > len)
            return fail(err, errlen, off, "'%s' has a literal constant, but the code ends first", name);
        in->literal = get32(code + off + size);
        size += 4;
    }
    if (in->glc && isa_smem_atomic_flat_op(op) != ISA_NUM_OPS) /* gfx9: the old value returns into the data */
        in->sdst = (isa_operand_t){ in->src[0].code, (uint8_t)(info->mem_bytes / 4), 0, 0 };
    in->size = size;
    return size;
}

int asm_decode_code(const asm_opcode_map_t *m, const uint8_t *code, size_t len, isa_inst_t **insts,
                    uint32_t *ninsts, char *err, size_t errlen)
{
    size_t cap = len / 4 + 1;
    isa_inst_t *v = calloc(cap, sizeof *v);
    uint32_t n = 0;
    *insts = NULL;
    *ninsts = 0;
    if (!v) {
        fail(err, errlen, 0, "out of memory");
        return 1;
    }
    for (size_t off = 0; off < len;) {
        unsigned sz = asm_decode_inst(m, code, len, off, &v[n], err, errlen);
        if (!sz) {
            free(v);
            return 1;
        }
        off += sz;
        n++;
    }
    /* Branch targets: byte offsets to instruction indices (a binary search over the pcs). */
    for (uint32_t i = 0; i < n; i++) {
        if (!strchr(isa_ops[v[i].op].sig, 'L'))
            continue;
        uint32_t pc = v[i].target, lo = 0, hi = n;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (v[mid].pc < pc)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == n || v[lo].pc != pc) {
            fail(err, errlen, v[i].pc, "'%s' branches to byte offset 0x%x, which is not the start of an "
                 "instruction of this code", isa_ops[v[i].op].name, pc);
            free(v);
            return 1;
        }
        v[i].target = lo;
    }
    *insts = v;
    *ninsts = n;
    return 0;
}

static bool same_opnd(isa_operand_t a, isa_operand_t b)
{
    return a.code == b.code && a.count == b.count && a.neg == b.neg && a.abs == b.abs;
}

bool asm_inst_same(const isa_inst_t *a, const isa_inst_t *b, char *what, size_t n)
{
    const char *d = NULL;
    if (a->op != b->op)
        d = "opcode";
    else if (a->e64 != b->e64)
        d = "encoding (_e32/_e64)";
    else if (a->nsrc != b->nsrc)
        d = "number of sources";
    else if (!same_opnd(a->vdst, b->vdst))
        d = "vector destination";
    else if (!same_opnd(a->sdst, b->sdst))
        d = "scalar destination";
    else if (a->clamp != b->clamp || a->omod != b->omod)
        d = "clamp or output modifier";
    else if (a->op_sel != b->op_sel || a->op_sel_hi != b->op_sel_hi)
        d = "op_sel or op_sel_hi";
    else if (a->cbsz != b->cbsz || a->abid != b->abid || a->blgp != b->blgp) /* MFMA (mfma) */
        d = "cbsz, abid or blgp";
    else if (a->glc != b->glc || a->slc != b->slc)
        d = "glc or slc";
    else if (a->literal != b->literal)
        d = "literal";
    else if (a->offset != b->offset || a->offset0 != b->offset0 || a->offset1 != b->offset1 ||
             a->has_soffset_sgpr != b->has_soffset_sgpr)
        d = "offset";
    else if (a->simm16 != b->simm16)
        d = "16-bit immediate";
    else if (a->target != b->target)
        d = "branch target";
    else if (a->pc != b->pc || a->size != b->size)
        d = "byte offset or size";
    for (unsigned i = 0; !d && i < ISA_MAX_SRCS; i++)
        if (!same_opnd(a->src[i], b->src[i]))
            d = "a source operand";
    if (d && what && n)
        snprintf(what, n, "%s", d);
    return d == NULL;
}

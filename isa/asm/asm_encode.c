/* asm_encode: an instruction's machine code (asm_encode.h). Field layouts from the GCN3 ISA manual,
 * chapter 12 "Microcode Formats" (12.1 SOP2 ... 12.10 MTBUF), as LLVM encodes them for gfx803;
 * tests/isa/encoding_check.sh compares every shipped kernel and a sample of every table instruction
 * byte for byte with llvm-mc. */
#include "asm/asm_encode.h"
#include "asm/asm_agpr.h"
#include "asm/asm_mfma.h"
#include "asm/asm_vop3p.h"
#include "asm/asm_flat9.h"
#include "asm/asm_text.h"
#include "common/le.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int asm_format_bytes(const uint8_t *bytes, unsigned n, char *buf, size_t len)
{
    size_t pos = 0;
    int w = snprintf(buf, len, "[");
    pos += w > 0 ? (size_t)w : 0;
    for (unsigned i = 0; i < n; i++) {
        w = snprintf(pos < len ? buf + pos : NULL, pos < len ? len - pos : 0, "%s0x%02x", i ? "," : "", bytes[i]);
        pos += w > 0 ? (size_t)w : 0;
    }
    w = snprintf(pos < len ? buf + pos : NULL, pos < len ? len - pos : 0, "]");
    pos += w > 0 ? (size_t)w : 0;
    return (int)pos;
}

/* ---- Formats not in the table yet ------------------------------------------------------------ */

/* The fields MUBUF and MTBUF share (12.9, 12.10): glc, idxen, offen and the offset in the first word;
 * soffset, tfe, srsrc, vdata and vaddr in the second. Each format adds its own around them. */
static uint32_t buf_common_w0(const asm_buf_fields_t *f)
{
    return (uint32_t)f->glc << 14 | (uint32_t)f->idxen << 13 | (uint32_t)f->offen << 12 | (f->offset & 0xfffu);
}
static uint32_t buf_common_w1(const asm_buf_fields_t *f)
{
    return (uint32_t)f->soffset << 24 | (uint32_t)f->tfe << 23 | (uint32_t)(f->srsrc >> 2) << 16 |
           (uint32_t)f->vdata << 8 | f->vaddr;
}
static void buf_common_decode(uint32_t w0, uint32_t w1, asm_buf_fields_t *f)
{
    memset(f, 0, sizeof *f);
    f->glc = (w0 >> 14) & 1;
    f->idxen = (w0 >> 13) & 1;
    f->offen = (w0 >> 12) & 1;
    f->offset = w0 & 0xfff;
    f->soffset = (uint8_t)(w1 >> 24);
    f->tfe = (w1 >> 23) & 1;
    f->srsrc = (uint8_t)(((w1 >> 16) & 0x1f) << 2);
    f->vdata = (uint8_t)(w1 >> 8);
    f->vaddr = (uint8_t)w1;
}

uint64_t asm_encode_mubuf(const asm_buf_fields_t *f)
{
    uint32_t w0 = 0xe0000000u | (uint32_t)(f->op & 0x7f) << 18 | (uint32_t)f->slc << 17 | (uint32_t)f->lds << 16 |
                  (uint32_t)f->sc1 << 15 | buf_common_w0(f);
    return (uint64_t)buf_common_w1(f) << 32 | w0;
}

uint64_t asm_encode_mtbuf(const asm_buf_fields_t *f)
{
    uint32_t w0 = 0xe8000000u | (uint32_t)(f->nfmt & 7) << 23 | (uint32_t)(f->dfmt & 15) << 19 |
                  (uint32_t)(f->op & 15) << 15 | buf_common_w0(f);
    return (uint64_t)(buf_common_w1(f) | (uint32_t)f->slc << 22 | (uint32_t)f->sc1 << 21) << 32 | w0;
}

uint32_t asm_encode_sdwa(const asm_sdwa_fields_t *f)
{
    return f->src0 | (uint32_t)(f->dst_sel & 7) << 8 | (uint32_t)(f->dst_unused & 3) << 11 | (uint32_t)f->clamp << 13 |
           (uint32_t)(f->src0_sel & 7) << 16 | (uint32_t)f->src0_sext << 19 | (uint32_t)f->src0_neg << 20 |
           (uint32_t)f->src0_abs << 21 | (uint32_t)(f->src1_sel & 7) << 24 | (uint32_t)f->src1_sext << 27 |
           (uint32_t)f->src1_neg << 28 | (uint32_t)f->src1_abs << 29;
}

uint32_t asm_encode_sdwa9(const asm_sdwa_fields_t *f, bool vopc)
{
    uint32_t w = f->src0 | (uint32_t)(f->src0_sel & 7) << 16 | (uint32_t)f->src0_sext << 19 |
                 (uint32_t)f->src0_neg << 20 | (uint32_t)f->src0_abs << 21 | (uint32_t)f->src0_s << 23 |
                 (uint32_t)(f->src1_sel & 7) << 24 | (uint32_t)f->src1_sext << 27 | (uint32_t)f->src1_neg << 28 |
                 (uint32_t)f->src1_abs << 29 | (uint32_t)f->src1_s << 31;
    if (vopc)
        return w | (uint32_t)(f->sdst & 0x7f) << 8 | (uint32_t)f->sd << 15;
    return w | (uint32_t)(f->dst_sel & 7) << 8 | (uint32_t)(f->dst_unused & 3) << 11 | (uint32_t)f->clamp << 13 |
           (uint32_t)(f->omod & 3) << 14;
}

uint32_t asm_encode_dpp(const asm_dpp_fields_t *f)
{
    return f->src0 | (uint32_t)(f->dpp_ctrl & 0x1ff) << 8 | (uint32_t)f->bound_ctrl << 19 | (uint32_t)f->src0_neg << 20 |
           (uint32_t)f->src0_abs << 21 | (uint32_t)f->src1_neg << 22 | (uint32_t)f->src1_abs << 23 |
           (uint32_t)(f->bank_mask & 15) << 24 | (uint32_t)(f->row_mask & 15) << 28;
}

void asm_decode_mubuf(uint64_t w, asm_buf_fields_t *f)
{
    uint32_t w0 = (uint32_t)w;
    buf_common_decode(w0, (uint32_t)(w >> 32), f);
    f->op = (w0 >> 18) & 0x7f;
    f->slc = (w0 >> 17) & 1;
    f->lds = (w0 >> 16) & 1;
    f->sc1 = (w0 >> 15) & 1;
}

void asm_decode_mtbuf(uint64_t w, asm_buf_fields_t *f)
{
    uint32_t w0 = (uint32_t)w, w1 = (uint32_t)(w >> 32);
    buf_common_decode(w0, w1, f);
    f->nfmt = (w0 >> 23) & 7;
    f->dfmt = (w0 >> 19) & 15;
    f->op = (w0 >> 15) & 15;
    f->slc = (w1 >> 22) & 1;
    f->sc1 = (w1 >> 21) & 1;
}

void asm_decode_sdwa(uint32_t w, asm_sdwa_fields_t *f)
{
    memset(f, 0, sizeof *f);
    f->src0 = (uint8_t)w;
    f->dst_sel = (w >> 8) & 7;
    f->dst_unused = (w >> 11) & 3;
    f->clamp = (w >> 13) & 1;
    f->src0_sel = (w >> 16) & 7;
    f->src0_sext = (w >> 19) & 1;
    f->src0_neg = (w >> 20) & 1;
    f->src0_abs = (w >> 21) & 1;
    f->src1_sel = (w >> 24) & 7;
    f->src1_sext = (w >> 27) & 1;
    f->src1_neg = (w >> 28) & 1;
    f->src1_abs = (w >> 29) & 1;
}

void asm_decode_sdwa9(uint32_t w, bool vopc, asm_sdwa_fields_t *f)
{
    asm_decode_sdwa(w, f);
    f->src0_s = (w >> 23) & 1;
    f->src1_s = (w >> 31) & 1;
    if (vopc) {
        f->dst_sel = f->dst_unused = 0;
        f->clamp = false;
        f->sdst = (w >> 8) & 0x7f;
        f->sd = (w >> 15) & 1;
    } else {
        f->omod = (w >> 14) & 3;
    }
}

void asm_decode_dpp(uint32_t w, asm_dpp_fields_t *f)
{
    memset(f, 0, sizeof *f);
    f->src0 = (uint8_t)w;
    f->dpp_ctrl = (w >> 8) & 0x1ff;
    f->bound_ctrl = (w >> 19) & 1;
    f->src0_neg = (w >> 20) & 1;
    f->src0_abs = (w >> 21) & 1;
    f->src1_neg = (w >> 22) & 1;
    f->src1_abs = (w >> 23) & 1;
    f->bank_mask = (w >> 24) & 15;
    f->row_mask = (w >> 28) & 15;
}

/* ---- Instructions of the table ---------------------------------------------------------------- */

static bool present(isa_operand_t o)
{
    return o.code != ISA_OPND_NONE;
}

/* A VGPR field (8 bits) from an operand that must be a VGPR. */
static bool vgpr_field(isa_operand_t o, uint32_t *f)
{
    if (!isa_opnd_is_vgpr(o))
        return false;
    *f = o.code - ISA_VGPR_BASE;
    return true;
}

static bool has_sig(const isa_op_info_t *info, char letter)
{
    return strchr(info->sig, letter) != NULL;
}

/* The literal dword follows when any source is the literal code (a K is one too). */
static bool uses_literal(const isa_inst_t *in)
{
    for (unsigned i = 0; i < in->nsrc && i < ISA_MAX_SRCS; i++)
        if (in->src[i].code == ISA_SRC_LITERAL)
            return true;
    return false;
}

/* SDWA and DPP: a VOP1/VOP2/VOPC instruction in one of these forms writes src0 = ASM_SRC_SDWA or
 * ASM_SRC_DPP and asm_encode_sdwa/asm_encode_dpp of its fields as the second word (return true
 * after filling w0 and w1). On gfx9 the SDWA word is asm_encode_sdwa9's (sdwa9). */
static bool encode_vop_extension(const isa_inst_t *in, isa_target_t t, uint32_t *w0, uint32_t *w1)
{
    if (in->form == ISA_FORM_PLAIN)
        return false;
    /* gfx8 allows only VGPRs; v_nop has no source (0) */
    uint16_t code0 = in->nsrc ? in->src[0].code : ISA_VGPR_BASE;
    uint8_t src0 = (uint8_t)(code0 & 0xff);
    if (in->form == ISA_FORM_SDWA) {
        asm_sdwa_fields_t f = {
            .src0 = src0, .dst_sel = in->dst_sel, .dst_unused = in->dst_unused, .clamp = in->clamp != 0,
            .src0_sel = in->src_sel[0], .src1_sel = in->src_sel[1],
            .src0_sext = in->src_sext[0] != 0, .src0_neg = in->src[0].neg != 0, .src0_abs = in->src[0].abs != 0,
            .src1_sext = in->src_sext[1] != 0, .src1_neg = in->src[1].neg != 0, .src1_abs = in->src[1].abs != 0,
        };
        bool vopc = isa_ops[in->op].enc == ISA_ENC_VOPC;
        if (vopc) /* gfx8's SDWA compares have no dst_sel/dst_unused */
            f.dst_sel = f.dst_unused = 0;
        if (isa_ops[in->op].enc == ISA_ENC_VOP1) /* nor VOP1 a src1 */
            f.src1_sel = 0;
        if (!in->nsrc && !present(in->vdst)) /* v_nop: an SDWA word of zeros, as llvm-mc writes it */
            f.dst_sel = f.dst_unused = f.src0_sel = 0;
        *w0 = (*w0 & ~0x1ffu) | ASM_SRC_SDWA;
        if (!isa_target_sdwa9(t)) {
            *w1 = asm_encode_sdwa(&f);
            return true;
        }
        /* gfx9: a scalar source is its code with S0/S1 set; a compare writes vcc (SD 0) or SDST. */
        f.src0_s = in->nsrc && code0 < ISA_VGPR_BASE;
        f.src1_s = in->nsrc >= 2 && in->src[1].code < ISA_VGPR_BASE && isa_ops[in->op].enc != ISA_ENC_VOP1;
        f.omod = in->omod;
        if (vopc && present(in->sdst) && in->sdst.code != ISA_REG_VCC_LO) {
            f.sd = true;
            f.sdst = (uint8_t)in->sdst.code;
        }
        *w1 = asm_encode_sdwa9(&f, vopc);
    } else {
        asm_dpp_fields_t f = {
            .src0 = src0, .dpp_ctrl = in->dpp_ctrl, .bound_ctrl = in->bound_ctrl != 0,
            .src0_neg = in->src[0].neg != 0, .src0_abs = in->src[0].abs != 0,
            .src1_neg = in->src[1].neg != 0, .src1_abs = in->src[1].abs != 0,
            .bank_mask = in->bank_mask, .row_mask = in->row_mask,
        };
        *w0 = (*w0 & ~0x1ffu) | ASM_SRC_DPP;
        *w1 = asm_encode_dpp(&f);
    }
    return true;
}

static bool ssrc_field(isa_operand_t o, uint32_t *f);

/* MUBUF/MTBUF (12.9, 12.10): the isa_inst_t fields of the buffer family (isa.h) as the word's. */
static unsigned encode_buffer(const isa_inst_t *in, uint16_t op, uint8_t *out, char *err, size_t errlen)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    asm_buf_fields_t f = { .op = op, .offset = (uint16_t)(in->offset & 0xfff), .offen = in->offen != 0,
                           .idxen = in->idxen != 0, .glc = in->glc != 0, .slc = in->slc != 0,
                           .lds = in->lds != 0, .dfmt = in->dfmt, .nfmt = in->nfmt, .sc1 = in->sc1 != 0 };
    uint32_t v = 0;
    if (in->nsrc >= 3) { /* buffer_wbinvl1* have no operands: every field 0 */
        if (present(in->src[0])) {
            if (!vgpr_field(in->src[0], &v))
                return asm_fail(err, errlen, "the address of '%s' must be VGPRs", info->name);
            f.vaddr = (uint8_t)v;
        }
        if (in->src[1].code >= ISA_NUM_SREGS || !ssrc_field(in->src[2], &v))
            return asm_fail(err, errlen, "'%s' needs a resource descriptor and an offset operand", info->name);
        f.srsrc = (uint8_t)in->src[1].code;
        f.soffset = (uint8_t)v;
        isa_operand_t data = present(in->vdst) ? in->vdst : in->nsrc >= 4 ? in->src[3] : in->vdst;
        if (present(data)) {
            if (!vgpr_field(data, &v))
                return asm_fail(err, errlen, "the data of '%s' must be VGPRs", info->name);
            f.vdata = (uint8_t)v;
        }
    }
    uint64_t w = info->enc == ISA_ENC_MTBUF ? asm_encode_mtbuf(&f) : asm_encode_mubuf(&f);
    le_put32(out, (uint32_t)w);
    le_put32(out + 4, (uint32_t)(w >> 32));
    return 8;
}

static unsigned encode_vop3(const asm_opcode_map_t *m, const isa_inst_t *in, uint8_t *out, char *err, size_t errlen)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    uint16_t op = info->enc == ISA_ENC_VOP3 ? m->native[in->op] : m->vop3[in->op];
    if (op == ASM_OPCODE_NONE)
        return asm_fail(err, errlen, "'%s' has no 64-bit (VOP3) opcode on gfx803", info->name);
    bool mask_dst = has_sig(info, 'C');
    /* VOP3b: a VOP3 (not a compare) with a lane-mask destination, in the place of the abs bits. */
    bool vop3b = mask_dst && info->enc != ISA_ENC_VOPC;
    uint32_t vdst = 0, abs = 0, neg = 0, src[3] = { 0, 0, 0 };
    if (present(in->vdst)) {
        if (!vgpr_field(in->vdst, &vdst))
            return asm_fail(err, errlen, "the destination of '%s' must be a VGPR", info->name);
    } else if (present(in->sdst)) {
        vdst = in->sdst.code; /* compares, v_readlane: an SGPR destination in the VGPR field */
    }
    for (unsigned i = 0; i < in->nsrc; i++) {
        if (i >= 3)
            return asm_fail(err, errlen, "'%s' has more than three sources", info->name);
        if (in->src[i].code == ISA_SRC_LITERAL)
            return asm_fail(err, errlen, "a literal is not encodable in VOP3 on gfx803 ('%s')", info->name);
        src[i] = in->src[i].code & 0x1ff;
        abs |= (uint32_t)(in->src[i].abs ? 1 : 0) << i;
        neg |= (uint32_t)(in->src[i].neg ? 1 : 0) << i;
    }
    uint32_t mid;
    if (vop3b) {
        if (abs)
            return asm_fail(err, errlen, "VOP3b '%s' has no abs bits", info->name);
        mid = (uint32_t)(in->sdst.code & 0x7f) << 8;
    } else {
        mid = abs << 8;
    }
    if (isa_op_has_op_sel((isa_op_t)in->op)) /* gfx9 op_sel [14:11] (valu9) */
        mid |= (uint32_t)(in->op_sel & 15) << 11;
    le_put32(out, 0xd0000000u | (uint32_t)op << 16 | (uint32_t)(in->clamp ? 1 : 0) << 15 | mid | (vdst & 0xff));
    le_put32(out + 4, neg << 29 | (uint32_t)(in->omod & 3) << 27 | src[2] << 18 | src[1] << 9 | src[0]);
    return 8;
}

/* The 32-bit VALU forms: VOP1, VOP2, VOPC (GCN3 manual 12.7). */
static unsigned encode_vop_e32(const isa_inst_t *in, isa_target_t t, uint16_t op, uint8_t *out, char *err,
                               size_t errlen)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    uint32_t src0 = in->nsrc ? in->src[0].code & 0x1ff : 0, vsrc1 = 0, vdst = 0;
    if (info->enc != ISA_ENC_VOP1 && in->nsrc >= 2) {
        /* src1 is the VGPR source after src0; madmk's K (the literal) stands between them. gfx9's
         * SDWA takes an SGPR or inline constant there too (its code, with S1 set). */
        isa_operand_t s1 = in->src[1].code == ISA_SRC_LITERAL && in->nsrc >= 3 ? in->src[2] : in->src[1];
        bool scalar9 = in->form == ISA_FORM_SDWA && isa_target_sdwa9(t) && s1.code < ISA_SRC_LITERAL;
        if (scalar9)
            vsrc1 = s1.code;
        else if (!vgpr_field(s1, &vsrc1))
            return asm_fail(err, errlen, "src1 of a 32-bit '%s' must be a VGPR", info->name);
    }
    if (present(in->vdst)) {
        if (!vgpr_field(in->vdst, &vdst))
            return asm_fail(err, errlen, "the destination of '%s' must be a VGPR", info->name);
    } else if (info->enc == ISA_ENC_VOP1 && present(in->sdst)) {
        vdst = in->sdst.code; /* v_readfirstlane_b32: an SGPR in the VGPR field */
    }
    uint32_t w;
    if (info->enc == ISA_ENC_VOP1)
        w = 0x7e000000u | vdst << 17 | (uint32_t)op << 9 | src0;
    else if (info->enc == ISA_ENC_VOP2)
        w = (uint32_t)op << 25 | vdst << 17 | vsrc1 << 9 | src0;
    else
        w = 0x7c000000u | (uint32_t)op << 17 | vsrc1 << 9 | src0;
    uint32_t ext;
    if (encode_vop_extension(in, t, &w, &ext)) {
        le_put32(out, w);
        le_put32(out + 4, ext);
        return 8;
    }
    le_put32(out, w);
    return 4;
}

/* The 8-bit scalar source field: SGPRs, special registers, constants, the literal; no VGPR. */
static bool ssrc_field(isa_operand_t o, uint32_t *f)
{
    if (!present(o) || o.code > 0xff)
        return false;
    *f = o.code;
    return true;
}

/* A branch's simm16: the target's distance in dwords from the next instruction (GCN3 manual 4.4);
 * false after a message when the target is not in the kernel or too far. */
static bool branch_imm(const isa_kernel_t *k, const isa_inst_t *in, uint32_t *imm, char *err, size_t errlen)
{
    const char *name = isa_ops[in->op].name;
    if (!k || in->target >= k->ninsts)
        return asm_fail(err, errlen, "the branch target of '%s' is not an instruction of its kernel", name), false;
    int64_t d = ((int64_t)k->insts[in->target].pc - (int64_t)in->pc - 4) / 4;
    if (d < -32768 || d > 32767)
        return asm_fail(err, errlen, "branch of '%s' too far for a 16-bit offset", name), false;
    *imm = (uint32_t)d & 0xffff;
    return true;
}

static unsigned encode_scalar(const isa_kernel_t *k, const isa_inst_t *in, uint16_t op, uint8_t *out, char *err,
                              size_t errlen)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    uint32_t sdst = present(in->sdst) ? in->sdst.code & 0x7f : 0, s0 = 0, s1 = 0;
    if (in->nsrc >= 1 && !ssrc_field(in->src[0], &s0))
        return asm_fail(err, errlen, "a source of '%s' does not fit the scalar source field", info->name);
    if (in->nsrc >= 2 && !ssrc_field(in->src[1], &s1))
        return asm_fail(err, errlen, "a source of '%s' does not fit the scalar source field", info->name);
    uint32_t w;
    switch (info->enc) {
    case ISA_ENC_SOP1:
        w = 0xbe800000u | sdst << 16 | (uint32_t)op << 8 | s0;
        break;
    case ISA_ENC_SOP2:
        w = 0x80000000u | (uint32_t)op << 23 | sdst << 16 | s1 << 8 | s0;
        break;
    case ISA_ENC_SOPC:
        if (strchr(isa_ops[in->op].sig, 'G')) /* s_set_gpr_idx_on: the mode bits in the SSRC1 field */
            s1 = (uint32_t)in->simm16 & 0xff;
        w = 0xbf000000u | (uint32_t)op << 16 | s1 << 8 | s0;
        break;
    case ISA_ENC_SOPK:
        /* s_cmpk_* and s_setreg_b32 read the register named by the SDST field. */
        if (!present(in->sdst) && in->nsrc >= 1 && s0 != ISA_SRC_LITERAL)
            sdst = s0 & 0x7f;
        if (has_sig(info, 'L')) { /* s_call_b64 (gfx9; valu9): a label in simm16, as a branch's */
            uint32_t imm;
            if (!branch_imm(k, in, &imm, err, errlen))
                return 0;
            w = 0xb0000000u | (uint32_t)op << 23 | sdst << 16 | imm;
            break;
        }
        w = 0xb0000000u | (uint32_t)op << 23 | sdst << 16 | ((uint32_t)in->simm16 & 0xffff);
        break;
    default: { /* SOPP */
        uint32_t imm = (uint32_t)in->simm16 & 0xffff;
        if (has_sig(info, 'L') && !branch_imm(k, in, &imm, err, errlen))
            return 0;
        w = 0xbf800000u | (uint32_t)op << 16 | imm;
        break;
    }
    }
    le_put32(out, w);
    return 4;
}

unsigned asm_encode_inst(const asm_opcode_map_t *m, const isa_kernel_t *k, const isa_inst_t *in, uint8_t *out,
                         char *err, size_t errlen)
{
    if (in->op >= ISA_NUM_OPS)
        return asm_fail(err, errlen, "invalid opcode %u", in->op);
    const isa_op_info_t *info = &isa_ops[in->op];
    isa_inst_t lowered;
    bool acc = false;
    if (!(info->flags & ISA_FL_MFMA) && asm_agpr_lower(in, &lowered, &acc)) { /* CDNA's AGPRs (asm_agpr.h) */
        unsigned n = asm_encode_inst(m, k, &lowered, out, err, errlen);
        uint64_t bit = asm_agpr_acc_bit((isa_op_t)in->op);
        for (unsigned b = 0; n && acc && b < 64; b++)
            if (bit >> b & 1)
                out[b / 8] |= (uint8_t)(1u << (b % 8));
        return n;
    }
    uint16_t op = m->native[in->op];
    if (isa_flat9_form((isa_op_t)in->op, k ? k->target : ISA_TARGET_GFX803)) {
        /* gfx9's FLAT word (asm_flat9.c); global_ and scratch_ share their flat_ relative's opcode */
        if (op == ASM_OPCODE_NONE)
            op = m->native[isa_flat_base_op((isa_op_t)in->op)];
        if (op == ASM_OPCODE_NONE)
            return asm_fail(err, errlen, "'%s' has no FLAT opcode in the opcode table", info->name);
        unsigned n = asm_flat9_encode(in, op, out, err, errlen);
        /* gfx940's scratch_ says that a VGPR holds the address in bit 13, SVE (cdnaisa) */
        if (n && isa_target_gfx940(m->target) && isa_flat_seg((isa_op_t)in->op) == ISA_SEG_SCRATCH &&
            isa_opnd_is_vgpr(in->src[0]))
            out[1] |= 0x20;
        if (n && n != in->size)
            return asm_fail(err, errlen, "'%s' encodes to %u bytes, but the assembler counted %u", info->name, n, in->size);
        return n;
    }
    if (op == ASM_OPCODE_NONE && !(in->e64 && m->vop3[in->op] != ASM_OPCODE_NONE))
        return asm_fail(err, errlen, "'%s' has no %s opcode in isa/isa_opcodes.def", info->name, isa_enc_name(info->enc));
    unsigned n;
    uint32_t a, b, c, d;
    switch (info->enc) {
    case ISA_ENC_SOP1: case ISA_ENC_SOP2: case ISA_ENC_SOPC: case ISA_ENC_SOPK: case ISA_ENC_SOPP:
        n = encode_scalar(k, in, op, out, err, errlen);
        break;
    case ISA_ENC_SMEM: {
        uint32_t smem_off_mask = m->target == ISA_TARGET_GFX803 ? 0xfffffu : 0x1fffffu; /* gfx9: 21 bits */
        /* 12.2 SMEM: sdata [12:6], sbase [5:0] (SGPR pair / 2), glc [16], imm [17]; then the
         * 20-bit byte offset (imm) or the SGPR holding it. */
        if (info->flags & (ISA_FL_STORE | ISA_FL_ATOMIC)) {
            /* s_store_*, s_buffer_store_*, gfx9's s_atomic_*: the data in the SDATA field, then the base and offset */
            if (in->nsrc < 2 || in->src[0].code >= ISA_NUM_SREGS || in->src[1].code >= ISA_NUM_SREGS)
                return asm_fail(err, errlen, "'%s' needs SGPR data and base", info->name);
            bool imm = !in->has_soffset_sgpr;
            le_put32(out, 0xc0000000u | (uint32_t)op << 18 | (uint32_t)imm << 17 | (uint32_t)(in->glc ? 1 : 0) << 16 |
                       (uint32_t)(in->src[0].code & 0x7f) << 6 | (uint32_t)(in->src[1].code >> 1));
            le_put32(out + 4, imm ? in->offset & smem_off_mask : in->src[2].code);
            n = 8;
            break;
        }
        if (in->nsrc == 0 && (!present(in->sdst) || strcmp(info->sig, "d2") == 0)) {
            /* s_memtime, s_memrealtime (a destination only), s_dcache_*: sbase, imm, offset are 0 */
            le_put32(out, 0xc0000000u | (uint32_t)op << 18 | (uint32_t)(in->glc ? 1 : 0) << 16 |
                       (uint32_t)(present(in->sdst) ? in->sdst.code & 0x7f : 0) << 6);
            le_put32(out + 4, 0);
            n = 8;
            break;
        }
        /* gfx9's s_dcache_discard*: a base and an offset, no data (SDATA 0) */
        bool nodata = info->sig[0] == 's';
        if ((!nodata && !present(in->sdst)) || in->nsrc < 1 || in->src[0].code >= ISA_NUM_SREGS)
            return asm_fail(err, errlen, "'%s' needs an SGPR destination and base", info->name);
        bool imm = !in->has_soffset_sgpr;
        le_put32(out, 0xc0000000u | (uint32_t)op << 18 | (uint32_t)imm << 17 | (uint32_t)(in->glc ? 1 : 0) << 16 |
                   (uint32_t)(nodata ? 0 : in->sdst.code & 0x7f) << 6 | (uint32_t)(in->src[0].code >> 1));
        le_put32(out + 4, imm ? in->offset & smem_off_mask : in->src[1].code);
        n = 8;
        break;
    }
    case ISA_ENC_VOP1: case ISA_ENC_VOP2: case ISA_ENC_VOPC:
        n = in->e64 ? encode_vop3(m, in, out, err, errlen) : encode_vop_e32(in, k ? k->target : ISA_TARGET_GFX803, op, out, err, errlen);
        break;
    case ISA_ENC_VOP3:
        n = encode_vop3(m, in, out, err, errlen);
        break;
    case ISA_ENC_DS:
        /* 12.8 DS: offset0 [7:0], offset1 [15:8] (one 16-bit offset unless read2/write2), gds [16]
         * (always 0: GDS is graphics-only here); addr, data0, data1, vdst bytes of the second word. */
        a = b = c = d = 0;
        /* ds_append/ds_consume (a destination only) and ds_nop have no address: its byte is 0. */
        if ((in->nsrc >= 1 && !vgpr_field(in->src[0], &a)) || (in->nsrc >= 2 && !vgpr_field(in->src[1], &b)) ||
            (in->nsrc >= 3 && !vgpr_field(in->src[2], &c)) || (present(in->vdst) && !vgpr_field(in->vdst, &d)))
            return asm_fail(err, errlen, "the operands of '%s' must be VGPRs", info->name);
        if (in->op == ISA_ds_write_addtid_b32) { /* gfx9: no address; its data in DATA0 */
            b = a;
            a = 0;
        }
        {
            uint32_t off = (info->flags & ISA_FL_DUAL) ? (uint32_t)in->offset0 | (uint32_t)in->offset1 << 8
                                                       : in->offset & 0xffff;
            le_put32(out, 0xd8000000u | (uint32_t)op << 17 | off);
        }
        le_put32(out + 4, d << 24 | c << 16 | b << 8 | a);
        n = 8;
        break;
    case ISA_ENC_FLAT:
        /* 12.11 FLAT: glc [16], slc [17]; addr, data, vdst bytes of the second word (tfe 0). */
        a = b = d = 0;
        if (in->nsrc < 1 || !vgpr_field(in->src[0], &a) || (in->nsrc >= 2 && !vgpr_field(in->src[1], &b)) ||
            (present(in->vdst) && !vgpr_field(in->vdst, &d)))
            return asm_fail(err, errlen, "the operands of '%s' must be VGPRs", info->name);
        asm_flat_words(out, op, in->glc, in->slc, 0, 0, a, b, 0, d); /* gfx8: no segment, offset or SADDR */
        n = 8;
        break;
    case ISA_ENC_MUBUF: case ISA_ENC_MTBUF:
        n = encode_buffer(in, op, out, err, errlen);
        break;
    case ISA_ENC_VOP3P: /* gfx9 (asm_vop3p.c); CDNA's matrix instructions (asm_mfma.c) */
        n = isa_op_mfma(in->op) ? asm_mfma_encode(in, op, m->target, out, err, errlen)
                                : asm_vop3p_encode(in, op, out, err, errlen);
        break;
    default:
        return asm_fail(err, errlen, "'%s': the %s encoding is not connected to the encoder yet", info->name,
                    isa_enc_name(info->enc));
    }
    if (n == 0)
        return 0;
    if (uses_literal(in)) {
        le_put32(out + n, in->literal);
        n += 4;
    }
    if (n != in->size)
        return asm_fail(err, errlen, "'%s' encodes to %u bytes, but the assembler counted %u", info->name, n, in->size);
    return n;
}

int asm_encode_kernel(const asm_opcode_map_t *m, const isa_kernel_t *k, uint8_t **code, char *err, size_t errlen)
{
    *code = malloc(k->code_bytes ? k->code_bytes : 1);
    if (!*code) {
        asm_fail(err, errlen, "out of memory");
        return 1;
    }
    for (uint32_t i = 0; i < k->ninsts; i++) {
        const isa_inst_t *in = &k->insts[i];
        uint8_t bytes[ASM_ENCODE_MAX];
        char why[160];
        unsigned n = asm_encode_inst(m, k, in, bytes, why, sizeof why);
        if (n == 0 || in->pc + n > k->code_bytes) {
            asm_fail(err, errlen, "instruction %u (line %u): %s", i, in->line, n ? "past the kernel's end" : why);
            free(*code);
            *code = NULL;
            return 1;
        }
        memcpy(*code + in->pc, bytes, n);
    }
    return 0;
}

int asm_print_encoding(const asm_opcode_map_t *m, const isa_kernel_t *k, FILE *out, char *err, size_t errlen)
{
    uint32_t l = 0; /* labels are in instruction order */
    for (uint32_t i = 0; i < k->ninsts; i++) {
        const isa_inst_t *in = &k->insts[i];
        uint8_t bytes[ASM_ENCODE_MAX];
        char why[160], text[256], hex[80];
        unsigned n = asm_encode_inst(m, k, in, bytes, why, sizeof why);
        if (!n) {
            asm_fail(err, errlen, "instruction %u (line %u): %s", i, in->line, why);
            return 1;
        }
        for (; l < k->nlabels && k->labels[l].index <= i; l++)
            if (k->labels[l].index == i)
                fprintf(out, "%s:\n", k->labels[l].name);
        isa_format_inst(k, in, text, sizeof text);
        asm_format_bytes(bytes, n, hex, sizeof hex);
        /* llvm-mc's layout: a tab, the instruction padded to 39 columns, " ; encoding: [...]". */
        fprintf(out, "\t%-39s ; encoding: %s\n", text, hex);
    }
    return 0;
}

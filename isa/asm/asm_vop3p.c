/* asm_vop3p: the VOP3P family (asm_vop3p.h). The rules are llvm-mc-15's for gfx900/gfx906, each
 * checked by tests/isa/vop3p_check.sh against it:
 *   - op_sel, op_sel_hi, neg_lo, neg_hi are written in that order, then clamp; a missing element
 *     of an array is 0, an element past an instruction's sources is ignored;
 *   - op_sel_hi defaults to all ones (every source's high half feeds the high result), except on
 *     the mix instructions, where it defaults to 0 (f32 sources); two-source instructions always
 *     encode op_sel_hi's third bit as 1, as LLVM does, and it is printed for the sources only;
 *   - the mix instructions take neg and abs as written (-|v1|), in the neg_lo and neg_hi bits,
 *     and no neg_lo:/neg_hi:; the others take neg_lo:/neg_hi: and never -v1;
 *   - every VOP3P instruction takes clamp, none an output modifier or a literal (gfx9 has no VOP3
 *     literal), and one SGPR at most (the constant bus).
 * Microcode (the Vega ISA manual, "VOP3P"): w0 = 0xD38 [31:23], OP [22:16], CLAMP [15],
 * OP_SEL_HI[2] [14], OP_SEL [13:11], NEG_HI [10:8], VDST [7:0]; w1 = NEG [31:29], OP_SEL_HI[1:0]
 * [28:27], SRC2 [26:18], SRC1 [17:9], SRC0 [8:0]. */
#include "asm/asm_vop3p.h"

#include "asm/asm_lex.h"
#include "asm/asm_operands.h"
#include "asm/asm_text.h"
#include "common/le.h"

#include <stdio.h>
#include <string.h>

enum { PK_OP_SEL, PK_OP_SEL_HI, PK_NEG_LO, PK_NEG_HI };
static const char *const pk_names[4] = { "op_sel", "op_sel_hi", "neg_lo", "neg_hi" };

static unsigned all_ones(unsigned nsrc)
{
    return (1u << nsrc) - 1;
}

/* The signature letter of source i (h, j or S). */
static char source_letter(isa_op_t op, unsigned i)
{
    const char *g = isa_ops[op].sig;
    for (unsigned k = 0; k <= i && g; k++) {
        g = strchr(g, ' ');
        g = g ? g + 1 : NULL;
    }
    return g ? *g : 'S';
}

/* The registers operand group g of the signature names (2 for gfx90a's packed f32 pairs "D2 S2";
 * cdnaisa), 1 for a group without a count. */
static uint8_t group_width(isa_op_t op, unsigned g)
{
    const char *p = isa_ops[op].sig;
    for (unsigned k = 0; k < g && p; k++) {
        p = strchr(p, ' ');
        p = p ? p + 1 : NULL;
    }
    if (!p)
        return 1;
    while (*p >= 'A' && *p <= 'z')
        p++;
    return *p >= '1' && *p <= '9' ? (uint8_t)(*p - '0') : 1;
}

/* The op_sel_hi an instruction gets when the text gives none. */
static uint8_t default_op_sel_hi(isa_op_t op)
{
    return isa_op_vop3p_mix(op) ? 0 : 7;
}

bool asm_vop3p_finish(asm_ctx_t *c, isa_op_t op, int suffix, uint32_t mcol, const asm_mods_t *m,
                      const asm_match_state_t *st, isa_inst_t *in)
{
    const char *name = isa_ops[op].name;
    unsigned n = isa_op_vop3p_nsrc(op), mask = all_ones(n);
    bool mix = isa_op_vop3p_mix(op);
    if (suffix == 32) {
        asm_error(c, mcol, "'%s' has only the 64-bit (VOP3P) encoding; remove the _e32 suffix", name);
        return false;
    }
    if (m->omod) {
        asm_error(c, m->col_omod, "output modifiers (mul:, div:) are not allowed on '%s' (VOP3P has none)", name);
        return false;
    }
    if (m->glc || m->slc || m->has_offset || m->has_offset0 || m->has_offset1 || m->ext.form) {
        asm_error(c, m->glc ? m->col_glc : m->slc ? m->col_slc : m->has_offset ? m->col_offset
                     : m->ext.form ? m->ext.col : m->col_offset01,
                  "this modifier is not valid on the VOP3P instruction '%s'", name);
        return false;
    }
    for (int k = PK_NEG_LO; mix && k <= PK_NEG_HI; k++)
        if (m->pk.given >> k & 1) {
            asm_error(c, m->pk.col[k], "'%s' takes neg and abs on its operands (-|v1|), not %s:", name, pk_names[k]);
            return false;
        }
    if (st->lit_used) {
        asm_error(c, st->lit_col, "literal constants are not allowed in '%s' (VOP3P has no literal on gfx9: use an "
                  "inline constant -16..64, +-0.5, +-1.0, +-2.0, +-4.0, 0.15915494, or a register)", name);
        return false;
    }
    /* Constant bus: one SGPR per VALU instruction on gfx9 (the same one twice counts once). */
    for (uint32_t k = 1; k < st->nbus; k++)
        if (st->bus_codes[k] != st->bus_codes[0] || st->bus_counts[k] != st->bus_counts[0]) {
            char a[32], b[32];
            asm_reg_text((uint16_t)st->bus_codes[0], (uint8_t)st->bus_counts[0], a, sizeof a);
            asm_reg_text((uint16_t)st->bus_codes[k], (uint8_t)st->bus_counts[k], b, sizeof b);
            asm_error(c, st->bus_cols[k], "constant bus limit: a VALU instruction may read only one SGPR on gfx9, "
                      "but this one reads %s and %s", a, b);
            return false;
        }
    in->op_sel = (uint8_t)(m->pk.bits[PK_OP_SEL] & mask);
    in->op_sel_hi = (m->pk.given >> PK_OP_SEL_HI & 1) ? (uint8_t)(m->pk.bits[PK_OP_SEL_HI] & mask)
                                                        : (uint8_t)(default_op_sel_hi(op) & mask);
    if (n == 2)
        in->op_sel_hi |= 4; /* unused, encoded 1 (LLVM) */
    if (n == 1)
        in->op_sel_hi |= 6; /* CDNA's v_accvgpr_read/write: the same */
    /* llvm-mc-15 encodes neg_lo/neg_hi of a 16-bit integer source only on src0: it accepts them on
     * the others and writes nothing (so does gcnsim; the semantics ignore them on integers anyway) */
    for (unsigned i = 0; !mix && i < n; i++) {
        if (i > 0 && source_letter(op, i) == 'j')
            continue;
        in->src[i].neg = (uint8_t)(m->pk.bits[PK_NEG_LO] >> i & 1);
        in->src[i].abs = (uint8_t)(m->pk.bits[PK_NEG_HI] >> i & 1);
    }
    in->clamp = m->clamp;
    in->e64 = 0;
    in->size = 8;
    return true;
}

unsigned asm_vop3p_encode(const isa_inst_t *in, uint16_t opcode, uint8_t *out, char *err, size_t errlen)
{
    const char *name = isa_ops[in->op].name;
    uint32_t src[3] = { 0, 0, 0 }, neg = 0, hi = 0;
    if (!isa_opnd_is_vgpr(in->vdst)) {
        snprintf(err, errlen, "the destination of '%s' must be a VGPR", name);
        return 0;
    }
    for (unsigned i = 0; i < in->nsrc && i < 3; i++) {
        if (in->src[i].code == ISA_SRC_LITERAL) {
            snprintf(err, errlen, "a literal is not encodable in VOP3P ('%s')", name);
            return 0;
        }
        src[i] = in->src[i].code & 0x1ff;
        neg |= (uint32_t)(in->src[i].neg ? 1 : 0) << i;
        hi |= (uint32_t)(in->src[i].abs ? 1 : 0) << i;
    }
    uint32_t w0 = 0xd3800000u | (uint32_t)(opcode & 0x7f) << 16 | (uint32_t)(in->clamp ? 1 : 0) << 15 |
                  (uint32_t)(in->op_sel_hi >> 2 & 1) << 14 | (uint32_t)(in->op_sel & 7) << 11 | hi << 8 |
                  (uint32_t)(in->vdst.code - ISA_VGPR_BASE);
    uint32_t w1 = neg << 29 | (uint32_t)(in->op_sel_hi & 3) << 27 | src[2] << 18 | src[1] << 9 | src[0];
    le_put32(out, w0);
    le_put32(out + 4, w1);
    return 8;
}

/* ---- decoding ---------------------------------------------------------------------------------- */

/* A source code the assembler can write in a VOP3P source field: SGPRs s0..s101, flat_scratch,
 * vcc, m0, exec, the inline constants, src_vccz/execz/scc, VGPRs. Not the literal (no VOP3P literal
 * on gfx9), trap registers, xnack_mask or reserved codes. */
static bool source_ok(uint16_t c)
{
    if (c <= ISA_REG_FLAT_SCRATCH_HI || c >= ISA_VGPR_BASE)
        return true;
    switch (c) {
    case ISA_REG_VCC_LO: case ISA_REG_VCC_HI: case ISA_REG_M0: case ISA_REG_EXEC_LO: case ISA_REG_EXEC_HI:
    case ISA_SRC_VCCZ: case ISA_SRC_EXECZ: case ISA_SRC_SCC:
        return true;
    default:
        return (c >= ISA_CONST_INT_ZERO && c <= 208) || (c >= ISA_CONST_F_HALF && c <= ISA_CONST_F_INV2PI);
    }
}

const char *asm_vop3p_decode(isa_op_t op, uint32_t w0, uint32_t w1, isa_inst_t *in)
{
    if ((unsigned)op >= ISA_NUM_OPS || isa_ops[op].enc != ISA_ENC_VOP3P)
        return "not a VOP3P instruction of this target that gcnsim knows";
    unsigned n = isa_op_vop3p_nsrc(op);
    uint8_t neg = (uint8_t)(w1 >> 29), hi = (uint8_t)((w0 >> 8) & 7);
    in->op = (uint16_t)op;
    in->clamp = (w0 >> 15) & 1;
    in->op_sel = (uint8_t)((w0 >> 11) & 7);
    in->op_sel_hi = (uint8_t)(((w0 >> 14) & 1) << 2 | ((w1 >> 27) & 3));
    in->vdst = (isa_operand_t){ (uint16_t)(ISA_VGPR_BASE + (w0 & 0xff)), group_width(op, 0), 0, 0 };
    if (n == 2) {
        /* LLVM reads a two-source word only with SRC2 0 and ignores OP_SEL_HI[2] (it writes 1) */
        if ((w1 >> 18) & 0x1ff)
            return "a two-source instruction with a third source";
        if ((in->op_sel | neg | hi) & 4)
            return "op_sel, neg_lo or neg_hi set for a third source the instruction does not have";
        in->op_sel_hi |= 4;
    }
    if (n == 1) { /* CDNA's v_accvgpr_read/write (agpr): one source, the others 0 */
        if ((w1 >> 9) & 0x3ffff)
            return "a one-source instruction with a second or third source";
        if ((in->op_sel | neg | hi) & 6)
            return "op_sel, neg_lo or neg_hi set for a source the instruction does not have";
        in->op_sel_hi |= 6;
    }
    for (unsigned i = 0; i < n; i++) {
        uint16_t c = (uint16_t)((w1 >> (9 * i)) & 0x1ff);
        if (!source_ok(c))
            return c == ISA_SRC_LITERAL ? "a literal, which VOP3P does not have on gfx9"
                                        : "a source that is not a register or constant gcnsim supports";
        if (i > 0 && source_letter(op, i) == 'j' && ((neg | hi) >> i & 1))
            return "neg_lo/neg_hi on a 16-bit integer source other than src0, which LLVM does not encode";
        uint8_t width = group_width(op, i + 1);
        if (width > 1 && !(c >= ISA_VGPR_BASE ? c - ISA_VGPR_BASE + width <= 256 : c >= ISA_NUM_SREGS || c % 2 == 0))
            return "a register pair that is not one (an odd SGPR or past v255)";
        in->src[i] = (isa_operand_t){ c, c < ISA_NUM_SREGS || c >= ISA_VGPR_BASE ? width : 1, (uint8_t)(neg >> i & 1),
                                      (uint8_t)(hi >> i & 1) };
    }
    in->nsrc = (uint8_t)n;
    in->size = 8;
    return NULL;
}

/* ---- printing ---------------------------------------------------------------------------------- */

/* Source i's text: a register, an integer constant, a float constant by name; on a 16-bit integer
 * source (j) llvm-mc prints a float constant as its f16 pattern (0x3c00). */
static void put_source(asm_out_t *o, const isa_inst_t *in, unsigned i, char group)
{
    static const uint16_t f16[] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118 };
    isa_operand_t s = in->src[i];
    bool mix = isa_op_vop3p_mix(in->op);
    char text[32];
    uint16_t c = s.code;
    if (c >= ISA_CONST_F_HALF && c <= ISA_CONST_F_INV2PI && group == 'j')
        snprintf(text, sizeof text, "0x%x", f16[c - ISA_CONST_F_HALF]);
    else
        asm_operand_text(c, s.count ? s.count : 1, text, sizeof text);
    bool int_const = c >= ISA_CONST_INT_ZERO && c <= 208;
    if (mix && s.neg && !s.abs && int_const) /* llvm-mc's spelling: -N would be the constant -N */
        asm_put(o, "neg(%s)", text);
    else if (mix)
        asm_put(o, "%s%s%s%s", s.neg ? "-" : "", s.abs ? "|" : "", text, s.abs ? "|" : "");
    else
        asm_put(o, "%s", text);
}

static void put_bits(asm_out_t *o, const char *name, unsigned bits, unsigned n)
{
    asm_put(o, " %s:[", name);
    for (unsigned i = 0; i < n; i++)
        asm_put(o, "%s%u", i ? "," : "", bits >> i & 1);
    asm_put(o, "]");
}

int asm_vop3p_format(const isa_inst_t *in, char *buf, size_t len)
{
    asm_out_t o = { buf, len, 0 };
    if (len)
        buf[0] = 0;
    isa_op_t op = (isa_op_t)in->op;
    unsigned n = isa_op_vop3p_nsrc(op), mask = all_ones(n);
    bool mix = isa_op_vop3p_mix(op);
    char vd[16];
    asm_reg_text(in->vdst.code, in->vdst.count ? in->vdst.count : 1, vd, sizeof vd);
    asm_put(&o, "%s %s", isa_ops[op].name, vd);
    for (unsigned i = 0; i < n && i < in->nsrc; i++) {
        asm_put(&o, ", ");
        put_source(&o, in, i, source_letter(op, i));
    }
    unsigned neg = 0, hi = 0;
    for (unsigned i = 0; i < n; i++) {
        neg |= (unsigned)(in->src[i].neg ? 1 : 0) << i;
        hi |= (unsigned)(in->src[i].abs ? 1 : 0) << i;
    }
    if (in->op_sel & mask)
        put_bits(&o, "op_sel", in->op_sel, n);
    if ((in->op_sel_hi & mask) != (default_op_sel_hi(op) & mask))
        put_bits(&o, "op_sel_hi", in->op_sel_hi, n);
    if (!mix && neg)
        put_bits(&o, "neg_lo", neg, n);
    if (!mix && hi)
        put_bits(&o, "neg_hi", hi, n);
    if (in->clamp)
        asm_put(&o, " clamp");
    return (int)o.pos;
}

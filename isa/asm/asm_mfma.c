/* asm_mfma: the matrix instructions (asm_mfma.h). The rules are llvm-mc's (llvm-mc-15 -mcpu=gfx908,
 * gfx90a; llvm-mc-19 -mcpu=gfx942), each checked by tests/unit/test_mfma.c and target-check:
 *   - D is a tuple of AGPRs on gfx908 (its VGPR form does not exist there), of VGPRs or AGPRs on
 *     gfx90a and later; A and B are VGPRs or AGPRs (acc bits), never SGPRs or constants; C is a
 *     tuple of D's kind, or on gfx90a+ an inline constant (no literal); v_smfmac's C is D, and its
 *     third operand the sparsity index, a VGPR;
 *   - gfx90a and later align every tuple to an even register ("vgpr tuples must be 64 bit aligned":
 *     the register parser's rule, agpr);
 *   - cbsz:N (0..7), abid:N (0..15) and blgp:N (0..7) follow the operands and are printed in that
 *     order when not 0; v_smfmac takes no blgp; gfx940's f64 MFMAs take neg:[a,b,c] in blgp's bits
 *     and no blgp; no clamp, op_sel, neg_lo/neg_hi or source modifiers.
 * Encoding: isa.h, "MFMA". */
#include "asm/asm_mfma.h"
#include "asm/asm_text.h"

#include "asm/asm_lex.h"
#include "asm/asm_operands.h"
#include "common/le.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool is_agpr(uint16_t code) { return code >= ISA_AGPR_BASE && code < ISA_AGPR_BASE + 256; }
static bool is_vgpr(uint16_t code) { return code >= ISA_VGPR_BASE && code < ISA_AGPR_BASE; }
static unsigned reg_index(uint16_t code) { return (unsigned)(code - (is_agpr(code) ? ISA_AGPR_BASE : ISA_VGPR_BASE)); }

/* An inline constant's code: the integers -16..64 and the float constants (isa.h). */
static bool inline_const(uint16_t c, bool f64)
{
    return (c >= ISA_CONST_INT_ZERO && c <= 208) || (c >= ISA_CONST_F_HALF && c < ISA_CONST_F_INV2PI) ||
           (c == ISA_CONST_F_INV2PI && !f64); /* llvm-mc takes no 1/(2*pi) for a 64-bit C */
}

static bool opnd_error(asm_ctx_t *c, uint32_t col, isa_op_t op, unsigned pos, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static bool opnd_error(asm_ctx_t *c, uint32_t col, isa_op_t op, unsigned pos, const char *fmt, ...)
{
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    asm_error(c, col, "operand %u of '%s' must be %s", pos, c->mnemonic[op], what);
    return false;
}

bool asm_mfma_operand(asm_ctx_t *c, isa_op_t op, const asm_sig_t *g, const asm_opnd_t *o, unsigned pos, isa_inst_t *in)
{
    /* A and B (B, B2, B4): a VGPR or AGPR tuple; the parser has checked its alignment. D and C are
     * agpr's kinds (Y, y: asm_match.c); asm_mfma_finish adds the MFMA's rules across them. */
    if (g->kind != SIG_MFMA_SRC)
        return false;
    if (o->kind != OPK_REG || !(is_vgpr(o->code) || is_agpr(o->code)) || o->count != g->width) {
        if (g->width == 1)
            return opnd_error(c, o->col, op, pos, "the source %c: a VGPR or an AGPR (vN, aN)", pos == 2 ? 'A' : 'B');
        return opnd_error(c, o->col, op, pos, "the source %c: %u VGPRs or AGPRs (v[a:b], a[a:b])", pos == 2 ? 'A' : 'B',
                          g->width);
    }
    in->src[in->nsrc++] = (isa_operand_t){ o->code, o->count, 0, 0 };
    return true;
}

bool asm_mfma_finish(asm_ctx_t *c, isa_op_t op, int suffix, uint32_t mcol, const asm_mods_t *m, isa_inst_t *in)
{
    const char *name = c->mnemonic[op];
    bool gfx940 = isa_target_gfx940(c->target), f64 = isa_op_mfma_f64(op), sparse = isa_op_smfmac(op);
    if (suffix) {
        asm_error(c, mcol, "'%s' has only the VOP3P-MAI encoding; remove the _e%d suffix", name, suffix);
        return false;
    }
    uint32_t bad = m->clamp ? m->col_clamp : m->omod ? m->col_omod : m->glc ? m->col_glc : m->slc ? m->col_slc
                 : m->has_offset ? m->col_offset : (m->has_offset0 || m->has_offset1) ? m->col_offset01
                 : m->ext.form ? m->ext.col : m->pk.given ? m->pk.col[__builtin_ctz(m->pk.given)] : 0;
    if (bad) {
        asm_error(c, bad, "this modifier is not valid on the matrix instruction '%s' (it takes cbsz:, abid:%s)", name,
                  sparse ? "" : gfx940 && f64 ? ", neg:[..]" : ", blgp:");
        return false;
    }
    if ((m->mf.given >> ASM_MF_BLGP & 1) && (sparse || (gfx940 && f64))) {
        asm_error(c, m->mf.col[ASM_MF_BLGP], "'%s' takes no blgp:%s", name,
                  sparse ? " (v_smfmac has no B lane-group pattern)" : " (gfx940's f64 MFMAs have neg:[..] there)");
        return false;
    }
    if ((m->mf.given >> ASM_MF_NEG & 1) && !(gfx940 && f64)) {
        asm_error(c, m->mf.col[ASM_MF_NEG], "neg:[..] is only valid on the f64 MFMAs of gfx940 (gfx942), not on '%s' "
                  "for %s", name, isa_target_name(c->target));
        return false;
    }
    if (in->nsrc != 3)
        return false;
    uint16_t cc = in->src[2].code;
    if (!sparse && cc < ISA_VGPR_BASE && !isa_target_gfx90a(c->target)) {
        asm_error(c, mcol, "inline constants are not allowed for the accumulator C of '%s' on gfx908 (an AGPR tuple "
                  "a[a:b])", name);
        return false;
    }
    if (!sparse && cc < ISA_VGPR_BASE && !inline_const(cc, f64)) {
        asm_error(c, mcol, "the accumulator C of '%s' takes an integer -16..64 or +-0.5, +-1.0, +-2.0, +-4.0%s", name,
                  f64 ? " (no 1/(2*pi) for f64)" : ", 0.15915494");
        return false;
    }
    if (sparse) {
        if (!is_vgpr(in->src[2].code)) {
            asm_error(c, mcol, "the sparsity index of '%s' (its fourth operand) must be a VGPR", name);
            return false;
        }
    } else if (in->src[2].code >= ISA_VGPR_BASE && is_agpr(in->src[2].code) != is_agpr(in->vdst.code)) {
        asm_error(c, mcol, "the accumulator C of '%s' must be of the destination's kind (%s)", name,
                  is_agpr(in->vdst.code) ? "AGPRs, a[a:b]" : "VGPRs, v[a:b]");
        return false;
    }
    in->cbsz = m->mf.val[ASM_MF_CBSZ];
    in->abid = m->mf.val[ASM_MF_ABID];
    in->blgp = m->mf.val[ASM_MF_BLGP];
    for (unsigned i = 0; i < 3; i++)
        in->src[i].neg = (uint8_t)(m->mf.val[ASM_MF_NEG] >> i & 1);
    in->e64 = 0;
    in->size = 8;
    return true;
}

unsigned asm_mfma_encode(const isa_inst_t *in, uint16_t opcode, isa_target_t t, uint8_t *out, char *err, size_t errlen)
{
    const char *name = isa_ops[in->op].name;
    bool gfx90a = isa_target_gfx90a(t);
    if (in->nsrc != 3 || !(is_vgpr(in->vdst.code) || is_agpr(in->vdst.code)) || (!gfx90a && !is_agpr(in->vdst.code))) {
        snprintf(err, errlen, "'%s' needs a %s destination and three sources", name, gfx90a ? "VGPR or AGPR" : "AGPR");
        return 0;
    }
    uint32_t field[3] = { 0, 0, 0 }, acc = 0, hi = 0;
    for (unsigned i = 0; i < 3; i++) {
        uint16_t c = in->src[i].code;
        if (is_vgpr(c) || is_agpr(c)) {
            field[i] = 256 + reg_index(c);
            if (i < 2)
                acc |= (uint32_t)is_agpr(c) << i;
        } else if (i == 2 && gfx90a && inline_const(c, isa_op_mfma_f64(in->op))) {
            field[i] = c;
        } else {
            snprintf(err, errlen, "source %u of '%s' is not encodable", i, name);
            return 0;
        }
        hi |= (uint32_t)(in->src[i].neg ? 1 : 0) << i;
    }
    bool f64neg = isa_target_gfx940(t) && isa_op_mfma_f64(in->op);
    uint32_t acc_cd = gfx90a && is_agpr(in->vdst.code);
    uint32_t w0 = 0xd3800000u | (uint32_t)(opcode & 0x7f) << 16 | acc_cd << 15 | (uint32_t)(in->abid & 15) << 11 |
                  (uint32_t)(in->cbsz & 7) << 8 | reg_index(in->vdst.code);
    uint32_t w1 = (f64neg ? hi : (uint32_t)(in->blgp & 7)) << 29 | acc << 27 | field[2] << 18 | field[1] << 9 | field[0];
    le_put32(out, w0);
    le_put32(out + 4, w1);
    return 8;
}

/* ---- decoding ---------------------------------------------------------------------------------- */

/* The register width of signature group g of op (X32 -> 32). */
static unsigned group_width(isa_op_t op, unsigned g)
{
    const char *p = isa_ops[op].sig;
    for (unsigned k = 0; k < g && p; k++) {
        p = strchr(p, ' ');
        p = p ? p + 1 : NULL;
    }
    unsigned w = 0;
    for (p = p ? p + 1 : NULL; p && *p >= '0' && *p <= '9'; p++)
        w = w * 10 + (unsigned)(*p - '0');
    return w ? w : 1;
}

/* A register tuple the decoder reads: in range, aligned on gfx90a+. */
static bool tuple_fits(unsigned idx, unsigned count, isa_target_t t)
{
    return idx + count <= 256 && !(isa_target_gfx90a(t) && count > 1 && idx % 2);
}

const char *asm_mfma_decode(isa_op_t op, isa_target_t t, uint32_t w0, uint32_t w1, isa_inst_t *in)
{
    if (!isa_op_mfma(op))
        return "not a matrix instruction of this target that gcnsim knows";
    bool gfx90a = isa_target_gfx90a(t), f64neg = isa_target_gfx940(t) && isa_op_mfma_f64(op), sparse = isa_op_smfmac(op);
    unsigned acc_cd = (w0 >> 15) & 1, acc = (w1 >> 27) & 3, top = w1 >> 29;
    if (!gfx90a && acc_cd)
        return "acc_cd set on gfx908, whose destination is always an AGPR tuple";
    bool dst_agpr = !gfx90a || acc_cd;
    unsigned wd = group_width(op, 0);
    if (!tuple_fits(w0 & 0xff, wd, t))
        return "a destination tuple out of range or not aligned";
    in->op = (uint16_t)op;
    in->vdst = (isa_operand_t){ (uint16_t)((dst_agpr ? ISA_AGPR_BASE : ISA_VGPR_BASE) + (w0 & 0xff)), (uint8_t)wd, 0, 0 };
    in->cbsz = (uint8_t)((w0 >> 8) & 7);
    in->abid = (uint8_t)((w0 >> 11) & 15);
    for (unsigned i = 0; i < 3; i++) {
        unsigned f = (w1 >> (9 * i)) & 0x1ff, w = group_width(op, i + 1);
        if (i < 2 || sparse) {
            bool a = i < 2 && (acc >> i & 1);
            if (f < 256 || !tuple_fits(f - 256, w, t))
                return i < 2 ? "an A or B source that is not a VGPR or AGPR tuple gcnsim can read"
                             : "a sparsity index that is not a VGPR";
            in->src[i] = (isa_operand_t){ (uint16_t)((a ? ISA_AGPR_BASE : ISA_VGPR_BASE) + f - 256), (uint8_t)w, 0, 0 };
        } else if (f >= 256) {
            if (!tuple_fits(f - 256, w, t))
                return "an accumulator tuple out of range or not aligned";
            in->src[i] = (isa_operand_t){ (uint16_t)((dst_agpr ? ISA_AGPR_BASE : ISA_VGPR_BASE) + f - 256), (uint8_t)w, 0, 0 };
        } else if (gfx90a && inline_const((uint16_t)f, isa_op_mfma_f64(op))) {
            in->src[i] = (isa_operand_t){ (uint16_t)f, 1, 0, 0 };
        } else {
            return "an accumulator that is neither a register tuple nor an inline constant the target takes";
        }
    }
    if (f64neg) {
        for (unsigned i = 0; i < 3; i++)
            in->src[i].neg = (uint8_t)(top >> i & 1);
    } else if (sparse && top) {
        return "blgp set on v_smfmac, which has none";
    } else {
        in->blgp = (uint8_t)top;
    }
    in->nsrc = 3;
    in->size = 8;
    return NULL;
}

/* ---- printing ---------------------------------------------------------------------------------- */

static void put_operand(asm_out_t *o, isa_operand_t s)
{
    char text[32];
    asm_operand_text(s.code, s.count ? s.count : 1, text, sizeof text);
    asm_put(o, "%s", text);
}

int asm_mfma_format(const isa_inst_t *in, isa_target_t t, char *buf, size_t len)
{
    asm_out_t o = { buf, len, 0 };
    if (len)
        buf[0] = 0;
    isa_op_t op = (isa_op_t)in->op;
    const char *mn = isa_op_mnemonic(op, t);
    asm_put(&o, "%s ", mn ? mn : isa_ops[op].name);
    put_operand(&o, in->vdst);
    for (unsigned i = 0; i < in->nsrc && i < 3; i++) {
        asm_put(&o, ", ");
        put_operand(&o, in->src[i]);
    }
    if (in->cbsz)
        asm_put(&o, " cbsz:%u", in->cbsz);
    if (in->abid)
        asm_put(&o, " abid:%u", in->abid);
    if (in->blgp)
        asm_put(&o, " blgp:%u", in->blgp);
    unsigned neg = 0;
    for (unsigned i = 0; i < 3; i++)
        neg |= (unsigned)(in->src[i].neg ? 1 : 0) << i;
    if (neg)
        asm_put(&o, " neg:[%u,%u,%u]", neg & 1, neg >> 1 & 1, neg >> 2 & 1);
    return (int)o.pos;
}

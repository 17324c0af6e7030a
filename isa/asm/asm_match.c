/* asm_match: the match of an instruction's operands against its table signature (asm_match.h):
 * operand kinds and widths, constants (encoded by asm_const), modifiers, and the instruction-level
 * rules of VALU encodings and the constant bus, with every gfx803 operand rule llvm-mc enforces. */
#include "asm/asm_match.h"

#include "asm/asm_const.h"
#include "asm/asm_lex.h"
#include "asm/asm_operands.h"
#include "asm/asm_sdwa_dpp.h"
#include "asm/asm_mfma.h"
#include "asm/asm_vop3p.h"

#include <inttypes.h>
#include <string.h>

/* ---- Matching --------------------------------------------------------------------------------- */

static const char *describe(const asm_sig_t *g, char *buf, size_t n)
{
    switch (g->kind) {
    case SIG_VDST: case SIG_VGPR: case SIG_RTN:
        if (g->width == 1)
            snprintf(buf, n, "a VGPR (vN)");
        else
            snprintf(buf, n, "a range of %u VGPRs (v[a:b])", g->width);
        break;
    case SIG_VSRC:
        snprintf(buf, n, g->width == 1 ? "a 32-bit VGPR, SGPR or constant" : "a 64-bit VGPR pair, SGPR pair or constant");
        break;
    case SIG_SDST:
        if (g->width == 1)
            snprintf(buf, n, "an SGPR or special register (sN, vcc_lo, m0, exec_lo...)");
        else
            snprintf(buf, n, "a range of %u SGPRs (s[a:b]%s)", g->width, g->width == 2 ? ", vcc, exec" : "");
        break;
    case SIG_SSRC:
        snprintf(buf, n, g->width == 1 ? "a 32-bit SGPR, special register or constant"
                                       : "a 64-bit SGPR pair, vcc, exec or constant");
        break;
    case SIG_MASK_DST: snprintf(buf, n, "a lane-mask destination (vcc or an SGPR pair)"); break;
    case SIG_MASK_SRC: snprintf(buf, n, "a lane mask (vcc or an SGPR pair)"); break;
    case SIG_ADDR: snprintf(buf, n, "a 64-bit address in a VGPR pair (v[a:a+1])"); break;
    case SIG_SMEM_OFF: snprintf(buf, n, "an unsigned 20-bit byte offset or an SGPR"); break;
    case SIG_IMM16: snprintf(buf, n, "a 16-bit integer"); break;
    case SIG_K32: snprintf(buf, n, "a 32-bit constant"); break;
    case SIG_HWREG: snprintf(buf, n, "hwreg(HW_REG_NAME, offset, size)"); break;
    case SIG_RSRC: snprintf(buf, n, "a buffer resource, four SGPRs s[4n:4n+3]"); break;
    case SIG_GPRIDX: snprintf(buf, n, "a VGPR index mode: gpr_idx(SRC0,SRC1,SRC2,DST) or 0..15"); break;
    case SIG_LABEL: snprintf(buf, n, "a label"); break;
    case SIG_ADST: case SIG_ASRC: /* CDNA (agpr) */
        if (g->width == 1)
            snprintf(buf, n, "an AGPR (aN)");
        else
            snprintf(buf, n, "a range of %u AGPRs (a[a:b])", g->width);
        break;
    case SIG_ACC_DST: case SIG_ACC_SRC:
        snprintf(buf, n, "%s %u AGPR%s%s", g->width == 1 ? "an AGPR or VGPR of" : "a range of", g->width,
                 g->width == 1 ? "" : "s or VGPRs", g->kind == SIG_ACC_SRC ? " or an inline constant" : "");
        break;
    default: snprintf(buf, n, "an operand"); break;
    }
    return buf;
}

static bool is_sreg_code(uint16_t code)
{
    return code < ISA_NUM_SREGS;
}

static bool is_vcc(const asm_opnd_t *o)
{
    return o->kind == OPK_REG && o->code == ISA_REG_VCC_LO && o->count == 2;
}

/* Operand-kind errors name the operand position and what was expected. */
static bool bad_operand(asm_ctx_t *c, const asm_opnd_t *o, unsigned pos, isa_op_t op, const asm_sig_t *g)
{
    char want[96];
    asm_error(c, o->col, "operand %u of '%s' must be %s", pos, c->mnemonic[op], describe(g, want, sizeof want));
    return false;
}


/* Record a scalar read (an SGPR or special register, or the literal) for the constant-bus rule. */
static void bus_read(asm_match_state_t *st, uint16_t code, uint8_t count, uint32_t col)
{
    if (st->nbus < sizeof st->bus_codes / sizeof st->bus_codes[0]) {
        st->bus_codes[st->nbus] = code;
        st->bus_counts[st->nbus] = count;
        st->bus_cols[st->nbus] = col;
        st->nbus++;
    }
}

static bool take_literal(asm_ctx_t *c, asm_match_state_t *st, uint32_t bits, uint32_t col)
{
    if (st->lit_used && (st->reloc || st->lit != bits)) {
        asm_error(c, col, "only one literal constant is allowed per instruction (already using 0x%x)", st->lit);
        return false;
    }
    st->lit_used = true;
    st->lit = bits;
    if (!st->lit_col)
        st->lit_col = col;
    return true;
}

/* Fill one source operand of the instruction from a register or constant. */
static bool put_source(asm_ctx_t *c, asm_match_state_t *st, isa_inst_t *in, const asm_opnd_t *o, const asm_sig_t *g)
{
    unsigned width = g->width;
    isa_operand_t *s = &in->src[in->nsrc++];
    if (o->kind == OPK_REG) {
        if (o->code < ISA_VGPR_BASE)
            bus_read(st, o->code, o->count, o->col);
        s->code = o->code;
        s->count = o->count;
        s->neg = o->neg;
        s->abs = o->abs;
        return true;
    }
    if (o->kind == OPK_RELOC) {
        /* A relocated literal: always a literal (whatever its value), filled by the link. */
        if (width != 1) {
            asm_error(c, o->col, "a relocation needs a 32-bit operand (this one is 64-bit)");
            return false;
        }
        if (st->lit_used) {
            asm_error(c, o->col, "only one literal constant is allowed per instruction (already using 0x%x)", st->lit);
            return false;
        }
        s->code = ISA_SRC_LITERAL;
        s->count = 1;
        st->lit_used = true;
        st->lit = 0;
        st->lit_col = o->col;
        st->reloc = o;
        bus_read(st, ISA_SRC_LITERAL, 1, o->col);
        return true;
    }
    uint32_t bits = 0;
    if (g->half ? !asm_const_code16(c, o, g->integer, &s->code, &bits) : !asm_const_code(c, o, width, &s->code, &bits))
        return false;
    s->count = 1;
    if (s->code == ISA_SRC_LITERAL) {
        if (!take_literal(c, st, bits, o->col))
            return false;
        bus_read(st, ISA_SRC_LITERAL, 1, o->col);
    }
    return true;
}

static bool reg_fits(const asm_opnd_t *o, bool vgpr, unsigned width)
{
    if (o->kind != OPK_REG || o->count != width)
        return false;
    return vgpr ? o->code >= ISA_VGPR_BASE && o->code < ISA_AGPR_BASE : o->code < ISA_VGPR_BASE;
}

/* CDNA (agpr): an AGPR operand of the given width. */
static bool agpr_fits(const asm_opnd_t *o, unsigned width)
{
    return o->kind == OPK_REG && o->count == width && o->code >= ISA_AGPR_BASE && o->code < ISA_AGPR_BASE + 256;
}

/* Whether operand o (signature kind g) may be an AGPR here: the AGPR kinds; on gfx90a and later the
 * data operands of DS (every VGPR operand but the address, the first source), as LLVM's AV operands.
 * An MFMA's result and accumulator take AGPRs on every CDNA target, VGPRs from gfx90a. */
static bool agpr_allowed(const asm_ctx_t *c, isa_op_t op, const asm_sig_t *g, const isa_inst_t *in)
{
    switch (g->kind) {
    case SIG_ADST: case SIG_ASRC: case SIG_ACC_DST: case SIG_ACC_SRC:
    case SIG_MFMA_SRC: /* an MFMA's A and B (mfma) */
        return true;
    case SIG_VDST: case SIG_RTN:
        return isa_target_gfx90a(c->target) && isa_ops[op].enc == ISA_ENC_DS;
    case SIG_VGPR:
        return isa_target_gfx90a(c->target) && isa_ops[op].enc == ISA_ENC_DS && in->nsrc > 0;
    default:
        return false;
    }
}

/* Operand o against signature group g (number gpos); pos numbers the operand in messages. */
static bool match_operand(asm_ctx_t *c, asm_match_state_t *st, isa_op_t op, const asm_sig_t *g, unsigned gpos,
                          const asm_opnd_t *o, unsigned pos, asm_pinst_t *pi)
{
    isa_inst_t *in = &pi->in;
    isa_enc_t enc = isa_ops[op].enc;
    bool mods = o->neg || o->abs;
    if (o->kind == OPK_OFF) {
        if (c->target == ISA_TARGET_GFX803)
            asm_error(c, o->col, "'off' is not a valid operand on gfx803 (it is gfx9 global/scratch syntax)");
        else
            asm_error(c, o->col, "'off' is not a valid operand of '%s' (only global/scratch addresses take it)",
                      c->mnemonic[op]);
        return false;
    }
    if (mods && g->kind != SIG_VSRC) {
        asm_error(c, o->col, "source modifiers are not allowed on operand %u of '%s'", pos, c->mnemonic[op]);
        return false;
    }
    if (o->kind == OPK_REG && o->code >= ISA_AGPR_BASE && !agpr_allowed(c, op, g, in)) { /* CDNA (agpr) */
        char want[96];
        if (isa_ops[op].enc == ISA_ENC_DS && !isa_target_gfx90a(c->target) && g->kind != SIG_VSRC)
            asm_error(c, o->col, "operand %u of '%s' cannot be an AGPR on %s (AGPR loads and stores need gfx90a or "
                      "later)", pos, c->mnemonic[op], isa_target_name(c->target));
        else
            asm_error(c, o->col, "operand %u of '%s' cannot be an AGPR: it must be %s", pos, c->mnemonic[op],
                      describe(g, want, sizeof want));
        return false;
    }
    switch (g->kind) {
    case SIG_ADST: case SIG_ACC_DST: /* CDNA (agpr) */
        if (!agpr_fits(o, g->width) && !(g->kind == SIG_ACC_DST && isa_target_gfx90a(c->target) &&
                                         reg_fits(o, true, g->width)))
            return bad_operand(c, o, pos, op, g);
        in->vdst = (isa_operand_t){ o->code, o->count, 0, 0 };
        return true;
    case SIG_ASRC:
        if (!agpr_fits(o, g->width))
            return bad_operand(c, o, pos, op, g);
        in->src[in->nsrc++] = (isa_operand_t){ o->code, o->count, 0, 0 };
        return true;
    case SIG_ACC_SRC: {
        if (o->kind == OPK_REG) {
            if (!agpr_fits(o, g->width) && !(isa_target_gfx90a(c->target) && reg_fits(o, true, g->width)))
                return bad_operand(c, o, pos, op, g);
            in->src[in->nsrc++] = (isa_operand_t){ o->code, o->count, 0, 0 };
            return true;
        }
        if (o->kind != OPK_INT && o->kind != OPK_FLOAT)
            return bad_operand(c, o, pos, op, g);
        asm_sig_t one = *g; /* an inline constant stands for every register of the accumulator */
        one.width = 1;
        if (!put_source(c, st, in, o, &one))
            return false;
        if (in->src[in->nsrc - 1].code == ISA_SRC_LITERAL) {
            asm_error(c, o->col, "operand %u of '%s' must be an inline constant, not a literal", pos, c->mnemonic[op]);
            return false;
        }
        return true;
    }
    case SIG_VDST:
    case SIG_RTN:
        if (!reg_fits(o, true, g->width) && !(agpr_allowed(c, op, g, in) && agpr_fits(o, g->width)))
            return bad_operand(c, o, pos, op, g);
        in->vdst = (isa_operand_t){ o->code, o->count, 0, 0 };
        return true;
    case SIG_VGPR:
    case SIG_ADDR:
        if (!reg_fits(o, true, g->width) && !(agpr_allowed(c, op, g, in) && agpr_fits(o, g->width)))
            return bad_operand(c, o, pos, op, g);
        in->src[in->nsrc++] = (isa_operand_t){ o->code, o->count, 0, 0 };
        return true;
    case SIG_VSRC: {
        if (o->kind == OPK_SYM || (o->kind == OPK_REG && o->count != g->width))
            return bad_operand(c, o, pos, op, g);
        /* Which sources take neg/abs: isa_op_src_mods, the rule the decoder applies too (v_cndmask_b32
         * takes them; LLVM folds fneg/fabs of the selected values into it). The SDWA and DPP forms
         * check their own sources again in asm_ext_finish. */
        unsigned allow = isa_op_src_mods(op, ISA_FORM_PLAIN, gpos);
        if (mods && !allow) {
            if (!(isa_ops[op].flags & ISA_FL_FLOAT) && op != ISA_v_cndmask_b32)
                asm_error(c, o->col, "source modifiers (neg, abs) are only allowed on floating-point instructions; "
                          "'%s' is not one", c->mnemonic[op]);
            else
                asm_error(c, o->col, "source modifiers (neg, abs) are not allowed on operand %u of '%s': it is an "
                          "integer", pos, c->mnemonic[op]);
            return false;
        }
        st->abs_refused |= o->abs && !(allow & ISA_MOD_ABS);
        if (o->kind == OPK_REG && mods && !st->mods_col)
            st->mods_col = o->col;
        unsigned idx = st->nvsrc++;
        if (!put_source(c, st, in, o, g))
            return false;
        uint16_t code = in->src[in->nsrc - 1].code;
        if (idx == 1 && (enc == ISA_ENC_VOP2 || enc == ISA_ENC_VOPC) && code < ISA_VGPR_BASE) {
            if (!st->src1_col)
                st->src1_col = o->col;
            if (code == ISA_SRC_LITERAL)
                st->lit_in_src1 = true;
        }
        return true;
    }
    case SIG_SDST:
        if (!reg_fits(o, false, g->width) || !is_sreg_code(o->code))
            return bad_operand(c, o, pos, op, g);
        in->sdst = (isa_operand_t){ o->code, o->count, 0, 0 };
        return true;
    case SIG_SSRC:
        if (o->kind == OPK_SYM || (o->kind == OPK_REG && (o->code >= ISA_VGPR_BASE || o->count != g->width)))
            return bad_operand(c, o, pos, op, g);
        if (o->kind != OPK_REG && (enc == ISA_ENC_SMEM || enc == ISA_ENC_SOPK)) {
            asm_error(c, o->col, "operand %u of '%s' must be an SGPR%s, not a constant", pos, c->mnemonic[op],
                      g->width == 2 ? " pair" : "");
            return false;
        }
        return put_source(c, st, in, o, g);
    case SIG_RSRC: /* s_buffer_load_*: the descriptor is read like an SMEM base */
        if (!reg_fits(o, false, 4) || !is_sreg_code(o->code) || o->code % 4 != 0)
            return bad_operand(c, o, pos, op, g);
        in->src[in->nsrc++] = (isa_operand_t){ o->code, 4, 0, 0 };
        return true;
    case SIG_MASK_DST:
    case SIG_MASK_SRC:
        if (!reg_fits(o, false, 2) || !is_sreg_code(o->code))
            return bad_operand(c, o, pos, op, g);
        if (!is_vcc(o) && !st->mask_col)
            st->mask_col = o->col;
        if (g->kind == SIG_MASK_DST)
            in->sdst = (isa_operand_t){ o->code, 2, 0, 0 };
        else {
            in->src[in->nsrc++] = (isa_operand_t){ o->code, 2, 0, 0 };
            bus_read(st, o->code, 2, o->col);
        }
        return true;
    case SIG_SMEM_OFF:
        if (o->kind == OPK_INT) {
            if (isa_smem_offset_signed(op, c->target)) { /* gfx9: signed 21 bits, kept as the field */
                if (o->ival < -0x100000 || o->ival > 0xfffff) {
                    asm_error(c, o->col, "SMEM offset %" PRId64 " is out of range (signed 21-bit on %s: -0x100000..0xfffff)",
                              o->ival, isa_target_name(c->target));
                    return false;
                }
                in->offset = (uint32_t)o->ival & 0x1fffffu;
                return true;
            }
            if (o->ival < 0 || o->ival > 0xfffff) {
                asm_error(c, o->col, "SMEM offset %" PRId64 " is out of range (unsigned 20-bit: 0..0xfffff)", o->ival);
                return false;
            }
            in->offset = (uint32_t)o->ival;
            return true;
        }
        if (o->kind != OPK_REG || o->count != 1 || !is_sreg_code(o->code))
            return bad_operand(c, o, pos, op, g);
        in->src[in->nsrc++] = (isa_operand_t){ o->code, 1, 0, 0 };
        in->has_soffset_sgpr = 1;
        return true;
    case SIG_IMM16: {
        if (o->kind != OPK_INT)
            return bad_operand(c, o, pos, op, g);
        bool sopk = enc == ISA_ENC_SOPK;
        if (o->ival < (sopk ? -32768 : 0) || o->ival > 65535) {
            asm_error(c, o->col, "immediate %" PRId64 " is out of range for '%s' (%s)", o->ival, c->mnemonic[op],
                      sopk ? "16 bits: -32768..65535" : "0..65535");
            return false;
        }
        /* SOPK immediates are stored sign-extended from 16 bits (the hardware's view). */
        in->simm16 = sopk ? (int32_t)(int16_t)(uint16_t)o->ival : (int32_t)o->ival;
        return true;
    }
    case SIG_HWREG:
        if (o->kind != OPK_INT || o->ival < 0 || o->ival > 0xffff)
            return bad_operand(c, o, pos, op, g);
        if (!isa_hwreg_name_on(isa_hwreg_id((int32_t)o->ival), c->target)) {
            asm_error(c, o->col, "hardware register %u does not exist on %s (HW_REG_MODE 1 .. HW_REG_IB_STS 7%s)",
                      isa_hwreg_id((int32_t)o->ival), isa_target_name(c->target),
                      c->target == ISA_TARGET_GFX803 ? "" : ", HW_REG_SH_MEM_BASES 15");
            return false;
        }
        in->simm16 = (int32_t)o->ival;
        return true;
    case SIG_GPRIDX:
        if (o->kind != OPK_INT)
            return bad_operand(c, o, pos, op, g);
        if (o->ival < 0 || o->ival > 15) {
            asm_error(c, o->col, "invalid VGPR index mode %" PRId64 " for '%s': only 4-bit values (0..15) are legal",
                      o->ival, c->mnemonic[op]);
            return false;
        }
        in->simm16 = (int32_t)o->ival;
        return true;
    case SIG_K32: {
        if (o->kind != OPK_INT && o->kind != OPK_FLOAT)
            return bad_operand(c, o, pos, op, g);
        uint16_t code;
        uint32_t bits = 0;
        bool ok = g->half ? asm_const_code16(c, o, false, &code, &bits) : asm_const_code(c, o, 1, &code, &bits);
        if (!ok || !take_literal(c, st, bits, o->col))
            return false;
        bus_read(st, ISA_SRC_LITERAL, 1, o->col);
        in->src[in->nsrc++] = (isa_operand_t){ ISA_SRC_LITERAL, 1, 0, 0 };
        return true;
    }
    case SIG_LABEL:
        /* A number, as llvm-objdump prints branches: the offset in dwords from the next
         * instruction, any 16-bit value (llvm-mc takes -32768..65535; 65535 is -1). */
        if (o->kind == OPK_INT && !o->neg && !o->abs) {
            if (o->ival < -32768 || o->ival > 65535) {
                asm_error(c, o->col, "expected a 16-bit signed jump offset (-32768 to 65535), or a label");
                return false;
            }
            pi->branch_num = true;
            pi->branch_off = (int16_t)(uint16_t)o->ival;
            pi->label_col = o->col;
            return true;
        }
        if (o->kind != OPK_SYM) {
            asm_error(c, o->col, "branch target must be a label name or a 16-bit offset in dwords");
            return false;
        }
        pi->label = o->sym;
        pi->label_len = o->symlen;
        pi->label_col = o->col;
        return true;
    case SIG_MFMA_SRC: /* an MFMA's A and B (asm_mfma.c) */
        return asm_mfma_operand(c, op, g, o, pos, in);
    default:
        return bad_operand(c, o, pos, op, g);
    }
}


/* ---- VALU rules ----------------------------------------------------------------------------- */

static void bus_text(uint16_t code, uint8_t count, uint32_t lit, char *buf, size_t n)
{
    if (code == ISA_SRC_LITERAL)
        snprintf(buf, n, "literal 0x%x", lit);
    else
        asm_reg_text(code, count, buf, n);
}

/* VALU rules after the operand walk: encoding selection (_e32/_e64 or the assembler's choice),
 * literals in VOP3 and src1, the constant bus. Sets in->e64. */
static bool valu_rules(asm_ctx_t *c, isa_op_t op, int suffix, uint32_t mcol, const asm_mods_t *m,
                       const asm_match_state_t *st, isa_inst_t *in)
{
    const isa_op_info_t *info = &isa_ops[op];
    bool has_k = strchr(info->sig, 'K') != NULL;
    if (info->enc == ISA_ENC_VOP3) {
        if (suffix == 32) {
            asm_error(c, mcol, "'%s' has only the 64-bit (VOP3) encoding; remove the _e32 suffix", c->mnemonic[op]);
            return false;
        }
        in->e64 = 1;
    } else {
        const char *why = NULL;
        uint32_t wcol = 0;
        if (st->mods_col) {
            why = "source modifiers (neg, abs)";
            wcol = st->mods_col;
        } else if (m->clamp) {
            why = "clamp";
            wcol = m->col_clamp;
        } else if (m->omod) {
            why = "an output modifier";
            wcol = m->col_omod;
        } else if (st->mask_col) {
            why = "a lane mask other than vcc";
            wcol = st->mask_col;
        } else if (st->src1_col) {
            why = st->lit_in_src1 ? NULL : "an SGPR or constant in src1";
            wcol = st->src1_col;
            if (!why) {
                asm_error(c, wcol, "a literal is not allowed in src1 of '%s' (only src0 of a 32-bit VOP1/VOP2/VOPC "
                          "instruction takes a literal, and VOP3 takes none on %s)", c->mnemonic[op],
                          isa_target_name(c->target));
                return false;
            }
        }
        if (why && suffix == 32) {
            asm_error(c, wcol, "%s needs the 64-bit encoding: use %s_e64", why, c->mnemonic[op]);
            return false;
        }
        if (!isa_op_has_e32_on(op, c->target)) { /* gfx90a reused its 32-bit opcode (cdnaisa) */
            if (suffix == 32) {
                asm_error(c, mcol, "'%s' has no 32-bit encoding on %s (its opcode went to another instruction); "
                          "remove the _e32 suffix", c->mnemonic[op], isa_target_name(c->target));
                return false;
            }
            why = "";
        }
        in->e64 = suffix == 64 || why != NULL;
        if (in->e64 && has_k) {
            asm_error(c, why ? wcol : mcol, "'%s' has no 64-bit encoding%s%s", c->mnemonic[op], why ? ", so it cannot take " : "",
                      why ? why : "");
            return false;
        }
    }
    if (in->e64 && st->lit_used) {
        asm_error(c, st->lit_col, "literal constants are not allowed in the 64-bit (VOP3) encoding on %s (use an "
                  "inline constant -16..64, +-0.5, +-1.0, +-2.0, +-4.0, 0.15915494, or move the value to a register)",
                  isa_target_name(c->target));
        return false;
    }
    /* Constant bus: one SGPR (the same one twice counts once) or literal per VALU instruction. */
    uint32_t first = 0;
    for (uint32_t k = 1; k < st->nbus; k++) {
        bool same = st->bus_codes[k] == st->bus_codes[first] && st->bus_counts[k] == st->bus_counts[first];
        if (!same) {
            char a[32], b[32];
            bus_text((uint16_t)st->bus_codes[first], (uint8_t)st->bus_counts[first], st->lit, a, sizeof a);
            bus_text((uint16_t)st->bus_codes[k], (uint8_t)st->bus_counts[k], st->lit, b, sizeof b);
            bool implicit = st->bus_codes[k] == ISA_REG_VCC_LO && !in->e64;
            bool vcc_in = st->bus_codes[first] == ISA_REG_VCC_LO && (info->flags & ISA_FL_VCC_IN);
            asm_error(c, st->bus_cols[k], "constant bus limit: a VALU instruction may read only one SGPR or literal "
                      "on %s, but this one reads %s and %s%s", isa_target_name(c->target), a, b,
                      vcc_in ? " (the implicit vcc it reads counts)"
                             : implicit ? " (the vcc of a 32-bit carry/select counts)" : "");
            return false;
        }
    }
    return true;
}

/* ---- The instruction ------------------------------------------------------------------------ */

static bool has_mask_dst(const asm_sig_list_t *sig)
{
    for (unsigned k = 0; k < sig->n; k++)
        if (sig->g[k].kind == SIG_MASK_DST)
            return true;
    return false;
}

/* Wrong operand count: explain the usual causes (gfx9 syntax, glc and returning atomics). */
static bool count_error(asm_ctx_t *c, isa_op_t op, uint32_t mcol, uint32_t nops, unsigned want, int rtn, int carry,
                        const asm_mods_t *m)
{
    const char *name = c->mnemonic[op];
    if (rtn >= 0 && !m->glc && nops == want + 1) {
        asm_error(c, mcol, "'%s' writes a destination only with glc: add glc, or remove the destination operand", name);
    } else if (rtn >= 0 && m->glc && nops + 1 == want) {
        asm_error(c, m->col_glc, "'%s' with glc returns the old value: give a destination VGPR as the first operand", name);
    } else if (carry >= 0 && nops + 1 == want) {
        bool cin = isa_ops[op].sig[strlen(isa_ops[op].sig) - 1] == 'c';
        if (c->target == ISA_TARGET_GFX803)
            asm_error(c, mcol, "'%s' without a carry-out is gfx9 syntax; gfx803 needs the carry-out operand: %s v0, vcc, "
                      "v1, v2%s", name, name, cin ? ", vcc" : "");
        else
            asm_error(c, mcol, "'%s' needs the carry-out operand: %s v0, vcc, v1, v2%s (the add without a carry-out is "
                      "v_add_u32 on %s)", name, name, cin ? ", vcc" : "", isa_target_name(c->target));
    } else {
        const char *sig = isa_ops[op].sig;
        asm_error(c, mcol, "'%s' takes %u operand%s (signature '%s', see docs/asm.md), got %u", name, want,
                  want == 1 ? "" : "s", sig, nops);
    }
    return false;
}

/* Instruction-level modifiers: where each is legal, then copy into the instruction. */
static bool apply_mods(asm_ctx_t *c, isa_op_t op, const asm_sig_list_t *sig, const asm_mods_t *m, isa_inst_t *in)
{
    const isa_op_info_t *info = &isa_ops[op];
    bool valu = info->unit == ISA_UNIT_VALU, fl = (info->flags & ISA_FL_FLOAT) != 0;
    bool dual = (info->flags & ISA_FL_DUAL) != 0;
    /* llvm-mc: no clamp on the class compares, no output modifier on the flr/rpi conversions. */
    bool cls = info->enc == ISA_ENC_VOPC && strchr(info->sig, 'I');
    bool no_omod = op == ISA_v_cvt_flr_i32_f32 || op == ISA_v_cvt_rpi_i32_f32 || op == ISA_v_frexp_exp_i32_f32 ||
                   op == ISA_v_cvt_pk_u8_f32 || op == ISA_v_cvt_pkaccum_u8_f32 ||
                   op == ISA_v_cvt_pknorm_i16_f32 || op == ISA_v_cvt_pknorm_u16_f32 ||
                   isa_op_has_op_sel(op); /* gfx9's op_sel instructions take clamp only */
    bool i24 = op == ISA_v_mul_i32_i24 || op == ISA_v_mul_u32_u24 || op == ISA_v_mad_i32_i24 || op == ISA_v_mad_u32_u24;
    bool sat = (info->flags & ISA_FL_SAT) != 0 || isa_op_int_clamp(op);
    if (m->clamp && (cls || !(valu && (fl || sat || i24 || (has_mask_dst(sig) && info->enc != ISA_ENC_VOPC))))) {
        asm_error(c, m->col_clamp, "'clamp' is not allowed on '%s' (only floating-point and carry-out VALU instructions)",
                  c->mnemonic[op]);
        return false;
    }
    if (m->omod && (no_omod || !(valu && fl && info->enc != ISA_ENC_VOPC))) {
        asm_error(c, m->col_omod, "output modifiers (mul:, div:) are not allowed on '%s' (only floating-point VALU "
                  "instructions other than compares)", c->mnemonic[op]);
        return false;
    }
    if (m->glc && info->enc != ISA_ENC_FLAT && info->enc != ISA_ENC_SMEM) {
        asm_error(c, m->col_glc, "'glc' is only valid on FLAT and SMEM instructions");
        return false;
    }
    if (m->slc && info->enc != ISA_ENC_FLAT) {
        asm_error(c, m->col_slc, "'slc' is only valid on FLAT instructions");
        return false;
    }
    if (m->has_offset && info->enc == ISA_ENC_FLAT) {
        if (c->target == ISA_TARGET_GFX803)
            asm_error(c, m->col_offset, "FLAT instructions have no offset on gfx803 (add it to the address)");
        else
            asm_error(c, m->col_offset, "gcnsim does not take FLAT offsets on %s yet (add it to the address)",
                      isa_target_name(c->target));
        return false;
    }
    if (m->has_offset && (info->enc != ISA_ENC_DS || dual)) {
        asm_error(c, m->col_offset, "'offset:' is only valid on DS instructions other than read2/write2%s",
                  dual ? " (use offset0:/offset1:)" : "");
        return false;
    }
    if (m->col_swizzle && op != ISA_ds_swizzle_b32) {
        asm_error(c, m->col_swizzle, "offset:swizzle(...) is only valid on ds_swizzle_b32 (give '%s' a number)", c->mnemonic[op]);
        return false;
    }
    if (m->has_offset && op == ISA_ds_nop) {
        asm_error(c, m->col_offset, "ds_nop takes no operands or offset");
        return false;
    }
    if ((m->has_offset0 || m->has_offset1) && !(info->enc == ISA_ENC_DS && dual)) {
        asm_error(c, m->col_offset01, "'offset0:'/'offset1:' are only valid on DS read2/write2 instructions");
        return false;
    }
    /* ---- gfx9 op_sel (valu9): on the instructions isa_op_has_op_sel names, one element per source
     * and one for the destination; the destination's is bit 3 of the field. ---- */
    if (m->pk.given == 1 && isa_op_has_op_sel(op)) {
        unsigned nsrc = sig->n - 1, bits = m->pk.bits[0];
        if (isa_op_sel_bytes(op)) { /* v_cvt_sr_*: the four bits as written (cdnaisa) */
            if (m->pk.n[0] != 4) {
                asm_error(c, m->pk.col[0], "op_sel of '%s' takes 4 elements (the last two pick the destination byte), "
                          "got %u", info->name, m->pk.n[0]);
                return false;
            }
            nsrc = 3; /* bits 0..2 as written, the fourth element bit 3 */
        }
        if (m->pk.n[0] != nsrc + 1) {
            asm_error(c, m->pk.col[0], "op_sel of '%s' takes %u elements (one for each of its %u sources, then the "
                      "destination), got %u", info->name, nsrc + 1, nsrc, m->pk.n[0]);
            return false;
        }
        in->op_sel = (uint8_t)((bits & ((1u << nsrc) - 1)) | ((bits >> nsrc) & 1u) << 3);
    }
    in->clamp = m->clamp;
    in->omod = m->omod;
    in->glc = m->glc;
    in->slc = m->slc;
    if (info->enc == ISA_ENC_DS) {
        in->offset = m->offset;
        in->offset0 = m->offset0;
        in->offset1 = m->offset1;
    }
    return true;
}

bool asm_match(asm_ctx_t *c, isa_op_t op, int suffix, uint32_t mcol, const asm_opnd_t *ops, uint32_t nops,
               const asm_mods_t *m, asm_pinst_t *pi)
{
    const isa_op_info_t *info = &isa_ops[op];
    const asm_sig_list_t *sig = &c->sigs[op];
    isa_inst_t *in = &pi->in;
    int rtn = -1, carry = -1;
    bool has_w = false;
    for (unsigned k = 0; k < sig->n; k++) {
        if (sig->g[k].kind == SIG_RTN)
            rtn = (int)k;
        if (sig->g[k].kind == SIG_WAITCNT)
            has_w = true;
        if (sig->g[k].kind == SIG_MASK_DST && k == 1 && info->enc == ISA_ENC_VOP2)
            carry = (int)k;
    }
    bool skip_rtn = rtn >= 0 && !m->glc;
    unsigned want = sig->n - (has_w ? 1u : 0u) - (skip_rtn ? 1u : 0u);
    /* s_endpgm takes an optional 16-bit immediate, as llvm-mc does (`s_endpgm 3`: SIMM16, which
     * the GCN3 manual leaves unused; kept so that the word is written back as read). */
    if (op == ISA_s_endpgm && nops == 1) {
        if (ops[0].kind != OPK_INT || ops[0].neg || ops[0].abs || ops[0].ival < 0 || ops[0].ival > 65535) {
            asm_error(c, ops[0].col, "expected a 16-bit value (0 to 65535) after s_endpgm");
            return false;
        }
        in->simm16 = (int32_t)ops[0].ival;
        want = 1;
    }
    if (nops != want)
        return count_error(c, op, mcol, nops, want, rtn, carry, m);
    isa_target_t tgt = c->target;
    int form = asm_ext_form(c, op, tgt, suffix, mcol, ops, nops, m);
    if (form < 0)
        return false;
    asm_match_state_t st;
    memset(&st, 0, sizeof st);
    /* An implicit VCC read (v_div_fmas) takes the constant bus first, like an SGPR operand, so that
     * an SGPR operand is the one reported. */
    if (info->flags & ISA_FL_VCC_IN)
        bus_read(&st, ISA_REG_VCC_LO, 2, mcol);
    uint32_t oi = 0;
    for (unsigned k = 0; k < sig->n; k++) {
        const asm_sig_t *g = &sig->g[k];
        if (g->kind == SIG_WAITCNT || (g->kind == SIG_RTN && skip_rtn))
            continue;
        if (!match_operand(c, &st, op, g, k, &ops[oi], oi + 1, pi))
            return false;
        oi++;
    }
    if (form != ISA_FORM_PLAIN) /* SDWA, DPP: their own rules (asm_sdwa_dpp.c) */
        return asm_ext_finish(c, op, tgt, form, mcol, ops, nops, m, &st, in);
    if (isa_op_mfma(op)) /* CDNA's matrix instructions: their own rules (asm_mfma.c) */
        return asm_mfma_finish(c, op, suffix, mcol, m, in);
    if (m->mf.given) {
        asm_error(c, m->mf.col[__builtin_ctz(m->mf.given)], "cbsz, abid, blgp and neg:[..] are controls of the "
                  "matrix instructions (v_mfma_*, v_smfmac_*); '%s' takes none", c->mnemonic[op]);
        return false;
    }
    if (info->enc == ISA_ENC_VOP3P) /* gfx9's packed math: its own rules (asm_vop3p.c) */
        return asm_vop3p_finish(c, op, suffix, mcol, m, &st, in);
    if (m->pk.given == 1 && !isa_op_has_op_sel(op) && info->unit == ISA_UNIT_VALU) { /* valu9 */
        asm_error(c, m->pk.col[0], "'op_sel' is not allowed on '%s': it is one of the VOP3P modifiers, and a VOP3 one "
                  "only on gfx9's 16-bit instructions that have it (docs/asm.md)", info->name);
        return false;
    }
    if (m->pk.given && !(isa_op_has_op_sel(op) && m->pk.given == 1)) { /* VOP3 op_sel: apply_mods (valu9) */
        asm_error(c, m->pk.col[__builtin_ctz(m->pk.given)], "op_sel, op_sel_hi, neg_lo and neg_hi are VOP3P modifiers "
                  "(gfx9 v_pk_*, v_mad_mix*, v_fma_mix*, v_dot*); '%s' takes none", info->name);
        return false;
    }
    if (!apply_mods(c, op, sig, m, in))
        return false;
    /* VOP3b (a VOP3 with a lane-mask destination) has no abs bits: llvm-mc rejects abs there. */
    if (st.abs_refused) {
        asm_error(c, mcol, "'%s' is a VOP3b instruction, which has no abs modifier (neg is allowed)", c->mnemonic[op]);
        return false;
    }

    if (st.lit_used)
        in->literal = st.lit;
    if (st.reloc)
        pi->reloc = (asm_reloc_ref_t){ st.reloc->sym, st.reloc->symlen, st.reloc->reloc, st.reloc->ival, st.reloc->col };
    if (info->unit == ISA_UNIT_VALU && !valu_rules(c, op, suffix, mcol, m, &st, in))
        return false;
    /* v_movreld_b32 reads M0 implicitly, which takes gfx8's one constant-bus read (llvm-mc): another
     * SGPR or a literal cannot come in, M0 itself can. */
    if (op == ISA_v_movreld_b32 && in->nsrc >= 1 &&
        ((isa_opnd_is_sreg(in->src[0]) && in->src[0].code != ISA_REG_M0) || in->src[0].code == ISA_SRC_LITERAL)) {
        asm_error(c, ops[0].col, "'%s' reads M0, so its source cannot also use the constant bus: a VGPR or an "
                  "inline constant", c->mnemonic[op]);
        return false;
    }
    if (in->e64 && info->enc == ISA_ENC_VOP1 && info->sig[0] == 'd') { /* v_readfirstlane_b32 */
        asm_error(c, mcol, "'%s' has no 64-bit encoding on %s", c->mnemonic[op], isa_target_name(c->target));
        return false;
    }
    if (suffix && info->unit != ISA_UNIT_VALU) {
        asm_error(c, mcol, "'_e%d' suffixes exist only on VALU instructions", suffix);
        return false;
    }
    switch (info->enc) {
    case ISA_ENC_VOP1: case ISA_ENC_VOP2: case ISA_ENC_VOPC:
        in->size = in->e64 ? 8 : 4;
        break;
    case ISA_ENC_VOP3: case ISA_ENC_SMEM: case ISA_ENC_FLAT: case ISA_ENC_DS:
        in->size = 8;
        break;
    default:
        in->size = 4;
        break;
    }
    if (st.lit_used)
        in->size += 4;
    return true;
}

/* asm_sdwa_dpp: the SDWA and DPP forms in the assembler and the listing (asm_sdwa_dpp.h). The
 * syntax and its rules are llvm-mc's for gfx803 and, for gfx9's SDWA, llvm-mc-15's for gfx900
 * (docs/asm.md, "SDWA and DPP"); the fields are the hardware's (isa.h, isa_inst_t). */
#include "asm/asm_sdwa_dpp.h"

#include "asm/asm_lex.h"
#include "asm/asm_text.h"

#include <inttypes.h>
#include <string.h>

/* The controls in the only order llvm-mc takes them: a rank each (SDWA 1..4, DPP 8..11). */
enum { R_DST_SEL = 1, R_DST_UNUSED, R_SRC0_SEL, R_SRC1_SEL, R_DPP_CTRL = 8, R_ROW_MASK, R_BANK_MASK, R_BOUND_CTRL };

static const char *const sel_names[] = { "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD" };
static const char *const unused_names[] = { "UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE" };

static const char *rank_name(unsigned r)
{
    switch (r) {
    case R_DST_SEL: return "dst_sel";
    case R_DST_UNUSED: return "dst_unused";
    case R_SRC0_SEL: return "src0_sel";
    case R_SRC1_SEL: return "src1_sel";
    case R_DPP_CTRL: return "the DPP control";
    case R_ROW_MASK: return "row_mask";
    case R_BANK_MASK: return "bank_mask";
    default: return "bound_ctrl";
    }
}

static bool expect_colon(asm_ctx_t *c, uint32_t *i, const asm_tok_t *t)
{
    if (!asm_tok_punct(&c->tok[*i + 1], ':')) {
        asm_error(c, t->col, "expected ':' after '%.*s'", (int)t->len, t->p);
        return false;
    }
    *i += 2;
    return true;
}

/* name:IDENT from a list; *i at the name. */
static bool parse_name(asm_ctx_t *c, uint32_t *i, const char *const *names, unsigned n, uint8_t *out)
{
    const asm_tok_t *t = &c->tok[*i];
    if (!expect_colon(c, i, t))
        return false;
    const asm_tok_t *v = &c->tok[*i];
    for (unsigned k = 0; v->kind == TK_IDENT && k < n; k++)
        if (asm_tok_is(v, names[k])) {
            *out = (uint8_t)k;
            (*i)++;
            return true;
        }
    asm_error(c, v->col, "invalid %.*s value '%.*s' (%s)", (int)t->len, t->p, (int)v->len, v->p,
              n == 3 ? "UNUSED_PAD, UNUSED_SEXT or UNUSED_PRESERVE" : "BYTE_0..BYTE_3, WORD_0, WORD_1 or DWORD");
    return false;
}

/* An integer (optionally negative when `neg_ok`) at *i. */
static bool parse_int(asm_ctx_t *c, uint32_t *i, bool neg_ok, int64_t *v)
{
    const asm_tok_t *n = &c->tok[*i];
    bool neg = asm_tok_punct(n, '-') && neg_ok;
    if (neg)
        n = &c->tok[++*i];
    if (n->kind != TK_INT || n->overflow || n->ival > 0xffffffffu) {
        asm_error(c, n->col, "expected an integer");
        return false;
    }
    *v = neg ? -(int64_t)n->ival : (int64_t)n->ival;
    (*i)++;
    return true;
}

/* quad_perm:[a,b,c,d], each 0..3: lane i of a quad reads lane a/b/c/d (2 bits each, a lowest). */
static bool parse_quad_perm(asm_ctx_t *c, uint32_t *i, uint16_t *ctrl)
{
    if (!asm_tok_punct(&c->tok[*i], '[')) {
        asm_error(c, c->tok[*i].col, "expected '[' after quad_perm:");
        return false;
    }
    (*i)++;
    uint16_t q = 0;
    for (unsigned k = 0; k < 4; k++) {
        int64_t v;
        uint32_t col = c->tok[*i].col;
        if (!parse_int(c, i, false, &v))
            return false;
        if (v > 3) {
            asm_error(c, col, "quad_perm selects a lane of the quad: 0..3");
            return false;
        }
        q |= (uint16_t)(v << (2 * k));
        if (!asm_tok_punct(&c->tok[*i], k == 3 ? ']' : ',')) {
            asm_error(c, c->tok[*i].col, "expected '%c' in quad_perm:[a,b,c,d]", k == 3 ? ']' : ',');
            return false;
        }
        (*i)++;
    }
    *ctrl = q;
    return true;
}

/* A DPP control at *i: sets *ctrl. */
static bool parse_dpp_ctrl(asm_ctx_t *c, uint32_t *i, uint16_t *ctrl)
{
    const asm_tok_t *t = &c->tok[*i];
    if (asm_tok_is(t, "row_mirror") || asm_tok_is(t, "row_half_mirror")) {
        *ctrl = asm_tok_is(t, "row_mirror") ? ISA_DPP_ROW_MIRROR : ISA_DPP_ROW_HALF_MIRROR;
        (*i)++;
        return true;
    }
    if (!expect_colon(c, i, t))
        return false;
    if (asm_tok_is(t, "quad_perm"))
        return parse_quad_perm(c, i, ctrl);
    uint32_t col = c->tok[*i].col;
    int64_t v;
    if (!parse_int(c, i, false, &v))
        return false;
    static const struct { const char *name; uint16_t base; } shifts[] = {
        { "row_shl", ISA_DPP_ROW_SHL }, { "row_shr", ISA_DPP_ROW_SHR }, { "row_ror", ISA_DPP_ROW_ROR },
        { "wave_shl", ISA_DPP_WAVE_SHL1 }, { "wave_rol", ISA_DPP_WAVE_ROL1 }, { "wave_shr", ISA_DPP_WAVE_SHR1 },
        { "wave_ror", ISA_DPP_WAVE_ROR1 }
    };
    for (unsigned k = 0; k < sizeof shifts / sizeof shifts[0]; k++) {
        if (!asm_tok_is(t, shifts[k].name))
            continue;
        bool row = k < 3;
        if (row ? (v < 1 || v > 15) : v != 1) {
            asm_error(c, col, "invalid %s value %" PRId64 " (%s)", shifts[k].name, v, row ? "1..15" : "only 1");
            return false;
        }
        *ctrl = (uint16_t)(row ? shifts[k].base + v : shifts[k].base);
        return true;
    }
    /* row_bcast */
    if (v != 15 && v != 31) {
        asm_error(c, col, "invalid row_bcast value %" PRId64 " (15 or 31)", v);
        return false;
    }
    *ctrl = v == 15 ? ISA_DPP_ROW_BCAST15 : ISA_DPP_ROW_BCAST31;
    return true;
}

static unsigned control_rank(const asm_tok_t *t)
{
    if (asm_tok_is(t, "dst_sel")) return R_DST_SEL;
    if (asm_tok_is(t, "dst_unused")) return R_DST_UNUSED;
    if (asm_tok_is(t, "src0_sel")) return R_SRC0_SEL;
    if (asm_tok_is(t, "src1_sel")) return R_SRC1_SEL;
    if (asm_tok_is(t, "row_mask")) return R_ROW_MASK;
    if (asm_tok_is(t, "bank_mask")) return R_BANK_MASK;
    if (asm_tok_is(t, "bound_ctrl")) return R_BOUND_CTRL;
    return asm_ext_control_name(t) ? R_DPP_CTRL : 0;
}

bool asm_ext_parse(asm_ctx_t *c, uint32_t *i, asm_mods_t *m)
{
    while (c->tok[*i].kind != TK_END) {
        const asm_tok_t *t = &c->tok[*i];
        unsigned r = t->kind == TK_IDENT ? control_rank(t) : 0;
        if (!r) {
            if (asm_tok_is(t, "clamp") && m->ext.form == ISA_FORM_SDWA)
                asm_error(c, t->col, "'clamp' must come before the SDWA selectors (dst_sel:, ...)");
            else
                asm_error(c, t->col, "unexpected '%.*s' after the %s controls", (int)t->len, t->p,
                          m->ext.form == ISA_FORM_DPP ? "DPP" : "SDWA");
            return false;
        }
        uint8_t form = r < R_DPP_CTRL ? ISA_FORM_SDWA : ISA_FORM_DPP;
        if (m->ext.form && m->ext.form != form) {
            asm_error(c, t->col, "SDWA controls (dst_sel:, src0_sel:...) and DPP controls (quad_perm:, row_mask:...) "
                      "cannot be mixed");
            return false;
        }
        if (m->ext.seen & (1u << r)) {
            asm_error(c, t->col, "duplicate %s", r == R_DPP_CTRL ? "DPP control" : rank_name(r));
            return false;
        }
        if (r < m->ext.last) {
            asm_error(c, t->col, "'%.*s' must come before %s (llvm-mc takes %s)", (int)t->len, t->p,
                      rank_name(m->ext.last),
                      form == ISA_FORM_SDWA ? "clamp dst_sel dst_unused src0_sel src1_sel in this order"
                                            : "the control, then row_mask, bank_mask, bound_ctrl in this order");
            return false;
        }
        if (form == ISA_FORM_DPP && r != R_DPP_CTRL && !(m->ext.seen & (1u << R_DPP_CTRL))) {
            asm_error(c, t->col, "the DPP control (quad_perm:[...], row_shl:N, row_bcast:15, ...) must come first");
            return false;
        }
        if (!m->ext.form)
            m->ext.col = t->col;
        m->ext.form = form;
        m->ext.last = (uint8_t)r;
        m->ext.seen |= (uint16_t)(1u << r);
        int64_t v;
        bool ok = true;
        switch (r) {
        case R_DST_SEL: ok = parse_name(c, i, sel_names, 7, &m->ext.dst_sel); break;
        case R_DST_UNUSED: ok = parse_name(c, i, unused_names, 3, &m->ext.dst_unused); break;
        case R_SRC0_SEL: ok = parse_name(c, i, sel_names, 7, &m->ext.src_sel[0]); break;
        case R_SRC1_SEL: ok = parse_name(c, i, sel_names, 7, &m->ext.src_sel[1]); break;
        case R_DPP_CTRL: ok = parse_dpp_ctrl(c, i, &m->ext.dpp_ctrl); break;
        case R_ROW_MASK:
        case R_BANK_MASK:
            /* llvm-mc keeps the low 4 bits of any value (row_mask:-1 is 0xf, 0x10 is 0). */
            ok = expect_colon(c, i, t) && parse_int(c, i, true, &v);
            if (ok)
                *(r == R_ROW_MASK ? &m->ext.row_mask : &m->ext.bank_mask) = (uint8_t)(v & 0xf);
            break;
        default: {
            uint32_t col = (uint32_t)-1;
            ok = expect_colon(c, i, t);
            if (ok) {
                col = c->tok[*i].col;
                ok = parse_int(c, i, false, &v);
            }
            /* bound_ctrl:0 and bound_ctrl:1 both set the bit on gfx8 (LLVM keeps the historical
             * spelling bound_ctrl:0 for compatibility with AMD's assembler). */
            if (ok && v > 1) {
                asm_error(c, col, "invalid bound_ctrl value %" PRId64 " (0 or 1, both set the bit)", v);
                ok = false;
            }
            m->ext.bound_ctrl = 1;
            break;
        }
        }
        if (!ok)
            return false;
    }
    return true;
}

int asm_ext_form(asm_ctx_t *c, isa_op_t op, isa_target_t t, int suffix, uint32_t mcol, const asm_opnd_t *ops,
                 uint32_t nops, const asm_mods_t *m)
{
    static const char *const fname[] = { "", "SDWA", "DPP" };
    int f = suffix == ASM_SUFFIX_SDWA ? ISA_FORM_SDWA : suffix == ASM_SUFFIX_DPP ? ISA_FORM_DPP : ISA_FORM_PLAIN;
    bool e = suffix == 32 || suffix == 64;
    if (m->ext.form) {
        if (e || (f && f != m->ext.form)) {
            asm_error(c, m->ext.col, "%s controls need the %s form: write %s%s", fname[m->ext.form], fname[m->ext.form],
                      c->mnemonic[op], m->ext.form == ISA_FORM_SDWA ? "_sdwa" : "_dpp");
            return -1;
        }
        f = m->ext.form;
    }
    /* Without a suffix, llvm-mc takes the SDWA form when only it allows a clamp (integer ops). */
    const isa_op_info_t *inf = &isa_ops[op];
    bool carry = strchr(inf->sig, 'C') && inf->enc != ISA_ENC_VOPC;
    bool cls = inf->enc == ISA_ENC_VOPC && strchr(inf->sig, 'I');
    if (!f && !suffix && m->clamp && (cls || !((inf->flags & ISA_FL_FLOAT) || carry)) &&
        isa_op_has_form_on(op, ISA_FORM_SDWA, t))
        f = ISA_FORM_SDWA;
    for (uint32_t k = 0; k < nops && f != ISA_FORM_DPP; k++)
        if (ops[k].sext) {
            if (e) {
                asm_error(c, ops[k].col, "sext() exists only in the SDWA form: write %s_sdwa", c->mnemonic[op]);
                return -1;
            }
            f = ISA_FORM_SDWA;
        }
    if (f != ISA_FORM_PLAIN && !isa_op_has_form_on(op, f, t)) {
        const isa_op_info_t *info = &isa_ops[op];
        const char *why = !isa_enc_has_e32(info->enc) ? "only VOP1, VOP2 and VOPC instructions have them"
                        : info->enc == ISA_ENC_VOPC && f == ISA_FORM_DPP ? "gfx8 and gfx9 compares have no DPP form"
                        : isa_op_has_form(op, f) ? "gfx9 has no SDWA form of the accumulating v_mac/v_fmac"
                        : "only 32-bit operands, no constant K and no scalar destination";
        asm_error(c, mcol, "'%s' has no %s form on %s (%s)", c->mnemonic[op], fname[f], isa_target_name(t), why);
        return -1;
    }
    return f;
}

/* gfx9's SDWA (sdwa9): SGPR and inline-constant sources, no literal, the constant bus (one scalar
 * value: an SGPR, or the vcc a carry or select reads), a compare's SGPR-pair destination, the output
 * modifier on floating-point results, no clamp on compares. Rules as llvm-mc-15 -mcpu=gfx900 has
 * them (docs/asm.md, "SDWA on gfx9"). */
static bool finish_sdwa9(asm_ctx_t *c, isa_op_t op, const asm_opnd_t *ops, uint32_t nops, const asm_mods_t *m,
                         const asm_match_state_t *st, const isa_inst_t *in)
{
    const isa_op_info_t *info = &isa_ops[op];
    for (unsigned k = 0; k < in->nsrc && k < 2; k++)
        if (in->src[k].code == ISA_SRC_LITERAL) {
            uint32_t col = st->lit_col;
            for (uint32_t g = 0; g < nops; g++)
                if (ops[g].kind != OPK_REG && ops[g].col == st->lit_col)
                    col = ops[g].col;
            asm_error(c, col, "the SDWA form takes no literal constant (an inline constant -16..64, +-0.5, +-1.0, "
                      "+-2.0, +-4.0, 0.15915494, an SGPR or a VGPR)");
            return false;
        }
    for (uint32_t k = 1; k < st->nbus; k++)
        if (st->bus_codes[k] != st->bus_codes[0] || st->bus_counts[k] != st->bus_counts[0]) {
            asm_error(c, st->bus_cols[k], "constant bus limit: an SDWA instruction reads at most one SGPR on gfx9%s",
                      st->bus_codes[k] == ISA_REG_VCC_LO || st->bus_codes[0] == ISA_REG_VCC_LO
                          ? " (the vcc of a carry or select counts)" : "");
            return false;
        }
    if (st->mask_col && info->enc != ISA_ENC_VOPC) {
        asm_error(c, st->mask_col, "the SDWA form on gfx9 writes and reads the lane mask of '%s' in vcc only "
                  "(a compare may write an SGPR pair)", c->mnemonic[op]);
        return false;
    }
    if (m->omod && !isa_op_sdwa_omod(op)) {
        asm_error(c, m->col_omod, "output modifiers (mul:, div:) in the SDWA form need a floating-point result; "
                  "'%s' has none", c->mnemonic[op]);
        return false;
    }
    if (m->clamp && info->enc == ISA_ENC_VOPC) {
        asm_error(c, m->col_clamp, "'clamp' does not exist in the SDWA form of a compare on gfx9");
        return false;
    }
    return true;
}

bool asm_ext_finish(asm_ctx_t *c, isa_op_t op, isa_target_t t, int form, uint32_t mcol, const asm_opnd_t *ops,
                    uint32_t nops, const asm_mods_t *m, const asm_match_state_t *st, isa_inst_t *in)
{
    const isa_op_info_t *info = &isa_ops[op];
    const char *fn = form == ISA_FORM_SDWA ? "SDWA" : "DPP";
    bool sdwa9 = form == ISA_FORM_SDWA && isa_target_sdwa9(t);
    if (sdwa9 && !finish_sdwa9(c, op, ops, nops, m, st, in))
        return false;
    asm_sig_list_t sig;
    if (!asm_sig_parse(info->sig, &sig))
        return false;
    unsigned k = 0;
    for (unsigned g = 0; g < sig.n && g < nops; g++) {
        const asm_opnd_t *o = &ops[g];
        if (sig.g[g].kind != SIG_VSRC) {
            if (o->sext) {
                asm_error(c, o->col, "sext() applies to sources only");
                return false;
            }
            continue;
        }
        if (!sdwa9 && (o->kind != OPK_REG || o->code < ISA_VGPR_BASE)) {
            asm_error(c, o->col, "the %s form takes only VGPRs as sources on %s (no SGPR, constant or literal)", fn,
                      isa_target_name(t));
            return false;
        }
        bool fl = isa_op_src_float(op, k);
        if (o->sext && (form != ISA_FORM_SDWA || fl)) {
            asm_error(c, o->col, "sext() applies to integer sources in the SDWA form only; source %u of '%s' %s", k,
                      c->mnemonic[op], fl ? "is a float (use neg/abs)" : "is in a DPP instruction");
            return false;
        }
        if ((o->neg || o->abs) && (!fl || op == ISA_v_cndmask_b32)) {
            /* v_cndmask_b32: llvm-mc 14 encodes SDWA neg as the sext bit and drops abs, so only
             * sext() is accepted here; its DPP form takes no modifier. */
            asm_error(c, o->col, "neg/abs apply to float sources only in the %s form; source %u of '%s' is an integer%s",
                      fn, k, c->mnemonic[op], form == ISA_FORM_SDWA ? " (use sext())" : "");
            return false;
        }
        in->src_sext[k < 2 ? k : 1] = o->sext;
        k++;
    }
    if (st->mask_col && !sdwa9) {
        asm_error(c, st->mask_col, "the %s form on %s writes and reads the lane mask in vcc only", fn, isa_target_name(t));
        return false;
    }
    if (m->omod && !sdwa9) {
        asm_error(c, m->col_omod, "output modifiers (mul:, div:) do not exist in the %s form on %s", fn, isa_target_name(t));
        return false;
    }
    if (m->clamp && form == ISA_FORM_DPP) {
        asm_error(c, m->col_clamp, "'clamp' does not exist in the DPP form on %s", isa_target_name(t));
        return false;
    }
    if (m->glc || m->slc || m->has_offset || m->has_offset0 || m->has_offset1) {
        asm_error(c, mcol, "glc, slc and offsets are memory modifiers, not valid on '%s'", c->mnemonic[op]);
        return false;
    }
    uint16_t seen = m->ext.seen;
    if (op == ISA_v_nop && form == ISA_FORM_SDWA && (seen || m->clamp)) {
        asm_error(c, m->clamp ? m->col_clamp : m->ext.col, "v_nop in the SDWA form takes no controls");
        return false;
    }
    if (form == ISA_FORM_DPP && !(seen & (1u << R_DPP_CTRL))) {
        asm_error(c, mcol, "'%s_dpp' needs a DPP control (quad_perm:[a,b,c,d], row_shl:N, row_bcast:15, ...)",
                  c->mnemonic[op]);
        return false;
    }
    if (form == ISA_FORM_SDWA) {
        bool cmp = info->enc == ISA_ENC_VOPC;
        if (cmp && (seen & (1u << R_DST_SEL | 1u << R_DST_UNUSED))) {
            asm_error(c, m->ext.col, "compares in the SDWA form write vcc: they have no dst_sel/dst_unused");
            return false;
        }
        if (info->enc == ISA_ENC_VOP1 && (seen & (1u << R_SRC1_SEL))) {
            asm_error(c, m->ext.col, "'%s' has one source: no src1_sel", c->mnemonic[op]);
            return false;
        }
        uint8_t dsel = seen & (1u << R_DST_SEL) ? m->ext.dst_sel : ISA_SEL_DWORD;
        if ((info->flags & ISA_FL_MAC) && dsel != ISA_SEL_DWORD) {
            asm_error(c, m->ext.col, "'%s' accumulates into its whole destination: dst_sel must be DWORD", c->mnemonic[op]);
            return false;
        }
        in->dst_sel = dsel;
        in->dst_unused = seen & (1u << R_DST_UNUSED) ? m->ext.dst_unused : ISA_UNUSED_PRESERVE;
        in->src_sel[0] = seen & (1u << R_SRC0_SEL) ? m->ext.src_sel[0] : ISA_SEL_DWORD;
        in->src_sel[1] = seen & (1u << R_SRC1_SEL) ? m->ext.src_sel[1] : ISA_SEL_DWORD;
        in->clamp = m->clamp;
        in->omod = sdwa9 ? m->omod : 0;
    } else {
        in->dpp_ctrl = m->ext.dpp_ctrl;
        in->row_mask = seen & (1u << R_ROW_MASK) ? m->ext.row_mask : 0xf;
        in->bank_mask = seen & (1u << R_BANK_MASK) ? m->ext.bank_mask : 0xf;
        in->bound_ctrl = m->ext.bound_ctrl;
    }
    in->form = (uint8_t)form;
    in->e64 = 0;
    in->size = 8;
    return true;
}

/* ---- The listing ------------------------------------------------------------------------------ */

const char *asm_ext_suffix(const isa_inst_t *in, isa_target_t t)
{
    isa_enc_t enc = isa_ops[in->op].enc;
    /* as llvm-mc prints them (gfx9: llvm-mc-15 names the compares' SDWA form) */
    if (in->op == ISA_v_nop || (in->form == ISA_FORM_SDWA && enc == ISA_ENC_VOPC && !isa_target_sdwa9(t)))
        return "";
    return in->form == ISA_FORM_SDWA ? "_sdwa" : "_dpp";
}

int asm_ext_format(const isa_inst_t *in, char *buf, size_t len)
{
    asm_out_t o = { buf, len, 0 };
    if (len)
        buf[0] = 0;
    isa_enc_t enc = isa_ops[in->op].enc;
    if (in->form == ISA_FORM_SDWA) {
        if (in->op == ISA_v_nop)
            return 0;
        if (enc != ISA_ENC_VOPC)
            asm_put(&o, " dst_sel:%s dst_unused:%s", sel_names[in->dst_sel % 7], unused_names[in->dst_unused % 3]);
        asm_put(&o, " src0_sel:%s", sel_names[in->src_sel[0] % 7]);
        if (enc != ISA_ENC_VOP1)
            asm_put(&o, " src1_sel:%s", sel_names[in->src_sel[1] % 7]);
        return (int)o.pos;
    }
    if (in->form != ISA_FORM_DPP)
        return 0;
    unsigned d = in->dpp_ctrl;
    if (d < 0x100)
        asm_put(&o, " quad_perm:[%u,%u,%u,%u]", d & 3, d >> 2 & 3, d >> 4 & 3, d >> 6 & 3);
    else if (d > ISA_DPP_ROW_SHL && d < ISA_DPP_ROW_SHL + 16)
        asm_put(&o, " row_shl:%u", d - ISA_DPP_ROW_SHL);
    else if (d > ISA_DPP_ROW_SHR && d < ISA_DPP_ROW_SHR + 16)
        asm_put(&o, " row_shr:%u", d - ISA_DPP_ROW_SHR);
    else if (d > ISA_DPP_ROW_ROR && d < ISA_DPP_ROW_ROR + 16)
        asm_put(&o, " row_ror:%u", d - ISA_DPP_ROW_ROR);
    else {
        const char *n = d == ISA_DPP_WAVE_SHL1 ? "wave_shl:1" : d == ISA_DPP_WAVE_ROL1 ? "wave_rol:1"
                      : d == ISA_DPP_WAVE_SHR1 ? "wave_shr:1" : d == ISA_DPP_WAVE_ROR1 ? "wave_ror:1"
                      : d == ISA_DPP_ROW_MIRROR ? "row_mirror" : d == ISA_DPP_ROW_HALF_MIRROR ? "row_half_mirror"
                      : d == ISA_DPP_ROW_BCAST15 ? "row_bcast:15" : d == ISA_DPP_ROW_BCAST31 ? "row_bcast:31"
                      : "<invalid dpp_ctrl>";
        asm_put(&o, " %s", n);
    }
    /* llvm-mc prints the bit as bound_ctrl:1 (either spelling sets it). */
    asm_put(&o, " row_mask:0x%x bank_mask:0x%x%s", in->row_mask, in->bank_mask, in->bound_ctrl ? " bound_ctrl:1" : "");
    return (int)o.pos;
}

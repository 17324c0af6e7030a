/* asm_operands: operands from tokens, and the names of registers both ways (asm_operands.h). */
#include "asm/asm_operands.h"

#include "asm/asm_data.h"
#include "asm/asm_lex.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

/* ---- Registers ----------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    uint16_t code;
    uint8_t count;
} special_reg_t;

static const special_reg_t special_regs[] = {
    { "vcc", ISA_REG_VCC_LO, 2 }, { "vcc_lo", ISA_REG_VCC_LO, 1 }, { "vcc_hi", ISA_REG_VCC_HI, 1 },
    { "exec", ISA_REG_EXEC_LO, 2 }, { "exec_lo", ISA_REG_EXEC_LO, 1 }, { "exec_hi", ISA_REG_EXEC_HI, 1 },
    { "m0", ISA_REG_M0, 1 },
    { "flat_scratch", ISA_REG_FLAT_SCRATCH_LO, 2 }, { "flat_scratch_lo", ISA_REG_FLAT_SCRATCH_LO, 1 },
    { "flat_scratch_hi", ISA_REG_FLAT_SCRATCH_HI, 1 },
    { "scc", ISA_SRC_SCC, 1 }, { "src_scc", ISA_SRC_SCC, 1 },
    { "vccz", ISA_SRC_VCCZ, 1 }, { "src_vccz", ISA_SRC_VCCZ, 1 },
    { "execz", ISA_SRC_EXECZ, 1 }, { "src_execz", ISA_SRC_EXECZ, 1 },
};

static bool all_digits(const char *p, uint32_t n)
{
    if (n == 0 || n > 9)
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (p[i] < '0' || p[i] > '9')
            return false;
    return true;
}

static uint32_t parse_digits(const char *p, uint32_t n)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < n; i++)
        v = v * 10 + (uint32_t)(p[i] - '0');
    return v;
}

/* Validate and store a vN / sN / v[a:b] / s[a:b] register, or CDNA's aN / a[a:b] (k: 'v', 's', 'a'). */
static bool make_reg(asm_ctx_t *c, char k, uint32_t lo, uint32_t hi, uint32_t col, asm_opnd_t *o)
{
    bool vgpr = k != 's';
    bool cdna = isa_target_cdna(c->target);
    uint32_t max = vgpr ? 255 : ISA_SGPR_MAX;
    if (hi < lo) {
        asm_error(c, col, "register range %c[%u:%u] is reversed", k, lo, hi);
        return false;
    }
    if (hi > max) {
        if (k == 'v')
            asm_error(c, col, "register v%u is out of range (%s has v0..v255)", hi, isa_target_name(c->target));
        else if (k == 'a')
            asm_error(c, col, "register a%u is out of range (%s has a0..a255)", hi, isa_target_name(c->target));
        else
            asm_error(c, col, "register s%u is out of range (%s has s0..s101)", hi, isa_target_name(c->target));
        return false;
    }
    uint32_t n = hi - lo + 1;
    /* CDNA: the MFMA results of 32 registers (LLVM's VReg_1024/AReg_1024) */
    if (n != 1 && n != 2 && n != 3 && n != 4 && n != 8 && n != 16 && !(cdna && vgpr && n == 32)) {
        if (cdna)
            asm_error(c, col, "register range %c[%u:%u] has %u registers; ranges have 2, 3, 4, 8, 16 or 32", k, lo, hi,
                      n);
        else
            asm_error(c, col, "register range %c[%u:%u] has %u registers; ranges have 2, 3, 4, 8 or 16", k, lo, hi, n);
        return false;
    }
    if (!vgpr && n == 2 && lo % 2 != 0) {
        asm_error(c, col, "misaligned SGPR range s[%u:%u]: 64-bit SGPR ranges must start at an even register", lo, hi);
        return false;
    }
    if (!vgpr && n >= 3 && lo % 4 != 0) {
        asm_error(c, col, "misaligned SGPR range s[%u:%u]: SGPR ranges of 3 or more registers must start at a multiple of 4",
                  lo, hi);
        return false;
    }
    /* gfx90a and later: VGPR and AGPR tuples start at an even register (LLVM needsAlignedVGPRs:
     * "vgpr tuples must be 64 bit aligned") */
    if (vgpr && n >= 2 && lo % 2 != 0 && isa_target_gfx90a(c->target)) {
        asm_error(c, col, "misaligned %s range %c[%u:%u]: on %s register tuples must start at an even register",
                  k == 'a' ? "AGPR" : "VGPR", k, lo, hi, isa_target_name(c->target));
        return false;
    }
    o->kind = OPK_REG;
    o->code = (uint16_t)(k == 'a' ? ISA_AGPR_BASE + lo : k == 'v' ? ISA_VGPR_BASE + lo : lo);
    o->count = (uint8_t)n;
    return true;
}

/* The register-kind prefix of an identifier: 'v', 's', or on CDNA 'a' for `a` and `acc` (LLVM
 * accepts both and prints `a`); its length in *len. 0 for none. */
static char reg_prefix(const asm_ctx_t *c, const char *p, uint32_t n, uint32_t *len)
{
    *len = 1;
    if (n >= 1 && (p[0] == 'v' || p[0] == 's'))
        return p[0];
    if (!isa_target_cdna(c->target))
        return 0;
    if (n >= 3 && memcmp(p, "acc", 3) == 0 && (n == 3 || all_digits(p + 3, n - 3))) {
        *len = 3;
        return 'a';
    }
    return n >= 1 && p[0] == 'a' ? 'a' : 0;
}

/* An identifier operand: a register, a special register, `off`, or a label name. */
static bool parse_ident(asm_ctx_t *c, uint32_t *i, asm_opnd_t *o)
{
    const asm_tok_t *t = &c->tok[*i];
    const char *p = t->p;
    uint32_t n = t->len, plen;
    char k = reg_prefix(c, p, n, &plen);
    if (k && n == plen && asm_tok_punct(&c->tok[*i + 1], '[')) {
        const asm_tok_t *a = &c->tok[*i + 2];
        if (a->kind != TK_INT || a->overflow || a->ival > 100000) {
            asm_error(c, a->col, "expected a register number after '%.*s['", (int)plen, p);
            return false;
        }
        uint32_t lo = (uint32_t)a->ival, hi = lo, j = *i + 3;
        if (asm_tok_punct(&c->tok[j], ':')) {
            const asm_tok_t *b = &c->tok[j + 1];
            if (b->kind != TK_INT || b->overflow || b->ival > 100000) {
                asm_error(c, b->col, "expected a register number after ':'");
                return false;
            }
            hi = (uint32_t)b->ival;
            j += 2;
        }
        if (!asm_tok_punct(&c->tok[j], ']')) {
            asm_error(c, c->tok[j].col, "expected ']' to close the register range");
            return false;
        }
        *i = j + 1;
        return make_reg(c, k, lo, hi, t->col, o);
    }
    if (k && n > plen && all_digits(p + plen, n - plen)) {
        uint32_t r = parse_digits(p + plen, n - plen);
        (*i)++;
        return make_reg(c, k, r, r, t->col, o);
    }
    for (size_t k = 0; k < sizeof special_regs / sizeof special_regs[0]; k++)
        if (asm_tok_is(t, special_regs[k].name)) {
            o->kind = OPK_REG;
            o->code = special_regs[k].code;
            o->count = special_regs[k].count;
            (*i)++;
            return true;
        }
    if (n >= 10 && memcmp(p, "xnack_mask", 10) == 0) {
        asm_error(c, t->col, "register '%.*s' is not available on gfx803 (no XNACK)", (int)n, p);
        return false;
    }
    if ((n > 4 && memcmp(p, "ttmp", 4) == 0) || asm_tok_is(t, "tba") || asm_tok_is(t, "tma")) {
        asm_error(c, t->col, "trap-handler register '%.*s' is not supported", (int)n, p);
        return false;
    }
    if (asm_tok_is(t, "off")) {
        o->kind = OPK_OFF;
        (*i)++;
        return true;
    }
    if (asm_tok_punct(&c->tok[*i + 1], '@')) {
        /* sym@rel32@lo+4 ...: a literal the link fills (asm_data.c); the name from the original text. */
        asm_reloc_ref_t r;
        memset(&r, 0, sizeof r);
        (*i)++;
        if (!asm_parse_reloc(c, i, &r))
            return false;
        o->kind = OPK_RELOC;
        o->sym = c->line + (p - c->clean);
        o->symlen = n;
        o->reloc = r.kind;
        o->ival = r.addend;
        return true;
    }
    o->kind = OPK_SYM;
    o->sym = p;
    o->symlen = n;
    (*i)++;
    return true;
}

/* A number with an optional leading '-' (the sign belongs to the value, as in llvm-mc). */
static bool parse_number(asm_ctx_t *c, uint32_t *i, asm_opnd_t *o)
{
    bool minus = false;
    if (asm_tok_punct(&c->tok[*i], '-')) {
        minus = true;
        (*i)++;
    }
    const asm_tok_t *t = &c->tok[*i];
    if (t->kind == TK_BADNUM) {
        asm_error(c, t->col, "malformed number '%.*s'", (int)t->len, t->p);
        return false;
    }
    if (t->kind == TK_FLOAT) {
        o->kind = OPK_FLOAT;
        o->fval = minus ? -t->fval : t->fval;
    } else {
        if (t->overflow || t->ival > (uint64_t)INT64_MAX) {
            asm_error(c, t->col, "integer '%.*s' is too large", (int)t->len, t->p);
            return false;
        }
        o->kind = OPK_INT;
        o->ival = minus ? -(int64_t)t->ival : (int64_t)t->ival;
    }
    (*i)++;
    return true;
}

static bool is_number(const asm_tok_t *t)
{
    return t->kind == TK_INT || t->kind == TK_FLOAT || t->kind == TK_BADNUM;
}

/* hwreg(ID[, OFFSET, SIZE]): ID is a HW_REG_* name or a number 0..63, OFFSET 0..31 and SIZE 1..32
 * (default 0 and 32). The operand becomes its 16-bit encoding, an integer (the signature 'H'
 * decides whether the register is one gcnsim simulates). */
static bool parse_hwreg(asm_ctx_t *c, uint32_t *i, asm_opnd_t *o)
{
    int64_t v[3] = { -1, 0, 32 };
    *i += 2;
    const asm_tok_t *t = &c->tok[*i];
    for (unsigned k = 1; k <= ISA_HWREG_SH_MEM_BASES; k++)
        if (t->kind == TK_IDENT && isa_hwreg_name_on(k, c->target) && asm_tok_is(t, isa_hwreg_name_on(k, c->target)))
            v[0] = k;
    if (t->kind == TK_INT && !t->overflow && t->ival <= 63)
        v[0] = t->ival;
    if (v[0] < 0) {
        asm_error(c, t->col, "expected a hardware register in hwreg(): HW_REG_MODE, another HW_REG_* name or 0..63");
        return false;
    }
    (*i)++;
    if (asm_tok_punct(&c->tok[*i], ',')) {
        for (int j = 1; j <= 2; j++) {
            t = &c->tok[++*i];
            if (t->kind != TK_INT || t->overflow || t->ival > (j == 1 ? 31 : 32) || (j == 2 && t->ival < 1)) {
                asm_error(c, t->col, "hwreg() %s must be an integer in %s", j == 1 ? "offset" : "size", j == 1 ? "0..31" : "1..32");
                return false;
            }
            v[j] = t->ival;
            (*i)++;
            if (j == 1 && !asm_tok_punct(&c->tok[*i], ',')) {
                asm_error(c, c->tok[*i].col, "hwreg() takes a register, or a register, an offset and a size");
                return false;
            }
        }
    }
    if (!asm_tok_punct(&c->tok[*i], ')')) {
        asm_error(c, c->tok[*i].col, "expected ')' to close hwreg(");
        return false;
    }
    (*i)++;
    o->kind = OPK_INT;
    o->ival = v[0] | v[1] << 6 | (v[2] - 1) << 11;
    return true;
}

/* gpr_idx(MODE, ...): the VGPR index-mode mask of s_set_gpr_idx_on/mode, a comma-separated list of
 * SRC0 SRC1 SRC2 DST (bits 0..3), each at most once, possibly empty. The operand becomes the
 * 4-bit mask, an integer (signature 'G'). */
static bool parse_gpr_idx(asm_ctx_t *c, uint32_t *i, asm_opnd_t *o)
{
    static const char *const names[] = { "SRC0", "SRC1", "SRC2", "DST" };
    int64_t mask = 0;
    *i += 2;
    if (!asm_tok_punct(&c->tok[*i], ')')) {
        for (;;) {
            const asm_tok_t *t = &c->tok[*i];
            int bit = -1;
            for (int k = 0; k < 4; k++)
                if (asm_tok_is(t, names[k]))
                    bit = k;
            if (bit < 0) {
                asm_error(c, t->col, "expected a VGPR index mode in gpr_idx(): SRC0, SRC1, SRC2 or DST");
                return false;
            }
            if (mask >> bit & 1) {
                asm_error(c, t->col, "duplicate VGPR index mode %s in gpr_idx()", names[bit]);
                return false;
            }
            mask |= 1 << bit;
            (*i)++;
            if (!asm_tok_punct(&c->tok[*i], ','))
                break;
            (*i)++;
        }
        if (!asm_tok_punct(&c->tok[*i], ')')) {
            asm_error(c, c->tok[*i].col, "expected ',' or ')' in gpr_idx(");
            return false;
        }
    }
    (*i)++;
    o->kind = OPK_INT;
    o->ival = mask;
    return true;
}

bool asm_parse_operand(asm_ctx_t *c, uint32_t *i, asm_opnd_t *o)
{
    memset(o, 0, sizeof *o);
    const asm_tok_t *t = &c->tok[*i];
    o->col = t->col;
    if (asm_tok_is(t, "hwreg") && asm_tok_punct(&c->tok[*i + 1], '('))
        return parse_hwreg(c, i, o);
    if (asm_tok_is(t, "sext") && asm_tok_punct(&c->tok[*i + 1], '(')) {
        /* SDWA sign extension: sext(vN), with no other modifier inside (as llvm-mc). */
        uint32_t col = t->col;
        *i += 2;
        if (!asm_parse_operand(c, i, o))
            return false;
        if (o->neg || o->abs || o->sext) {
            asm_error(c, o->col, "sext() takes a plain register, without neg/abs");
            return false;
        }
        if (!asm_tok_punct(&c->tok[*i], ')')) {
            asm_error(c, c->tok[*i].col, "expected ')' to close sext(");
            return false;
        }
        (*i)++;
        o->sext = true;
        o->col = col;
        return true;
    }
    if (asm_tok_is(t, "gpr_idx") && asm_tok_punct(&c->tok[*i + 1], '('))
        return parse_gpr_idx(c, i, o);
    bool neg = false, negfn = false, absfn = false, absbar = false;
    if (asm_tok_punct(t, '-') && is_number(&c->tok[*i + 1]))
        return parse_number(c, i, o);
    if (asm_tok_punct(t, '-')) {
        neg = true;
        t = &c->tok[++*i];
    }
    if ((asm_tok_is(t, "neg") || asm_tok_is(t, "abs")) && asm_tok_punct(&c->tok[*i + 1], '(')) {
        if (asm_tok_is(t, "neg")) {
            if (neg) {
                asm_error(c, t->col, "'-' and neg() together are not allowed");
                return false;
            }
            negfn = true;
            *i += 2;
            t = &c->tok[*i];
            if (asm_tok_is(t, "abs") && asm_tok_punct(&c->tok[*i + 1], '(')) {
                absfn = true;
                *i += 2;
            } else if (asm_tok_punct(t, '|')) {
                absbar = true;
                (*i)++;
            }
        } else {
            absfn = true;
            *i += 2;
        }
    } else if (asm_tok_punct(t, '|')) {
        absbar = true;
        (*i)++;
    }
    t = &c->tok[*i];
    uint32_t pcol = t->col;
    bool ok;
    if (t->kind == TK_IDENT)
        ok = parse_ident(c, i, o);
    else if (is_number(t) || (asm_tok_punct(t, '-') && is_number(&c->tok[*i + 1])))
        ok = parse_number(c, i, o);
    else if (t->kind == TK_END) {
        asm_error(c, t->col, "expected an operand");
        return false;
    } else if (asm_tok_punct(t, '#')) {
        asm_error(c, t->col, "unexpected '#': '#' does not start a comment in this syntax (use ';' or '//')");
        return false;
    } else {
        asm_error(c, t->col, "expected a register, a number or a label, found '%.*s'", (int)t->len, t->p);
        return false;
    }
    if (!ok)
        return false;
    if (absbar) {
        if (!asm_tok_punct(&c->tok[*i], '|')) {
            asm_error(c, c->tok[*i].col, "expected '|' to close |...|");
            return false;
        }
        (*i)++;
    }
    if (absfn) {
        if (!asm_tok_punct(&c->tok[*i], ')')) {
            asm_error(c, c->tok[*i].col, "expected ')' to close abs(");
            return false;
        }
        (*i)++;
    }
    if (negfn) {
        if (!asm_tok_punct(&c->tok[*i], ')')) {
            asm_error(c, c->tok[*i].col, "expected ')' to close neg(");
            return false;
        }
        (*i)++;
    }
    o->col = o->col ? o->col : pcol;
    o->neg = neg || negfn;
    o->abs = absfn || absbar;
    if ((o->neg || o->abs) && (o->kind == OPK_SYM || o->kind == OPK_OFF || o->kind == OPK_RELOC)) {
        asm_error(c, pcol, "source modifiers apply to registers and constants only");
        return false;
    }
    return true;
}

/* The text of a register operand, from the same names the parser reads. */
void asm_reg_text(uint16_t code, uint8_t count, char *buf, size_t n)
{
    if (code >= ISA_AGPR_BASE && code < ISA_AGPR_BASE + 256) /* CDNA (agpr) */
        count > 1 ? snprintf(buf, n, "a[%u:%u]", code - ISA_AGPR_BASE, code - ISA_AGPR_BASE + count - 1)
                  : snprintf(buf, n, "a%u", code - ISA_AGPR_BASE);
    else if (code >= ISA_VGPR_BASE)
        count > 1 ? snprintf(buf, n, "v[%u:%u]", code - 256, code - 256 + count - 1) : snprintf(buf, n, "v%u", code - 256);
    else if (code <= ISA_SGPR_MAX)
        count > 1 ? snprintf(buf, n, "s[%u:%u]", code, code + count - 1) : snprintf(buf, n, "s%u", code);
    else {
        const char *name = "?";
        for (size_t k = 0; k < sizeof special_regs / sizeof special_regs[0]; k++)
            if (special_regs[k].code == code && special_regs[k].count == count) {
                name = special_regs[k].name;
                break;
            }
        snprintf(buf, n, "%s", name);
    }
}

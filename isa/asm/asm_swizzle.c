/* asm_swizzle: ds_swizzle_b32's offset:swizzle(...) syntax (asm_swizzle.h).
 *
 * The 16-bit pattern (GCN3 ISA manual, section 12.12 "DS", DS_SWIZZLE_B32):
 *   offset[15] = 1: quad permute, lane i of each group of four takes lane offset[2i+1:2i];
 *   offset[15] = 0: bit-mask permute within each half of 32 lanes, source lane
 *                   ((lane & and_mask) | or_mask) ^ xor_mask, with and = offset[4:0],
 *                   or = offset[9:5], xor = offset[14:10].
 * The symbolic modes are LLVM's (AMDGPUAsmParser): BROADCAST, SWAP and REVERSE are bit-mask
 * patterns, and BITMASK_PERM spells the masks as five characters for lane bits 4..0:
 * '0' force 0, '1' force 1, 'p' preserve, 'i' invert. */
#include "asm/asm_swizzle.h"

#include <stdio.h>
#include <string.h>

static bool is_punct(const asm_tok_t *t, char ch)
{
    return t->kind == TK_PUNCT && t->p[0] == ch;
}

static bool is_ident(const asm_tok_t *t, const char *s)
{
    return t->kind == TK_IDENT && strlen(s) == t->len && memcmp(t->p, s, t->len) == 0;
}

typedef struct {
    const asm_tok_t *tok;
    uint32_t ntok, i;
    uint32_t *err_col;
    char *err;
    size_t errlen;
} sw_t;

static bool fail(sw_t *s, uint32_t col, const char *msg)
{
    *s->err_col = col;
    snprintf(s->err, s->errlen, "%s", msg);
    return false;
}

static const asm_tok_t *cur(const sw_t *s)
{
    return &s->tok[s->i < s->ntok ? s->i : s->ntok];
}

static bool expect(sw_t *s, char ch, const char *what)
{
    if (!is_punct(cur(s), ch))
        return fail(s, cur(s)->col, what);
    s->i++;
    return true;
}

/* `, N` with lo <= N <= hi. */
static bool comma_int(sw_t *s, uint32_t lo, uint32_t hi, const char *range_msg, uint32_t *v)
{
    if (!expect(s, ',', "expected a comma"))
        return false;
    const asm_tok_t *t = cur(s);
    if (t->kind != TK_INT || t->overflow)
        return fail(s, t->col, "expected an integer");
    if (t->ival < lo || t->ival > hi)
        return fail(s, t->col, range_msg);
    *v = (uint32_t)t->ival;
    s->i++;
    return true;
}

static bool pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

static uint32_t bitmask(uint32_t andm, uint32_t orm, uint32_t xorm)
{
    return (andm & 31) | (orm & 31) << 5 | (xorm & 31) << 10;
}

bool asm_swizzle_parse(const asm_tok_t *tok, uint32_t ntok, uint32_t *i, uint32_t *offset, uint32_t *err_col,
                       char *err, size_t errlen)
{
    sw_t s = { tok, ntok, *i + 1, err_col, err, errlen };
    if (!expect(&s, '(', "expected '(' after swizzle"))
        return false;
    const asm_tok_t *mode = cur(&s);
    uint32_t v = 0, a[4];
    if (is_ident(mode, "QUAD_PERM")) {
        s.i++;
        for (int k = 0; k < 4; k++)
            if (!comma_int(&s, 0, 3, "expected a 2-bit lane id", &a[k]))
                return false;
        v = 0x8000u | a[0] | a[1] << 2 | a[2] << 4 | a[3] << 6;
    } else if (is_ident(mode, "BITMASK_PERM")) {
        s.i++;
        if (!expect(&s, ',', "expected a comma"))
            return false;
        const asm_tok_t *t = cur(&s);
        if (t->kind != TK_STRING || t->len != 7)
            return fail(&s, t->col, "expected a 5-character mask");
        uint32_t andm = 0, orm = 0, xorm = 0;
        for (int k = 0; k < 5; k++) {
            uint32_t bit = 1u << (4 - k);
            switch (t->p[1 + k]) {
            case '0': break;
            case '1': orm |= bit; break;
            case 'p': andm |= bit; break;
            case 'i': andm |= bit; xorm |= bit; break;
            default: return fail(&s, t->col, "invalid mask");
            }
        }
        s.i++;
        v = bitmask(andm, orm, xorm);
    } else if (is_ident(mode, "BROADCAST")) {
        s.i++;
        uint32_t col = s.i + 1 < ntok ? tok[s.i + 1].col : mode->col;
        if (!comma_int(&s, 2, 32, "group size must be in the interval [2,32]", &a[0]))
            return false;
        if (!pow2(a[0]))
            return fail(&s, col, "group size must be a power of two");
        if (!comma_int(&s, 0, a[0] - 1, "lane id must be in the interval [0,group size - 1]", &a[1]))
            return false;
        v = bitmask(31u ^ (a[0] - 1), a[1], 0);
    } else if (is_ident(mode, "SWAP") || is_ident(mode, "REVERSE")) {
        bool swap = mode->p[0] == 'S';
        s.i++;
        uint32_t col = s.i + 1 < ntok ? tok[s.i + 1].col : mode->col;
        if (!comma_int(&s, swap ? 1 : 2, swap ? 16 : 32,
                       swap ? "group size must be in the interval [1,16]" : "group size must be in the interval [2,32]",
                       &a[0]))
            return false;
        if (!pow2(a[0]))
            return fail(&s, col, "group size must be a power of two");
        v = bitmask(31, 0, swap ? a[0] : a[0] - 1);
    } else {
        return fail(&s, mode->col, "expected a swizzle mode (QUAD_PERM, BITMASK_PERM, BROADCAST, SWAP or REVERSE)");
    }
    if (!expect(&s, ')', "expected a closing parenthesis"))
        return false;
    *offset = v;
    *i = s.i;
    return true;
}

int asm_swizzle_format(uint32_t offset, char *buf, size_t len)
{
    offset &= 0xffff;
    if (offset & 0x8000) {
        if (offset & 0x7f00) /* bits LLVM's QUAD_PERM cannot spell */
            return 0;
        return snprintf(buf, len, "swizzle(QUAD_PERM,%u,%u,%u,%u)", offset & 3, offset >> 2 & 3, offset >> 4 & 3,
                        offset >> 6 & 3);
    }
    uint32_t andm = offset & 31, orm = offset >> 5 & 31, xorm = offset >> 10 & 31;
    /* The named modes first, in llvm-mc's order, so that listings read as its disassembly. */
    if (andm == 31 && orm == 0 && pow2(xorm))
        return snprintf(buf, len, "swizzle(SWAP,%u)", xorm);
    if (andm == 31 && orm == 0 && xorm >= 3 && pow2(xorm + 1))
        return snprintf(buf, len, "swizzle(REVERSE,%u)", xorm + 1);
    uint32_t group = (31u ^ andm) + 1;
    if (xorm == 0 && group >= 2 && pow2(group) && orm < group)
        return snprintf(buf, len, "swizzle(BROADCAST,%u,%u)", group, orm);
    char m[6];
    for (int k = 0; k < 5; k++) {
        uint32_t bit = 1u << (4 - k);
        if (andm & bit) {
            if (orm & bit)
                return 0; /* preserved and forced: not one of the four letters */
            m[k] = (xorm & bit) ? 'i' : 'p';
        } else {
            if (xorm & bit)
                return 0;
            m[k] = (orm & bit) ? '1' : '0';
        }
    }
    m[5] = 0;
    return snprintf(buf, len, "swizzle(BITMASK_PERM,\"%s\")", m);
}

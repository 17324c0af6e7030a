/* asm_lex: diagnostics, comment removal and tokenizing of one source line, signature parsing. */
#include "asm/asm_lex.h"

#include "asm/asm_swizzle.h"

#include "asm/asm_diag.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The source line under a message: at most LINE_SHOWN bytes, a window around the column when the line
 * is longer, control bytes as '?' so that the caret stays under its column. */
static void echo_line(FILE *out, const char *line, uint32_t len, uint32_t col)
{
    enum { LINE_SHOWN = 160, BEFORE = 60 };
    uint32_t from = 0, to = len;
    if (len > LINE_SHOWN) {
        from = col > BEFORE + 1 ? col - 1 - BEFORE : 0;
        if (from > len)
            from = len;
        to = from + LINE_SHOWN < len ? from + LINE_SHOWN : len;
    }
    const char *lead = from ? "..." : "";
    fputs(lead, out);
    for (uint32_t i = from; i < to; i++) {
        unsigned char ch = (unsigned char)line[i];
        fputc((ch < 0x20 && ch != '\t') || ch == 0x7f ? '?' : ch, out);
    }
    fputs(to < len ? "...\n" : "\n", out);
    /* Mirror tabs so the caret lines up however the terminal expands them. */
    for (size_t i = 0; i < strlen(lead); i++)
        fputc(' ', out);
    for (uint32_t i = from; i + 1 < col && i < to; i++)
        fputc(line[i] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

static void vreport(asm_ctx_t *c, const char *line, uint32_t len, uint32_t lineno, uint32_t col,
                    const char *fmt, va_list ap)
{
    if (++c->nerrors > ASM_ERRORS_SHOWN || !c->diag)
        return;
    fprintf(c->diag, "%s:%u:%u: error: ", c->file, lineno, col);
    asm_diag_vprintf(c->diag, fmt, ap);
    echo_line(c->diag, line ? line : "", line ? len : 0, col);
}

void asm_error(asm_ctx_t *c, uint32_t col, const char *fmt, ...)
{
    if (c->line_failed)
        return; /* one error per line: later ones are usually consequences of the first */
    c->line_failed = true;
    va_list ap;
    va_start(ap, fmt);
    vreport(c, c->line, c->line_len, c->lineno, col, fmt, ap);
    va_end(ap);
}

void asm_error_at(asm_ctx_t *c, const char *line, uint32_t line_len, uint32_t lineno, uint32_t col,
                  const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(c, line, line_len, lineno, col, fmt, ap);
    va_end(ap);
}

bool asm_grow(void **arr, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    uint32_t n = *cap ? *cap : 16;
    while (n < need)
        n *= 2;
    void *p = realloc(*arr, (size_t)n * elem);
    if (!p)
        return false;
    *arr = p;
    *cap = n;
    return true;
}

uint32_t asm_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 16777619u;
    }
    return h;
}

/* A full table would make the probes below loop forever: keep it at most half full. */
_Static_assert(ASM_OP_HASH > 2 * ISA_NUM_OPS, "ASM_OP_HASH must exceed twice the instruction count");

void asm_op_hash_build(asm_ctx_t *c)
{
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        const char *n = isa_ops[op].name;
        uint32_t h = asm_hash(n, strlen(n)) & (ASM_OP_HASH - 1);
        while (c->op_hash[h])
            h = (h + 1) & (ASM_OP_HASH - 1);
        c->op_hash[h] = (uint16_t)(op + 1);
    }
}

isa_op_t asm_op_lookup(const asm_ctx_t *c, const char *name, size_t len)
{
    uint32_t h = asm_hash(name, len) & (ASM_OP_HASH - 1);
    while (c->op_hash[h]) {
        const char *n = isa_ops[c->op_hash[h] - 1].name;
        if (strlen(n) == len && memcmp(n, name, len) == 0)
            return (isa_op_t)(c->op_hash[h] - 1);
        h = (h + 1) & (ASM_OP_HASH - 1);
    }
    return ISA_NUM_OPS;
}

bool asm_tok_is(const asm_tok_t *t, const char *s)
{
    return t->kind == TK_IDENT && strlen(s) == t->len && memcmp(t->p, s, t->len) == 0;
}

bool asm_tok_punct(const asm_tok_t *t, char ch)
{
    return t->kind == TK_PUNCT && t->p[0] == ch;
}

void asm_tok_text(const asm_tok_t *t, char *buf, size_t size)
{
    size_t n = t->len < size - 1 ? t->len : size - 1;
    memcpy(buf, t->p, n);
    buf[n] = 0;
}

/* Copy the line with comments replaced by spaces, so columns stay those of the source.
 * `/ * ... * /` may span lines (c->in_block_comment); `;` and `//` end the line; strings are kept. */
static bool blank_comments(asm_ctx_t *c)
{
    if (!asm_grow((void **)&c->clean, &c->clean_cap, c->line_len + 1, 1))
        return false;
    const char *s = c->line;
    char *d = c->clean;
    uint32_t n = c->line_len;
    bool in_str = false;
    for (uint32_t i = 0; i < n; i++) {
        if (c->in_block_comment) {
            if (s[i] == '*' && i + 1 < n && s[i + 1] == '/') {
                c->in_block_comment = false;
                d[i] = d[i + 1] = ' ';
                i++;
            } else {
                d[i] = ' ';
            }
            continue;
        }
        if (in_str) {
            d[i] = s[i];
            if (s[i] == '\\' && i + 1 < n) {
                d[i + 1] = s[i + 1];
                i++;
            } else if (s[i] == '"') {
                in_str = false;
            }
            continue;
        }
        if (s[i] == '"') {
            in_str = true;
            d[i] = s[i];
        } else if (s[i] == ';' || (s[i] == '/' && i + 1 < n && s[i + 1] == '/')) {
            memset(d + i, ' ', n - i);
            break;
        } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
            c->in_block_comment = true;
            d[i] = d[i + 1] = ' ';
            i++;
        } else {
            d[i] = s[i];
        }
    }
    d[n] = 0;
    return true;
}

static bool ident_start(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' || ch == '.' || ch == '$';
}

static bool ident_char(char ch)
{
    return ident_start(ch) || (ch >= '0' && ch <= '9');
}

static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

/* Numbers: decimal, 0x hex, 0b binary, leading-0 octal (as llvm-mc reads them), and decimal
 * floats with a '.' or an exponent. The sign is not part of the token. */
static void lex_number(const char *s, uint32_t n, uint32_t *i, asm_tok_t *t)
{
    uint32_t start = *i, j = *i;
    t->kind = TK_INT;
    t->ival = 0;
    t->overflow = false;
    unsigned base = 10;
    if (s[j] == '0' && j + 1 < n && (s[j + 1] == 'x' || s[j + 1] == 'X')) {
        base = 16;
        j += 2;
    } else if (s[j] == '0' && j + 1 < n && (s[j + 1] == 'b' || s[j + 1] == 'B') &&
               j + 2 < n && (s[j + 2] == '0' || s[j + 2] == '1')) {
        base = 2;
        j += 2;
    } else {
        /* A decimal float? */
        uint32_t k = j;
        while (k < n && is_digit(s[k]))
            k++;
        bool isf = false;
        if (k < n && s[k] == '.' && !(k + 1 < n && ident_start(s[k + 1]) && s[k + 1] != 'e' && s[k + 1] != 'E')) {
            isf = true;
            k++;
            while (k < n && is_digit(s[k]))
                k++;
        }
        if (k < n && (s[k] == 'e' || s[k] == 'E')) {
            uint32_t e = k + 1;
            if (e < n && (s[e] == '+' || s[e] == '-'))
                e++;
            if (e < n && is_digit(s[e])) {
                isf = true;
                k = e;
                while (k < n && is_digit(s[k]))
                    k++;
            }
        }
        if (isf) {
            char buf[64];
            uint32_t len = k - start < sizeof buf - 1 ? k - start : (uint32_t)sizeof buf - 1;
            memcpy(buf, s + start, len);
            buf[len] = 0;
            t->kind = TK_FLOAT;
            t->fval = strtod(buf, NULL);
            *i = k;
            if (k < n && ident_char(s[k]))
                t->kind = TK_BADNUM;
            while (*i < n && ident_char(s[*i]))
                (*i)++;
            return;
        }
        if (s[j] == '0' && j + 1 < n && is_digit(s[j + 1]))
            base = 8;
    }
    uint32_t digits = 0;
    for (; j < n; j++) {
        unsigned d;
        char ch = s[j];
        if (is_digit(ch))
            d = (unsigned)(ch - '0');
        else if (ch >= 'a' && ch <= 'f')
            d = (unsigned)(ch - 'a' + 10);
        else if (ch >= 'A' && ch <= 'F')
            d = (unsigned)(ch - 'A' + 10);
        else
            break;
        if (d >= base)
            break;
        if (t->ival > (UINT64_MAX - d) / base)
            t->overflow = true;
        t->ival = t->ival * base + d;
        digits++;
    }
    if (digits == 0 || (j < n && ident_char(s[j])))
        t->kind = TK_BADNUM;
    while (j < n && ident_char(s[j]))
        j++;
    *i = j;
}

bool asm_tokenize(asm_ctx_t *c)
{
    c->ntok = 0;
    if (!blank_comments(c)) {
        asm_error(c, 1, "out of memory");
        return false;
    }
    const char *s = c->clean;
    uint32_t n = c->line_len, i = 0;
    while (i < n) {
        char ch = s[i];
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') {
            i++;
            continue;
        }
        if (c->ntok + 1 >= ASM_MAX_TOKENS) {
            asm_error(c, i + 1, "line has too many tokens (at most %d)", ASM_MAX_TOKENS - 1);
            return false;
        }
        asm_tok_t *t = &c->tok[c->ntok++];
        memset(t, 0, sizeof *t);
        t->p = s + i;
        t->col = i + 1;
        uint32_t start = i;
        if (is_digit(ch) || (ch == '.' && i + 1 < n && is_digit(s[i + 1]))) {
            lex_number(s, n, &i, t);
        } else if (ident_start(ch)) {
            while (i < n && ident_char(s[i]))
                i++;
            t->kind = TK_IDENT;
        } else if (ch == '"') {
            i++;
            while (i < n && s[i] != '"')
                i += (s[i] == '\\' && i + 1 < n) ? 2 : 1;
            if (i < n)
                i++;
            t->kind = TK_STRING;
        } else {
            i++;
            t->kind = TK_PUNCT;
        }
        t->len = i - start;
    }
    asm_tok_t *end = &c->tok[c->ntok];
    memset(end, 0, sizeof *end);
    end->kind = TK_END;
    end->p = s + n;
    end->col = n + 1;
    return true;
}

bool asm_sig_parse(const char *sig, asm_sig_list_t *out)
{
    out->n = 0;
    const char *p = sig;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (out->n >= ASM_MAX_SIG)
            return false;
        char letter = *p++;
        unsigned w = 0;
        while (*p >= '0' && *p <= '9')
            w = w * 10 + (unsigned)(*p++ - '0');
        if (*p && *p != ' ')
            return false;
        asm_sig_t *g = &out->g[out->n++];
        g->width = (uint8_t)(w ? w : 1);
        g->integer = letter == 'I' || letter == 'j';
        g->half = letter == 'h' || letter == 'j' || (letter == 'K' && w == 16);
        if (letter == 'K')
            g->width = 1;
        switch (letter) {
        case 'D': g->kind = SIG_VDST; break;
        case 'S': case 'I': case 'h': case 'j': g->kind = SIG_VSRC; break;
        case 'V': g->kind = SIG_VGPR; break;
        case 'd': g->kind = SIG_SDST; break;
        case 's': g->kind = SIG_SSRC; break;
        case 'C': g->kind = SIG_MASK_DST; g->width = 2; break;
        case 'c': g->kind = SIG_MASK_SRC; g->width = 2; break;
        case 'A': g->kind = SIG_ADDR; g->width = 2; break;
        case 'R': g->kind = SIG_RTN; break;
        case 'o': g->kind = SIG_SMEM_OFF; break;
        case 'k': g->kind = SIG_IMM16; break;
        case 'K': g->kind = SIG_K32; break;
        case 'L': g->kind = SIG_LABEL; break;
        case 'W': g->kind = SIG_WAITCNT; break;
        case 'H': g->kind = SIG_HWREG; break;
        case 'M': g->kind = SIG_BUF_ADDR; break;
        case 'T': g->kind = SIG_RSRC; g->width = 4; break;
        case 'O': g->kind = SIG_SOFFSET; break;
        case 'G': g->kind = SIG_GPRIDX; break;
        case 'X': g->kind = SIG_ADST; break;
        case 'x': g->kind = SIG_ASRC; break;
        case 'Y': g->kind = SIG_ACC_DST; break;
        case 'y': g->kind = SIG_ACC_SRC; break;
        case 'B': g->kind = SIG_MFMA_SRC; break;
        default: return false;
        }
    }
    return true;
}

/* ---- Modifiers after the operands ------------------------------------------------------------ */

static bool mod_value(asm_ctx_t *c, uint32_t *i, const char *name, uint32_t max, uint32_t *v)
{
    const asm_tok_t *t = &c->tok[*i];
    if (!asm_tok_punct(&c->tok[*i + 1], ':')) {
        asm_error(c, t->col, "expected ':' after '%s'", name);
        return false;
    }
    const asm_tok_t *n = &c->tok[*i + 2];
    if (asm_tok_punct(n, '-')) {
        asm_error(c, n->col, "'%s' must be a non-negative integer", name);
        return false;
    }
    if (n->kind != TK_INT || n->overflow) {
        asm_error(c, n->col, "expected an integer after '%s:'", name);
        return false;
    }
    if (n->ival > max) {
        asm_error(c, n->col, "%s:%" PRIu64 " is out of range (0..%u)", name, n->ival, max);
        return false;
    }
    *v = (uint32_t)n->ival;
    *i += 3;
    return true;
}

/* ---- VOP3P modifiers (gfx9; vop3p) ----------------------------------------------------------
 * name:[b0,b1,b2]: one to four 0/1 elements, a bit per source (a missing element is 0);
 * asm_vop3p_finish (asm_vop3p.c) applies them to the instruction. */
static const char *const pk_mod_names[4] = { "op_sel", "op_sel_hi", "neg_lo", "neg_hi" };

static int pk_mod_index(const asm_tok_t *t)
{
    for (int k = 0; k < 4; k++)
        if (asm_tok_is(t, pk_mod_names[k]))
            return k;
    return -1;
}

static bool pk_mod(asm_ctx_t *c, uint32_t *i, asm_mods_t *m)
{
    const asm_tok_t *t = &c->tok[*i];
    int k = pk_mod_index(t);
    const char *name = pk_mod_names[k];
    if (m->pk.given >> k & 1) {
        asm_error(c, t->col, "duplicate modifier '%s'", name);
        return false;
    }
    /* llvm-mc takes them in one order only: op_sel, op_sel_hi, neg_lo, neg_hi, then clamp */
    if (m->pk.given >> k || m->clamp) {
        asm_error(c, t->col, "'%s' is out of order: write op_sel, op_sel_hi, neg_lo, neg_hi, then clamp", name);
        return false;
    }
    if (!asm_tok_punct(&c->tok[*i + 1], ':') || !asm_tok_punct(&c->tok[*i + 2], '[')) {
        asm_error(c, t->col, "expected '%s:[' and a 0 or 1 per source, as in %s:[0,1]", name, name);
        return false;
    }
    uint32_t j = *i + 3;
    uint8_t bits = 0, n = 0;
    for (;;) {
        const asm_tok_t *e = &c->tok[j];
        if (e->kind != TK_INT || e->overflow || e->ival > 1) {
            asm_error(c, e->col, "expected 0 or 1 in %s:[...]", name);
            return false;
        }
        if (n == 4) { /* llvm-mc takes a fourth element (which no gfx9 instruction reads) */
            asm_error(c, e->col, "%s:[...] has at most four elements", name);
            return false;
        }
        bits |= (uint8_t)(e->ival << n); /* the fourth: VOP3 op_sel's destination (valu9) */
        n++;
        const asm_tok_t *sep = &c->tok[j + 1];
        j += 2;
        if (asm_tok_punct(sep, ']'))
            break;
        if (!asm_tok_punct(sep, ',')) {
            asm_error(c, sep->col, "expected ',' or ']' in %s:[...]", name);
            return false;
        }
    }
    m->pk.given |= (uint8_t)(1u << k);
    m->pk.bits[k] = bits;
    m->pk.n[k] = n;
    m->pk.col[k] = t->col;
    *i = j;
    return true;
}

/* ---- MFMA controls (mfma) ---------------------------------------------------------------------
 * cbsz:N (0..7), abid:N (0..15), blgp:N (0..7), each once and in that order (llvm-mc's), and
 * neg:[a,b,c] (gfx940's f64 MFMA) after cbsz and abid. asm_mfma_finish (asm_mfma.c) checks which an instruction takes. */
static const char *const mf_mod_names[4] = { "cbsz", "abid", "blgp", "neg" };

static int mf_mod_index(const asm_tok_t *t)
{
    for (int k = 0; k < 4; k++)
        if (asm_tok_is(t, mf_mod_names[k]))
            return k;
    return -1;
}

static bool mf_mod(asm_ctx_t *c, uint32_t *i, asm_mods_t *m)
{
    const asm_tok_t *t = &c->tok[*i];
    int k = mf_mod_index(t);
    if (m->mf.given >> k & 1) {
        asm_error(c, t->col, "duplicate modifier '%s'", mf_mod_names[k]);
        return false;
    }
    if (m->mf.given >> k) { /* llvm-mc takes them in one order only */
        asm_error(c, t->col, "'%s' is out of order: write cbsz, abid, then blgp or neg", mf_mod_names[k]);
        return false;
    }
    uint32_t v = 0;
    if (k == ASM_MF_NEG) {
        if (!asm_tok_punct(&c->tok[*i + 1], ':') || !asm_tok_punct(&c->tok[*i + 2], '[')) {
            asm_error(c, t->col, "expected 'neg:[' and a 0 or 1 per source, as in neg:[1,0,0]");
            return false;
        }
        uint32_t j = *i + 3;
        for (unsigned n = 0;; n++) {
            const asm_tok_t *e = &c->tok[j];
            if (e->kind != TK_INT || e->overflow || e->ival > 1 || n == 3) {
                asm_error(c, e->col, "expected three elements, 0 or 1, in neg:[...]");
                return false;
            }
            v |= (uint32_t)e->ival << n;
            const asm_tok_t *sep = &c->tok[j + 1];
            j += 2;
            if (asm_tok_punct(sep, ']'))
                break;
            if (!asm_tok_punct(sep, ',')) {
                asm_error(c, sep->col, "expected ',' or ']' in neg:[...]");
                return false;
            }
        }
        *i = j;
    } else if (!mod_value(c, i, mf_mod_names[k], k == ASM_MF_ABID ? 15 : 7, &v)) {
        return false;
    }
    m->mf.given |= (uint8_t)(1u << k);
    m->mf.val[k] = (uint8_t)v;
    m->mf.col[k] = t->col;
    return true;
}

bool asm_ext_control_name(const asm_tok_t *t)
{
    static const char *const names[] = {
        "dst_sel", "dst_unused", "src0_sel", "src1_sel", "quad_perm", "row_shl", "row_shr", "row_ror",
        "wave_shl", "wave_rol", "wave_shr", "wave_ror", "row_mirror", "row_half_mirror", "row_bcast",
        "row_mask", "bank_mask", "bound_ctrl"
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (asm_tok_is(t, names[k]))
            return true;
    return false;
}

bool asm_parse_mods(asm_ctx_t *c, uint32_t *i, asm_mods_t *m)
{
    memset(m, 0, sizeof *m);
    for (;;) {
        const asm_tok_t *t = &c->tok[*i];
        if (t->kind == TK_END)
            return true;
        uint32_t v;
        if (asm_tok_is(t, "clamp") || asm_tok_is(t, "glc") || asm_tok_is(t, "slc")) {
            bool *flag = t->p[0] == 'c' ? &m->clamp : t->p[0] == 'g' ? &m->glc : &m->slc;
            uint32_t *col = t->p[0] == 'c' ? &m->col_clamp : t->p[0] == 'g' ? &m->col_glc : &m->col_slc;
            if (*flag) {
                asm_error(c, t->col, "duplicate modifier '%.*s'", (int)t->len, t->p);
                return false;
            }
            if (t->p[0] == 'c' && m->omod) {
                asm_error(c, t->col, "'clamp' must come before the output modifier (mul:/div:)");
                return false;
            }
            *flag = true;
            *col = t->col;
            (*i)++;
        } else if (asm_tok_is(t, "mul") || asm_tok_is(t, "div")) {
            bool mul = t->p[0] == 'm';
            if (m->omod) {
                asm_error(c, t->col, "duplicate output modifier");
                return false;
            }
            m->col_omod = t->col;
            if (!mod_value(c, i, mul ? "mul" : "div", 1000, &v))
                return false;
            if (mul && (v == 2 || v == 4))
                m->omod = v == 2 ? 1 : 2;
            else if (!mul && v == 2)
                m->omod = 3;
            else {
                asm_error(c, m->col_omod, "invalid output modifier %s:%u (use mul:2, mul:4 or div:2)", mul ? "mul" : "div", v);
                return false;
            }
        } else if (asm_tok_is(t, "offset")) {
            if (m->has_offset) {
                asm_error(c, t->col, "duplicate modifier 'offset'");
                return false;
            }
            m->col_offset = t->col;
            if (asm_tok_punct(&c->tok[*i + 1], ':') && asm_tok_is(&c->tok[*i + 2], "swizzle")) {
                /* ds_swizzle_b32's symbolic pattern; asm_match checks the instruction */
                char msg[128];
                uint32_t ecol = 0;
                *i += 2;
                m->col_swizzle = c->tok[*i].col;
                if (!asm_swizzle_parse(c->tok, c->ntok, i, &m->offset, &ecol, msg, sizeof msg)) {
                    asm_error(c, ecol, "%s", msg);
                    return false;
                }
            } else if (!mod_value(c, i, "offset", 65535, &m->offset)) {
                return false;
            }
            m->has_offset = true;
        } else if (asm_tok_is(t, "offset0") || asm_tok_is(t, "offset1")) {
            bool one = t->p[6] == '1';
            if (one ? m->has_offset1 : m->has_offset0) {
                asm_error(c, t->col, "duplicate modifier '%.*s'", (int)t->len, t->p);
                return false;
            }
            if (!m->col_offset01)
                m->col_offset01 = t->col;
            if (!mod_value(c, i, one ? "offset1" : "offset0", 255, &v))
                return false;
            if (one) {
                m->offset1 = (uint8_t)v;
                m->has_offset1 = true;
            } else {
                m->offset0 = (uint8_t)v;
                m->has_offset0 = true;
            }
        } else if (asm_tok_is(t, "gds")) {
            asm_error(c, t->col, "'gds' is not simulated by gcnsim: graphics-only, not simulated: the global data "
                      "share (GDS) is a graphics and ordered-append resource; use LDS (drop 'gds')");
            return false;
        } else if (t->kind == TK_IDENT && pk_mod_index(t) >= 0) {
            if (!pk_mod(c, i, m)) /* VOP3P's op_sel/op_sel_hi/neg_lo/neg_hi (vop3p) */
                return false;
        } else if (t->kind == TK_IDENT && mf_mod_index(t) >= 0) {
            if (!mf_mod(c, i, m)) /* MFMA's cbsz/abid/blgp/neg (mfma) */
                return false;
        } else if (asm_tok_punct(t, '#')) {
            asm_error(c, t->col, "unexpected '#': '#' does not start a comment in this syntax (use ';' or '//')");
            return false;
        } else if (t->kind == TK_IDENT && asm_ext_control_name(t)) {
            return true; /* SDWA/DPP controls follow, which asm_sdwa_dpp.c parses */
        } else if (t->kind == TK_IDENT) {
            asm_error(c, t->col, "unexpected '%.*s': expected ',' or a modifier (clamp, mul:, div:, offset:, offset0:, "
                      "offset1:, glc, slc)", (int)t->len, t->p);
            return false;
        } else {
            asm_error(c, t->col, "unexpected '%.*s' after the operands", (int)t->len, t->p);
            return false;
        }
    }
}

/* ---- s_waitcnt ------------------------------------------------------------------------------ */

bool asm_parse_waitcnt(asm_ctx_t *c, uint32_t *i, int32_t *simm16)
{
    const asm_tok_t *t = &c->tok[*i];
    if (t->kind == TK_INT) {
        if (t->overflow || t->ival > 0xffff) {
            asm_error(c, t->col, "s_waitcnt value %.*s is out of range (0..0xffff)", (int)t->len, t->p);
            return false;
        }
        *simm16 = (int32_t)t->ival;
        (*i)++;
        return c->tok[*i].kind == TK_END ? true : (asm_error(c, c->tok[*i].col, "unexpected text after s_waitcnt value"), false);
    }
    unsigned vmax = isa_waitcnt_vm_max(c->target);
    const struct { const char *name; unsigned max, shift; } ctr[3] = {
        { "vmcnt", vmax, 0 }, { "expcnt", 7, 4 }, { "lgkmcnt", 15, 8 }
    };
    unsigned val[3] = { vmax, 7, 15 };
    bool seen[3] = { false, false, false };
    bool any = false;
    while (c->tok[*i].kind != TK_END) {
        t = &c->tok[*i];
        if (any && (asm_tok_punct(t, '&') || asm_tok_punct(t, ','))) {
            t = &c->tok[++*i];
        }
        int k = -1;
        for (int j = 0; j < 3; j++)
            if (asm_tok_is(t, ctr[j].name))
                k = j;
        if (k < 0) {
            asm_error(c, t->col, "expected vmcnt(N), expcnt(N) or lgkmcnt(N) in s_waitcnt, found '%.*s'",
                      t->kind == TK_END ? 3 : (int)t->len, t->kind == TK_END ? "end" : t->p);
            return false;
        }
        if (seen[k]) {
            asm_error(c, t->col, "%s is given twice", ctr[k].name);
            return false;
        }
        const asm_tok_t *n = &c->tok[*i + 2];
        if (!asm_tok_punct(&c->tok[*i + 1], '(') || n->kind != TK_INT || !asm_tok_punct(&c->tok[*i + 3], ')')) {
            asm_error(c, t->col, "expected %s(N) with an integer N", ctr[k].name);
            return false;
        }
        if (n->overflow || n->ival > ctr[k].max) {
            asm_error(c, n->col, "%s(%.*s) is out of range (0..%u on %s)", ctr[k].name, (int)n->len, n->p, ctr[k].max,
                      isa_target_name(c->target));
            return false;
        }
        val[k] = (unsigned)n->ival;
        seen[k] = any = true;
        *i += 4;
    }
    if (!any) {
        asm_error(c, c->tok[*i].col, "s_waitcnt needs vmcnt(N), expcnt(N), lgkmcnt(N) or an integer");
        return false;
    }
    /* gfx9's vmcnt bits 5:4 go to [15:14] (isa_waitcnt_vm_on). */
    *simm16 = (int32_t)((val[0] & 0xf) | (val[0] >> 4) << 14 | val[1] << ctr[1].shift | val[2] << ctr[2].shift);
    return true;
}

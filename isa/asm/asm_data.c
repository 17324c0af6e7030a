/* asm_data: sections, data directives, data labels and relocation operands (asm_data.h). The
 * directives and relocation variants are llvm-mc's for gfx803 (AMDGPUUsage, "Relocation Records");
 * what they collect is laid out and resolved by asm_link. */
#include "asm/asm_data.h"

#include "asm/asm_lex.h"
#include "common/le.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum {
    DATA_SECTION_MAX = 16u << 20, /* bytes per data section: far above any table, bounds the image */
    DATA_ALIGN_MAX = 1u << 16     /* the largest alignment (.p2align 16) */
};

static const char *const sec_names[ASM_NUM_SECS] = { ".text", ".rodata", ".data", ".bss", "" };

static const char *cur_name(const asm_ctx_t *c)
{
    return c->section == ASM_SEC_OTHER ? c->section_name : sec_names[c->section];
}

bool asm_data_in_data_section(const asm_ctx_t *c)
{
    return c->section == ASM_SEC_RODATA || c->section == ASM_SEC_DATA || c->section == ASM_SEC_BSS;
}

bool asm_data_code_allowed(asm_ctx_t *c, uint32_t col)
{
    if (c->section == ASM_SEC_TEXT)
        return true;
    asm_error(c, col, "instruction in section '%s': only .text holds code (write '.text' before it)", cur_name(c));
    return false;
}

/* ---- Sections -------------------------------------------------------------------------------- */

static bool has_prefix(const char *s, size_t n, const char *pre)
{
    size_t k = strlen(pre);
    return n >= k && memcmp(s, pre, k) == 0 && (n == k || s[k] == '.');
}

static void set_section(asm_ctx_t *c, const char *name, size_t n)
{
    uint8_t sec = ASM_SEC_OTHER;
    if (has_prefix(name, n, ".text"))
        sec = ASM_SEC_TEXT;
    else if (has_prefix(name, n, ".rodata"))
        sec = ASM_SEC_RODATA;
    else if (has_prefix(name, n, ".data"))
        sec = ASM_SEC_DATA;
    else if (has_prefix(name, n, ".bss"))
        sec = ASM_SEC_BSS;
    c->prev_section = c->section;
    c->section = sec;
    snprintf(c->section_name, sizeof c->section_name, "%.*s", (int)(n < 40 ? n : 40), name);
}

/* `.section NAME[, flags...]`: NAME an identifier or a quoted string; the flags (#alloc, "aw",
 * @progbits ...) do not matter to gcnsim, which decides by name. */
static bool section_directive(asm_ctx_t *c, uint32_t i)
{
    const asm_tok_t *t = &c->tok[i + 1];
    if (t->kind == TK_IDENT) {
        set_section(c, t->p, t->len);
        return true;
    }
    if (t->kind == TK_STRING && t->len >= 2 && t->p[t->len - 1] == '"') {
        set_section(c, t->p + 1, t->len - 2);
        return true;
    }
    asm_error(c, t->col, "expected a section name after '.section'");
    return false;
}

/* ---- Section contents -------------------------------------------------------------------------- */

static asm_section_t *cur_sec(asm_ctx_t *c) { return &c->secs[c->section]; }

/* Room for n more bytes in the current section; returns where they go (NULL for .bss, whose
 * bytes are zero, and for the sections gcnsim does not load), or sets *ok false. */
static uint8_t *emit(asm_ctx_t *c, uint64_t n, uint32_t col, bool *ok)
{
    asm_section_t *s = cur_sec(c);
    if ((uint64_t)s->size + n > DATA_SECTION_MAX) {
        asm_error(c, col, "section '%s' would exceed %u bytes", cur_name(c), DATA_SECTION_MAX);
        *ok = false;
        return NULL;
    }
    uint32_t at = s->size;
    s->size += (uint32_t)n;
    if (c->section == ASM_SEC_BSS || c->section == ASM_SEC_OTHER)
        return NULL;
    if (!asm_grow((void **)&s->bytes, &s->cap, s->size, 1)) {
        asm_error(c, col, "out of memory");
        *ok = false;
        return NULL;
    }
    memset(s->bytes + at, 0, n);
    return s->bytes + at;
}

/* Where data may go: .rodata, .data, .bss (zeros only) or a section gcnsim does not load. */
static bool data_allowed(asm_ctx_t *c, const asm_tok_t *d, bool nonzero)
{
    if (c->section == ASM_SEC_TEXT) {
        asm_error(c, d->col, "data directive '%.*s' in .text: gcnsim keeps no data in the code section (put it in "
                  ".rodata or .data)", (int)d->len, d->p);
        return false;
    }
    if (c->section == ASM_SEC_BSS && nonzero) {
        asm_error(c, d->col, "'%.*s' with a non-zero value in .bss, which holds only zeros (use .zero, or .data)",
                  (int)d->len, d->p);
        return false;
    }
    return true;
}

/* A signed or unsigned integer value (a leading '-' belongs to it). */
static bool int_value(asm_ctx_t *c, uint32_t *i, int64_t *v, uint64_t *u, bool *neg)
{
    *neg = asm_tok_punct(&c->tok[*i], '-');
    if (*neg)
        (*i)++;
    const asm_tok_t *t = &c->tok[*i];
    if (t->kind != TK_INT || t->overflow) {
        asm_error(c, t->col, t->kind == TK_INT ? "integer is too large" : "expected an integer");
        return false;
    }
    *u = t->ival;
    *v = *neg ? -(int64_t)t->ival : (int64_t)t->ival;
    if (*neg && t->ival > (uint64_t)INT64_MAX + 1) {
        asm_error(c, t->col, "integer is too large");
        return false;
    }
    (*i)++;
    return true;
}

/* An addend: `+N`, `-N`, or a chain of them (`+4-8`), each N below 2^31; absent is 0. */
static bool parse_addend(asm_ctx_t *c, uint32_t *i, int64_t *addend)
{
    *addend = 0;
    while (asm_tok_punct(&c->tok[*i], '+') || asm_tok_punct(&c->tok[*i], '-')) {
        bool minus = asm_tok_punct(&c->tok[*i], '-');
        const asm_tok_t *n = &c->tok[*i + 1];
        if (n->kind != TK_INT || n->overflow || n->ival > (uint64_t)INT32_MAX) {
            asm_error(c, n->col, "expected an integer addend (up to 2^31 - 1) after '%c'", minus ? '-' : '+');
            return false;
        }
        *addend += minus ? -(int64_t)n->ival : (int64_t)n->ival;
        if (*addend > INT32_MAX || *addend < INT32_MIN) {
            asm_error(c, n->col, "the addend is out of range (a signed 32-bit value)");
            return false;
        }
        *i += 2;
    }
    return true;
}

/* A relocated value in data: `.quad sym[+-N]` or `.long sym@abs32@lo[+-N]`. */
static bool data_symbol(asm_ctx_t *c, uint32_t *i, unsigned size, uint32_t off)
{
    const asm_tok_t *t = &c->tok[*i];
    asm_reloc_ref_t r = { c->line + (t->p - c->clean), t->len, ASM_RELOC_NONE, 0, t->col };
    (*i)++;
    if (asm_tok_punct(&c->tok[*i], '@')) {
        if (!asm_parse_reloc(c, i, &r))
            return false;
    } else {
        r.kind = ASM_RELOC_ABS64;
        if (!parse_addend(c, i, &r.addend))
            return false;
    }
    bool is64 = r.kind == ASM_RELOC_ABS64;
    bool is32 = r.kind == ASM_RELOC_ABS32_LO || r.kind == ASM_RELOC_ABS32_HI;
    if ((size == 8 && !is64) || (size == 4 && !is32) || size < 4) {
        asm_error(c, r.col, "a symbol in data must be '.quad SYM[+N]' (its 64-bit address) or '.long SYM@abs32@lo' / "
                  "'@abs32@hi' (a half of it)");
        return false;
    }
    if (c->section == ASM_SEC_OTHER)
        return true; /* not loaded: nothing to fill */
    if (!asm_grow((void **)&c->dfix, &c->dfix_cap, c->ndfix + 1, sizeof *c->dfix)) {
        asm_error(c, r.col, "out of memory");
        return false;
    }
    c->dfix[c->ndfix++] = (asm_dfixup_t){ r, c->section, off, c->lineno, c->line, c->line_len };
    return true;
}

/* .byte/.short/.long/.quad (and their .2byte/.4byte/.8byte/.int/.value spellings): a list. */
static bool int_list(asm_ctx_t *c, uint32_t i, unsigned size)
{
    const asm_tok_t *d = &c->tok[i];
    i++;
    bool ok = true;
    if (c->tok[i].kind == TK_END) {
        asm_error(c, c->tok[i].col, "expected a value after '%.*s'", (int)d->len, d->p);
        return false;
    }
    for (;;) {
        const asm_tok_t *t = &c->tok[i];
        if (t->kind == TK_IDENT) {
            if (!data_allowed(c, d, true))
                return false;
            uint8_t *p = emit(c, size, t->col, &ok);
            if (!ok || !data_symbol(c, &i, size, cur_sec(c)->size - size))
                return false;
            (void)p;
        } else {
            int64_t v;
            uint64_t u;
            bool neg;
            uint32_t col = t->col;
            if (!int_value(c, &i, &v, &u, &neg))
                return false;
            if (size < 8) {
                int64_t lo = -((int64_t)1 << (size * 8 - 1));
                uint64_t hi = (1ull << (size * 8)) - 1;
                if (neg ? v < lo : u > hi) {
                    asm_error(c, col, "value %s%" PRIu64 " does not fit in %u byte%s", neg ? "-" : "", u, size,
                              size == 1 ? "" : "s");
                    return false;
                }
            }
            if (!data_allowed(c, d, v != 0))
                return false;
            uint8_t *p = emit(c, size, col, &ok);
            if (!ok)
                return false;
            if (p)
                le_put(p, size, (uint64_t)v);
        }
        if (c->tok[i].kind == TK_END)
            return true;
        if (!asm_tok_punct(&c->tok[i], ',')) {
            asm_error(c, c->tok[i].col, "expected ',' or the end of the line in the value list");
            return false;
        }
        i++;
    }
}

/* .zero/.space/.skip N[, FILL]. */
static bool fill_directive(asm_ctx_t *c, uint32_t i)
{
    const asm_tok_t *d = &c->tok[i];
    const asm_tok_t *t = &c->tok[i + 1];
    if (t->kind != TK_INT || t->overflow || t->ival > DATA_SECTION_MAX) {
        asm_error(c, t->col, "'%.*s' needs a byte count (0..%u)", (int)d->len, d->p, DATA_SECTION_MAX);
        return false;
    }
    uint64_t n = t->ival, fill = 0;
    uint32_t j = i + 2;
    if (asm_tok_punct(&c->tok[j], ',')) {
        int64_t v;
        bool neg;
        uint32_t col = c->tok[j + 1].col;
        j++;
        if (!int_value(c, &j, &v, &fill, &neg))
            return false;
        if (neg ? v < -128 : fill > 255) {
            asm_error(c, col, "the fill value of '%.*s' must fit in a byte", (int)d->len, d->p);
            return false;
        }
        fill = (uint64_t)v & 0xff;
    }
    if (c->tok[j].kind != TK_END) {
        asm_error(c, c->tok[j].col, "unexpected '%.*s' after '%.*s'", (int)c->tok[j].len, c->tok[j].p, (int)d->len, d->p);
        return false;
    }
    if (!data_allowed(c, d, fill != 0 && n != 0))
        return false;
    bool ok = true;
    uint8_t *p = emit(c, n, t->col, &ok);
    if (p)
        memset(p, (int)fill, n);
    return ok;
}

/* .ascii/.asciz/.string "...": C escapes (\n \t \\ \" \xHH \NNN octal). */
static bool string_directive(asm_ctx_t *c, uint32_t i, bool nul)
{
    const asm_tok_t *d = &c->tok[i];
    uint32_t j = i + 1;
    for (;;) {
        const asm_tok_t *t = &c->tok[j];
        /* Closed by a quote that no backslash escapes. */
        uint32_t bs = 0;
        while (t->len >= 2 && bs + 2 < t->len && t->p[t->len - 2 - bs] == '\\')
            bs++;
        if (t->kind != TK_STRING || t->len < 2 || t->p[t->len - 1] != '"' || bs % 2) {
            asm_error(c, t->col, "'%.*s' needs a string in double quotes", (int)d->len, d->p);
            return false;
        }
        uint8_t buf[256];
        uint32_t n = 0;
        bool nonzero = false, ok = true;
        for (uint32_t k = 1; k + 1 < t->len;) {
            if (n + 2 > sizeof buf) {
                uint8_t *p = emit(c, n, t->col, &ok);
                if (!ok)
                    return false;
                if (p)
                    memcpy(p, buf, n);
                n = 0;
            }
            char ch = t->p[k++];
            if (ch != '\\') {
                buf[n++] = (uint8_t)ch;
                nonzero = true;
                continue;
            }
            char e = t->p[k++];
            unsigned v = 0;
            if (e >= '0' && e <= '7') {
                v = (unsigned)(e - '0');
                for (int m = 0; m < 2 && k + 1 < t->len && t->p[k] >= '0' && t->p[k] <= '7'; m++)
                    v = v * 8 + (unsigned)(t->p[k++] - '0');
            } else if (e == 'x' || e == 'X') {
                int digits = 0;
                while (k + 1 < t->len && strchr("0123456789abcdefABCDEF", t->p[k]) && t->p[k]) {
                    char h = t->p[k++];
                    v = v * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
                    digits++;
                }
                if (!digits) {
                    asm_error(c, t->col + k - 1, "'\\x' needs hexadecimal digits");
                    return false;
                }
            } else {
                const char *from = "nrtbfav\\\"'", *to = "\n\r\t\b\f\a\v\\\"'";
                const char *f = strchr(from, e);
                if (!f || !e) {
                    asm_error(c, t->col + k - 1, "unknown escape '\\%c' in a string", e ? e : ' ');
                    return false;
                }
                v = (unsigned char)to[f - from];
            }
            buf[n++] = (uint8_t)v;
            nonzero |= (v & 0xff) != 0;
        }
        if (nul)
            buf[n++] = 0;
        if (!data_allowed(c, d, nonzero))
            return false;
        uint8_t *p = emit(c, n, t->col, &ok);
        if (!ok)
            return false;
        if (p)
            memcpy(p, buf, n);
        j++;
        if (c->tok[j].kind == TK_END)
            return true;
        if (!asm_tok_punct(&c->tok[j], ',')) {
            asm_error(c, c->tok[j].col, "expected ',' or the end of the line after the string");
            return false;
        }
        j++;
    }
}

/* .p2align P[, FILL[, MAX]], .balign/.align BYTES[, FILL[, MAX]] (.align counts bytes on AMDGPU,
 * as llvm-mc reads it). In .text they are accepted and ignored: instructions are not padded. */
static bool align_directive(asm_ctx_t *c, uint32_t i, bool pow2)
{
    const asm_tok_t *d = &c->tok[i];
    const asm_tok_t *t = &c->tok[i + 1];
    uint64_t a;
    if (t->kind != TK_INT || t->overflow || (pow2 ? t->ival > 16 : t->ival > DATA_ALIGN_MAX)) {
        asm_error(c, t->col, "'%.*s' needs %s", (int)d->len, d->p,
                  pow2 ? "a power of two's exponent (0..16)" : "an alignment in bytes (a power of two up to 65536)");
        return false;
    }
    a = pow2 ? 1ull << t->ival : t->ival;
    if (a == 0)
        a = 1;
    if (a & (a - 1)) {
        asm_error(c, t->col, "alignment %" PRIu64 " is not a power of two", a);
        return false;
    }
    uint64_t fill = 0, max = UINT64_MAX;
    uint32_t j = i + 2;
    if (asm_tok_punct(&c->tok[j], ',')) {
        j++;
        if (!asm_tok_punct(&c->tok[j], ',')) {
            int64_t v;
            bool neg;
            if (!int_value(c, &j, &v, &fill, &neg))
                return false;
            fill = (uint64_t)v & 0xff;
        }
        if (asm_tok_punct(&c->tok[j], ',')) {
            int64_t v;
            bool neg;
            j++;
            if (!int_value(c, &j, &v, &max, &neg))
                return false;
        }
    }
    if (c->tok[j].kind != TK_END) {
        asm_error(c, c->tok[j].col, "unexpected '%.*s' after '%.*s'", (int)c->tok[j].len, c->tok[j].p, (int)d->len, d->p);
        return false;
    }
    if (c->section == ASM_SEC_TEXT)
        return true;
    asm_section_t *s = cur_sec(c);
    if (a > s->align)
        s->align = (uint32_t)a;
    uint64_t pad = (a - s->size % a) % a;
    if (pad == 0 || pad > max)
        return true;
    bool ok = true;
    uint8_t *p = emit(c, pad, t->col, &ok);
    if (p)
        memset(p, (int)fill, pad);
    return ok;
}

/* The token's text is s, whatever its kind (".2byte" lexes as a malformed number). */
static bool text_is(const asm_tok_t *t, const char *s)
{
    return strlen(s) == t->len && memcmp(t->p, s, t->len) == 0;
}

bool asm_data_directive(asm_ctx_t *c, uint32_t i, bool *ok)
{
    const asm_tok_t *t = &c->tok[i];
    static const struct {
        const char *name;
        unsigned size;
    } ints[] = { { ".byte", 1 }, { ".short", 2 }, { ".2byte", 2 }, { ".value", 2 }, { ".long", 4 }, { ".int", 4 },
                 { ".4byte", 4 }, { ".quad", 8 }, { ".8byte", 8 } };
    for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++)
        if (text_is(t, ints[k].name)) {
            *ok = int_list(c, i, ints[k].size);
            return true;
        }
    if (asm_tok_is(t, ".text") || asm_tok_is(t, ".data") || asm_tok_is(t, ".bss")) {
        set_section(c, t->p, t->len);
        *ok = true;
        if (c->tok[i + 1].kind != TK_END) {
            asm_error(c, c->tok[i + 1].col, "unexpected '%.*s' after '%.*s' (subsections are not supported)",
                      (int)c->tok[i + 1].len, c->tok[i + 1].p, (int)t->len, t->p);
            *ok = false;
        }
        return true;
    }
    if (asm_tok_is(t, ".section")) {
        *ok = section_directive(c, i);
        return true;
    }
    if (asm_tok_is(t, ".previous")) {
        uint8_t s = c->section;
        c->section = c->prev_section;
        c->prev_section = s;
        snprintf(c->section_name, sizeof c->section_name, "%s", sec_names[c->section]);
        *ok = true;
        return true;
    }
    if (asm_tok_is(t, ".zero") || asm_tok_is(t, ".space") || asm_tok_is(t, ".skip")) {
        *ok = fill_directive(c, i);
        return true;
    }
    if (asm_tok_is(t, ".ascii") || asm_tok_is(t, ".asciz") || asm_tok_is(t, ".string")) {
        *ok = string_directive(c, i, !asm_tok_is(t, ".ascii"));
        return true;
    }
    if (asm_tok_is(t, ".p2align") || asm_tok_is(t, ".balign") || asm_tok_is(t, ".align")) {
        *ok = align_directive(c, i, asm_tok_is(t, ".p2align"));
        return true;
    }
    return false;
}

/* ---- Data symbols ------------------------------------------------------------------------------ */

/* Data symbols are found through an open-addressing hash table, so that assembling stays linear
 * in the number of labels (docs/asm.md, "Diagnostics"). */
static uint32_t *dsym_slot(const asm_ctx_t *c, const char *name, uint32_t len)
{
    uint32_t mask = c->dsym_hash_size - 1, h = asm_hash(name, len) & mask;
    while (c->dsym_hash[h]) {
        const asm_dsym_t *s = &c->dsyms[c->dsym_hash[h] - 1];
        if (s->len == len && memcmp(s->name, name, len) == 0)
            break;
        h = (h + 1) & mask;
    }
    return &c->dsym_hash[h];
}

int32_t asm_data_find(const asm_ctx_t *c, const char *name, uint32_t len)
{
    if (!c->dsym_hash_size)
        return -1;
    uint32_t v = *dsym_slot(c, name, len);
    return v ? (int32_t)v - 1 : -1;
}

void asm_data_label(asm_ctx_t *c, const char *name, uint32_t len, uint32_t col)
{
    int32_t old = asm_data_find(c, name, len);
    if (old >= 0) {
        asm_error(c, col, "label '%.*s' is already defined on line %u", (int)len, name, c->dsyms[old].line);
        return;
    }
    if ((c->ndsyms + 1) * 2 > c->dsym_hash_size) {
        uint32_t size = c->dsym_hash_size ? c->dsym_hash_size * 2 : 64;
        uint32_t *h = calloc(size, sizeof *h);
        if (!h) {
            asm_error(c, col, "out of memory");
            return;
        }
        free(c->dsym_hash);
        c->dsym_hash = h;
        c->dsym_hash_size = size;
        for (uint32_t k = 0; k < c->ndsyms; k++)
            *dsym_slot(c, c->dsyms[k].name, c->dsyms[k].len) = k + 1;
    }
    if (!asm_grow((void **)&c->dsyms, &c->dsyms_cap, c->ndsyms + 1, sizeof *c->dsyms)) {
        asm_error(c, col, "out of memory");
        return;
    }
    c->dsyms[c->ndsyms++] = (asm_dsym_t){ name, len, c->section, c->secs[c->section].size, c->lineno };
    *dsym_slot(c, name, len) = c->ndsyms;
}

/* ---- Relocation operands ----------------------------------------------------------------------- */

bool asm_parse_reloc(asm_ctx_t *c, uint32_t *i, asm_reloc_ref_t *r)
{
    const asm_tok_t *at = &c->tok[*i];
    const asm_tok_t *k = &c->tok[*i + 1];
    if (k->kind != TK_IDENT) {
        asm_error(c, at->col, "expected a relocation kind after '@' (rel32@lo, rel32@hi, gotpcrel32@lo, "
                  "gotpcrel32@hi, gotpcrel, abs32@lo, abs32@hi)");
        return false;
    }
    *i += 2;
    bool lo = false, hi = false;
    if (asm_tok_punct(&c->tok[*i], '@') && c->tok[*i + 1].kind == TK_IDENT) {
        lo = asm_tok_is(&c->tok[*i + 1], "lo");
        hi = asm_tok_is(&c->tok[*i + 1], "hi");
        if (!lo && !hi) {
            asm_error(c, c->tok[*i + 1].col, "expected '@lo' or '@hi' after '@%.*s'", (int)k->len, k->p);
            return false;
        }
        *i += 2;
    }
    if (asm_tok_is(k, "rel32") && (lo || hi))
        r->kind = lo ? ASM_RELOC_REL32_LO : ASM_RELOC_REL32_HI;
    else if (asm_tok_is(k, "gotpcrel32") && (lo || hi))
        r->kind = lo ? ASM_RELOC_GOTPCREL32_LO : ASM_RELOC_GOTPCREL32_HI;
    else if (asm_tok_is(k, "gotpcrel") && !lo && !hi)
        r->kind = ASM_RELOC_GOTPCREL32_LO; /* R_AMDGPU_GOTPCREL: the 32-bit G + A - P */
    else if (asm_tok_is(k, "abs32") && (lo || hi))
        r->kind = lo ? ASM_RELOC_ABS32_LO : ASM_RELOC_ABS32_HI;
    else {
        asm_error(c, k->col, "relocation '@%.*s%s' is not supported (gcnsim links rel32@lo, rel32@hi, gotpcrel32@lo, "
                  "gotpcrel32@hi, gotpcrel, abs32@lo and abs32@hi)", (int)k->len, k->p, lo ? "@lo" : hi ? "@hi" : "");
        return false;
    }
    return parse_addend(c, i, &r->addend);
}

void asm_data_free(asm_ctx_t *c)
{
    for (int s = 0; s < ASM_NUM_SECS; s++)
        free(c->secs[s].bytes);
    free(c->dsyms);
    free(c->dsym_hash);
    free(c->dfix);
}

/* asm_diag: how a diagnostic's text is printed (asm_diag.h). */
#include "asm/asm_diag.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The length of the well-formed UTF-8 sequence at p (at most n bytes), 0 if there is none. */
static size_t utf8_len(const unsigned char *p, size_t n)
{
    size_t len = p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : p[0] >= 0xe0 ? 3 : p[0] >= 0xc2 && p[0] < 0xe0 ? 2 : 0;
    if (len == 0 || len > n)
        return 0;
    for (size_t k = 1; k < len; k++)
        if ((p[k] & 0xc0) != 0x80)
            return 0;
    if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0) || (p[0] == 0xf0 && p[1] < 0x90) ||
        (p[0] == 0xf4 && p[1] >= 0x90))
        return 0; /* overlong, surrogate or beyond U+10FFFF */
    return len;
}

/* Control bytes (with keep_space, but tab and newline), malformed UTF-8 and U+FEFF as \xNN. */
static void put_escaped_as(const unsigned char *p, size_t n, bool keep_space, FILE *out)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i] >= 0x80) {
            size_t len = utf8_len(p + i, n - i);
            if (len && !(len == 3 && memcmp(p + i, "\xEF\xBB\xBF", 3) == 0)) {
                fwrite(p + i, 1, len, out);
                i += len - 1;
                continue;
            }
        }
        if ((p[i] < 0x20 && !(keep_space && (p[i] == '\t' || p[i] == '\n'))) || p[i] >= 0x7f)
            fprintf(out, "\\x%02x", p[i]);
        else
            fputc(p[i], out);
    }
}

/* Control bytes (but tab and newline), malformed UTF-8 and the invisible U+FEFF as \xNN. */
static void put_escaped(const unsigned char *p, size_t n, FILE *out)
{
    put_escaped_as(p, n, true, out);
}

void asm_diag_put_name(FILE *out, const char *name)
{
    put_escaped_as((const unsigned char *)name, strlen(name), false, out);
}

char *asm_diag_name(const char *name)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return NULL;
    asm_diag_put_name(m, name);
    if (fclose(m) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

size_t asm_diag_name_to(const char *name, char *buf, size_t n)
{
    char *e = asm_diag_name(name);
    size_t len = e ? strlen(e) : 1;
    if (n)
        snprintf(buf, n, "%s", e ? e : "?");
    free(e);
    return len;
}

void asm_diag_puts(const char *text, FILE *out)
{
    enum { WORD_MAX = 80, WORD_KEPT = 77 };
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        size_t gap = strspn((const char *)p, " \t\n");
        put_escaped(p, gap, out);
        p += gap;
        size_t word = strcspn((const char *)p, " \t\n");
        put_escaped(p, word > WORD_MAX ? WORD_KEPT : word, out);
        if (word > WORD_MAX)
            fputs("...", out);
        p += word;
    }
}

void asm_diag_vprintf(FILE *out, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    char *msg = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (msg) {
        vsnprintf(msg, (size_t)n + 1, fmt, ap);
        asm_diag_puts(msg, out);
        free(msg);
    } else {
        fputs("(out of memory formatting the message)", out);
    }
    fputc('\n', out);
}

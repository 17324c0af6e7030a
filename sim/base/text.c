/* txt: trimming, bounded appending and "did you mean" suggestions (sim/base/text.h). */
#include "base/text.h"

#include <stdbool.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

char *txt_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

unsigned txt_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return 64;
    unsigned d[64][64];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (unsigned)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (unsigned)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            unsigned v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < v)
                v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[la][lb];
}

const char *txt_nearest(const char *word, const char *const *cands, size_t n, unsigned max_edits)
{
    const char *best = NULL;
    unsigned bd = max_edits + 1;
    for (size_t i = 0; i < n; i++) {
        unsigned d = txt_edit_distance(word, cands[i]);
        if (d < bd && d < strlen(cands[i])) {
            bd = d;
            best = cands[i];
        }
    }
    return best;
}

void txt_appendf(char *buf, size_t n, size_t *at, const char *fmt, ...)
{
    if (*at >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + *at, n - *at, fmt, ap);
    va_end(ap);
    if (w > 0)
        *at = *at + (size_t)w < n ? *at + (size_t)w : n - 1;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Whether the line may break at the space text[at] (line start `from`): not inside a run of
 * spaces (a label's gap), not between a label and its number ("launching 0.2%", "first: 9") nor
 * between a bare number and its unit ("3.56 bytes/cycle"). */
static bool breakable(const char *text, size_t from, size_t at)
{
    if (at <= from || text[at - 1] == ' ' || text[at + 1] == ' ')
        return false;
    size_t w = at;
    while (w > from && text[w - 1] != ' ')
        w--;
    char first = text[w], last = text[at - 1], after = text[at + 1];
    if (is_letter(first) && (is_letter(last) || last == ':') && is_digit(after))
        return false;
    return !(is_digit(last) && is_letter(after));
}

void txt_wrap(FILE *out, const char *text, size_t width)
{
    while (*text) {
        size_t len = strcspn(text, "\n");
        const char *next = text + len + (text[len] == '\n');
        if (len <= width || text[0] == ' ') {
            fwrite(text, 1, len, out);
            fputc('\n', out);
            text = next;
            continue;
        }
        size_t indent = 14;
        const char *gap = strstr(text, "  ");
        if (gap && (size_t)(gap - text) < len) {
            size_t at = (size_t)(gap - text);
            while (at < len && text[at] == ' ')
                at++;
            if (at < 24)
                indent = at;
        }
        size_t pos = 0, room = width;
        while (len - pos > room) {
            size_t cut = pos + room;
            while (cut > pos && (text[cut] != ' ' || !breakable(text, pos, cut)))
                cut--;
            if (cut == pos) { /* any space, then a run longer than the room: break after it */
                cut = pos + room;
                while (cut > pos && text[cut] != ' ')
                    cut--;
            }
            if (cut == pos) {
                cut = pos + room;
                while (cut < len && text[cut] != ' ')
                    cut++;
                if (cut >= len)
                    break;
            }
            fwrite(text + pos, 1, cut - pos, out);
            fprintf(out, "\n%*s", (int)indent, "");
            pos = cut + 1;
            room = width - indent;
        }
        fwrite(text + pos, 1, len - pos, out);
        fputc('\n', out);
        text = next;
    }
}

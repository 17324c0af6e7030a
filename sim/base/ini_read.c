/* ini_read: see ini_read.h. */
#include "base/ini_read.h"

#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text.h"

typedef struct {
    const fio_text_t *text;
    size_t pos; /* the reader's position in text */
    char *line;
    size_t cap;
    uint32_t lineno;
    const ini_read_ops_t *ops;
    void *user;
} reader_t;

static void __attribute__((format(printf, 3, 4))) error(reader_t *r, uint32_t line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    r->ops->error(r->user, line, fmt, ap);
    va_end(ap);
}

static char *blank(char *str, int num)
{
    snprintf(str, (size_t)num, "\n");
    return str;
}

/* A section header t ("[...") of the current line: what inih gets, or a blank line. */
static char *header(reader_t *r, char *t, char *str, int num)
{
    char *close = strchr(t, ']');
    if (!close) {
        error(r, r->lineno, "section header '%s' has no closing ']'", t);
        r->ops->section(r->user, NULL, r->lineno);
        return blank(str, num);
    }
    if (!r->ops->inline_comments) {
        *close = '\0';
        r->ops->section(r->user, t + 1, r->lineno);
        *close = ']';
        snprintf(str, (size_t)num, "%s\n", t);
        return str;
    }
    if (*txt_trim(close + 1) != '\0') {
        error(r, r->lineno, "unexpected text '%s' after the section header", close + 1);
        r->ops->section(r->user, NULL, r->lineno);
        return blank(str, num);
    }
    *close = '\0';
    char *name = txt_trim(t + 1);
    r->ops->section(r->user, name, r->lineno);
    snprintf(str, (size_t)num, "[%s]\n", name);
    return str;
}

/* inih's line reader: inih's line buffer holds num bytes, the text, a newline and the terminator. */
static char *next_line(char *str, int num, void *stream)
{
    reader_t *r = stream;
    long n = fio_getline(r->text, &r->pos, &r->line, &r->cap);
    if (n < 0)
        return NULL;
    r->lineno++;
    char *t;
    if (r->ops->inline_comments) {
        r->line[strcspn(r->line, ";#")] = '\0';
        t = txt_trim(r->line);
        if (*t == '\0')
            return blank(str, num);
        if (strlen(t) > (size_t)num - 2) {
            error(r, r->lineno, "line too long (%zu characters; at most %d)", strlen(t), num - 2);
            return blank(str, num);
        }
    } else {
        long len = n;
        while (len > 0 && (r->line[len - 1] == '\n' || r->line[len - 1] == '\r'))
            len--;
        if (len > num - 2) {
            error(r, r->lineno, "line too long (%ld characters; at most %d)", len, num - 2);
            return blank(str, num);
        }
        /* Leading whitespace would make inih treat the line as a continuation of the previous
         * value; the formats have no multi-line values, so every line is read trimmed. */
        t = txt_trim(r->line);
        if (*t == '\0' || *t == ';' || *t == '#')
            return blank(str, num);
    }
    if (*t == '[')
        return header(r, t, str, num);
    if (!strpbrk(t, "=:")) {
        error(r, r->lineno, "expected 'key = value', '[section]' or a comment, got '%s'", t);
        return blank(str, num);
    }
    snprintf(str, (size_t)num, "%s\n", t);
    return str;
}

static int on_entry(void *user, const char *section, const char *name, const char *value)
{
    reader_t *r = user;
    return r->ops->entry(r->user, section, name, value, r->lineno, r->line);
}

int ini_read_text(const fio_text_t *text, const ini_read_ops_t *ops, void *user)
{
    reader_t r = { text, 0, NULL, 0, 0, ops, user };
    int rc = ini_parse_stream(next_line, &r, on_entry, &r);
    free(r.line);
    return rc;
}

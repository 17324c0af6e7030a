/* json_out: the one JSON writer and its escaper (json_out.h). The containers' nesting is the
 * program's, never the input's, so a fixed stack suffices; deeper nesting is not tracked (and
 * would be a bug in the caller) but never writes out of bounds. The text goes through the
 * writer's own buffer: a Perfetto export is millions of small tokens, and a stdio call (with
 * its lock) per token made it half as slow again. */
#include "observe/json_out.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

void jout_init(jout_t *j, FILE *out, bool compact)
{
    j->out = out;
    j->compact = compact;
    j->depth = 0;
    j->after_key = false;
    j->n = 0;
}

void jout_flush(jout_t *j)
{
    if (j->n)
        fwrite(j->buf, 1, j->n, j->out);
    j->n = 0;
}

static void put(jout_t *j, const char *s, size_t len)
{
    if (j->n + len > sizeof j->buf) {
        jout_flush(j);
        if (len > sizeof j->buf) {
            fwrite(s, 1, len, j->out);
            return;
        }
    }
    memcpy(j->buf + j->n, s, len);
    j->n += len;
}

static void putch(jout_t *j, char c)
{
    if (j->n == sizeof j->buf)
        jout_flush(j);
    j->buf[j->n++] = c;
}

static void puts_(jout_t *j, const char *s)
{
    put(j, s, strlen(s));
}

/* The string literal: quotes, backslashes and control characters escaped, runs of other bytes
 * copied as they are. */
static void escape(jout_t *j, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    const char *run = s;
    putch(j, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        put(j, run, (size_t)(s - run));
        if (c < 0x20) {
            char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
            put(j, u, sizeof u);
        } else {
            putch(j, '\\');
            putch(j, (char)c);
        }
        run = s + 1;
    }
    put(j, run, (size_t)(s - run));
    putch(j, '"');
}

/* A line break and two spaces per open container (the first n) that wraps; none when compact. */
static void indent(jout_t *j, unsigned n)
{
    putch(j, '\n');
    if (j->compact)
        return;
    for (unsigned i = 0; i < n && i < JOUT_MAX_DEPTH; i++)
        if (j->open[i].flags & JOUT_WRAP)
            put(j, "  ", 2);
}

/* What comes before an item: nothing after a key; else the comma and the space or line break. */
static void item(jout_t *j)
{
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (j->depth == 0 || j->depth > JOUT_MAX_DEPTH)
        return;
    jout_level_t *top = &j->open[j->depth - 1];
    if (top->items)
        putch(j, ',');
    if (top->flags & JOUT_WRAP)
        indent(j, j->depth);
    else if (top->items && !j->compact)
        putch(j, ' ');
    top->items = true;
}

static void open_container(jout_t *j, char open, char close, unsigned flags)
{
    item(j);
    putch(j, open);
    if (j->depth < JOUT_MAX_DEPTH) {
        j->open[j->depth].items = false;
        j->open[j->depth].flags = flags;
        j->open[j->depth].close = close;
    }
    j->depth++;
}

void jout_object(jout_t *j, unsigned flags)
{
    open_container(j, '{', '}', flags);
}

void jout_array(jout_t *j, unsigned flags)
{
    open_container(j, '[', ']', flags);
}

void jout_end(jout_t *j)
{
    if (j->depth == 0)
        return;
    j->depth--;
    if (j->depth < JOUT_MAX_DEPTH) {
        if ((j->open[j->depth].flags & JOUT_CLOSE) && j->open[j->depth].items)
            indent(j, j->depth);
        putch(j, j->open[j->depth].close);
    }
    if (j->depth == 0)
        jout_flush(j);
}

void jout_wrap(jout_t *j, bool wrap)
{
    if (j->depth == 0 || j->depth > JOUT_MAX_DEPTH)
        return;
    unsigned *f = &j->open[j->depth - 1].flags;
    *f = wrap ? *f | JOUT_WRAP : *f & ~(unsigned)JOUT_WRAP;
}

void jout_key(jout_t *j, const char *key)
{
    item(j);
    escape(j, key);
    if (j->compact)
        putch(j, ':');
    else
        put(j, ": ", 2);
    j->after_key = true;
}

void jout_str(jout_t *j, const char *s)
{
    item(j);
    if (s)
        escape(j, s);
    else
        put(j, "null", 4);
}

/* Decimal digits by hand: the same text as "%" PRIu64, without printf's format parsing. */
static void put_u64(jout_t *j, uint64_t v)
{
    char d[20];
    size_t n = sizeof d;
    do
        d[--n] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    put(j, d + n, sizeof d - n);
}

void jout_u64(jout_t *j, uint64_t v)
{
    item(j);
    put_u64(j, v);
}

void jout_i64(jout_t *j, int64_t v)
{
    item(j);
    if (v < 0) {
        putch(j, '-');
        put_u64(j, 0 - (uint64_t)v);
    } else
        put_u64(j, (uint64_t)v);
}

/* A formatted number; longer than 400 characters (no caller's is) it is cut short. */
static void vnum(jout_t *j, const char *fmt, va_list ap)
{
    char t[400];
    int n = vsnprintf(t, sizeof t, fmt, ap);
    if (n > 0)
        put(j, t, (size_t)n < sizeof t ? (size_t)n : sizeof t - 1);
}

void jout_numf(jout_t *j, const char *fmt, ...)
{
    item(j);
    va_list ap;
    va_start(ap, fmt);
    vnum(j, fmt, ap);
    va_end(ap);
}

void jout_f6(jout_t *j, double v)
{
    jout_numf(j, "%.6f", v);
}

void jout_bool(jout_t *j, bool v)
{
    item(j);
    puts_(j, v ? "true" : "false");
}

void jout_null(jout_t *j)
{
    item(j);
    put(j, "null", 4);
}

void jout_limit(jout_t *j, uint32_t v)
{
    if (v == UINT32_MAX)
        jout_null(j);
    else
        jout_u64(j, v);
}

void jout_kstr(jout_t *j, const char *key, const char *s)
{
    jout_key(j, key);
    jout_str(j, s);
}

void jout_ku64(jout_t *j, const char *key, uint64_t v)
{
    jout_key(j, key);
    jout_u64(j, v);
}

void jout_ki64(jout_t *j, const char *key, int64_t v)
{
    jout_key(j, key);
    jout_i64(j, v);
}

void jout_kf6(jout_t *j, const char *key, double v)
{
    jout_key(j, key);
    jout_f6(j, v);
}

void jout_kbool(jout_t *j, const char *key, bool v)
{
    jout_key(j, key);
    jout_bool(j, v);
}

void jout_newline(jout_t *j)
{
    putch(j, '\n');
    jout_flush(j);
}

/* json_out: the one JSON writer and its escaper (json_out.h). The containers' nesting is the
 * program's, never the input's, so a fixed stack suffices; deeper nesting is not tracked (and
 * would be a bug in the caller) but never writes out of bounds. */
#include "observe/json_out.h"

#include <inttypes.h>
#include <stdarg.h>

void jout_init(jout_t *j, FILE *out, bool compact)
{
    *j = (jout_t){ .out = out, .compact = compact };
}

/* The string literal: quotes, backslashes and control characters escaped, runs of other bytes
 * written as they are. */
static void escape(FILE *out, const char *s)
{
    const char *run = s;
    putc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        fwrite(run, 1, (size_t)(s - run), out);
        if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else {
            putc('\\', out);
            putc(c, out);
        }
        run = s + 1;
    }
    fwrite(run, 1, (size_t)(s - run), out);
    putc('"', out);
}

/* Two spaces per open container (the first n) that wraps; none when compact. */
static void indent(jout_t *j, unsigned n)
{
    putc('\n', j->out);
    if (j->compact)
        return;
    for (unsigned i = 0; i < n && i < JOUT_MAX_DEPTH; i++)
        if (j->open[i].flags & JOUT_WRAP)
            fputs("  ", j->out);
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
        putc(',', j->out);
    if (top->flags & JOUT_WRAP)
        indent(j, j->depth);
    else if (top->items && !j->compact)
        putc(' ', j->out);
    top->items = true;
}

static void open_container(jout_t *j, char open, char close, unsigned flags)
{
    item(j);
    putc(open, j->out);
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
    if (j->depth >= JOUT_MAX_DEPTH)
        return;
    if ((j->open[j->depth].flags & JOUT_CLOSE) && j->open[j->depth].items)
        indent(j, j->depth);
    putc(j->open[j->depth].close, j->out);
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
    escape(j->out, key);
    fputs(j->compact ? ":" : ": ", j->out);
    j->after_key = true;
}

void jout_str(jout_t *j, const char *s)
{
    item(j);
    if (s)
        escape(j->out, s);
    else
        fputs("null", j->out);
}

/* Decimal digits by hand: the same text as "%" PRIu64, without printf's format parsing. */
static void put_u64(FILE *out, uint64_t v)
{
    char buf[20];
    size_t n = sizeof buf;
    do
        buf[--n] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    fwrite(buf + n, 1, sizeof buf - n, out);
}

void jout_u64(jout_t *j, uint64_t v)
{
    item(j);
    put_u64(j->out, v);
}

void jout_i64(jout_t *j, int64_t v)
{
    item(j);
    fprintf(j->out, "%" PRId64, v);
}

void jout_f6(jout_t *j, double v)
{
    item(j);
    fprintf(j->out, "%.6f", v);
}

void jout_bool(jout_t *j, bool v)
{
    item(j);
    fputs(v ? "true" : "false", j->out);
}

void jout_null(jout_t *j)
{
    item(j);
    fputs("null", j->out);
}

void jout_numf(jout_t *j, const char *fmt, ...)
{
    item(j);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(j->out, fmt, ap);
    va_end(ap);
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
    putc('\n', j->out);
}

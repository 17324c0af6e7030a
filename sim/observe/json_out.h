/* jout: the one JSON writer (run JSON, occupancy JSON, Perfetto export). The caller says what to
 * write — objects, arrays, keys, values — and the writer puts the punctuation: commas, the colon
 * after a key, quotes and escapes, line breaks and indentation. Needs: nothing.
 *
 * Layout, chosen per container when it is opened (and changeable with jout_wrap):
 *   inline      {"a": 1, "b": 2}
 *   JOUT_WRAP   every item on its own line, indented two spaces per open container that wraps
 *               (inline containers add no indentation)
 *   JOUT_CLOSE  the closing bracket on its own line too, when the container has items
 * A compact writer (jout_init's `compact`) puts no space after ':' and ',' and indents nothing;
 * it still breaks lines where a container wraps (the Perfetto export: one event a line).
 * The text is buffered and reaches the FILE when the top-level value ends (jout_end, jout_newline)
 * or on jout_flush: nothing else may write to that FILE in between. */
#ifndef GCNSIM_JSON_OUT_H
#define GCNSIM_JSON_OUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum { JOUT_MAX_DEPTH = 16, JOUT_BUF = 4096 };
enum { JOUT_WRAP = 1u << 0, JOUT_CLOSE = 1u << 1 };

typedef struct {
    bool items;     /* an item was written: the next one needs a comma */
    unsigned flags; /* JOUT_WRAP, JOUT_CLOSE */
    char close;     /* '}' or ']' */
} jout_level_t;

typedef struct {
    FILE *out;
    bool compact;
    unsigned depth; /* open containers */
    bool after_key; /* a key was written: the next value follows it directly */
    jout_level_t open[JOUT_MAX_DEPTH];
    size_t n;            /* bytes waiting in buf: written in blocks, not a stdio call per token */
    char buf[JOUT_BUF];
} jout_t;

void jout_init(jout_t *j, FILE *out, bool compact);

/* Open an object or an array (as a value: after a key, in an array or at the top) with its layout. */
void jout_object(jout_t *j, unsigned flags);
void jout_array(jout_t *j, unsigned flags);
/* Close the innermost container. */
void jout_end(jout_t *j);
/* Change whether the innermost container's next items go on their own lines. */
void jout_wrap(jout_t *j, bool wrap);

/* A member's key (the value follows with one of the calls below). */
void jout_key(jout_t *j, const char *key);

/* Values. jout_str writes null for NULL; the string is escaped: '"' and '\\' with a backslash,
 * control characters as \u00XX, every other byte as it is (UTF-8, valid or not, passes through). */
void jout_str(jout_t *j, const char *s);
void jout_u64(jout_t *j, uint64_t v);
void jout_i64(jout_t *j, int64_t v);
void jout_f6(jout_t *j, double v); /* "%.6f" */
void jout_bool(jout_t *j, bool v);
void jout_null(jout_t *j);
/* A number in a format of the caller's (e.g. fixed-point microseconds); printf-style. */
void jout_numf(jout_t *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* jout_u64 with UINT32_MAX ("no limit") as null. */
void jout_limit(jout_t *j, uint32_t v);

/* key + value in one call: the common case. */
void jout_kstr(jout_t *j, const char *key, const char *s);
void jout_ku64(jout_t *j, const char *key, uint64_t v);
void jout_ki64(jout_t *j, const char *key, int64_t v);
void jout_kf6(jout_t *j, const char *key, double v);
void jout_kbool(jout_t *j, const char *key, bool v);

/* After the top-level value: the final line break (and a flush). */
void jout_newline(jout_t *j);
/* Hand what is buffered to the FILE (done by itself when the top-level value ends). */
void jout_flush(jout_t *j);

#endif

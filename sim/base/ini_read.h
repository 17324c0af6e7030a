/* ini_read: the one INI reader of gcnsim's input files (machine files, sim/config; workload files,
 * sim/load), on inih. inih reports neither line numbers (Debian's libinih is built without
 * INI_HANDLER_LINENO) nor empty sections, so the lines come to it through this reader, which
 * counts them, trims them, drops comments, checks section headers and reports lines that are
 * neither a header nor key = value; what inih gets is a clean "[section]" or "key=value".
 * The caller formats its own messages (FILE:LINE: error: ...) and counts them.
 * Needs: inih, fileio (the file's text, its lines). */
#ifndef GCNSIM_INI_READ_H
#define GCNSIM_INI_READ_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/fileio.h"

typedef struct {
    /* true: ';' and '#' end any line (the values never hold them), and the line limit counts what
     * is left after them, trimmed; a header's name is trimmed and text after its ']' is an error.
     * false: a comment is a whole line (inih itself drops a " ;" comment at the end of one), the
     * limit counts the whole line, and a header goes to inih as written. */
    bool inline_comments;
    /* A section header at `line`: its name, or NULL when the header was malformed (reported). */
    void (*section)(void *user, const char *name, uint32_t line);
    /* A key = value of `section` ("" before any header) at `line`; `text` is the line as read (for
     * where the value starts in it). Returns 0 to stop. */
    int (*entry)(void *user, const char *section, const char *key, const char *value, uint32_t line,
                 const char *text);
    /* An error at `line`, as a printf format and its arguments. */
    void (*error)(void *user, uint32_t line, const char *fmt, va_list ap);
} ini_read_ops_t;

/* Read `text` line by line through inih. Returns inih's result: 0, -1 (out of memory), or the
 * first line inih itself found malformed (the callers report it as "malformed line" when nothing
 * else was). */
int ini_read_text(const fio_text_t *text, const ini_read_ops_t *ops, void *user);

#endif

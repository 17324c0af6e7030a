/* wl_entries: the reader of a workload file's lines, the entries and sections they give, --set
 * overrides, and the loading's shared tools (wl_entries.h). */
#include "load/wl_entries.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_diag.h"
#include "base/ini_read.h"
#include "base/text.h"

static void verr(wl_entries_t *c, uint32_t line, uint32_t col, int set, const char *fmt, va_list ap)
{
    if (++c->nerr > FIO_ERRORS_MAX)
        return;
    if (set)
        fprintf(c->err, "--set '%s': error: ", c->sets[set - 1]);
    else if (line && col)
        fprintf(c->err, "%s:%" PRIu32 ":%" PRIu32 ": error: ", c->path, line, col);
    else if (line)
        fprintf(c->err, "%s:%" PRIu32 ": error: ", c->path, line);
    else
        fprintf(c->err, "%s: error: ", c->path);
    asm_diag_vprintf(c->err, fmt, ap);
}

void wl_err_at(wl_entries_t *c, uint32_t line, int set, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(c, line, 0, set, fmt, ap);
    va_end(ap);
}

void wl_err_e(wl_entries_t *c, const wl_entry_t *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(c, e->line, 0, e->set, fmt, ap);
    va_end(ap);
}

void wl_err_val(wl_entries_t *c, const wl_entry_t *e, size_t off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(c, e->line, e->col && !e->set ? e->col + (uint32_t)off : 0, e->set, fmt, ap);
    va_end(ap);
}


/* "  buffer   x " -> "buffer x". */
static void norm_section(char *dst, size_t len, const char *src)
{
    size_t o = 0;
    bool space = false;
    for (const char *p = src; *p && o + 1 < len; p++) {
        if (isspace((unsigned char)*p)) {
            space = o > 0;
            continue;
        }
        if (space && o + 2 < len)
            dst[o++] = ' ';
        space = false;
        dst[o++] = *p;
    }
    dst[o] = '\0';
}

/* Bounded copy (snprintf("%s") would trip -Wformat-truncation for names read into smaller fields). */
void wl_scopy(char *dst, size_t len, const char *src)
{
    size_t n = strlen(src);
    if (n >= len)
        n = len - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

bool wl_is_ident(const char *s)
{
    if (!(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return false;
    return true;
}


void wl_oom(void)
{
    fputs("gcnsim: out of memory\n", stderr);
    exit(3);
}

void wl_ix_add(wl_ix_t **h, const char *key, size_t len, size_t idx)
{
    wl_ix_t *n = malloc(sizeof *n + len + 1);
    if (!n)
        wl_oom();
    memcpy(n->key, key, len);
    n->key[len] = '\0';
    n->len = len;
    n->idx = idx;
    HASH_ADD_KEYPTR(hh, *h, n->key, n->len, n);
}

/* The index stored under key, or -1. */
long wl_ix_find(wl_ix_t *h, const char *key, size_t len)
{
    wl_ix_t *n;
    HASH_FIND(hh, h, key, len, n);
    return n ? (long)n->idx : -1;
}

void wl_ix_free(wl_ix_t **h)
{
    wl_ix_t *n, *tmp;
    HASH_ITER(hh, *h, n, tmp) {
        HASH_DEL(*h, n);
        free(n);
    }
}

/* "SECTION\0KEY", the key of entry_ix; returns its length. */
static size_t entry_key(char *buf, size_t len, const char *section, const char *key)
{
    size_t ls = strnlen(section, WL_ENTRY_TEXT), lk = strnlen(key, WL_ENTRY_TEXT);
    if (ls + 1 + lk > len)
        lk = len - ls - 1;
    memcpy(buf, section, ls);
    buf[ls] = '\0';
    memcpy(buf + ls + 1, key, lk);
    return ls + 1 + lk;
}

/* Grow an array of n elements by doubling when n is 0 or a power of two, so that adding one
 * element at a time costs amortised O(1) without storing a capacity. */
void *wl_grow_pow2(void *p, size_t n, size_t elem)
{
    if (n & (n - 1))
        return p;
    void *q = realloc(p, (n ? 2 * n : 1) * elem);
    if (!q)
        wl_oom();
    return q;
}

static void *grow(void *p, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap)
        return p;
    size_t nc = *cap ? *cap * 2 : 16;
    void *q = realloc(p, nc * elem);
    if (!q)
        wl_oom();
    *cap = nc;
    return q;
}

static void add_section(wl_entries_t *c, const char *raw, uint32_t line, int set)
{
    char name[WL_ENTRY_TEXT];
    norm_section(name, sizeof name, raw);
    if (wl_ix_find(c->sect_ix, name, strlen(name)) >= 0)
        return;
    c->s = grow(c->s, &c->cs, c->ns, sizeof *c->s);
    wl_sect_t *s = &c->s[c->ns++];
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", name);
    s->line = line;
    s->set = set;
    wl_ix_add(&c->sect_ix, s->name, strlen(s->name), c->ns - 1);
}

wl_sect_t *wl_find_section(wl_entries_t *c, const char *name)
{
    long i = wl_ix_find(c->sect_ix, name, strlen(name));
    return i < 0 ? NULL : &c->s[i];
}

/* Append a new entry (section and key set by the caller through the returned pointer's fields),
 * index it and link it into its section's list. */
static wl_entry_t *new_entry(wl_entries_t *c, const char *section, const char *key)
{
    c->e = grow(c->e, &c->ce, c->ne, sizeof *c->e);
    size_t i = c->ne++;
    wl_entry_t *e = &c->e[i];
    memset(e, 0, sizeof *e);
    snprintf(e->section, sizeof e->section, "%s", section);
    snprintf(e->key, sizeof e->key, "%s", key);
    char k[2 * WL_ENTRY_TEXT];
    wl_ix_add(&c->entry_ix, k, entry_key(k, sizeof k, e->section, e->key), i);
    wl_sect_t *s = wl_find_section(c, e->section);
    if (s) {
        if (s->last)
            c->e[s->last - 1].next = i + 1;
        else
            s->first = i + 1;
        s->last = i + 1;
    }
    return e;
}

/* The INI reader's callbacks (base/ini_read.h). */
static void on_error(void *user, uint32_t line, const char *fmt, va_list ap)
{
    verr(user, line, 0, 0, fmt, ap);
}

static void on_section(void *user, const char *name, uint32_t line)
{
    if (name) /* a malformed header was reported; its keys go on to the section before */
        add_section(user, name, line, 0);
}

wl_entry_t *wl_find_entry(wl_entries_t *c, const char *section, const char *key)
{
    char k[2 * WL_ENTRY_TEXT];
    long i = wl_ix_find(c->entry_ix, k, entry_key(k, sizeof k, section, key));
    return i < 0 ? NULL : &c->e[i];
}

static int handler(void *user, const char *section, const char *name, const char *value, uint32_t line,
                   const char *text)
{
    wl_entries_t *c = user;
    char sec[WL_ENTRY_TEXT];
    norm_section(sec, sizeof sec, section);
    if (sec[0] == '\0') {
        wl_err_at(c, line, 0, "key '%s' is outside any section (start with [kernel])", name);
        return 1;
    }
    wl_entry_t *old = wl_find_entry(c, sec, name);
    if (old) {
        wl_err_at(c, line, 0, "duplicate key '%s' in [%s] (first given at line %" PRIu32 ")", name, sec, old->line);
        return 1;
    }
    wl_entry_t *e = new_entry(c, sec, name);
    snprintf(e->value, sizeof e->value, "%s", value);
    e->line = line;
    /* Where the value starts in the line as written, for messages that point into a value. */
    const char *delim = text ? strpbrk(text, "=:") : NULL;
    const char *at = delim && value[0] ? strstr(delim, value) : NULL;
    e->col = at ? (uint32_t)(at - text) + 1 : 0;
    return 1;
}

/* --set section.key=value, where section is kernel, args, buffer.NAME, kernel.NAME or args.NAME. */
static void apply_set(wl_entries_t *c, int idx)
{
    const char *text = c->sets[idx];
    const char *eq = strchr(text, '=');
    char left[WL_ENTRY_TEXT];
    if (!eq || (size_t)(eq - text) >= sizeof left) {
        wl_err_at(c, 0, idx + 1, "expected section.key=value (e.g. kernel.grid=1024)");
        return;
    }
    memcpy(left, text, (size_t)(eq - text));
    left[eq - text] = '\0';
    char *dot = strrchr(left, '.');
    if (!dot || dot == left || dot[1] == '\0') {
        wl_err_at(c, 0, idx + 1, "expected section.key=value (e.g. kernel.grid=1024 or buffer.x.count=16)");
        return;
    }
    *dot = '\0';
    char sec[WL_ENTRY_TEXT];
    /* buffer.NAME, kernel.NAME and args.NAME name the sections [buffer NAME], [kernel NAME], [args NAME]. */
    char *inner = strchr(left, '.');
    if (inner)
        *inner = ' ';
    snprintf(sec, sizeof sec, "%s", left);
    add_section(c, sec, 0, idx + 1);
    wl_entry_t *e = wl_find_entry(c, sec, dot + 1);
    if (!e)
        e = new_entry(c, sec, dot + 1);
    char val[WL_ENTRY_TEXT];
    snprintf(val, sizeof val, "%s", eq + 1);
    snprintf(e->value, sizeof e->value, "%s", txt_trim(val));
    e->line = 0;
    e->col = 0;
    e->set = idx + 1;
}

bool wl_entries_read(wl_entries_t *c, const char *path, const char *const *sets, size_t nsets, FILE *err)
{
    c->path = path;
    c->err = err;
    c->sets = sets;
    if (!fio_read_text(path, "workload file", FIO_WORKLOAD_MAX, &c->text, err))
        return false;
    /* Comments as docs/workloads.md has them: whole lines, and inih's " ;" at the end of a line. */
    static const ini_read_ops_t ops = { false, on_section, handler, on_error };
    int rc = ini_read_text(&c->text, &ops, c);
    fio_text_free(&c->text);
    if (rc < 0)
        wl_err_at(c, 0, 0, "cannot read the workload file");
    else if (rc > 0 && c->nerr == 0)
        wl_err_at(c, (uint32_t)rc, 0, "malformed line");
    for (size_t i = 0; i < nsets; i++)
        apply_set(c, (int)i);
    return true;
}

void wl_entries_free(wl_entries_t *c)
{
    free(c->e);
    free(c->s);
    wl_ix_free(&c->entry_ix);
    wl_ix_free(&c->sect_ix);
}

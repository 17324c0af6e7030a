/* workload: reading and validating a workload file (INI via inih). inih reports neither line numbers
 * (this libinih is built without INI_HANDLER_LINENO) nor empty sections, so lines come through our
 * own reader, which counts them, records section headers and reports malformed lines. All entries
 * are collected first, --set overrides are applied to them, and only then are they interpreted, so a
 * value given by --set is checked exactly like one from the file. */
#include "load/workload.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <ini.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "asm/asm.h"
#include "base/fileio.h"
#include "base/text.h"

typedef struct {
    char section[WL_TEXT_MAX];
    char key[WL_TEXT_MAX];
    char value[WL_TEXT_MAX];
    uint32_t line;
    int set; /* 1 + index of the --set that gave or replaced the value; 0: from the file */
    size_t next; /* 1 + index of the next entry of the same section (file order); 0: none */
} entry_t;

typedef struct {
    char name[WL_TEXT_MAX];
    uint32_t line;
    int set;
    size_t first, last; /* 1 + index of its first and last entry; 0: none */
} sect_t;

/* A name -> array index table (uthash), so that every lookup while loading is O(1) and loading
 * stays linear in the number of sections, entries, buffers and arguments. Indexes, not pointers:
 * the arrays they point into grow by realloc. */
typedef struct {
    UT_hash_handle hh;
    size_t idx;
    size_t len;
    char key[];
} ix_t;

typedef struct {
    const char *path;
    fio_text_t text;
    size_t pos;      /* the reader's position in text */
    char *linebuf;
    size_t linecap;
    uint32_t lineno;
    entry_t *e;
    size_t ne, ce;
    sect_t *s;
    size_t ns, cs;
    ix_t *entry_ix;  /* "SECTION\0KEY" -> index into e */
    ix_t *sect_ix;   /* section name -> index into s */
    ix_t *buf_ix;    /* buffer name -> index into the workload's buffers */
    bool too_many_buffers;
    uint64_t too_many_args; /* bit k: dispatch k's argument limit was reported */
    FILE *err;
    int nerr;
    const char *const *sets;
} ctx_t;
_Static_assert(WL_MAX_DISPATCHES <= 64, "too_many_args has one bit per dispatch");

static void verr(ctx_t *c, uint32_t line, int set, const char *fmt, va_list ap)
{
    if (++c->nerr > FIO_ERRORS_MAX)
        return;
    if (set)
        fprintf(c->err, "--set '%s': error: ", c->sets[set - 1]);
    else if (line)
        fprintf(c->err, "%s:%" PRIu32 ": error: ", c->path, line);
    else
        fprintf(c->err, "%s: error: ", c->path);
    char msg[1024]; /* echoed values are bounded by inih's line length */
    vsnprintf(msg, sizeof msg, fmt, ap);
    asm_diag_puts(msg, c->err);
    fputc('\n', c->err);
}

static void __attribute__((format(printf, 4, 5))) err_at(ctx_t *c, uint32_t line, int set, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(c, line, set, fmt, ap);
    va_end(ap);
}

static void __attribute__((format(printf, 3, 4))) err_e(ctx_t *c, const entry_t *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(c, e->line, e->set, fmt, ap);
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
static void scopy(char *dst, size_t len, const char *src)
{
    size_t n = strlen(src);
    if (n >= len)
        n = len - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static bool is_ident(const char *s)
{
    if (!(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return false;
    return true;
}


static void oom(void)
{
    fputs("gcnsim: out of memory\n", stderr);
    exit(3);
}

static void ix_add(ix_t **h, const char *key, size_t len, size_t idx)
{
    ix_t *n = malloc(sizeof *n + len + 1);
    if (!n)
        oom();
    memcpy(n->key, key, len);
    n->key[len] = '\0';
    n->len = len;
    n->idx = idx;
    HASH_ADD_KEYPTR(hh, *h, n->key, n->len, n);
}

/* The index stored under key, or -1. */
static long ix_find(ix_t *h, const char *key, size_t len)
{
    ix_t *n;
    HASH_FIND(hh, h, key, len, n);
    return n ? (long)n->idx : -1;
}

static void ix_free(ix_t **h)
{
    ix_t *n, *tmp;
    HASH_ITER(hh, *h, n, tmp) {
        HASH_DEL(*h, n);
        free(n);
    }
}

/* "SECTION\0KEY", the key of entry_ix; returns its length. */
static size_t entry_key(char *buf, size_t len, const char *section, const char *key)
{
    size_t ls = strnlen(section, WL_TEXT_MAX), lk = strnlen(key, WL_TEXT_MAX);
    if (ls + 1 + lk > len)
        lk = len - ls - 1;
    memcpy(buf, section, ls);
    buf[ls] = '\0';
    memcpy(buf + ls + 1, key, lk);
    return ls + 1 + lk;
}

/* Grow an array of n elements by doubling when n is 0 or a power of two, so that adding one
 * element at a time costs amortised O(1) without storing a capacity. */
static void *grow_pow2(void *p, size_t n, size_t elem)
{
    if (n & (n - 1))
        return p;
    void *q = realloc(p, (n ? 2 * n : 1) * elem);
    if (!q)
        oom();
    return q;
}

static void *grow(void *p, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap)
        return p;
    size_t nc = *cap ? *cap * 2 : 16;
    void *q = realloc(p, nc * elem);
    if (!q)
        oom();
    *cap = nc;
    return q;
}

static void add_section(ctx_t *c, const char *raw, uint32_t line, int set)
{
    char name[WL_TEXT_MAX];
    norm_section(name, sizeof name, raw);
    if (ix_find(c->sect_ix, name, strlen(name)) >= 0)
        return;
    c->s = grow(c->s, &c->cs, c->ns, sizeof *c->s);
    sect_t *s = &c->s[c->ns++];
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", name);
    s->line = line;
    s->set = set;
    ix_add(&c->sect_ix, s->name, strlen(s->name), c->ns - 1);
}

static sect_t *find_section(ctx_t *c, const char *name)
{
    long i = ix_find(c->sect_ix, name, strlen(name));
    return i < 0 ? NULL : &c->s[i];
}

/* Append a new entry (section and key set by the caller through the returned pointer's fields),
 * index it and link it into its section's list. */
static entry_t *new_entry(ctx_t *c, const char *section, const char *key)
{
    c->e = grow(c->e, &c->ce, c->ne, sizeof *c->e);
    size_t i = c->ne++;
    entry_t *e = &c->e[i];
    memset(e, 0, sizeof *e);
    snprintf(e->section, sizeof e->section, "%s", section);
    snprintf(e->key, sizeof e->key, "%s", key);
    char k[2 * WL_TEXT_MAX];
    ix_add(&c->entry_ix, k, entry_key(k, sizeof k, e->section, e->key), i);
    sect_t *s = find_section(c, e->section);
    if (s) {
        if (s->last)
            c->e[s->last - 1].next = i + 1;
        else
            s->first = i + 1;
        s->last = i + 1;
    }
    return e;
}

static char *reader(char *str, int num, void *stream)
{
    ctx_t *c = stream;
    long n = fio_getline(&c->text, &c->pos, &c->linebuf, &c->linecap);
    if (n < 0)
        return NULL;
    c->lineno++;
    long len = n;
    while (len > 0 && (c->linebuf[len - 1] == '\n' || c->linebuf[len - 1] == '\r'))
        len--;
    /* inih's line buffer holds num bytes: the text, a newline and the terminator. */
    if (len > num - 2) {
        err_at(c, c->lineno, 0, "line too long (%ld characters; at most %d)", len, num - 2);
        snprintf(str, (size_t)num, "\n");
        return str;
    }
    /* Leading whitespace would make inih treat the line as a continuation of the previous value;
     * the format has no multi-line values, so every line is read trimmed. */
    char *t = txt_trim(c->linebuf);
    if (*t == '\0' || *t == ';' || *t == '#') {
        snprintf(str, (size_t)num, "\n");
        return str;
    }
    if (*t == '[') {
        char *close = strchr(t, ']');
        if (!close) {
            err_at(c, c->lineno, 0, "section header '%s' has no closing ']'", t);
            snprintf(str, (size_t)num, "\n");
            return str;
        }
        *close = '\0';
        add_section(c, t + 1, c->lineno, 0);
        *close = ']';
    } else if (!strpbrk(t, "=:")) {
        err_at(c, c->lineno, 0, "expected 'key = value', '[section]' or a comment, got '%s'", t);
        snprintf(str, (size_t)num, "\n");
        return str;
    }
    snprintf(str, (size_t)num, "%s\n", t);
    return str;
}

static entry_t *find_entry(ctx_t *c, const char *section, const char *key)
{
    char k[2 * WL_TEXT_MAX];
    long i = ix_find(c->entry_ix, k, entry_key(k, sizeof k, section, key));
    return i < 0 ? NULL : &c->e[i];
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
    ctx_t *c = user;
    char sec[WL_TEXT_MAX];
    norm_section(sec, sizeof sec, section);
    if (sec[0] == '\0') {
        err_at(c, c->lineno, 0, "key '%s' is outside any section (start with [kernel])", name);
        return 1;
    }
    entry_t *old = find_entry(c, sec, name);
    if (old) {
        err_at(c, c->lineno, 0, "duplicate key '%s' in [%s] (first given at line %" PRIu32 ")", name, sec, old->line);
        return 1;
    }
    entry_t *e = new_entry(c, sec, name);
    snprintf(e->value, sizeof e->value, "%s", value);
    e->line = c->lineno;
    return 1;
}

/* --set section.key=value, where section is kernel, args, buffer.NAME, kernel.NAME or args.NAME. */
static void apply_set(ctx_t *c, int idx)
{
    const char *text = c->sets[idx];
    const char *eq = strchr(text, '=');
    char left[WL_TEXT_MAX];
    if (!eq || (size_t)(eq - text) >= sizeof left) {
        err_at(c, 0, idx + 1, "expected section.key=value (e.g. kernel.grid=1024)");
        return;
    }
    memcpy(left, text, (size_t)(eq - text));
    left[eq - text] = '\0';
    char *dot = strrchr(left, '.');
    if (!dot || dot == left || dot[1] == '\0') {
        err_at(c, 0, idx + 1, "expected section.key=value (e.g. kernel.grid=1024 or buffer.x.count=16)");
        return;
    }
    *dot = '\0';
    char sec[WL_TEXT_MAX];
    /* buffer.NAME, kernel.NAME and args.NAME name the sections [buffer NAME], [kernel NAME], [args NAME]. */
    char *inner = strchr(left, '.');
    if (inner)
        *inner = ' ';
    snprintf(sec, sizeof sec, "%s", left);
    add_section(c, sec, 0, idx + 1);
    entry_t *e = find_entry(c, sec, dot + 1);
    if (!e)
        e = new_entry(c, sec, dot + 1);
    char val[WL_TEXT_MAX];
    snprintf(val, sizeof val, "%s", eq + 1);
    snprintf(e->value, sizeof e->value, "%s", txt_trim(val));
    e->line = 0;
    e->set = idx + 1;
}

static void resolve_path(char *dst, size_t len, const char *ini, const char *rel)
{
    const char *slash = strrchr(ini, '/');
    if (rel[0] == '/' || !slash)
        snprintf(dst, len, "%s", rel);
    else
        snprintf(dst, len, "%.*s/%s", (int)(slash - ini), ini, rel);
}

static bool parse_u32(const char *s, uint64_t max, uint32_t *out)
{
    if (!isdigit((unsigned char)*s))
        return false;
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (*txt_trim(end) != '\0' || v > max)
        return false;
    *out = (uint32_t)v;
    return true;
}

/* X | X,Y | X,Y,Z */
static bool parse_dims(ctx_t *c, const entry_t *e, uint32_t d[3], uint32_t *ndims)
{
    char buf[WL_TEXT_MAX];
    snprintf(buf, sizeof buf, "%s", e->value);
    d[0] = d[1] = d[2] = 1;
    uint32_t n = 0;
    for (char *tok = buf, *next; tok; tok = next) {
        next = strchr(tok, ',');
        if (next)
            *next++ = '\0';
        if (n == 3 || !parse_u32(txt_trim(tok), UINT32_MAX, &d[n])) {
            err_e(c, e, "%s = '%s': expected X, X,Y or X,Y,Z (positive integers)", e->key, e->value);
            return false;
        }
        n++;
    }
    for (uint32_t i = 0; i < n; i++)
        if (d[i] == 0) {
            err_e(c, e, "%s = '%s': dimension %c is 0", e->key, e->value, "xyz"[i]);
            return false;
        }
    *ndims = n;
    return true;
}

static const char *const kernel_keys[] = { "source", "name", "grid", "workgroup", "vgprs", "lds", "after" };
static const char *const buffer_keys[] = { "type", "count", "init" };
static const char *const init_kinds[] = { "zero", "value", "iota", "random", "file" };
static const char *const type_names[] = { "u8", "i8", "u16", "i16", "u32", "i32", "u64", "i64", "f32", "f64" };
#define N(a) (sizeof(a) / sizeof((a)[0]))

static void unknown_key(ctx_t *c, const entry_t *e, const char *const *keys, size_t n)
{
    const char *s = txt_nearest(e->key, keys, n, 3);
    char sec[WL_TEXT_MAX];
    snprintf(sec, sizeof sec, "%s", e->section);
    if (s)
        err_e(c, e, "unknown key '%s' in [%s]; did you mean '%s'?", e->key, sec, s);
    else {
        char list[160] = "";
        for (size_t i = 0; i < n; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", keys[i]);
        err_e(c, e, "unknown key '%s' in [%s]; valid keys are %s", e->key, sec, list);
    }
}

static void kernel_entry(ctx_t *c, wl_workload_t *wl, wl_dispatch_t *d, const entry_t *e)
{
    bool first = d == &wl->dispatches[0];
    if (strcmp(e->key, "source") == 0) {
        if (!first) {
            err_e(c, e, "source is given once, in [kernel]: every dispatch runs a kernel of that file (choose it with name = ...)");
            return;
        }
        if (e->value[0] == '\0')
            err_e(c, e, "source is empty");
        resolve_path(wl->source, sizeof wl->source, wl->path, e->value);
        wl->source_line = e->line;
    } else if (strcmp(e->key, "name") == 0) {
        if ((!is_ident(e->value) && !(e->value[0] == '.' && is_ident(e->value + 1))) || strlen(e->value) >= WL_NAME_MAX)
            err_e(c, e, "name = '%s' is not a kernel name", e->value);
        scopy(d->kernel, sizeof d->kernel, e->value);
        d->kernel_line = e->line;
    } else if (strcmp(e->key, "grid") == 0) {
        /* Each factor is below 2^32 and the first product is checked before the second, so no
         * product wraps in 64 bits. */
        if (parse_dims(c, e, d->grid, &d->grid_dims) && ((uint64_t)d->grid[0] * d->grid[1] > WL_MAX_GRID_ITEMS ||
                                                         (uint64_t)d->grid[0] * d->grid[1] * d->grid[2] > WL_MAX_GRID_ITEMS))
            err_e(c, e, "grid = '%s' has more than %llu work-items (x * y * z); work-item ids are 32-bit",
                  e->value, WL_MAX_GRID_ITEMS);
    } else if (strcmp(e->key, "workgroup") == 0) {
        parse_dims(c, e, d->wg, &d->wg_dims);
        d->wg_line = e->line;
    } else if (strcmp(e->key, "vgprs") == 0) {
        if (!parse_u32(e->value, 256, &d->vgprs) || d->vgprs == 0)
            err_e(c, e, "vgprs = '%s': expected a number of VGPRs from 1 to 256", e->value);
        d->has_vgprs = true;
        d->vgprs_line = e->line;
    } else if (strcmp(e->key, "lds") == 0) {
        if (!parse_u32(e->value, 65536, &d->lds))
            err_e(c, e, "lds = '%s': expected a number of bytes from 0 to 65536", e->value);
        d->has_lds = true;
        d->lds_line = e->line;
    } else if (strcmp(e->key, "after") == 0) {
        d->after_line = e->line;
        if (first)
            err_e(c, e, "after: [kernel] is the first dispatch and has nothing to wait for (after belongs in [kernel NAME])");
        else if (strcmp(e->value, "previous") == 0)
            d->after = WL_AFTER_PREVIOUS;
        else if (strcmp(e->value, "none") == 0)
            d->after = WL_AFTER_NONE;
        else
            err_e(c, e, "after = '%s': expected previous (wait until every earlier dispatch has completed) or none", e->value);
    } else
        unknown_key(c, e, kernel_keys, N(kernel_keys));
}

static void bad_type(ctx_t *c, const entry_t *e, const char *what, const char *name)
{
    const char *s = txt_nearest(name, type_names, N(type_names), 3);
    if (s)
        err_e(c, e, "unknown %s '%s'; did you mean '%s'?", what, name, s);
    else
        err_e(c, e, "unknown %s '%s'; types are u8 i8 u16 i16 u32 i32 u64 i64 f32 f64", what, name);
}

/* init = KIND or KIND(ARGS); splits ARGS at commas (except for file). */
static void buffer_init(ctx_t *c, wl_buffer_t *b, const entry_t *e)
{
    char buf[WL_TEXT_MAX];
    snprintf(buf, sizeof buf, "%s", e->value);
    char *open = strchr(buf, '('), *args = NULL;
    if (open) {
        char *close = strrchr(buf, ')');
        if (!close || close < open || *txt_trim(close + 1) != '\0') {
            err_e(c, e, "init = '%s': missing ')' or text after it", e->value);
            return;
        }
        *open = *close = '\0';
        args = txt_trim(open + 1);
    }
    char *kind = txt_trim(buf);
    char *av[4];
    int ac = 0;
    if (args && strcmp(kind, "file") != 0)
        for (char *tok = args, *next; tok && ac < 4; tok = next) {
            next = strchr(tok, ',');
            if (next)
                *next++ = '\0';
            av[ac++] = txt_trim(tok);
        }
    char msg[200];
    if (strcmp(kind, "zero") == 0 && !args) {
        b->init = WL_INIT_ZERO;
    } else if (strcmp(kind, "value") == 0 && ac == 1) {
        b->init = WL_INIT_VALUE;
        if (!wl_parse_num(b->type, av[0], &b->a, msg, sizeof msg))
            err_e(c, e, "init value: %s", msg);
    } else if (strcmp(kind, "iota") == 0 && ac == 2) {
        b->init = WL_INIT_IOTA;
        wl_type_t st = wl_type_is_float(b->type) ? b->type : WL_I64;
        if (!wl_parse_num(b->type, av[0], &b->a, msg, sizeof msg) || !wl_parse_num(st, av[1], &b->b, msg, sizeof msg))
            err_e(c, e, "init iota: %s", msg);
    } else if (strcmp(kind, "random") == 0 && (ac == 1 || ac == 3)) {
        b->init = WL_INIT_RANDOM;
        if (!wl_parse_num(WL_U64, av[0], &b->a, msg, sizeof msg)) {
            err_e(c, e, "init random seed: %s", msg);
            return;
        }
        if (ac == 3) {
            b->random_range = true;
            if (!wl_parse_num(b->type, av[1], &b->b, msg, sizeof msg) || !wl_parse_num(b->type, av[2], &b->c, msg, sizeof msg))
                err_e(c, e, "init random range: %s", msg);
            else if (wl_type_is_float(b->type) ? !(b->b.f < b->c.f) : b->b.f > b->c.f)
                err_e(c, e, "init random range: LO (%s) must be %s HI (%s)", av[1],
                      wl_type_is_float(b->type) ? "less than" : "at most", av[2]);
        } else if (!wl_type_is_float(b->type)) {
            b->b.i = 0; /* documented default integer range [0, 100] */
            b->c.i = 100;
            b->b.f = 0;
            b->c.f = 100;
        }
    } else if (strcmp(kind, "file") == 0 && args && *args) {
        b->init = WL_INIT_FILE;
        char path[WL_PATH_MAX];
        resolve_path(path, sizeof path, c->path, args);
        free(b->file);
        if (!(b->file = strdup(path)))
            oom();
    } else {
        const char *s = txt_nearest(kind, init_kinds, N(init_kinds), 3);
        bool known = false;
        for (size_t i = 0; i < N(init_kinds); i++)
            known |= strcmp(kind, init_kinds[i]) == 0;
        if (known)
            err_e(c, e, "init = '%s': wrong arguments; expected zero, value(V), iota(START, STEP), "
                  "random(SEED) or random(SEED, LO, HI), file(PATH)", e->value);
        else if (s)
            err_e(c, e, "init = '%s': unknown kind '%s'; did you mean '%s'?", e->value, kind, s);
        else
            err_e(c, e, "init = '%s': unknown kind '%s'; expected zero, value, iota, random or file", e->value, kind);
    }
}

static void buffer_section(ctx_t *c, wl_buffer_t *b, const sect_t *s)
{
    const char *sec = s->name;
    uint32_t line = s->line;
    int set = s->set;
    const entry_t *type = NULL, *count = NULL, *init = NULL;
    for (size_t i = s->first; i; i = c->e[i - 1].next) {
        const entry_t *e = &c->e[i - 1];
        if (strcmp(e->key, "type") == 0)
            type = e;
        else if (strcmp(e->key, "count") == 0)
            count = e;
        else if (strcmp(e->key, "init") == 0)
            init = e;
        else
            unknown_key(c, e, buffer_keys, N(buffer_keys));
    }
    if (!type) {
        err_at(c, line, set, "[%s] has no type (one of u8 i8 u16 i16 u32 i32 u64 i64 f32 f64)", sec);
        return;
    }
    b->type = wl_type_lookup(type->value);
    if (b->type == WL_NUM_TYPES) {
        bad_type(c, type, "buffer type", type->value);
        return;
    }
    if (!count) {
        err_at(c, line, set, "[%s] has no count", sec);
        return;
    }
    char *end;
    b->count = strtoull(count->value, &end, 0);
    if (!isdigit((unsigned char)count->value[0]) || *end != '\0' || b->count == 0)
        err_e(c, count, "count = '%s': expected a positive number of elements", count->value);
    else if (b->count > (1ull << 47) / wl_type_size(b->type))
        err_e(c, count, "count = %s: %s x %" PRIu32 " bytes does not fit in the 47-bit address space",
              count->value, count->value, wl_type_size(b->type));
    b->init = WL_INIT_ZERO;
    if (init)
        buffer_init(c, b, init);
}

static void arg_entry(ctx_t *c, wl_workload_t *wl, const entry_t *e, wl_arg_t *a)
{
    scopy(a->name, sizeof a->name, e->key);
    a->line = e->line;
    if (!is_ident(e->key) || strlen(e->key) >= WL_NAME_MAX)
        err_e(c, e, "argument name '%s' is not an identifier", e->key);
    const char *v = e->value;
    const char *colon = strchr(v, ':');
    char msg[200];
    if (v[0] == '@') {
        a->kind = WL_ARG_BUFFER;
        a->buffer = (int)ix_find(c->buf_ix, v + 1, strlen(v + 1));
        if (a->buffer < 0) {
            const char *names[64];
            size_t n = 0;
            for (uint32_t i = 0; i < wl->nbuffers && n < 64; i++)
                names[n++] = wl->buffers[i].name;
            const char *s = txt_nearest(v + 1, names, n, 3);
            if (s)
                err_e(c, e, "argument '%s': no buffer '%s'; did you mean '@%s'?", e->key, v + 1, s);
            else
                err_e(c, e, "argument '%s': no buffer '%s' (declare it with [buffer %s])", e->key, v + 1, v + 1);
        }
    } else if (colon && strncmp(v, "lds:", 4) == 0) {
        a->kind = WL_ARG_LDS;
        if (!parse_u32(v + 4, 65536, &a->lds_bytes))
            err_e(c, e, "argument '%s': lds:BYTES needs a byte count from 0 to 65536, got '%s'", e->key, v + 4);
    } else if (colon) {
        char tname[16];
        size_t n = (size_t)(colon - v);
        snprintf(tname, sizeof tname, "%.*s", (int)(n < 15 ? n : 15), v);
        a->kind = WL_ARG_SCALAR;
        a->typed = true;
        a->type = wl_type_lookup(txt_trim(tname));
        snprintf(a->text, sizeof a->text, "%s", colon + 1);
        if (a->type == WL_NUM_TYPES)
            bad_type(c, e, "argument type", tname);
        else if (!wl_parse_scalar(a->type, txt_trim(a->text), &a->bits, msg, sizeof msg))
            err_e(c, e, "argument '%s': %s", e->key, msg);
    } else {
        a->kind = WL_ARG_SCALAR;
        snprintf(a->text, sizeof a->text, "%s", v);
        if (v[0] == '\0')
            err_e(c, e, "argument '%s' has no value (@BUFFER, TYPE:VALUE, lds:BYTES or a number)", e->key);
    }
}

/* The dispatch a "kernel..." or "args..." section belongs to (NULL when it names none). */
static wl_dispatch_t *section_dispatch(wl_workload_t *wl, const char *sec, size_t word)
{
    const char *label = sec[word] == ' ' ? sec + word + 1 : sec[word] == '\0' ? "" : NULL;
    for (uint32_t i = 0; label && i < wl->ndispatches; i++)
        if (strcmp(wl->dispatches[i].label, label) == 0)
            return &wl->dispatches[i];
    return NULL;
}

static void unknown_section(ctx_t *c, const sect_t *s)
{
    char first[WL_TEXT_MAX];
    snprintf(first, sizeof first, "%s", s->name);
    char *sp = strchr(first, ' ');
    if (sp)
        *sp = '\0';
    static const char *const words[] = { "kernel", "args", "buffer" };
    const char *w = txt_nearest(first, words, 3, 3);
    if (w)
        err_at(c, s->line, s->set, "unknown section [%s]; did you mean [%s%s]?", s->name, w,
               sp ? s->name + (sp - first) : strcmp(w, "buffer") == 0 ? " NAME" : "");
    else
        err_at(c, s->line, s->set, "unknown section [%s]; sections are [kernel], [kernel NAME], [args], [args NAME] "
               "and [buffer NAME]", s->name);
}

static wl_dispatch_t *add_dispatch(ctx_t *c, wl_workload_t *wl, const sect_t *s, const char *label)
{
    if (wl->ndispatches == WL_MAX_DISPATCHES) {
        err_at(c, s->line, s->set, "[%s]: more than %d dispatches", s->name, WL_MAX_DISPATCHES);
        return NULL;
    }
    wl->dispatches = realloc(wl->dispatches, (wl->ndispatches + 1) * sizeof *wl->dispatches);
    if (!wl->dispatches)
        exit(3);
    wl_dispatch_t *d = &wl->dispatches[wl->ndispatches++];
    memset(d, 0, sizeof *d);
    scopy(d->label, sizeof d->label, label);
    d->line = s->line;
    return d;
}

static void check_dispatch(ctx_t *c, wl_workload_t *wl, const wl_dispatch_t *d, const char *ksec, const sect_t *ks)
{
    char sec[WL_TEXT_MAX];
    snprintf(sec, sizeof sec, "%s", ksec);
    if (d == &wl->dispatches[0] && wl->source[0] == '\0' && !find_entry(c, sec, "source"))
        err_at(c, ks->line, ks->set, "[kernel] has no source (the .s file, relative to the workload file)");
    if (d->grid_dims == 0 && !find_entry(c, sec, "grid"))
        err_at(c, ks->line, ks->set, "[%s] has no grid (work-items: X, X,Y or X,Y,Z)", sec);
    if (d->wg_dims == 0 && !find_entry(c, sec, "workgroup"))
        err_at(c, ks->line, ks->set, "[%s] has no workgroup (work-items: X, X,Y or X,Y,Z)", sec);
    if (d->grid_dims && d->wg_dims) {
        const entry_t *we = find_entry(c, sec, "workgroup");
        uint64_t items = (uint64_t)d->wg[0] * d->wg[1] * d->wg[2];
        if (items > 1024)
            err_e(c, we, "workgroup %" PRIu32 "x%" PRIu32 "x%" PRIu32 " has %" PRIu64
                  " work-items; at most 1024", d->wg[0], d->wg[1], d->wg[2], items);
        for (int k = 0; k < 3; k++)
            if (d->grid[k] < d->wg[k])
                err_e(c, we, "grid %c dimension (%" PRIu32 ") is smaller than the workgroup's (%" PRIu32 ")",
                      "xyz"[k], d->grid[k], d->wg[k]);
    }
}

static void interpret(ctx_t *c, wl_workload_t *wl)
{
    const sect_t *ks = NULL;
    for (size_t i = 0; i < c->ns; i++)
        if (strcmp(c->s[i].name, "kernel") == 0)
            ks = &c->s[i];
    if (ks)
        add_dispatch(c, wl, ks, "");
    for (size_t i = 0; i < c->ns; i++) {
        const sect_t *s = &c->s[i];
        if (strcmp(s->name, "kernel") == 0 || strcmp(s->name, "args") == 0)
            continue;
        if (strncmp(s->name, "kernel ", 7) == 0) {
            if (!is_ident(s->name + 7) || strlen(s->name + 7) >= WL_NAME_MAX)
                err_at(c, s->line, s->set, "[%s]: a dispatch's NAME is letters, digits and '_', as in [kernel second]", s->name);
            else
                add_dispatch(c, wl, s, s->name + 7);
        } else if (strncmp(s->name, "args ", 5) == 0) {
            continue; /* checked below, once every dispatch is known */
        } else if (strncmp(s->name, "buffer ", 7) == 0 || strcmp(s->name, "buffer") == 0) {
            const char *name = s->name[6] ? s->name + 7 : "";
            if (!is_ident(name) || strlen(name) >= WL_NAME_MAX) {
                err_at(c, s->line, s->set, "[%s]: a buffer needs a name (letters, digits, '_'), as in [buffer x]", s->name);
                continue;
            }
            if (wl->nbuffers == WL_MAX_BUFFERS) {
                /* Said once: every further buffer is over the limit too. */
                if (!c->too_many_buffers)
                    err_at(c, s->line, s->set, "[%s]: more than %d buffers", s->name, WL_MAX_BUFFERS);
                c->too_many_buffers = true;
                continue;
            }
            wl->buffers = grow_pow2(wl->buffers, wl->nbuffers, sizeof *wl->buffers);
            wl_buffer_t *b = &wl->buffers[wl->nbuffers++];
            memset(b, 0, sizeof *b);
            snprintf(b->name, sizeof b->name, "%s", name);
            b->line = s->line;
            ix_add(&c->buf_ix, b->name, strlen(b->name), wl->nbuffers - 1);
            buffer_section(c, b, s);
        } else
            unknown_section(c, s);
    }
    if (!ks) {
        err_at(c, 0, 0, "no [kernel] section (it needs source, grid and workgroup)");
        return;
    }
    for (size_t i = 0; i < c->ns; i++) {
        const sect_t *s = &c->s[i];
        if (strncmp(s->name, "args ", 5) != 0 || section_dispatch(wl, s->name, 4))
            continue;
        const char *labels[WL_MAX_DISPATCHES];
        for (uint32_t k = 1; k < wl->ndispatches; k++)
            labels[k - 1] = wl->dispatches[k].label;
        const char *near = txt_nearest(s->name + 5, labels, wl->ndispatches - 1, 3);
        if (near)
            err_at(c, s->line, s->set, "[%s] belongs to no dispatch; did you mean [args %s]?", s->name, near);
        else
            err_at(c, s->line, s->set, "[%s] belongs to no dispatch: there is no [kernel %s]", s->name, s->name + 5);
    }
    for (size_t i = 0; i < c->ne; i++) {
        const entry_t *e = &c->e[i];
        wl_dispatch_t *d;
        if (strncmp(e->section, "kernel", 6) == 0 && (d = section_dispatch(wl, e->section, 6)))
            kernel_entry(c, wl, d, e);
        else if (strncmp(e->section, "args", 4) == 0 && (d = section_dispatch(wl, e->section, 4))) {
            if (d->nargs == WL_MAX_ARGS) {
                /* Said once per dispatch, at the first argument over the limit. */
                uint64_t bit = 1ull << (d - wl->dispatches);
                if (!(c->too_many_args & bit))
                    err_e(c, e, "[%s]: more than %d arguments", e->section, WL_MAX_ARGS);
                c->too_many_args |= bit;
                continue;
            }
            d->args = grow_pow2(d->args, d->nargs, sizeof *d->args);
            wl_arg_t *a = &d->args[d->nargs++];
            memset(a, 0, sizeof *a);
            arg_entry(c, wl, e, a);
        }
    }
    for (uint32_t k = 0; k < wl->ndispatches; k++) {
        const wl_dispatch_t *d = &wl->dispatches[k];
        char sec[WL_TEXT_MAX];
        snprintf(sec, sizeof sec, "kernel%s%s", d->label[0] ? " " : "", d->label);
        const sect_t *s = find_section(c, sec);
        check_dispatch(c, wl, d, sec, s ? s : ks);
    }
}

int wl_load(const char *path, const char *const *sets, size_t nsets, wl_workload_t *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    snprintf(out->path, sizeof out->path, "%s", path);
    ctx_t c;
    memset(&c, 0, sizeof c);
    c.path = path;
    c.err = err;
    c.sets = sets;
    if (!fio_read_text(path, "workload file", FIO_WORKLOAD_MAX, &c.text, err))
        return 1;
    int rc = ini_parse_stream(reader, &c, handler, &c);
    fio_text_free(&c.text);
    free(c.linebuf);
    if (rc < 0)
        err_at(&c, 0, 0, "cannot read the workload file");
    else if (rc > 0 && c.nerr == 0)
        err_at(&c, (uint32_t)rc, 0, "malformed line");
    for (size_t i = 0; i < nsets; i++)
        apply_set(&c, (int)i);
    if (c.nerr == 0)
        interpret(&c, out);
    free(c.e);
    free(c.s);
    fio_more_errors(path, c.nerr, err);
    ix_free(&c.entry_ix);
    ix_free(&c.sect_ix);
    ix_free(&c.buf_ix);
    if (c.nerr)
        wl_free(out);
    return c.nerr;
}

void wl_free(wl_workload_t *wl)
{
    for (uint32_t i = 0; i < wl->ndispatches; i++)
        free(wl->dispatches[i].args);
    for (uint32_t i = 0; i < wl->nbuffers; i++)
        free(wl->buffers[i].file);
    free(wl->buffers);
    free(wl->dispatches);
    wl->buffers = NULL;
    wl->dispatches = NULL;
    wl->nbuffers = wl->ndispatches = 0;
}

const char *wl_dispatch_section(const wl_dispatch_t *d, char *buf, size_t len)
{
    snprintf(buf, len, "[kernel%s%s]", d->label[0] ? " " : "", d->label);
    return buf;
}

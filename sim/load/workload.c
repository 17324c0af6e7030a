/* workload: interpreting a workload file's entries (wl_entries.c collects them, --set applied) as
 * the workload: the kernel sections and their dispatches, buffers and arguments, each value
 * checked, and wl_load around both. */
#include "load/workload.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_diag.h"
#include "base/fileio.h"
#include "base/text.h"
#include "config/config.h"
#include "load/kcompile.h"
#include "load/wl_entries.h"

/* The interpretation's context: the collected entries, and what it indexes and reports once. */
typedef struct {
    wl_entries_t in;
    wl_ix_t *buf_ix;           /* buffer name -> index into the workload's buffers */
    bool too_many_buffers;
    uint8_t *too_many_args;    /* [k]: dispatch k's argument limit was reported */
    wl_ix_t *disp_ix;          /* dispatch label ("" for [kernel]) -> index into the workload's dispatches */
    struct group {             /* a [kernel NAME] with repeat: dispatches first .. first + count - 1 */
        uint32_t first;
        wl_repeat_t r;
    } *groups;
    uint32_t ngroups;
    int32_t *group_of;         /* [k]: dispatch k's group when it is a group's first, else -1 (NULL: no groups) */
    uint64_t loop_args;        /* arguments the loops have made, bounded by WL_MAX_LOOP_ARGS */
} ctx_t;
_Static_assert((int)WL_ENTRY_TEXT == (int)WL_TEXT_MAX, "entries hold the texts the workload keeps");

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
static bool parse_dims(ctx_t *c, const wl_entry_t *e, uint32_t d[3], uint32_t *ndims)
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
            wl_err_e(&c->in, e, "%s = '%s': expected X, X,Y or X,Y,Z (positive integers)", e->key, e->value);
            return false;
        }
        n++;
    }
    for (uint32_t i = 0; i < n; i++)
        if (d[i] == 0) {
            wl_err_e(&c->in, e, "%s = '%s': dimension %c is 0", e->key, e->value, "xyz"[i]);
            return false;
        }
    *ndims = n;
    return true;
}

static const char *const kernel_keys[] = { "source", "cflags", "target", "name", "grid", "workgroup", "vgprs", "lds", "after", "repeat" };
static const char *const buffer_keys[] = { "type", "count", "init" };
static const char *const machine_keys[] = { "preset" };
static const char *const init_kinds[] = { "zero", "value", "iota", "random", "file" };
static const char *const type_names[] = { "u8", "i8", "u16", "i16", "u32", "i32", "u64", "i64", "f32", "f64" };
#define N(a) (sizeof(a) / sizeof((a)[0]))

static void unknown_key(ctx_t *c, const wl_entry_t *e, const char *const *keys, size_t n)
{
    const char *s = txt_nearest(e->key, keys, n, 3);
    char sec[WL_TEXT_MAX];
    snprintf(sec, sizeof sec, "%s", e->section);
    if (s)
        wl_err_e(&c->in, e, "unknown key '%s' in [%s]; did you mean '%s'?", e->key, sec, s);
    else {
        char list[160] = "";
        for (size_t i = 0; i < n; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", keys[i]);
        wl_err_e(&c->in, e, "unknown key '%s' in [%s]; valid keys are %s", e->key, sec, list);
    }
}

static void kernel_entry(ctx_t *c, wl_workload_t *wl, wl_dispatch_t *d, const wl_entry_t *e)
{
    bool first = d == &wl->dispatches[0];
    if (strcmp(e->key, "source") == 0) {
        if (!first) {
            wl_err_e(&c->in, e, "source is given once, in [kernel]: every dispatch runs a kernel of that file (choose it with name = ...)");
            return;
        }
        if (e->value[0] == '\0')
            wl_err_e(&c->in, e, "source is empty");
        resolve_path(wl->source, sizeof wl->source, wl->path, e->value);
        wl->source_line = e->line;
    } else if (strcmp(e->key, "cflags") == 0) {
        /* Options for the compiler of a .cl/.hip source (checked against the source below). */
        if (!first)
            wl_err_e(&c->in, e, "cflags is given once, in [kernel], beside source");
        else if (strlen(e->value) >= sizeof wl->cflags)
            wl_err_e(&c->in, e, "cflags is longer than %d characters", WL_TEXT_MAX - 1);
        else {
            wl_scopy(wl->cflags, sizeof wl->cflags, e->value);
            wl->cflags_line = e->line;
        }
    } else if (strcmp(e->key, "target") == 0) {
        /* The target the kernel is for: checked against the machine's by wl_check_target. */
        if (!first)
            wl_err_e(&c->in, e, "target is given once, in [kernel]: every dispatch runs a kernel of its source");
        else if (!isa_target_parse(e->value, strlen(e->value), &wl->target))
            wl_err_val(&c->in, e, 0, "target = '%s': expected gfx803, gfx900 or gfx906 (the instruction set the kernel "
                       "is for)", e->value);
        else {
            wl->has_target = true;
            wl->target_line = e->line;
            wl->target_col = e->col;
            wl->target_set[0] = '\0';
            if (e->set)
                wl_scopy(wl->target_set, sizeof wl->target_set, c->in.sets[e->set - 1]);
        }
    } else if (strcmp(e->key, "name") == 0) {
        if ((!wl_is_ident(e->value) && !(e->value[0] == '.' && wl_is_ident(e->value + 1))) || strlen(e->value) >= WL_KERNEL_NAME_MAX)
            wl_err_e(&c->in, e, "name = '%s' is not a kernel name", e->value);
        free(d->kernel);
        if (!(d->kernel = strdup(e->value)))
            wl_oom();
        d->kernel_line = e->line;
    } else if (strcmp(e->key, "grid") == 0) {
        /* Each factor is below 2^32 and the first product is checked before the second, so no
         * product wraps in 64 bits. */
        if (parse_dims(c, e, d->grid, &d->grid_dims) && ((uint64_t)d->grid[0] * d->grid[1] > WL_MAX_GRID_ITEMS ||
                                                         (uint64_t)d->grid[0] * d->grid[1] * d->grid[2] > WL_MAX_GRID_ITEMS))
            wl_err_e(&c->in, e, "grid = '%s' has more than %llu work-items (x * y * z); work-item ids are 32-bit",
                  e->value, WL_MAX_GRID_ITEMS);
    } else if (strcmp(e->key, "workgroup") == 0) {
        parse_dims(c, e, d->wg, &d->wg_dims);
        d->wg_line = e->line;
    } else if (strcmp(e->key, "vgprs") == 0) {
        if (!parse_u32(e->value, 256, &d->vgprs) || d->vgprs == 0)
            wl_err_e(&c->in, e, "vgprs = '%s': expected a number of VGPRs from 1 to 256", e->value);
        d->has_vgprs = true;
        d->vgprs_line = e->line;
    } else if (strcmp(e->key, "lds") == 0) {
        if (!parse_u32(e->value, 65536, &d->lds))
            wl_err_e(&c->in, e, "lds = '%s': expected a number of bytes from 0 to 65536", e->value);
        d->has_lds = true;
        d->lds_line = e->line;
    } else if (strcmp(e->key, "repeat") == 0) {
        /* read when its section is met (add_section_dispatches) */
    } else if (strcmp(e->key, "after") == 0) {
        d->after_line = e->line;
        if (first)
            wl_err_e(&c->in, e, "after: [kernel] is the first dispatch and has nothing to wait for (after belongs in [kernel NAME])");
        else if (strcmp(e->value, "previous") == 0)
            d->after = WL_AFTER_PREVIOUS;
        else if (strcmp(e->value, "none") == 0)
            d->after = WL_AFTER_NONE;
        else
            wl_err_e(&c->in, e, "after = '%s': expected previous (wait until every earlier dispatch has completed) or none", e->value);
    } else
        unknown_key(c, e, kernel_keys, N(kernel_keys));
}

static void bad_type(ctx_t *c, const wl_entry_t *e, const char *what, const char *name)
{
    const char *s = txt_nearest(name, type_names, N(type_names), 3);
    if (s)
        wl_err_e(&c->in, e, "unknown %s '%s'; did you mean '%s'?", what, name, s);
    else
        wl_err_e(&c->in, e, "unknown %s '%s'; types are u8 i8 u16 i16 u32 i32 u64 i64 f32 f64", what, name);
}

/* init = KIND or KIND(ARGS); splits ARGS at commas (except for file). */
static void buffer_init(ctx_t *c, wl_buffer_t *b, const wl_entry_t *e)
{
    char buf[WL_TEXT_MAX];
    snprintf(buf, sizeof buf, "%s", e->value);
    char *open = strchr(buf, '('), *args = NULL;
    if (open) {
        char *close = strrchr(buf, ')');
        if (!close || close < open || *txt_trim(close + 1) != '\0') {
            wl_err_e(&c->in, e, "init = '%s': missing ')' or text after it", e->value);
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
            wl_err_e(&c->in, e, "init value: %s", msg);
    } else if (strcmp(kind, "iota") == 0 && ac == 2) {
        b->init = WL_INIT_IOTA;
        wl_type_t st = wl_type_is_float(b->type) ? b->type : WL_I64;
        if (!wl_parse_num(b->type, av[0], &b->a, msg, sizeof msg) || !wl_parse_num(st, av[1], &b->b, msg, sizeof msg))
            wl_err_e(&c->in, e, "init iota: %s", msg);
    } else if (strcmp(kind, "random") == 0 && (ac == 1 || ac == 3)) {
        b->init = WL_INIT_RANDOM;
        if (!wl_parse_num(WL_U64, av[0], &b->a, msg, sizeof msg)) {
            wl_err_e(&c->in, e, "init random seed: %s", msg);
            return;
        }
        if (ac == 3) {
            b->random_range = true;
            if (!wl_parse_num(b->type, av[1], &b->b, msg, sizeof msg) || !wl_parse_num(b->type, av[2], &b->c, msg, sizeof msg))
                wl_err_e(&c->in, e, "init random range: %s", msg);
            else if (wl_type_is_float(b->type) ? !(b->b.f < b->c.f) : b->b.f > b->c.f)
                wl_err_e(&c->in, e, "init random range: LO (%s) must be %s HI (%s)", av[1],
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
        resolve_path(path, sizeof path, c->in.path, args);
        free(b->file);
        if (!(b->file = strdup(path)))
            wl_oom();
    } else {
        const char *s = txt_nearest(kind, init_kinds, N(init_kinds), 3);
        bool known = false;
        for (size_t i = 0; i < N(init_kinds); i++)
            known |= strcmp(kind, init_kinds[i]) == 0;
        if (known)
            wl_err_e(&c->in, e, "init = '%s': wrong arguments; expected zero, value(V), iota(START, STEP), "
                  "random(SEED) or random(SEED, LO, HI), file(PATH)", e->value);
        else if (s)
            wl_err_e(&c->in, e, "init = '%s': unknown kind '%s'; did you mean '%s'?", e->value, kind, s);
        else
            wl_err_e(&c->in, e, "init = '%s': unknown kind '%s'; expected zero, value, iota, random or file", e->value, kind);
    }
}

static void buffer_section(ctx_t *c, wl_buffer_t *b, const wl_sect_t *s)
{
    const char *sec = s->name;
    uint32_t line = s->line;
    int set = s->set;
    const wl_entry_t *type = NULL, *count = NULL, *init = NULL;
    for (size_t i = s->first; i; i = c->in.e[i - 1].next) {
        const wl_entry_t *e = &c->in.e[i - 1];
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
        wl_err_at(&c->in, line, set, "[%s] has no type (one of u8 i8 u16 i16 u32 i32 u64 i64 f32 f64)", sec);
        return;
    }
    b->type = wl_type_lookup(type->value);
    if (b->type == WL_NUM_TYPES) {
        bad_type(c, type, "buffer type", type->value);
        return;
    }
    if (!count) {
        wl_err_at(&c->in, line, set, "[%s] has no count", sec);
        return;
    }
    char *end;
    b->count = strtoull(count->value, &end, 0);
    if (!isdigit((unsigned char)count->value[0]) || *end != '\0' || b->count == 0)
        wl_err_e(&c->in, count, "count = '%s': expected a positive number of elements", count->value);
    else if (b->count > (1ull << 47) / wl_type_size(b->type))
        wl_err_e(&c->in, count, "count = %s: %s x %" PRIu32 " bytes does not fit in the 47-bit address space",
              count->value, count->value, wl_type_size(b->type));
    b->init = WL_INIT_ZERO;
    if (init)
        buffer_init(c, b, init);
}

static void arg_entry(ctx_t *c, wl_workload_t *wl, const wl_entry_t *e, wl_arg_t *a)
{
    wl_scopy(a->name, sizeof a->name, e->key);
    a->line = e->line;
    if (!wl_is_ident(e->key) || strlen(e->key) >= WL_NAME_MAX)
        wl_err_e(&c->in, e, "argument name '%s' is not an identifier", e->key);
    const char *v = e->value;
    const char *colon = strchr(v, ':');
    char msg[200];
    if (v[0] == '@') {
        a->kind = WL_ARG_BUFFER;
        a->buffer = (int)wl_ix_find(c->buf_ix, v + 1, strlen(v + 1));
        if (a->buffer < 0) {
            const char *names[64];
            size_t n = 0;
            for (uint32_t i = 0; i < wl->nbuffers && n < 64; i++)
                names[n++] = wl->buffers[i].name;
            const char *s = txt_nearest(v + 1, names, n, 3);
            if (s)
                wl_err_e(&c->in, e, "argument '%s': no buffer '%s'; did you mean '@%s'?", e->key, v + 1, s);
            else
                wl_err_e(&c->in, e, "argument '%s': no buffer '%s' (declare it with [buffer %s])", e->key, v + 1, v + 1);
        }
    } else if (colon && strncmp(v, "lds:", 4) == 0) {
        a->kind = WL_ARG_LDS;
        if (!parse_u32(v + 4, 65536, &a->lds_bytes))
            wl_err_e(&c->in, e, "argument '%s': lds:BYTES needs a byte count from 0 to 65536, got '%s'", e->key, v + 4);
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
            wl_err_e(&c->in, e, "argument '%s': %s", e->key, msg);
    } else {
        a->kind = WL_ARG_SCALAR;
        snprintf(a->text, sizeof a->text, "%s", v);
        if (v[0] == '\0')
            wl_err_e(&c->in, e, "argument '%s' has no value (@BUFFER, TYPE:VALUE, lds:BYTES or a number)", e->key);
    }
}

/* The dispatch a "kernel..." or "args..." section belongs to (NULL when it names none). */
static wl_dispatch_t *section_dispatch(ctx_t *c, wl_workload_t *wl, const char *sec, size_t word)
{
    const char *label = sec[word] == ' ' ? sec + word + 1 : sec[word] == '\0' ? "" : NULL;
    long i = label ? wl_ix_find(c->disp_ix, label, strlen(label)) : -1;
    return i < 0 ? NULL : &wl->dispatches[i];
}

static void unknown_section(ctx_t *c, const wl_sect_t *s)
{
    char first[WL_TEXT_MAX];
    snprintf(first, sizeof first, "%s", s->name);
    char *sp = strchr(first, ' ');
    if (sp)
        *sp = '\0';
    static const char *const words[] = { "kernel", "args", "buffer", "machine" };
    const char *w = txt_nearest(first, words, 4, 3);
    if (w)
        wl_err_at(&c->in, s->line, s->set, "unknown section [%s]; did you mean [%s%s]?", s->name, w,
               sp ? s->name + (sp - first) : strcmp(w, "buffer") == 0 ? " NAME" : "");
    else
        wl_err_at(&c->in, s->line, s->set, "unknown section [%s]; sections are [kernel], [kernel NAME], [args], [args NAME], "
               "[buffer NAME] and [machine]", s->name);
}

/* [machine]: preset = NAME, a built-in machine (sim/config/presets.def) that --machine overrides. */
static void machine_section(ctx_t *c, wl_workload_t *wl, const wl_sect_t *s)
{
    for (size_t i = s->first; i; i = c->in.e[i - 1].next) {
        const wl_entry_t *e = &c->in.e[i - 1];
        if (strcmp(e->key, "preset") != 0) {
            unknown_key(c, e, machine_keys, N(machine_keys));
            continue;
        }
        if (cfg_preset_find(e->value)) {
            wl_scopy(wl->machine, sizeof wl->machine, e->value);
            wl->machine_line = e->line;
            continue;
        }
        char list[512];
        cfg_preset_names(list, sizeof list);
        wl_err_e(&c->in, e, "preset = '%s': unknown machine (machines: %s; 'gcnsim config --list-machines')", e->value,
                 list);
    }
}

static wl_dispatch_t *add_dispatch(ctx_t *c, wl_workload_t *wl, const wl_sect_t *s, const char *label, bool index)
{
    if (wl->ndispatches == WL_MAX_DISPATCHES) {
        wl_err_at(&c->in, s->line, s->set, "[%s]: more than %d dispatches", s->name, WL_MAX_DISPATCHES);
        return NULL;
    }
    wl->dispatches = wl_grow_pow2(wl->dispatches, wl->ndispatches, sizeof *wl->dispatches);
    wl_dispatch_t *d = &wl->dispatches[wl->ndispatches++];
    memset(d, 0, sizeof *d);
    wl_scopy(d->label, sizeof d->label, label);
    d->line = s->line;
    if (index)
        wl_ix_add(&c->disp_ix, d->label, strlen(d->label), wl->ndispatches - 1);
    return d;
}

/* A [kernel NAME] section's dispatches: one, or with repeat = ... one per iteration of its loops. */
static void add_section_dispatches(ctx_t *c, wl_workload_t *wl, const wl_sect_t *s, const char *label)
{
    const wl_entry_t *re = wl_find_entry(&c->in, s->name, "repeat");
    wl_repeat_t r;
    if (!re || !wl_repeat_parse(&c->in, re, WL_MAX_DISPATCHES - wl->ndispatches, &r)) {
        add_dispatch(c, wl, s, label, true);
        return;
    }
    /* Its arguments, once per iteration, count towards WL_MAX_LOOP_ARGS (checked before any is made). */
    char asec[WL_TEXT_MAX];
    snprintf(asec, sizeof asec, "args%s%s", label[0] ? " " : "", label);
    const wl_sect_t *as = wl_find_section(&c->in, asec);
    uint64_t nargs = 0;
    for (size_t i = as ? as->first : 0; i; i = c->in.e[i - 1].next)
        nargs++;
    if (nargs && r.count * nargs > WL_MAX_LOOP_ARGS - c->loop_args) {
        wl_err_val(&c->in, re, 0, "repeat: %" PRIu64 " dispatches of %" PRIu64 " arguments each would make more than "
                   "%d arguments in all, with the other loops'", r.count, nargs, WL_MAX_LOOP_ARGS);
        add_dispatch(c, wl, s, label, true);
        return;
    }
    c->loop_args += r.count * nargs;
    uint32_t first = wl->ndispatches;
    for (uint64_t j = 0; j < r.count; j++)
        add_dispatch(c, wl, s, label, j == 0);
    c->groups = wl_grow_pow2(c->groups, c->ngroups, sizeof *c->groups);
    c->groups[c->ngroups++] = (struct group){ first, r };
}

/* An argument of dispatch d; when d starts a loop, of each of its dispatches with the loop variables'
 * values put in for {VAR}. */
static void add_arg(ctx_t *c, wl_workload_t *wl, wl_dispatch_t *d, const wl_entry_t *e)
{
    uint32_t k = (uint32_t)(d - wl->dispatches);
    if (c->ngroups && !c->group_of) {
        if (!(c->group_of = malloc(wl->ndispatches * sizeof *c->group_of)))
            wl_oom();
        for (uint32_t i = 0; i < wl->ndispatches; i++)
            c->group_of[i] = -1;
        for (uint32_t g = 0; g < c->ngroups; g++)
            c->group_of[c->groups[g].first] = (int32_t)g;
    }
    const wl_repeat_t *r = c->group_of && c->group_of[k] >= 0 ? &c->groups[c->group_of[k]].r : NULL;
    int64_t v[WL_REPEAT_VARS] = { 0 };
    if (r)
        wl_repeat_first(r, v);
    wl_entry_t sub = *e;
    for (uint64_t j = 0; j < (r ? r->count : 1); j++) {
        size_t at;
        char msg[200];
        if (!wl_repeat_subst(r, v, e->value, sub.value, sizeof sub.value, &at, msg, sizeof msg)) {
            wl_err_val(&c->in, e, at, "argument '%s': %s", e->key, msg);
            return;
        }
        wl_dispatch_t *dj = &wl->dispatches[k + j];
        dj->args = wl_grow_pow2(dj->args, dj->nargs, sizeof *dj->args);
        wl_arg_t *a = &dj->args[dj->nargs++];
        memset(a, 0, sizeof *a);
        int before = c->in.nerr;
        arg_entry(c, wl, &sub, a);
        if (c->in.nerr != before)
            return; /* once per argument, not once per iteration */
        if (r)
            wl_repeat_next(r, v);
    }
}

/* Every further iteration of a loop takes its first dispatch's kernel keys (its own arguments). */
static void copy_groups(ctx_t *c, wl_workload_t *wl)
{
    for (uint32_t g = 0; g < c->ngroups; g++) {
        const wl_dispatch_t *f = &wl->dispatches[c->groups[g].first];
        for (uint64_t j = 1; j < c->groups[g].r.count; j++) {
            wl_dispatch_t *d = &wl->dispatches[c->groups[g].first + j];
            wl_arg_t *args = d->args;
            uint32_t nargs = d->nargs;
            *d = *f;
            d->args = args;
            d->nargs = nargs;
            if (f->kernel && !(d->kernel = strdup(f->kernel)))
                wl_oom();
        }
    }
}

static void check_dispatch(ctx_t *c, wl_workload_t *wl, const wl_dispatch_t *d, const char *ksec, const wl_sect_t *ks)
{
    char sec[WL_TEXT_MAX];
    snprintf(sec, sizeof sec, "%s", ksec);
    if (d == &wl->dispatches[0] && wl->source[0] == '\0' && !wl_find_entry(&c->in, sec, "source"))
        wl_err_at(&c->in, ks->line, ks->set, "[kernel] has no source (the .s file, relative to the workload file)");
    if (d == &wl->dispatches[0] && wl->cflags[0] && wl->source[0] && kcompile_lang(wl->source) == KCOMPILE_NONE)
        wl_err_at(&c->in, wl->cflags_line, 0, "cflags applies to a kernel source that gcnsim compiles (.cl, .hip, .cpp); "
                  "'%s' is assembly", wl->source);
    if (d == &wl->dispatches[0] && wl->cflags[0] && wl->source[0] && kcompile_lang(wl->source) != KCOMPILE_NONE) {
        /* Refused options are reported here, before anything runs (the allowlist: kcompile.h). */
        char msg[1024];
        size_t at;
        const wl_entry_t *e = wl_find_entry(&c->in, sec, "cflags");
        if (!kcompile_flags_check(wl->cflags, wl->source, msg, sizeof msg, &at) && e)
            wl_err_val(&c->in, e, at, "%s", msg);
    }
    if (d->grid_dims == 0 && !wl_find_entry(&c->in, sec, "grid"))
        wl_err_at(&c->in, ks->line, ks->set, "[%s] has no grid (work-items: X, X,Y or X,Y,Z)", sec);
    if (d->wg_dims == 0 && !wl_find_entry(&c->in, sec, "workgroup"))
        wl_err_at(&c->in, ks->line, ks->set, "[%s] has no workgroup (work-items: X, X,Y or X,Y,Z)", sec);
    if (d->grid_dims && d->wg_dims) {
        const wl_entry_t *we = wl_find_entry(&c->in, sec, "workgroup");
        uint64_t items = (uint64_t)d->wg[0] * d->wg[1] * d->wg[2];
        if (items > 1024)
            wl_err_e(&c->in, we, "workgroup %" PRIu32 "x%" PRIu32 "x%" PRIu32 " has %" PRIu64
                  " work-items; at most 1024", d->wg[0], d->wg[1], d->wg[2], items);
        for (int k = 0; k < 3; k++)
            if (d->grid[k] < d->wg[k])
                wl_err_e(&c->in, we, "grid %c dimension (%" PRIu32 ") is smaller than the workgroup's (%" PRIu32 ")",
                      "xyz"[k], d->grid[k], d->wg[k]);
    }
}

static void interpret(ctx_t *c, wl_workload_t *wl)
{
    const wl_sect_t *ks = NULL;
    for (size_t i = 0; i < c->in.ns; i++)
        if (strcmp(c->in.s[i].name, "kernel") == 0)
            ks = &c->in.s[i];
    if (ks)
        add_section_dispatches(c, wl, ks, "");
    for (size_t i = 0; i < c->in.ns; i++) {
        const wl_sect_t *s = &c->in.s[i];
        if (strcmp(s->name, "kernel") == 0 || strcmp(s->name, "args") == 0)
            continue;
        if (strncmp(s->name, "kernel ", 7) == 0) {
            if (!wl_is_ident(s->name + 7) || strlen(s->name + 7) >= WL_NAME_MAX)
                wl_err_at(&c->in, s->line, s->set, "[%s]: a dispatch's NAME is letters, digits and '_', as in [kernel second]", s->name);
            else
                add_section_dispatches(c, wl, s, s->name + 7);
        } else if (strncmp(s->name, "args ", 5) == 0) {
            continue; /* checked below, once every dispatch is known */
        } else if (strcmp(s->name, "machine") == 0) {
            machine_section(c, wl, s);
        } else if (strncmp(s->name, "buffer ", 7) == 0 || strcmp(s->name, "buffer") == 0) {
            const char *name = s->name[6] ? s->name + 7 : "";
            if (!wl_is_ident(name) || strlen(name) >= WL_NAME_MAX) {
                wl_err_at(&c->in, s->line, s->set, "[%s]: a buffer needs a name (letters, digits, '_'), as in [buffer x]", s->name);
                continue;
            }
            if (wl->nbuffers == WL_MAX_BUFFERS) {
                /* Said once: every further buffer is over the limit too. */
                if (!c->too_many_buffers)
                    wl_err_at(&c->in, s->line, s->set, "[%s]: more than %d buffers", s->name, WL_MAX_BUFFERS);
                c->too_many_buffers = true;
                continue;
            }
            wl->buffers = wl_grow_pow2(wl->buffers, wl->nbuffers, sizeof *wl->buffers);
            wl_buffer_t *b = &wl->buffers[wl->nbuffers++];
            memset(b, 0, sizeof *b);
            snprintf(b->name, sizeof b->name, "%s", name);
            b->line = s->line;
            wl_ix_add(&c->buf_ix, b->name, strlen(b->name), wl->nbuffers - 1);
            buffer_section(c, b, s);
        } else
            unknown_section(c, s);
    }
    if (!ks) {
        wl_err_at(&c->in, 0, 0, "no [kernel] section (it needs source, grid and workgroup)");
        return;
    }
    for (size_t i = 0; i < c->in.ns; i++) {
        const wl_sect_t *s = &c->in.s[i];
        if (strncmp(s->name, "args ", 5) != 0 || section_dispatch(c, wl, s->name, 4))
            continue;
        const char **labels = malloc(wl->ndispatches * sizeof *labels);
        if (!labels) {
            wl_err_at(&c->in, s->line, s->set, "out of memory");
            return;
        }
        for (uint32_t k = 1; k < wl->ndispatches; k++)
            labels[k - 1] = wl->dispatches[k].label;
        const char *near = txt_nearest(s->name + 5, labels, wl->ndispatches - 1, 3);
        free(labels);
        if (near)
            wl_err_at(&c->in, s->line, s->set, "[%s] belongs to no dispatch; did you mean [args %s]?", s->name, near);
        else
            wl_err_at(&c->in, s->line, s->set, "[%s] belongs to no dispatch: there is no [kernel %s]", s->name, s->name + 5);
    }
    for (size_t i = 0; i < c->in.ne; i++) {
        const wl_entry_t *e = &c->in.e[i];
        wl_dispatch_t *d;
        if (strncmp(e->section, "kernel", 6) == 0 && (d = section_dispatch(c, wl, e->section, 6)))
            kernel_entry(c, wl, d, e);
        else if (strncmp(e->section, "args", 4) == 0 && (d = section_dispatch(c, wl, e->section, 4))) {
            if (d->nargs == WL_MAX_ARGS) {
                /* Said once per dispatch, at the first argument over the limit. */
                if (!c->too_many_args && !(c->too_many_args = calloc(wl->ndispatches, 1))) {
                    wl_err_e(&c->in, e, "out of memory");
                    return;
                }
                if (!c->too_many_args[d - wl->dispatches])
                    wl_err_e(&c->in, e, "[%s]: more than %d arguments", e->section, WL_MAX_ARGS);
                c->too_many_args[d - wl->dispatches] = 1;
                continue;
            }
            add_arg(c, wl, d, e);
        }
    }
    copy_groups(c, wl);
    for (uint32_t k = 0; k < wl->ndispatches; k++) {
        const wl_dispatch_t *d = &wl->dispatches[k];
        if (k && strcmp(d->label, wl->dispatches[k - 1].label) == 0)
            continue; /* a further iteration of a loop: checked as its first */
        char sec[WL_TEXT_MAX];
        snprintf(sec, sizeof sec, "kernel%s%s", d->label[0] ? " " : "", d->label);
        const wl_sect_t *s = wl_find_section(&c->in, sec);
        check_dispatch(c, wl, d, sec, s ? s : ks);
    }
}

int wl_load(const char *path, const char *const *sets, size_t nsets, wl_workload_t *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    snprintf(out->path, sizeof out->path, "%s", path);
    ctx_t c;
    memset(&c, 0, sizeof c);
    if (!wl_entries_read(&c.in, path, sets, nsets, err))
        return 1;
    if (c.in.nerr == 0)
        interpret(&c, out);
    fio_more_errors(path, c.in.nerr, err);
    wl_entries_free(&c.in);
    wl_ix_free(&c.buf_ix);
    wl_ix_free(&c.disp_ix);
    free(c.too_many_args);
    free(c.groups);
    free(c.group_of);
    if (c.in.nerr)
        wl_free(out);
    return c.in.nerr;
}

void wl_free(wl_workload_t *wl)
{
    for (uint32_t i = 0; i < wl->ndispatches; i++) {
        free(wl->dispatches[i].args);
        free(wl->dispatches[i].kernel);
    }
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

bool wl_check_target(const wl_workload_t *wl, isa_target_t machine, FILE *err)
{
    if (!wl->has_target || wl->target == machine)
        return true;
    if (wl->target_set[0])
        fprintf(err, "--set '%s': error: ", wl->target_set);
    else
        fprintf(err, "%s:%" PRIu32 ":%" PRIu32 ": error: ", wl->path, wl->target_line, wl->target_col);
    const char *t = isa_target_name(wl->target);
    fprintf(err, "kernel.target is %s, but the machine runs %s (gpu.target); run it on a %s machine: --set "
            "gpu.target=%s, or target = %s in the [gpu] section of the --config file\n", t,
            isa_target_name(machine), t, t, t);
    return false;
}

void wl_error(FILE *err, const wl_workload_t *wl, uint32_t line, const char *fmt, ...)
{
    if (line)
        fprintf(err, "%s:%" PRIu32 ": error: ", wl->path, line);
    else
        fprintf(err, "%s: error: ", wl->path);
    va_list ap;
    va_start(ap, fmt);
    asm_diag_vprintf(err, fmt, ap); /* kernel and argument names from the file: escaped, bounded */
    va_end(ap);
}

/* wl_entries: a workload file read into sections and entries, before any of it is interpreted.
 * The lines come through the INI reader machine files use too (base/ini_read.h: line numbers,
 * every section header, even an empty one, malformed lines); --set overrides then replace or add
 * entries, so that a value given by --set is checked exactly like one from the file (workload.c
 * interprets them). Also the loading's shared tools: its error messages, name indexes and
 * growing arrays. Needs: ini_read, uthash, fileio (reading the file, error limits), text, asm_diag. */
#ifndef GCNSIM_WL_ENTRIES_H
#define GCNSIM_WL_ENTRIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <uthash.h>

#include "base/fileio.h"

/* Bytes of a section name, key or value: workload.h's WL_TEXT_MAX (workload.c asserts they agree). */
enum { WL_ENTRY_TEXT = 256 };

typedef struct {
    char section[WL_ENTRY_TEXT];
    char key[WL_ENTRY_TEXT];
    char value[WL_ENTRY_TEXT];
    uint32_t line;
    uint32_t col; /* the value's first byte in its line, from 1; 0: not from the file */
    int set; /* 1 + index of the --set that gave or replaced the value; 0: from the file */
    size_t next; /* 1 + index of the next entry of the same section (file order); 0: none */
} wl_entry_t;

typedef struct {
    char name[WL_ENTRY_TEXT];
    uint32_t line;
    int set;
    size_t first, last; /* 1 + index of its first and last entry; 0: none */
} wl_sect_t;

/* A name -> array index table entry: every lookup while loading is O(1), and loading
 * stays linear in the number of sections, entries, buffers and arguments. Indexes, not pointers:
 * the arrays they point into grow by realloc. */
typedef struct {
    UT_hash_handle hh;
    size_t idx;
    size_t len;
    char key[];
} wl_ix_t;

/* A file being read: its lines, the sections and entries they gave, and its errors. */
typedef struct {
    const char *path;
    fio_text_t text;
    wl_entry_t *e;
    size_t ne, ce;
    wl_sect_t *s;
    size_t ns, cs;
    wl_ix_t *entry_ix;  /* "SECTION\0KEY" -> index into e */
    wl_ix_t *sect_ix;   /* section name -> index into s */
    FILE *err;
    int nerr;
    const char *const *sets;
} wl_entries_t;

/* Report an error at a line of the file (line 0: the file), or of --set number `set` (1-based);
 * counted in nerr, printed up to FIO_ERRORS_MAX, echoed input bounded (asm_diag_puts). */
void wl_err_at(wl_entries_t *c, uint32_t line, int set, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The same at where entry e came from. */
void wl_err_e(wl_entries_t *c, const wl_entry_t *e, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The same at byte `off` of entry e's value: FILE:LINE:COL when it came from the file. */
void wl_err_val(wl_entries_t *c, const wl_entry_t *e, size_t off, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Bounded copy (snprintf("%s") would trip -Wformat-truncation for names read into smaller fields). */
void wl_scopy(char *dst, size_t len, const char *src);
/* [A-Za-z_][A-Za-z0-9_]* */
bool wl_is_ident(const char *s);
/* Out of memory while loading: the message, and exit status 3. */
void wl_oom(void);
/* A name -> array index table (uthash), so that every lookup while loading is O(1). */
void wl_ix_add(wl_ix_t **h, const char *key, size_t len, size_t idx);
/* The index stored under key, or -1. */
long wl_ix_find(wl_ix_t *h, const char *key, size_t len);
void wl_ix_free(wl_ix_t **h);
/* Grow an array of n elements by doubling when n is 0 or a power of two, so that adding one
 * element at a time costs amortised O(1) without storing a capacity. */
void *wl_grow_pow2(void *p, size_t n, size_t elem);
/* The section of that (normalised) name, or NULL. */
wl_sect_t *wl_find_section(wl_entries_t *c, const char *name);
/* The entry of that section and key, or NULL. */
wl_entry_t *wl_find_entry(wl_entries_t *c, const char *section, const char *key);

/* ---- Loops of dispatches (wl_repeat.c): `repeat = VAR FROM..TO, ...` in a [kernel NAME] ---- */
enum { WL_REPEAT_VARS = 4, WL_REPEAT_NAME = 64, WL_REPEAT_VALUE_MAX = 2147483647 };
typedef struct {
    uint32_t nvars;                          /* nested loops, the outermost first */
    char names[WL_REPEAT_VARS][WL_REPEAT_NAME];
    int64_t from[WL_REPEAT_VARS], to[WL_REPEAT_VARS]; /* integer bounds (both included)... */
    int from_var[WL_REPEAT_VARS], to_var[WL_REPEAT_VARS]; /* ...or an outer loop's variable (-1: none) */
    size_t at[WL_REPEAT_VARS];               /* each loop's byte in the value, for messages */
    uint64_t count;                          /* iterations in all */
} wl_repeat_t;
/* Parse entry e's value as loops making at most `max` iterations; false when reported as errors. */
bool wl_repeat_parse(wl_entries_t *c, const wl_entry_t *e, uint64_t max, wl_repeat_t *r);
/* The variables' values of the first iteration, then of the next one (false after the last). */
bool wl_repeat_first(const wl_repeat_t *r, int64_t *v);
bool wl_repeat_next(const wl_repeat_t *r, int64_t *v);
/* src with each {VAR} replaced by its value v[...] (r NULL: no variables), into dst (len bytes).
 * False with a message and the byte of src it concerns when a reference is malformed or unknown. */
bool wl_repeat_subst(const wl_repeat_t *r, const int64_t *v, const char *src, char *dst, size_t len, size_t *at,
                     char *msg, size_t msglen);

/* Read the file at `path` into c (zeroed by the caller), reporting malformed lines, then apply
 * the --set overrides `sets`. False when the file cannot be read (reported on err); otherwise
 * c->nerr counts the errors. Release with wl_entries_free. */
bool wl_entries_read(wl_entries_t *c, const char *path, const char *const *sets, size_t nsets, FILE *err);
void wl_entries_free(wl_entries_t *c);

#endif

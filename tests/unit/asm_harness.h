/* asm_harness.h: the assembler tests' helpers (test_asm.c, test_asm_kernels.c, test_targets.c, and
 * gfx9_harness.h): a text assembled from memory with its diagnostics captured, and a fixture file
 * read whole. */
#ifndef GCNSIM_TESTS_ASM_HARNESS_H
#define GCNSIM_TESTS_ASM_HARNESS_H

#include <stdio.h>

#include "asm/asm.h"
#include "unit.h"

#define FIX "tests/unit/fixtures/"

/* Assemble `text` as "t.s" with `target` as the default; the diagnostics in *diag (malloc'd) when
 * diag is given. Returns the number of errors. */
static inline int ah_assemble_on(const char *text, isa_target_t target, isa_program_t *p, char **diag)
{
    size_t n = 0;
    char *buf = NULL;
    FILE *f = open_memstream(&buf, &n);
    ck_assert_ptr_nonnull(f);
    int e = asm_assemble_buffer("t.s", text, strlen(text), target, p, f);
    fclose(f);
    if (diag)
        *diag = buf;
    else
        free(buf);
    return e;
}

static inline int ah_assemble(const char *text, isa_program_t *p, char **diag)
{
    return ah_assemble_on(text, ISA_TARGET_GFX803, p, diag);
}

static inline isa_program_t ah_ok(const char *text)
{
    isa_program_t p;
    char *d;
    int e = ah_assemble(text, &p, &d);
    ck_assert_msg(e == 0, "unexpected errors:\n%s", d);
    free(d);
    return p;
}

/* Assemble one line and return its single instruction. */
static inline isa_inst_t ah_one(const char *line)
{
    isa_program_t p = ah_ok(line);
    ck_assert_uint_eq(p.kernels[0].ninsts, 1);
    isa_inst_t in = p.kernels[0].insts[0];
    isa_program_free(&p);
    return in;
}

/* The diagnostics of a text that must fail with `nerr` errors. */
static inline char *ah_fails(const char *text, int nerr)
{
    isa_program_t p;
    char *d;
    int e = ah_assemble(text, &p, &d);
    ck_assert_msg(e == nerr, "expected %d errors, got %d:\n%s", nerr, e, d);
    ck_assert_ptr_null(p.kernels);
    return d;
}

static inline char *ah_read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char *buf = malloc(1 << 20);
    *len = fread(buf, 1, (1 << 20) - 1, f);
    buf[*len] = 0;
    fclose(f);
    return buf;
}

#endif

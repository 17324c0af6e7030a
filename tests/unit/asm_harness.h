/* asm_harness.h: the assembler tests' helpers (test_asm.c, test_asm_kernels.c, test_targets.c, and
 * gfx9_harness.h): a text assembled from memory with its diagnostics captured, and a fixture file
 * read whole. */
#ifndef GCNSIM_TESTS_ASM_HARNESS_H
#define GCNSIM_TESTS_ASM_HARNESS_H

#include <stdio.h>

#include "asm/asm.h"
#include "asm/asm_decode.h"
#include "asm/asm_encode.h"
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

/* The first instruction of kernel 0 of p (assembled for target t from `line`): encoded, it gives
 * llvm-mc's `want` bytes; decoded back, the same instruction, printed as `text`. */
static inline void ah_round_trip(isa_program_t *p, isa_target_t t, const char *line, const uint8_t *want, unsigned n,
                                 const char *text)
{
    isa_kernel_t *k = &p->kernels[0];
    asm_opcode_map_t *m = asm_opcode_map_create(t);
    ck_assert_ptr_nonnull(m);
    uint8_t *code;
    char err[256];
    ck_assert_msg(asm_encode_kernel(m, k, &code, err, sizeof err) == 0, "%s: %s", line, err);
    ck_assert_uint_eq(k->code_bytes, n);
    for (unsigned i = 0; i < n; i++)
        ck_assert_msg(code[i] == want[i], "%s: byte %u is 0x%02x, want 0x%02x", line, i, code[i], want[i]);
    isa_inst_t *dec;
    uint32_t nd;
    ck_assert_msg(asm_decode_code(m, code, n, &dec, &nd, err, sizeof err) == 0, "%s: %s", line, err);
    ck_assert_uint_eq(nd, 1);
    dec[0].line = k->insts[0].line;
    dec[0].col = k->insts[0].col;
    isa_inst_predecode(&dec[0]);
    char what[128];
    ck_assert_msg(asm_inst_same(&k->insts[0], &dec[0], what, sizeof what), "%s: decoded %s differs", line, what);
    char buf[160];
    isa_format_inst(k, &dec[0], buf, sizeof buf);
    ck_assert_str_eq(buf, text);
    free(dec);
    free(code);
    asm_opcode_map_free(m);
}

#endif

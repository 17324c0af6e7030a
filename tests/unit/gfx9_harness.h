/* gfx9_harness.h: the gfx9 unit tests' helpers (test_flat9.c, test_mem9_rest.c, ...): a line
 * assembled for a gfx9 target (its first line the .amdgcn_target directive), its machine code
 * through the target's opcode map, and a one-wave machine of that target with patterned memory. */
#ifndef GCNSIM_TESTS_GFX9_HARNESS_H
#define GCNSIM_TESTS_GFX9_HARNESS_H

#include <stdio.h>

#include "asm/asm_decode.h"
#include "asm/asm_encode.h"
#include "asm_harness.h"

#define G9_GFX900 ".amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\n"
#define G9_GFX906 ".amdgcn_target \"amdgcn-amd-amdhsa--gfx906\"\n"

/* The directive that selects target t (gfx900 or gfx906). */
static inline const char *g9_directive(isa_target_t t)
{
    return t == ISA_TARGET_GFX906 ? G9_GFX906 : G9_GFX900;
}

/* `line` assembled for target t as the one instruction of kernel k. */
static inline isa_program_t g9_program(isa_target_t t, const char *line)
{
    char text[512];
    snprintf(text, sizeof text, "%sk:\n%s\n", g9_directive(t), line);
    isa_program_t p = ah_ok(text);
    ck_assert_int_eq(p.target, t);
    ck_assert_int_eq(p.kernels[0].target, t);
    ck_assert_uint_eq(p.kernels[0].ninsts, 1);
    return p;
}

static inline isa_inst_t g9_one(isa_target_t t, const char *line)
{
    isa_program_t p = g9_program(t, line);
    isa_inst_t in = p.kernels[0].insts[0];
    isa_program_free(&p);
    return in;
}

/* The machine code of `line` on target t compared with `want` (n bytes, llvm-mc-15's); with `text`,
 * the instruction must also print as `text`, and its bytes decode (asm_decode_inst) to an
 * instruction that prints so too. */
static inline void g9_check_code(asm_opcode_map_t *map, isa_target_t t, const char *line, const uint8_t *want,
                                 unsigned n, const char *text)
{
    isa_program_t p = g9_program(t, line);
    uint8_t out[ASM_ENCODE_MAX];
    char err[160] = "";
    unsigned got = asm_encode_inst(map, &p.kernels[0], &p.kernels[0].insts[0], out, err, sizeof err);
    ck_assert_msg(got == n, "%s: %u bytes (%s), want %u", line, got, err, n);
    for (unsigned i = 0; i < n; i++)
        ck_assert_msg(out[i] == want[i], "%s: byte %u is 0x%02x, llvm-mc-15 gives 0x%02x", line, i, out[i], want[i]);
    if (text) {
        char back[256];
        isa_format_inst(&p.kernels[0], &p.kernels[0].insts[0], back, sizeof back);
        ck_assert_str_eq(back, text);
        isa_inst_t d;
        ck_assert_msg(asm_decode_inst(map, out, n, 0, &d, err, sizeof err) == n, "%s: %s", line, err);
        isa_format_inst(&p.kernels[0], &d, back, sizeof back);
        ck_assert_str_eq(back, text);
    }
    isa_program_free(&p);
}

/* The diagnostics of `line` on target t, which must fail with one error (malloc'd). */
static inline char *g9_fails(isa_target_t t, const char *line)
{
    char text[512];
    snprintf(text, sizeof text, "%sk:\n%s\n", g9_directive(t), line);
    return ah_fails(text, 1);
}

/* A one-wave machine of target t, its memory window filled with a byte pattern. */
static inline ut_machine_t *g9_machine(isa_target_t t)
{
    ut_machine_t *m = ut_machine_new();
    m->w.target = t;
    m->k.target = t;
    for (unsigned i = 0; i < UT_MEM_SIZE; i++)
        m->gmem[i] = (uint8_t)(i * 37 + 0x81);
    return m;
}

#endif

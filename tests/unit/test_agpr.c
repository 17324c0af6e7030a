/* CDNA's accumulation registers (AGPRs): their syntax (aN, a[a:b], accN; docs/asm.md, "AGPRs")
 * assembled, encoded byte for byte as llvm-mc gives it (llvm-mc-15 -mcpu=gfx908/gfx90a and
 * llvm-mc-19 -mcpu=gfx942 -show-encoding: the expected bytes below are llvm-mc's), decoded back
 * to the same instruction through the target's opcode map and printed back as llvm-mc's text;
 * where AGPRs may not go, gfx90a's tuple alignment, and the decoder's refusals. */
#include <stdio.h>

#include "asm/asm.h"
#include "asm/asm_decode.h"
#include "asm/asm_encode.h"
#include "asm_harness.h"

#define T908 ".amdgcn_target \"amdgcn-amd-amdhsa--gfx908\"\n"
#define T90A ".amdgcn_target \"amdgcn-amd-amdhsa--gfx90a\"\n"
#define T942 ".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"\n"

static const char *const tline[] = { [ISA_TARGET_GFX908] = T908, [ISA_TARGET_GFX90A] = T90A, [ISA_TARGET_GFX942] = T942 };

/* Assemble `line` for target t, encode it, require llvm-mc's bytes, decode them back to the same
 * instruction and print it as `text`. */
static void check_enc(isa_target_t t, const char *line, const uint8_t *want, unsigned n, const char *text)
{
    char src[256];
    snprintf(src, sizeof src, "%sk:\n  %s\n", tline[t], line);
    isa_program_t p = ah_ok(src);
    isa_kernel_t *k = &p.kernels[0];
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
    isa_program_free(&p);
}
#define ENC(t, line, text, ...)                                                                \
    do {                                                                                       \
        static const uint8_t w_[] = { __VA_ARGS__ };                                           \
        check_enc(t, line, w_, sizeof w_, text);                                               \
    } while (0)

START_TEST(test_moves)
{
    for (isa_target_t t = ISA_TARGET_GFX908; t <= ISA_TARGET_GFX942; t++) {
        ENC(t, "v_accvgpr_read_b32 v0, a1", "v_accvgpr_read_b32 v0, a1", 0x00, 0x40, 0xd8, 0xd3, 0x01, 0x01, 0x00, 0x18);
        ENC(t, "v_accvgpr_read_b32 v0, acc1", "v_accvgpr_read_b32 v0, a1", 0x00, 0x40, 0xd8, 0xd3, 0x01, 0x01, 0x00, 0x18);
        ENC(t, "v_accvgpr_write_b32 a2, v3", "v_accvgpr_write_b32 a2, v3", 0x02, 0x40, 0xd9, 0xd3, 0x03, 0x01, 0x00, 0x18);
        ENC(t, "v_accvgpr_write_b32 a[2], v3", "v_accvgpr_write_b32 a2, v3", 0x02, 0x40, 0xd9, 0xd3, 0x03, 0x01, 0x00, 0x18);
        ENC(t, "v_accvgpr_write_b32 a255, v255", "v_accvgpr_write_b32 a255, v255",
            0xff, 0x40, 0xd9, 0xd3, 0xff, 0x01, 0x00, 0x18);
        ENC(t, "v_accvgpr_write_b32 acc[5], v0", "v_accvgpr_write_b32 a5, v0", 0x05, 0x40, 0xd9, 0xd3, 0x00, 0x01, 0x00, 0x18);
        ENC(t, "v_accvgpr_write_b32 a2, 1", "v_accvgpr_write_b32 a2, 1", 0x02, 0x40, 0xd9, 0xd3, 0x81, 0x00, 0x00, 0x18);
        ENC(t, "v_accvgpr_write_b32 a2, -1", "v_accvgpr_write_b32 a2, -1", 0x02, 0x40, 0xd9, 0xd3, 0xc1, 0x00, 0x00, 0x18);
        ENC(t, "v_accvgpr_write_b32 a2, 1.0", "v_accvgpr_write_b32 a2, 1.0", 0x02, 0x40, 0xd9, 0xd3, 0xf2, 0x00, 0x00, 0x18);
    }
    for (isa_target_t t = ISA_TARGET_GFX90A; t <= ISA_TARGET_GFX942; t++) {
        ENC(t, "v_accvgpr_write_b32 a2, s1", "v_accvgpr_write_b32 a2, s1", 0x02, 0x40, 0xd9, 0xd3, 0x01, 0x00, 0x00, 0x18);
        ENC(t, "v_accvgpr_mov_b32 a0, a1", "v_accvgpr_mov_b32 a0, a1", 0x01, 0xa5, 0x00, 0x7e);
        ENC(t, "v_accvgpr_mov_b32_e32 a0, a1", "v_accvgpr_mov_b32 a0, a1", 0x01, 0xa5, 0x00, 0x7e);
    }
}
END_TEST

/* gfx90a's loads and stores with AGPR data: the acc bit (DS bit 25, FLAT/MUBUF bit 55) */
START_TEST(test_memory)
{
    for (isa_target_t t = ISA_TARGET_GFX90A; t <= ISA_TARGET_GFX942; t++) {
        ENC(t, "global_load_dword a0, v[0:1], off", "global_load_dword a0, v[0:1], off",
            0x00, 0x80, 0x50, 0xdc, 0x00, 0x00, 0xff, 0x00);
        ENC(t, "global_load_dwordx2 a[2:3], v[2:3], off", "global_load_dwordx2 a[2:3], v[2:3], off",
            0x00, 0x80, 0x54, 0xdc, 0x02, 0x00, 0xff, 0x02);
        ENC(t, "ds_read_b32 a1, v0", "ds_read_b32 a1, v0", 0x00, 0x00, 0x6c, 0xda, 0x00, 0x00, 0x00, 0x01);
        ENC(t, "ds_write_b32 v0, a1", "ds_write_b32 v0, a1", 0x00, 0x00, 0x1a, 0xda, 0x00, 0x01, 0x00, 0x00);
        ENC(t, "ds_write_b64 v0, a[2:3]", "ds_write_b64 v0, a[2:3]", 0x00, 0x00, 0x9a, 0xda, 0x00, 0x02, 0x00, 0x00);
        ENC(t, "ds_read_b64 a[2:3], v0 offset:8", "ds_read_b64 a[2:3], v0 offset:8",
            0x08, 0x00, 0xec, 0xda, 0x00, 0x00, 0x00, 0x02);
        ENC(t, "ds_write2_b32 v0, a1, a2", "ds_write2_b32 v0, a1, a2", 0x00, 0x00, 0x1c, 0xda, 0x00, 0x01, 0x02, 0x00);
        ENC(t, "ds_add_rtn_u32 a1, v0, a2", "ds_add_rtn_u32 a1, v0, a2", 0x00, 0x00, 0x40, 0xda, 0x00, 0x02, 0x00, 0x01);
        ENC(t, "buffer_load_dword a1, off, s[0:3], 0", "buffer_load_dword a1, off, s[0:3], 0",
            0x00, 0x00, 0x50, 0xe0, 0x00, 0x01, 0x80, 0x80);
        ENC(t, "buffer_store_dword a1, v0, s[0:3], 0 offen", "buffer_store_dword a1, v0, s[0:3], 0 offen",
            0x00, 0x10, 0x70, 0xe0, 0x00, 0x01, 0x80, 0x80);
        ENC(t, "flat_load_dword a1, v[0:1]", "flat_load_dword a1, v[0:1]", 0x00, 0x00, 0x50, 0xdc, 0x00, 0x00, 0x80, 0x01);
        ENC(t, "flat_store_dword v[0:1], a1", "flat_store_dword v[0:1], a1", 0x00, 0x00, 0x70, 0xdc, 0x00, 0x01, 0x80, 0x00);
        ENC(t, "scratch_load_dword a1, off, s0", "scratch_load_dword a1, off, s0",
            0x00, 0x40, 0x50, 0xdc, 0x00, 0x00, 0x80, 0x01);
    }
    ENC(ISA_TARGET_GFX90A, "global_atomic_add a1, v[0:1], a2, off glc", "global_atomic_add a1, v[0:1], a2, off glc",
        0x00, 0x80, 0x09, 0xdd, 0x00, 0x02, 0xff, 0x01);
}
END_TEST

static void fails_with(const char *text, const char *msg)
{
    char *d = ah_fails(text, 1);
    ck_assert_msg(strstr(d, msg) != NULL, "want '%s' in:\n%s", msg, d);
    free(d);
}

START_TEST(test_asm_rules)
{
    fails_with(T90A "k:\n  global_load_dwordx2 v[1:2], v[0:1], off\n",
               "t.s:3:23: error: misaligned VGPR range v[1:2]: on gfx90a register tuples must start at an even register");
    fails_with(T942 "k:\n  v_accvgpr_read_b32 v[0:1], a[1:2]\n",
               "t.s:3:30: error: misaligned AGPR range a[1:2]: on gfx942 register tuples must start at an even register");
    fails_with(T90A "k:\n  v_lshlrev_b64 v[2:3], 1, v[1:2]\n", "t.s:3:28: error: misaligned VGPR range v[1:2]");
    fails_with(T908 "k:\n  global_load_dword a0, v[0:1], off\n",
               "t.s:3:3: error: 'global_load_dword': AGPR loads and stores need gfx90a or later");
    fails_with(T908 "k:\n  v_accvgpr_write_b32 a2, s1\n",
               "the source of v_accvgpr_write_b32 must be a VGPR or an inline constant on gfx908");
    fails_with(T908 "k:\n  ds_read_b32 a1, v0\n", "t.s:3:15: error: operand 1 of 'ds_read_b32' cannot be an AGPR on gfx908");
    fails_with(T90A "k:\n  global_atomic_add a1, v[0:1], v2, off glc\n",
               "the data and destination registers must be all VGPRs or all AGPRs");
    fails_with(T90A "k:\n  ds_write2_b32 v0, a1, v2\n", "the data and destination registers must be all VGPRs or all AGPRs");
    fails_with(T90A "k:\n  ds_read_b32 v1, a0\n", "t.s:3:19: error: operand 2 of 'ds_read_b32' cannot be an AGPR");
    fails_with(T90A "k:\n  buffer_load_dword v1, a0, s[0:3], 0 offen\n", "the address cannot be an AGPR");
    fails_with(T90A "k:\n  v_add_f32 v0, a1, v2\n", "t.s:3:17: error: operand 2 of 'v_add_f32' cannot be an AGPR");
    fails_with(T90A "k:\n  v_mov_b32 a1, v0\n", "t.s:3:13: error: operand 1 of 'v_mov_b32' cannot be an AGPR");
    fails_with(T90A "k:\n  v_accvgpr_read_b32 v0, v1\n", "operand 2 of 'v_accvgpr_read_b32' must be an AGPR (aN)");
    fails_with(T90A "k:\n  v_accvgpr_write_b32 a2, a3\n", "operand 2 of 'v_accvgpr_write_b32' cannot be an AGPR");
    fails_with(T90A "k:\n  v_accvgpr_read_b32 v0, a256\n", "register a256 is out of range (gfx90a has a0..a255)");
    fails_with(T90A "k:\n  v_accvgpr_write_b32 a2, v3 clamp\n", "the AGPR moves take no modifiers");
    fails_with(T90A "k:\n  v_accvgpr_write_b32 a2, 0x1234\n", "literal constants are not allowed");
    fails_with(T90A "k:\n  v_accvgpr_mov_b32_e64 a0, a1\n", "v_accvgpr_mov_b32 has only its 32-bit (VOP1) encoding");
    fails_with(T90A "k:\n  v_accvgpr_mov_b32 a0, v1\n", "operand 2 of 'v_accvgpr_mov_b32' must be an AGPR (aN)");
    /* before CDNA, `a0` is no register: the operand is what it was */
    fails_with(".amdgcn_target \"amdgcn-amd-amdhsa--gfx906\"\nk:\n  v_mov_b32 v0, a0\n",
               "t.s:3:17: error: operand 2 of 'v_mov_b32' must be a 32-bit VGPR, SGPR or constant");
    /* gfx908 keeps odd tuples (LLVM aligns them from gfx90a) */
    isa_program_t p = ah_ok(T908 "k:\n  global_load_dwordx2 v[1:2], v[0:1], off\n");
    isa_program_free(&p);
}
END_TEST

/* Words the decoder refuses: an odd tuple on gfx90a, the acc bit on gfx908, an AGPR move whose
 * source field is not a register. */
static void decode_fails(isa_target_t t, const uint8_t *w, unsigned n, const char *msg)
{
    asm_opcode_map_t *m = asm_opcode_map_create(t);
    isa_inst_t *dec = NULL;
    uint32_t nd;
    char err[256];
    ck_assert_int_ne(asm_decode_code(m, w, n, &dec, &nd, err, sizeof err), 0);
    ck_assert_msg(strstr(err, msg) != NULL, "want '%s' in '%s'", msg, err);
    free(dec);
    asm_opcode_map_free(m);
}

START_TEST(test_decode_rules)
{
    static const uint8_t odd[] = { 0x00, 0x80, 0x54, 0xdc, 0x00, 0x00, 0x7f, 0x01 }; /* global_load_dwordx2 v[1:2] */
    decode_fails(ISA_TARGET_GFX90A, odd, 8, "misaligned register tuple v[1:2]: on gfx90a");
    static const uint8_t acc[] = { 0x00, 0x80, 0x50, 0xdc, 0x00, 0x00, 0xff, 0x00 }; /* global_load_dword a0 */
    decode_fails(ISA_TARGET_GFX908, acc, 8, "the acc bit is set (AGPR loads and stores need gfx90a or later)");
    static const uint8_t sgpr[] = { 0x00, 0x40, 0xd8, 0xd3, 0x01, 0x00, 0x00, 0x18 }; /* v_accvgpr_read_b32 v0, s1 */
    decode_fails(ISA_TARGET_GFX908, sgpr, 8, "an AGPR operand whose field is not a register number");
    static const uint8_t wsgpr[] = { 0x02, 0x40, 0xd9, 0xd3, 0x01, 0x00, 0x00, 0x18 }; /* v_accvgpr_write_b32 a2, s1 */
    decode_fails(ISA_TARGET_GFX908, wsgpr, 8, "must be a VGPR or an inline constant on gfx908");
    static const uint8_t clamp[] = { 0x02, 0xc0, 0xd9, 0xd3, 0x03, 0x01, 0x00, 0x18 }; /* ... clamp */
    decode_fails(ISA_TARGET_GFX90A, clamp, 8, "the AGPR moves take no modifiers");
    /* gfx908 decodes the odd tuple */
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX908);
    isa_inst_t *dec = NULL;
    uint32_t nd;
    char err[256];
    ck_assert_int_eq(asm_decode_code(m, odd, 8, &dec, &nd, err, sizeof err), 0);
    ck_assert_uint_eq(dec[0].vdst.code, ISA_VGPR_BASE + 1);
    free(dec);
    asm_opcode_map_free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("agpr");
    TCase *t = tcase_create("agpr");
    tcase_add_test(t, test_moves);
    tcase_add_test(t, test_memory);
    tcase_add_test(t, test_asm_rules);
    tcase_add_test(t, test_decode_rules);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

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
#include "launch_harness.h"
#include "machine/occupancy.h"
#include "report/occ_text.h"

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
    ah_round_trip(&p, t, line, want, n, text);
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


/* ---- Semantics: the moves, loads and stores with AGPR data, the bounds --------------------------- */

enum { SENT = 0x5eedf00du };

static isa_operand_t ut_a(unsigned r) { return (isa_operand_t){ (uint16_t)(ISA_AGPR_BASE + r), 1, 0, 0 }; }

/* A gfx90a wave with `nagpr` AGPRs (every lane of each the sentinel). */
static ut_machine_t *agpr_machine(uint32_t *agpr, uint32_t nagpr)
{
    ut_machine_t *m = ut_machine_new();
    m->w.target = ISA_TARGET_GFX90A;
    m->w.agpr = agpr;
    m->w.nagpr = nagpr;
    for (uint32_t i = 0; i < nagpr * ISA_WAVE_SIZE; i++)
        agpr[i] = SENT;
    return m;
}

START_TEST(test_moves_exec)
{
    static uint32_t agpr[256 * ISA_WAVE_SIZE];
    ut_machine_t *m = agpr_machine(agpr, 256);
    const uint64_t exec = 0xf0f0f0f00f0f0f0full;
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ut_vreg(m, 1)[l] = 1000u + (uint32_t)l, ut_vreg(m, 7)[l] = SENT;
    ut_set_exec(m, exec);
    isa_inst_t w = ut_inst(ISA_v_accvgpr_write_b32); /* a3 = v1 in the EXEC lanes */
    w.vdst = ut_a(3), w.src[0] = ut_v(1), w.nsrc = 1;
    ck_assert_int_eq(ut_run(m, &w).status, ISA_EXEC_OK);
    isa_inst_t mv = ut_inst(ISA_v_accvgpr_mov_b32); /* a255 = a3 */
    mv.vdst = ut_a(255), mv.src[0] = ut_a(3), mv.nsrc = 1;
    ck_assert_int_eq(ut_run(m, &mv).status, ISA_EXEC_OK);
    isa_inst_t r = ut_inst(ISA_v_accvgpr_read_b32); /* v7 = a255 */
    r.vdst = ut_v(7), r.src[0] = ut_a(255), r.nsrc = 1;
    ck_assert_int_eq(ut_run(m, &r).status, ISA_EXEC_OK);
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        uint32_t want = (exec >> l & 1) ? 1000u + (uint32_t)l : SENT;
        ck_assert_uint_eq(agpr[3 * ISA_WAVE_SIZE + l], want);
        ck_assert_uint_eq(agpr[255 * ISA_WAVE_SIZE + l], want);
        ck_assert_uint_eq(ut_vreg(m, 7)[l], want);
        ck_assert_uint_eq(ut_vreg(m, 1)[l], 1000u + (uint32_t)l); /* the source is untouched */
    }
    /* an inline constant, an SGPR (gfx90a) */
    ut_set_exec(m, ~0ull);
    w.vdst = ut_a(4), w.src[0] = ut_ic(-1);
    ut_run(m, &w);
    m->w.sreg[5] = 0x12345678u;
    w.vdst = ut_a(5), w.src[0] = ut_s(5);
    ut_run(m, &w);
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        ck_assert_uint_eq(agpr[4 * ISA_WAVE_SIZE + l], 0xffffffffu);
        ck_assert_uint_eq(agpr[5 * ISA_WAVE_SIZE + l], 0x12345678u);
    }
    free(m);
}
END_TEST

/* An AGPR beyond the wave's allocation faults (and writes nothing); so does a VGPR beyond its VGPRs. */
START_TEST(test_bounds)
{
    static uint32_t agpr[8 * ISA_WAVE_SIZE];
    ut_machine_t *m = agpr_machine(agpr, 4);
    isa_inst_t w = ut_inst(ISA_v_accvgpr_write_b32);
    w.vdst = ut_a(4), w.src[0] = ut_v(0), w.nsrc = 1;
    isa_exec_result_t r = ut_run(m, &w);
    ck_assert_int_eq(r.fault, ISA_FAULT_ILLEGAL);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "v_accvgpr_write_b32: AGPR operand beyond the wave's 4 AGPRs"));
    ck_assert_uint_eq(agpr[4 * ISA_WAVE_SIZE], 0); /* past the allocation: untouched */
    isa_inst_t rd = ut_inst(ISA_v_accvgpr_read_b32);
    rd.vdst = ut_v(8), rd.src[0] = ut_a(3), rd.nsrc = 1;
    m->w.nvgpr = 8;
    r = ut_run(m, &rd);
    ck_assert_int_eq(r.fault, ISA_FAULT_ILLEGAL);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "VGPR operand beyond the wave's 8 VGPRs"));
    /* an AGPR where the instruction takes none (a hand-built v_add_f32): a clean fault */
    isa_inst_t add = ut_inst(ISA_v_add_f32);
    add.vdst = ut_v(1), add.src[0] = ut_a(3), add.src[1] = ut_v(2), add.nsrc = 2;
    isa_inst_predecode(&add);
    r = ut_run(m, &add);
    ck_assert_int_eq(r.fault, ISA_FAULT_ILLEGAL);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "v_add_f32: an AGPR operand, which it does not take"));
    /* a load into AGPRs past the allocation */
    isa_inst_t ld = ut_inst(ISA_ds_read_b64);
    ld.vdst = (isa_operand_t){ ISA_AGPR_BASE + 3, 2, 0, 0 }, ld.src[0] = ut_v(0), ld.nsrc = 1;
    r = ut_run(m, &ld);
    ck_assert_int_eq(r.fault, ISA_FAULT_ILLEGAL);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "operand needs 2 AGPR(s) within the wave's 4"));
    free(m);
}
END_TEST

/* LDS and global memory with AGPR data: stores read AGPRs, loads write them (the same bytes a VGPR
 * would move). */
START_TEST(test_memory_data)
{
    static uint32_t agpr[16 * ISA_WAVE_SIZE];
    ut_machine_t *m = agpr_machine(agpr, 16);
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        ut_vreg(m, 0)[l] = 8u * (uint32_t)l;                      /* LDS byte address */
        agpr[2 * ISA_WAVE_SIZE + l] = 0xa0000000u + (uint32_t)l;
        agpr[3 * ISA_WAVE_SIZE + l] = 0xb0000000u + (uint32_t)l;
    }
    isa_inst_t st = ut_inst(ISA_ds_write_b64); /* ds_write_b64 v0, a[2:3] */
    st.src[0] = ut_v(0), st.src[1] = (isa_operand_t){ ISA_AGPR_BASE + 2, 2, 0, 0 }, st.nsrc = 2;
    ck_assert_int_eq(ut_run(m, &st).status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->lds[8 * 5], 0x05); /* lane 5's low word, little-endian */
    ck_assert_uint_eq(m->lds[8 * 5 + 7], 0xb0);
    isa_inst_t ld = ut_inst(ISA_ds_read_b64); /* ds_read_b64 a[6:7], v0 */
    ld.vdst = (isa_operand_t){ ISA_AGPR_BASE + 6, 2, 0, 0 }, ld.src[0] = ut_v(0), ld.nsrc = 1;
    ck_assert_int_eq(ut_run(m, &ld).status, ISA_EXEC_OK);
    /* global_store_dword v[10:11], a6, off; then global_load_dword a9, v[10:11], off */
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        uint64_t a = UT_MEM_BASE + 4u * (uint32_t)l;
        ut_vreg(m, 10)[l] = (uint32_t)a, ut_vreg(m, 11)[l] = (uint32_t)(a >> 32);
    }
    isa_inst_t gs = ut_inst(ISA_global_store_dword);
    gs.src[0] = ut_vr(10, 2), gs.src[1] = ut_a(6), gs.nsrc = 3;
    ck_assert_int_eq(ut_run(m, &gs).status, ISA_EXEC_OK);
    isa_inst_t gl = ut_inst(ISA_global_load_dword);
    gl.vdst = ut_a(9), gl.src[0] = ut_vr(10, 2), gl.nsrc = 3;
    ck_assert_int_eq(ut_run(m, &gl).status, ISA_EXEC_OK);
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        ck_assert_uint_eq(agpr[6 * ISA_WAVE_SIZE + l], 0xa0000000u + (uint32_t)l);
        ck_assert_uint_eq(agpr[7 * ISA_WAVE_SIZE + l], 0xb0000000u + (uint32_t)l);
        ck_assert_uint_eq(agpr[9 * ISA_WAVE_SIZE + l], 0xa0000000u + (uint32_t)l);
    }
    free(m);
}
END_TEST

/* ---- Storage at launch ------------------------------------------------------------------------- */

/* gfx908: the AGPRs follow the VGPRs (files of their own); gfx90a: they start at accum_offset of
 * the one allocation. */
START_TEST(test_launch_layout)
{
    for (int t = 0; t < 2; t++) {
        fx_t *f = fx_new(64, 64);
        f->k.target = t ? ISA_TARGET_GFX90A : ISA_TARGET_GFX908;
        f->k.vgprs_used = 6;
        f->k.agprs_used = 5;
        f->k.desc.accum_offset = t ? 8 : 0;
        fx_add(f, ISA_s_endpgm);
        launch_options_t opt = { 0, 0, f->k.target };
        FILE *err = open_memstream(&f->errs, &f->errlen);
        int rc = launch_prepare(&f->L, &f->wl, &f->prog, &opt, err);
        fclose(err);
        ck_assert_msg(rc == 0, "%s", f->errs);
        const launch_dispatch_t *D = &f->L.dispatches[0];
        ck_assert_uint_eq(D->nvgpr, 6);
        ck_assert_uint_eq(D->nagpr, 5);
        ck_assert_uint_eq(D->nvreg, t ? 8 + 5 : 6 + 5);
        uint32_t *regs = calloc((size_t)D->nvreg * ISA_WAVE_SIZE, sizeof *regs);
        isa_wave_t w;
        uint32_t wg[3] = { 0, 0, 0 }, size[3] = { 64, 1, 1 };
        launch_wave_init(&f->L, D, &w, regs, NULL, wg, size, 0);
        ck_assert_ptr_eq(w.agpr, regs + (t ? 8 : 6) * ISA_WAVE_SIZE);
        ck_assert_uint_eq(w.nagpr, 5);
        ck_assert_uint_eq(w.nvgpr, 6);
        free(regs);
        fx_free(f);
    }
    /* gfx90a: VGPRs at or beyond accum_offset are refused */
    fx_t *f = fx_new(64, 64);
    f->k.target = ISA_TARGET_GFX90A;
    f->k.vgprs_used = 12;
    f->k.desc.accum_offset = 8;
    fx_add(f, ISA_s_endpgm);
    launch_options_t opt = { 0, 0, ISA_TARGET_GFX90A };
    FILE *err = open_memstream(&f->errs, &f->errlen);
    ck_assert_int_ne(launch_prepare(&f->L, &f->wl, &f->prog, &opt, err), 0);
    fclose(err);
    ck_assert_ptr_nonnull(strstr(f->errs, "kernel 'k' uses 12 VGPRs, but its AGPRs start at accum_offset 8"));
    fx_free(f);
}
END_TEST

/* ---- Resources and occupancy (hand-derived) ------------------------------------------------------ */

START_TEST(test_resources)
{
    /* gfx90a: a0..a5 used, v0..v4: accum_offset 8 given; next_free_vgpr 14 = 8 + 6 */
    isa_program_t p = ah_ok(T90A "k:\n  v_accvgpr_write_b32 a5, v4\n  s_endpgm\n.rodata\n.amdhsa_kernel k\n"
                            "  .amdhsa_next_free_vgpr 14\n  .amdhsa_next_free_sgpr 8\n  .amdhsa_accum_offset 8\n"
                            ".end_amdhsa_kernel\n");
    ck_assert_uint_eq(p.kernels[0].vgprs_used, 5);
    ck_assert_uint_eq(p.kernels[0].agprs_used, 6);
    ck_assert_uint_eq(p.kernels[0].desc.accum_offset, 8);
    ck_assert_uint_eq(isa_kernel_vreg_total(&p.kernels[0]), 14);
    isa_program_free(&p);
    /* gfx908: the files are separate; LLVM's total is the larger */
    p = ah_ok(T908 "k:\n  v_accvgpr_write_b32 a[9], v2\n  s_endpgm\n");
    ck_assert_uint_eq(p.kernels[0].vgprs_used, 3);
    ck_assert_uint_eq(p.kernels[0].agprs_used, 10);
    ck_assert_uint_eq(isa_kernel_vreg_total(&p.kernels[0]), 10);
    isa_program_free(&p);
    fails_with(T90A "k:\n  s_endpgm\n.rodata\n.amdhsa_kernel k\n  .amdhsa_next_free_vgpr 8\n  .amdhsa_next_free_sgpr 8\n"
               ".end_amdhsa_kernel\n", "'.amdhsa_accum_offset' is required in the .amdhsa_kernel block of 'k' on gfx90a");
    fails_with(T90A "k:\n  s_endpgm\n.rodata\n.amdhsa_kernel k\n  .amdhsa_next_free_vgpr 8\n  .amdhsa_next_free_sgpr 8\n"
               "  .amdhsa_accum_offset 6\n.end_amdhsa_kernel\n", "'.amdhsa_accum_offset' 6 of 'k' must be 4..256 in steps of 4");
    fails_with(T90A "k:\n  s_endpgm\n.rodata\n.amdhsa_kernel k\n  .amdhsa_next_free_vgpr 10\n  .amdhsa_next_free_sgpr 8\n"
               "  .amdhsa_accum_offset 16\n.end_amdhsa_kernel\n",
               "'.amdhsa_accum_offset' 16 of 'k' exceeds the 12 registers of .amdhsa_next_free_vgpr rounded up to 4");
    fails_with(T908 "k:\n  s_endpgm\n.rodata\n.amdhsa_kernel k\n  .amdhsa_next_free_vgpr 10\n  .amdhsa_next_free_sgpr 8\n"
               "  .amdhsa_accum_offset 8\n.end_amdhsa_kernel\n", "'.amdhsa_accum_offset' needs gfx90a or later");
    fails_with(T90A "k:\n  v_mov_b32 v9, 0\n  s_endpgm\n.rodata\n.amdhsa_kernel k\n  .amdhsa_next_free_vgpr 12\n"
               "  .amdhsa_next_free_sgpr 8\n  .amdhsa_accum_offset 8\n.end_amdhsa_kernel\n",
               "t.s:3:3: error: v9 is at or beyond .amdhsa_accum_offset 8 of kernel 'k'");
}
END_TEST

/* LLVM's rule (AMDGPUBaseInfo getNumWavesPerEUWithNumVGPRs: min(max waves, total registers /
 * alignTo(count, granule))), by hand:
 *   gfx90a, 512 registers, granule 8: 100 VGPRs + 64 AGPRs = alignTo(100, 4) + 64 = 164 -> 168,
 *     512 / 168 = 3 waves; 30 VGPRs + 2 AGPRs = 32 + 2 = 34 -> 40, 512 / 40 = 12 -> 8 (the wave slots);
 *   gfx908, 256 per file, granule 4: 100 VGPRs, 130 AGPRs: max = 130 -> 132, 256 / 132 = 1 wave;
 *     60 VGPRs, 20 AGPRs: 60 -> 256 / 60 = 4 waves (the AGPRs do not limit). */
static unsigned llvm_waves(isa_target_t t, uint32_t v, uint32_t a, const char **limiter)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    if (isa_target_gfx90a(t))
        cfg.cu_vgprs = 512, cfg.cu_vgpr_granule = 8, cfg.cu_wave_slots = 8;
    occ_kernel_t k = { .vgprs = isa_vreg_total(t, v, a), .sgprs = 16, .lds_bytes = 0, .wg_size = 64, .agprs = a,
                       .arch_vgprs = v };
    occ_llvm_t o;
    occ_llvm(&cfg, &k, &o);
    *limiter = occ_text_resource_k(o.limiter, &k);
    return o.waves_per_simd;
}

START_TEST(test_occupancy)
{
    const char *lim;
    ck_assert_uint_eq(llvm_waves(ISA_TARGET_GFX90A, 100, 64, &lim), 3);
    ck_assert_str_eq(lim, "registers (VGPR+AGPR)");
    ck_assert_uint_eq(llvm_waves(ISA_TARGET_GFX942, 30, 2, &lim), 8);
    ck_assert_str_eq(lim, "wave slots");
    ck_assert_uint_eq(llvm_waves(ISA_TARGET_GFX908, 100, 130, &lim), 1);
    ck_assert_str_eq(lim, "registers (VGPR+AGPR)");
    ck_assert_uint_eq(llvm_waves(ISA_TARGET_GFX908, 60, 20, &lim), 4);
    ck_assert_uint_eq(llvm_waves(ISA_TARGET_GFX906, 60, 0, &lim), 4);
    ck_assert_str_eq(lim, "VGPRs");
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
    tcase_add_test(t, test_moves_exec);
    tcase_add_test(t, test_bounds);
    tcase_add_test(t, test_memory_data);
    tcase_add_test(t, test_launch_layout);
    tcase_add_test(t, test_resources);
    tcase_add_test(t, test_occupancy);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

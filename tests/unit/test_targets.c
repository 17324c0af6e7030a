/* Targets (issue 33): which instructions exist on gfx803, gfx900 and gfx906 (isa_op_on_target),
 * the mnemonics that mean other isa.def entries on gfx9 (both ways), `.amdgcn_target` and the
 * caller's default, the refusals, gfx9's 6-bit vmcnt, a code object's EF_AMDGPU_MACH and the
 * machine's check of a kernel's target. Expected names and words come from llvm-mc-15 -mcpu=...
 * -show-encoding (quoted next to each), not from gcnsim's tables. */
#include "unit.h"

#include <stdio.h>
#include <unistd.h>

#include "asm/asm.h"
#include "asm/asm_decode.h"
#include "asm/codeobj.h"
#include "asm_harness.h"
#include "timing_harness.h"
#include "load/kprogram.h"
#include "load/launch.h"
#include "load/workload.h"

/* The one error `text` gets on `target`, without its source-line echo. */
static char *first_error(const char *text, isa_target_t target)
{
    isa_program_t p;
    char *d;
    ck_assert_int_gt(ah_assemble_on(text, target, &p, &d), 0);
    char *nl = strchr(d, '\n');
    if (nl)
        *nl = '\0';
    return d;
}

START_TEST(ops_on_targets)
{
    /* On every target (GCN3 and Vega ISA manuals' opcode tables). */
    for (unsigned t = 0; t < ISA_NUM_TARGETS; t++) {
        ck_assert(isa_op_on_target(ISA_v_add_f32, (isa_target_t)t));
        ck_assert(isa_op_on_target(ISA_s_mov_b32, (isa_target_t)t));
        ck_assert(isa_op_on_target(ISA_ds_read_b32, (isa_target_t)t));
        /* the carry add, named v_add_co_u32 on gfx9 */
        ck_assert(isa_op_on_target(ISA_v_add_u32, (isa_target_t)t));
        ck_assert(isa_op_on_target(ISA_v_mad_f16, (isa_target_t)t));
    }
    /* llvm-mc-15 -mcpu=gfx900: "v_movrels_b32 v0, v1": instruction not supported on this GPU */
    ck_assert(isa_op_on_target(ISA_v_movrels_b32, ISA_TARGET_GFX803));
    ck_assert(!isa_op_on_target(ISA_v_movrels_b32, ISA_TARGET_GFX900));
    ck_assert(!isa_op_on_target(ISA_v_movreld_b32, ISA_TARGET_GFX906));
    /* LLVM knows gfx906's dot products on gfx906 only */
    ck_assert(isa_target_knows("v_dot2_f32_f16", 14, ISA_TARGET_GFX906));
    ck_assert(!isa_target_knows("v_dot2_f32_f16", 14, ISA_TARGET_GFX900));
    ck_assert(!isa_target_knows("v_dot2_f32_f16", 14, ISA_TARGET_GFX803));
    ck_assert(isa_target_knows("global_load_dword", 17, ISA_TARGET_GFX900));
    ck_assert(!isa_target_knows("global_load_dword", 17, ISA_TARGET_GFX803));
    ck_assert(!isa_op_on_target(ISA_NUM_OPS, ISA_TARGET_GFX803));
    /* gfx9's d16 format loads are packed (llvm-mc-15 -mcpu=gfx900 refuses
     * "buffer_load_format_d16_xy v[2:3], off, s[4:7], s1"): gfx803's unpacked one is not there */
    ck_assert(isa_op_on_target(ISA_buffer_load_format_d16_xy, ISA_TARGET_GFX803));
    ck_assert(!isa_op_on_target(ISA_buffer_load_format_d16_xy, ISA_TARGET_GFX900));
    ck_assert_ptr_null(isa_op_mnemonic(ISA_tbuffer_store_format_d16_xyzw, ISA_TARGET_GFX906));
    ck_assert(isa_op_on_target(ISA_buffer_load_format_d16_x, ISA_TARGET_GFX906));
}
END_TEST

/* isa_op_on_target and the opcode maps the assembler and decoder use agree on every entry. */
START_TEST(maps_agree)
{
    for (unsigned t = 0; t < ISA_NUM_TARGETS; t++) {
        asm_opcode_map_t *m = asm_opcode_map_create((isa_target_t)t);
        ck_assert_ptr_nonnull(m);
        ck_assert_int_eq(m->target, (int)t);
        for (int op = 0; op < ISA_NUM_OPS; op++)
            ck_assert_msg(isa_op_on_target((isa_op_t)op, (isa_target_t)t) == asm_opcode_map_has(m, (isa_op_t)op),
                          "%s on %s", isa_ops[op].name, isa_target_name((isa_target_t)t));
        asm_opcode_map_free(m);
    }
}
END_TEST

static isa_op_t find_linear(const void *ctx, const char *name)
{
    (void)ctx;
    return isa_lookup(name);
}

/* Every entry's name on every target at once (isa_target_mnemonics, as the assembler and the opcode
 * map take them) is isa_op_mnemonic's, entry by entry. */
START_TEST(mnemonics_at_once)
{
    static const char *all[ISA_NUM_OPS];
    for (unsigned t = 0; t < ISA_NUM_TARGETS; t++) {
        isa_target_mnemonics((isa_target_t)t, find_linear, NULL, all);
        asm_opcode_map_t *m = asm_opcode_map_create((isa_target_t)t);
        ck_assert_ptr_nonnull(m);
        for (int op = 0; op < ISA_NUM_OPS; op++) {
            const char *want = isa_op_mnemonic((isa_op_t)op, (isa_target_t)t);
            ck_assert_msg(all[op] == want, "%s on %s: %s, want %s", isa_ops[op].name, isa_target_name((isa_target_t)t),
                          all[op] ? all[op] : "none", want ? want : "none");
            ck_assert(m->nameless[op] == (want == NULL));
            ck_assert_str_eq(m->mnemonic[op], want ? want : isa_ops[op].name);
        }
        asm_opcode_map_free(m);
    }
}
END_TEST

/* The opcode tables hold their names in rows of ISA_NAME_WIDTH bytes: every name ends inside its
 * row, and isa_target_knows, which reads the rows without strlen, finds each name and no name one
 * letter shorter or longer. */
START_TEST(table_rows)
{
    for (unsigned t = 0; t < ISA_NUM_TARGETS; t++) {
        size_t n;
        const asm_opcode_line_t *lines = asm_opcode_table((isa_target_t)t, &n);
        for (size_t i = 0; i < n; i++) {
            const char *name = lines[i].name;
            size_t len = strnlen(name, ISA_NAME_WIDTH);
            ck_assert_msg(len > 0 && len < ISA_NAME_WIDTH, "%s: a name of %zu bytes at line %zu", isa_target_name((isa_target_t)t),
                          len, i);
            ck_assert_msg(isa_target_knows(name, len, (isa_target_t)t), "%s on %s", name, isa_target_name((isa_target_t)t));
            char longer[ISA_NAME_WIDTH + 1];
            memcpy(longer, name, len);
            longer[len] = 'q';
            ck_assert(!isa_target_knows(longer, len + 1, (isa_target_t)t));
        }
    }
    ck_assert(!isa_target_knows("v_add_f3", 8, ISA_TARGET_GFX803));
    ck_assert(isa_target_knows("v_add_f32", 9, ISA_TARGET_GFX803));
    ck_assert(!isa_target_knows("v_add_f32\0", 10, ISA_TARGET_GFX803)); /* a NUL inside is no name */
    ck_assert(!isa_target_knows("", 0, ISA_TARGET_GFX803));
}
END_TEST

START_TEST(mnemonics_both_ways)
{
    /* isa.def -> the target's name */
    ck_assert_str_eq(isa_op_mnemonic(ISA_v_add_u32, ISA_TARGET_GFX803), "v_add_u32");
    ck_assert_str_eq(isa_op_mnemonic(ISA_v_add_u32, ISA_TARGET_GFX900), "v_add_co_u32");
    ck_assert_str_eq(isa_op_mnemonic(ISA_v_subbrev_u32, ISA_TARGET_GFX906), "v_subbrev_co_u32");
    ck_assert_str_eq(isa_op_mnemonic(ISA_v_mad_f16, ISA_TARGET_GFX900), "v_mad_legacy_f16");
    ck_assert_str_eq(isa_op_mnemonic(ISA_v_div_fixup_f16, ISA_TARGET_GFX906), "v_div_fixup_legacy_f16");
    ck_assert_str_eq(isa_op_mnemonic(ISA_v_mad_f16, ISA_TARGET_GFX803), "v_mad_f16");
    ck_assert_str_eq(isa_op_mnemonic(ISA_v_add_f32, ISA_TARGET_GFX900), "v_add_f32");
    ck_assert_ptr_null(isa_op_mnemonic(ISA_NUM_OPS, ISA_TARGET_GFX900));
    /* the target's name -> isa.def */
    ck_assert_int_eq(isa_mnemonic_op("v_add_co_u32", 12, ISA_TARGET_GFX900), ISA_v_add_u32);
    ck_assert_int_eq(isa_mnemonic_op("v_addc_co_u32", 13, ISA_TARGET_GFX906), ISA_v_addc_u32);
    ck_assert_int_eq(isa_mnemonic_op("v_mad_legacy_u16", 16, ISA_TARGET_GFX900), ISA_v_mad_u16);
    ck_assert_int_eq(isa_mnemonic_op("v_add_co_u32", 12, ISA_TARGET_GFX803), ISA_NUM_OPS);
    ck_assert_int_eq(isa_mnemonic_op("v_add_u32", 9, ISA_TARGET_GFX803), ISA_v_add_u32);
    /* gfx9's v_add_u32 and v_mad_f16 are other instructions (the carry-less add, the op_sel mad) */
    ck_assert_int_ne(isa_mnemonic_op("v_add_u32", 9, ISA_TARGET_GFX900), ISA_v_add_u32);
    ck_assert_int_ne(isa_mnemonic_op("v_mad_f16", 9, ISA_TARGET_GFX906), ISA_v_mad_f16);
    ck_assert_int_eq(isa_mnemonic_op("v_add_f32", 9, ISA_TARGET_GFX906), ISA_v_add_f32);
}
END_TEST

/* The assembler takes gfx9's names, encodes them as llvm-mc-15 does and prints them back. */
START_TEST(gfx9_text)
{
    static const char text[] = ".amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\n"
                               "k:\n"
                               "  v_add_co_u32 v0, vcc, v1, v2\n"        /* [0x01,0x05,0x00,0x32] */
                               "  v_subb_co_u32 v3, vcc, v4, v5, vcc\n"  /* [0x04,0x0b,0x06,0x3a] */
                               "  v_mad_legacy_f16 v1, v2, v3, v4\n"     /* [0x01,0x00,0xea,0xd1,0x02,0x07,0x12,0x04] */
                               "  s_endpgm\n";
    isa_program_t p;
    char *d;
    ck_assert_msg(ah_assemble_on(text, ISA_TARGET_GFX803, &p, &d) == 0, "%s", d);
    free(d);
    ck_assert_int_eq(p.target, ISA_TARGET_GFX900);
    ck_assert_int_eq(p.kernels[0].target, ISA_TARGET_GFX900);
    const isa_kernel_t *k = &p.kernels[0];
    ck_assert_int_eq(k->insts[0].op, ISA_v_add_u32);
    ck_assert_int_eq(k->insts[1].op, ISA_v_subb_u32);
    ck_assert_int_eq(k->insts[2].op, ISA_v_mad_f16);
    char buf[128];
    isa_format_inst(k, &k->insts[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "v_add_co_u32_e32 v0, vcc, v1, v2");
    isa_format_inst(k, &k->insts[2], buf, sizeof buf);
    ck_assert_str_eq(buf, "v_mad_legacy_f16 v1, v2, v3, v4");
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX900);
    uint8_t *code;
    char err[200];
    ck_assert_msg(asm_encode_kernel(m, k, &code, err, sizeof err) == 0, "%s", err);
    static const uint8_t want[] = { 0x01, 0x05, 0x00, 0x32, 0x04, 0x0b, 0x06, 0x3a, 0x01, 0x00, 0xea, 0xd1,
                                    0x02, 0x07, 0x12, 0x04, 0x00, 0x00, 0x81, 0xbf };
    ck_assert_uint_eq(k->code_bytes, sizeof want);
    ck_assert_mem_eq(code, want, sizeof want);
    isa_inst_t *dec;
    uint32_t n;
    ck_assert_msg(asm_decode_code(m, code, k->code_bytes, &dec, &n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n, 4);
    ck_assert_int_eq(dec[0].op, ISA_v_add_u32);
    ck_assert_int_eq(dec[2].op, ISA_v_mad_f16);
    free(dec);
    free(code);
    /* FLAT's seg[15:14] = 3 is no segment on gfx9 (1 scratch, 2 global: their own families) */
    static const uint8_t seg3[] = { 0x00, 0xc0, 0x50, 0xdc, 0x02, 0x00, 0x7f, 0x01 };
    isa_inst_t in;
    ck_assert_uint_eq(asm_decode_inst(m, seg3, sizeof seg3, 0, &in, err, sizeof err), 0);
    ck_assert_str_eq(err, "byte offset 0x0: 0xdc50c000 is not a gfx900 instruction");
    asm_opcode_map_free(m);
    isa_program_free(&p);
    /* the same text for gfx803 names its gfx803 instructions */
    isa_program_t q;
    ck_assert_int_eq(ah_assemble_on("k:\n  v_add_u32 v0, vcc, v1, v2\n  s_endpgm\n", ISA_TARGET_GFX803, &q, NULL), 0);
    ck_assert_int_eq(q.target, ISA_TARGET_GFX803);
    isa_format_inst(&q.kernels[0], &q.kernels[0].insts[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "v_add_u32_e32 v0, vcc, v1, v2");
    isa_program_free(&q);
}
END_TEST

START_TEST(target_directive)
{
    isa_program_t p;
    /* the caller's default */
    ck_assert_int_eq(ah_assemble_on("k:\n  s_endpgm\n", ISA_TARGET_GFX906, &p, NULL), 0);
    ck_assert_int_eq(p.target, ISA_TARGET_GFX906);
    ck_assert_int_eq(p.kernels[0].target, ISA_TARGET_GFX906);
    isa_program_free(&p);
    /* feature suffixes, v4 (":xnack-") and v3 ("+xnack") */
    ck_assert_int_eq(ah_assemble_on(".amdgcn_target \"amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-\"\nk:\n  s_endpgm\n",
                              ISA_TARGET_GFX803, &p, NULL), 0);
    ck_assert_int_eq(p.target, ISA_TARGET_GFX906);
    isa_program_free(&p);
    ck_assert_int_eq(ah_assemble_on(".amdgcn_target \"amdgcn-amd-amdhsa--gfx803\"\nk:\n  s_endpgm\n", ISA_TARGET_GFX900,
                              &p, NULL), 0);
    ck_assert_int_eq(p.target, ISA_TARGET_GFX803);
    isa_program_free(&p);
    char *e = first_error(".amdgcn_target \"amdgcn-amd-amdhsa--gfx1030\"\nk:\n  s_endpgm\n", ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "t.s:1:16: error: '.amdgcn_target': gcnsim has no target 'gfx1030' (it has gfx803, gfx900, "
                        "gfx906, gfx908, gfx90a and gfx942)");
    free(e);
    e = first_error(".amdgcn_target \"amdgcn--amdpal--gfx900\"\nk:\n  s_endpgm\n", ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "t.s:1:16: error: '.amdgcn_target' \"amdgcn--amdpal--gfx900\": expected "
                        "\"amdgcn-amd-amdhsa--PROCESSOR\"");
    free(e);
    e = first_error(".amdgcn_target \"amdgcn-amd-amdhsa--gfx900!\"\nk:\n  s_endpgm\n", ISA_TARGET_GFX803);
    ck_assert_ptr_nonnull(strstr(e, "malformed features after 'gfx900'"));
    free(e);
    e = first_error("k:\n  s_nop 0\n.amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\n  s_endpgm\n", ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "t.s:3:16: error: '.amdgcn_target' gfx900 after the first instruction (line 2), which was "
                        "assembled for gfx803");
    free(e);
    e = first_error(".amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\n.amdgcn_target \"amdgcn-amd-amdhsa--gfx906\"\n"
                    "k:\n  s_endpgm\n", ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "t.s:2:16: error: '.amdgcn_target' gfx906 conflicts with gfx900 on line 1");
    free(e);
    e = first_error(".amdgcn_target gfx900\nk:\n  s_endpgm\n", ISA_TARGET_GFX803);
    ck_assert_ptr_nonnull(strstr(e, "t.s:1:16: error: expected a target string after '.amdgcn_target'"));
    free(e);
}
END_TEST

START_TEST(refusals)
{
    char *e = first_error("k:\n  v_movrels_b32 v0, v1\n", ISA_TARGET_GFX900);
    ck_assert_str_eq(e, "t.s:2:3: error: 'v_movrels_b32' does not exist on gfx900 (it is a gfx803 instruction)");
    free(e);
    e = first_error("k:\n  v_dot2_f32_f16 v0, v1, v2, v3\n", ISA_TARGET_GFX900);
    ck_assert_str_eq(e, "t.s:2:3: error: 'v_dot2_f32_f16' does not exist on gfx900 (it is a gfx906, gfx908, gfx90a and "
                        "gfx942 instruction)");
    free(e);
    e = first_error("k:\n  v_dot2_f32_f16 v0, v1, v2, v3\n", ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "t.s:2:3: error: 'v_dot2_f32_f16' does not exist on gfx803 (it is a gfx906, gfx908, gfx90a and "
                        "gfx942 instruction)");
    free(e);
    /* gfx803's own refusal of gfx9 names, with its hint, stays */
    e = first_error("k:\n  v_add_co_u32 v0, vcc, v1, v2\n", ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "t.s:2:3: error: 'v_add_co_u32' is not supported on gfx803 (it is a gfx9 instruction); use "
                        "v_add_u32 with a carry-out: v_add_u32 v0, vcc, v1, v2");
    free(e);
    /* gfx9 spells gfx803's mad differently; v_mad_legacy_f16 is not a gfx803 name */
    e = first_error("k:\n  v_mad_legacy_f16 v1, v2, v3, v4\n", ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "t.s:2:3: error: 'v_mad_legacy_f16' does not exist on gfx803 (it is a gfx9 instruction)");
    free(e);
    /* gfx9's d16 formats are packed: gfx803's unpacked operands are refused */
    e = first_error("k:\n  buffer_load_format_d16_xy v[2:3], off, s[4:7], s1\n", ISA_TARGET_GFX900);
    ck_assert_str_eq(e, "t.s:2:29: error: the data operand (vdata) must be a VGPR (vN)");
    free(e);
    /* suggestions come from the target's names */
    e = first_error("k:\n  v_add_co_u33 v0, vcc, v1, v2\n", ISA_TARGET_GFX906);
    ck_assert_str_eq(e, "t.s:2:3: error: unknown instruction 'v_add_co_u33'; did you mean 'v_add_co_u32'?");
    free(e);
    e = first_error("k:\n  v_add_co_u32 v0, v1, v2\n", ISA_TARGET_GFX900);
    ck_assert_str_eq(e, "t.s:2:3: error: 'v_add_co_u32' needs the carry-out operand: v_add_co_u32 v0, vcc, v1, v2 "
                        "(the add without a carry-out is v_add_u32 on gfx900)");
    free(e);
}
END_TEST

/* gfx9's vmcnt has 6 bits, the high two in [15:14] (llvm-mc-15 -mcpu=gfx900: "s_waitcnt vmcnt(40)
 * lgkmcnt(0)" is [0x78,0x80,0x8c,0xbf]; "s_waitcnt lgkmcnt(0)" is [0x7f,0xc0,0x8c,0xbf]). */
START_TEST(waitcnt_6bit)
{
    isa_program_t p;
    ck_assert_int_eq(ah_assemble_on("k:\n  s_waitcnt vmcnt(40) lgkmcnt(0)\n  s_waitcnt lgkmcnt(0)\n  s_waitcnt vmcnt(63)\n"
                              "  s_endpgm\n", ISA_TARGET_GFX900, &p, NULL), 0);
    const isa_kernel_t *k = &p.kernels[0];
    ck_assert_int_eq(k->insts[0].simm16, 0x8078);
    ck_assert_int_eq(k->insts[1].simm16, 0xc07f);
    ck_assert_uint_eq(isa_waitcnt_vm_on(k->insts[0].simm16, ISA_TARGET_GFX900), 40);
    ck_assert_uint_eq(isa_waitcnt_vm_on(k->insts[0].simm16, ISA_TARGET_GFX803), 8);
    ck_assert_uint_eq(isa_waitcnt_vm_max(ISA_TARGET_GFX906), 63);
    char buf[64];
    isa_format_inst(k, &k->insts[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "s_waitcnt vmcnt(40) lgkmcnt(0)");
    isa_format_inst(k, &k->insts[1], buf, sizeof buf);
    ck_assert_str_eq(buf, "s_waitcnt lgkmcnt(0)");
    isa_format_inst(k, &k->insts[2], buf, sizeof buf);
    ck_assert_str_eq(buf, "s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(15)");
    isa_program_free(&p);
    char *e = first_error("k:\n  s_waitcnt vmcnt(40)\n", ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "t.s:2:19: error: vmcnt(40) is out of range (0..15 on gfx803)");
    free(e);
    e = first_error("k:\n  s_waitcnt vmcnt(64)\n", ISA_TARGET_GFX906);
    ck_assert_str_eq(e, "t.s:2:19: error: vmcnt(64) is out of range (0..63 on gfx906)");
    free(e);
}
END_TEST

/* gfx9's SMEM immediate offsets are signed 21-bit, s_buffer_*'s unsigned 20-bit (llvm-mc-15
 * -mcpu=gfx900: "s_load_dword s1, s[2:3], -0x10" is [0x41,0x00,0x02,0xc0,0xf0,0xff,0x1f,0x00];
 * "s_buffer_load_dword s1, s[4:7], -0x10": "expected a 20-bit unsigned offset"). */
START_TEST(smem_signed_offset)
{
    isa_program_t p;
    ck_assert_int_eq(ah_assemble_on("k:\n  s_load_dword s1, s[2:3], -0x10\n  s_load_dword s1, s[2:3], 0xfffff\n"
                              "  s_load_dword s1, s[2:3], -0x100000\n  s_endpgm\n", ISA_TARGET_GFX900, &p, NULL), 0);
    const isa_kernel_t *k = &p.kernels[0];
    ck_assert_int_eq(isa_smem_offset(k->insts[0].op, k->insts[0].offset, ISA_TARGET_GFX900), -16);
    ck_assert_int_eq(isa_smem_offset(k->insts[1].op, k->insts[1].offset, ISA_TARGET_GFX900), 0xfffff);
    ck_assert_int_eq(isa_smem_offset(k->insts[2].op, k->insts[2].offset, ISA_TARGET_GFX900), -0x100000);
    char buf[80];
    isa_format_inst(k, &k->insts[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "s_load_dword s1, s[2:3], -0x10");
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX900);
    uint8_t *code;
    char err[200];
    ck_assert_msg(asm_encode_kernel(m, k, &code, err, sizeof err) == 0, "%s", err);
    static const uint8_t want[] = { 0x41, 0x00, 0x02, 0xc0, 0xf0, 0xff, 0x1f, 0x00 };
    ck_assert_mem_eq(code, want, sizeof want);
    isa_inst_t in;
    ck_assert_uint_eq(asm_decode_inst(m, code, 8, 0, &in, err, sizeof err), 8);
    ck_assert_int_eq(isa_smem_offset(in.op, in.offset, ISA_TARGET_GFX900), -16);
    free(code);
    asm_opcode_map_free(m);
    isa_program_free(&p);
    char *e = first_error("k:\n  s_buffer_load_dword s1, s[4:7], -0x10\n", ISA_TARGET_GFX900);
    ck_assert_str_eq(e, "t.s:2:35: error: SMEM offset -16 is out of range (unsigned 20-bit: 0..0xfffff)");
    free(e);
    e = first_error("k:\n  s_load_dword s1, s[2:3], 0x100000\n", ISA_TARGET_GFX906);
    ck_assert_str_eq(e, "t.s:2:28: error: SMEM offset 1048576 is out of range (signed 21-bit on gfx906: "
                        "-0x100000..0xfffff)");
    free(e);
    e = first_error("k:\n  s_load_dword s1, s[2:3], -0x10\n", ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "t.s:2:28: error: SMEM offset -16 is out of range (unsigned 20-bit: 0..0xfffff)");
    free(e);
    /* executed: gfx900 reads 16 bytes below the base; gfx803 takes the same 21-bit field as unsigned
     * (an address 2 MiB on, outside the test's memory window: a fault) */
    isa_program_t q;
    ck_assert_int_eq(ah_assemble_on("k:\n  s_load_dword s1, s[2:3], -0x10\n", ISA_TARGET_GFX900, &q, NULL), 0);
    ut_machine_t *um = ut_machine_new();
    um->gmem[0x100] = 0xef, um->gmem[0x101] = 0xbe, um->gmem[0x102] = 0xad, um->gmem[0x103] = 0xde;
    um->w.sreg[2] = (uint32_t)(UT_MEM_BASE + 0x110);
    um->w.sreg[3] = (uint32_t)((UT_MEM_BASE + 0x110) >> 32);
    um->w.target = ISA_TARGET_GFX900;
    isa_exec_result_t r = ut_run(um, &q.kernels[0].insts[0]);
    ck_assert_int_eq(r.fault, ISA_FAULT_NONE);
    ck_assert_uint_eq(um->w.sreg[1], 0xdeadbeefu);
    um->w.target = ISA_TARGET_GFX803;
    r = ut_run(um, &q.kernels[0].insts[0]);
    ck_assert_int_eq(r.fault, ISA_FAULT_UNMAPPED);
    free(um);
    isa_program_free(&q);
    /* gfx803 reads the same field as unsigned */
    ck_assert_int_eq(isa_smem_offset(ISA_s_load_dword, 0x1ffff0, ISA_TARGET_GFX803), 0x1ffff0);
    ck_assert_int_eq(isa_smem_offset(ISA_s_buffer_load_dword, 0xffff0, ISA_TARGET_GFX900), 0xffff0);
}
END_TEST

/* gfx9's HW_REG_SH_MEM_BASES, which LLVM 15 reads for a generic pointer to LDS (llvm-mc-15
 * -mcpu=gfx900: "s_getreg_b32 s4, hwreg(HW_REG_SH_MEM_BASES, 16, 16)" is [0x0f,0x7c,0x84,0xb8];
 * -mcpu=gfx803: "specified hardware register is not supported on this GPU"). */
START_TEST(hwreg_sh_mem_bases)
{
    isa_program_t p;
    ck_assert_int_eq(ah_assemble_on(".amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\nk:\n"
                              "  s_getreg_b32 s4, hwreg(HW_REG_SH_MEM_BASES, 16, 16)\n  s_endpgm\n",
                              ISA_TARGET_GFX803, &p, NULL), 0);
    const isa_kernel_t *k = &p.kernels[0];
    ck_assert_int_eq(k->insts[0].simm16, 0x7c0f);
    char buf[80];
    isa_format_inst(k, &k->insts[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "s_getreg_b32 s4, hwreg(HW_REG_SH_MEM_BASES, 16, 16)");
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX900);
    uint8_t *code;
    char err[200];
    ck_assert_msg(asm_encode_kernel(m, k, &code, err, sizeof err) == 0, "%s", err);
    static const uint8_t want[] = { 0x0f, 0x7c, 0x84, 0xb8 };
    ck_assert_mem_eq(code, want, sizeof want);
    isa_inst_t in;
    ck_assert_uint_eq(asm_decode_inst(m, code, 4, 0, &in, err, sizeof err), 4);
    ck_assert_int_eq(in.simm16, 0x7c0f);
    asm_opcode_map_free(m);
    m = asm_opcode_map_create(ISA_TARGET_GFX803);
    ck_assert_uint_eq(asm_decode_inst(m, code, 4, 0, &in, err, sizeof err), 0);
    ck_assert_str_eq(err, "byte offset 0x0: 's_getreg_b32': hardware register 15 does not exist on gfx803");
    asm_opcode_map_free(m);
    free(code);
    isa_program_free(&p);
    char *e = first_error("k:\n  s_getreg_b32 s4, hwreg(HW_REG_SH_MEM_BASES, 16, 16)\n", ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "t.s:2:26: error: expected a hardware register in hwreg(): HW_REG_MODE, another HW_REG_* name "
                        "or 0..63");
    free(e);
    e = first_error("k:\n  s_getreg_b32 s4, hwreg(15, 16, 16)\n", ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "t.s:2:20: error: hardware register 15 does not exist on gfx803 (HW_REG_MODE 1 .. "
                        "HW_REG_IB_STS 7)");
    free(e);
}
END_TEST

/* EF_AMDGPU_MACH (AMDGPUUsage, "AMDGPU ELF Header": gfx803 0x02a, gfx900 0x02c, gfx906 0x02f, gfx908
 * 0x030): a header of another processor is refused by name. */
static char *header_error(unsigned eflags)
{
    uint8_t h[64] = { 0x7f, 'E', 'L', 'F', 2 /* ELFCLASS64 */, 1 /* LSB */, 1, 64 /* AMDGPU_HSA */, 2 /* v4 */ };
    h[16] = 1;     /* ET_REL */
    h[18] = 224;   /* EM_AMDGPU */
    h[20] = 1;     /* EV_CURRENT */
    h[48] = (uint8_t)eflags;
    h[49] = (uint8_t)(eflags >> 8);
    h[52] = 64;    /* e_ehsize */
    h[58] = 64;    /* e_shentsize */
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    isa_program_t p;
    ck_assert_int_eq(codeobj_read("x.o", h, sizeof h, &p, f), 1);
    fclose(f);
    return buf;
}

START_TEST(elf_mach)
{
    char *e = header_error(0x36);
    ck_assert_str_eq(e, "x.o: error: ELF header: e_flags 0x36 is for gfx1030 (EF_AMDGPU_MACH 0x36); gcnsim simulates "
                        "gfx803 (0x2a), gfx900 (0x2c), gfx906 (0x2f), gfx908 (0x30), gfx90a (0x3f) and gfx942 (0x4c)\n");
    free(e);
    /* the six targets pass the header check (this header has no sections: the next error) */
    static const unsigned ok[] = { 0x2a, 0x2c, 0x2f, 0x30, 0x3f, 0x4c, 0x12c /* XNACK on, v4 bits */ };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        e = header_error(ok[i]);
        ck_assert_msg(!strstr(e, "EF_AMDGPU_MACH"), "0x%x: %s", ok[i], e);
        free(e);
    }
}
END_TEST

/* launch_prepare's message for a kernel assembled for `code` on a machine running `machine`; ""
 * when it runs. */
static char *machine_error(isa_target_t code, isa_target_t machine)
{
    char kernel[128], ini[64];
    snprintf(kernel, sizeof kernel, ".amdgcn_target \"amdgcn-amd-amdhsa--%s\"\nk:\n  s_endpgm\n", isa_target_name(code));
    char *buf = th_prepare_error(kernel, "grid = 64\nworkgroup = 64\n", machine, ini, sizeof ini);
    /* the message without the temporary folder */
    char *at = strstr(buf, "k.ini");
    if (at)
        memmove(buf, at, strlen(at) + 1);
    return buf;
}

START_TEST(machine_check)
{
    char *e = machine_error(ISA_TARGET_GFX803, ISA_TARGET_GFX900);
    ck_assert_str_eq(e, "k.ini:2: error: kernel 'k' is gfx803 code; the machine runs gfx900 (gpu.target): build the "
                        "kernel for gfx900, or run it on a gfx803 machine (--set gpu.target=gfx803)\n");
    free(e);
    e = machine_error(ISA_TARGET_GFX906, ISA_TARGET_GFX803);
    ck_assert_str_eq(e, "k.ini:2: error: kernel 'k' is gfx906 code; the machine runs gfx803 (gpu.target): build the "
                        "kernel for gfx803, or run it on a gfx906 machine (--set gpu.target=gfx906)\n");
    free(e);
    e = machine_error(ISA_TARGET_GFX900, ISA_TARGET_GFX900);
    ck_assert_str_eq(e, "");
    free(e);
}
END_TEST

static Suite *targets_suite(void)
{
    Suite *s = suite_create("targets");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, ops_on_targets);
    tcase_add_test(tc, maps_agree);
    tcase_add_test(tc, mnemonics_both_ways);
    tcase_add_test(tc, mnemonics_at_once);
    tcase_add_test(tc, table_rows);
    tcase_add_test(tc, gfx9_text);
    tcase_add_test(tc, target_directive);
    tcase_add_test(tc, refusals);
    tcase_add_test(tc, waitcnt_6bit);
    tcase_add_test(tc, smem_signed_offset);
    tcase_add_test(tc, hwreg_sh_mem_bases);
    tcase_add_test(tc, elf_mach);
    tcase_add_test(tc, machine_check);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(targets_suite)

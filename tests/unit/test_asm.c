/* Assembler and printer tests: operand forms, signature letters, encoding choice, rules and
 * diagnostics (the tests/bad/asm catalogue), and a print/re-assemble round trip. Expected values
 * come from llvm-mc 14 (encodings, sizes). Kernels, directives, metadata and resources are
 * test_asm_kernels.c's. */
#include <dirent.h>
#include <stdio.h>
#include <time.h>

#include "asm/asm.h"
#include "asm_harness.h"
#include "unit.h"

static uint16_t V(unsigned r) { return (uint16_t)(ISA_VGPR_BASE + r); }

/* ---- Operand forms ------------------------------------------------------------------------- */

START_TEST(test_registers)
{
    isa_inst_t in = ah_one("v_mov_b32 v5, s7");
    ck_assert_uint_eq(in.vdst.code, V(5));
    ck_assert_uint_eq(in.src[0].code, 7);
    ck_assert_uint_eq(in.nsrc, 1);
    in = ah_one("v_lshlrev_b64 v[2:3], 2, v[4:5]");
    ck_assert_uint_eq(in.vdst.code, V(2));
    ck_assert_uint_eq(in.vdst.count, 2);
    ck_assert_uint_eq(in.src[1].code, V(4));
    ck_assert_uint_eq(in.src[1].count, 2);
    static const struct { const char *text; uint16_t code; uint8_t count; } sp[] = {
        { "s_mov_b32 s0, vcc_lo", ISA_REG_VCC_LO, 1 }, { "s_mov_b32 s0, vcc_hi", ISA_REG_VCC_HI, 1 },
        { "s_mov_b32 s0, exec_lo", ISA_REG_EXEC_LO, 1 }, { "s_mov_b32 s0, exec_hi", ISA_REG_EXEC_HI, 1 },
        { "s_mov_b32 s0, m0", ISA_REG_M0, 1 }, { "s_mov_b32 s0, flat_scratch_lo", ISA_REG_FLAT_SCRATCH_LO, 1 },
        { "s_mov_b32 s0, flat_scratch_hi", ISA_REG_FLAT_SCRATCH_HI, 1 }, { "s_mov_b32 s0, scc", ISA_SRC_SCC, 1 },
        { "s_mov_b32 s0, src_scc", ISA_SRC_SCC, 1 }, { "s_mov_b32 s0, vccz", ISA_SRC_VCCZ, 1 },
        { "s_mov_b32 s0, execz", ISA_SRC_EXECZ, 1 }, { "s_mov_b64 s[0:1], vcc", ISA_REG_VCC_LO, 2 },
        { "s_mov_b64 s[0:1], exec", ISA_REG_EXEC_LO, 2 },
        { "s_mov_b64 s[0:1], flat_scratch", ISA_REG_FLAT_SCRATCH_LO, 2 },
        { "s_mov_b32 s0, s101", 101, 1 }, { "s_load_dwordx8 s[8:15], s[0:1], 0", 0, 2 },
    };
    for (size_t i = 0; i < sizeof sp / sizeof sp[0]; i++) {
        in = ah_one(sp[i].text);
        ck_assert_msg(in.src[0].code == sp[i].code && in.src[0].count == sp[i].count, "%s: code %u count %u",
                      sp[i].text, in.src[0].code, in.src[0].count);
    }
    in = ah_one("s_load_dwordx16 s[16:31], s[2:3], 0");
    ck_assert_uint_eq(in.sdst.code, 16);
    ck_assert_uint_eq(in.sdst.count, 16);
    in = ah_one("v_mov_b32 v255, v[7]");
    ck_assert_uint_eq(in.vdst.code, V(255));
    ck_assert_uint_eq(in.src[0].code, V(7));
}
END_TEST

START_TEST(test_constants)
{
    static const struct { const char *text; uint16_t code; uint32_t literal; } cs[] = {
        { "v_mov_b32 v0, 0", 128, 0 }, { "v_mov_b32 v0, 64", 192, 0 }, { "v_mov_b32 v0, -1", 193, 0 },
        { "v_mov_b32 v0, -16", 208, 0 }, { "v_mov_b32 v0, 65", 255, 65 },
        { "v_mov_b32 v0, -17", 255, 0xffffffefu }, { "v_mov_b32 v0, 0xfffffff0", 208, 0 },
        { "v_mov_b32 v0, 0.5", 240, 0 }, { "v_mov_b32 v0, -0.5", 241, 0 }, { "v_mov_b32 v0, 1.0", 242, 0 },
        { "v_mov_b32 v0, -1.0", 243, 0 }, { "v_mov_b32 v0, 2.0", 244, 0 }, { "v_mov_b32 v0, -2.0", 245, 0 },
        { "v_mov_b32 v0, 4.0", 246, 0 }, { "v_mov_b32 v0, -4.0", 247, 0 },
        { "v_mov_b32 v0, 0.15915494", 248, 0 }, { "s_mov_b32 s0, 0x3e22f983", 248, 0 },
        { "v_add_f32 v0, 0x3f800000, v1", 242, 0 }, { "v_add_u32 v0, vcc, 0x40800000, v1", 246, 0 },
        { "v_mov_b32 v0, 1.5", 255, 0x3fc00000u }, { "s_mov_b32 s0, 1.0e3", 255, 0x447a0000u },
        { "s_mov_b32 s0, -0.0", 255, 0x80000000u }, { "s_mov_b32 s0, 0.0", 128, 0 },
        { "s_mov_b32 s0, 010", 136, 0 }, { "s_mov_b32 s0, 0b101", 133, 0 },
        { "s_mov_b32 s0, 4294967295", 193, 0 }, { "s_mov_b32 s0, -2147483648", 255, 0x80000000u },
        { "v_add_f32 v0, neg(1), v1", 255, 0x80000001u }, { "v_add_f32 v0, |-1.0|, v1", 242, 0 },
        { "v_add_f32 v0, -0x3f800000, v1", 247, 0 },
        { "s_mov_b64 s[0:1], 0xffffffff", 255, 0xffffffffu }, { "s_mov_b64 s[0:1], -5", 197, 0 },
        { "s_mov_b64 s[0:1], 1.0", 242, 0 }, { "s_mov_b64 s[0:1], 0x12345678", 255, 0x12345678u },
        { "v_cmp_eq_u64 vcc, -17, v[0:1]", 255, 0xffffffefu },
    };
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        isa_inst_t in = ah_one(cs[i].text);
        ck_assert_msg(in.src[0].code == cs[i].code, "%s: code %u, want %u", cs[i].text, in.src[0].code, cs[i].code);
        ck_assert_msg(in.src[0].neg == 0 && in.src[0].abs == 0, "%s: modifiers left on a constant", cs[i].text);
        if (cs[i].code == ISA_SRC_LITERAL) {
            ck_assert_msg(in.literal == cs[i].literal, "%s: literal 0x%x", cs[i].text, in.literal);
            ck_assert_uint_eq(in.size, in.e64 ? 12 : 8);
        }
    }
}
END_TEST

START_TEST(test_modifiers)
{
    isa_inst_t in = ah_one("v_add_f32 v0, -|v1|, v2 clamp mul:2");
    ck_assert(in.e64);
    ck_assert(in.src[0].neg && in.src[0].abs);
    ck_assert(!in.src[1].neg && !in.src[1].abs);
    ck_assert_uint_eq(in.clamp, 1);
    ck_assert_uint_eq(in.omod, 1);
    in = ah_one("v_mul_f32 v0, abs(v1), neg(v2) mul:4");
    ck_assert(in.src[0].abs && !in.src[0].neg && in.src[1].neg && !in.src[1].abs);
    ck_assert_uint_eq(in.omod, 2);
    in = ah_one("v_mul_f32 v0, v1, -v2 div:2");
    ck_assert_uint_eq(in.omod, 3);
    ck_assert(in.src[1].neg);
    in = ah_one("v_add_f32 v0, neg(|v1|), v2");
    ck_assert(in.src[0].neg && in.src[0].abs);
    in = ah_one("v_add_u32_e64 v0, s[0:1], v1, v2 clamp"); /* the carry-out forms take clamp */
    ck_assert_uint_eq(in.clamp, 1);
    in = ah_one("v_cmp_eq_f32_e64 s[0:1], -v1, v2 clamp");
    ck_assert(in.clamp && in.src[0].neg);
}
END_TEST

/* ---- Signature letters ---------------------------------------------------------------------- */

START_TEST(test_sig_vector)
{
    isa_inst_t in = ah_one("flat_load_dwordx3 v[4:6], v[0:1]"); /* D3 A */
    ck_assert_uint_eq(in.vdst.code, V(4));
    ck_assert_uint_eq(in.vdst.count, 3);
    ck_assert_uint_eq(in.src[0].code, V(0));
    ck_assert_uint_eq(in.src[0].count, 2);
    in = ah_one("flat_store_dwordx4 v[2:3], v[4:7] glc slc"); /* A V4 */
    ck_assert_uint_eq(in.src[0].code, V(2));
    ck_assert_uint_eq(in.src[1].code, V(4));
    ck_assert_uint_eq(in.src[1].count, 4);
    ck_assert(in.glc && in.slc);
    ck_assert_uint_eq(in.vdst.code, ISA_OPND_NONE);
    in = ah_one("flat_atomic_add v0, v[1:2], v3 glc"); /* R A V with glc */
    ck_assert_uint_eq(in.vdst.code, V(0));
    ck_assert_uint_eq(in.src[0].code, V(1));
    ck_assert_uint_eq(in.src[1].code, V(3));
    in = ah_one("flat_atomic_add v[1:2], v3"); /* R absent without glc */
    ck_assert_uint_eq(in.vdst.code, ISA_OPND_NONE);
    ck_assert_uint_eq(in.src[0].code, V(1));
    ck_assert_uint_eq(in.nsrc, 2);
    in = ah_one("flat_atomic_cmpswap v0, v[1:2], v[4:5] glc");
    ck_assert_uint_eq(in.src[1].count, 2);
    in = ah_one("ds_write2_b32 v1, v2, v3 offset0:4 offset1:8"); /* V V V */
    ck_assert_uint_eq(in.src[0].code, V(1));
    ck_assert_uint_eq(in.src[1].code, V(2));
    ck_assert_uint_eq(in.src[2].code, V(3));
    ck_assert_uint_eq(in.offset0, 4);
    ck_assert_uint_eq(in.offset1, 8);
    in = ah_one("ds_cmpst_rtn_b32 v0, v1, v2, v3 offset:12"); /* D V V V */
    ck_assert_uint_eq(in.vdst.code, V(0));
    ck_assert_uint_eq(in.nsrc, 3);
    ck_assert_uint_eq(in.offset, 12);
    in = ah_one("ds_read_b128 v[4:7], v1"); /* D4 V */
    ck_assert_uint_eq(in.vdst.count, 4);
    ck_assert_uint_eq(in.offset, 0);
    in = ah_one("ds_swizzle_b32 v0, v1 offset:0x401f");
    ck_assert_uint_eq(in.offset, 0x401f);
}
END_TEST

START_TEST(test_sig_scalar)
{
    isa_inst_t in = ah_one("s_load_dwordx4 s[4:7], s[2:3], 0x10"); /* d4 s2 o (immediate) */
    ck_assert_uint_eq(in.sdst.code, 4);
    ck_assert_uint_eq(in.sdst.count, 4);
    ck_assert_uint_eq(in.src[0].code, 2);
    ck_assert_uint_eq(in.src[0].count, 2);
    ck_assert_uint_eq(in.offset, 0x10);
    ck_assert_uint_eq(in.has_soffset_sgpr, 0);
    in = ah_one("s_load_dword s0, s[0:1], s9 glc"); /* o as an SGPR */
    ck_assert_uint_eq(in.has_soffset_sgpr, 1);
    ck_assert_uint_eq(in.src[1].code, 9);
    ck_assert(in.glc);
    in = ah_one("s_movk_i32 s0, 0xffff"); /* k, sign-extended */
    ck_assert_int_eq(in.simm16, -1);
    in = ah_one("s_cmpk_eq_u32 s3, 0x8000");
    ck_assert_int_eq(in.simm16, -32768);
    ck_assert_uint_eq(in.src[0].code, 3);
    in = ah_one("s_addk_i32 s1, -5");
    ck_assert_int_eq(in.simm16, -5);
    in = ah_one("s_nop 7");
    ck_assert_int_eq(in.simm16, 7);
    in = ah_one("s_cselect_b64 s[4:5], s[6:7], -1"); /* d2 s2 s2 */
    ck_assert_uint_eq(in.sdst.code, 4);
    ck_assert_uint_eq(in.src[1].code, 193);
    in = ah_one("s_cmp_lg_u64 s[0:1], 0");
    ck_assert_uint_eq(in.nsrc, 2);
    ck_assert_uint_eq(in.sdst.code, ISA_OPND_NONE);
    in = ah_one("v_readlane_b32 s5, v1, s2"); /* d V s */
    ck_assert_uint_eq(in.sdst.code, 5);
    ck_assert_uint_eq(in.src[0].code, V(1));
    ck_assert_uint_eq(in.src[1].code, 2);
    in = ah_one("v_writelane_b32 v3, s0, 5"); /* D s s */
    ck_assert_uint_eq(in.vdst.code, V(3));
    ck_assert_uint_eq(in.src[1].code, 133);
    in = ah_one("s_endpgm");
    ck_assert_uint_eq(in.nsrc, 0);
    ck_assert_uint_eq(in.size, 4);
}
END_TEST

START_TEST(test_sig_masks_k)
{
    isa_inst_t in = ah_one("v_add_u32 v0, vcc, v1, v2"); /* D C S S, e32 */
    ck_assert(!in.e64);
    ck_assert_uint_eq(in.sdst.code, ISA_REG_VCC_LO);
    ck_assert_uint_eq(in.sdst.count, 2);
    in = ah_one("v_addc_u32 v0, s[4:5], v1, v2, s[6:7]"); /* C and c as SGPR pairs force e64 */
    ck_assert(in.e64);
    ck_assert_uint_eq(in.sdst.code, 4);
    ck_assert_uint_eq(in.src[2].code, 6);
    ck_assert_uint_eq(in.src[2].count, 2);
    in = ah_one("v_cndmask_b32 v0, v1, v2, vcc");
    ck_assert(!in.e64);
    ck_assert_uint_eq(in.src[2].code, ISA_REG_VCC_LO);
    in = ah_one("v_mad_u64_u32 v[0:1], s[2:3], v1, v2, v[4:5]"); /* D2 C S S S2 */
    ck_assert_uint_eq(in.sdst.code, 2);
    ck_assert_uint_eq(in.src[2].count, 2);
    ck_assert_uint_eq(in.nsrc, 3);
    in = ah_one("v_madak_f32 v0, v1, v2, 0x41000000"); /* D S V K: K is the literal, src[2] */
    ck_assert_uint_eq(in.src[2].code, ISA_SRC_LITERAL);
    ck_assert_uint_eq(in.literal, 0x41000000u);
    ck_assert_uint_eq(in.size, 8);
    in = ah_one("v_madmk_f32 v0, 1.0, 2.0, v2"); /* D S K V: K stays a literal even if inlinable */
    ck_assert_uint_eq(in.src[0].code, 242);
    ck_assert_uint_eq(in.src[1].code, ISA_SRC_LITERAL);
    ck_assert_uint_eq(in.literal, 0x40000000u);
    ck_assert_uint_eq(in.src[2].code, V(2));
}
END_TEST

START_TEST(test_sig_waitcnt_label)
{
    static const struct { const char *text; int32_t field; } w[] = {
        { "s_waitcnt vmcnt(0)", 0xf70 }, { "s_waitcnt lgkmcnt(0)", 0x07f },
        { "s_waitcnt lgkmcnt(0) & vmcnt(1)", 0x071 }, { "s_waitcnt vmcnt(3), expcnt(2)", 0xf23 },
        { "s_waitcnt expcnt(2)", 0xf2f }, { "s_waitcnt 0", 0 }, { "s_waitcnt vmcnt(15) expcnt(7) lgkmcnt(15)", 0xf7f },
    };
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        isa_inst_t in = ah_one(w[i].text);
        ck_assert_msg(in.simm16 == w[i].field, "%s: 0x%x", w[i].text, (unsigned)in.simm16);
    }
    isa_program_t p = ah_ok("top:\n s_nop 0\nloop: s_add_u32 s0, s0, 1\n s_cbranch_scc1 loop\n s_branch top\n"
                         " s_cbranch_execz done\ndone:\n s_endpgm\n");
    const isa_kernel_t *k = &p.kernels[0];
    ck_assert_str_eq(k->name, "top");
    ck_assert_uint_eq(k->insts[2].target, 1);
    ck_assert_uint_eq(k->insts[3].target, 0);
    ck_assert_uint_eq(k->insts[4].target, 5);
    ck_assert_uint_eq(k->nlabels, 3);
    isa_program_free(&p);
}
END_TEST

/* ---- Encoding choice and sizes --------------------------------------------------------------- */

START_TEST(test_suffix_selection)
{
    static const struct { const char *text; int e64; uint32_t size; } s[] = {
        { "v_add_f32 v0, v1, v2", 0, 4 }, { "v_add_f32 v0, s1, v2", 0, 4 }, { "v_add_f32 v0, v1, s0", 1, 8 },
        { "v_add_f32 v0, v1, 1.0", 1, 8 }, { "v_add_f32 v0, 0x12345, v1", 0, 8 },
        { "v_add_f32 v0, -v1, v2", 1, 8 }, { "v_add_f32 v0, v1, v2 clamp", 1, 8 },
        { "v_add_f32_e64 v0, v1, v2", 1, 8 }, { "v_add_f32_e32 v0, v1, v2", 0, 4 },
        { "v_add_u32 v0, s[0:1], v1, v2", 1, 8 }, { "v_cndmask_b32 v0, v1, v2, s[0:1]", 1, 8 },
        { "v_cmp_lt_f32 s[0:1], v1, v2", 1, 8 }, { "v_cmp_lt_f32 vcc, s0, v2", 0, 4 },
        { "v_cmp_lt_f32 vcc, v0, s2", 1, 8 }, { "v_mov_b32 v0, s0", 0, 4 }, { "v_mov_b32_e64 v0, 5", 1, 8 },
        { "v_mad_f32 v0, v1, v2, v3", 1, 8 }, { "v_mad_f32_e64 v0, v1, s2, 1.0", 1, 8 },
        { "v_cvt_f32_i32 v0, 1.0", 0, 4 }, { "v_exp_f32 v0, v1 clamp div:2", 1, 8 },
        { "v_nop", 0, 4 },
        { "s_add_u32 s0, s1, 0x12345", 0, 8 }, { "s_add_u32 s0, 0x12345, 0x12345", 0, 8 },
        { "s_load_dword s0, s[0:1], 0", 0, 8 }, { "flat_load_dword v0, v[0:1]", 0, 8 },
        { "ds_read_b32 v0, v1", 0, 8 }, { "s_movk_i32 s0, 5", 0, 4 },
    };
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        isa_inst_t in = ah_one(s[i].text);
        ck_assert_msg(in.e64 == s[i].e64 && in.size == s[i].size, "%s: e64 %u size %u", s[i].text, in.e64, in.size);
    }
}
END_TEST

START_TEST(test_syntax_comments_lines)
{
    isa_program_t p = ah_ok("; comment\r\n// another\r\nk: /* inline */ s_mov_b32 s0, 1 ; trailing\r\n"
                         "/* spans\n   lines */ a: b:\tv_mov_b32 v1, v2 // tail\n\n  s_endpgm");
    const isa_kernel_t *k = &p.kernels[0];
    ck_assert_uint_eq(k->ninsts, 3);
    ck_assert_uint_eq(k->insts[0].line, 3);
    ck_assert_uint_eq(k->insts[0].col, 17);
    ck_assert_uint_eq(k->insts[1].line, 5);
    ck_assert_uint_eq(k->insts[1].col, 19);
    ck_assert_uint_eq(k->insts[1].pc, 4);
    ck_assert_uint_eq(k->insts[2].pc, 8);
    ck_assert_uint_eq(k->code_bytes, 12);
    ck_assert_uint_eq(k->nlabels, 3);
    ck_assert_str_eq(k->labels[1].name, "a");
    ck_assert_uint_eq(k->labels[2].index, 1);
    isa_program_free(&p);
}
END_TEST

/* ---- Diagnostics ------------------------------------------------------------------------------ */

START_TEST(test_bad_catalogue)
{
    DIR *d = opendir("tests/bad/asm");
    ck_assert_msg(d != NULL, "run from the repository root");
    struct dirent *e;
    int cases = 0;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".s") != 0)
            continue;
        char path[512], exp[512];
        snprintf(path, sizeof path, "tests/bad/asm/%s", e->d_name);
        snprintf(exp, sizeof exp, "tests/bad/asm/%.*s.expected", (int)(n - 2), e->d_name);
        size_t len, elen;
        char *src = ah_read_all(path, &len);
        char *want = ah_read_all(exp, &elen);
        char *got = NULL;
        size_t glen = 0;
        FILE *f = open_memstream(&got, &glen);
        isa_program_t p;
        int errors = asm_assemble_buffer(e->d_name, src, len, ISA_TARGET_GFX803, &p, f);
        fclose(f);
        ck_assert_msg(errors > 0, "%s: no error reported", e->d_name);
        ck_assert_msg(strcmp(got, want) == 0, "%s: diagnostics differ\n--- got\n%s--- expected\n%s", e->d_name, got, want);
        /* Every reported error is one "error:" line. */
        int lines = 0;
        for (const char *q = got; (q = strstr(q, ": error: ")) != NULL; q++)
            lines++;
        ck_assert_int_eq(lines, errors);
        free(src);
        free(want);
        free(got);
        cases++;
    }
    closedir(d);
    ck_assert_int_ge(cases, 100);
}
END_TEST

START_TEST(test_every_error_reported)
{
    char *d = ah_fails("v_add_f23 v0, v1, v2\ns_mov_b32 s0, s1\nv_add_f32 v0, s0, s1\ns_movk_i32 s0, 0x10000\n"
                    "s_branch nowhere\n s_endpgm\n", 4);
    ck_assert_ptr_nonnull(strstr(d, "t.s:1:1: error: unknown instruction 'v_add_f23'; did you mean 'v_add_f32'?\n"
                                    "v_add_f23 v0, v1, v2\n^\n"));
    ck_assert_ptr_nonnull(strstr(d, "t.s:3:19: error: constant bus limit"));
    ck_assert_ptr_nonnull(strstr(d, "t.s:4:16: error: immediate 65536"));
    ck_assert_ptr_nonnull(strstr(d, "t.s:5:10: error: undefined label 'nowhere'\ns_branch nowhere\n         ^\n"));
    free(d);
    d = ah_fails("\tv_mov_b32 v0, v300\n", 1); /* the caret line keeps tabs */
    ck_assert_ptr_nonnull(strstr(d, "t.s:1:16: error: register v300 is out of range (gfx803 has v0..v255)\n"
                                    "\tv_mov_b32 v0, v300\n\t              ^\n"));
    free(d);
}
END_TEST

/* Every error is counted, the first ASM_ERRORS_SHOWN printed; a long line is echoed as a window
 * around its column with the caret under it. */
START_TEST(test_errors_bounded)
{
    char src[2048] = "";
    for (int i = 0; i < ASM_ERRORS_SHOWN + 5; i++)
        strcat(src, "bogus\n");
    char *d = ah_fails(src, ASM_ERRORS_SHOWN + 5);
    ck_assert_ptr_nonnull(strstr(d, "t.s:20:1: error: unknown instruction 'bogus'"));
    ck_assert_ptr_null(strstr(d, "t.s:21:1:"));
    ck_assert_ptr_nonnull(strstr(d, "t.s: ... and 5 more errors\n"));
    free(d);
    char *line = malloc(1200);
    strcpy(line, "s_mov_b32 s0, ");
    memset(line + 14, '1', 1000);
    strcpy(line + 1014, " ; end\n");
    d = ah_fails(line, 1);
    /* The message clips the 1000-digit word; the echo starts 60 bytes before column 15. */
    ck_assert_ptr_nonnull(strstr(d, "t.s:1:15: error: integer '1111"));
    ck_assert_ptr_nonnull(strstr(d, "11... is too large\n"));
    char want[400];
    snprintf(want, sizeof want, "\ns_mov_b32 s0, %.146s...\n%14s^\n", line + 14, "");
    ck_assert_msg(strstr(d, want) != NULL, "got:\n%s", d);
    ck_assert_uint_lt(strlen(d), 600);
    free(line);
    free(d);
}
END_TEST

/* ---- Printer --------------------------------------------------------------------------------- */

START_TEST(test_format)
{
    static const struct { const char *in, *out; } f[] = {
        { "v_add_f32 v0, -|v1|, v2 clamp mul:2", "v_add_f32_e64 v0, -|v1|, v2 clamp mul:2" },
        { "v_add_f32 v0, 0x3f800000, v1", "v_add_f32_e32 v0, 1.0, v1" },
        { "v_mov_b32 v0, 1.5", "v_mov_b32_e32 v0, 0x3fc00000" },
        { "s_waitcnt lgkmcnt(0) & vmcnt(0)", "s_waitcnt vmcnt(0) lgkmcnt(0)" },
        { "s_waitcnt 0xf7f", "s_waitcnt vmcnt(15) expcnt(7) lgkmcnt(15)" },
        { "flat_atomic_add v0, v[1:2], v3 glc", "flat_atomic_add v0, v[1:2], v3 glc" },
        { "flat_atomic_add v[1:2], v3", "flat_atomic_add v[1:2], v3" },
        { "ds_read2_b32 v[0:1], v1 offset0:5 offset1:9", "ds_read2_b32 v[0:1], v1 offset0:5 offset1:9" },
        { "ds_write_b32 v1, v2 offset:0", "ds_write_b32 v1, v2" },
        { "v_madak_f32 v0, v1, v2, 0x41000000", "v_madak_f32 v0, v1, v2, 0x41000000" },
        { "s_movk_i32 s0, -32768", "s_movk_i32 s0, 0x8000" },
        { "s_load_dwordx2 s[0:1], s[4:5], 16", "s_load_dwordx2 s[0:1], s[4:5], 0x10" },
        { "s_mov_b32 s0, scc", "s_mov_b32 s0, src_scc" },
        { "v_cmp_gt_u32 vcc, s1, v0", "v_cmp_gt_u32_e32 vcc, s1, v0" },
        { "v_mad_f32 v0, v1, -4.0, 0.15915494", "v_mad_f32 v0, v1, -4.0, 0.15915494" },
        { "s_mov_b64 exec, s[2:3]", "s_mov_b64 exec, s[2:3]" },
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        isa_inst_t in = ah_one(f[i].in);
        char buf[128];
        int n = isa_format_inst(NULL, &in, buf, sizeof buf);
        ck_assert_int_eq(n, (int)strlen(f[i].out));
        ck_assert_str_eq(buf, f[i].out);
    }
    isa_program_t p = ah_ok("k: s_cbranch_execz .LBB0_2\n s_nop 0\n.LBB0_2: s_endpgm\n");
    char buf[64], tiny[8];
    isa_format_inst(&p.kernels[0], &p.kernels[0].insts[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "s_cbranch_execz .LBB0_2");
    ck_assert_int_eq(isa_format_inst(&p.kernels[0], &p.kernels[0].insts[0], tiny, sizeof tiny), 23);
    ck_assert_str_eq(tiny, "s_cbran"); /* truncated like snprintf, length still reported */
    isa_program_free(&p);
}
END_TEST

static void same_inst(const isa_inst_t *a, const isa_inst_t *b, const char *what)
{
    ck_assert_msg(a->op == b->op && a->nsrc == b->nsrc && a->e64 == b->e64 && a->clamp == b->clamp &&
                  a->omod == b->omod && a->glc == b->glc && a->slc == b->slc && a->literal == b->literal &&
                  a->offset == b->offset && a->offset0 == b->offset0 && a->offset1 == b->offset1 &&
                  a->has_soffset_sgpr == b->has_soffset_sgpr && a->simm16 == b->simm16 &&
                  a->target == b->target && a->pc == b->pc && a->size == b->size && a->offen == b->offen &&
                  a->idxen == b->idxen && a->dfmt == b->dfmt && a->nfmt == b->nfmt,
                  "%s: instruction fields differ", what);
    ck_assert_msg(memcmp(&a->vdst, &b->vdst, sizeof a->vdst) == 0 && memcmp(&a->sdst, &b->sdst, sizeof a->sdst) == 0 &&
                  memcmp(a->src, b->src, sizeof a->src) == 0, "%s: operands differ", what);
}

/* Print every instruction (with its labels), re-assemble the text, compare field by field. */
static void round_trip(const char *file)
{
    isa_program_t p;
    FILE *null = fopen("/dev/null", "w");
    size_t len;
    char *src = ah_read_all(file, &len);
    ck_assert_int_eq(asm_assemble_buffer(file, src, len, ISA_TARGET_GFX803, &p, null), 0);
    free(src);
    fclose(null);
    for (uint32_t k = 0; k < p.nkernels; k++) {
        const isa_kernel_t *K = &p.kernels[k];
        char *text = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&text, &n);
        for (uint32_t i = 0; i <= K->ninsts; i++) {
            for (uint32_t l = 0; l < K->nlabels; l++)
                if (K->labels[l].index == i)
                    fprintf(f, "%s:\n", K->labels[l].name);
            if (i < K->ninsts) {
                char line[160];
                isa_format_inst(K, &K->insts[i], line, sizeof line);
                fprintf(f, "  %s\n", line);
            }
        }
        fclose(f);
        isa_program_t again = ah_ok(text);
        ck_assert_uint_eq(again.nkernels, 1);
        ck_assert_uint_eq(again.kernels[0].ninsts, K->ninsts);
        for (uint32_t i = 0; i < K->ninsts; i++) {
            char what[160];
            snprintf(what, sizeof what, "%s: %s instruction %u", file, K->name, i);
            same_inst(&K->insts[i], &again.kernels[0].insts[i], what);
        }
        isa_program_free(&again);
        free(text);
    }
    isa_program_free(&p);
}

START_TEST(test_round_trip)
{
    round_trip(FIX "forms.s");
    round_trip(FIX "clang_saxpy_red.s");
    round_trip(FIX "clang_four.s");
    round_trip(FIX "buffer_forms.s");
}
END_TEST

/* Every table instruction: a sample built from its signature assembles, prints, re-assembles. */
START_TEST(test_table_round_trip)
{
    static const struct { const char *sig, *text, *text64; } smp[] = {
        { "D", "v1", 0 }, { "D2", "v[2:3]", 0 }, { "D3", "v[4:6]", 0 }, { "D4", "v[4:7]", 0 }, { "S", "v8", 0 },
        { "S2", "v[10:11]", 0 }, { "I", "v8", 0 }, { "V", "v9", 0 }, { "V2", "v[12:13]", 0 }, { "V3", "v[12:14]", 0 },
        { "V4", "v[12:15]", 0 }, { "d", "s1", 0 }, { "d2", "s[2:3]", 0 }, { "d4", "s[4:7]", 0 },
        { "d8", "s[8:15]", 0 }, { "d16", "s[16:31]", 0 }, { "s", "s20", 0 }, { "s2", "s[22:23]", 0 }, { "s4", "s[8:11]", 0 },
        { "C", "vcc", "s[24:25]" }, { "c", "vcc", "s[26:27]" }, { "A", "v[20:21]", 0 }, { "R", "v1", 0 }, { "R2", "v[2:3]", 0 },
        { "o", "0x10", 0 }, { "k", "1", 0 }, { "K", "0x40000000", 0 }, { "L", "entry", 0 }, { "W", "vmcnt(0)", 0 },
        { "H", "hwreg(HW_REG_MODE, 4, 2)", 0 }, { "h", "v8", 0 }, { "j", "v8", 0 }, { "K16", "0x3c00", 0 },
        { "M", "off", 0 }, { "T", "s[4:7]", 0 }, { "O", "s1", 0 },
        { "G", "gpr_idx(SRC0,DST)", 0 },
    };
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        char text[320], line[200];
        if (isa_ops[op].enc == ISA_ENC_VOP3P) /* gfx9 text only: test_vop3p.c's round trip */
            continue;
        if (isa_op_mem9((isa_op_t)op))
            continue; /* gfx9 only: test_flat9.c */
        if (!isa_op_on_target((isa_op_t)op, ISA_TARGET_GFX803) && !isa_op_on_target((isa_op_t)op, ISA_TARGET_GFX906))
            continue; /* CDNA only: test_agpr.c, test_mfma.c, test_cdna_isa.c and target-check */
        /* gfx9's other instructions (valu9) in gfx906 text, which has them all */
        const char *tg = isa_op_valu9((isa_op_t)op) ? ".amdgcn_target \"amdgcn-amd-amdhsa--gfx906\"\n" : "";
        const char *mn = *tg ? isa_op_mnemonic((isa_op_t)op, ISA_TARGET_GFX906) : isa_ops[op].name; /* gfx9's name */
        int n = snprintf(text, sizeof text, "%sentry:\n %s", tg, mn);
        bool vop3 = isa_ops[op].enc == ISA_ENC_VOP3, first = true;
        const char *p = isa_ops[op].sig;
        while (*p) {
            size_t gl = strcspn(p, " ");
            for (size_t s = 0; s < sizeof smp / sizeof smp[0]; s++)
                if (strlen(smp[s].sig) == gl && strncmp(smp[s].sig, p, gl) == 0)
                    n += snprintf(text + n, sizeof text - (size_t)n, "%s%s", first ? " " : ", ",
                                  vop3 && smp[s].text64 ? smp[s].text64 : smp[s].text);
            first = false;
            p += gl;
            while (*p == ' ')
                p++;
        }
        if (strchr(isa_ops[op].sig, 'R'))
            n += snprintf(text + n, sizeof text - (size_t)n, " glc");
        if (isa_ops[op].flags & ISA_FL_DUAL)
            snprintf(text + n, sizeof text - (size_t)n, " offset0:1 offset1:2");
        isa_program_t a = ah_ok(text);
        ck_assert_uint_eq(a.kernels[0].insts[0].op, (unsigned)op);
        isa_format_inst(&a.kernels[0], &a.kernels[0].insts[0], line, sizeof line);
        snprintf(text, sizeof text, "%sentry:\n %s\n", tg, line);
        isa_program_t b = ah_ok(text);
        same_inst(&a.kernels[0].insts[0], &b.kernels[0].insts[0], isa_ops[op].name);
        isa_program_free(&a);
        isa_program_free(&b);
    }
}
END_TEST

START_TEST(test_speed)
{
    /* 10,000 lines with labels and branches must assemble in well under a second even with the
     * sanitizers on (the assembler is linear: hashed mnemonics and labels). */
    size_t cap = 1 << 20, n = 0;
    char *text = malloc(cap);
    n += (size_t)snprintf(text + n, cap - n, "big:\n");
    for (int i = 0; i < 2000; i++)
        n += (size_t)snprintf(text + n, cap - n, ".L%d:\n  v_add_f32 v%d, 1.0, v%d\n  s_add_u32 s%d, s%d, 0x%x\n"
                              "  s_cbranch_scc1 .L%d\n  ds_read2_b32 v[0:1], v2 offset0:%d offset1:9\n", i, i % 200,
                              (i + 1) % 200, i % 100, (i + 3) % 100, i * 977, i / 2, i % 256);
    clock_t t0 = clock();
    isa_program_t p = ah_ok(text);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    ck_assert_uint_eq(p.kernels[0].ninsts, 8000);
    ck_assert_uint_eq(p.kernels[0].insts[8000 - 2].target, (1999 / 2) * 4);
    ck_assert_msg(secs < 1.0, "10,000 lines took %.3f s", secs);
    isa_program_free(&p);
    free(text);
}
END_TEST

static Suite *asm_suite(void)
{
    Suite *s = suite_create("asm");
    TCase *tc = tcase_create("asm");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_registers);
    tcase_add_test(tc, test_constants);
    tcase_add_test(tc, test_modifiers);
    tcase_add_test(tc, test_sig_vector);
    tcase_add_test(tc, test_sig_scalar);
    tcase_add_test(tc, test_sig_masks_k);
    tcase_add_test(tc, test_sig_waitcnt_label);
    tcase_add_test(tc, test_suffix_selection);
    tcase_add_test(tc, test_syntax_comments_lines);
    tcase_add_test(tc, test_bad_catalogue);
    tcase_add_test(tc, test_every_error_reported);
    tcase_add_test(tc, test_errors_bounded);
    tcase_add_test(tc, test_format);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_table_round_trip);
    tcase_add_test(tc, test_speed);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(asm_suite)

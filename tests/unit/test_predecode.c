/* isa_inst_predecode: the execution shortcuts chosen at load must do exactly what the general path
 * does. Every instruction below runs twice from the same random state, once as the assembler left
 * it (predecoded) and once with the shortcut cleared (exec_kind 0, the general path); registers,
 * result and fault must be identical, with every lane and with a partial EXEC, in both denormal
 * modes, and on a wave whose VGPR allocation ends inside the instruction's operands. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "unit.h"

static const char *const lines[] = {
    /* the f32 fast path (ISA_XK_F32): VGPR, SGPR, constant and literal sources */
    "v_mac_f32 v2, v1, v3", "v_mac_f32 v3, v3, v2", "v_mac_f32 v2, s4, v3", "v_mac_f32_e64 v2, v1, v3",
    "v_add_f32 v5, v1, v2", "v_add_f32 v1, v1, v1", "v_sub_f32 v5, 1.0, v2", "v_subrev_f32 v5, s3, v2",
    "v_mul_f32 v5, 0x40490fdb, v2", "v_mul_f32 v2, v2, v2", "v_mad_f32 v5, v1, v2, v3", "v_mad_f32 v3, v1, v2, v3",
    "v_mad_f32 v5, s1, v2, 0.5", "v_madmk_f32 v5, v1, 0x3e800000, v2", "v_madak_f32 v5, v1, v2, 0x3e800000",
    "v_add_f32_e64 v5, v1, s2",
    /* the same ops with modifiers: the general path (ISA_XK_VALU) */
    "v_mac_f32_e64 v2, -v1, v3", "v_add_f32_e64 v5, |v1|, v2", "v_mul_f32_e64 v5, v1, v2 clamp",
    "v_mad_f32 v5, v1, v2, v3 mul:2", "v_sub_f32_e64 v5, v1, v2 div:2",
    /* other families */
    "v_mov_b32 v5, v1", "v_mov_b32 v5, s7", "v_add_u32 v5, vcc, v1, v2", "v_addc_u32 v5, vcc, v1, v2, vcc",
    "v_add_u32_e64 v5, s[8:9], v1, v2", "v_cndmask_b32 v5, v1, v2, vcc", "v_and_b32 v5, 0xff, v2",
    "v_lshlrev_b32 v5, 2, v1", "v_mul_lo_u32 v5, v1, v2", "v_mad_u32_u24 v5, v1, v2, v3",
    "v_bfe_u32 v5, v1, 3, 7", "v_exp_f32 v5, v1", "v_log_f32 v5, v1", "v_rcp_f32 v5, v1", "v_sqrt_f32 v5, v1",
    "v_cvt_f32_u32 v5, v1", "v_cvt_i32_f32 v5, v1", "v_fract_f32 v5, v1", "v_max_f32 v5, v1, v2",
    "v_fma_f32 v5, v1, v2, v3", "v_div_fixup_f32 v5, v1, v2, v3", "v_readlane_b32 s5, v1, 3",
    "v_readfirstlane_b32 s5, v1", "v_writelane_b32 v5, s2, 7",
    /* wide operands: f64, 64-bit shifts and multiply-adds */
    "v_fma_f64 v[6:7], v[0:1], v[2:3], v[4:5]", "v_add_f64 v[6:7], v[0:1], s[2:3]", "v_mul_f64 v[4:5], v[4:5], v[2:3]",
    "v_lshlrev_b64 v[6:7], 3, v[0:1]", "v_mad_u64_u32 v[6:7], s[8:9], v1, v2, v[4:5]", "v_cvt_f64_f32 v[6:7], v1",
    "v_cvt_f32_f64 v5, v[0:1]",
    /* compares (VOPC, and VOPC in VOP3) */
    "v_cmp_lt_f32 vcc, v1, v2", "v_cmp_eq_u32_e64 s[8:9], v1, 5", "v_cmpx_gt_i32 vcc, v1, v2",
    "v_cmp_class_f32 vcc, v1, v2", "v_cmp_lt_f64 vcc, v[0:1], v[2:3]",
    /* f16 */
    "v_add_f16 v5, v1, v2", "v_mac_f16 v5, v1, v2", "v_cvt_f16_f32 v5, v1",
    /* SDWA and DPP: never predecoded */
    "v_add_f32_sdwa v5, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:DWORD",
    "v_mov_b32_dpp v5, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf",
    "v_add_f32_dpp v5, v1, v2 row_shr:1 row_mask:0xf bank_mask:0xf",
};
enum { NLINES = sizeof lines / sizeof lines[0] };

static isa_program_t assemble_all(void)
{
    size_t len = 64;
    for (int i = 0; i < NLINES; i++)
        len += strlen(lines[i]) + 1;
    char *text = malloc(len);
    strcpy(text, "k:\n");
    for (int i = 0; i < NLINES; i++) {
        strcat(text, lines[i]);
        strcat(text, "\n");
    }
    isa_program_t p;
    ck_assert_int_eq(asm_assemble_buffer("predecode.s", text, strlen(text), ISA_TARGET_GFX803, &p, stderr), 0);
    free(text);
    ck_assert_uint_eq(p.kernels[0].ninsts, NLINES);
    return p;
}

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* A state with denormals, NaNs, zeros, small and ordinary values in the low registers. */
static void fill(ut_machine_t *m, uint64_t seed, uint64_t exec, bool flush)
{
    static const uint32_t special[] = { 0x00000001u, 0x807fffffu, 0x7fc00000u, 0x80000000u, 0x00000000u, 0x3f800000u,
                                        0x7f800000u, 0x00800000u };
    uint64_t s = seed;
    for (unsigned r = 0; r < 16; r++)
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            uint64_t x = rnd(&s);
            ut_vreg(m, r)[l] = (x & 7) == 0 ? special[(x >> 3) & 7] : (uint32_t)(x >> 16);
        }
    for (unsigned r = 0; r < 16; r++)
        m->w.sreg[r] = (uint32_t)rnd(&s);
    m->w.sreg[ISA_REG_VCC_LO] = (uint32_t)rnd(&s);
    m->w.sreg[ISA_REG_VCC_HI] = (uint32_t)rnd(&s);
    ut_set_exec(m, exec);
    isa_wave_set_mode(&m->w, flush ? 0x3c0 : 0x3f0);
}

static void same_state(const ut_machine_t *a, const ut_machine_t *b, const char *line, const char *what)
{
    ck_assert_msg(memcmp(a->vgpr, b->vgpr, sizeof a->vgpr) == 0, "%s (%s): VGPRs differ", line, what);
    ck_assert_msg(memcmp(a->w.sreg, b->w.sreg, sizeof a->w.sreg) == 0, "%s (%s): SGPRs differ", line, what);
    ck_assert_msg(a->w.pc == b->w.pc, "%s (%s): pc differs", line, what);
}

START_TEST(predecoded_equals_general)
{
    isa_program_t p = assemble_all();
    ut_machine_t *a = ut_machine_new(), *b = ut_machine_new();
    static const uint64_t execs[] = { ~0ull, 0x00ff00ff0f0f3c3cull, 1ull << 63, 0 };
    unsigned fast = 0, general = 0, none = 0;
    for (int i = 0; i < NLINES; i++) {
        const isa_inst_t *pre = &p.kernels[0].insts[i];
        isa_inst_t plain = *pre;
        plain.exec_kind = ISA_XK_NONE;
        plain.vgpr_end = 0;
        fast += pre->exec_kind == ISA_XK_F32;
        general += pre->exec_kind == ISA_XK_VALU;
        none += pre->exec_kind == ISA_XK_NONE;
        /* nvgpr 256, then allocations ending at each register the low operands use, so that the
         * instruction's own operands cross the end (the fault must be the general path's) */
        for (unsigned nv = 1; nv <= 9; nv++)
            for (unsigned e = 0; e < 4; e++)
                for (int flush = 0; flush < 2; flush++) {
                    uint64_t seed = 0x9e3779b97f4a7c15ull * (uint64_t)(i * 97 + nv * 13 + e * 5 + flush + 1);
                    fill(a, seed, execs[e], flush);
                    fill(b, seed, execs[e], flush);
                    a->w.nvgpr = b->w.nvgpr = nv == 9 ? 256 : nv;
                    isa_exec_result_t ra = ut_run(a, pre), rb = ut_run(b, &plain);
                    char what[64];
                    snprintf(what, sizeof what, "nvgpr %u, exec %016llx, flush %d", a->w.nvgpr,
                             (unsigned long long)execs[e], flush);
                    ck_assert_msg(ra.status == rb.status && ra.fault == rb.fault && ra.fault_lane == rb.fault_lane,
                                  "%s (%s): status %d/%d fault %d/%d", lines[i], what, ra.status, rb.status, ra.fault,
                                  rb.fault);
                    ck_assert_msg(ra.lanes == rb.lanes, "%s (%s): lanes differ", lines[i], what);
                    ck_assert_msg(strcmp(ra.fault_msg, rb.fault_msg) == 0, "%s (%s): '%s' / '%s'", lines[i], what, ra.fault_msg, rb.fault_msg);
                    same_state(a, b, lines[i], what);
                }
    }
    /* the kinds the list was written to cover */
    ck_assert_uint_eq(fast, 16);
    ck_assert_uint_eq(none, 3);
    ck_assert_uint_eq(general, NLINES - 19);
    free(a);
    free(b);
    isa_program_free(&p);
}
END_TEST

/* Instructions built by hand (not assembled or decoded) carry no shortcut, and predecoding one
 * recomputes its fields from scratch. */
START_TEST(predecode_fields)
{
    isa_inst_t in = ut_inst(ISA_v_mac_f32);
    in.vdst = ut_v(9);
    in.src[0] = ut_v(2);
    in.src[1] = ut_v(4);
    ck_assert_uint_eq(in.exec_kind, ISA_XK_NONE);
    isa_inst_predecode(&in);
    ck_assert_uint_eq(in.exec_kind, ISA_XK_F32);
    ck_assert_uint_eq(in.vgpr_end, 10);
    in.src[0] = ut_neg(ut_v(2));
    isa_inst_predecode(&in);
    ck_assert_uint_eq(in.exec_kind, ISA_XK_VALU);
    isa_inst_t f = ut_inst(ISA_v_fma_f64);
    f.vdst = ut_vr(20, 2);
    f.src[0] = ut_vr(0, 2);
    f.src[1] = ut_vr(2, 2);
    f.src[2] = ut_vr(30, 2);
    isa_inst_predecode(&f);
    ck_assert_uint_eq(f.exec_kind, ISA_XK_VALU);
    ck_assert_uint_eq(f.vgpr_end, 32);
    isa_inst_t s = ut_inst(ISA_s_add_u32);
    s.exec_kind = ISA_XK_F32; /* stale */
    isa_inst_predecode(&s);
    ck_assert_uint_eq(s.exec_kind, ISA_XK_NONE);
}
END_TEST

static Suite *predecode_suite(void)
{
    Suite *s = suite_create("predecode");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, predecoded_equals_general);
    tcase_add_test(tc, predecode_fields);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(predecode_suite)

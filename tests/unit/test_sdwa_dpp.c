/* The SDWA and DPP forms: each line is assembled from text (the syntax llvm-mc accepts for gfx803)
 * and run on the test wave. Expected values are written out independently of the implementation:
 * selectors with C casts ((int8_t), (uint16_t)...), the DPP lane maps as explicit per-control
 * rules or literal tables from the GCN3 manual's description, bound_ctrl and the row/bank masks
 * lane by lane. The listing is checked against llvm-mc 14's text. */
#include <stdio.h>

#include "asm/asm.h"
#include "test_valu.h"

/* Assemble `line` in a kernel; returns its first instruction (the test fails on any error). */
static isa_inst_t one(const char *line)
{
    char text[512], *diag = NULL;
    size_t n = 0;
    snprintf(text, sizeof text, "k:\n%s\ns_endpgm\n", line);
    FILE *f = open_memstream(&diag, &n);
    isa_program_t p;
    int e = asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, f);
    fclose(f);
    ck_assert_msg(e == 0, "'%s' refused:\n%s", line, diag);
    free(diag);
    isa_inst_t in = p.kernels[0].insts[0];
    isa_program_free(&p);
    return in;
}

/* The diagnostic for a refused line ("" when it was accepted). */
static void refused(const char *line, const char *want)
{
    char text[512], *diag = NULL;
    size_t n = 0;
    snprintf(text, sizeof text, "k:\n%s\ns_endpgm\n", line);
    FILE *f = open_memstream(&diag, &n);
    isa_program_t p;
    int e = asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, f);
    fclose(f);
    ck_assert_msg(e > 0, "'%s' was accepted", line);
    ck_assert_msg(strstr(diag, want) != NULL, "'%s': message\n%s\ndoes not say '%s'", line, diag, want);
    free(diag);
}

static const char *const sel_name[7] = { "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD" };
static const char *const unused_name[3] = { "UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE" };

/* The selected field of v, zero- or sign-extended, by C casts. */
static uint32_t ref_sel(uint32_t v, int sel, bool sext)
{
    switch (sel) {
    case 0: case 1: case 2: case 3: {
        uint8_t b = (uint8_t)(v >> (8 * sel));
        return sext ? (uint32_t)(int32_t)(int8_t)b : b;
    }
    case 4: case 5: {
        uint16_t h = (uint16_t)(v >> (16 * (sel - 4)));
        return sext ? (uint32_t)(int32_t)(int16_t)h : h;
    }
    default: return v;
    }
}

/* The result r placed at dst_sel of the old value. */
static uint32_t ref_dst(uint32_t r, int sel, int unused, uint32_t old)
{
    if (sel == 6)
        return r;
    int shift = sel < 4 ? 8 * sel : 16 * (sel - 4);
    int32_t sx = sel < 4 ? (int32_t)(int8_t)(uint8_t)r : (int32_t)(int16_t)(uint16_t)r;
    uint32_t field = sel < 4 ? (uint32_t)(uint8_t)r : (uint32_t)(uint16_t)r;
    uint32_t mask = (sel < 4 ? 0xffu : 0xffffu) << shift;
    if (unused == 0)
        return field << shift;
    if (unused == 1)
        return (uint32_t)((uint64_t)(int64_t)sx << shift); /* sign above, zeros below */
    return (old & ~mask) | (field << shift);
}

static void fill(ut_machine_t *m, unsigned reg, int src, int r)
{
    uint64_t rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)(reg * 131 + (unsigned)src * 7 + (unsigned)r);
    tv_fill(m, reg, tv_int_edges, sizeof tv_int_edges / sizeof tv_int_edges[0], src, r, &rng);
}

START_TEST(test_sdwa_src_sel_sext)
{
    for (int sel = 0; sel < 7; sel++)
        for (int sx = 0; sx < 2; sx++)
            for (int r = 0; r < 3; r++) {
                ut_machine_t *m = ut_machine_new();
                fill(m, 2, 0, r);
                ut_vset_all(m, 1, TV_SENTINEL);
                uint64_t exec = tv_exec_patterns[r + 1];
                ut_set_exec(m, exec);
                char line[160];
                snprintf(line, sizeof line, "v_mov_b32_sdwa v1, %sv2%s dst_sel:DWORD src0_sel:%s", sx ? "sext(" : "",
                         sx ? ")" : "", sel_name[sel]);
                isa_inst_t in = one(line);
                ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
                for (int l = 0; l < ISA_WAVE_SIZE; l++)
                    TV_CHECK_LANE(m, 1, exec, l, ref_sel(ut_vreg(m, 2)[l], sel, sx), line);
                free(m);
            }
}
END_TEST

START_TEST(test_sdwa_dst_sel_unused)
{
    for (int sel = 0; sel < 7; sel++)
        for (int un = 0; un < 3; un++) {
            ut_machine_t *m = ut_machine_new();
            fill(m, 2, 1, sel);
            fill(m, 1, 2, un);
            uint32_t old[ISA_WAVE_SIZE];
            memcpy(old, ut_vreg(m, 1), sizeof old);
            uint64_t exec = tv_exec_patterns[(sel + un) % TV_ROUNDS];
            ut_set_exec(m, exec);
            char line[160];
            snprintf(line, sizeof line, "v_not_b32_sdwa v1, v2 dst_sel:%s dst_unused:%s", sel_name[sel], unused_name[un]);
            isa_inst_t in = one(line);
            ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
            for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                uint32_t want = exec >> l & 1 ? ref_dst(~ut_vreg(m, 2)[l], sel, un, old[l]) : old[l];
                ck_assert_msg(ut_vreg(m, 1)[l] == want, "%s lane %d: got 0x%08x want 0x%08x", line, l,
                              ut_vreg(m, 1)[l], want);
            }
            free(m);
        }
    /* Hand values: 0x80 at BYTE_1 with UNUSED_SEXT is 0xffff8000; WORD_0 0x1234 preserved above. */
    ut_machine_t *m = ut_machine_new();
    ut_vset_all(m, 2, 0x7f);
    ut_vset_all(m, 1, 0xaabbccddu);
    isa_inst_t in = one("v_not_b32_sdwa v1, v2 dst_sel:BYTE_1 dst_unused:UNUSED_SEXT");
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[5], 0xffff8000u);
    in = one("v_mov_b32_sdwa v1, v2 dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE");
    ut_vset_all(m, 2, 0x5678abcdu);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[9], 0xffffabcdu);
    free(m);
}
END_TEST

/* Two-source ops: each source selected on its own, the carry-out from the full result, clamp. */
START_TEST(test_sdwa_vop2)
{
    for (int s0 = 0; s0 < 7; s0++)
        for (int s1 = 0; s1 < 7; s1 += 2) {
            ut_machine_t *m = ut_machine_new();
            fill(m, 2, 0, s0);
            fill(m, 3, 1, s1);
            ut_vset_all(m, 1, TV_SENTINEL);
            uint64_t exec = tv_exec_patterns[(s0 + s1) % TV_ROUNDS];
            ut_set_exec(m, exec);
            char line[200];
            snprintf(line, sizeof line, "v_add_u32_sdwa v1, vcc, sext(v2), v3 dst_sel:DWORD dst_unused:UNUSED_PAD "
                     "src0_sel:%s src1_sel:%s", sel_name[s0], sel_name[s1]);
            isa_inst_t in = one(line);
            ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
            uint64_t vcc = 0;
            for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                uint64_t a = ref_sel(ut_vreg(m, 2)[l], s0, true), b = ref_sel(ut_vreg(m, 3)[l], s1, false);
                uint64_t sum = a + b;
                TV_CHECK_LANE(m, 1, exec, l, (uint32_t)sum, line);
                vcc |= (uint64_t)(sum >> 32 & 1) << l;
            }
            ck_assert_uint_eq(isa_wave_vcc(&m->w), vcc & exec);
            free(m);
        }
    /* Float: neg/abs after the select, clamp, result placed in WORD_1. -|2.0| + 0.5 = -1.5 clamps
     * to 0; 3.0 + 0.5 = 3.5 clamps to 1.0 = 0x3f800000: 0x3f80 ... its low half 0x0000 goes to
     * WORD_1 and WORD_0 is preserved. */
    ut_machine_t *m = ut_machine_new();
    ut_vset_all(m, 2, ut_fbits(2.0f));
    ut_vset_all(m, 3, ut_fbits(0.5f));
    ut_vset_all(m, 1, 0x11112222u);
    isa_inst_t in = one("v_add_f32_sdwa v1, -|v2|, v3 clamp dst_sel:DWORD");
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 0);
    ut_vset_all(m, 2, ut_fbits(-0.25f));
    in = one("v_add_f32_sdwa v1, |v2|, v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE");
    ut_vset_all(m, 1, 0x11112222u);
    ut_run(m, &in); /* 0.75 = 0x3f400000: low half 0 -> WORD_1 */
    ck_assert_uint_eq(ut_vreg(m, 1)[3], 0x00002222u);
    in = one("v_mul_f32_sdwa v1, v2, v3 dst_sel:DWORD src0_sel:WORD_1 src1_sel:WORD_1");
    ut_vset_all(m, 2, 0x40000000u); /* WORD_1 = 0x4000: the f32 0x00004000, a denormal: flushed */
    ut_vset_all(m, 3, 0x3f800000u);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 0);
    /* v_cndmask: the lane mask in vcc, sext on the selected source */
    ut_vset_all(m, 2, 0x80);
    ut_vset_all(m, 3, 7);
    m->w.sreg[ISA_REG_VCC_LO] = 0x2;
    m->w.sreg[ISA_REG_VCC_HI] = 0;
    in = one("v_cndmask_b32_sdwa v1, sext(v2), v3, vcc src0_sel:BYTE_0");
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 0xffffff80u);
    ck_assert_uint_eq(ut_vreg(m, 1)[1], 7);
    free(m);
}
END_TEST

START_TEST(test_sdwa_compare)
{
    for (int r = 0; r < TV_ROUNDS; r++) {
        ut_machine_t *m = ut_machine_new();
        fill(m, 1, 0, r);
        fill(m, 2, 1, r + 1);
        uint64_t exec = tv_exec_patterns[r];
        ut_set_exec(m, exec);
        isa_inst_t in = one("v_cmp_gt_i32_sdwa vcc, sext(v1), v2 src0_sel:BYTE_0 src1_sel:WORD_1");
        ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
        uint64_t want = 0;
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            if ((int32_t)(int8_t)ut_vreg(m, 1)[l] > (int32_t)(uint16_t)(ut_vreg(m, 2)[l] >> 16))
                want |= 1ull << l;
        ck_assert_uint_eq(isa_wave_vcc(&m->w), want & exec);
        in = one("v_cmpx_eq_u32 vcc, v1, v2 src0_sel:BYTE_1 src1_sel:BYTE_1");
        want = 0;
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            if (((ut_vreg(m, 1)[l] >> 8) & 0xff) == ((ut_vreg(m, 2)[l] >> 8) & 0xff))
                want |= 1ull << l;
        ut_run(m, &in);
        ck_assert_uint_eq(isa_wave_exec(&m->w), want & exec);
        ck_assert_uint_eq(isa_wave_vcc(&m->w), want & exec);
        free(m);
    }
}
END_TEST

/* ---- DPP ------------------------------------------------------------------------------------ */

/* The source lane of lane l, written per control from the manual's descriptions; -1 for none. */
static int ref_lane(const char *ctl, int l)
{
    int n, row = l / 16, r = l % 16;
    unsigned a, b, c, d;
    static const int mirror[16] = { 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 };
    static const int half[16] = { 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8 };
    if (sscanf(ctl, "quad_perm:[%u,%u,%u,%u]", &a, &b, &c, &d) == 4) {
        unsigned q[4] = { a, b, c, d };
        return l / 4 * 4 + (int)q[l % 4];
    }
    if (sscanf(ctl, "row_shl:%d", &n) == 1)
        return r + n <= 15 ? l + n : -1;
    if (sscanf(ctl, "row_shr:%d", &n) == 1)
        return r >= n ? l - n : -1;
    if (sscanf(ctl, "row_ror:%d", &n) == 1)
        return row * 16 + (r + 16 - n) % 16;
    if (!strcmp(ctl, "wave_shl:1"))
        return l == 63 ? -1 : l + 1;
    if (!strcmp(ctl, "wave_rol:1"))
        return (l + 1) % 64;
    if (!strcmp(ctl, "wave_shr:1"))
        return l == 0 ? -1 : l - 1;
    if (!strcmp(ctl, "wave_ror:1"))
        return (l + 63) % 64;
    if (!strcmp(ctl, "row_mirror"))
        return row * 16 + mirror[r];
    if (!strcmp(ctl, "row_half_mirror"))
        return row * 16 + half[r];
    if (!strcmp(ctl, "row_bcast:15"))
        return row == 0 ? -1 : row * 16 - 1;
    if (!strcmp(ctl, "row_bcast:31"))
        return row >= 2 ? 31 : -1;
    ck_abort_msg("unknown control %s", ctl);
    return -1;
}

START_TEST(test_dpp_lane_maps)
{
    char ctls[64][32];
    int n = 0;
    snprintf(ctls[n++], 32, "quad_perm:[0,1,2,3]");
    snprintf(ctls[n++], 32, "quad_perm:[1,0,3,2]");
    snprintf(ctls[n++], 32, "quad_perm:[3,3,0,1]");
    snprintf(ctls[n++], 32, "quad_perm:[2,2,2,2]");
    for (int k = 1; k <= 15; k++) {
        snprintf(ctls[n++], 32, "row_shl:%d", k);
        snprintf(ctls[n++], 32, "row_shr:%d", k);
        snprintf(ctls[n++], 32, "row_ror:%d", k);
    }
    const char *rest[] = { "wave_shl:1", "wave_rol:1", "wave_shr:1", "wave_ror:1", "row_mirror", "row_half_mirror",
                           "row_bcast:15", "row_bcast:31" };
    for (size_t k = 0; k < sizeof rest / sizeof rest[0]; k++)
        snprintf(ctls[n++], 32, "%s", rest[k]);
    /* Spot values of the maps themselves, from the manual's wording. */
    ck_assert_int_eq(ref_lane("row_shr:1", 16), -1);
    ck_assert_int_eq(ref_lane("row_ror:1", 16), 31);
    ck_assert_int_eq(ref_lane("row_bcast:15", 40), 31);
    for (int c = 0; c < n; c++)
        for (int bc = 0; bc < 2; bc++)
            for (int e = 0; e < 3; e++) {
                ut_machine_t *m = ut_machine_new();
                for (int l = 0; l < ISA_WAVE_SIZE; l++)
                    ut_vreg(m, 2)[l] = 0x1000u + (uint32_t)l;
                ut_vset_all(m, 1, TV_SENTINEL);
                uint64_t exec = tv_exec_patterns[e == 0 ? 0 : e == 1 ? 1 : 6];
                ut_set_exec(m, exec);
                char line[160];
                snprintf(line, sizeof line, "v_mov_b32_dpp v1, v2 %s row_mask:0xf bank_mask:0xf%s", ctls[c],
                         bc ? " bound_ctrl:0" : "");
                isa_inst_t in = one(line);
                ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
                for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                    int s = ref_lane(ctls[c], l);
                    bool src_ok = s >= 0 && (exec >> s & 1);
                    uint32_t want = !(exec >> l & 1) ? TV_SENTINEL
                                  : src_ok ? 0x1000u + (uint32_t)s
                                  : bc ? 0 : TV_SENTINEL;
                    ck_assert_msg(ut_vreg(m, 1)[l] == want, "%s exec %d lane %d: got 0x%x want 0x%x", line, e, l,
                                  ut_vreg(m, 1)[l], want);
                }
                free(m);
            }
}
END_TEST

START_TEST(test_dpp_masks)
{
    static const unsigned masks[][2] = { { 0xf, 0xf }, { 0xa, 0xf }, { 0xc, 0x1 }, { 0x1, 0x6 }, { 0x0, 0xf } };
    for (size_t k = 0; k < sizeof masks / sizeof masks[0]; k++) {
        ut_machine_t *m = ut_machine_new();
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            ut_vreg(m, 2)[l] = (uint32_t)l * 3u;
        ut_vset_all(m, 1, TV_SENTINEL);
        char line[160];
        snprintf(line, sizeof line, "v_mov_b32_dpp v1, v2 quad_perm:[0,0,0,0] row_mask:0x%x bank_mask:0x%x",
                 masks[k][0], masks[k][1]);
        isa_inst_t in = one(line);
        ut_run(m, &in);
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            bool on = (masks[k][0] >> (l / 16) & 1) && (masks[k][1] >> (l % 16 / 4) & 1);
            uint32_t want = on ? (uint32_t)(l / 4 * 4) * 3u : TV_SENTINEL;
            ck_assert_msg(ut_vreg(m, 1)[l] == want, "%s lane %d", line, l);
        }
        free(m);
    }
}
END_TEST

/* A wave-wide inclusive prefix sum as LLVM's atomic optimizer builds it for gfx8 (row_shr 1, 2,
 * 4, 8 within rows, then row_bcast:15 into rows 1 and 3 and row_bcast:31 into rows 2 and 3):
 * lanes without a source keep their value (bound_ctrl off), which adds nothing. */
START_TEST(test_dpp_scan)
{
    static const char *const steps[] = {
        "v_add_u32_dpp v1, vcc, v1, v1 row_shr:1 row_mask:0xf bank_mask:0xf",
        "v_add_u32_dpp v1, vcc, v1, v1 row_shr:2 row_mask:0xf bank_mask:0xf",
        "v_add_u32_dpp v1, vcc, v1, v1 row_shr:4 row_mask:0xf bank_mask:0xf",
        "v_add_u32_dpp v1, vcc, v1, v1 row_shr:8 row_mask:0xf bank_mask:0xf",
        "v_add_u32_dpp v1, vcc, v1, v1 row_bcast:15 row_mask:0xa bank_mask:0xf",
        "v_add_u32_dpp v1, vcc, v1, v1 row_bcast:31 row_mask:0xc bank_mask:0xf",
    };
    ut_machine_t *m = ut_machine_new();
    uint64_t rng = 7;
    uint32_t in_v[ISA_WAVE_SIZE];
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        in_v[l] = ut_vreg(m, 1)[l] = tv_rand(&rng) & 0xffff;
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
        isa_inst_t in = one(steps[k]);
        ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    }
    uint32_t sum = 0;
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        sum += in_v[l];
        ck_assert_msg(ut_vreg(m, 1)[l] == sum, "lane %d: got %u want %u", l, ut_vreg(m, 1)[l], sum);
    }
    free(m);
}
END_TEST

START_TEST(test_dpp_vop2_modifiers)
{
    ut_machine_t *m = ut_machine_new();
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        ut_vreg(m, 2)[l] = ut_fbits((float)l);
        ut_vreg(m, 3)[l] = ut_fbits(-(float)l * 0.5f);
    }
    ut_vset_all(m, 1, TV_SENTINEL);
    /* src0 from lane l-1 (negated), src1 from this lane (|.|); lane 0 of each row is not written */
    isa_inst_t in = one("v_add_f32_dpp v1, -v2, |v3| row_shr:1 row_mask:0xf bank_mask:0xf");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        uint32_t want = l % 16 == 0 ? TV_SENTINEL : ut_fbits(-(float)(l - 1) + (float)l * 0.5f);
        ck_assert_msg(ut_vreg(m, 1)[l] == want, "lane %d", l);
    }
    /* v_mac_f32_dpp: the accumulator is the destination itself, not permuted */
    ut_vset_all(m, 1, ut_fbits(1.0f));
    in = one("v_mac_f32_dpp v1, v2, v2 row_mirror row_mask:0xf bank_mask:0xf");
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], ut_fbits(15.0f * 0.0f + 1.0f));
    ck_assert_uint_eq(ut_vreg(m, 1)[2], ut_fbits(13.0f * 2.0f + 1.0f));
    free(m);
}
END_TEST

/* ---- Syntax: accepted lines print as llvm-mc 14 prints them; refused lines say why ---------- */

START_TEST(test_sdwa_dpp_listing)
{
    static const char *const lines[][2] = {
        { "v_mov_b32_sdwa v1, v2", "v_mov_b32_sdwa v1, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD" },
        { "v_add_f32 v1, v2, v3 dst_sel:WORD_1",
          "v_add_f32_sdwa v1, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD" },
        { "v_cmp_eq_u32_sdwa vcc, sext(v1), v2 clamp",
          "v_cmp_eq_u32 vcc, sext(v1), v2 clamp src0_sel:DWORD src1_sel:DWORD" },
        { "v_mov_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:0",
          "v_mov_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1" },
        { "v_mov_b32 v1, v2 row_shl:0x3 row_mask:-1 bank_mask:0x11",
          "v_mov_b32_dpp v1, v2 row_shl:3 row_mask:0xf bank_mask:0x1" },
        { "v_nop_dpp row_bcast:31", "v_nop row_bcast:31 row_mask:0xf bank_mask:0xf" },
        { "v_add_f32_dpp v1, -|v2|, v3 row_ror:7", "v_add_f32_dpp v1, -|v2|, v3 row_ror:7 row_mask:0xf bank_mask:0xf" },
        { "v_cvt_u32_f32_sdwa v1, -v2 src0_sel:WORD_1",
          "v_cvt_u32_f32_sdwa v1, -v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:WORD_1" },
    };
    for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++) {
        isa_inst_t in = one(lines[k][0]);
        char buf[256];
        isa_format_inst(NULL, &in, buf, sizeof buf);
        ck_assert_str_eq(buf, lines[k][1]);
        ck_assert_uint_eq(in.size, 8);
        isa_inst_t back = one(buf); /* and the listing assembles to the same instruction */
        char buf2[256];
        isa_format_inst(NULL, &back, buf2, sizeof buf2);
        ck_assert_str_eq(buf2, buf);
    }
    refused("v_mov_b32_sdwa v1, s2", "only VGPRs");
    refused("v_mov_b32_dpp v1, 1 row_shl:1", "only VGPRs");
    refused("v_add_f32_sdwa v1, sext(v2), v3", "is a float");
    refused("v_max_i32_sdwa v1, -v2, v3", "source modifiers");
    refused("v_cvt_f32_ubyte0_sdwa v1, -v2", "is an integer");
    refused("v_cmp_eq_u32_sdwa s[0:1], v1, v2", "vcc only");
    refused("v_cmp_eq_u32_dpp vcc, v1, v2 row_shl:1", "no DPP form");
    refused("v_madmk_f32_sdwa v1, v2, 0x1, v3", "no SDWA form");
    refused("v_cvt_f64_f32_dpp v[1:2], v3 row_shl:1", "no DPP form");
    refused("v_add_f32_sdwa v1, v2, v3 mul:2", "output modifiers");
    refused("v_add_f32_dpp v1, v2, v3 row_shl:1 clamp", "unexpected 'clamp'");
    refused("v_add_f32_sdwa v1, v2, v3 dst_sel:BYTE_1 clamp", "'clamp' must come before");
    refused("v_add_f32_sdwa v1, v2, v3 src1_sel:WORD_1 src0_sel:WORD_0", "must come before");
    refused("v_mov_b32_dpp v1, v2 row_mask:0x1 quad_perm:[0,1,2,3]", "must come first");
    refused("v_mov_b32_dpp v1, v2", "needs a DPP control");
    refused("v_mov_b32_dpp v1, v2 row_shl:16", "invalid row_shl");
    refused("v_mov_b32_dpp v1, v2 wave_shl:2", "invalid wave_shl");
    refused("v_mov_b32_dpp v1, v2 quad_perm:[4,0,0,0]", "0..3");
    refused("v_mov_b32_dpp v1, v2 quad_perm:[0,1,2,3] bound_ctrl:2", "invalid bound_ctrl");
    refused("v_mov_b32_sdwa v1, v2 dst_sel:word_1", "invalid dst_sel");
    refused("v_mov_b32_e32 v1, v2 dst_sel:WORD_1", "need the SDWA form");
    refused("v_mac_f32_sdwa v1, v2, v3 dst_sel:BYTE_0", "dst_sel must be DWORD");
    refused("v_cmp_eq_u32_sdwa vcc, v1, v2 dst_sel:DWORD", "no dst_sel");
    refused("v_mov_b32_dpp v1, v2 row_shl:1 dst_sel:DWORD", "cannot be mixed");
    refused("v_cndmask_b32_sdwa v1, -v2, v3, vcc", "use sext()");
    refused("v_mov_b32_e64 v1, sext(v2)", "only in the SDWA form");
}
END_TEST

/* Assembler strictness: v_cndmask_b32_e64 takes neg/abs (llvm-mc accepts them for gfx803), which
 * act on the sign bit of the selected value. */
START_TEST(test_cndmask_e64_modifiers)
{
    isa_inst_t in = one("v_cndmask_b32_e64 v0, -v1, |v2|, s[0:1]");
    char buf[128];
    isa_format_inst(NULL, &in, buf, sizeof buf);
    ck_assert_str_eq(buf, "v_cndmask_b32_e64 v0, -v1, |v2|, s[0:1]");
    ut_machine_t *m = ut_machine_new();
    ut_vset_all(m, 1, 0x3f800000u);
    ut_vset_all(m, 2, 0xc0000000u);
    m->w.sreg[0] = 0xf0f0f0f0u;
    m->w.sreg[1] = 0;
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0xbf800000u); /* -v1 */
    ck_assert_uint_eq(ut_vreg(m, 0)[4], 0x40000000u); /* |v2| */
    ck_assert_uint_eq(ut_vreg(m, 0)[40], 0xbf800000u);
    in = one("v_cndmask_b32 v0, -|v2|, v1, vcc"); /* the modifiers choose the 64-bit encoding */
    ck_assert_uint_eq(in.e64, 1);
    m->w.sreg[ISA_REG_VCC_LO] = 0;
    m->w.sreg[ISA_REG_VCC_HI] = 0;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 0)[0], 0xc0000000u);
    free(m);
}
END_TEST

/* More assembler rules found by the corpus comparison with llvm-mc (tests/isa/valu_syntax_check.sh). */
START_TEST(test_valu_syntax_rules)
{
    /* clamp on the 24-bit multiply-(add)s saturates: 0xffffff * 0xffffff > 2^32 - 1 */
    isa_inst_t in = one("v_mul_u32_u24_e64 v1, v2, v3 clamp");
    ut_machine_t *m = ut_machine_new();
    ut_vset_all(m, 2, 0xffffff);
    ut_vset_all(m, 3, 0xffffff);
    ut_vset_all(m, 4, 5);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 0xffffffffu);
    in = one("v_mad_i32_i24 v1, v2, v3, v4 clamp"); /* (-1) * (-1) + 5 = 6, in range */
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 6);
    ut_vset_all(m, 2, 0x800000); /* -2^23 * -2^23 = 2^46: saturates to INT32_MAX */
    ut_vset_all(m, 3, 0x800000);
    in = one("v_mul_i32_i24_e64 v1, v2, v3 clamp");
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 0x7fffffffu);
    in = one("v_mul_i32_i24_e64 v1, v2, v3");
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 0); /* 2^46 mod 2^32 */
    /* the carry forms saturate too, in e64 and in SDWA; the carry-out is still written */
    ut_vset_all(m, 2, 0xfffffff0u);
    ut_vset_all(m, 3, 0x20);
    in = one("v_add_u32_e64 v1, s[4:5], v2, v3 clamp");
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 0xffffffffu);
    ck_assert_uint_eq(m->w.sreg[4], 0xffffffffu);
    in = one("v_sub_u32_sdwa v1, vcc, v3, v2 clamp");
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 0);
    in = one("v_sub_u32_sdwa v1, vcc, v2, v3 clamp");
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 1)[0], 0xffffffd0u);
    free(m);
    /* without a suffix, a clamp only the SDWA form allows selects it */
    in = one("v_xor_b32 v1, v2, v3 clamp");
    ck_assert_uint_eq(in.form, ISA_FORM_SDWA);
    in = one("v_cmp_eq_u32 vcc, v1, v2 clamp");
    ck_assert_uint_eq(in.form, ISA_FORM_SDWA);
    refused("v_xor_b32_e64 v1, v2, v3 clamp", "'clamp' is not allowed");
    refused("v_cmp_class_f32_e64 vcc, v1, v2 clamp", "'clamp' is not allowed");
    refused("v_readfirstlane_b32_e64 s1, v2", "no 64-bit encoding");
    refused("v_cvt_f32_ubyte0 v1, -v2", "it is an integer");
    refused("v_cvt_f64_u32_e64 v[2:3], |v4|", "it is an integer");
    refused("v_cvt_flr_i32_f32_e64 v1, v2 mul:2", "output modifiers");
    refused("v_nop_sdwa clamp", "takes no controls");
}
END_TEST

static Suite *sdwa_dpp_suite(void)
{
    Suite *s = suite_create("sdwa_dpp");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_sdwa_src_sel_sext);
    tcase_add_test(tc, test_sdwa_dst_sel_unused);
    tcase_add_test(tc, test_sdwa_vop2);
    tcase_add_test(tc, test_sdwa_compare);
    tcase_add_test(tc, test_dpp_lane_maps);
    tcase_add_test(tc, test_dpp_masks);
    tcase_add_test(tc, test_dpp_scan);
    tcase_add_test(tc, test_dpp_vop2_modifiers);
    tcase_add_test(tc, test_sdwa_dpp_listing);
    tcase_add_test(tc, test_cndmask_e64_modifiers);
    tcase_add_test(tc, test_valu_syntax_rules);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(sdwa_dpp_suite)

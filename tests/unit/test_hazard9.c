/* The hazard checker's gfx9 rows (machine/hazard.c, docs/architecture.md "Data hazards"): a kernel
 * whose target is gfx900 gets gfx8's rows plus m0_read (LLVM GCNHazardRecognizer::checkReadM0Hazards
 * for the consumers hasReadM0MovRelInterpHazard and hasReadM0LdsDmaHazard enable on GFX9) and a
 * 6-bit vmcnt; a gfx803 kernel keeps gfx8's. Each finding has a twin that must not be reported, and
 * the same code as gfx803 is checked too. The kernels use only instructions gfx803 and gfx900 share;
 * they name their target with .amdgcn_target (and the machine's gpu.target matches it). */
#include "unit.h"

#include <stdio.h>

#include "machine/timing.h"
#include "timing_harness.h"

/* s[20:23]: a V# of `out` (num_records 1 MiB, 32-bit UINT); v14 = id * 4. */
static const char prologue[] =
    "k:\n"
    "  s_load_dwordx4 s[4:7], s[0:1], 0x0\n"
    "  s_waitcnt lgkmcnt(0)\n"
    "  v_lshlrev_b32 v14, 2, v0\n"
    "  s_mov_b32 s20, s6\n  s_mov_b32 s21, s7\n  s_mov_b32 s22, 0x100000\n  s_mov_b32 s23, 0x27000\n";

static const char ini[] =
    "grid = 64\nworkgroup = 64\nlds = 256\n"
    "[buffer in]\ntype = u32\ncount = 64\ninit = iota(100, 1)\n"
    "[buffer out]\ntype = u32\ncount = 64\ninit = value(0)\n"
    "[args]\nin = @in\nout = @out\n";

/* Run the body for `target` with the checker on; the findings into f. */
static void run(isa_target_t target, const char *body, th_found_t *f)
{
    char kernel[4096];
    snprintf(kernel, sizeof kernel, ".amdgcn_target \"amdgcn-amd-amdhsa--%s\"\n%s%s  s_endpgm\n",
             isa_target_name(target), prologue, body);
    char set[40];
    snprintf(set, sizeof set, "gpu.target=%s", isa_target_name(target));
    const char *const sets[] = { set, NULL };
    th_launch_t t;
    th_prepare(&t, kernel, ini, NULL, sets, 0);
    ck_assert_uint_eq(t.prog.kernels[0].target, target);
    th_run_hazards(&t, f, false);
    th_release(&t);
}

/* s_movrels right after a SALU write of M0: 1 wait state on gfx9, none on gfx8. */
START_TEST(test_m0_then_s_movrel)
{
    th_found_t f;
    const char *bad = "  s_mov_b32 s8, 5\n  s_mov_b32 m0, 1\n  s_movrels_b32 s9, s7\n";
    run(ISA_TARGET_GFX900, bad, &f);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_WS_M0_READ);
    ck_assert_uint_eq(h->reg, ISA_REG_M0);
    ck_assert_uint_eq(h->need, 1);
    ck_assert_uint_eq(h->have, 0);
    run(ISA_TARGET_GFX906, bad, &f);
    th_only(&f, TEV_HZ_WS_M0_READ);
    run(ISA_TARGET_GFX900, "  s_mov_b32 m0, 1\n  s_nop 0\n  s_movrels_b32 s9, s7\n", &f);
    ck_assert_uint_eq(f.n, 0);
    run(ISA_TARGET_GFX900, "  s_movk_i32 m0, 0x1\n  v_mov_b32 v1, 0\n  s_movreld_b32 s8, s7\n", &f);
    ck_assert_uint_eq(f.n, 0);
    run(ISA_TARGET_GFX803, bad, &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* LDS DMA (buffer_load_dword ... lds) right after a SALU write of M0: 1 wait state on gfx9. */
START_TEST(test_m0_then_lds_dma)
{
    th_found_t f;
    const char *bad = "  s_mov_b32 m0, 0\n  buffer_load_dword v2, v14, s[20:23], 0 offen lds\n  s_waitcnt vmcnt(0)\n";
    run(ISA_TARGET_GFX900, bad, &f);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_WS_M0_READ);
    ck_assert_uint_eq(h->reg, ISA_REG_M0);
    ck_assert_uint_eq(h->have, 0);
    run(ISA_TARGET_GFX900, "  s_mov_b32 m0, 0\n  v_mov_b32 v3, 0\n  buffer_load_dword v2, v14, s[20:23], 0 offen lds\n"
        "  s_waitcnt vmcnt(0)\n", &f);
    ck_assert_uint_eq(f.n, 0);
    /* the same load without lds reads no M0 */
    run(ISA_TARGET_GFX900, "  s_mov_b32 m0, 0\n  buffer_load_dword v2, v14, s[20:23], 0 offen\n  s_waitcnt vmcnt(0)\n", &f);
    ck_assert_uint_eq(f.n, 0);
    run(ISA_TARGET_GFX803, bad, &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* An ordinary LDS instruction after an M0 write needs no wait state on gfx9 either. */
START_TEST(test_m0_then_lds_is_no_hazard)
{
    th_found_t f;
    run(ISA_TARGET_GFX900, "  s_mov_b32 m0, -1\n  ds_write_b32 v14, v0\n  s_mov_b32 m0, -1\n  ds_read_b32 v2, v14\n"
        "  s_waitcnt lgkmcnt(0)\n", &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* gfx8's rows hold on gfx9 with gfx8's counts: a VALU-written SGPR read by a VMEM instruction (5). */
START_TEST(test_gfx8_rows_on_gfx9)
{
    th_found_t f;
    run(ISA_TARGET_GFX900, "  v_mov_b32 v15, 0\n  v_readfirstlane_b32 s24, v15\n  s_nop 2\n"
        "  buffer_store_dword v0, v14, s[20:23], s24 offen\n  s_waitcnt vmcnt(0)\n", &f);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_WS_VMEM_SGPR);
    ck_assert_uint_eq(h->need, 5);
    ck_assert_uint_eq(h->have, 3);
    run(ISA_TARGET_GFX900, "  v_mov_b32 v1, 1\n  v_mov_b32_dpp v2, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n", &f);
    ck_assert_uint_eq(th_only(&f, TEV_HZ_WS_DPP_VGPR)->need, 2);
}
END_TEST

/* vmcnt counts to 15 on gfx8, to 63 on gfx9: the first of 16 loads is done on gfx8 without a wait
 * (a wave cannot have 16 outstanding), not on gfx9. */
START_TEST(test_vmcnt_limit)
{
    char body[2048];
    size_t n = 0;
    for (int i = 0; i < 16; i++)
        n += (size_t)snprintf(body + n, sizeof body - n, "  buffer_load_dword v%d, v14, s[20:23], 0 offen\n", 30 + i);
    snprintf(body + n, sizeof body - n, "  v_mov_b32 v20, v30\n  s_waitcnt vmcnt(0)\n");
    th_found_t f;
    run(ISA_TARGET_GFX803, body, &f);
    ck_assert_uint_eq(f.n, 0);
    run(ISA_TARGET_GFX900, body, &f);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_VMCNT);
    ck_assert_uint_eq(h->reg, ISA_VGPR_BASE + 30);
    ck_assert_uint_eq(h->need, 15);
}
END_TEST

/* v_swap_b32 writes both its VGPRs: its second one (src0) is a VALU write to the wait-state rows
 * too. Wait states hand-counted: the DPP read right after the swap has 0 of the 2 it needs, one
 * s_nop 0 gives it 1, s_nop 1 the 2; the store of 12 bytes then the swap of its data VGPR v5 has 0
 * of 1. */
START_TEST(test_swap_second_destination)
{
    th_found_t f;
    const char *pre = "  v_mov_b32 v1, 1\n  v_mov_b32 v2, 2\n  s_nop 4\n";
    char body[512];
    snprintf(body, sizeof body, "%s  v_swap_b32 v1, v2\n  v_mov_b32_dpp v3, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n", pre);
    run(ISA_TARGET_GFX900, body, &f);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_WS_DPP_VGPR);
    ck_assert_uint_eq(h->reg, ISA_VGPR_BASE + 2);
    ck_assert_uint_eq(h->need, 2);
    ck_assert_uint_eq(h->have, 0);
    ck_assert_uint_eq(h->src_pc + 1, h->pc); /* the swap, right before */
    snprintf(body, sizeof body, "%s  v_swap_b32 v1, v2\n  s_nop 0\n  v_mov_b32_dpp v3, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n", pre);
    run(ISA_TARGET_GFX906, body, &f);
    ck_assert_uint_eq(th_only(&f, TEV_HZ_WS_DPP_VGPR)->have, 1);
    snprintf(body, sizeof body, "%s  v_swap_b32 v1, v2\n  s_nop 1\n  v_mov_b32_dpp v3, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n", pre);
    run(ISA_TARGET_GFX900, body, &f);
    ck_assert_uint_eq(f.n, 0);
    run(ISA_TARGET_GFX900, "  v_mov_b32 v4, 0\n  v_mov_b32 v5, 0\n  v_mov_b32 v6, 0\n  v_mov_b32 v7, 0\n  s_nop 4\n"
        "  s_mov_b64 exec, 1\n  buffer_store_dwordx3 v[4:6], v14, s[20:23], 0 offen\n  v_swap_b32 v7, v5\n"
        "  s_waitcnt vmcnt(0)\n", &f);
    h = th_only(&f, TEV_HZ_WS_STORE_DATA);
    ck_assert_uint_eq(h->reg, ISA_VGPR_BASE + 5);
    ck_assert_uint_eq(h->need, 1);
    ck_assert_uint_eq(h->have, 0);
}
END_TEST

static Suite *hazard9_suite(void)
{
    Suite *s = suite_create("hazard9");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_m0_then_s_movrel);
    tcase_add_test(tc, test_m0_then_lds_dma);
    tcase_add_test(tc, test_m0_then_lds_is_no_hazard);
    tcase_add_test(tc, test_gfx8_rows_on_gfx9);
    tcase_add_test(tc, test_vmcnt_limit);
    tcase_add_test(tc, test_swap_second_destination);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(hazard9_suite)

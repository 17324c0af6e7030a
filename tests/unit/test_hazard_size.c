/* The hazard checker's per-wave register records (machine/hazard.c) are sized by the highest
 * register a wave has written and restart empty when a wave takes a slot. These tests put findings
 * on the edges of that sizing: a wave with few VGPRs on its highest one, the highest SGPR and the
 * special registers past the SGPRs (VCC, EXEC, M0, flat_scratch), and a slot reused by a wave of a
 * kernel with more registers, which must see neither the earlier wave's records nor miss its own. */
#include "unit.h"

#include <stdio.h>

#include "machine/timing.h"
#include "timing_harness.h"

/* Run `kernel` under the workload body `ini` with the checker on, on one CU with one wave slot
 * (each wave takes the slot the one before it left). */
static void run(const char *kernel, const char *ini, th_found_t *f)
{
    static const char *const sets[] = { "gpu.compute_units=1", "cu.simds=1", "cu.wave_slots=1", NULL };
    th_launch_t t;
    th_prepare(&t, kernel, ini, NULL, sets, 0);
    th_run_hazards(&t, f, false);
    th_release(&t);
}

static void expect(const th_found_t *f, unsigned i, tev_hazard_kind_t kind, uint16_t reg)
{
    ck_assert_uint_gt(f->n, i);
    ck_assert_uint_eq(f->h[i].kind, kind);
    ck_assert_uint_eq(f->h[i].reg, reg);
}

static const char ini_one[] = "grid = 64\nworkgroup = 64\n[buffer in]\ntype = u32\ncount = 64\ninit = value(5)\n"
                              "[args]\nin = @in\n";

/* A kernel of four VGPRs loads into v3, its highest, and reads it without a wait; a load into its
 * highest SGPR s101 is read too early; then the twin with the waits finds nothing. */
START_TEST(test_highest_registers_of_a_small_wave)
{
    const char *k = "k:\n"
                    "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
                    "  s_waitcnt lgkmcnt(0)\n"
                    "  v_mov_b32 v1, s4\n"
                    "  v_mov_b32 v2, s5\n"
                    "  flat_load_dword v3, v[1:2]\n"
                    "  v_mov_b32 v0, v3\n"
                    "  s_waitcnt vmcnt(0)\n"
                    "  s_load_dword s101, s[0:1], 0x0\n"
                    "  s_mov_b32 s6, s101\n"
                    "  s_waitcnt lgkmcnt(0)\n"
                    "  s_endpgm\n";
    th_found_t f;
    run(k, ini_one, &f);
    ck_assert_uint_eq(f.n, 2);
    expect(&f, 0, TEV_HZ_VMCNT, ISA_VGPR_BASE + 3);
    expect(&f, 1, TEV_HZ_LGKMCNT, 101);
    const char *twin = "k:\n"
                       "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
                       "  s_waitcnt lgkmcnt(0)\n"
                       "  v_mov_b32 v1, s4\n"
                       "  v_mov_b32 v2, s5\n"
                       "  flat_load_dword v3, v[1:2]\n"
                       "  s_waitcnt vmcnt(0)\n"
                       "  v_mov_b32 v0, v3\n"
                       "  s_load_dword s101, s[0:1], 0x0\n"
                       "  s_waitcnt lgkmcnt(0)\n"
                       "  s_mov_b32 s6, s101\n"
                       "  s_endpgm\n";
    run(twin, ini_one, &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* VALU writes of the special registers, each read too soon under its wait-state row: VCC by
 * v_div_fmas, EXEC by a DPP instruction, M0 and flat_scratch_lo (the scalar table's far end) and
 * s101 as a lane select. Each is found, with its own register, and none for another's write. */
START_TEST(test_special_registers)
{
    const char *k = "k:\n"
                    "  v_cmp_eq_u32 vcc, v0, v0\n"
                    "  v_div_fmas_f32 v1, v0, v0, v0\n"
                    "  s_nop 7\n"
                    "  v_cmpx_le_u32 s[6:7], v0, v0\n"
                    "  v_mov_b32_dpp v1, v0 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n"
                    "  s_nop 7\n"
                    "  v_readfirstlane_b32 m0, v0\n"
                    "  v_readlane_b32 s8, v1, m0\n"
                    "  s_nop 7\n"
                    "  v_readfirstlane_b32 flat_scratch_lo, v0\n"
                    "  v_readlane_b32 s8, v1, flat_scratch_lo\n"
                    "  s_nop 7\n"
                    "  v_readfirstlane_b32 s101, v0\n"
                    "  v_readlane_b32 s8, v1, s101\n"
                    "  s_endpgm\n";
    th_found_t f;
    run(k, ini_one, &f);
    ck_assert_uint_eq(f.n, 5);
    expect(&f, 0, TEV_HZ_WS_DIV_FMAS, ISA_REG_VCC_LO);
    expect(&f, 1, TEV_HZ_WS_DPP_EXEC, ISA_REG_EXEC_LO);
    expect(&f, 2, TEV_HZ_WS_LANE_SELECT, ISA_REG_M0);
    expect(&f, 3, TEV_HZ_WS_LANE_SELECT, ISA_REG_FLAT_SCRATCH_LO);
    expect(&f, 4, TEV_HZ_WS_LANE_SELECT, 101);
    /* the twin: VCC written right before the read of EXEC, EXEC right before the read of VCC */
    const char *twin = "k:\n"
                       "  v_cmp_eq_u32 vcc, v0, v0\n"
                       "  v_mov_b32_dpp v1, v0 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n"
                       "  s_nop 7\n"
                       "  v_cmpx_le_u32 s[6:7], v0, v0\n"
                       "  v_div_fmas_f32 v1, v0, v0, v0\n"
                       "  s_endpgm\n";
    run(twin, ini_one, &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* Two dispatches through the one slot. The first kernel (four VGPRs) ends with a load into v3 that
 * no s_waitcnt covers, and a VALU write of VCC. The second (21 VGPRs) then has a load into v20
 * outstanding while it reads v3 and VCC, which it never loaded or wrote: no finding for those (the
 * first wave's records are gone), one for its own read of v20. */
START_TEST(test_slot_reused_by_a_larger_wave)
{
    const char *k = "  .globl small\n  .type small,@function\n  .globl big\n  .type big,@function\n"
                    "small:\n"
                    "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
                    "  s_waitcnt lgkmcnt(0)\n"
                    "  v_mov_b32 v1, s4\n"
                    "  v_mov_b32 v2, s5\n"
                    "  v_cmp_eq_u32 vcc, v0, v0\n"
                    "  flat_load_dword v3, v[1:2]\n"
                    "  s_endpgm\n"
                    "  .p2align 8\n"
                    "big:\n"
                    "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
                    "  s_waitcnt lgkmcnt(0)\n"
                    "  v_mov_b32 v1, s4\n"
                    "  v_mov_b32 v2, s5\n"
                    "  flat_load_dword v20, v[1:2]\n"
                    "  v_mov_b32 v4, v3\n"
                    "  v_div_fmas_f32 v5, v0, v0, v0\n"
                    "  v_mov_b32 v6, v20\n"
                    "  s_waitcnt vmcnt(0)\n"
                    "  s_endpgm\n";
    const char *ini = "name = small\ngrid = 64\nworkgroup = 64\n"
                      "[args]\nin = @in\n"
                      "[kernel second]\nname = big\ngrid = 64\nworkgroup = 64\nafter = previous\n"
                      "[args second]\nin = @in\n"
                      "[buffer in]\ntype = u32\ncount = 64\ninit = value(5)\n";
    th_found_t f;
    run(k, ini, &f);
    ck_assert_uint_eq(f.n, 1);
    expect(&f, 0, TEV_HZ_VMCNT, ISA_VGPR_BASE + 20);
    ck_assert_uint_eq(f.wave[0], 1);
}
END_TEST

static Suite *hazard_size_suite(void)
{
    Suite *s = suite_create("hazard_size");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_highest_registers_of_a_small_wave);
    tcase_add_test(tc, test_special_registers);
    tcase_add_test(tc, test_slot_reused_by_a_larger_wave);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(hazard_size_suite)

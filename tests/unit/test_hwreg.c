/* The hardware registers a kernel reads with s_getreg_b32 (issue 30): HW_ID from the wave's real
 * placement in the timing model (CU, SIMD, wave slot) and the documented placement in the
 * functional mode, GPR_ALLOC from the allocation (docs/semantics-salu.md, "Hardware registers"). */
#include "unit.h"

#include <stdio.h>

#include "machine/functional.h"
#include "machine/timing.h"
#include "timing_harness.h"

/* Each workgroup (one wave) stores its HW_ID and GPR_ALLOC at out[2 * workgroup_id]. */
static const char kernel[] =
    "k:\n"
    "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
    "  s_getreg_b32 s8, hwreg(HW_REG_HW_ID)\n"
    "  s_getreg_b32 s9, hwreg(HW_REG_GPR_ALLOC)\n"
    "  s_waitcnt lgkmcnt(0)\n"
    "  s_lshl_b32 s10, s2, 3\n"
    "  s_add_u32 s4, s4, s10\n"
    "  s_addc_u32 s5, s5, 0\n"
    "  v_mov_b32 v1, s4\n"
    "  v_mov_b32 v2, s5\n"
    "  v_mov_b32 v3, s8\n"
    "  v_mov_b32 v4, s9\n"
    "  s_mov_b64 exec, 1\n"
    "  flat_store_dwordx2 v[1:2], v[3:4]\n"
    "  s_waitcnt vmcnt(0)\n"
    "  s_endpgm\n";

static const char ini[] =
    "grid = 512\nworkgroup = 64\n"
    "[buffer out]\ntype = u32\ncount = 16\ninit = value(0xffffffff)\n"
    "[args]\nout = @out\n";

/* Run in time with 4 CUs; the CU of each workgroup from the workgroup-start events. */
START_TEST(hw_id_is_the_placement)
{
    static const char *const sets[] = { "gpu.compute_units=4", NULL };
    th_launch_t t;
    th_prepare(&t, kernel, ini, NULL, sets, 0);
    th_recorder_t r = { 0 };
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[0] = (tev_observer_t){ th_record, &r };
    opt.nobservers = 1;
    timing_result_t res;
    ck_assert_int_eq(timing_run(t.L, &t.cfg, &opt, &res, stderr), 0);
    timing_result_free(&res);
    const uint32_t *out = (const uint32_t *)t.L->bufs[0].data;
    unsigned seen_cu = 0;
    for (size_t i = 0; i < r.n; i++) {
        const tev_t *ev = &r.ev[i];
        if (ev->kind != TEV_WG_START)
            continue;
        uint32_t wg = ev->u.wg_info.gid[0], hw = out[2 * wg];
        ck_assert_uint_eq((hw >> 8) & 0xf, ev->cu);     /* CU_ID */
        ck_assert_uint_eq((hw >> 13) & 3, 0);            /* SE_ID: CUs 0-15 are shader engine 0 */
        ck_assert_uint_lt(hw & 0xf, 10);                 /* WAVE_ID: a slot of cu.wave_slots */
        ck_assert_uint_lt((hw >> 4) & 3, 4);             /* SIMD_ID */
        /* GPR_ALLOC: the kernel's 5 VGPRs in granules of 4 (8: VGPR_SIZE 1), its SGPRs in 16s */
        ck_assert_uint_eq((out[2 * wg + 1] >> 8) & 0x3f, 1);
        seen_cu |= 1u << ev->cu;
    }
    ck_assert_uint_eq(seen_cu, 0xf); /* the 8 workgroups spread over the 4 CUs */
    free(r.ev);
    th_release(&t);
}
END_TEST

/* The functional mode's documented placement: CU 0, SIMD and slot from the wave's index. */
START_TEST(hw_id_functional)
{
    th_launch_t t;
    th_prepare(&t, kernel, ini, NULL, NULL, 0);
    ck_assert_int_eq(functional_run(t.L), 0);
    const uint32_t *out = (const uint32_t *)t.L->bufs[0].data;
    for (int wg = 0; wg < 8; wg++) {
        ck_assert_uint_eq(out[2 * wg], 0);
        ck_assert_uint_eq((out[2 * wg + 1] >> 8) & 0x3f, 1);
    }
    th_release(&t);
}
END_TEST

/* IB_STS's VM_CNT with 20 loads outstanding: gfx9 counts to 63, its two high bits in VM_CNT_HI
 * [23:22] (Vega ISA manual, "Hardware registers", IB_STS; AMD's umr names the field VM_CNT_HI):
 * 20 = 0b01_0100 reads 4 | 1 << 22; gfx803's 4-bit field saturates at 15. */
static const char ib_kernel[] =
    "k:\n"
    "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
    "  s_waitcnt lgkmcnt(0)\n"
    "  v_mov_b32 v1, s4\n"
    "  v_mov_b32 v2, s5\n"
    "  flat_load_dword v3, v[1:2]\n  flat_load_dword v4, v[1:2]\n  flat_load_dword v5, v[1:2]\n"
    "  flat_load_dword v6, v[1:2]\n  flat_load_dword v7, v[1:2]\n  flat_load_dword v8, v[1:2]\n"
    "  flat_load_dword v9, v[1:2]\n  flat_load_dword v10, v[1:2]\n  flat_load_dword v11, v[1:2]\n"
    "  flat_load_dword v12, v[1:2]\n  flat_load_dword v13, v[1:2]\n  flat_load_dword v14, v[1:2]\n"
    "  flat_load_dword v15, v[1:2]\n  flat_load_dword v16, v[1:2]\n  flat_load_dword v17, v[1:2]\n"
    "  flat_load_dword v18, v[1:2]\n  flat_load_dword v19, v[1:2]\n  flat_load_dword v20, v[1:2]\n"
    "  flat_load_dword v21, v[1:2]\n  flat_load_dword v22, v[1:2]\n"
    "  s_getreg_b32 s8, hwreg(HW_REG_IB_STS)\n"
    "  s_waitcnt vmcnt(0)\n"
    "  v_mov_b32 v3, s8\n"
    "  s_mov_b64 exec, 1\n"
    "  flat_store_dword v[1:2], v3\n"
    "  s_waitcnt vmcnt(0)\n"
    "  s_endpgm\n";

static uint32_t ib_sts_read(const char *target)
{
    static const char ib_ini[] = "grid = 64\nworkgroup = 64\n"
                                 "[buffer out]\ntype = u32\ncount = 4\ninit = value(0)\n"
                                 "[args]\nout = @out\n";
    const char *sets[] = { target, NULL };
    th_launch_t t;
    th_prepare(&t, ib_kernel, ib_ini, NULL, sets, 0);
    th_run(&t, true);
    uint32_t v = ((const uint32_t *)t.L->bufs[0].data)[0];
    th_release(&t);
    return v;
}

START_TEST(ib_sts_vm_cnt)
{
    ck_assert_uint_eq(ib_sts_read("gpu.target=gfx900"), 4u | 1u << 22);
    ck_assert_uint_eq(ib_sts_read("gpu.target=gfx906"), 4u | 1u << 22);
    ck_assert_uint_eq(ib_sts_read("gpu.target=gfx803"), 15u);
}
END_TEST

/* GPR_ALLOC with AGPRs, as AMD's context-save trap handler (Linux, cwsr_trap_handler_gfx9.asm) reads
 * it: on gfx908 VGPR_SIZE [13:8] counts each file's allocation in 4s (the handler saves as many
 * AGPRs again); on gfx90a and later VGPR_SIZE [11:6] counts the unified file in 8s and ACCV_OFFSET
 * [17:12] the VGPRs below the AGPRs (accum_offset) in 4s. */
static const char gpr_body[] =
    "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
    "  s_getreg_b32 s9, hwreg(HW_REG_GPR_ALLOC)\n"
    "  v_accvgpr_write_b32 a9, v0\n"
    "  s_waitcnt lgkmcnt(0)\n"
    "  v_mov_b32 v2, s4\n"
    "  v_mov_b32 v3, s5\n"
    "  v_mov_b32 v4, s9\n"
    "  s_mov_b64 exec, 1\n"
    "  flat_store_dword v[2:3], v4\n"
    "  s_waitcnt vmcnt(0)\n"
    "  s_endpgm\n";

static uint32_t gpr_alloc_read(const char *target, const char *tail, bool timed)
{
    static const char gini[] = "grid = 64\nworkgroup = 64\n"
                               "[buffer out]\ntype = u32\ncount = 1\ninit = value(0xffffffff)\n"
                               "[args]\nout = @out\n";
    char kern[2048], set[40];
    snprintf(kern, sizeof kern, ".amdgcn_target \"amdgcn-amd-amdhsa--%s\"\nk:\n%s%s", target, gpr_body, tail);
    snprintf(set, sizeof set, "gpu.target=%s", target);
    const char *sets[] = { set, NULL };
    th_launch_t t;
    th_prepare(&t, kern, gini, NULL, sets, 0);
    th_run(&t, timed);
    uint32_t v = ((const uint32_t *)t.L->bufs[0].data)[0];
    th_release(&t);
    return v;
}

START_TEST(gpr_alloc_agprs)
{
    static const char blk[] = ".rodata\n.amdhsa_kernel k\n  .amdhsa_next_free_vgpr 18\n  .amdhsa_next_free_sgpr 16\n"
                              "  .amdhsa_accum_offset 8\n  .amdhsa_user_sgpr_kernarg_segment_ptr 1\n.end_amdhsa_kernel\n";
    for (int timed = 0; timed < 2; timed++) {
        /* gfx908: 5 VGPRs (v0..v4) and 10 AGPRs (a0..a9): 10 of each, 12 allocated, VGPR_SIZE 2 */
        uint32_t g = gpr_alloc_read("gfx908", "", timed);
        ck_assert_uint_eq((g >> 8) & 0x3f, 2);
        /* gfx90a and gfx942: VGPRs below accum_offset 8, AGPRs a0..a9 after: 18, 24 allocated in
         * 8s (VGPR_SIZE 2), ACCV_OFFSET 8 / 4 - 1 = 1, and nothing in the old VGPR_SIZE's bits
         * above them */
        g = gpr_alloc_read("gfx90a", blk, timed);
        ck_assert_uint_eq((g >> 6) & 0x3f, 2);
        ck_assert_uint_eq((g >> 12) & 0x3f, 1);
        ck_assert_uint_eq((g >> 18) & 0x3f, 0);
        g = gpr_alloc_read("gfx942", blk, timed);
        ck_assert_uint_eq((g >> 6) & 0x3f, 2);
        ck_assert_uint_eq((g >> 12) & 0x3f, 1);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("hwreg");
    TCase *t = tcase_create("placement");
    tcase_add_test(t, hw_id_is_the_placement);
    tcase_add_test(t, hw_id_functional);
    tcase_add_test(t, ib_sts_vm_cnt);
    tcase_add_test(t, gpr_alloc_agprs);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

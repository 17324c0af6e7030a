/* Data hazards (machine/hazard.h, docs/architecture.md "Data hazards"): load results written at
 * completion in timing mode, and the checker. Each hazard kind has a kernel that has it (the finding
 * and, where the hardware gives one, the wrong answer are checked) and a correct twin that must not be
 * reported. Every kernel runs 64 work-items (one wave) unless it says otherwise; its prologue leaves
 * &in[id] in v[10:11], &out[id] in v[12:13], id*4 in v14, and it stores v2 to out[id]. */
#include "unit.h"

#include <stdio.h>

#include "machine/timing.h"
#include "hazard_report.h"
#include "observe/hazlog.h"
#include "observe/trace.h"
#include "timing_harness.h"

static const char prologue[] =
    "k:\n"
    "  s_load_dwordx4 s[4:7], s[0:1], 0x0\n"
    "  s_waitcnt lgkmcnt(0)\n"
    "  v_lshlrev_b32 v14, 2, v0\n"
    "  v_mov_b32 v11, s5\n"
    "  v_add_u32 v10, vcc, s4, v14\n"
    "  v_addc_u32 v11, vcc, 0, v11, vcc\n"
    "  v_mov_b32 v13, s7\n"
    "  v_add_u32 v12, vcc, s6, v14\n"
    "  v_addc_u32 v13, vcc, 0, v13, vcc\n";

static const char ini_one_wave[] =
    "grid = 64\nworkgroup = 64\n"
    "[buffer in]\ntype = u32\ncount = 128\ninit = iota(100, 1)\n"
    "[buffer out]\ntype = u32\ncount = 128\ninit = value(0)\n"
    "[args]\nin = @in\nout = @out\n";

/* Run prologue + body (+ the store of v2 unless the body stores) in time with the checker on;
 * out[0..63] into out (when not NULL). */
static void run_tick(const char *body, bool store, const char *ini, th_found_t *f, uint32_t *out, bool tick)
{
    char kernel[4096];
    snprintf(kernel, sizeof kernel, "%s%s%s  s_endpgm\n", prologue, body,
             store ? "  flat_store_dword v[12:13], v2\n  s_waitcnt vmcnt(0)\n" : "");
    th_launch_t t;
    th_prepare(&t, kernel, ini ? ini : ini_one_wave, NULL, NULL, 0);
    th_run_hazards(&t, f, tick);
    if (out) {
        const launch_buffer_t *b = &t.L->bufs[1];
        memcpy(out, b->data, 64 * sizeof *out);
    }
    th_release(&t);
}

static void run(const char *body, bool store, const char *ini, th_found_t *f, uint32_t *out)
{
    run_tick(body, store, ini, f, out, false);
}

/* ---- counters ------------------------------------------------------------------------------- */

/* v2 is 7 before the load; without s_waitcnt the VALU copy reads 7 (the load has not returned: a
 * global load takes hundreds of cycles), as on hardware. With the wait it reads in[id] = 100 + id. */
START_TEST(test_read_after_load_without_waitcnt)
{
    th_found_t f;
    uint32_t out[64];
    run("  v_mov_b32 v1, 7\n  flat_load_dword v1, v[10:11]\n  v_mov_b32 v2, v1\n", true, NULL, &f, out);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_VMCNT);
    ck_assert_uint_eq(h->reg, ISA_VGPR_BASE + 1);
    ck_assert_uint_eq(h->need, 0);
    ck_assert_uint_eq(h->have, TEV_HZ_NONE);
    ck_assert(!h->write);
    ck_assert(h->stale);
    for (int i = 0; i < 64; i++)
        ck_assert_uint_eq(out[i], 7);
    /* the twin: s_waitcnt vmcnt(0) before the read */
    run("  v_mov_b32 v1, 7\n  flat_load_dword v1, v[10:11]\n  s_waitcnt vmcnt(0)\n  v_mov_b32 v2, v1\n", true, NULL, &f, out);
    ck_assert_uint_eq(f.n, 0);
    for (int i = 0; i < 64; i++)
        ck_assert_uint_eq(out[i], 100u + (uint32_t)i);
}
END_TEST

/* Two loads, then s_waitcnt vmcnt(1): the first is covered (vmcnt counts in order), the second is
 * not: vmcnt(1) is too weak for it, vmcnt(0) is needed. */
START_TEST(test_waitcnt_too_weak)
{
    th_found_t f;
    uint32_t out[64];
    const char *loads = "  v_mov_b32 v1, 7\n  v_mov_b32 v3, 9\n  flat_load_dword v1, v[10:11]\n"
                        "  flat_load_dword v3, v[10:11]\n  s_waitcnt vmcnt(1)\n";
    char body[512];
    snprintf(body, sizeof body, "%s  v_mov_b32 v2, v3\n", loads);
    run(body, true, NULL, &f, out);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_VMCNT);
    ck_assert_uint_eq(h->reg, ISA_VGPR_BASE + 3);
    ck_assert_uint_eq(h->have, 1);
    ck_assert_uint_eq(h->need, 0);
    snprintf(body, sizeof body, "%s  v_mov_b32 v2, v1\n", loads);
    run(body, true, NULL, &f, out);
    ck_assert_uint_eq(f.n, 0);
    for (int i = 0; i < 64; i++)
        ck_assert_uint_eq(out[i], 100u + (uint32_t)i);
}
END_TEST

/* A scalar load read before s_waitcnt lgkmcnt(0). */
START_TEST(test_scalar_load_without_waitcnt)
{
    th_found_t f;
    run("  s_load_dword s8, s[0:1], 0x0\n  v_mov_b32 v2, s8\n", true, NULL, &f, NULL);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_LGKMCNT);
    ck_assert_uint_eq(h->reg, 8);
    run("  s_load_dword s8, s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n  v_mov_b32 v2, s8\n", true, NULL, &f, NULL);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* A VALU write to a register a load has not yet written: the load's value arrives later and wins,
 * as on hardware (the finding says "overwrites"). */
START_TEST(test_write_before_load_returns)
{
    th_found_t f;
    uint32_t out[64];
    run("  flat_load_dword v2, v[10:11]\n  v_mov_b32 v2, 5\n  s_waitcnt vmcnt(0)\n", true, NULL, &f, out);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_VMCNT);
    ck_assert(h->write);
    for (int i = 0; i < 64; i++)
        ck_assert_uint_eq(out[i], 100u + (uint32_t)i);
    /* the twin: two loads into one register need no wait between them (vmcnt is in order) */
    run("  flat_load_dword v2, v[10:11]\n  flat_load_dword v2, v[12:13]\n  s_waitcnt vmcnt(0)\n", true, NULL, &f, out);
    ck_assert_uint_eq(f.n, 0);
    for (int i = 0; i < 64; i++)
        ck_assert_uint_eq(out[i], 0);
}
END_TEST

/* A store reads its data registers at issue: overwriting them right after (with the one wait
 * state a store of more than 8 bytes needs) does not change what is stored. Without the wait
 * state the checker reports the gfx8 hazard. */
START_TEST(test_store_reads_data_at_issue)
{
    th_found_t f;
    uint32_t out[64];
    const char *head = "  v_mov_b32 v2, 1\n  v_mov_b32 v3, 2\n  v_mov_b32 v4, 3\n  v_mov_b32 v5, 4\n";
    char body[512];
    snprintf(body, sizeof body, "%s  flat_store_dwordx4 v[12:13], v[2:5]\n  s_nop 0\n  v_mov_b32 v2, 99\n"
             "  s_waitcnt vmcnt(0)\n", head);
    run(body, false, NULL, &f, out);
    ck_assert_uint_eq(f.n, 0);
    /* out[4i] = 1: the stores of lanes overlap (16 bytes at 4-byte steps), the last lane's wins */
    ck_assert_uint_eq(out[0], 1);
    ck_assert_uint_eq(out[63], 1);
    snprintf(body, sizeof body, "%s  flat_store_dwordx4 v[12:13], v[2:5]\n  v_mov_b32 v2, 99\n"
             "  s_waitcnt vmcnt(0)\n", head);
    run(body, false, NULL, &f, out);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_WS_STORE_DATA);
    ck_assert_uint_eq(h->need, 1);
    ck_assert_uint_eq(h->have, 0);
    /* and 8 bytes or less need nothing */
    run("  v_mov_b32 v2, 1\n  v_mov_b32 v3, 2\n  flat_store_dwordx2 v[12:13], v[2:3]\n  v_mov_b32 v2, 99\n"
        "  s_waitcnt vmcnt(0)\n", false, NULL, &f, out);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* ---- wait states ---------------------------------------------------------------------------- */

/* A VALU write of an SGPR read by a VMEM instruction (buffer soffset): 5 wait states. */
START_TEST(test_vmem_sgpr_wait_states)
{
    static const char *const v_sharp = "  s_mov_b32 s20, s6\n  s_mov_b32 s21, s7\n  s_mov_b32 s22, 0x10000\n"
                                       "  s_mov_b32 s23, 0x27000\n  v_mov_b32 v2, 3\n  v_mov_b32 v15, 0\n";
    th_found_t f;
    char body[512];
    snprintf(body, sizeof body, "%s  v_readfirstlane_b32 s24, v15\n  s_nop 2\n"
             "  buffer_store_dword v2, v14, s[20:23], s24 offen\n  s_waitcnt vmcnt(0)\n", v_sharp);
    run(body, false, NULL, &f, NULL);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_WS_VMEM_SGPR);
    ck_assert_uint_eq(h->reg, 24);
    ck_assert_uint_eq(h->need, 5);
    ck_assert_uint_eq(h->have, 3);
    snprintf(body, sizeof body, "%s  v_readfirstlane_b32 s24, v15\n  s_nop 4\n"
             "  buffer_store_dword v2, v14, s[20:23], s24 offen\n  s_waitcnt vmcnt(0)\n", v_sharp);
    uint32_t out[64];
    run(body, false, NULL, &f, out);
    ck_assert_uint_eq(f.n, 0);
    ck_assert_uint_eq(out[5], 3);
}
END_TEST

/* v_readlane's lane select written by the VALU: 4 wait states. */
START_TEST(test_lane_select_wait_states)
{
    th_found_t f;
    run("  v_mov_b32 v2, v0\n  v_readfirstlane_b32 s10, v0\n  v_readlane_b32 s11, v2, s10\n", true, NULL, &f, NULL);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_WS_LANE_SELECT);
    ck_assert_uint_eq(h->reg, 10);
    ck_assert_uint_eq(h->have, 0);
    ck_assert_uint_eq(h->need, 4);
    run("  v_mov_b32 v2, v0\n  v_readfirstlane_b32 s10, v0\n  s_nop 3\n  v_readlane_b32 s11, v2, s10\n", true, NULL, &f,
        NULL);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* VCC written by a VALU compare, read by v_div_fmas: 4 wait states (each instruction is one). */
START_TEST(test_div_fmas_wait_states)
{
    th_found_t f;
    run("  v_cmp_eq_u32 vcc, v0, v0\n  v_mov_b32 v3, 1.0\n  v_div_fmas_f32 v2, v3, v3, v3\n", true, NULL, &f, NULL);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_WS_DIV_FMAS);
    ck_assert_uint_eq(h->have, 1);
    ck_assert_uint_eq(h->need, 4);
    run("  v_cmp_eq_u32 vcc, v0, v0\n  v_mov_b32 v3, 1.0\n  s_nop 2\n  v_div_fmas_f32 v2, v3, v3, v3\n", true, NULL, &f,
        NULL);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* s_setreg then s_getreg of the same hardware register: 2 wait states; another register: none. */
START_TEST(test_setreg_getreg_wait_states)
{
    th_found_t f;
    run("  s_mov_b32 s10, 0\n  s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s10\n  s_getreg_b32 s11, hwreg(HW_REG_MODE)\n"
        "  v_mov_b32 v2, s11\n", true, NULL, &f, NULL);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_WS_GETREG);
    ck_assert_uint_eq(h->need, 2);
    ck_assert_uint_eq(h->have, 0);
    run("  s_mov_b32 s10, 0\n  s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s10\n  s_nop 1\n"
        "  s_getreg_b32 s11, hwreg(HW_REG_MODE)\n  v_mov_b32 v2, s11\n", true, NULL, &f, NULL);
    ck_assert_uint_eq(f.n, 0);
    run("  s_mov_b32 s10, 0\n  s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s10\n  s_setreg_b32 hwreg(HW_REG_MODE, 4, 2), s10\n"
        "  v_mov_b32 v2, 0\n", true, NULL, &f, NULL);
    th_only(&f, TEV_HZ_WS_SETREG);
}
END_TEST

/* A DPP instruction reading a VGPR the VALU just wrote: 2 wait states. */
START_TEST(test_dpp_wait_states)
{
    th_found_t f;
    run("  v_mov_b32 v1, v0\n  v_mov_b32_dpp v2, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n", true, NULL, &f,
        NULL);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_WS_DPP_VGPR);
    ck_assert_uint_eq(h->reg, ISA_VGPR_BASE + 1);
    ck_assert_uint_eq(h->need, 2);
    run("  v_mov_b32 v1, v0\n  s_nop 1\n  v_mov_b32_dpp v2, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n", true, NULL,
        &f, NULL);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* gfx8 needs no wait state between an M0 write and an ordinary LDS instruction (LLVM writes
 * `s_mov_b32 m0, -1` right before them): nothing to report. */
START_TEST(test_m0_before_lds_is_no_hazard)
{
    th_found_t f;
    run("  s_mov_b32 m0, -1\n  ds_write_b32 v14, v0\n  s_mov_b32 m0, -1\n  ds_read_b32 v2, v14\n  s_waitcnt lgkmcnt(0)\n",
        true, "grid = 64\nworkgroup = 64\nlds = 256\n[buffer in]\ntype = u32\ncount = 64\ninit = value(0)\n"
              "[buffer out]\ntype = u32\ncount = 64\ninit = value(0)\n[args]\nin = @in\nout = @out\n", &f, NULL);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* ---- LDS races ------------------------------------------------------------------------------ */

static const char ini_two_waves[] =
    "grid = 128\nworkgroup = 128\nlds = 512\n"
    "[buffer in]\ntype = u32\ncount = 128\ninit = iota(100, 1)\n"
    "[buffer out]\ntype = u32\ncount = 128\ninit = value(0)\n"
    "[args]\nin = @in\nout = @out\n";

/* Each work-item writes LDS[id] and reads its neighbour's word LDS[(id + 64) % 128], the other
 * wave's: a race without s_barrier between, none with it. */
START_TEST(test_lds_race_across_waves)
{
    const char *head = "  s_mov_b32 m0, -1\n  ds_write_b32 v14, v0\n  v_add_u32 v15, vcc, 0x100, v14\n  v_and_b32 v15, 0x1ff, v15\n";
    char body[512];
    th_found_t f;
    snprintf(body, sizeof body, "%s  ds_read_b32 v2, v15\n  s_waitcnt lgkmcnt(0)\n", head);
    run(body, true, ini_two_waves, &f, NULL);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_LDS_RACE);
    ck_assert_uint_ne(h->other_wave, f.wave[0]);
    snprintf(body, sizeof body, "%s  s_waitcnt lgkmcnt(0)\n  s_barrier\n  ds_read_b32 v2, v15\n  s_waitcnt lgkmcnt(0)\n",
             head);
    uint32_t out[64];
    run(body, true, ini_two_waves, &f, out);
    ck_assert_uint_eq(f.n, 0);
    for (int i = 0; i < 64; i++)
        ck_assert_uint_eq(out[i], 64u + (uint32_t)i);
    /* a wave reading its own words needs no barrier */
    run("  s_mov_b32 m0, -1\n  ds_write_b32 v14, v0\n  ds_read_b32 v2, v14\n  s_waitcnt lgkmcnt(0)\n", true, ini_two_waves, &f, NULL);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* read2/write2: the race is in the second element only, which lies below the first (offset1 <
 * offset0): element 0 on words no wave writes (LDS[128 + ...]), element 1 on the neighbour's word
 * (a read2) or on the work-item's own word (a write2, read by the neighbour). */
static const char ini_two_waves_1k[] =
    "grid = 128\nworkgroup = 128\nlds = 1024\n"
    "[buffer in]\ntype = u32\ncount = 128\ninit = iota(100, 1)\n"
    "[buffer out]\ntype = u32\ncount = 128\ninit = value(0)\n"
    "[args]\nin = @in\nout = @out\n";

START_TEST(test_lds_race_second_element)
{
    th_found_t f;
    const char *nb = "  v_add_u32 v15, vcc, 0x100, v14\n  v_and_b32 v15, 0x1ff, v15\n";
    char body[512];
    snprintf(body, sizeof body, "  s_mov_b32 m0, -1\n  ds_write_b32 v14, v0\n%s"
             "  ds_read2_b32 v[2:3], v15 offset0:128 offset1:0\n  s_waitcnt lgkmcnt(0)\n", nb);
    run(body, true, ini_two_waves_1k, &f, NULL);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_LDS_RACE);
    ck_assert_uint_lt(h->addr, 512);
    snprintf(body, sizeof body, "  s_mov_b32 m0, -1\n  ds_write2_b32 v14, v0, v0 offset0:128 offset1:0\n%s"
             "  ds_read_b32 v2, v15\n  s_waitcnt lgkmcnt(0)\n", nb);
    run(body, true, ini_two_waves_1k, &f, NULL);
    h = th_only(&f, TEV_HZ_LDS_RACE);
    ck_assert_uint_lt(h->addr, 512);
    /* the work-item's own word and a word nobody wrote: no race */
    snprintf(body, sizeof body, "  s_mov_b32 m0, -1\n  ds_write_b32 v14, v0\n%s"
             "  ds_read2_b32 v[2:3], v14 offset0:0 offset1:128\n  s_waitcnt lgkmcnt(0)\n", nb);
    run(body, true, ini_two_waves_1k, &f, NULL);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* Byte granularity (issue 30, HIP HistogramAtomic): work-item id writes byte id / 64 of dword
 * id % 64, so the two waves write different bytes of the same dwords. Reading back its own byte is
 * no race (it was reported when the check kept one writer per dword); reading the other wave's byte
 * of the same dword without a barrier is one, at that byte's address. */
START_TEST(test_lds_race_bytes)
{
    const char *head = "  v_and_b32 v16, 63, v0\n  v_lshlrev_b32 v16, 2, v16\n  v_lshrrev_b32 v17, 6, v0\n"
                       "  v_or_b32 v18, v16, v17\n  s_mov_b32 m0, -1\n  ds_write_b8 v18, v0\n";
    char body[512];
    th_found_t f;
    uint32_t out[64];
    snprintf(body, sizeof body, "%s  ds_read_u8 v2, v18\n  s_waitcnt lgkmcnt(0)\n", head);
    run(body, true, ini_two_waves, &f, out);
    ck_assert_uint_eq(f.n, 0);
    for (int i = 0; i < 64; i++)
        ck_assert_uint_eq(out[i], (uint32_t)i);
    /* a 16-bit write next to the other wave's bytes: the upper half of each dword by wave 1 */
    snprintf(body, sizeof body, "  v_and_b32 v16, 63, v0\n  v_lshlrev_b32 v16, 2, v16\n  v_lshrrev_b32 v17, 6, v0\n"
             "  v_lshlrev_b32 v17, 1, v17\n  v_or_b32 v18, v16, v17\n  s_mov_b32 m0, -1\n  ds_write_b16 v18, v0\n"
             "  ds_read_u16 v2, v18\n  s_waitcnt lgkmcnt(0)\n");
    run(body, true, ini_two_waves, &f, NULL);
    ck_assert_uint_eq(f.n, 0);
    /* the other wave's byte of the same dword: a race, reported at that byte */
    snprintf(body, sizeof body, "%s  v_xor_b32 v19, 1, v18\n  ds_read_u8 v2, v19\n  s_waitcnt lgkmcnt(0)\n", head);
    run(body, true, ini_two_waves, &f, NULL);
    const tev_hazard_t *h = th_only(&f, TEV_HZ_LDS_RACE);
    ck_assert_uint_ne(h->other_wave, f.wave[0]);
    ck_assert_uint_eq(h->addr % 4 < 2, 1);
    /* a dword read over bytes another wave wrote is one too */
    snprintf(body, sizeof body, "%s  ds_read_b32 v2, v16\n  s_waitcnt lgkmcnt(0)\n", head);
    run(body, true, ini_two_waves, &f, NULL);
    th_only(&f, TEV_HZ_LDS_RACE);
}
END_TEST

/* ---- what the user sees: diagnostics, JSON, trace records --------------------------------------- */

/* The finding of the first kernel, once per instruction (64 lanes, one wave: one occurrence), as
 * gcnsim check prints it, in the JSON, and read back from a trace. */
START_TEST(test_report_json_and_trace)
{
    char kernel[2048];
    snprintf(kernel, sizeof kernel, "%s  v_mov_b32 v1, 7\n  flat_load_dword v1, v[10:11]\n  v_mov_b32 v2, v1\n"
             "  flat_store_dword v[12:13], v2\n  s_waitcnt vmcnt(0)\n  s_endpgm\n", prologue);
    th_launch_t t;
    th_prepare(&t, kernel, ini_one_wave, NULL, NULL, 0);
    hzlog_t g;
    char tpath[96];
    hr_run_logged(&t, &g, tpath);
    ck_assert_uint_eq(g.n, 1);
    ck_assert_uint_eq(g.e[0].count, 1);
    char out[4096];
    hr_report(&g, out, sizeof out);
    /* line 13 of the kernel text: the prologue's 10 lines, then the body */
    ck_assert_msg(strstr(out, "k.s:13:3: error: reads v1 before the flat_load_dword at line 12 has written it (no "
                              "s_waitcnt since it; vmcnt(0) before this instruction covers it); in this run it read the "
                              "old value [vmcnt]") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "v_mov_b32_e32 v2, v1    (kernel k, PC 0x34; first: wave 0, workgroup 0") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "{\"kind\": \"vmcnt\", \"kernel\": \"k\", \"pc\": 52, \"line\": 13") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "\"register\": \"v1\", \"need\": 0, \"have\": null, \"stale\": true") != NULL, "%s", out);
    /* the trace holds the same finding */
    char msg[256];
    trace_reader_t *r = trace_open(tpath, msg, sizeof msg);
    ck_assert_msg(r != NULL, "%s", msg);
    tev_t ev;
    unsigned found = 0;
    int rc;
    while ((rc = trace_next(r, &ev, msg, sizeof msg)) == 1)
        if (ev.kind == TEV_HAZARD) {
            found++;
            ck_assert_uint_eq(ev.u.hazard->kind, TEV_HZ_VMCNT);
            ck_assert_uint_eq(ev.u.hazard->reg, ISA_VGPR_BASE + 1);
            ck_assert_uint_eq(ev.u.hazard->have, TEV_HZ_NONE);
            ck_assert(ev.u.hazard->stale);
            ck_assert_uint_eq(ev.u.hazard->pc, g.e[0].h.pc);
            ck_assert_uint_eq(ev.cycle, g.e[0].cycle);
        }
    ck_assert_msg(rc == 0, "%s", msg);
    ck_assert_uint_eq(found, 1);
    ck_assert_str_eq(trace_hazard_kind_name(TEV_HZ_LDS_RACE), "lds_race");
    trace_close(r);
    /* the Perfetto export shows it as an instant on the wave's slot */
    char jpath[112];
    snprintf(jpath, sizeof jpath, "%s/k.json", t.dir);
    ck_assert_int_eq(trace_export_perfetto(tpath, jpath, stderr), 0);
    FILE *jf = fopen(jpath, "r");
    ck_assert_ptr_nonnull(jf);
    static char json[1 << 16];
    size_t jn = fread(json, 1, sizeof json - 1, jf);
    json[jn] = '\0';
    fclose(jf);
    ck_assert_msg(strstr(json, "\"cat\":\"hazard\",\"name\":\"hazard: vmcnt\"") != NULL, "%s", json);
    ck_assert_msg(strstr(json, "\"args\":{\"instruction\":\"v_mov_b32_e32 v2, v1\",\"pc\":52,") != NULL, "%s", json);
    unlink(jpath);
    unlink(tpath);
    hzlog_free(&g);
    th_release(&t);
}
END_TEST

/* The findings and the stale values do not depend on how the engine steps (--tick-every-cycle). */
START_TEST(test_tick_every_cycle_same_findings)
{
    const char *body = "  v_mov_b32 v1, 7\n  flat_load_dword v1, v[10:11]\n  v_mov_b32 v2, v1\n"
                       "  s_mov_b32 m0, -1\n  ds_write_b32 v14, v0\n  v_add_u32 v15, vcc, 0x100, v14\n"
                       "  v_and_b32 v15, 0x1ff, v15\n  ds_read_b32 v3, v15\n  s_waitcnt lgkmcnt(0)\n";
    th_found_t a, b;
    uint32_t oa[64], ob[64];
    run_tick(body, true, ini_two_waves, &a, oa, false);
    run_tick(body, true, ini_two_waves, &b, ob, true);
    ck_assert_uint_ge(a.n, 2);
    ck_assert_uint_eq(a.n, b.n);
    for (unsigned i = 0; i < a.n; i++) {
        ck_assert_uint_eq(a.h[i].kind, b.h[i].kind);
        ck_assert_uint_eq(a.h[i].pc, b.h[i].pc);
        ck_assert_uint_eq(a.h[i].src_pc, b.h[i].src_pc);
        ck_assert_uint_eq(a.h[i].reg, b.h[i].reg);
        ck_assert_uint_eq(a.h[i].have, b.h[i].have);
        ck_assert_uint_eq(a.h[i].stale, b.h[i].stale);
        ck_assert_uint_eq(a.wave[i], b.wave[i]);
    }
    ck_assert_mem_eq(oa, ob, sizeof oa);
}
END_TEST

/* The log keeps its findings in instruction order, then kind, whatever order they arrive in, and
 * counts a repeat (so the diagnostics, the report and the JSON list them in that order). */
START_TEST(test_log_order)
{
    hzlog_t g;
    hzlog_init(&g, NULL);
    static const struct { uint32_t pc; uint8_t kind; } in[] = { { 8, 1 }, { 4, 2 }, { 8, 0 }, { 4, 2 }, { 12, 0 }, { 4, 0 } };
    static const struct { uint32_t pc; uint8_t kind; uint64_t count; } want[] = {
        { 4, 0, 1 }, { 4, 2, 2 }, { 8, 0, 1 }, { 8, 1, 1 }, { 12, 0, 1 } };
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
        tev_hazard_t h = { .kind = in[i].kind, .pc = in[i].pc };
        tev_t ev = { .kind = TEV_HAZARD, .cycle = i };
        ev.u.hazard = &h;
        hzlog_observe(&g, &ev);
    }
    ck_assert_uint_eq(g.n, sizeof want / sizeof want[0]);
    for (uint32_t i = 0; i < g.n; i++) {
        ck_assert_uint_eq(g.e[i].h.pc, want[i].pc);
        ck_assert_uint_eq(g.e[i].h.kind, want[i].kind);
        ck_assert_uint_eq(g.e[i].count, want[i].count);
    }
    hzlog_free(&g);
}
END_TEST

static Suite *hazard_suite(void)
{
    Suite *s = suite_create("hazard");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_read_after_load_without_waitcnt);
    tcase_add_test(tc, test_waitcnt_too_weak);
    tcase_add_test(tc, test_scalar_load_without_waitcnt);
    tcase_add_test(tc, test_write_before_load_returns);
    tcase_add_test(tc, test_store_reads_data_at_issue);
    tcase_add_test(tc, test_vmem_sgpr_wait_states);
    tcase_add_test(tc, test_lane_select_wait_states);
    tcase_add_test(tc, test_div_fmas_wait_states);
    tcase_add_test(tc, test_setreg_getreg_wait_states);
    tcase_add_test(tc, test_dpp_wait_states);
    tcase_add_test(tc, test_m0_before_lds_is_no_hazard);
    tcase_add_test(tc, test_lds_race_across_waves);
    tcase_add_test(tc, test_lds_race_second_element);
    tcase_add_test(tc, test_lds_race_bytes);
    tcase_add_test(tc, test_report_json_and_trace);
    tcase_add_test(tc, test_tick_every_cycle_same_findings);
    tcase_add_test(tc, test_log_order);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(hazard_suite)

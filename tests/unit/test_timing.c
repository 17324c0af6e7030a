/* Timing-model tests. Every expectation is derived by hand from the documented rules
 * (docs/architecture.md) and the default configuration, with the arithmetic next to the test:
 *   - the dispatcher places a workgroup at cycle 0 (kernel_launch_cycles 0); its wave i launches at
 *     cycle i (wave_launch_cycles 1) and can issue wave_init_cycles (4) later;
 *   - waves go to SIMDs round-robin, so wave i of the first workgroup is on SIMD i % 4;
 *   - SIMD d is selected at cycles c with c % 4 == d;
 *   - a wave issues at most one instruction per selection; VALU holds its SIMD 4 cycles (16 for
 *     quarter rate); SALU and non-taken branches: the next instruction 4 cycles later; taken
 *     branches 16;
 *   - s_endpgm ends the wave the cycle after it issues, and the run's cycle count is the cycle at
 *     which the last workgroup ended.
 * The host limits (--max-cycles, the trace size limit, bounded memory) are in test_timing_limits.c. */
#include "result_harness.h"
#include "unit.h"

#include <stdio.h>

#include "asm/asm.h"
#include "load/launch.h"
#include "observe/stats.h"
#include "machine/timing.h"
#include "timing_harness.h"

/* ---- a harness: write the kernel and workload, run them in time, record events ---------------- */

typedef struct {
    int rc;
    timing_result_t res;
    stats_t st;
    th_recorder_t *rec;
    char json[8192];
} run_t;

/* Run `kernel` (assembly text) under the workload body `ini` (everything after the [kernel] source
 * line) with configuration overrides `sets` (NULL-terminated). */
static void run_timed(run_t *out, const char *kernel, const char *ini, const char *const *sets, bool tick)
{
    th_launch_t t;
    th_prepare(&t, kernel, ini, NULL, sets, 0);
    launch_t *L = t.L;
    cfg_t cfg = t.cfg;
    ck_assert_int_eq(stats_init(&out->st, &cfg), 0);
    out->rec = calloc(1, sizeof *out->rec);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.tick_every_cycle = tick;
    opt.observers[0] = (tev_observer_t){ stats_observe, &out->st };
    opt.observers[1] = (tev_observer_t){ th_record, out->rec };
    opt.nobservers = 2;
    out->rc = timing_run(L, &cfg, &opt, &out->res, stderr);
    if (out->rc == 0) {
        FILE *j = fmemopen(out->json, sizeof out->json, "w");
        rh_json(&out->st, L, &cfg, &out->res, false, j);
        fclose(j);
    }
    th_release(&t);
}

static void run_free(run_t *r)
{
    timing_result_free(&r->res);
    stats_free(&r->st);
    free(r->rec->ev);
    free(r->rec);
}

/* A kernel of `n` copies of `body` between a label and s_endpgm. */
static char *repeat_kernel(const char *head, const char *body, int n, const char *tail)
{
    size_t len = strlen(head) + (size_t)n * (strlen(body) + 1) + strlen(tail) + 64;
    char *k = malloc(len), *p = k;
    p += sprintf(p, "k:\n%s", head);
    for (int i = 0; i < n; i++)
        p += sprintf(p, "%s\n", body);
    sprintf(p, "%ss_endpgm\n", tail);
    return k;
}

/* Cycle at which wave `wave` issued its `index`-th instruction (0-based), or UINT64_MAX. */
static uint64_t nth_issue(const th_recorder_t *r, uint64_t wave, uint32_t index)
{
    for (uint32_t i = 0; i < r->n; i++)
        if (r->ev[i].kind == TEV_ISSUE && r->ev[i].wave == wave && index-- == 0)
            return r->ev[i].cycle;
    return UINT64_MAX;
}

/* ---- issue rates ----------------------------------------------------------------------------- */

/* One wave, N dependent v_add_f32: wave 0 starts at cycle 4 on SIMD 0 and issues at 4, 8, ...,
 * 4N; s_endpgm issues at 4N + 4 and the wave ends at 4N + 5. */
START_TEST(test_valu_chain_full_rate)
{
    const int n = 50;
    char *k = repeat_kernel("", "v_add_f32 v1, v1, v1", n, "");
    run_t r;
    run_timed(&r, k, "grid = 64\nworkgroup = 64\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_uint_eq(r.res.cycles, 4u * n + 5);
    for (int i = 0; i < n; i++)
        ck_assert_uint_eq(nth_issue(r.rec, 0, (uint32_t)i), 4u + 4u * (uint32_t)i);
    run_free(&r);
    free(k);
}
END_TEST

/* v_rcp_f32 is quarter rate: it holds the SIMD 16 cycles, so issues at 4, 20, 36, ...; the last at
 * 4 + 16(N-1); s_endpgm (no unit) issues 4 cycles later, but the wave ends only when its last VALU
 * instruction leaves the SIMD, 16 cycles after that instruction: at 4 + 16N. */
START_TEST(test_valu_chain_quarter_rate)
{
    const int n = 20;
    char *k = repeat_kernel("", "v_rcp_f32 v1, v1", n, "");
    run_t r;
    run_timed(&r, k, "grid = 64\nworkgroup = 64\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    for (int i = 0; i < n; i++)
        ck_assert_uint_eq(nth_issue(r.rec, 0, (uint32_t)i), 4u + 16u * (uint32_t)i);
    ck_assert_uint_eq(r.res.cycles, 4u + 16u * n);
    /* So the SIMD was busy for exactly 16 N of those cycles, never more than the run. */
    ck_assert_uint_eq(r.st.valu_busy[0], 16u * n);
    run_free(&r);
    free(k);
}
END_TEST

/* Double precision at Fiji's 1/16 rate: a v_add_f64 holds the SIMD valu.f64_add_cycles = 32
 * (DPFACTOR 8 x 4), so a chain of dependent ones issues at 4, 36, 68, ...; the last at
 * 4 + 32(N-1), and the wave ends when it leaves the SIMD, at 4 + 32N. A v_mul_f64 chain holds it
 * valu.f64_cycles = 64 each: issues at 4 + 64i, the end at 4 + 64N. */
START_TEST(test_valu_chain_f64)
{
    const int n = 12;
    char *k = repeat_kernel("", "v_add_f64 v[2:3], v[2:3], v[2:3]", n, "");
    run_t r;
    run_timed(&r, k, "grid = 64\nworkgroup = 64\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    for (int i = 0; i < n; i++)
        ck_assert_uint_eq(nth_issue(r.rec, 0, (uint32_t)i), 4u + 32u * (uint32_t)i);
    ck_assert_uint_eq(r.res.cycles, 4u + 32u * n);
    ck_assert_uint_eq(r.st.valu_busy[0], 32u * n);
    run_free(&r);
    free(k);
    k = repeat_kernel("", "v_mul_f64 v[2:3], v[2:3], v[2:3]", n, "");
    run_timed(&r, k, "grid = 64\nworkgroup = 64\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    for (int i = 0; i < n; i++)
        ck_assert_uint_eq(nth_issue(r.rec, 0, (uint32_t)i), 4u + 64u * (uint32_t)i);
    ck_assert_uint_eq(r.res.cycles, 4u + 64u * n);
    run_free(&r);
    free(k);
    /* the keys move it: at valu.f64_add_cycles = 8 (a 1/2-rate part) one every 8 cycles */
    static const char *const sets[] = { "valu.f64_add_cycles=8", NULL };
    k = repeat_kernel("", "v_add_f64 v[2:3], v[2:3], v[2:3]", n, "");
    run_timed(&r, k, "grid = 64\nworkgroup = 64\n", sets, false);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_uint_eq(nth_issue(r.rec, 0, (uint32_t)(n - 1)), 4u + 8u * (uint32_t)(n - 1));
    ck_assert_uint_eq(r.res.cycles, 4u + 8u * n);
    run_free(&r);
    free(k);
}
END_TEST

/* Four waves, one per SIMD, N v_add_f32 each: wave i starts at 4 + i (launched at i) on SIMD i,
 * which is selected at exactly those cycles; each issues every 4 cycles, so together the CU issues
 * one VALU instruction per cycle (64 lanes per clock) from cycle 4 on. Last VALU: wave 3 at
 * 7 + 4(N-1); its s_endpgm at 7 + 4N, the end at 8 + 4N. */
START_TEST(test_four_simds_one_valu_per_cycle)
{
    const int n = 40;
    char *k = repeat_kernel("", "v_add_f32 v1, v1, v1", n, "");
    run_t r;
    run_timed(&r, k, "grid = 256\nworkgroup = 256\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_uint_eq(r.res.cycles, 8u + 4u * n);
    /* Every cycle from 4 to 4N + 3 issues exactly one VALU instruction. */
    uint32_t per_cycle[4 * 40 + 16] = { 0 };
    for (uint32_t i = 0; i < r.rec->n; i++)
        if (r.rec->ev[i].kind == TEV_ISSUE && r.rec->ev[i].u.issue.unit == ISA_UNIT_VALU)
            per_cycle[r.rec->ev[i].cycle]++;
    for (uint32_t c = 4; c < 4u * n + 4; c++)
        ck_assert_uint_eq(per_cycle[c], 1);
    ck_assert_uint_eq(r.st.insts[ISA_UNIT_VALU], 4u * n);
    run_free(&r);
    free(k);
}
END_TEST

/* Five waves: waves 0 and 4 share SIMD 0. Wave 0 (the first 64 work-items) runs VALU, the others
 * SALU. At SIMD 0's selections both a VALU (wave 0) and a SALU (wave 4) instruction issue in the same
 * cycle; with VALU on both waves that never happens (one instruction per category per cycle). */
static uint32_t same_cycle_pairs(const th_recorder_t *rec, uint32_t simd)
{
    uint32_t pairs = 0;
    for (uint32_t i = 0; i < rec->n; i++)
        for (uint32_t j = i + 1; j < rec->n && rec->ev[j].cycle == rec->ev[i].cycle; j++)
            if (rec->ev[i].kind == TEV_ISSUE && rec->ev[j].kind == TEV_ISSUE && rec->ev[i].simd == simd &&
                rec->ev[j].simd == simd && rec->ev[i].wave != rec->ev[j].wave)
                pairs++;
    return pairs;
}

START_TEST(test_salu_and_valu_share_a_slot)
{
    char *k = malloc(4096), *p = k;
    p += sprintf(p, "k:\n  v_readfirstlane_b32 s8, v0\n  s_cmp_lt_u32 s8, 64\n  s_cbranch_scc1 valu\n");
    for (int i = 0; i < 30; i++)
        p += sprintf(p, "  s_add_u32 s9, s9, 1\n");
    p += sprintf(p, "  s_endpgm\nvalu:\n");
    for (int i = 0; i < 30; i++)
        p += sprintf(p, "  v_add_f32 v1, v1, v1\n");
    sprintf(p, "  s_endpgm\n");
    run_t r;
    run_timed(&r, k, "grid = 320\nworkgroup = 320\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    /* Wave 4 starts at 8 and issues at 8, 12, 16 (branch not taken), then SALU from 20 to 136;
     * wave 0 issues at 4, 8, 12 (branch taken: +16), then VALU from 28 to 144. Both issue at every
     * SIMD-0 slot from 28 to 136: 28 pairs; plus 8 and 12 where both issue their first
     * instructions (VALU readfirstlane + SALU/SOPC are different categories... at 8 wave 0 issues
     * s_cmp (SALU) and wave 4 v_readfirstlane (VALU); at 12 wave 0 the branch and wave 4 s_cmp). */
    ck_assert_uint_eq(same_cycle_pairs(r.rec, 0), 28 + 2);
    run_free(&r);
    /* Control: everyone on VALU never pairs on one SIMD. */
    char *v = repeat_kernel("", "v_add_f32 v1, v1, v1", 30, "");
    run_timed(&r, v, "grid = 320\nworkgroup = 320\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_uint_eq(same_cycle_pairs(r.rec, 0), 0);
    run_free(&r);
    free(v);
    free(k);
}
END_TEST

/* The cycle of wave `wave`'s last VALU issue. */
static uint64_t last_valu(const th_recorder_t *r, uint64_t wave)
{
    uint64_t t = 0;
    for (uint32_t i = 0; i < r->n; i++)
        if (r->ev[i].kind == TEV_ISSUE && r->ev[i].wave == wave && r->ev[i].u.issue.unit == ISA_UNIT_VALU)
            t = r->ev[i].cycle;
    return t;
}

/* Waves 0 and 4 of a 5-wave workgroup share SIMD 0 and both run 20 dependent v_add_f32: one VALU
 * slot every 4 cycles, which either could take. Oldest first gives each slot to wave 0 while it
 * can issue, so wave 0 finishes first; after `s_setprio 3` in wave 4 (priority before age), wave 4
 * does. */
START_TEST(test_setprio_before_age)
{
    for (int prio = 0; prio <= 3; prio += 3) {
        char *k = malloc(4096), *p = k;
        p += sprintf(p, "k:\n  v_readfirstlane_b32 s8, v0\n  s_cmp_lt_u32 s8, 256\n  s_cbranch_scc1 body\n"
                     "  s_setprio %d\nbody:\n", prio);
        for (int i = 0; i < 20; i++)
            p += sprintf(p, "  v_add_f32 v1, v1, v1\n");
        sprintf(p, "  s_endpgm\n");
        for (int tick = 0; tick <= 1; tick++) {
            run_t r;
            run_timed(&r, k, "grid = 320\nworkgroup = 320\n", NULL, tick);
            ck_assert_int_eq(r.rc, 0);
            uint64_t w0 = last_valu(r.rec, 0), w4 = last_valu(r.rec, 4);
            if (prio)
                ck_assert_msg(w4 < w0, "setprio 3: wave 4 ends its VALU work at %llu, wave 0 at %llu",
                              (unsigned long long)w4, (unsigned long long)w0);
            else
                ck_assert_msg(w0 < w4, "equal priority: wave 0 (older) ends at %llu, wave 4 at %llu",
                              (unsigned long long)w0, (unsigned long long)w4);
            run_free(&r);
        }
        free(k);
    }
}
END_TEST

/* ---- LDS ------------------------------------------------------------------------------------- */

/* One wave: v1 = lane * stride * 4; ds_read_b32 at cycle t0; s_waitcnt lgkmcnt(0) at t0 + 4; the
 * data returns after the access's bank cycles C plus the 64-cycle latency, at t0 + C + 64, and the
 * next instruction issues at SIMD 0's first selection from then: t0 + 68 for C = 2 (stride 1 and
 * broadcast: 32 banks serve a half-wave per cycle, 256 bytes at 128 bytes/cycle = 2), t0 + 128 for
 * C = 64 (stride 32 dwords: every lane on bank 0 at distinct addresses, 32 cycles per half-wave). */
static uint64_t lds_read_to_next_issue(const char *address_setup)
{
    char k[1024];
    snprintf(k, sizeof k,
             "k:\n  s_mov_b32 m0, -1\n%s  ds_read_b32 v2, v1\n  s_waitcnt lgkmcnt(0)\n  v_mov_b32 v3, v2\n  s_endpgm\n",
             address_setup);
    run_t r;
    run_timed(&r, k, "grid = 64\nworkgroup = 64\nlds = 8192\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    uint64_t t0 = UINT64_MAX, next = UINT64_MAX;
    for (uint32_t i = 0; i < r.rec->n; i++) {
        const tev_t *e = &r.rec->ev[i];
        if (e->kind != TEV_ISSUE)
            continue;
        if (e->u.issue.op == ISA_ds_read_b32)
            t0 = e->cycle;
        else if (e->u.issue.op == ISA_v_mov_b32)
            next = e->cycle;
    }
    run_free(&r);
    return next - t0;
}

START_TEST(test_lds_bank_conflicts)
{
    ck_assert_uint_eq(lds_read_to_next_issue("  v_lshlrev_b32 v1, 2, v0\n"), 68);   /* stride 1 */
    ck_assert_uint_eq(lds_read_to_next_issue("  v_lshlrev_b32 v1, 7, v0\n"), 128);  /* stride 32 dwords */
    ck_assert_uint_eq(lds_read_to_next_issue("  v_mov_b32 v1, 64\n"), 68);          /* broadcast */
}
END_TEST

/* ---- barriers -------------------------------------------------------------------------------- */

/* Four waves (SIMDs 0-3, starting at 4 + i). Each: v_readfirstlane (t), s_cmp (t+4), s_cbranch
 * (t+8). Wave 0 falls through (not taken: +4) into M v_add_f32 at 16 .. 12 + 4M and reaches s_barrier
 * at 16 + 4M; waves 1-3 jump (taken: +16) straight to s_barrier at t + 24 = 28 + i. A wave waits from
 * the cycle after it arrives; all leave at the cycle after the last arrival, 17 + 4M. So wave i
 * waits 17 + 4M - (29 + i) = 4M - 12 - i cycles: the extra work, minus the shorter path. */
START_TEST(test_barrier_waits_for_the_slowest)
{
    const int m = 25;
    char *k = malloc(4096), *p = k;
    p += sprintf(p, "k:\n  v_readfirstlane_b32 s8, v0\n  s_cmp_ge_u32 s8, 64\n  s_cbranch_scc1 wait\n");
    for (int i = 0; i < m; i++)
        p += sprintf(p, "  v_add_f32 v1, v1, v1\n");
    sprintf(p, "wait:\n  s_barrier\n  s_endpgm\n");
    run_t r;
    run_timed(&r, k, "grid = 256\nworkgroup = 256\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    for (uint64_t w = 1; w < 4; w++) {
        uint64_t arrive = UINT64_MAX, leave = UINT64_MAX;
        for (uint32_t i = 0; i < r.rec->n; i++) {
            const tev_t *e = &r.rec->ev[i];
            if (e->kind != TEV_WAVE_STATE || e->wave != w)
                continue;
            if (e->u.wave_state == TEV_WAVE_BARRIER)
                arrive = e->cycle;
            else if (arrive != UINT64_MAX && leave == UINT64_MAX && e->u.wave_state == TEV_WAVE_ELIGIBLE)
                leave = e->cycle;
        }
        ck_assert_uint_eq(arrive, 29 + w);
        ck_assert_uint_eq(leave - arrive, 4u * m - 12 - w);
    }
    run_free(&r);
    free(k);
}
END_TEST

/* The wave index of each BARRIER and of the next ELIGIBLE state of wave w: its arrival and its
 * release (UINT64_MAX when absent). */
static void barrier_span(const run_t *r, uint64_t w, uint64_t *arrive, uint64_t *leave)
{
    *arrive = *leave = UINT64_MAX;
    for (uint32_t i = 0; i < r->rec->n; i++) {
        const tev_t *e = &r->rec->ev[i];
        if (e->kind != TEV_WAVE_STATE || e->wave != w)
            continue;
        if (e->u.wave_state == TEV_WAVE_BARRIER)
            *arrive = e->cycle;
        else if (*arrive != UINT64_MAX && *leave == UINT64_MAX && e->u.wave_state == TEV_WAVE_ELIGIBLE)
            *leave = e->cycle;
    }
}

/* S_BARRIER waits only for the waves that have not ended (GCN3 ISA manual, S_BARRIER). Same four
 * waves and timings as above. (a) Wave 0 does the M v_add_f32 and then ends instead of reaching the
 * barrier: its s_endpgm issues at 16 + 4M, it ends at 17 + 4M, and that releases waves 1-3 (waiting
 * since 29 + i) at 18 + 4M: each waits 4M - 11 - i. (b) Wave 0 ends at once (taken branch at 12: +16,
 * s_endpgm at 28); waves 1-3 do the M v_add_f32 (16 + i .. 12 + 4M + i) and issue s_barrier at
 * 16 + 4M + i, waiting from 17 + 4M + i; the last (wave 3, 19 + 4M) releases all at 20 + 4M: wave i
 * waits 3 - i. Before the fix both runs faulted (barrier deadlock). */
START_TEST(test_barrier_ended_waves)
{
    const int m = 25;
    char *k = malloc(4096), *p = k;
    p += sprintf(p, "k:\n  v_readfirstlane_b32 s8, v0\n  s_cmp_ge_u32 s8, 64\n  s_cbranch_scc1 wait\n");
    for (int i = 0; i < m; i++)
        p += sprintf(p, "  v_add_f32 v1, v1, v1\n");
    sprintf(p, "  s_endpgm\nwait:\n  s_barrier\n  s_endpgm\n");
    run_t r;
    run_timed(&r, k, "grid = 256\nworkgroup = 256\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    for (uint64_t w = 1; w < 4; w++) {
        uint64_t arrive, leave;
        barrier_span(&r, w, &arrive, &leave);
        ck_assert_uint_eq(arrive, 29 + w);
        ck_assert_uint_eq(leave - arrive, 4u * m - 11 - w);
    }
    run_free(&r);
    p = k;
    p += sprintf(p, "k:\n  v_readfirstlane_b32 s8, v0\n  s_cmp_lt_u32 s8, 64\n  s_cbranch_scc1 end\n");
    for (int i = 0; i < m; i++)
        p += sprintf(p, "  v_add_f32 v1, v1, v1\n");
    sprintf(p, "  s_barrier\nend:\n  s_endpgm\n");
    run_timed(&r, k, "grid = 256\nworkgroup = 256\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    for (uint64_t w = 1; w < 4; w++) {
        uint64_t arrive, leave;
        barrier_span(&r, w, &arrive, &leave);
        ck_assert_uint_eq(arrive, 17 + 4u * m + w);
        ck_assert_uint_eq(leave - arrive, 3 - w);
    }
    run_free(&r);
    free(k);
}
END_TEST

/* mem.end_writeback: one wave stores one dword (a line made dirty in the write-back L2, allocated
 * without a fetch) and ends. Off, the run ends with the wave and the line stays dirty; on, the end
 * writes it to an idle DRAM channel: dram.latency (200) more cycles, and no line stays dirty. */
START_TEST(test_end_writeback)
{
    const char *k = "k:\n  s_load_dwordx2 s[2:3], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n"
                    "  v_mov_b32 v1, s2\n  v_mov_b32 v2, s3\n  v_mov_b32 v3, 7\n"
                    "  flat_store_dword v[1:2], v3\n  s_waitcnt vmcnt(0)\n  s_endpgm\n";
    const char *ini = "grid = 1\nworkgroup = 1\n[buffer out]\ntype = u32\ncount = 1\n[args]\nout = @out\n";
    const char *off[] = { "mem.end_writeback=off", NULL }, *on[] = { "mem.end_writeback=on", NULL };
    run_t a, b;
    run_timed(&a, k, ini, off, false);
    run_timed(&b, k, ini, on, false);
    ck_assert_int_eq(a.rc, 0);
    ck_assert_int_eq(b.rc, 0);
    ck_assert_uint_eq(a.res.l2_dirty_lines, 1);
    ck_assert_uint_eq(b.res.l2_dirty_lines, 0);
    ck_assert_uint_eq(b.res.cycles, a.res.cycles + 200);
    run_free(&a);
    run_free(&b);
}
END_TEST

/* ---- occupancy and the dispatcher ------------------------------------------------------------- */

/* 1024 work-items = 16 waves, 4 per SIMD. At 40 VGPRs a SIMD holds floor(256/40) = 6 waves: one
 * group (4 per SIMD) fits, a second would need 8 -> one group per CU, 4 waves per SIMD (40 %), and
 * while the second group waits the VGPR limiter is charged. At 32 VGPRs, 256/32 = 8 per SIMD: two
 * groups (2 x 1024 x 32 = 65,536 VGPR-lanes... per SIMD 8 x 32 = 256) fit. */
START_TEST(test_vgpr_pressure_1024_groups)
{
    const char *k = "k:\n  v_add_f32 v1, v1, v1\n  v_add_f32 v1, v1, v1\n  s_endpgm\n";
    run_t r;
    run_timed(&r, k, "grid = 4096\nworkgroup = 1024\nvgprs = 40\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_uint_eq(r.res.d[0].occ.wg_per_cu, 1);
    ck_assert(r.res.d[0].occ.waves_per_simd == 4.0);
    ck_assert_int_eq(r.res.d[0].occ.limiter, OCC_VGPR);
    ck_assert_uint_eq(r.st.max_resident_cu, 16);
    ck_assert_uint_gt(r.st.refused[OCC_VGPR], 0);
    ck_assert(strstr(r.json, "\"limiter\": \"vgpr\"") != NULL);
    run_free(&r);
    run_timed(&r, k, "grid = 4096\nworkgroup = 1024\nvgprs = 32\n", NULL, false);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_uint_eq(r.res.d[0].occ.wg_per_cu, 2);
    ck_assert(r.res.d[0].occ.waves_per_simd == 8.0);
    ck_assert_uint_eq(r.st.max_resident_cu, 32);
    run_free(&r);
}
END_TEST

/* Ramp-down. Two-wave groups where wave 0 ends at once and wave 1 runs 100 VALU instructions, on a
 * CU with 1 wave slot per SIMD (4 slots): with release per workgroup, wave 0's slot stays taken
 * (state held) until wave 1 ends, so no slot is ever reused before its group ends; with release per
 * wave the finished wave's slot is reused at once and the run is shorter. */
START_TEST(test_rampdown_release)
{
    char *k = malloc(8192), *p = k;
    p += sprintf(p, "k:\n  v_readfirstlane_b32 s8, v0\n  s_cmp_lt_u32 s8, 64\n  s_cbranch_scc1 done\n");
    for (int i = 0; i < 100; i++)
        p += sprintf(p, "  v_add_f32 v1, v1, v1\n");
    sprintf(p, "done:\n  s_endpgm\n");
    const char *wg_release[] = { "cu.wave_slots=1", NULL };
    const char *wave_release[] = { "cu.wave_slots=1", "dispatch.release=wave", NULL };
    run_t a, b;
    run_timed(&a, k, "grid = 1024\nworkgroup = 128\n", wg_release, false);
    run_timed(&b, k, "grid = 1024\nworkgroup = 128\n", wave_release, false);
    ck_assert_int_eq(a.rc, 0);
    ck_assert_int_eq(b.rc, 0);
    ck_assert_uint_gt(a.st.slot_counts[STATS_HELD], 0);
    ck_assert_uint_eq(b.st.slot_counts[STATS_HELD], 0);
    ck_assert_uint_lt(b.res.cycles, a.res.cycles);
    /* With workgroup release, a slot whose wave is held is not launched into before WG_END. */
    for (uint32_t i = 0; i < a.rec->n; i++) {
        const tev_t *e = &a.rec->ev[i];
        if (e->kind != TEV_WAVE_STATE || e->u.wave_state != TEV_WAVE_HELD)
            continue;
        uint64_t wg_end = UINT64_MAX;
        for (uint32_t j = i; j < a.rec->n && wg_end == UINT64_MAX; j++)
            if (a.rec->ev[j].kind == TEV_WG_END && a.rec->ev[j].wg == e->wg)
                wg_end = a.rec->ev[j].cycle;
        for (uint32_t j = i + 1; j < a.rec->n; j++) {
            const tev_t *f = &a.rec->ev[j];
            if (f->kind == TEV_WAVE_STATE && f->u.wave_state == TEV_WAVE_LAUNCHING && f->cu == e->cu &&
                f->simd == e->simd && f->slot == e->slot) {
                ck_assert_uint_ge(f->cycle, wg_end);
                break;
            }
        }
    }
    run_free(&a);
    run_free(&b);
    free(k);
}
END_TEST

/* An ALU-bound kernel: four CUs run a grid four times as large in about the same cycles as one CU
 * (the dispatcher hands the CUs workgroups in turn; they share nothing but the launcher, which
 * costs a few cycles per wave). */
START_TEST(test_four_cus_scale)
{
    char *k = repeat_kernel("", "v_mad_f32 v1, v1, v1, v1", 200, "");
    const char *four[] = { "gpu.compute_units=4", NULL };
    run_t one, many;
    run_timed(&one, k, "grid = 16384\nworkgroup = 256\n", NULL, false);
    run_timed(&many, k, "grid = 65536\nworkgroup = 256\n", four, false);
    ck_assert_int_eq(one.rc, 0);
    ck_assert_int_eq(many.rc, 0);
    ck_assert_uint_eq(many.st.insts[ISA_UNIT_VALU], 4 * one.st.insts[ISA_UNIT_VALU]);
    double ratio = (double)many.res.cycles / (double)one.res.cycles;
    ck_assert(ratio > 0.97 && ratio < 1.05);
    run_free(&one);
    run_free(&many);
    free(k);
}
END_TEST

/* A workgroup that can never fit is refused at launch, naming the resource. */
START_TEST(test_never_fits)
{
    char *k = repeat_kernel("", "v_add_f32 v1, v1, v1", 1, "");
    const char *small_lds[] = { "cu.lds_bytes=16384", NULL };
    run_t r;
    /* 32 KiB of LDS on a CU of 16 KiB. */
    run_timed(&r, k, "grid = 64\nworkgroup = 64\nlds = 32768\n", small_lds, false);
    ck_assert_int_eq(r.rc, 1);
    run_free(&r);
    free(k);
}
END_TEST

/* ---- determinism and the tick-every-cycle mode -------------------------------------------------- */

START_TEST(test_deterministic_and_tick_mode_identical)
{
    char *k = malloc(8192), *p = k;
    p += sprintf(p, "k:\n  s_load_dwordx2 s[4:5], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n  s_mov_b32 m0, -1\n"
                    "  v_lshlrev_b32 v1, 2, v0\n  v_mov_b32 v2, s5\n  v_add_u32 v3, vcc, s4, v1\n"
                    "  v_addc_u32 v4, vcc, v2, 0, vcc\n  flat_load_dword v5, v[3:4]\n  s_waitcnt vmcnt(0)\n"
                    "  ds_write_b32 v1, v5\n  s_waitcnt lgkmcnt(0)\n  s_barrier\n  ds_read_b32 v6, v1\n"
                    "  s_waitcnt lgkmcnt(0)\n  v_rcp_f32 v6, v6\n  flat_store_dword v[3:4], v6\n  s_endpgm\n");
    (void)p;
    const char *ini = "grid = 2048\nworkgroup = 256\nlds = 1024\n[buffer x]\ntype = f32\ncount = 256\n"
                      "init = random(3, 1.0, 2.0)\n[args]\nx = @x\n";
    const char *cfgs[] = { "gpu.compute_units=3", "dispatch.order=morton", NULL };
    run_t a, b, c;
    run_timed(&a, k, ini, cfgs, false);
    run_timed(&b, k, ini, cfgs, false);
    run_timed(&c, k, ini, cfgs, true);
    ck_assert_int_eq(a.rc, 0);
    ck_assert_str_eq(a.json, b.json);
    ck_assert_str_eq(a.json, c.json);
    /* The event-driven run does less work than stepping every CU every cycle. */
    ck_assert_uint_lt(a.res.events, c.res.events);
    run_free(&a);
    run_free(&b);
    run_free(&c);
    free(k);
}
END_TEST

static Suite *timing_suite(void)
{
    Suite *s = suite_create("timing");
    TCase *tc = tcase_create("timing");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_valu_chain_full_rate);
    tcase_add_test(tc, test_valu_chain_quarter_rate);
    tcase_add_test(tc, test_valu_chain_f64);
    tcase_add_test(tc, test_four_simds_one_valu_per_cycle);
    tcase_add_test(tc, test_salu_and_valu_share_a_slot);
    tcase_add_test(tc, test_setprio_before_age);
    tcase_add_test(tc, test_lds_bank_conflicts);
    tcase_add_test(tc, test_barrier_waits_for_the_slowest);
    tcase_add_test(tc, test_barrier_ended_waves);
    tcase_add_test(tc, test_end_writeback);
    tcase_add_test(tc, test_vgpr_pressure_1024_groups);
    tcase_add_test(tc, test_rampdown_release);
    tcase_add_test(tc, test_four_cus_scale);
    tcase_add_test(tc, test_never_fits);
    tcase_add_test(tc, test_deterministic_and_tick_mode_identical);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(timing_suite)

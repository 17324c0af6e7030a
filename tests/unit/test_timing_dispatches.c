/* The timing model with several dispatches: the in-order queue, after = previous (every earlier
 * workgroup ends, then dispatch.kernel_launch_cycles) and after = none (ready kernel_launch_cycles
 * after the previous dispatch, placed once the previous one has handed out every workgroup), the
 * per-dispatch results, identical runs with --tick-every-cycle, and workgroups of dispatches with
 * different LDS and VGPR allocations sharing a CU, each freeing exactly its own allocation; the
 * whole-kernel costs (launch, end write-back, translation) switched on one by one and together. */
#include "unit.h"

#include <inttypes.h>
#include <stdio.h>

#include "dispatches.h"
#include "load/launch.h"
#include "observe/stats.h"
#include "machine/timing.h"
#include "timing_harness.h"

/* A dispatch's figures: ready and its allocation from the timing result, when it ran from the
 * statistics observer (as the report and the JSON show them). */
typedef struct {
    occ_result_t occ;
    uint64_t ready, first_start, last_end;
} dispatch_view_t;

typedef struct {
    int rc;
    timing_result_t res;
    dispatch_view_t d[8];  /* the first dispatches' results */
    th_recorder_t rec;
    uint32_t b[256];  /* buffer 1 after the run, when the workload has one */
    char err[512];
} run_t;

/* Run `kernel` under the workload body `ini` (after [kernel]'s source line) with configuration
 * overrides `sets` (NULL-terminated). */
static void run_timed(run_t *out, const char *kernel, const char *ini, const char *const *sets, bool tick)
{
    memset(out, 0, sizeof *out);
    th_launch_t t;
    th_prepare(&t, kernel, ini, NULL, sets, 0);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.tick_every_cycle = tick;
    opt.observers[opt.nobservers++] = (tev_observer_t){ th_record, &out->rec };
    stats_t st;
    ck_assert_int_eq(stats_init(&st, &t.cfg), 0);
    opt.observers[opt.nobservers++] = (tev_observer_t){ stats_observe, &st };
    FILE *err = fmemopen(out->err, sizeof out->err - 1, "w");
    out->rc = timing_run(t.L, &t.cfg, &opt, &out->res, err);
    fclose(err);
    for (uint32_t i = 0; out->rc == 0 && i < out->res.ndispatches && i < sizeof out->d / sizeof out->d[0]; i++)
        out->d[i] = (dispatch_view_t){ out->res.d[i].occ, out->res.d[i].ready, st.dispatch[i].first_start,
                                       st.dispatch[i].last_end };
    stats_free(&st);
    if (t.L->wl->nbuffers > 1)
        memcpy(out->b, t.L->bufs[1].data, sizeof out->b);
    th_release(&t);
}

static void run_free(run_t *r)
{
    timing_result_free(&r->res);
    free(r->rec.ev);
}

/* The dispatch of workgroup `wg` (from its TEV_WG_START). */
static uint32_t wg_dispatch(const run_t *r, uint64_t wg)
{
    for (size_t i = 0; i < r->rec.n; i++)
        if (r->rec.ev[i].kind == TEV_WG_START && r->rec.ev[i].wg == wg)
            return r->rec.ev[i].u.wg_info.dispatch;
    ck_abort_msg("no start for workgroup %" PRIu64, wg);
    return 0;
}

/* Per dispatch: workgroups started, first start, last end (from the events alone). */
typedef struct {
    uint32_t starts;
    uint64_t first_start, last_end;
} seen_t;

static void seen(const run_t *r, seen_t s[2])
{
    memset(s, 0, 2 * sizeof *s);
    s[0].first_start = s[1].first_start = UINT64_MAX;
    for (size_t i = 0; i < r->rec.n; i++) {
        const tev_t *e = &r->rec.ev[i];
        if (e->kind == TEV_WG_START) {
            uint32_t d = e->u.wg_info.dispatch;
            ck_assert_uint_lt(d, 2);
            s[d].starts++;
            if (e->cycle < s[d].first_start)
                s[d].first_start = e->cycle;
        } else if (e->kind == TEV_WG_END) {
            uint32_t d = wg_dispatch(r, e->wg);
            if (e->cycle > s[d].last_end)
                s[d].last_end = e->cycle;
        }
    }
}

/* A wave's worth of dependent VALU work: ~4 cycles per instruction. */
static char *valu_kernel(int n)
{
    char *k = malloc(64 + (size_t)n * 32), *p = k;
    p += sprintf(p, "k:\n");
    for (int i = 0; i < n; i++)
        p += sprintf(p, "  v_add_f32 v1, v1, v1\n");
    sprintf(p, "  s_endpgm\n");
    return k;
}

/* Four one-wave workgroups per dispatch on one CU. */
#define TWO_DISPATCHES(after) "grid = 256\nworkgroup = 64\n[kernel b]\ngrid = 256\nworkgroup = 64\n" after

/* after = previous: dispatch 1 is ready kernel_launch_cycles after dispatch 0's last workgroup ended,
 * and starts then (the machine is empty); on an empty machine it takes as long as dispatch 0. */
START_TEST(after_previous_waits)
{
    char *k = valu_kernel(50);
    static const char *const launch100[] = { "dispatch.kernel_launch_cycles=100", NULL };
    for (int with_cost = 0; with_cost < 2; with_cost++) {
        uint64_t klc = with_cost ? 100 : 0;
        run_t r;
        run_timed(&r, k, TWO_DISPATCHES(""), with_cost ? launch100 : NULL, false);
        ck_assert_int_eq(r.rc, 0);
        const dispatch_view_t *d = r.d;
        ck_assert_uint_eq(r.res.ndispatches, 2);
        ck_assert_uint_eq(d[0].ready, klc);
        ck_assert_uint_eq(d[0].first_start, klc);
        ck_assert_uint_gt(d[0].last_end, d[0].first_start + 200); /* 50 VALU instructions at 4 cycles */
        ck_assert_uint_eq(d[1].ready, d[0].last_end + klc);
        ck_assert_uint_eq(d[1].first_start, d[0].last_end + klc);
        ck_assert_uint_eq(d[1].last_end - d[1].first_start, d[0].last_end - d[0].first_start);
        ck_assert_uint_eq(r.res.cycles, d[1].last_end);
        /* The events agree: four starts each, carrying their dispatch; none of dispatch 1 early. */
        seen_t s[2];
        seen(&r, s);
        ck_assert_uint_eq(s[0].starts, 4);
        ck_assert_uint_eq(s[1].starts, 4);
        ck_assert_uint_eq(s[0].first_start, d[0].first_start);
        ck_assert_uint_eq(s[0].last_end, d[0].last_end);
        ck_assert_uint_eq(s[1].first_start, d[1].first_start);
        ck_assert_uint_eq(s[1].last_end, d[1].last_end);
        run_free(&r);
    }
    free(k);
}
END_TEST

/* after = none: dispatch 1 is ready kernel_launch_cycles after dispatch 0 was, and its workgroups
 * start while dispatch 0's still run, so the whole run is shorter than with after = previous. */
START_TEST(after_none_overlaps)
{
    char *k = valu_kernel(50);
    /* Without a launch cost: dispatch 0's workgroups take the launcher at cycles 0..3 (one wave
     * each, wave_launch_cycles 1), so dispatch 1's first is placed at 4. */
    run_t r, p;
    run_timed(&r, k, TWO_DISPATCHES("after = none\n"), NULL, false);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_uint_eq(r.d[0].ready, 0);
    ck_assert_uint_eq(r.d[1].ready, 0);
    ck_assert_uint_eq(r.d[0].first_start, 0);
    ck_assert_uint_eq(r.d[1].first_start, 4);
    ck_assert_uint_lt(r.d[1].first_start, r.d[0].last_end);
    run_timed(&p, k, TWO_DISPATCHES("after = previous\n"), NULL, false);
    ck_assert_int_eq(p.rc, 0);
    ck_assert_uint_lt(r.res.cycles, p.res.cycles);
    run_free(&r);
    run_free(&p);

    /* With kernel_launch_cycles 100: dispatch 0 ready at 100, dispatch 1 at 200 — before dispatch 0
     * ends (~300) — and placed right then. */
    static const char *const launch100[] = { "dispatch.kernel_launch_cycles=100", NULL };
    run_timed(&r, k, TWO_DISPATCHES("after = none\n"), launch100, false);
    run_timed(&p, k, TWO_DISPATCHES(""), launch100, false);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_uint_eq(r.d[0].first_start, 100);
    ck_assert_uint_eq(r.d[1].ready, 200);
    ck_assert_uint_eq(r.d[1].first_start, 200);
    ck_assert_uint_lt(r.d[1].first_start, r.d[0].last_end);
    ck_assert_uint_eq(r.res.cycles, r.d[1].last_end);
    ck_assert_uint_lt(r.res.cycles, p.res.cycles);
    /* A workgroup of dispatch 1 starts before the last of dispatch 0 ends. */
    seen_t s[2];
    seen(&r, s);
    ck_assert_uint_eq(s[1].first_start, 200);
    ck_assert_uint_lt(s[1].first_start, s[0].last_end);
    run_free(&r);
    run_free(&p);
    free(k);
}
END_TEST

/* Events in a canonical order (--tick-every-cycle may interleave one cycle's events differently). */
static uint64_t ev_detail(const tev_t *e)
{
    switch (e->kind) {
    case TEV_WAVE_STATE: return (uint64_t)e->u.wave_state;
    case TEV_ISSUE: return e->u.issue.pc;
    case TEV_MEM: return e->u.mem.pc;
    case TEV_WG_START: return (uint64_t)e->u.wg_info.dispatch << 32 | e->u.wg_info.gid[0];
    case TEV_CU_LIMITER: return (uint64_t)e->u.limiter.state * 16 + e->u.limiter.resource;
    default: return 0;
    }
}

static int cmp_event(const void *pa, const void *pb)
{
    const tev_t *a = pa, *b = pb;
    uint64_t ka[] = { a->cycle, (uint64_t)a->kind, a->cu, a->simd, a->slot, a->wave, a->wg, ev_detail(a) };
    uint64_t kb[] = { b->cycle, (uint64_t)b->kind, b->cu, b->simd, b->slot, b->wave, b->wg, ev_detail(b) };
    for (size_t i = 0; i < sizeof ka / sizeof ka[0]; i++)
        if (ka[i] != kb[i])
            return ka[i] < kb[i] ? -1 : 1;
    return 0;
}

/* writer then reader (memory traffic, two kernels) on two CUs: the default mode and
 * --tick-every-cycle give the same cycles, per-dispatch results and events; with after = previous
 * reader sees everything writer wrote. */
START_TEST(tick_mode_identical)
{
    static const char *const sets[] = { "gpu.compute_units=2", "dispatch.kernel_launch_cycles=30", NULL };
    static const char *const bodies[] = { DK_PIPELINE, DK_PIPELINE "[kernel again]\nname = writer\ngrid = 512\n"
                                          "workgroup = 64\nafter = none\n[args again]\nout = @c\nk = u32:1\n"
                                          "[buffer c]\ntype = u32\ncount = 512\n" };
    for (int w = 0; w < 2; w++) {
        run_t a, c;
        run_timed(&a, dk_kernels, bodies[w], sets, false);
        run_timed(&c, dk_kernels, bodies[w], sets, true);
        ck_assert_int_eq(a.rc, 0);
        ck_assert_int_eq(c.rc, 0);
        ck_assert_uint_eq(a.res.ndispatches, 2u + (unsigned)w);
        ck_assert_uint_eq(a.res.cycles, c.res.cycles);
        for (uint32_t i = 0; i < a.res.ndispatches; i++) {
            ck_assert_uint_eq(a.d[i].ready, c.d[i].ready);
            ck_assert_uint_eq(a.d[i].first_start, c.d[i].first_start);
            ck_assert_uint_eq(a.d[i].last_end, c.d[i].last_end);
        }
        ck_assert_uint_eq(a.d[0].ready, 30);
        ck_assert_uint_eq(a.d[1].ready, a.d[0].last_end + 30);
        ck_assert_uint_eq(a.rec.n, c.rec.n);
        qsort(a.rec.ev, a.rec.n, sizeof *a.rec.ev, cmp_event);
        qsort(c.rec.ev, c.rec.n, sizeof *c.rec.ev, cmp_event);
        for (size_t i = 0; i < a.rec.n; i++)
            ck_assert_msg(cmp_event(&a.rec.ev[i], &c.rec.ev[i]) == 0, "event %zu differs", i);
        if (w == 0)
            for (uint32_t i = 0; i < 256; i++)
                ck_assert_uint_eq(a.b[i], (i ^ 255) + 7 + 1000);
        else
            ck_assert_uint_eq(a.d[2].ready, a.d[1].ready + 30);
        run_free(&a);
        run_free(&c);
    }
}
END_TEST

/* Replay the events, tracking each CU's LDS and each SIMD's VGPRs from the allocations of the
 * dispatch each workgroup belongs to; they never exceed the machine's. Returns the most workgroups
 * of dispatch 1 resident at once, and whether workgroups of both dispatches were resident together. */
static uint32_t replay(const run_t *r, const uint32_t lds[2], const uint32_t vgprs[2], bool *together)
{
    uint32_t lds_used = 0, vgpr_used[4] = { 0 }, live[2] = { 0 }, most1 = 0;
    *together = false;
    for (size_t i = 0; i < r->rec.n; i++) {
        const tev_t *e = &r->rec.ev[i];
        ck_assert_uint_eq(e->cu, 0);
        if (e->kind == TEV_WG_START) {
            uint32_t d = e->u.wg_info.dispatch;
            lds_used += lds[d];
            live[d]++;
        } else if (e->kind == TEV_WG_END) {
            uint32_t d = wg_dispatch(r, e->wg);
            lds_used -= lds[d];
            live[d]--;
        } else if (e->kind == TEV_WAVE_STATE && (e->u.wave_state == TEV_WAVE_LAUNCHING || e->u.wave_state == TEV_WAVE_GONE)) {
            uint32_t v = vgprs[wg_dispatch(r, e->wg)];
            vgpr_used[e->simd] = e->u.wave_state == TEV_WAVE_LAUNCHING ? vgpr_used[e->simd] + v : vgpr_used[e->simd] - v;
            ck_assert_uint_le(vgpr_used[e->simd], 256);
        }
        ck_assert_uint_le(lds_used, 65536);
        *together |= live[0] && live[1];
        if (live[1] > most1)
            most1 = live[1];
    }
    ck_assert_uint_eq(lds_used, 0);
    for (int s = 0; s < 4; s++)
        ck_assert_uint_eq(vgpr_used[s], 0);
    return most1;
}

/* Dispatch 0: 40 KiB of LDS and 200 VGPRs per workgroup (one at a time on the CU); dispatch 1
 * (after = none): 16 KiB and 48 VGPRs. One of dispatch 1's fits next to dispatch 0's last
 * workgroup (40 + 16 <= 64 KiB); once that ends, four fit (4 x 16 KiB) — only if the CU got back
 * dispatch 0's 40 KiB, not dispatch 1's 16. And the other way round. */
START_TEST(mixed_allocations)
{
    char *k = valu_kernel(40);
    static const char *const bodies[] = {
        "grid = 256\nworkgroup = 64\nlds = 40960\nvgprs = 200\n"
        "[kernel b]\ngrid = 512\nworkgroup = 64\nlds = 16384\nvgprs = 48\nafter = none\n",
        "grid = 512\nworkgroup = 64\nlds = 16384\nvgprs = 48\n"
        "[kernel b]\ngrid = 256\nworkgroup = 64\nlds = 40960\nvgprs = 200\nafter = none\n",
    };
    for (int w = 0; w < 2; w++) {
        for (int tick = 0; tick < 2; tick++) {
            run_t r;
            run_timed(&r, k, bodies[w], NULL, tick);
            ck_assert_int_eq(r.rc, 0);
            const uint32_t big = 40960, small = 16384;
            uint32_t lds[2] = { w ? small : big, w ? big : small }, vgprs[2] = { w ? 48 : 200, w ? 200 : 48 };
            ck_assert_uint_eq(r.d[0].occ.lds_alloc, lds[0]);
            ck_assert_uint_eq(r.d[1].occ.lds_alloc, lds[1]);
            ck_assert_uint_eq(r.d[0].occ.vgpr_alloc, vgprs[0]);
            ck_assert_uint_eq(r.d[1].occ.vgpr_alloc, vgprs[1]);
            bool together;
            uint32_t most1 = replay(&r, lds, vgprs, &together);
            ck_assert(together);
            seen_t s[2];
            seen(&r, s);
            ck_assert_uint_eq(s[0].starts, w ? 8 : 4);
            ck_assert_uint_eq(s[1].starts, w ? 4 : 8);
            /* Dispatch 1 once dispatch 0 has gone: four small workgroups, or one big one. */
            ck_assert_uint_eq(most1, w ? 1 : 4);
            run_free(&r);
        }
    }
    free(k);
}
END_TEST

/* A dispatch whose workgroup can never fit is named in the message. */
START_TEST(never_fits_names_dispatch)
{
    char *k = valu_kernel(2);
    static const char *const small_lds[] = { "cu.lds_bytes=16384", NULL };
    run_t r;
    run_timed(&r, k, "grid = 64\nworkgroup = 64\n[kernel big]\ngrid = 64\nworkgroup = 64\nlds = 32768\n", small_lds, false);
    ck_assert_int_eq(r.rc, 1);
    ck_assert_str_eq(r.err, "gcnsim: error: dispatch 1 [kernel big]: a workgroup can never fit on a CU: it needs 32768 "
                            "bytes of LDS (32768 requested, in 512-byte granules) but a CU has 16384\n");
    run_free(&r);
    free(k);
}
END_TEST

/* No fixed limit on dispatches: 20,000 dispatches of writer (more than the old limits of 64 and
 * 1024, and more packets than the 1 MiB below GMEM_KERNARG_BASE holds, so the kernarg segments move
 * above the packets), dispatch i writing a[gid] = gid + i; each waits for the previous one. */
START_TEST(many_dispatches)
{
    enum { N = 20000 };
    size_t cap = (size_t)N * 96 + 256, len = 0;
    char *ini = malloc(cap);
    ck_assert_ptr_nonnull(ini);
    len += (size_t)snprintf(ini + len, cap - len, "name = writer\ngrid = 64\nworkgroup = 64\n[args]\nout = @a\nk = u32:0\n"
                            "[buffer pad]\ntype = u32\ncount = 1\n[buffer a]\ntype = u32\ncount = 256\n");
    for (int i = 1; i < N; i++)
        len += (size_t)snprintf(ini + len, cap - len, "[kernel d%d]\nname = writer\ngrid = 64\nworkgroup = 64\n"
                                "[args d%d]\nout = @a\nk = u32:%d\n", i, i, i);
    ck_assert_uint_lt(len, cap);
    run_t r;
    run_timed(&r, dk_kernels, ini, NULL, false);
    free(ini);
    ck_assert_msg(r.rc == 0, "%s", r.err);
    ck_assert_uint_eq(r.res.ndispatches, N);
    for (uint32_t i = 1; i < r.res.ndispatches; i++)
        ck_assert_uint_gt(r.res.d[i].ready, r.res.d[i - 1].ready);
    for (uint32_t g = 0; g < 64; g++)
        ck_assert_uint_eq(r.b[g], g + N - 1);
    uint32_t starts = 0;
    for (size_t i = 0; i < r.rec.n; i++)
        if (r.rec.ev[i].kind == TEV_WG_START)
            ck_assert_uint_eq(r.rec.ev[i].u.wg_info.dispatch, starts++);
    ck_assert_uint_eq(starts, N);
    run_free(&r);
}
END_TEST

/* The whole-kernel costs switch on and off independently (docs/validation.md, "Whole-kernel
 * costs"): one wave stores one dword, waits for it and ends. dispatch.kernel_launch_cycles = 100 adds
 * 100; mem.end_writeback = on adds the dirty line's DRAM write, dram.latency = 200; tlb.model = on
 * walks the store's page (130 + 100 = 230 later to the L1's acknowledgement, which the wave's
 * s_waitcnt sees at its SIMD's next issue turn, every 4 cycles: 228 here). Every combination of the
 * three costs the sum of its parts. */
START_TEST(test_whole_kernel_costs_independent)
{
    const char *k = "k:\n  s_load_dwordx2 s[2:3], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n"
                    "  v_mov_b32 v1, s2\n  v_mov_b32 v2, s3\n  v_mov_b32 v3, 7\n"
                    "  flat_store_dword v[1:2], v3\n  s_waitcnt vmcnt(0)\n  s_endpgm\n";
    const char *ini = "grid = 1\nworkgroup = 1\n[buffer out]\ntype = u32\ncount = 1\n[args]\nout = @out\n";
    static const char *const on[3] = { "dispatch.kernel_launch_cycles=100", "mem.end_writeback=on", "tlb.model=on" };
    static const uint64_t cost[3] = { 100, 200, 228 };
    uint64_t base = 0;
    for (unsigned mask = 0; mask < 8; mask++) {
        const char *sets[4] = { NULL };
        uint64_t want = 0;
        for (unsigned b = 0, n = 0; b < 3; b++)
            if (mask >> b & 1) {
                sets[n++] = on[b];
                want += cost[b];
            }
        run_t r;
        run_timed(&r, k, ini, sets, false);
        ck_assert_int_eq(r.rc, 0);
        if (mask == 0)
            base = r.res.cycles;
        ck_assert_msg(r.res.cycles == base + want, "parts %u: %" PRIu64 " cycles, want %" PRIu64, mask, r.res.cycles,
                      base + want);
        run_free(&r);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("timing_dispatches");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, after_previous_waits);
    tcase_add_test(tc, after_none_overlaps);
    tcase_add_test(tc, tick_mode_identical);
    tcase_add_test(tc, mixed_allocations);
    tcase_add_test(tc, never_fits_names_dispatch);
    tcase_add_test(tc, many_dispatches);
    tcase_add_test(tc, test_whole_kernel_costs_independent);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

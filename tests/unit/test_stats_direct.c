/* The statistics' direct entries for issues and wave states (stats_issue and stats_state,
 * timing_options_t.issue and .state) and the usual case's code of an issue (stats.c, issue)
 * against the general path: every issue and state change built as an event, handed to
 * stats_observe, and every issue accounted by the general code (stats_t.general_only). The same
 * workload run both ways must leave the same statistics, field by field and in the report and
 * JSON, on one CU and three, with 3 SIMDs (no power of two), with the hazard checker's events,
 * and stopped part-way by the cycle limit. Also the per-kind observer lists: an observer given
 * some kinds sees exactly those events, in the order an observer of everything sees them, and a
 * second observer of a kind turns that kind's direct entry off (and only that one). */
#include "result_harness.h"
#include "unit.h"

#include <stdio.h>

#include "load/launch.h"
#include "machine/timing.h"
#include "observe/hazlog.h"
#include "observe/stats.h"
#include "timing_harness.h"

/* The statistics, counting the calls of the direct entries. */
typedef struct {
    stats_t st;
    uint64_t direct, direct_state;
} counted_t;

static void counted_observe(void *ctx, const tev_t *ev) { stats_observe(&((counted_t *)ctx)->st, ev); }

static void counted_issue(void *ctx, const tev_issue_t *is)
{
    counted_t *c = ctx;
    c->direct++;
    stats_issue(&c->st, is);
}

static void counted_state(void *ctx, uint32_t cu, uint32_t simd, uint32_t slot, tev_wave_state_t to, uint64_t cycle)
{
    counted_t *c = ctx;
    c->direct_state++;
    stats_state(&c->st, cu, simd, slot, to, cycle);
}

typedef enum { WAY_DIRECT, WAY_GENERAL, WAY_SHARED } way_t;

typedef struct {
    th_launch_t t;
    counted_t c;
    hzlog_t hz;
    th_recorder_t all, some;   /* WAY_GENERAL: every event, and only the workgroup and memory events */
    th_recorder_t issues;      /* WAY_SHARED: a second observer of TEV_ISSUE */
    timing_result_t res;
    int rc;
} run_t;

static const uint32_t some_kinds = TEV_BIT(TEV_WG_START) | TEV_BIT(TEV_WG_END) | TEV_BIT(TEV_MEM);

static void run(run_t *r, way_t way, const char *ini, const char *const *sets, uint64_t max_cycles)
{
    memset(r, 0, sizeof *r);
    th_prepare(&r->t, NULL, NULL, ini, sets, 0);
    ck_assert_int_eq(stats_init(&r->c.st, &r->t.cfg), 0);
    hzlog_init(&r->hz, r->t.L);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.hazards = true;
    opt.max_cycles = max_cycles;
    opt.observers[opt.nobservers] = (tev_observer_t){ counted_observe, &r->c };
    opt.state[opt.nobservers] = counted_state;
    opt.issue[opt.nobservers++] = counted_issue;
    if (way == WAY_GENERAL) {
        opt.issue[0] = NULL;
        opt.state[0] = NULL;
        r->c.st.general_only = true; /* and the statistics' general code for every issue */
        opt.observers[opt.nobservers++] = (tev_observer_t){ hzlog_observe, &r->hz }; /* every kind */
        opt.observers[opt.nobservers++] = (tev_observer_t){ th_record, &r->all };
        opt.kinds[opt.nobservers] = some_kinds;
        opt.observers[opt.nobservers++] = (tev_observer_t){ th_record, &r->some };
    } else {
        opt.kinds[opt.nobservers] = TEV_BIT(TEV_HAZARD);
        opt.observers[opt.nobservers++] = (tev_observer_t){ hzlog_observe, &r->hz };
        if (way == WAY_SHARED) {
            opt.kinds[opt.nobservers] = TEV_BIT(TEV_ISSUE);
            opt.observers[opt.nobservers++] = (tev_observer_t){ th_record, &r->issues };
        }
    }
    r->rc = timing_run(r->t.L, &r->t.cfg, &opt, &r->res, stderr);
    ck_assert(!r->c.st.oom);
}

static void run_free(run_t *r)
{
    timing_result_free(&r->res);
    stats_free(&r->c.st);
    hzlog_free(&r->hz);
    free(r->all.ev);
    free(r->some.ev);
    free(r->issues.ev);
    th_release(&r->t);
}

/* The report (or the JSON) with the per-instruction table, as a string to free. */
static char *output(run_t *r, bool json)
{
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    ck_assert_ptr_nonnull(f);
    if (json)
        rh_json(&r->c.st, r->t.L, &r->t.cfg, &r->res, true, f);
    else
        rh_text(&r->c.st, r->t.L, &r->t.cfg, &r->res, true, f);
    fclose(f);
    return text;
}

#define SAME_ARRAY(a, b, n) ck_assert_int_eq(memcmp((a), (b), (n) * sizeof *(a)), 0)

static void same_stats(run_t *a, run_t *b)
{
    const stats_t *x = &a->c.st, *y = &b->c.st;
    size_t nsimd = (size_t)x->ncu * x->simds;
    ck_assert_int_eq(a->rc, b->rc);
    ck_assert_uint_eq(a->res.cycles, b->res.cycles);
    SAME_ARRAY(x->insts, y->insts, ISA_NUM_UNITS);
    SAME_ARRAY(x->slot_counts, y->slot_counts, STATS_NUM_SLOT_KINDS);
    ck_assert_uint_eq(x->hidden, y->hidden);
    ck_assert_uint_eq(x->exposed, y->exposed);
    ck_assert_uint_eq(x->cycles, y->cycles);
    ck_assert_uint_eq(x->waves, y->waves);
    ck_assert_uint_eq(x->max_resident_cu, y->max_resident_cu);
    SAME_ARRAY(x->valu_busy, y->valu_busy, nsimd);
    SAME_ARRAY(x->valu_issues, y->valu_issues, nsimd);
    SAME_ARRAY(x->valu_pending, y->valu_pending, nsimd);
    SAME_ARRAY(x->resident_area, y->resident_area, nsimd);
    ck_assert_int_eq(memcmp(&x->wave_life, &y->wave_life, sizeof x->wave_life), 0);
    ck_assert_uint_eq(x->npc, y->npc);
    SAME_ARRAY(x->pc, y->pc, x->npc);
    for (size_t i = 0; i < nsimd * STATS_SLOTS; i++) {
        const stats_slot_t *p = &x->slot[i], *q = &y->slot[i];
        ck_assert_int_eq(p->state, q->state);
        ck_assert_uint_eq(p->mark, q->mark);
        ck_assert_uint_eq(p->last_issue, q->last_issue);
        ck_assert_uint_eq(p->last_pc, q->last_pc);
        ck_assert_int_eq(p->has_pc, q->has_pc);
        ck_assert_uint_eq(p->wait_valu0, q->wait_valu0);
        SAME_ARRAY(p->pend, q->pend, STATS_NUM_SLOT_KINDS);
    }
    ck_assert_uint_eq(a->hz.n, b->hz.n);
    for (int json = 0; json < 2; json++) {
        char *s = output(a, json), *t = output(b, json);
        ck_assert_str_eq(s, t);
        free(s);
        free(t);
    }
}

static uint64_t total_insts(const stats_t *st)
{
    uint64_t n = 0;
    for (int u = 0; u < ISA_NUM_UNITS; u++)
        n += st->insts[u];
    return n;
}

static const char *const one_cu[] = { NULL };
static const char *const three_cu[] = { "gpu.compute_units=3", "dispatch.order=morton", "dispatch.release=wave",
                                        "sched.policy=greedy", NULL };
static const char *const three_simds[] = { "cu.simds=3", NULL };

static const struct {
    const char *ini;
    const char *const *sets;
    uint64_t max_cycles;
} cases[] = {
    { "workloads/vector_add.ini", one_cu, 0 },
    { "workloads/stencil3x3.ini", three_cu, 0 },
    { "workloads/reduce.ini", one_cu, 0 },
    { "workloads/reduce.ini", three_simds, 0 },
    { "workloads/matmul_tiled.ini", three_cu, 0 },
    { "workloads/histogram.ini", three_cu, 0 },
    { "workloads/pipeline.ini", one_cu, 0 },          /* several dispatches */
    { "workloads/reduce.ini", three_cu, 5001 },      /* stopped part-way: no TEV_END */
    { "workloads/stencil3x3.ini", three_simds, 2000 },
};

START_TEST(direct_equals_general)
{
    run_t *d = malloc(sizeof *d), *g = malloc(sizeof *g), *sh = malloc(sizeof *sh);
    ck_assert(d && g && sh);
    run(d, WAY_DIRECT, cases[_i].ini, cases[_i].sets, cases[_i].max_cycles);
    run(g, WAY_GENERAL, cases[_i].ini, cases[_i].sets, cases[_i].max_cycles);
    run(sh, WAY_SHARED, cases[_i].ini, cases[_i].sets, cases[_i].max_cycles);
    ck_assert_int_eq(d->rc, cases[_i].max_cycles ? 2 : 0);
    /* The direct entry took every issue, and only when the statistics were alone on TEV_ISSUE. */
    ck_assert_uint_gt(d->c.direct, 0);
    ck_assert_uint_eq(d->c.direct, total_insts(&d->c.st));
    ck_assert_uint_eq(g->c.direct, 0);
    ck_assert_uint_eq(sh->c.direct, 0);
    ck_assert_uint_eq(sh->issues.n, total_insts(&sh->c.st));
    /* The wave states' direct entry likewise: taken in WAY_SHARED too, where only issues are shared. */
    ck_assert_uint_gt(d->c.direct_state, 0);
    ck_assert_uint_eq(g->c.direct_state, 0);
    ck_assert_uint_eq(sh->c.direct_state, d->c.direct_state);
    same_stats(d, g);
    same_stats(d, sh);
    /* An observer of some kinds sees exactly those, in order. */
    size_t j = 0;
    for (size_t i = 0; i < g->all.n; i++) {
        if (!(some_kinds & TEV_BIT(g->all.ev[i].kind)))
            continue;
        ck_assert_uint_lt(j, g->some.n);
        ck_assert_int_eq(g->some.ev[j].kind, g->all.ev[i].kind);
        ck_assert_uint_eq(g->some.ev[j].cycle, g->all.ev[i].cycle);
        ck_assert_uint_eq(g->some.ev[j].wg, g->all.ev[i].wg);
        j++;
    }
    ck_assert_uint_eq(j, g->some.n);
    ck_assert_uint_gt(j, 0);
    run_free(d);
    run_free(g);
    run_free(sh);
    free(d);
    free(g);
    free(sh);
}
END_TEST

static Suite *stats_direct_suite(void)
{
    Suite *s = suite_create("stats_direct");
    TCase *t = tcase_create("direct");
    tcase_set_timeout(t, 300);
    tcase_add_loop_test(t, direct_equals_general, 0, (int)(sizeof cases / sizeof cases[0]));
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(stats_direct_suite)

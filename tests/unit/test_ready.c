/* The issue stage's compact copy of each SIMD's waves (timing_state.h: rdy_active, rdy_noinst,
 * rdy_cat, rdy_at, rdy_unit) and its oldest-first walk (tw_ready_next). Random waves come and go and
 * change state, ready cycle and next instruction through the timing model's own setters; after each
 * change the copy must equal the waves' fields, and the walk, with a random set of free units, must
 * issue the same waves in the same order as the plain scan the issue stage used before (gather the
 * ready waves in age order, then issue at most one per category, sequencer instructions always). */
#include "unit.h"

#include <stdlib.h>

#include "machine/timing_state.h"

enum { SIMDS = 2, NINSTS = 8, ROUNDS = 20000 };

static const tev_wave_state_t states[] = { TEV_WAVE_ELIGIBLE, TEV_WAVE_NOINST, TEV_WAVE_WAIT_VM, TEV_WAVE_WAIT_LGKM,
                                           TEV_WAVE_BARRIER, TEV_WAVE_DRAINING };

static isa_unit_t cat_of(isa_unit_t u) { return u == ISA_UNIT_SMEM ? ISA_UNIT_SALU : u; }

/* The plain scan: the slots that issue, in order. */
static uint32_t plain(const tw_cu_t *cu, uint32_t d, uint64_t c, uint32_t free_units, uint8_t *out)
{
    const tw_wave_t *cand[TW_MAX_SLOTS];
    uint32_t n = 0, k = 0, used = 0;
    for (uint32_t i = 0; i < cu->nage[d]; i++) {
        const tw_wave_t *w = cu->slot[d][cu->age[d][i]];
        if (w->ready_at <= c && (w->state == TEV_WAVE_ELIGIBLE || w->state == TEV_WAVE_NOINST))
            cand[n++] = w;
    }
    for (uint32_t i = 0; i < n; i++) {
        isa_unit_t u = (isa_unit_t)cand[i]->next_unit, cat = cat_of(u);
        if (cat != ISA_UNIT_SEQ && (used >> cat & 1))
            continue;
        if (!(free_units >> u & 1))
            continue;
        out[k++] = (uint8_t)cand[i]->slot;
        if (cat != ISA_UNIT_SEQ)
            used |= 1u << cat;
    }
    return k;
}

/* The walk over the compact copy, as tw_cu_tick does it. */
static uint32_t fast(const tw_cu_t *cu, uint32_t d, uint64_t c, uint32_t free_units, uint8_t *out)
{
    uint8_t ord[TW_MAX_SLOTS];
    memcpy(ord, cu->age[d], sizeof ord);
    uint32_t n = cu->nage[d], i = 0, left = cu->rdy_active[d], k = 0;
    int slot;
    while ((slot = tw_ready_next(cu, d, c, ord, n, &i, &left)) >= 0) {
        isa_unit_t u = (isa_unit_t)cu->slot[d][slot]->next_unit, cat = cat_of(u);
        if (!(free_units >> u & 1))
            continue;
        out[k++] = (uint8_t)slot;
        if (cat != ISA_UNIT_SEQ)
            left &= ~cu->rdy_cat[d][cat];
    }
    return k;
}

static void check_copy(const tw_cu_t *cu)
{
    for (uint32_t d = 0; d < SIMDS; d++)
        for (uint32_t k = 0; k < TW_MAX_SLOTS; k++) {
            const tw_wave_t *w = cu->slot[d][k];
            bool act = w && (w->state == TEV_WAVE_ELIGIBLE || w->state == TEV_WAVE_NOINST);
            ck_assert_uint_eq(cu->rdy_active[d] >> k & 1, act);
            if (!w)
                continue;
            ck_assert_uint_eq(cu->rdy_noinst[d] >> k & 1, w->state == TEV_WAVE_NOINST);
            ck_assert_uint_eq(cu->rdy_at[d][k], w->ready_at);
            ck_assert_uint_eq(cu->rdy_unit[d][k], w->next_unit);
            for (uint32_t u = 0; u < ISA_NUM_UNITS; u++)
                ck_assert_uint_eq(cu->rdy_cat[d][u] >> k & 1, u == cat_of((isa_unit_t)w->next_unit));
        }
}

START_TEST(walk_matches_plain_scan)
{
    /* A kernel with an instruction of each unit, in a random order; pc NINSTS is past its end. */
    isa_inst_t insts[NINSTS];
    uint32_t have = 0;
    srand(2611);
    for (uint32_t i = 0; i < NINSTS; i++) {
        isa_op_t op;
        do
            op = (isa_op_t)(rand() % ISA_NUM_OPS);
        while (i < ISA_NUM_UNITS && isa_ops[op].unit != (isa_unit_t)i);
        have |= 1u << isa_ops[op].unit;
        insts[i] = ut_inst(op);
    }
    ck_assert_uint_eq(have, (1u << ISA_NUM_UNITS) - 1);
    isa_kernel_t kernel = { .insts = insts, .ninsts = NINSTS };
    tw_wg_t wg = { .id = 0 };
    tw_sim_t s = { .ncu = 1, .simds = SIMDS, .slots = TW_MAX_SLOTS };
    tw_cu_t *cu = s.cus = calloc(1, sizeof *s.cus);
    tw_wave_t *pool = calloc(SIMDS * TW_MAX_SLOTS, sizeof *pool);
    ck_assert(cu && pool);
    uint64_t id = 0, issued = 0, nonempty = 0;
    for (uint32_t round = 0; round < ROUNDS; round++) {
        uint32_t d = (uint32_t)rand() % SIMDS, k = (uint32_t)rand() % TW_MAX_SLOTS;
        uint64_t c = 100 + (uint64_t)(rand() % 8);
        tw_wave_t *w = cu->slot[d][k];
        int what = rand() % 8;
        if (!w) {
            /* a wave starts, as the dispatcher sets one up */
            w = &pool[d * TW_MAX_SLOTS + k];
            memset(w, 0, sizeof *w);
            *w = (tw_wave_t){ .wg = &wg, .id = id++, .simd = d, .slot = k, .state = TEV_WAVE_GONE };
            w->isa.kernel = &kernel;
            w->isa.pc = (uint32_t)rand() % (NINSTS + 1);
            w->ready_at = TW_NEVER;
            tw_ready_clear(cu, d, k);
            tw_wave_fetch(cu, w);
            cu->slot[d][k] = w;
            tw_age_add(cu, d, k);
            tw_set_ready(cu, w, c + (uint64_t)(rand() % 7) - 3);
            tw_set_state(&s, w, TEV_WAVE_ELIGIBLE, c);
        } else if (what == 0) {
            /* it ends and frees its slot */
            cu->slot[d][k] = NULL;
            tw_age_remove(cu, d, k);
            tw_set_state(&s, w, TEV_WAVE_GONE, c);
        } else if (what <= 2) {
            tw_set_state(&s, w, states[rand() % 6], c);
        } else if (what <= 4) {
            tw_set_ready(cu, w, c + (uint64_t)(rand() % 7) - 3);
        } else if (what <= 6) {
            w->isa.pc = (uint32_t)rand() % (NINSTS + 1);
            tw_wave_fetch(cu, w);
        } else {
            w->prio = (uint8_t)(rand() % 4);
            tw_age_resort(cu, d);
        }
        check_copy(cu);
        uint32_t free_units = (uint32_t)rand() | 1u << ISA_UNIT_SEQ;
        uint8_t a[TW_MAX_SLOTS], b[TW_MAX_SLOTS];
        uint32_t na = plain(cu, d, c, free_units, a), nb = fast(cu, d, c, free_units, b);
        ck_assert_uint_eq(na, nb);
        for (uint32_t i = 0; i < na; i++)
            ck_assert_uint_eq(a[i], b[i]);
        issued += na;
        nonempty += na > 1;
    }
    /* the comparison saw real choices */
    ck_assert_uint_gt(issued, ROUNDS);
    ck_assert_uint_gt(nonempty, ROUNDS / 4);
    free(pool);
    free(cu);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ready");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, walk_matches_plain_scan);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)

/* The vector address unit's resumes (timing_cu.c tw_vmem_resume): a multi-line load or store hands
 * its lines to the L1 one at a time, each at its cycle; while the next line's resume would be the
 * next event anyway it runs at once instead of through the queue. Nothing may change: the L2, the
 * DRAM and the observers must see every request in the same order. Several CUs share lines of one
 * buffer, so a resume run out of turn would change another CU's L2 hits, MSHR merges and DRAM
 * timing. The reference is the tick-every-cycle mode, where every CU's issue stage is pending at
 * every cycle and no resume ever runs at once. */
#include "result_harness.h"
#include "unit.h"

#include <inttypes.h>
#include <stdio.h>

#include "mem/memsys.h"
#include "observe/stats.h"
#include "timing_harness.h"

/* What an observer sees, reduced to values: each event's kind, cycle, place, and for a memory
 * event its record (valid only during the callback). */
typedef struct {
    uint64_t v[32];
} digest_t;

typedef struct {
    digest_t *d;
    size_t n, cap;
} digests_t;

static void digest(void *ctx, const tev_t *ev)
{
    digests_t *r = ctx;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 4096;
        r->d = realloc(r->d, r->cap * sizeof *r->d);
        ck_assert_ptr_nonnull(r->d);
    }
    digest_t *d = &r->d[r->n++];
    memset(d, 0, sizeof *d);
    int k = 0;
    d->v[k++] = ev->kind;
    d->v[k++] = ev->cycle;
    d->v[k++] = ev->cu;
    d->v[k++] = ev->wave;
    if (ev->kind == TEV_MEM) {
        const mem_access_t *a = ev->u.mem.access;
        d->v[k++] = ev->u.mem.pc;
        d->v[k++] = a->issue;
        d->v[k++] = a->done;
        d->v[k++] = a->stall;
        d->v[k++] = a->lines;
        d->v[k++] = a->dram_bytes;
        d->v[k++] = a->dram_busy_until;
        d->v[k++] = (uint64_t)a->dram_reads << 32 | a->dram_writes;
        for (int l = 0; l < MEM_NUM_CACHES; l++) {
            d->v[k++] = a->mshr_cycles[l];
            d->v[k++] = a->level_bytes[l];
            for (int o = 0; o < CACHE_NUM_OUTCOMES; o++)
                d->v[k - 1] = d->v[k - 1] * 1000003u + a->count[l][o];
        }
    }
    ck_assert_int_le(k, 32);
}

typedef struct {
    int rc;
    uint64_t cycles;
    digests_t seen;
    char json[16384];
} vrun_t;

static void vrun(vrun_t *out, const char *kernel, const char *ini, const char *const *sets, bool tick,
                 uint64_t max_cycles)
{
    th_launch_t t;
    th_prepare(&t, kernel, ini, NULL, sets, 0);
    stats_t st;
    ck_assert_int_eq(stats_init(&st, &t.cfg), 0);
    memset(out, 0, sizeof *out);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.tick_every_cycle = tick;
    opt.max_cycles = max_cycles;
    opt.observers[0] = (tev_observer_t){ stats_observe, &st };
    opt.observers[1] = (tev_observer_t){ digest, &out->seen };
    opt.nobservers = 2;
    timing_result_t res;
    FILE *err = fopen("/dev/null", "w");
    out->rc = timing_run(t.L, &t.cfg, &opt, &res, err);
    fclose(err);
    out->cycles = res.cycles;
    if (out->rc == 0) {
        FILE *j = fmemopen(out->json, sizeof out->json, "w");
        rh_json(&st, t.L, &t.cfg, &res, false, j);
        fclose(j);
    }
    timing_result_free(&res);
    stats_free(&st);
    th_release(&t);
}

static void same(const vrun_t *a, const vrun_t *b)
{
    ck_assert_int_eq(a->rc, b->rc);
    ck_assert_uint_eq(a->cycles, b->cycles);
    ck_assert_str_eq(a->json, b->json);
    ck_assert_uint_eq(a->seen.n, b->seen.n);
    for (size_t i = 0; i < a->seen.n; i++)
        for (int k = 0; k < 32; k++)
            if (a->seen.d[i].v[k] != b->seen.d[i].v[k])
                ck_abort_msg("event %zu (kind %" PRIu64 ", cycle %" PRIu64 ") differs at %d: %" PRIu64
                             " vs %" PRIu64, i, a->seen.d[i].v[0], a->seen.d[i].v[1], k, a->seen.d[i].v[k],
                             b->seen.d[i].v[k]);
}

/* Every wave loads and stores 16 lines (dwordx4) of a 1 KiB block, the workgroups of a CU on a
 * block of their own but the CUs' blocks overlapping in the L2 (the workgroup id picks one of
 * three), with single-line loads between that hit in the L1 or merge with its fills. */
static const char kernel[] =
    "k:\n  s_load_dwordx2 s[4:5], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n"
    "  s_and_b32 s7, s2, 3\n  s_lshl_b32 s7, s7, 9\n  s_add_u32 s4, s4, s7\n  s_addc_u32 s5, s5, 0\n"
    "  v_lshlrev_b32 v1, 4, v0\n  v_mov_b32 v2, s5\n  v_add_u32 v3, vcc, s4, v1\n"
    "  v_addc_u32 v4, vcc, v2, 0, vcc\n  flat_load_dwordx4 v[5:8], v[3:4]\n  flat_load_dword v9, v[3:4]\n"
    "  s_waitcnt vmcnt(0)\n  v_add_f32 v5, v5, v9\n  flat_store_dwordx4 v[3:4], v[5:8]\n"
    "  flat_load_dwordx4 v[10:13], v[3:4]\n  v_mul_f32 v9, v9, v9\n  flat_load_dword v14, v[3:4]\n"
    "  s_waitcnt vmcnt(0)\n  v_add_f32 v10, v10, v14\n  flat_store_dword v[3:4], v10\n"
    "  flat_load_dwordx4 v[5:8], v[3:4]\n  s_waitcnt vmcnt(0)\n  s_endpgm\n";

static const char ini[] = "grid = 4096\nworkgroup = 128\n[buffer x]\ntype = f32\ncount = 2048\n"
                          "init = random(5, 1.0, 2.0)\n[args]\nx = @x\n";

START_TEST(test_resumes_in_time_order)
{
    const char *cfgs[][4] = {
        { "gpu.compute_units=1", NULL },
        { "gpu.compute_units=4", NULL },
        { "gpu.compute_units=4", "l1v.mshrs=2", "l2.mshrs=4", NULL },
        { "gpu.compute_units=3", "l1v.size=2048", "dispatch.order=morton", NULL },
    };
    vrun_t *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    for (size_t i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++) {
        vrun(a, kernel, ini, cfgs[i], false, 0);
        vrun(b, kernel, ini, cfgs[i], true, 0);
        ck_assert_int_eq(a->rc, 0);
        same(a, b);
        /* Stopped by the cycle limit just before, at and after resumes. */
        for (uint64_t lim = a->cycles / 5; lim < a->cycles; lim += a->cycles / 7 + 1) {
            for (uint64_t d = 0; d < 3; d++) {
                free(a->seen.d);
                free(b->seen.d);
                vrun(a, kernel, ini, cfgs[i], false, lim + d);
                vrun(b, kernel, ini, cfgs[i], true, lim + d);
                ck_assert_int_eq(a->rc, 2);
                same(a, b);
            }
        }
        free(a->seen.d);
        free(b->seen.d);
    }
    free(a);
    free(b);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("timing_vmem");
    TCase *t = tcase_create("resume");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, test_resumes_in_time_order);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)

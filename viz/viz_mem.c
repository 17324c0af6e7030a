/* viz_mem: the memory tracks and per-CU rates — amounts per cycle bucket, built while the trace
 * loads (the run's length is known only at its end, so the buckets start one cycle wide and
 * double, pairwise summed, whenever a record falls past the last one), then running sums, so the
 * amount in any range or pixel column costs two lookups. Sums are exact at bucket edges; inside
 * a bucket the amount is taken as even. */
#include "viz_mem.h"

#include <stdlib.h>
#include <string.h>

#include "mem/memsys.h"

enum { NB = VIZ_SERIES_BUCKETS };

static size_t nseries(const viz_model_t *m) { return VIZ_NUM_MS + (size_t)m->h.ncu * viz_ncs(m); }

static viz_series_t *series(viz_model_t *m, size_t i) { return i < VIZ_NUM_MS ? &m->ms[i] : &m->cs[i - VIZ_NUM_MS]; }

bool viz_mem_alloc(viz_model_t *m)
{
    m->cs = calloc((size_t)m->h.ncu * viz_ncs(m), sizeof *m->cs);
    if (!m->cs)
        return false;
    for (size_t i = 0; i < nseries(m); i++)
        if (!(series(m, i)->v = calloc(NB + 1, sizeof(double))))
            return false;
    return true;
}

void viz_mem_free(viz_model_t *m)
{
    for (size_t i = 0; i < VIZ_NUM_MS; i++)
        free(m->ms[i].v);
    for (size_t i = 0; m->cs && i < (size_t)m->h.ncu * viz_ncs(m); i++)
        free(m->cs[i].v);
    free(m->cs);
}

/* Widen every series' buckets until cycle `last` fits. */
static void fit(viz_model_t *m, uint64_t last)
{
    while ((last >> m->ser_shift) >= NB) {
        for (size_t i = 0; i < nseries(m); i++) {
            double *v = series(m, i)->v;
            for (size_t b = 0; b < NB / 2; b++)
                v[b] = v[2 * b] + v[2 * b + 1];
            memset(v + NB / 2, 0, NB / 2 * sizeof *v);
        }
        m->ser_shift++;
    }
}

/* Add `amount` spread evenly over cycles [s, e) (at cycle s when e <= s). */
static void spread(viz_model_t *m, viz_series_t *sr, uint64_t s, uint64_t e, double amount)
{
    if (amount == 0)
        return;
    if (e <= s)
        e = s + 1;
    fit(m, e - 1);
    if (e > m->ser_end)
        m->ser_end = e;
    uint32_t sh = m->ser_shift;
    size_t b0 = (size_t)(s >> sh), b1 = (size_t)((e - 1) >> sh);
    if (b0 == b1) {
        sr->v[b0] += amount;
        return;
    }
    double per = amount / (double)(e - s);
    for (size_t b = b0; b <= b1; b++) {
        uint64_t lo = (uint64_t)b << sh, hi = lo + ((uint64_t)1 << sh);
        lo = lo < s ? s : lo;
        hi = hi > e ? e : hi;
        sr->v[b] += per * (double)(hi - lo);
    }
}

bool viz_mem_event(viz_model_t *m, const tev_t *ev)
{
    viz_series_t *cs = &m->cs[(size_t)ev->cu * viz_ncs(m)];
    if (ev->kind == TEV_ISSUE) {
        spread(m, &cs[VIZ_CS_ISSUES], ev->cycle, ev->cycle + 1, 1);
        if (ev->u.issue.unit == ISA_UNIT_VALU)
            spread(m, &cs[VIZ_CS_VALU], ev->cycle, ev->cycle + ev->u.issue.busy, ev->u.issue.busy);
        if (ev->u.issue.mfma && ev->simd < m->h.simds) {
            spread(m, &cs[VIZ_CS_MFMA + ev->simd], ev->cycle, ev->cycle + ev->u.issue.mfma, ev->u.issue.mfma);
            m->mfma = true;
        }
        return true;
    }
    if (ev->kind != TEV_MEM)
        return true;
    const mem_access_t *a = ev->u.mem.access;
    const uint32_t *l1 = a->count[MEM_L1V], *l2 = a->count[MEM_L2];
    uint64_t amount[VIZ_NUM_MS] = {
        [VIZ_MS_DRAM] = a->dram_bytes, [VIZ_MS_L2B] = a->level_bytes[MEM_L2],
        [VIZ_MS_L1_HIT] = l1[CACHE_HIT], [VIZ_MS_L1_LOOK] = (uint64_t)l1[CACHE_HIT] + l1[CACHE_MERGE] + l1[CACHE_MISS],
        [VIZ_MS_L2_HIT] = l2[CACHE_HIT], [VIZ_MS_L2_LOOK] = (uint64_t)l2[CACHE_HIT] + l2[CACHE_MERGE] + l2[CACHE_MISS],
        [VIZ_MS_STALL] = a->stall,
        [VIZ_MS_L1_MSHR] = a->mshr_cycles[MEM_L1V], [VIZ_MS_L2_MSHR] = a->mshr_cycles[MEM_L2],
    };
    for (int k = 0; k < VIZ_NUM_MS; k++) {
        m->mem_total[k] += amount[k];
        /* over the instruction's trip, so that the tracks are continuous; stalls right after the issue */
        spread(m, &m->ms[k], a->issue, k == VIZ_MS_STALL ? a->issue + a->stall : a->done, (double)amount[k]);
    }
    spread(m, &cs[VIZ_CS_STALL], a->issue, a->issue + a->stall, (double)a->stall);
    m->nmem++;
    return true;
}

void viz_mem_finish(viz_model_t *m)
{
    for (size_t i = 0; i < nseries(m); i++) {
        double *v = series(m, i)->v, run = 0;
        for (size_t b = 0; b <= NB; b++) {
            double x = b < NB ? v[b] : 0;
            v[b] = run;
            run += x;
        }
    }
}

/* The running sum at cycle t. */
static double sum_at(const viz_model_t *m, const viz_series_t *s, double t)
{
    if (t <= 0)
        return 0;
    double w = (double)((uint64_t)1 << m->ser_shift), x = t / w;
    if (x >= NB)
        return s->v[NB];
    size_t b = (size_t)x;
    return s->v[b] + (s->v[b + 1] - s->v[b]) * (x - (double)b);
}

double viz_series_over(const viz_model_t *m, const viz_series_t *s, double a, double b)
{
    return sum_at(m, s, b) - sum_at(m, s, a);
}

void viz_series_columns(const viz_model_t *m, const viz_series_t *s, double t0, double cpp, int n, float *out)
{
    double prev = sum_at(m, s, t0);
    for (int x = 0; x < n; x++) {
        double next = sum_at(m, s, t0 + (x + 1) * cpp);
        out[x] = (float)(next - prev);
        prev = next;
    }
}

double viz_mshrs(const viz_model_t *m, int level)
{
    return level == 1 ? (double)m->h.ncu * m->h.mem.l1v_mshrs : (double)m->h.mem.l2_channels * m->h.mem.l2_mshrs;
}

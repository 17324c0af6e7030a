/* viz_model: the queries drawing and the statistics make of a loaded model (viz_load.c builds
 * it): a lane's run or wave at a cycle, the state over a range through the majority pyramid,
 * a step function's integral, a CU's dispatch category, a SIMD's busy cycles — each a search or a
 * sweep over the load-time aggregates, so a frame's cost does not grow with the trace. */
#include "viz_model.h"

#include <stdlib.h>
#include <string.h>

/* The index of the last of n sorted cycles at or before t (0 when t is before them all). */
static size_t last_at(const uint64_t *c, size_t n, double t)
{
    size_t lo = 0, hi = n;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if ((double)c[mid] <= t)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

double viz_step_area(const viz_step_t *s, double t)
{
    if (!s->n || t <= (double)s->t[0])
        return 0;
    size_t lo = last_at(s->t, s->n, t);
    return (double)s->area[lo] + (double)s->v[lo] * (t - (double)s->t[lo]);
}

void viz_step_columns(const viz_step_t *s, double t0, double cpp, int n, float *out)
{
    /* Walk the changes once: column boundaries only move right. */
    size_t i = 0;
    double prev = 0;
    for (int x = 0; x <= n; x++) {
        double t = t0 + x * cpp, area = 0;
        if (s->n && t > (double)s->t[0]) {
            while (i + 1 < s->n && (double)s->t[i + 1] <= t)
                i++;
            area = (double)s->area[i] + (double)s->v[i] * (t - (double)s->t[i]);
        }
        if (x)
            out[x - 1] = (float)((area - prev) / cpp);
        prev = area;
    }
}

/* Time spent in category c from 0 to t. */
static double limiter_time(const viz_limiter_t *l, int c, double t)
{
    if (!l->n || t <= (double)l->t[0])
        return c == VIZ_LIM_NONE ? t : 0;
    size_t lo = last_at(l->t, l->n, t);
    double v = (double)l->cum[lo * VIZ_NUM_LIM + c];
    if (c == VIZ_LIM_NONE)
        v += (double)l->t[0];
    if (l->cat[lo] == c)
        v += t - (double)l->t[lo];
    return v;
}

int viz_limiter_over(const viz_model_t *m, uint32_t cu, double a, double b)
{
    const viz_limiter_t *l = &m->lim[cu];
    int best = VIZ_LIM_NONE;
    double best_t = 0;
    for (int c = 0; c < VIZ_NUM_LIM; c++) {
        double d = limiter_time(l, c, b) - limiter_time(l, c, a);
        if (d > best_t) {
            best_t = d;
            best = c;
        }
    }
    return best;
}

uint64_t viz_busy_over(const viz_busy_t *b, uint64_t from, uint64_t to, uint32_t skip)
{
    /* The first interval ending after from (ends are sorted because intervals do not overlap). */
    size_t lo = 0, hi = b->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (b->end[mid] <= from)
            lo = mid + 1;
        else
            hi = mid;
    }
    uint64_t sum = 0;
    for (size_t i = lo; i < b->n && b->start[i] < to; i++) {
        if (b->lane[i] == skip)
            continue;
        uint64_t s = b->start[i] > from ? b->start[i] : from, e = b->end[i] < to ? b->end[i] : to;
        if (e > s)
            sum += e - s;
    }
    return sum;
}

const viz_hazard_t *viz_hazard_near(const viz_model_t *m, uint32_t li, double a, double b)
{
    for (size_t i = 0; i < m->nhz; i++)
        if (m->hz[i].lane == li && (double)m->hz[i].cycle >= a && (double)m->hz[i].cycle <= b)
            return &m->hz[i];
    return NULL;
}

size_t viz_lane_run_at(const viz_lane_t *l, uint64_t t)
{
    if (!l->n || t < l->t[0])
        return SIZE_MAX;
    return last_at(l->t, l->n, (double)t);
}

const viz_wave_t *viz_lane_wave_at(const viz_lane_t *l, uint64_t t)
{
    size_t lo = 0, hi = l->nwaves;
    while (lo < hi) {   /* the first wave ending after t */
        size_t mid = (lo + hi) / 2;
        if (l->waves[mid].end <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < l->nwaves && l->waves[lo].start <= t ? &l->waves[lo] : NULL;
}

viz_state_t viz_lane_state_over(const viz_model_t *m, const viz_lane_t *l, double a, double b)
{
    double span = b - a;
    int lg = 0;
    while (lg < 63 && (double)((uint64_t)1 << lg) < span)
        lg++;
    int j = lg - (int)m->l0;
    if (j >= 0) {   /* a bucket at least as wide as the range: sample it at the range's middle */
        if (j >= (int)m->nlevels)
            j = (int)m->nlevels - 1;
        double mid = (a + b) / 2;
        if (mid < 0 || mid > (double)m->end)
            return VIZ_NONE;
        size_t bi = (size_t)((uint64_t)mid >> (m->l0 + (uint32_t)j));
        size_t nb = (size_t)(((m->end + 1) + ((uint64_t)1 << m->l0) - 1) >> m->l0);
        for (int q = 0; q < j; q++)
            nb = (nb + 1) / 2;
        return bi < nb ? (viz_state_t)l->level[j][bi] : VIZ_NONE;
    }
    /* Finer than the pyramid: the run covering most of the range. */
    if (b <= 0)
        return VIZ_NONE;
    size_t i = viz_lane_run_at(l, a < 0 ? 0 : (uint64_t)a);
    if (i == SIZE_MAX)
        i = 0;
    viz_state_t best = VIZ_NONE;
    double best_c = 0;
    for (; i < l->n && (double)l->t[i] < b; i++) {
        double s = (double)l->t[i] > a ? (double)l->t[i] : a;
        double e = i + 1 < l->n ? (double)l->t[i + 1] : (double)m->end + 1;
        if (e > b)
            e = b;
        if (e - s > best_c) {
            best_c = e - s;
            best = (viz_state_t)(l->code[i] & ((1u << VIZ_STATE_BITS) - 1));
        }
    }
    return best;
}

void viz_lane_columns(const viz_model_t *m, const viz_lane_t *l, double t0, double cpp, int n, uint8_t *out)
{
    int lg = 0;
    while (lg < 63 && (double)((uint64_t)1 << lg) < cpp)
        lg++;
    if (lg >= (int)m->l0) {
        for (int x = 0; x < n; x++)
            out[x] = (uint8_t)viz_lane_state_over(m, l, t0 + x * cpp, t0 + (x + 1) * cpp);
        return;
    }
    /* Finer than the pyramid: sweep the runs once, keeping per column the run covering most of it. */
    float *best = malloc((size_t)n * sizeof *best);
    memset(out, VIZ_NONE, (size_t)n);
    if (!best)
        return;
    for (int x = 0; x < n; x++)
        best[x] = 0;
    double t1 = t0 + n * cpp;
    size_t i = viz_lane_run_at(l, t0 < 0 ? 0 : (uint64_t)t0);
    for (i = i == SIZE_MAX ? 0 : i; i < l->n && (double)l->t[i] < t1; i++) {
        double s = (double)l->t[i] > t0 ? (double)l->t[i] : t0;
        double e = i + 1 < l->n ? (double)l->t[i + 1] : (double)m->end + 1;
        if (e > t1)
            e = t1;
        uint8_t st = (uint8_t)(l->code[i] & ((1u << VIZ_STATE_BITS) - 1));
        for (int x = (int)((s - t0) / cpp); x < n && t0 + x * cpp < e; x++) {
            double a = t0 + x * cpp, b = a + cpp;
            double c = (e < b ? e : b) - (s > a ? s : a);
            if (c > best[x]) {
                best[x] = (float)c;
                out[x] = st;
            }
        }
    }
    free(best);
}

uint32_t viz_model_limit(const viz_model_t *m)
{
    uint64_t w = (uint64_t)m->h.occ_wg_per_cu * m->h.waves_per_wg;
    return w < m->h.max_waves_cu ? (uint32_t)w : m->h.max_waves_cu;
}

/* stats_dist: the bucketing of a distribution and its inverse, kept side by side so that they
 * cannot drift apart. */
#include "observe/stats_dist.h"

#include <string.h>

static unsigned dist_bucket(uint64_t v)
{
    if (v < 16)
        return (unsigned)v;
    unsigned e = 63;
    while (!(v >> e & 1))
        e--;
    return 16 + (e - 4) * 16 + (unsigned)((v >> (e - 4)) & 15);
}

/* The smallest and largest value of fine bucket i (the inverse of dist_bucket). */
static uint64_t bucket_lo(unsigned i)
{
    if (i < 16)
        return i;
    unsigned e = (i - 16) / 16 + 4, sub = (i - 16) % 16;
    return (uint64_t)(16 + sub) << (e - 4);
}

static uint64_t bucket_hi(unsigned i)
{
    if (i < 16)
        return i;
    unsigned e = (i - 16) / 16 + 4, sub = (i - 16) % 16;
    return ((uint64_t)(16 + sub + 1) << (e - 4)) - 1;
}

void stats_dist_add(stats_dist_t *d, uint64_t v)
{
    if (d->n == 0 || v < d->min)
        d->min = v;
    if (v > d->max)
        d->max = v;
    d->n++;
    d->sum += v;
    d->bucket[dist_bucket(v)]++;
}

uint64_t stats_dist_percentile(const stats_dist_t *d, unsigned p)
{
    if (d->n == 0)
        return 0;
    /* The rank-th smallest value, rank = ceil(p% of n), at least 1. */
    uint64_t rank = (d->n * p + 99) / 100;
    if (rank == 0)
        rank = 1;
    uint64_t seen = 0;
    for (unsigned i = 0; i < STATS_DIST_BUCKETS; i++) {
        seen += d->bucket[i];
        if (seen >= rank) {
            uint64_t v = bucket_hi(i);
            return v < d->min ? d->min : v > d->max ? d->max : v;
        }
    }
    return d->max;
}

double stats_dist_mean(const stats_dist_t *d) { return d->n ? (double)d->sum / (double)d->n : 0.0; }

void stats_dist_log2_hist(const stats_dist_t *d, uint64_t h[64])
{
    memset(h, 0, 64 * sizeof *h);
    for (unsigned i = 0; i < STATS_DIST_BUCKETS; i++) {
        uint64_t lo = bucket_lo(i);
        unsigned k = 0;
        while (k < 63 && lo >> (k + 1))
            k++;
        h[k] += d->bucket[i];
    }
}

uint64_t stats_dist_log2_from(unsigned k) { return k ? (uint64_t)1 << k : 0; }
uint64_t stats_dist_log2_to(unsigned k) { return k >= 63 ? UINT64_MAX : ((uint64_t)1 << (k + 1)) - 1; }

/* stats_dist: distributions of cycle counts in a fixed-size structure, their percentiles, means
 * and power-of-two histograms, and the ratio every fraction of the report uses. The bottom of the
 * statistics: it needs nothing of the simulator. */
#ifndef GCNSIM_STATS_DIST_H
#define GCNSIM_STATS_DIST_H

#include <stdint.h>

/* Exact below 16, otherwise 16 buckets per power of two (percentiles within 1/16 relative). */
enum { STATS_DIST_BUCKETS = 16 + 60 * 16 };
typedef struct {
    uint64_t n, sum, min, max;
    uint64_t bucket[STATS_DIST_BUCKETS];
} stats_dist_t;

void stats_dist_add(stats_dist_t *d, uint64_t v);
/* Percentile p (0..100) of a distribution: the upper bound of the bucket holding it, clamped to
 * [min, max]; 0 when empty. */
uint64_t stats_dist_percentile(const stats_dist_t *d, unsigned p);
double stats_dist_mean(const stats_dist_t *d);
/* Power-of-two histogram: h[0] counts 0 and 1, h[k] for k >= 1 counts [2^k, 2^(k+1) - 1]
 * (stats_dist_log2_from(k) .. stats_dist_log2_to(k)). */
void stats_dist_log2_hist(const stats_dist_t *d, uint64_t h[64]);
uint64_t stats_dist_log2_from(unsigned k);
uint64_t stats_dist_log2_to(unsigned k);

/* a / b, and 0 when b is 0 (every fraction of the report). */
static inline double stats_ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

#endif

/* viz_mem: the memory tracks' series and the per-CU rates (amounts per bucket of cycles, then
 * running sums), built from the memory and issue records while the model loads. */
#ifndef GCNVIZ_VIZ_MEM_H
#define GCNVIZ_VIZ_MEM_H

#include <stdbool.h>

#include "viz_model.h"

/* Allocate the series (false: out of memory). */
bool viz_mem_alloc(viz_model_t *m);
/* Add a memory or issue record to the series (false: out of memory). */
bool viz_mem_event(viz_model_t *m, const tev_t *ev);
/* Turn the bucket amounts into running sums. */
void viz_mem_finish(viz_model_t *m);
void viz_mem_free(viz_model_t *m);
/* The amount a series holds in cycles [a, b) (linear within a bucket). */
double viz_series_over(const viz_model_t *m, const viz_series_t *s, double a, double b);
/* The same for n pixel columns [t0 + x * cpp, t0 + (x + 1) * cpp). */
void viz_series_columns(const viz_model_t *m, const viz_series_t *s, double t0, double cpp, int n, float *out);
/* The MSHRs of a level over the machine: 1 the vector L1s' (l1v.mshrs x CUs), 2 the L2's (l2.mshrs x channels). */
double viz_mshrs(const viz_model_t *m, int level);

#endif

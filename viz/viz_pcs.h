/* viz_pcs: the instruction timing pane's data (viz_pcs_t in viz_model.h): every issue record with
 * what the report's per-PC table charges to it, and its sums over a range and a filter. */
#ifndef GCNVIZ_VIZ_PCS_H
#define GCNVIZ_VIZ_PCS_H

#include <stdbool.h>
#include <stdint.h>

#include "viz_model.h"

/* The pane's data (viz_pcs.c): set up, feed every record, finish (false: out of memory). */
bool viz_pcs_alloc(viz_model_t *m);
bool viz_pcs_event(viz_model_t *m, const tev_t *ev);
void viz_pcs_finish(viz_model_t *m);
void viz_pcs_free(viz_model_t *m);
/* Sum the issues in cycles [from, to) of the waves the filter keeps (id: a wave or workgroup id)
 * into rows[m->h.ninsts] (cleared first). */
void viz_pcs_rows(const viz_model_t *m, uint64_t from, uint64_t to, viz_pfilter_t f, uint64_t id, viz_pc_row_t *rows);

#endif

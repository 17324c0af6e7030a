/* viz_load: read a trace file through the validating reader (observe/trace_read.h) and build the
 * model (viz_model.h) in one pass, the memory series (viz_mem.c) and the pane's issues (viz_pcs.c)
 * fed record by record, then finished: the aggregates, the pyramids, the workgroup rows. */
#ifndef GCNVIZ_VIZ_LOAD_H
#define GCNVIZ_VIZ_LOAD_H

#include <stddef.h>

#include "viz_model.h"

/* Load and aggregate a trace. Returns NULL with the reason in msg (the reader's message, prefixed
 * with the path, or "out of memory"). */
viz_model_t *viz_model_load(const char *path, char *msg, size_t msglen);
void viz_model_free(viz_model_t *m);

#endif

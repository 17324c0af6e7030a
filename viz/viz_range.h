/* viz_range: the statistics of a selected range of cycles (docs/viewer.md), and the names the
 * viewer gives lane states and dispatch categories. */
#ifndef GCNVIZ_VIZ_RANGE_H
#define GCNVIZ_VIZ_RANGE_H

#include <stdbool.h>
#include <stdint.h>

#include "viz_model.h"

typedef struct {
    uint64_t from, to;       /* [from, to) */
    double occupancy;        /* mean resident waves / (CUs x max waves per CU) */
    double waves_per_cu;     /* mean resident waves per CU */
    double valu_util;        /* VALU busy cycles / (cycles x SIMDs); 0 without issue records */
    double mfma_util;        /* matrix-core busy cycles / (cycles x SIMDs) (MFMA issue records) */
    uint64_t wait_cycles;    /* cycles waves spent at s_waitcnt (vmcnt or lgkmcnt) */
    uint64_t hidden_cycles;  /* of them, cycles the SIMD's VALU was busy with another wave's work */
    double mem[VIZ_NUM_MS];  /* the memory series' amounts in the range (with memory records) */
} viz_range_t;

void viz_range_stats(const viz_model_t *m, uint64_t from, uint64_t to, viz_range_t *out);
const char *viz_state_name(viz_state_t s, bool issues);
const char *viz_limiter_name(int cat);

#endif

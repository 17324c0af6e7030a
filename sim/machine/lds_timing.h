/* ldst: cycles an LDS instruction occupies the CU's LDS pipeline, from its lanes' addresses.
 * Lanes are served `banks` at a time (one half-wave per pass with 32 banks); within a pass, each
 * bank serves one distinct dword address per cycle (lanes reading the same dword share it: a
 * broadcast), so a pass takes as many cycles as its most conflicted bank (at least one). A lane
 * accessing several dwords (b64, b128, read2/write2) makes one pass per dword. The total is at
 * least bytes / bytes_per_cycle (bandwidth). Pure function. */
#ifndef GCNSIM_LDS_TIMING_H
#define GCNSIM_LDS_TIMING_H

#include <stdint.h>

#include "isa.h"

typedef struct {
    uint32_t banks;            /* lds.banks */
    uint32_t bytes_per_cycle;  /* lds.bytes_per_cycle */
} ldst_params_t;

/* `in` is the DS instruction, `res` its isa_exec result (active lanes and each lane's first LDS
 * byte address). The crossbar moves (ds_swizzle, ds_permute, ds_bpermute: no memory access) cost
 * the bandwidth of one dword per lane. */
uint32_t ldst_cycles(const ldst_params_t *p, const isa_inst_t *in, const isa_exec_result_t *res);

#endif

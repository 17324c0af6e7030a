/* ldst: cycles an LDS instruction occupies the CU's LDS pipeline, from its lanes' addresses.
 * Lanes are served `banks` at a time (one half-wave per pass with 32 banks); within a pass, each
 * bank serves one distinct dword address per cycle (lanes reading the same dword share it: a
 * broadcast), so a pass takes as many cycles as its most conflicted bank (at least one); an atomic's
 * lanes never share (each read-modify-write is its own access), so lanes on one address serialise. A
 * pass of lanes accessing several dwords (b64, b128, read2/write2) pools all of them, 32 dwords a
 * cycle when no bank repeats. The total is at least bytes / bytes_per_cycle (bandwidth; writes and
 * atomics at write_bytes_per_cycle). A function of the instruction and its addresses; an
 * optional memo (below) only saves the bank count of a repeated address pattern. */
#ifndef GCNSIM_LDS_TIMING_H
#define GCNSIM_LDS_TIMING_H

#include <stdint.h>

#include "isa_exec.h"

/* The last relative address pattern (each active lane's address minus the first's) and its bank
 * count, per DS instruction of a direct-mapped table: with a power-of-two bank count, shifting
 * every address by a whole number of dwords keeps the count, so the next execution with the same
 * pattern (the next tile, another wave of the workgroup) takes it without the walk. */
typedef struct ldst_memo ldst_memo_t;

typedef struct {
    uint32_t banks;            /* lds.banks */
    uint32_t bytes_per_cycle;  /* lds.bytes_per_cycle */
    ldst_memo_t *memo;         /* NULL: none; from ldst_memo_new, written by ldst_cycles */
    uint32_t write_bytes_per_cycle; /* lds.write_bytes_per_cycle, for writes and atomics; 0: the read rate */
} ldst_params_t;

ldst_memo_t *ldst_memo_new(void); /* NULL when out of memory */
void ldst_memo_free(ldst_memo_t *m);

/* `in` is the DS instruction, `res` its isa_exec result (active lanes and each lane's first LDS
 * byte address). The crossbar moves (ds_swizzle, ds_permute, ds_bpermute: no memory access) cost
 * the bandwidth of one dword per lane. */
uint32_t ldst_cycles(const ldst_params_t *p, const isa_inst_t *in, const isa_exec_result_t *res);

#endif

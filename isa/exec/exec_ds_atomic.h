/* exec_ds_atomic: the DS instructions of the later DS block of isa.def (64-bit and float atomics,
 * mskor, wrap, condxchg, wrxchg2, the src2 forms, append/consume, ds_nop, ds_permute/bpermute)
 * and the 64-bit atomic operation the FLAT _x2 atomics share. The plain loads and stores
 * (ds_read_b96, ds_*2st64_b64) stay in exec_mem, which asks isa_ds_st64 for their stride.
 * Rules and sources: docs/semantics-scalar-memory.md. Needs: exec_operands. */
#ifndef GCNSIM_ISA_EXEC_DS_ATOMIC_H
#define GCNSIM_ISA_EXEC_DS_ATOMIC_H

#include "isa_exec.h"

/* Execute `in` when it is one of this file's DS instructions and return true; false leaves it to
 * exec_mem. */
bool isa_exec_ds_more(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

/* True for the DS read2/write2/wrxchg2 forms whose offset0/offset1 count 64 elements
 * (the st64 forms); the timing model uses it too. */
bool isa_ds_st64(isa_op_t op);

/* True for the DS instructions that move data between lanes through the LDS crossbar without
 * touching LDS memory (ds_swizzle_b32, ds_permute_b32, ds_bpermute_b32). */
bool isa_ds_crossbar(isa_op_t op);

/* The new memory value of a FLAT _x2 atomic (64-bit): `data` the operand, `cmp` the compare value
 * of cmpswap_x2. Returns `old` for an op that is not one of them. */
uint64_t isa_x_flat_atomic64(isa_op_t op, uint64_t old, uint64_t data, uint64_t cmp);

#endif

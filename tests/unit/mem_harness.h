/* mem_harness.h: FLAT and DS instructions built by hand and their lane addresses, for the memory
 * semantics tests (test_mem.c, test_ds.c). */
#ifndef GCNSIM_TESTS_MEM_HARNESS_H
#define GCNSIM_TESTS_MEM_HARNESS_H

#include "unit.h"

/* v[r:r+1] = base + lane * stride */
static inline void mh_set_addr(ut_machine_t *m, unsigned r, uint64_t base, uint64_t stride)
{
    for (unsigned l = 0; l < ISA_WAVE_SIZE; l++) {
        uint64_t a = base + l * stride;
        ut_vreg(m, r)[l] = (uint32_t)a;
        ut_vreg(m, r + 1)[l] = (uint32_t)(a >> 32);
    }
}

static inline isa_inst_t mh_flat_inst(isa_op_t op, int vdst, unsigned nd, int data, unsigned ndata)
{
    isa_inst_t in = ut_inst(op);
    in.src[0] = ut_vr(0, 2);
    if (vdst >= 0)
        in.vdst = ut_vr((unsigned)vdst, nd);
    if (data >= 0)
        in.src[1] = ut_vr((unsigned)data, ndata);
    return in;
}

static inline isa_inst_t mh_ds_inst(isa_op_t op, int vdst, unsigned nd, int d0, int d1, unsigned ndata)
{
    isa_inst_t in = ut_inst(op);
    in.src[0] = ut_v(0);
    if (vdst >= 0)
        in.vdst = ut_vr((unsigned)vdst, nd);
    if (d0 >= 0)
        in.src[1] = ut_vr((unsigned)d0, ndata);
    if (d1 >= 0)
        in.src[2] = ut_vr((unsigned)d1, ndata);
    return in;
}

static inline void mh_set_lds_addr(ut_machine_t *m, uint32_t base, uint32_t stride)
{
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = base + l * stride;
}

#endif

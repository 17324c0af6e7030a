/* isa_mem9: which gfx9 memory instruction is which (isa.h, "gfx9: FLAT segments, d16"). The global_
 * and scratch_ runs of isa.def repeat the flat_ order, so a segment instruction's flat_ relative is
 * an offset into that run; the asserts below keep the table honest. */
#include "isa.h"

_Static_assert(ISA_flat_store_dwordx4 - ISA_flat_load_ubyte == 13, "flat_ loads and stores are one run");
_Static_assert(ISA_flat_store_short_d16_hi - ISA_flat_load_ubyte_d16 == 7, "flat_ d16 forms are one run");
_Static_assert(ISA_flat_atomic_cmpswap - ISA_flat_atomic_swap == 12, "flat_ atomics are one run");
_Static_assert(ISA_flat_atomic_cmpswap_x2 - ISA_flat_atomic_swap_x2 == 12, "flat_ 64-bit atomics are one run");
_Static_assert(ISA_global_store_short_d16_hi - ISA_global_load_ubyte == 21, "global_ loads and stores are one run");
_Static_assert(ISA_global_atomic_cmpswap_x2 - ISA_global_atomic_swap == 25, "global_ atomics are one run");
_Static_assert(ISA_scratch_store_short_d16_hi - ISA_scratch_load_ubyte == 21, "scratch_ is one run");
_Static_assert(ISA_global_load_ubyte_d16 - ISA_global_load_ubyte == 14, "global_ d16 after the plain forms");
_Static_assert(ISA_s_buffer_atomic_cmpswap_x2 - ISA_s_atomic_swap == 51, "scalar atomics are one run");

/* The first and last entries of the mem9 block of isa.def (FLAT, then DS and MUBUF d16). */
#define MEM9_FIRST ISA_flat_load_ubyte_d16
#define MEM9_LAST ISA_s_buffer_atomic_cmpswap_x2

/* ... and the fin33 block (packed d16 formats, addtid DS, scalar scratch, s_dcache_discard). */
#define MEM9_REST_FIRST ISA_buffer_load_format_d16_xy_gfx9
#define MEM9_REST_LAST ISA_s_dcache_discard_x2

bool isa_op_mem9(isa_op_t op)
{
    return (op >= MEM9_FIRST && op <= MEM9_LAST) || (op >= MEM9_REST_FIRST && op <= MEM9_REST_LAST);
}

isa_seg_t isa_flat_seg(isa_op_t op)
{
    if (op >= ISA_global_load_ubyte && op <= ISA_global_atomic_cmpswap_x2)
        return ISA_SEG_GLOBAL;
    if (op >= ISA_global_atomic_add_f32 && op <= ISA_global_atomic_max_f64) /* CDNA (cdnaisa) */
        return ISA_SEG_GLOBAL;
    if (op >= ISA_global_load_lds_ubyte && op <= ISA_global_load_lds_dword)
        return ISA_SEG_GLOBAL;
    if (op >= ISA_scratch_load_lds_ubyte && op <= ISA_scratch_load_lds_dword)
        return ISA_SEG_SCRATCH;
    if (op >= ISA_scratch_load_ubyte && op <= ISA_scratch_store_short_d16_hi)
        return ISA_SEG_SCRATCH;
    return ISA_SEG_FLAT;
}

bool isa_flat9_form(isa_op_t op, isa_target_t t)
{
    return op < ISA_NUM_OPS && isa_ops[op].enc == ISA_ENC_FLAT && (t != ISA_TARGET_GFX803 || isa_op_mem9(op));
}

/* A load or store of a segment run at index i (the flat_ order: 14 plain, then 8 d16). */
static isa_op_t seg_run(unsigned i)
{
    return (isa_op_t)(i < 14 ? ISA_flat_load_ubyte + i : ISA_flat_load_ubyte_d16 + (i - 14));
}

isa_op_t isa_flat_base_op(isa_op_t op)
{
    if (op >= ISA_global_load_ubyte && op <= ISA_global_store_short_d16_hi)
        return seg_run(op - ISA_global_load_ubyte);
    if (op >= ISA_scratch_load_ubyte && op <= ISA_scratch_store_short_d16_hi)
        return seg_run(op - ISA_scratch_load_ubyte);
    if (op >= ISA_global_atomic_swap && op <= ISA_global_atomic_cmpswap)
        return (isa_op_t)(ISA_flat_atomic_swap + (op - ISA_global_atomic_swap));
    if (op >= ISA_global_atomic_swap_x2 && op <= ISA_global_atomic_cmpswap_x2)
        return (isa_op_t)(ISA_flat_atomic_swap_x2 + (op - ISA_global_atomic_swap_x2));
    if (op >= ISA_global_atomic_add_f32 && op <= ISA_global_atomic_max_f64) /* CDNA (cdnaisa) */
        return (isa_op_t)(ISA_flat_atomic_add_f32 + (op - ISA_global_atomic_add_f32));
    if (op >= ISA_global_load_lds_ubyte && op <= ISA_global_load_lds_dword) /* flat_load_ubyte .. _dword */
        return (isa_op_t)(ISA_flat_load_ubyte + (op - ISA_global_load_lds_ubyte));
    if (op >= ISA_scratch_load_lds_ubyte && op <= ISA_scratch_load_lds_dword)
        return (isa_op_t)(ISA_flat_load_ubyte + (op - ISA_scratch_load_lds_ubyte));
    return op < ISA_NUM_OPS && isa_ops[op].enc == ISA_ENC_FLAT ? op : ISA_NUM_OPS;
}

unsigned isa_op_d16(isa_op_t op)
{
    isa_op_t f = isa_flat_base_op(op);
    switch (f == ISA_NUM_OPS ? op : f) {
    case ISA_flat_load_ubyte_d16: case ISA_flat_load_sbyte_d16: case ISA_flat_load_short_d16:
    case ISA_ds_read_u8_d16: case ISA_ds_read_i8_d16: case ISA_ds_read_u16_d16:
    case ISA_buffer_load_ubyte_d16: case ISA_buffer_load_sbyte_d16: case ISA_buffer_load_short_d16:
        return ISA_D16_LO;
    case ISA_flat_load_ubyte_d16_hi: case ISA_flat_load_sbyte_d16_hi: case ISA_flat_load_short_d16_hi:
    case ISA_flat_store_byte_d16_hi: case ISA_flat_store_short_d16_hi:
    case ISA_ds_read_u8_d16_hi: case ISA_ds_read_i8_d16_hi: case ISA_ds_read_u16_d16_hi:
    case ISA_ds_write_b8_d16_hi: case ISA_ds_write_b16_d16_hi:
    case ISA_buffer_load_ubyte_d16_hi: case ISA_buffer_load_sbyte_d16_hi: case ISA_buffer_load_short_d16_hi:
    case ISA_buffer_store_byte_d16_hi: case ISA_buffer_store_short_d16_hi:
        return ISA_D16_HI;
    default:
        return ISA_D16_NONE;
    }
}

isa_op_t isa_smem_atomic_flat_op(isa_op_t op)
{
    if (op < ISA_s_atomic_swap || op > ISA_s_buffer_atomic_cmpswap_x2)
        return ISA_NUM_OPS;
    unsigned k = (unsigned)(op - ISA_s_atomic_swap) % 26; /* s_atomic_ and s_buffer_atomic_ alike */
    return (isa_op_t)(k < 13 ? ISA_flat_atomic_swap + k : ISA_flat_atomic_swap_x2 + (k - 13));
}

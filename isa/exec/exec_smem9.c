/* exec_smem9: gfx9's scalar atomics (Vega ISA manual, "Scalar Memory Operations", S_ATOMIC_* and
 * S_BUFFER_ATOMIC_*). One read-modify-write of a dword (or a qword, _x2) at the SGPR-pair address
 * (s_atomic_) or the V#'s base (s_buffer_atomic_, 48 bits) plus the offset (the 20-bit immediate or
 * an SGPR), with the low two address bits ignored as for every scalar access. The data are SDATA's
 * registers (cmpswap: {new value, compare value}); with glc the old value returns into SDATA's
 * first one (two for _x2), which isa_inst_t names as sdst. An s_buffer_atomic_ whose offset is at or
 * past the V#'s num_records does nothing and returns 0, as the buffer instructions' range check.
 * docs/semantics-scalar-memory.md, "gfx9: scalar atomics". */
#include "exec/exec_smem9.h"

#include "exec/exec_ds_atomic.h"
#include "exec/exec_mem.h"
#include "exec/exec_operands.h"
#include "common/le.h"

#include <inttypes.h>

void isa_exec_smem_atomic(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    isa_op_t f = isa_smem_atomic_flat_op((isa_op_t)in->op);
    bool buffer = in->op >= ISA_s_buffer_atomic_swap;
    bool wide = info->mem_bytes == 8;
    bool cmpswap = f == ISA_flat_atomic_cmpswap || f == ISA_flat_atomic_cmpswap_x2;
    unsigned ndata = (wide ? 2u : 1u) * (cmpswap ? 2u : 1u);
    if (f == ISA_NUM_OPS || in->nsrc < 2 || in->src[0].code + ndata > ISA_NUM_SREGS ||
        in->src[1].code + (buffer ? 4u : 2u) > ISA_NUM_SREGS) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: bad scalar atomic operands", info->name);
        return;
    }
    uint32_t off = in->has_soffset_sgpr ? isa_x_read_s32(w, in, in->src[2]) : in->offset;
    uint64_t base;
    bool in_range = true;
    if (buffer) {
        const uint32_t *v = &w->sreg[in->src[1].code];
        base = ((uint64_t)v[0] | (uint64_t)(v[1] & 0xffffu) << 32);
        in_range = (uint64_t)(off & ~3u) + info->mem_bytes <= v[2];
    } else {
        base = (uint64_t)w->sreg[in->src[1].code] | (uint64_t)w->sreg[in->src[1].code + 1] << 32;
    }
    uint64_t addr = (base + off) & ~(uint64_t)3;
    if (buffer)
        addr &= 0xffffffffffffull;
    res->lanes = 1;
    res->addr[0] = addr;
    uint64_t old = 0;
    if (in_range) {
        uint8_t *p = w->mem && w->mem->translate ? w->mem->translate(w->mem->ctx, addr, info->mem_bytes) : NULL;
        if (!p) {
            isa_x_fault(res, ISA_FAULT_UNMAPPED, -1, addr, "%s: scalar atomic of %u bytes at address 0x%" PRIx64
                        " is not mapped", info->name, (unsigned)info->mem_bytes, addr);
            return;
        }
        const uint32_t *d = &w->sreg[in->src[0].code];
        if (wide) {
            old = (uint64_t)le_get32(p) | (uint64_t)le_get32(p + 4) << 32;
            uint64_t data = (uint64_t)d[0] | (uint64_t)d[1] << 32;
            uint64_t cmp = cmpswap ? (uint64_t)d[2] | (uint64_t)d[3] << 32 : 0;
            uint64_t nv = isa_x_flat_atomic64(f, old, data, cmp);
            le_put32(p, (uint32_t)nv);
            le_put32(p + 4, (uint32_t)(nv >> 32));
        } else {
            old = le_get32(p);
            le_put32(p, isa_x_atomic32(f, (uint32_t)old, d[0], cmpswap ? d[1] : 0));
        }
    }
    if (in->sdst.code < ISA_NUM_SREGS) { /* glc: the old value */
        isa_x_write_dst_s32(w, in->sdst.code, (uint32_t)old);
        if (wide)
            isa_x_write_dst_s32(w, (uint16_t)(in->sdst.code + 1), (uint32_t)(old >> 32));
    }
}

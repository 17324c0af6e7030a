/* exec_flat9: gfx9's FLAT family (Vega ISA manual, "FLAT, Scratch and Global instructions"): flat_
 * with an immediate offset, global_ and scratch_, and the d16 loads and stores of all three.
 * Addresses, per lane:
 *   flat_     VGPR pair + offset (unsigned 12 bits); global memory (the flat apertures onto LDS and
 *             scratch are not modelled, as on gfx8)
 *   global_   SADDR off: VGPR pair + offset; SADDR an SGPR pair: that pair + the 32-bit VGPR
 *             (unsigned) + offset (signed 13 bits)
 *   scratch_  a private offset o = the VGPR or the SGPR (one of them, the other `off`) + offset
 *             (signed 13 bits), in the wave's private segment at FLAT_SCRATCH, interleaved per
 *             dword as the scratch buffer descriptor interleaves it (AMDGPUUsage, "Memory
 *             Spaces", Private): FLAT_SCRATCH + (o / 4) * 256 + lane * 4 + o % 4.
 * As isa_exec_flat: every active lane is checked before anything is written; atomics apply in lane
 * order. Rules: docs/semantics-scalar-memory.md, "gfx9: global_, scratch_ and d16". */
#include "exec/exec_flat9.h"

#include "exec/exec_ds_atomic.h"
#include "exec/exec_mem.h"
#include "exec/exec_operands.h"
#include "common/le.h"

#include <inttypes.h>

static bool vregs_ok(const isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, isa_operand_t o, uint32_t n)
{
    if (isa_x_vregs_in(w, o, n)) /* a VGPR, or on gfx90a an AGPR */
        return true;
    bool a = isa_opnd_is_agpr(o);
    isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: operand needs %" PRIu32 " %s(s) within the wave's %" PRIu32,
                isa_ops[in->op].name, n, a ? "AGPR" : "VGPR", a ? w->nagpr : w->nvgpr);
    return false;
}

static uint8_t *mem_at(const isa_wave_t *w, uint64_t addr, uint32_t size)
{
    if (!w->mem || !w->mem->translate)
        return NULL;
    return w->mem->translate(w->mem->ctx, addr, size);
}

/* The immediate offset as the address adds it. */
static int64_t imm_offset(const isa_inst_t *in, isa_seg_t seg)
{
    if (seg == ISA_SEG_FLAT)
        return (int64_t)(in->offset & 0xfffu);
    uint32_t o = in->offset & 0x1fffu;
    return (int64_t)(int32_t)(o << 19) >> 19;
}

void isa_exec_flat9(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    isa_op_t base = isa_flat_base_op((isa_op_t)in->op);
    isa_seg_t seg = isa_flat_seg((isa_op_t)in->op);
    unsigned d16 = isa_op_d16((isa_op_t)in->op);
    uint64_t exec = isa_wave_exec(w);
    uint32_t size = info->mem_bytes;
    uint32_t ndw = size < 4 ? 1 : size / 4; /* data registers per lane */
    bool saddr = in->src[2].code != ISA_OPND_NONE;
    bool cmpswap = base == ISA_flat_atomic_cmpswap || base == ISA_flat_atomic_cmpswap_x2;

    /* Operands: the assembler and decoder give these shapes; anything else is refused here. */
    if (seg != ISA_SEG_SCRATCH || in->src[0].code != ISA_OPND_NONE)
        if (!vregs_ok(w, in, res, in->src[0], seg == ISA_SEG_SCRATCH || (seg == ISA_SEG_GLOBAL && saddr) ? 1 : 2))
            return;
    bool lds = isa_op_flat_lds((isa_op_t)in->op); /* gfx940: into LDS, no VGPR (cdnaisa) */
    if ((info->flags & ISA_FL_LOAD) && !lds && !vregs_ok(w, in, res, in->vdst, ndw))
        return;
    if ((info->flags & (ISA_FL_STORE | ISA_FL_ATOMIC)) && !vregs_ok(w, in, res, in->src[1], cmpswap ? 2 * ndw : ndw))
        return;
    if ((info->flags & ISA_FL_ATOMIC) && isa_opnd_is_vreg(in->vdst) && !vregs_ok(w, in, res, in->vdst, ndw))
        return;
    if (saddr && (seg == ISA_SEG_FLAT || in->src[2].code >= ISA_NUM_SREGS)) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: SADDR must be an SGPR", info->name);
        return;
    }

    /* Each lane's address of its first byte, and how far apart its dwords lie. */
    uint64_t addr[ISA_WAVE_SIZE];
    uint64_t dstride = 4;
    int64_t off = imm_offset(in, seg);
    const uint32_t *v0 = in->src[0].code != ISA_OPND_NONE ? isa_x_vgpr(w, isa_x_vreg(in->src[0])) : NULL;
    if (seg == ISA_SEG_SCRATCH) {
        uint64_t fs = (uint64_t)w->sreg[ISA_REG_FLAT_SCRATCH_LO] | (uint64_t)w->sreg[ISA_REG_FLAT_SCRATCH_HI] << 32;
        uint32_t s = saddr ? w->sreg[in->src[2].code] : 0;
        dstride = 4 * ISA_WAVE_SIZE;
        for (int l = 0; l < ISA_WAVE_SIZE; l++) {
            uint32_t o = (uint32_t)((int64_t)(v0 ? v0[l] : 0) + s + off); /* gfx940: VGPR + SGPR, or neither */
            addr[l] = fs + (uint64_t)(o >> 2) * dstride + (uint64_t)l * 4 + (o & 3);
            /* A lane's bytes are contiguous only inside one dword of the interleave. */
            if ((exec >> l & 1) && (size >= 4 ? (o & 3) != 0 : (o & 3) + size > 4)) {
                isa_x_fault(res, ISA_FAULT_MISALIGNED, l, o,
                            "%s: lane %d: private offset 0x%" PRIx32 " crosses a dword of the interleaved scratch "
                            "(gcnsim does not model unaligned scratch access)", info->name, l, o);
                return;
            }
        }
    } else if (saddr) {
        uint64_t sb = (uint64_t)w->sreg[in->src[2].code] | (uint64_t)w->sreg[in->src[2].code + 1] << 32;
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            addr[l] = sb + v0[l] + (uint64_t)off;
    } else {
        const uint32_t *v1 = v0 + ISA_WAVE_SIZE;
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            addr[l] = ((uint64_t)v0[l] | (uint64_t)v1[l] << 32) + (uint64_t)off;
    }
    res->lanes = exec;
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        res->addr[l] = (exec >> l & 1) ? addr[l] : 0;

    /* Every active lane's every piece is mapped before anything moves. */
    uint32_t piece = size < 4 ? size : 4;
    for (uint64_t m = exec; m; m &= m - 1) {
        int l = __builtin_ctzll(m);
        for (uint32_t i = 0; i < ndw; i++) {
            uint64_t a = addr[l] + i * dstride;
            if (!mem_at(w, a, piece)) {
                isa_x_fault(res, ISA_FAULT_UNMAPPED, l, a,
                            "%s: lane %d: address 0x%" PRIx64 " (%" PRIu32 " bytes) is not mapped", info->name, l, a,
                            piece);
                return;
            }
        }
    }

    if (info->flags & ISA_FL_LOAD) {
        uint32_t out[4][ISA_WAVE_SIZE] = { { 0 } };
        const uint32_t *old = d16 ? isa_x_vgpr(w, isa_x_vreg(in->vdst)) : NULL;
        uint32_t lds_at = lds ? (w->sreg[ISA_REG_M0] & 0xffffu) + (uint32_t)off : 0; /* as MUBUF's lds bit */
        for (uint64_t m = lds ? exec : 0; m; m &= m - 1) {
            int l = __builtin_ctzll(m);
            uint32_t a = lds_at + 4u * (uint32_t)l;
            if ((uint64_t)a + 4 > w->lds_size) {
                isa_x_fault(res, ISA_FAULT_LDS_BOUNDS, l, a,
                            "%s: lane %d: LDS address 0x%" PRIx32 " (M0[15:0] + offset + lane * 4) is outside the "
                            "workgroup's LDS allocation (%" PRIu32 " bytes)", info->name, l, a, w->lds_size);
                return;
            }
        }
        for (uint64_t m = exec; m; m &= m - 1) {
            int l = __builtin_ctzll(m);
            const uint8_t *p = mem_at(w, addr[l], piece);
            uint32_t v;
            switch (base) {
            case ISA_flat_load_ubyte: case ISA_flat_load_ubyte_d16: case ISA_flat_load_ubyte_d16_hi:
                v = p[0];
                break;
            case ISA_flat_load_sbyte: case ISA_flat_load_sbyte_d16: case ISA_flat_load_sbyte_d16_hi:
                v = (uint32_t)(int32_t)(int8_t)p[0];
                break;
            case ISA_flat_load_ushort: case ISA_flat_load_short_d16: case ISA_flat_load_short_d16_hi:
                v = (uint32_t)p[0] | (uint32_t)p[1] << 8;
                break;
            case ISA_flat_load_sshort:
                v = (uint32_t)(int32_t)(int16_t)(uint16_t)((uint32_t)p[0] | (uint32_t)p[1] << 8);
                break;
            default:
                for (uint32_t i = 0; i < ndw; i++)
                    out[i][l] = le_get32(mem_at(w, addr[l] + i * dstride, 4));
                continue;
            }
            /* d16: one half of the VGPR, the other kept (its value when the load issues). */
            if (d16 == ISA_D16_LO)
                v = (old[l] & 0xffff0000u) | (v & 0xffffu);
            else if (d16 == ISA_D16_HI)
                v = (old[l] & 0xffffu) | v << 16;
            out[0][l] = v;
        }
        if (lds) {
            for (uint64_t m = exec; m; m &= m - 1) {
                int l = __builtin_ctzll(m);
                le_put32(w->lds + lds_at + 4u * (uint32_t)l, out[0][l]);
            }
            return;
        }
        for (uint32_t i = 0; i < ndw; i++)
            isa_x_write_dst_v32(w, isa_x_vreg(in->vdst) + i, exec, out[i]);
    } else if (info->flags & ISA_FL_STORE) {
        uint32_t dreg = isa_x_vreg(in->src[1]);
        for (uint64_t m = exec; m; m &= m - 1) {
            int l = __builtin_ctzll(m);
            uint32_t v = isa_x_vgpr(w, dreg)[l];
            if (d16 == ISA_D16_HI)
                v >>= 16;
            if (size < 4) {
                uint8_t *p = mem_at(w, addr[l], size);
                p[0] = (uint8_t)v;
                if (size == 2)
                    p[1] = (uint8_t)(v >> 8);
                continue;
            }
            for (uint32_t i = 0; i < ndw; i++)
                le_put32(mem_at(w, addr[l] + i * dstride, 4), isa_x_vgpr(w, dreg + i)[l]);
        }
    } else if (info->flags & ISA_FL_ATOMIC) {
        uint32_t dreg = isa_x_vreg(in->src[1]);
        uint32_t ret[ISA_WAVE_SIZE] = { 0 }, ret_hi[ISA_WAVE_SIZE] = { 0 };
        for (uint64_t m = exec; m; m &= m - 1) {
            int l = __builtin_ctzll(m);
            uint8_t *p = mem_at(w, addr[l], size);
            if (size == 8) {
                /* 64-bit data in v[n:n+1]; cmpswap_x2's is v[n:n+3] = {new value, compare value} */
                uint64_t old = (uint64_t)le_get32(p) | (uint64_t)le_get32(p + 4) << 32;
                uint64_t data = isa_x_vgpr(w, dreg)[l] | (uint64_t)isa_x_vgpr(w, dreg + 1)[l] << 32;
                uint64_t cmp = cmpswap ? isa_x_vgpr(w, dreg + 2)[l] | (uint64_t)isa_x_vgpr(w, dreg + 3)[l] << 32 : 0;
                uint64_t nv = isa_x_flat_atomic64(base, old, data, cmp);
                le_put32(p, (uint32_t)nv);
                le_put32(p + 4, (uint32_t)(nv >> 32));
                ret[l] = (uint32_t)old;
                ret_hi[l] = (uint32_t)(old >> 32);
                continue;
            }
            uint32_t old = le_get32(p);
            uint32_t cmp = cmpswap ? isa_x_vgpr(w, dreg + 1)[l] : 0;
            le_put32(p, isa_x_atomic32(base, old, isa_x_vgpr(w, dreg)[l], cmp));
            ret[l] = old;
        }
        /* Returning (glc) atomics write the pre-op value; written last since vdst may alias data. */
        if (isa_opnd_is_vreg(in->vdst)) {
            isa_x_write_dst_v32(w, isa_x_vreg(in->vdst), exec, ret);
            if (size == 8)
                isa_x_write_dst_v32(w, isa_x_vreg(in->vdst) + 1, exec, ret_hi);
        }
    } else {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: not a FLAT memory instruction", info->name);
    }
}

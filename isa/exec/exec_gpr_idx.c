/* exec_gpr_idx: VGPR index mode (exec_gpr_idx.h). The GCN3 ISA manual, chapter 12: S_SET_GPR_IDX_ON
 * (SOPC 17) sets MODE.GPR_IDX_EN, M0[7:0] = S0[7:0] (the index) and M0[15:12] = the 4-bit mask
 * (bit 0 VSRC0_REL, 1 VSRC1_REL, 2 VSRC2_REL, 3 VDST_REL); S_SET_GPR_IDX_OFF (SOPP 28) clears
 * GPR_IDX_EN and leaves M0 alone; S_SET_GPR_IDX_MODE (SOPP 29) sets M0[15:12]; S_SET_GPR_IDX_IDX
 * (SOP1 50) sets M0[7:0]. The other bits of M0 are kept. While the mode is on, a VALU
 * instruction's VGPR operands selected by the mask address v[n + M0[7:0]] (scalar operands and
 * constants are not indexed). LLVM uses it for dynamically indexed vectors on gfx8:
 * s_set_gpr_idx_on s2, gpr_idx(SRC0); v_mov_b32 v0, v1; s_set_gpr_idx_off reads v[1 + s2]. */
#include "exec/exec_gpr_idx.h"

#include "exec/exec_operands.h"

enum { MODE_GPR_IDX_EN = 1u << 27 };

void isa_exec_gpr_idx(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    (void)res;
    uint32_t m0 = w->sreg[ISA_REG_M0];
    uint32_t mask = (uint32_t)in->simm16 & 0xfu;
    switch ((isa_op_t)in->op) {
    case ISA_s_set_gpr_idx_on:
        m0 = (m0 & ~0xf0ffu) | (isa_x_read_s32(w, in, in->src[0]) & 0xffu) | mask << 12;
        isa_wave_set_mode(w, w->mode | MODE_GPR_IDX_EN);
        break;
    case ISA_s_set_gpr_idx_off:
        isa_wave_set_mode(w, w->mode & ~(uint32_t)MODE_GPR_IDX_EN);
        break;
    case ISA_s_set_gpr_idx_mode:
        m0 = (m0 & ~0xf000u) | mask << 12;
        break;
    default: /* s_set_gpr_idx_idx */
        m0 = (m0 & ~0xffu) | (isa_x_read_s32(w, in, in->src[0]) & 0xffu);
        break;
    }
    w->sreg[ISA_REG_M0] = m0;
}

static void offset_vgpr(isa_operand_t *o, uint32_t idx)
{
    if (!isa_opnd_is_vgpr(*o))
        return;
    uint32_t code = o->code + idx;
    if (code < ISA_AGPR_BASE) {
        o->code = (uint16_t)code;
        return;
    }
    /* Past v255 no wave has the register (and the codes there are AGPRs'): keep a VGPR operand
     * that ends where the indexed one would, so the operand check faults on it. */
    uint32_t end = code - ISA_VGPR_BASE + o->count;
    o->code = ISA_AGPR_BASE - 1;
    o->count = (uint8_t)(end - 255 > 255 ? 255 : end - 255);
}

const isa_inst_t *isa_valu_indexed(const isa_wave_t *w, const isa_inst_t *in, isa_inst_t *copy)
{
    uint32_t m0 = w->sreg[ISA_REG_M0], idx = m0 & 0xffu, mask = (m0 >> 12) & 0xfu;
    *copy = *in;
    for (int i = 0; i < 3; i++)
        if (mask >> i & 1)
            offset_vgpr(&copy->src[i], idx);
    if (mask & 8)
        offset_vgpr(&copy->vdst, idx);
    return copy;
}

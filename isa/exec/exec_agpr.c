/* exec_agpr: the AGPR moves (exec_agpr.h). Each copies 32 bits per EXEC lane, unchanged (AMD
 * "Instinct MI100" ISA reference guide, V_ACCVGPR_READ_B32 "Move data from an accumulation register
 * to a VGPR", V_ACCVGPR_WRITE_B32 "... from a VGPR to an accumulation register"; the MI200 guide,
 * V_ACCVGPR_MOV_B32 "Move data from one accumulation register to another"); lanes outside EXEC
 * keep their value. docs/semantics-valu.md, "AGPRs". */
#include "exec/exec_agpr.h"

#include "exec/exec_operands.h"

bool isa_valu_agpr(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    isa_op_t op = (isa_op_t)in->op;
    if (op != ISA_v_accvgpr_read_b32 && op != ISA_v_accvgpr_write_b32 && op != ISA_v_accvgpr_mov_b32)
        return false;
    const isa_operand_t *bad = !isa_x_vregs_in(w, in->vdst, 1) ? &in->vdst : NULL;
    if (!bad && in->nsrc >= 1 && (isa_opnd_is_vreg(in->src[0]) || op != ISA_v_accvgpr_write_b32) &&
        !isa_x_vregs_in(w, in->src[0], 1))
        bad = &in->src[0];
    if (bad) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: %s operand beyond the wave's %u %ss", isa_ops[op].name,
                    isa_opnd_is_agpr(*bad) ? "AGPR" : "VGPR", isa_opnd_is_agpr(*bad) ? w->nagpr : w->nvgpr,
                    isa_opnd_is_agpr(*bad) ? "AGPR" : "VGPR");
        return true;
    }
    uint32_t v[ISA_WAVE_SIZE];
    isa_x_read_v32(w, in, in->src[0], v);
    isa_x_write_v32(w, isa_x_vreg(in->vdst), isa_wave_exec(w), v);
    return true;
}

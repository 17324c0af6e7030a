/* exec: the functional-execution entry point (isa_exec, isa.h): each encoding goes to its family's
 * file (exec_salu, exec_valu, exec_mem), which use the operand access of exec_operands below them. */
#include "isa_exec.h"

#include "exec/exec_buffer.h"
#include "exec/exec_flat9.h"
#include "exec/exec_gpr_idx.h"
#include "exec/exec_mem.h"
#include "exec/exec_mfma.h"
#include "exec/exec_operands.h"
#include "exec/exec_salu.h"
#include "exec/exec_smem9.h"
#include "exec/exec_valu.h"

void isa_exec(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    res->status = ISA_EXEC_OK;
    res->branch_taken = false;
    res->target = in->target;
    res->fault = ISA_FAULT_NONE;
    res->fault_lane = -1;
    res->lanes = 0;
    res->elem_bytes = 0;
    switch (isa_ops[in->op].enc) {
    case ISA_ENC_SOP1:
    case ISA_ENC_SOP2:
    case ISA_ENC_SOPC:
    case ISA_ENC_SOPK:
        if (isa_is_gpr_idx_op(in->op)) /* VGPR index mode (exec_gpr_idx.c) */
            isa_exec_gpr_idx(w, in, res);
        else
            isa_exec_salu(w, in, res);
        break;
    case ISA_ENC_SOPP:
        if (isa_is_gpr_idx_op(in->op))
            isa_exec_gpr_idx(w, in, res);
        else
            isa_exec_sopp(w, in, res);
        break;
    case ISA_ENC_SMEM:
        if (in->op == ISA_s_memtime || in->op == ISA_s_memrealtime) { /* the caller's clock (isa.h) */
            uint64_t t = w->clock_src ? *w->clock_src : w->clock;
            if (in->sdst.code < ISA_NUM_SREGS - 1) { /* as isa_x_write_s64, to the sink if set */
                isa_x_write_dst_s32(w, in->sdst.code, (uint32_t)t);
                isa_x_write_dst_s32(w, (uint16_t)(in->sdst.code + 1), (uint32_t)(t >> 32));
            }
        } else if (isa_smem_atomic_flat_op((isa_op_t)in->op) != ISA_NUM_OPS) { /* gfx9 (exec_smem9.c) */
            isa_exec_smem_atomic(w, in, res);
        } else if (isa_exec_is_sbuffer((isa_op_t)in->op))
            isa_exec_sbuffer(w, in, res);
        else
            isa_exec_smem(w, in, res);
        break;
    case ISA_ENC_VOP1:
    case ISA_ENC_VOP2:
    case ISA_ENC_VOPC:
    case ISA_ENC_VOP3:
    case ISA_ENC_VOP3P: isa_exec_valu(w, in, res); break; /* and CDNA's matrix instructions (exec_mfma.c) */
    case ISA_ENC_FLAT:
        if (isa_flat9_form((isa_op_t)in->op, w->target)) /* gfx9's segments, offsets, d16 (exec_flat9.c) */
            isa_exec_flat9(w, in, res);
        else
            isa_exec_flat(w, in, res);
        break;
    case ISA_ENC_DS: isa_exec_ds(w, in, res); break;
    case ISA_ENC_MUBUF:
    case ISA_ENC_MTBUF: isa_exec_buffer(w, in, res); break;
    default: isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "illegal instruction"); break;
    }
    if (res->status == ISA_EXEC_FAULT)
        return;
    w->pc = res->branch_taken ? res->target : w->pc + 1;
}

void isa_inst_predecode(isa_inst_t *in)
{
    in->exec_kind = ISA_XK_NONE;
    in->vgpr_end = 0;
    if (in->op >= ISA_NUM_OPS)
        return;
    switch (isa_ops[in->op].enc) {
    case ISA_ENC_VOP1:
    case ISA_ENC_VOP2:
    case ISA_ENC_VOPC:
    case ISA_ENC_VOP3:
    case ISA_ENC_VOP3P:
        if (isa_ops[in->op].flags & ISA_FL_MFMA) /* the MFMAs check their operands themselves */
            isa_mfma_predecode(in);
        else
            isa_valu_predecode(in);
        break;
    default: break;
    }
}

void isa_program_predecode(isa_program_t *prog)
{
    for (uint32_t k = 0; k < prog->nkernels; k++)
        for (uint32_t i = 0; i < prog->kernels[k].ninsts; i++)
            isa_inst_predecode(&prog->kernels[k].insts[i]);
}

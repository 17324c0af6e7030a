/* TEMPORARY scaffolding: replaced by the real semantics in this session. */
#include "exec_internal.h"
void isa_exec_salu(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res) { (void)w; isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: not implemented yet", isa_ops[in->op].name); }
void isa_exec_sopp(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res) { (void)w; isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: not implemented yet", isa_ops[in->op].name); }
void isa_exec_smem(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res) { (void)w; isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: not implemented yet", isa_ops[in->op].name); }

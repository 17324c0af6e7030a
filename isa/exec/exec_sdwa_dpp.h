/* exec_sdwa_dpp: the SDWA and DPP forms of any VOP1/VOP2/VOPC instruction, as a layer around its
 * ordinary semantics: the sources are selected / sign-extended (SDWA) or read from other lanes
 * (DPP) into a small private register file, the instruction runs there unchanged, and its result
 * is merged back into the destination (dst_sel/dst_unused, row/bank masks, bound_ctrl). The rules
 * and their sources are in docs/semantics-valu.md ("SDWA and DPP"). Private to isa/exec/. */
#ifndef GCNSIM_ISA_EXEC_SDWA_DPP_H
#define GCNSIM_ISA_EXEC_SDWA_DPP_H

#include "isa_exec.h"

/* The ordinary semantics of a VALU instruction (exec_valu.c); false when not implemented. */
typedef bool (*isa_valu_run_fn)(isa_wave_t *w, const isa_inst_t *in);

/* Execute `in` (form SDWA or DPP, operands already checked) on the wave through `run`. */
void isa_valu_ext(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, isa_valu_run_fn run);

/* The source lane lane `lane` reads under DPP control `ctrl`, or -1 when there is none (shifted
 * past its row or the wave, row 0 of row_bcast:15, rows 0-1 of row_bcast:31). */
int isa_dpp_src_lane(unsigned ctrl, int lane);

#endif

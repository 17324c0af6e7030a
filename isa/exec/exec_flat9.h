/* exec_flat9: gfx9's FLAT family: flat_ with an offset, global_, scratch_ and the d16 forms
 * (isa.h, "gfx9: FLAT segments, d16"). Needs: exec_operands, exec_mem (the atomics). */
#ifndef GCNSIM_ISA_EXEC_FLAT9_H
#define GCNSIM_ISA_EXEC_FLAT9_H

#include "isa_exec.h"

/* Apply a FLAT-family instruction in its gfx9 form (isa_flat9_form) to the wave. */
void isa_exec_flat9(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

#endif

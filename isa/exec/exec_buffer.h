/* exec_buffer: the buffer family (MUBUF, MTBUF) and s_buffer_load_*, on buffer resource
 * descriptors. Needs: exec_operands. */
#ifndef GCNSIM_ISA_EXEC_BUFFER_H
#define GCNSIM_ISA_EXEC_BUFFER_H

#include "isa_exec.h"

void isa_exec_buffer(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

/* s_buffer_load_dword*: SMEM through a descriptor (routed here from the SMEM family). */
bool isa_exec_is_sbuffer(isa_op_t op);
void isa_exec_sbuffer(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res);

#endif

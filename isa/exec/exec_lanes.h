/* exec_lanes: the per-lane helpers the VALU semantics files (exec_valu.c, exec_valu_float.c,
 * exec_vcmp.c) share: the lane-mask destination, f32 NaN tests, the LANES loop. Inline only, so
 * each of them may include it. Private to isa/exec/. */
#ifndef GCNSIM_ISA_EXEC_LANES_H
#define GCNSIM_ISA_EXEC_LANES_H

#include "exec/exec_operands.h"

/* Lane-mask destination: the instruction's sdst, or VCC when the e32 form left it unset. */
static inline uint16_t isa_valu_mask_dst(const isa_inst_t *in)
{
    return in->sdst.code == ISA_OPND_NONE ? (uint16_t)ISA_REG_VCC_LO : in->sdst.code;
}

/* f32 bit-pattern classification. */
static inline bool isa_valu_isnan(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
static inline bool isa_valu_issnan(uint32_t b) { return isa_valu_isnan(b) && !(b & 0x00400000u); }

/* Apply `expr` (over the lane's sources a, b, c) to every lane: d[l] = expr. The caller has
 * per-lane source arrays s0..s2 and a result array d; EXEC is applied when d is written back. */
#define LANES(expr)                                                       \
    do {                                                                  \
        for (int l = 0; l < NL; l++) {                                    \
            uint32_t a = s0[l], b = s1[l], c = s2[l];                     \
            (void)a; (void)b; (void)c;                                    \
            d[l] = (expr);                                                \
        }                                                                 \
    } while (0)

#endif

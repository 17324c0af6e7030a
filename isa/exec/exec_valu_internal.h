/* exec_valu_internal: what the VALU semantics files (exec_valu.c, exec_valu_float.c, exec_vcmp.c)
 * share. Private to those files. Each family handler returns true when it knows the opcode, so
 * isa_exec_valu can report anything left over as not implemented. */
#ifndef GCNSIM_ISA_EXEC_VALU_INTERNAL_H
#define GCNSIM_ISA_EXEC_VALU_INTERNAL_H

#include "exec/exec_internal.h"

/* Integer, bit, lane and 64-bit ops (exec_valu.c). */
bool isa_valu_int(isa_wave_t *w, const isa_inst_t *in);
/* f32 arithmetic, conversions and transcendentals (exec_valu_float.c). */
bool isa_valu_float(isa_wave_t *w, const isa_inst_t *in);
/* Every VOPC opcode (exec_vcmp.c). */
bool isa_valu_cmp(isa_wave_t *w, const isa_inst_t *in);

/* Per-lane f32 source `i` with the source modifiers applied (abs, then neg) and, when the wave
 * flushes f32 denormals and `flush` is set, denormals replaced by a zero of the same sign. */
void isa_valu_read_f32(const isa_wave_t *w, const isa_inst_t *in, int i, bool flush, uint32_t out[ISA_WAVE_SIZE]);

/* Finish an f32 result and write it to vdst for the EXEC lanes: output modifier (ignored in IEEE
 * mode, as on hardware), clamp to [0,1] (NaN -> +0), denormal flush. */
void isa_valu_write_f32(isa_wave_t *w, const isa_inst_t *in, uint32_t d[ISA_WAVE_SIZE]);

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

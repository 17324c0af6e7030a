/* exec_operands: operand access shared by every instruction family of isa/exec/ (not exported
 * beyond it), at the bottom of them: reads, writes, f32 bit helpers and faults. Operand reads
 * follow the hardware's source encoding: SGPRs and special registers, inline constants (integers
 * sign-extended to 64 bits, floats as f32 or f64 bit patterns), the instruction's literal
 * (zero-extended for 64-bit operands), SCC/VCCZ/EXECZ, and VGPRs. Needs: isa.h only. */
#ifndef GCNSIM_ISA_EXEC_OPERANDS_H
#define GCNSIM_ISA_EXEC_OPERANDS_H

#include "isa_exec.h"

#include <string.h>

/* Scalar reads (SALU operands, VALU scalar operands, lane selects). */
uint32_t isa_x_read_s32(const isa_wave_t *w, const isa_inst_t *in, isa_operand_t o);
/* 64-bit operands: SGPR pair, inline integer sign-extended, inline float as f64, literal
 * zero-extended. `fp64` selects the f64 meaning of the float inline constants. */
uint64_t isa_x_read_s64(const isa_wave_t *w, const isa_inst_t *in, isa_operand_t o, bool fp64);

/* Scalar writes; writing VCC/EXEC/M0 goes through the same array. Writes to an inline
 * constant or literal code are ignored (the assembler never produces them). */
void isa_x_write_s32(isa_wave_t *w, uint16_t code, uint32_t v);
void isa_x_write_s64(isa_wave_t *w, uint16_t code, uint64_t v);

/* Per-lane source values of a VALU operand (a VGPR, or a scalar broadcast to every lane). The
 * 64-bit form reads VGPR pairs. No modifiers applied. */
void isa_x_read_v32(const isa_wave_t *w, const isa_inst_t *in, isa_operand_t o, uint32_t out[ISA_WAVE_SIZE]);
void isa_x_read_v64(const isa_wave_t *w, const isa_inst_t *in, isa_operand_t o, bool fp64, uint64_t out[ISA_WAVE_SIZE]);

/* The vector registers by one index, isa_x_vreg's: 0..255 the VGPRs, 256..511 CDNA's AGPRs (an
 * AGPR operand's code less ISA_VGPR_BASE), so that every instruction reads and writes both files
 * through the same accessors. isa_x_vgpr: the 64 lanes of vector register `reg`. */
static inline uint32_t *isa_x_vgpr(isa_wave_t *w, uint32_t reg) { return isa_wave_vreg(w, reg); }
static inline const uint32_t *isa_x_vgpr_c(const isa_wave_t *w, uint32_t reg) { return isa_wave_vreg(w, reg); }
static inline uint32_t isa_x_vreg(isa_operand_t o) { return (uint32_t)o.code - ISA_VGPR_BASE; }
/* Whether operand o names n VGPRs within the wave's nvgpr, or n AGPRs within its nagpr. */
static inline bool isa_x_vregs_in(const isa_wave_t *w, isa_operand_t o, uint32_t n)
{
    return isa_opnd_is_vreg(o) && isa_wave_vregs_in(w, isa_x_vreg(o), n);
}

/* Write `v[lane]` to VGPR `reg` for lanes enabled in `mask` only. */
void isa_x_write_v32(isa_wave_t *w, uint32_t reg, uint64_t mask, const uint32_t v[ISA_WAVE_SIZE]);

/* A memory instruction's destinations: the 64 lanes of VGPR `reg`, or of its row in the wave's
 * sink when one is set (isa_sink_t); the load forms of isa_x_write_v32 and isa_x_write_s32.
 * Only memory instructions use them, so the VALU's writes test nothing. */
static inline uint32_t *isa_x_dst_vgpr(isa_wave_t *w, uint32_t reg)
{
    const isa_sink_t *k = w->sink;
    if (k && reg - k->vreg < k->nv)
        return k->data + (size_t)(reg - k->vreg) * ISA_WAVE_SIZE;
    return isa_x_vgpr(w, reg);
}
void isa_x_write_dst_v32(isa_wave_t *w, uint32_t reg, uint64_t mask, const uint32_t v[ISA_WAVE_SIZE]);
void isa_x_write_dst_s32(isa_wave_t *w, uint16_t code, uint32_t v);

/* f32 helpers: bits <-> float, denormal flush per the wave's float mode. */
static inline float isa_x_f32(uint32_t bits) { float f; memcpy(&f, &bits, 4); return f; }
static inline uint32_t isa_x_bits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
/* A denormal (or zero) becomes a zero of its sign. Written as a select between two masks so that
 * per-lane loops vectorise to a compare and two logic ops (SSE2 has no 32-bit multiply). */
static inline uint32_t isa_x_flush32(uint32_t bits)
{
    return bits & ((bits & 0x7f800000u) ? 0xffffffffu : 0x80000000u);
}

/* 64 per-lane flags (0 or 1, one byte each) packed into a lane mask, eight lanes a step: the
 * flags come from plain loops the compiler vectorises, which a shift-or per lane into one word
 * prevents. The multiply moves byte k's low bit to bit 56 + k (no two partial products meet). */
static inline uint64_t isa_x_pack_flags(const uint8_t f[ISA_WAVE_SIZE])
{
    uint64_t m = 0;
    for (int k = 0; k < ISA_WAVE_SIZE / 8; k++) {
        const uint8_t *p = f + 8 * k;
        uint64_t x = (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
                     (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
        m |= ((x * 0x0102040810204080ull) >> 56) << (8 * k);
    }
    return m;
}

/* Set a fault with a formatted message (lane -1 when not lane-specific). */
void isa_x_fault(isa_exec_result_t *res, isa_fault_kind_t kind, int lane, uint64_t addr, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

#endif

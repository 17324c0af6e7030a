/* isa_f16: IEEE binary16 (f16) bit conversions, written out so that they are bit exact on any host
 * (no reliance on a host half type). Shared by the assembler (f16 constants) and the f16 VALU
 * semantics (isa/exec/exec_valu_f16.c). Inline only; needs libc.
 *
 * f16: sign [15], exponent [14:10] (bias 15), fraction [9:0]; quiet NaNs have bit 9 set. */
#ifndef GCNSIM_ISA_F16_H
#define GCNSIM_ISA_F16_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Status bits of isa_f16_from_f64. Underflow is IEEE's "tiny and inexact", tininess after
 * rounding, which is how llvm-mc decides that a float constant does not fit an f16 operand. */
enum { ISA_F16_INEXACT = 1u, ISA_F16_OVERFLOW = 2u, ISA_F16_UNDERFLOW = 4u };

/* Round a double to the nearest f16, ties to even (the only rounding mode gcnsim models). A NaN
 * keeps its sign and the top 9 bits of its payload and becomes quiet. Every f16 and f32 value is
 * exact in a double, so f32 -> f16 through here is a single rounding. */
static inline uint16_t isa_f16_from_f64(double x, unsigned *status)
{
    uint64_t b;
    memcpy(&b, &x, 8);
    uint16_t sign = (uint16_t)((b >> 48) & 0x8000u);
    int exp = (int)((b >> 52) & 0x7ff);
    uint64_t mant = b & 0xfffffffffffffull;
    unsigned st = 0;
    uint16_t r;
    if (exp == 0x7ff) {
        r = mant ? (uint16_t)(sign | 0x7e00u | ((mant >> 42) & 0x1ffu)) : (uint16_t)(sign | 0x7c00u);
    } else if (exp == 0 && mant == 0) {
        r = sign;
    } else {
        /* value = sig * 2^(e - 52) with sig a 53-bit integer (denormal doubles: no hidden bit). */
        int e = exp ? exp - 1023 : -1022;
        uint64_t sig = exp ? mant | (1ull << 52) : mant;
        int unit = e >= -14 ? e - 10 : -24; /* exponent of the f16 ulp at this magnitude */
        int shift = unit - (e - 52);        /* >= 42 */
        uint64_t q, rem;
        bool up;
        if (shift > 63) {
            q = 0;
            rem = sig;
            up = false; /* far below half an ulp */
        } else {
            q = sig >> shift;
            rem = sig & ((1ull << shift) - 1);
            uint64_t half = 1ull << (shift - 1);
            up = rem > half || (rem == half && (q & 1));
        }
        if (rem)
            st |= ISA_F16_INEXACT;
        q += up;
        /* Normal: exponent field e + 15, q holds the hidden bit (1024..2048, a carry moves the
         * exponent up). Denormal: q is the fraction (1024 is the smallest normal). */
        int64_t mag = e >= -14 ? ((int64_t)(e + 14) << 10) + (int64_t)q : (int64_t)q;
        if (mag >= 0x7c00) {
            mag = 0x7c00;
            st |= ISA_F16_OVERFLOW | ISA_F16_INEXACT;
        }
        if (mag < 0x400 && (st & ISA_F16_INEXACT))
            st |= ISA_F16_UNDERFLOW;
        r = (uint16_t)(sign | (uint16_t)mag);
    }
    if (status)
        *status = st;
    return r;
}

/* An f16 as a double (exact). NaNs keep sign, payload and quietness. */
static inline double isa_f16_to_f64(uint16_t h)
{
    uint64_t sign = (uint64_t)(h >> 15) << 63;
    unsigned exp = (h >> 10) & 0x1f, frac = h & 0x3ffu;
    uint64_t b;
    if (exp == 0x1f) {
        b = sign | 0x7ff0000000000000ull | ((uint64_t)frac << 42);
    } else if (exp == 0) {
        if (!frac) {
            b = sign;
        } else { /* frac * 2^-24: normalise into a double */
            int lz = 0;
            while (!(frac & 0x400u)) {
                frac <<= 1;
                lz++;
            }
            b = sign | ((uint64_t)(1023 - 14 - lz) << 52) | ((uint64_t)(frac & 0x3ffu) << 42);
        }
    } else {
        b = sign | ((uint64_t)(exp - 15 + 1023) << 52) | ((uint64_t)frac << 42);
    }
    double d;
    memcpy(&d, &b, 8);
    return d;
}

/* ---- f16 bit rules the f16 and packed (VOP3P) semantics share -------------------------------- */

static inline bool isa_f16_nan(uint32_t h) { return (h & 0x7fffu) > 0x7c00u; }
static inline bool isa_f16_snan(uint32_t h) { return isa_f16_nan(h) && !(h & 0x200u); }
static inline uint32_t isa_f16_quiet(uint32_t h) { return h | 0x200u; }
/* A denormal to a zero of its sign. */
static inline uint32_t isa_f16_flush(uint32_t h) { return (h & 0x7c00u) ? h : h & 0x8000u; }

/* A NaN result: the first NaN source (a, b, c in order) quietened, else the default NaN 0xfe00.
 * Pass 0 (not a NaN) for sources an op does not have. */
static inline uint32_t isa_f16_nan_result(uint32_t r, uint32_t a, uint32_t b, uint32_t c)
{
    if (!isa_f16_nan(r))
        return r;
    return isa_f16_nan(a) ? isa_f16_quiet(a) : isa_f16_nan(b) ? isa_f16_quiet(b)
         : isa_f16_nan(c) ? isa_f16_quiet(c) : 0xfe00u;
}

/* IEEE-mode min/max, the f32 rules of exec_valu_float.c on f16 bits: a signalling NaN gives
 * itself quietened (IEEE mode), a quiet one the other operand; -0 orders below +0. */
static inline uint32_t isa_f16_minmax(uint32_t a, uint32_t b, bool want_max, bool ieee)
{
    bool na = isa_f16_nan(a), nb = isa_f16_nan(b);
    if (na || nb) {
        if (ieee && isa_f16_snan(a))
            return isa_f16_quiet(a);
        if (ieee && isa_f16_snan(b))
            return isa_f16_quiet(b);
        return na ? (nb ? isa_f16_quiet(a) : b) : a;
    }
    double fa = isa_f16_to_f64((uint16_t)a), fb = isa_f16_to_f64((uint16_t)b);
    if (fa == fb)
        return want_max ? (a & b) : (a | b);
    return (fa < fb) != want_max ? a : b;
}

#endif

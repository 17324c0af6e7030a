/* asm_const: a constant operand encoded as gfx803 does (asm_const.h): an inline constant's code
 * when its value has one, else a literal, for 32-bit, 64-bit and 16-bit operands, as llvm-mc
 * encodes them. */
#include "asm/asm_const.h"

#include "asm/asm_lex.h"
#include "isa_f16.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

static const uint32_t inline_f32[9] = {
    0x3f000000u, 0xbf000000u, 0x3f800000u, 0xbf800000u, 0x40000000u, 0xc0000000u, 0x40800000u, 0xc0800000u,
    0x3e22f983u
};

static uint16_t classify32(uint32_t bits)
{
    int32_t v = (int32_t)bits;
    if (v >= 0 && v <= 64)
        return (uint16_t)(ISA_CONST_INT_ZERO + v);
    if (v < 0 && v >= -16)
        return (uint16_t)(192 - v);
    for (int k = 0; k < 9; k++)
        if (bits == inline_f32[k])
            return (uint16_t)(ISA_CONST_F_HALF + k);
    return ISA_SRC_LITERAL;
}

static uint32_t f32_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* The operand code of a constant for a 32-bit (width 1) or 64-bit (width 2) operand; *lit gets
 * the literal's bits when the code is ISA_SRC_LITERAL. */
bool asm_const_code(asm_ctx_t *c, const asm_opnd_t *o, unsigned width, uint16_t *code, uint32_t *lit)
{
    if (width == 1) {
        uint32_t bits;
        if (o->kind == OPK_INT) {
            if (o->ival < INT32_MIN || o->ival > (int64_t)UINT32_MAX) {
                asm_error(c, o->col, "integer %" PRId64 " does not fit in 32 bits", o->ival);
                return false;
            }
            bits = (uint32_t)o->ival;
        } else {
            float f = (float)o->fval;
            if (o->fval != 0 && (isinf(f) || fpclassify(f) == FP_SUBNORMAL || f == 0)) {
                asm_error(c, o->col, "float constant %g is out of range for f32", o->fval);
                return false;
            }
            bits = f32_bits(f);
        }
        if (o->abs)
            bits &= 0x7fffffffu; /* modifiers on a constant fold into its bits, as llvm-mc does */
        if (o->neg)
            bits ^= 0x80000000u;
        *code = classify32(bits);
        *lit = bits;
        return true;
    }
    if (o->neg || o->abs) {
        asm_error(c, o->col, "source modifiers on a 64-bit constant are not supported");
        return false;
    }
    if (o->kind == OPK_INT) {
        if (o->ival >= -16 && o->ival <= 64) {
            *code = classify32((uint32_t)(int32_t)o->ival);
            return true;
        }
        if (o->ival < INT32_MIN || o->ival > (int64_t)UINT32_MAX) {
            asm_error(c, o->col, "integer %" PRId64 " does not fit in the 32-bit literal of a 64-bit operand", o->ival);
            return false;
        }
        *code = ISA_SRC_LITERAL;
        *lit = (uint32_t)o->ival;
        return true;
    }
    if (o->fval == 0) {
        *code = ISA_CONST_INT_ZERO;
        return true;
    }
    uint16_t k = classify32(f32_bits((float)o->fval));
    if (k >= ISA_CONST_F_HALF && k <= ISA_CONST_F_INV2PI &&
        ((double)(float)o->fval == o->fval || k == ISA_CONST_F_INV2PI)) {
        *code = k;
        return true;
    }
    asm_error(c, o->col, "a float constant on a 64-bit operand must be an inline constant (0.0, +-0.5, +-1.0, +-2.0, "
              "+-4.0, 0.15915494)");
    return false;
}

/* The f16 inline constants: the same codes as for f32 (240..248), meaning f16 values. */
static const uint16_t inline_f16[9] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118 };

/* The operand code of a constant for a 16-bit operand, as llvm-mc encodes it: an integer must fit
 * in 16 bits (-32768..65535) and is its own bit pattern; a float is rounded to f16 (to nearest
 * even), refused when it overflows or underflows. Modifiers on a constant fold into bit 15. The
 * 16-bit value -16..64 (sign-extended) is an inline integer; on an f16 operand (h) the f16
 * patterns of 0.5, 1.0, 2.0, 4.0 (and negatives) and 1/(2*pi) are inline floats too; on an
 * integer one (j) they stay literals. A literal is zero-extended to 32 bits. */
bool asm_const_code16(asm_ctx_t *c, const asm_opnd_t *o, bool is_int, uint16_t *code, uint32_t *lit)
{
    uint16_t bits;
    if (o->kind == OPK_INT) {
        if (o->ival < -32768 || o->ival > 65535) {
            asm_error(c, o->col, "integer %" PRId64 " does not fit in a 16-bit operand (-32768..65535)", o->ival);
            return false;
        }
        bits = (uint16_t)(o->ival & 0xffff);
    } else {
        unsigned st;
        bits = isa_f16_from_f64(o->fval, &st);
        if (st & (ISA_F16_OVERFLOW | ISA_F16_UNDERFLOW)) {
            asm_error(c, o->col, "float constant %g is out of range for f16", o->fval);
            return false;
        }
    }
    if (o->abs)
        bits &= 0x7fffu;
    if (o->neg)
        bits ^= 0x8000u;
    int16_t v = (int16_t)bits;
    *lit = bits;
    *code = ISA_SRC_LITERAL;
    if (v >= 0 && v <= 64)
        *code = (uint16_t)(ISA_CONST_INT_ZERO + v);
    else if (v < 0 && v >= -16)
        *code = (uint16_t)(192 - v);
    else if (!is_int)
        for (int k = 0; k < 9; k++)
            if (bits == inline_f16[k])
                *code = (uint16_t)(ISA_CONST_F_HALF + k);
    return true;
}

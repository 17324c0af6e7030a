/* exec_buffer_fmt: buffer data/number format conversions. The layouts are the GCN3 ISA manual's
 * data formats (chapter 8, "Buffer instructions", the DATA_FORMAT/DFMT table), named from the most
 * significant component down (10_11_11: z in bits 31:22, y 21:11, x 10:0), components little
 * endian in memory. The number formats follow the manual's NUM_FORMAT table; where it does not say
 * how a conversion rounds or clamps, gcnsim uses the common graphics rules written out in
 * docs/semantics-scalar-memory.md ("Formats"). */
#include "exec/exec_buffer_fmt.h"

#include "isa_f16.h"

#include <math.h>
#include <string.h>

typedef struct {
    uint8_t bytes, ncomp;
    uint8_t shift[4], bits[4]; /* component c: bits [shift, shift + bits) of the element */
} layout_t;

static const layout_t layouts[16] = {
    [1] = { 1, 1, { 0 }, { 8 } },                                       /* 8 */
    [2] = { 2, 1, { 0 }, { 16 } },                                      /* 16 */
    [3] = { 2, 2, { 0, 8 }, { 8, 8 } },                                 /* 8_8 */
    [4] = { 4, 1, { 0 }, { 32 } },                                      /* 32 */
    [5] = { 4, 2, { 0, 16 }, { 16, 16 } },                              /* 16_16 */
    [6] = { 4, 3, { 0, 11, 22 }, { 11, 11, 10 } },                      /* 10_11_11 */
    [7] = { 4, 3, { 0, 10, 21 }, { 10, 11, 11 } },                      /* 11_11_10 */
    [8] = { 4, 4, { 0, 2, 12, 22 }, { 2, 10, 10, 10 } },                /* 10_10_10_2 */
    [9] = { 4, 4, { 0, 10, 20, 30 }, { 10, 10, 10, 2 } },               /* 2_10_10_10 */
    [10] = { 4, 4, { 0, 8, 16, 24 }, { 8, 8, 8, 8 } },                  /* 8_8_8_8 */
    [11] = { 8, 2, { 0, 32 }, { 32, 32 } },                             /* 32_32 */
    [12] = { 8, 4, { 0, 16, 32, 48 }, { 16, 16, 16, 16 } },             /* 16_16_16_16 */
    [13] = { 12, 3, { 0, 32, 64 }, { 32, 32, 32 } },                    /* 32_32_32 */
    [14] = { 16, 4, { 0, 32, 64, 96 }, { 32, 32, 32, 32 } },            /* 32_32_32_32 */
};

const char *isa_buf_fmt_problem(uint32_t dfmt, uint32_t nfmt)
{
    if (dfmt == 0)
        return "data format 0 is INVALID (a buffer whose format is not set)";
    if (dfmt >= 15)
        return "data format 15 is reserved";
    if (nfmt == 6 || nfmt > 7)
        return "number format 6 is reserved on gfx8";
    if (nfmt == ISA_NFMT_FLOAT) {
        const layout_t *L = &layouts[dfmt];
        for (unsigned c = 0; c < L->ncomp; c++)
            if (L->bits[c] != 32 && L->bits[c] != 16 && L->bits[c] != 11 && L->bits[c] != 10)
                return "FLOAT is not defined for 8- or 2-bit components";
    }
    return NULL;
}

uint32_t isa_buf_fmt_bytes(uint32_t dfmt) { return layouts[dfmt & 15].bytes; }
uint32_t isa_buf_fmt_comps(uint32_t dfmt) { return layouts[dfmt & 15].ncomp; }

/* Bits [shift, shift + bits) of an element of `bytes` bytes (bits <= 32). */
static uint32_t get_field(const uint8_t *e, uint32_t bytes, uint32_t shift, uint32_t bits)
{
    uint64_t v = 0;
    uint32_t first = shift / 8;
    for (uint32_t i = 0; i < 8 && first + i < bytes; i++)
        v |= (uint64_t)e[first + i] << (8 * i);
    v >>= shift % 8;
    return (uint32_t)(v & ((1ull << bits) - 1));
}

static void put_field(uint8_t *e, uint32_t bytes, uint32_t shift, uint32_t bits, uint32_t val)
{
    uint32_t first = shift / 8;
    uint64_t v = 0, mask = ((1ull << bits) - 1) << (shift % 8);
    for (uint32_t i = 0; i < 8 && first + i < bytes; i++)
        v |= (uint64_t)e[first + i] << (8 * i);
    v = (v & ~mask) | (((uint64_t)val << (shift % 8)) & mask);
    for (uint32_t i = 0; i < 8 && first + i < bytes; i++)
        e[first + i] = (uint8_t)(v >> (8 * i));
}

static uint32_t f32_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static float bits_f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static int64_t sext(uint32_t v, uint32_t bits)
{
    return bits >= 32 ? (int64_t)(int32_t)v : (int64_t)(v ^ (1u << (bits - 1))) - (int64_t)(1u << (bits - 1));
}

/* The unsigned 11- and 10-bit floats (5-bit exponent, bias 15, 6 or 5 fraction bits, no sign): an
 * f16 without its sign and with the low fraction bits cut. */
static double ufloat_to_f64(uint32_t v, uint32_t bits)
{
    return isa_f16_to_f64((uint16_t)(v << (15 - bits)));
}

/* Round x to the nearest unsigned float of `bits` (11 or 10), ties to even: negatives (and -0)
 * become 0, NaN a quiet NaN, too large infinity. */
static uint32_t ufloat_from_f64(double x, uint32_t bits)
{
    uint32_t mb = bits - 5; /* fraction bits */
    if (isnan(x))
        return 0x1fu << mb | 1u << (mb - 1);
    if (!(x > 0))
        return 0;
    if (isinf(x))
        return 0x1fu << mb;
    int e;
    frexp(x, &e);
    int E = e - 1;                                 /* x = 1.f * 2^E */
    int unit = (E < -14 ? -14 : E) - (int)mb;      /* exponent of one ulp at this magnitude */
    double q = rint(ldexp(x, -unit));              /* exact scaling, then ties to even */
    uint64_t mag = E < -14 ? (uint64_t)q : ((uint64_t)(E + 14) << mb) + (uint64_t)q;
    return mag >= (0x1fu << mb) ? 0x1fu << mb : (uint32_t)mag;
}

/* Register value (f32 bits or integer) of component `raw` of `bits` bits in number format nfmt. */
static uint32_t convert_in(uint32_t raw, uint32_t bits, uint32_t nfmt)
{
    double max_u = (double)((1ull << bits) - 1), max_s = (double)((1ull << (bits - 1)) - 1);
    switch (nfmt) {
    case ISA_NFMT_UNORM: return f32_bits((float)((double)raw / max_u));
    case ISA_NFMT_SNORM: {
        double f = (double)sext(raw, bits) / max_s;
        return f32_bits((float)(f < -1.0 ? -1.0 : f)); /* the most negative code is -1.0 too */
    }
    case ISA_NFMT_USCALED: return f32_bits((float)raw);
    case ISA_NFMT_SSCALED: return f32_bits((float)sext(raw, bits));
    case ISA_NFMT_UINT: return raw;
    case ISA_NFMT_SINT: return (uint32_t)sext(raw, bits);
    default: /* FLOAT */
        if (bits == 32)
            return raw;
        if (bits == 16)
            return f32_bits((float)isa_f16_to_f64((uint16_t)raw));
        return f32_bits((float)ufloat_to_f64(raw, bits));
    }
}

static bool float_result(uint32_t nfmt) { return nfmt != ISA_NFMT_UINT && nfmt != ISA_NFMT_SINT; }

uint32_t isa_buf_fmt_load(const uint8_t *elem, uint32_t dfmt, uint32_t nfmt, uint32_t c, bool d16)
{
    const layout_t *L = &layouts[dfmt & 15];
    uint32_t v = convert_in(get_field(elem, L->bytes, L->shift[c], L->bits[c]), L->bits[c], nfmt);
    if (!d16)
        return v;
    return float_result(nfmt) ? isa_f16_from_f64((double)bits_f32(v), NULL) : v & 0xffffu;
}

uint32_t isa_buf_fmt_default(uint32_t nfmt, uint32_t c, bool d16)
{
    if (c != 3)
        return 0;
    if (!float_result(nfmt))
        return 1;
    return d16 ? 0x3c00u : 0x3f800000u;
}

/* Clamp x to [lo, hi]; NaN to 0. */
static double clampd(double x, double lo, double hi)
{
    return isnan(x) ? 0.0 : x < lo ? lo : x > hi ? hi : x;
}

/* The memory bits of register value `reg` for a component of `bits` bits in number format nfmt. */
static uint32_t convert_out(uint32_t reg, uint32_t bits, uint32_t nfmt, bool d16)
{
    uint64_t mask = (1ull << bits) - 1;
    double max_u = (double)mask, max_s = (double)((1ull << (bits - 1)) - 1), min_s = -max_s - 1.0;
    double f = 0.0;
    if (float_result(nfmt))
        f = d16 ? isa_f16_to_f64((uint16_t)reg) : (double)bits_f32(reg);
    switch (nfmt) {
    case ISA_NFMT_UNORM: return (uint32_t)rint(clampd(f, 0.0, 1.0) * max_u);
    case ISA_NFMT_SNORM: return (uint32_t)((int64_t)rint(clampd(f, -1.0, 1.0) * max_s) & (int64_t)mask);
    case ISA_NFMT_USCALED: return (uint32_t)trunc(clampd(f, 0.0, max_u));
    case ISA_NFMT_SSCALED: return (uint32_t)((int64_t)trunc(clampd(f, min_s, max_s)) & (int64_t)mask);
    case ISA_NFMT_UINT: {
        uint64_t u = d16 ? (reg & 0xffffu) : reg;
        return (uint32_t)(u > mask ? mask : u);
    }
    case ISA_NFMT_SINT: {
        int64_t s = d16 ? (int64_t)(int16_t)(uint16_t)reg : (int64_t)(int32_t)reg;
        s = s > (int64_t)max_s ? (int64_t)max_s : s < (int64_t)min_s ? (int64_t)min_s : s;
        return (uint32_t)((uint64_t)s & mask);
    }
    default: /* FLOAT */
        if (bits == 32)
            return d16 ? f32_bits((float)f) : reg;
        if (bits == 16)
            return d16 ? (reg & 0xffffu) : isa_f16_from_f64(f, NULL);
        return ufloat_from_f64(f, bits);
    }
}

void isa_buf_fmt_store(uint8_t *elem, uint32_t dfmt, uint32_t nfmt, uint32_t c, uint32_t reg, bool d16)
{
    const layout_t *L = &layouts[dfmt & 15];
    put_field(elem, L->bytes, L->shift[c], L->bits[c], convert_out(reg, L->bits[c], nfmt, d16));
}

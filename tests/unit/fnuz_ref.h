/* fnuz_ref.h: the test's own decoding of the FNUZ 8-bit floats (fp8 = E4M3FNUZ, bf8 = E5M2FNUZ),
 * written from LLVM's fltSemantics rather than from the module under test; shared by
 * test_mfma_math.c and test_mfma_convert.c. */
#ifndef GCNSIM_TESTS_FNUZ_REF_H
#define GCNSIM_TESTS_FNUZ_REF_H

#include <math.h>

/* FNUZ 8-bit floats as LLVM's fltSemantics define them: E4M3FNUZ has exponents -7..7 and 4 bits
 * of precision, E5M2FNUZ -15..15 and 3; code 0x80 is the NaN, the exponent field 0 is subnormal. */
static inline double fnuz_value(unsigned code, int minexp, unsigned mbits)
{
    if (code == 0x80)
        return NAN;
    unsigned ef = (code & 0x7f) >> mbits, m = code & ((1u << mbits) - 1);
    double frac = (double)m / (double)(1u << mbits);
    double v = ef == 0 ? ldexp(frac, minexp) : ldexp(1.0 + frac, minexp + (int)ef - 1);
    return code & 0x80 ? -v : v;
}
static inline double fp8_value(unsigned c) { return fnuz_value(c, -7, 3); }
static inline double bf8_value(unsigned c) { return fnuz_value(c, -15, 2); }

#endif

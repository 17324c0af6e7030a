/* test_valu.h: helpers shared by the VALU unit tests (test_valu*.c): deterministic operand
 * generation with edge cases, EXEC patterns, and a runner that checks every lane of a VGPR
 * result against a reference (active lanes) or the untouched sentinel (inactive lanes). */
#ifndef GCNSIM_TESTS_TEST_VALU_H
#define GCNSIM_TESTS_TEST_VALU_H

#include "unit.h"

#include <math.h>
#include <stdio.h>

enum { TV_ROUNDS = 8, TV_SENTINEL = 0x5eedf00du };

/* xorshift64: deterministic operand streams (state passed explicitly). */
static inline uint32_t tv_rand(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *s = x;
    return (uint32_t)(x >> 16);
}

static const uint32_t tv_int_edges[] = {
    0, 1, 2, 3, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xfffffffeu, 0x00ffffffu, 0x00800000u,
    0xff800000u, 0x007fffffu, 31, 32, 33, 63, 64, 0xffffu, 0x8000u, 0x7fffu, 0x12345678u,
    0x80000001u, 0xdeadbeefu, 15, 16, 17, 0xff000000u, 0x01000000u
};

/* f32 edges: +-0, +-denormals, +-inf, qNaN, sNaN, normals around 0, 1, integers and halves. */
static const uint32_t tv_f32_edges[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00800000u,
    0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u, 0x7f800001u, 0x7f7fffffu, 0xff7fffffu,
    0x3f800000u, 0xbf800000u, 0x3f000000u, 0xbf000000u, 0x3fc00000u, 0xc0200000u, 0x40400000u,
    0x3f7fffffu, 0x3f800001u, 0x4effffffu, 0x4f000000u, 0xcf000000u, 0xcf000001u, 0x4f800000u,
    0x4f7fffffu, 0xb3d6bf95u, 0x42c80000u, 0x40490fdbu, 0x3e22f983u, 0x41200000u, 0xc1200000u
};

/* Value for lane `l` of source `src` in round `r`: the first lanes walk the edge list (shifted
 * per source and round so edges meet each other), the rest are random or small randoms. */
static inline uint32_t tv_value(const uint32_t *edges, size_t n, int src, int r, int l, uint64_t *rng)
{
    uint32_t x = tv_rand(rng);
    if (l < 40)
        return edges[(size_t)(l + src * (r + 3) + r * 5) % n];
    if (l < 52)
        return x & 0x3f;
    return x;
}

static const uint64_t tv_exec_patterns[TV_ROUNDS] = {
    ~0ull, 0x5555555555555555ull, 0xffffffff00000000ull, 0x00000000ffffffffull,
    0x8000000000000001ull, 0xf0f0f0f00f0f0f0full, 0x0123456789abcdefull, ~0ull
};

/* Fill v[reg] (and v[reg+1] for wide sources) per tv_value. */
static inline void tv_fill(ut_machine_t *m, unsigned reg, const uint32_t *edges, size_t n, int src, int r, uint64_t *rng)
{
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ut_vreg(m, reg)[l] = tv_value(edges, n, src, r, l, rng);
}

#define TV_CHECK_LANE(m, reg, exec, l, expect, what)                                                \
    do {                                                                                            \
        uint32_t got_ = ut_vreg((m), (reg))[(l)];                                                   \
        uint32_t want_ = ((exec) >> (l) & 1) ? (uint32_t)(expect) : (uint32_t)TV_SENTINEL;          \
        ck_assert_msg(got_ == want_, "%s lane %d: got 0x%08x want 0x%08x", (what), (l), got_, want_); \
    } while (0)

#endif

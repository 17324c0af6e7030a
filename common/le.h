/* le: little-endian loads and stores of bytes at any alignment (GCN memory, code objects, HSA
 * packets, kernel arguments and traces are little-endian whatever the host). Written byte by byte
 * so that they are correct on any host, and inline so that the compiler merges the fixed sizes
 * into single loads and stores on a little-endian one. Needs: nothing but <stdint.h>. */
#ifndef GCNSIM_COMMON_LE_H
#define GCNSIM_COMMON_LE_H

#include <stdint.h>

static inline uint16_t le_get16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t le_get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t le_get64(const uint8_t *p)
{
    return (uint64_t)le_get32(p) | (uint64_t)le_get32(p + 4) << 32;
}

/* The first n bytes (n <= 8) as a number. */
static inline uint64_t le_get(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static inline void le_put16(uint8_t *p, uint64_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static inline void le_put32(uint8_t *p, uint64_t v)
{
    le_put16(p, v);
    le_put16(p + 2, v >> 16);
}

static inline void le_put64(uint8_t *p, uint64_t v)
{
    le_put32(p, v);
    le_put32(p + 4, v >> 32);
}

/* The low n bytes (n <= 8) of v. */
static inline void le_put(uint8_t *p, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

#endif

/* philox_ref.h: Philox4x32-10, the reference of the rocRAND workload (workloads/cdna/rocrand_philox),
 * written from the published algorithm: J. K. Salmon, M. A. Moraes, R. O. Dror, D. E. Shaw,
 * "Parallel Random Numbers: As Easy as 1, 2, 3", SC'11, section 4.2 (Philox). Header-only, shared
 * by refcheck_rocm.c and the unit test of the reference itself (tests/unit/test_philox_ref.c,
 * Random123's known-answer vectors). Standalone: it shares no code with the simulator nor rocRAND.
 *
 * Philox-4x32 maps a 128-bit counter (four 32-bit words X0..X3) and a 64-bit key (K0, K1) through
 * R = 10 rounds. A round multiplies X0 and X2 by the constants M0 and M1 into 64-bit products
 * (hi:lo) and permutes: (X0, X1, X2, X3) <- (hi(M1*X2) ^ X1 ^ K0, lo(M1*X2), hi(M0*X0) ^ X3 ^ K1,
 * lo(M0*X0)). Between rounds the key advances by the Weyl constants W0, W1 (the golden ratio's and
 * sqrt(3) - 1's first 32 fraction bits), mod 2^32. */
#ifndef GCNSIM_TESTS_PHILOX_REF_H
#define GCNSIM_TESTS_PHILOX_REF_H

#include <stddef.h>
#include <stdint.h>

enum { PHILOX_ROUNDS = 10 };
#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u
#define PHILOX_W1 0xBB67AE85u

/* out = Philox4x32-10(ctr, key); out may be ctr. */
static inline void philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4])
{
    uint32_t x[4] = {ctr[0], ctr[1], ctr[2], ctr[3]}, k0 = key[0], k1 = key[1];
    for (int r = 0; r < PHILOX_ROUNDS; r++) {
        if (r > 0) {
            k0 += PHILOX_W0;
            k1 += PHILOX_W1;
        }
        uint64_t p0 = (uint64_t)PHILOX_M0 * x[0], p1 = (uint64_t)PHILOX_M1 * x[2];
        uint32_t y0 = (uint32_t)(p1 >> 32) ^ x[1] ^ k0, y1 = (uint32_t)p1;
        uint32_t y2 = (uint32_t)(p0 >> 32) ^ x[3] ^ k1, y3 = (uint32_t)p0;
        x[0] = y0, x[1] = y1, x[2] = y2, x[3] = y3;
    }
    for (int i = 0; i < 4; i++)
        out[i] = x[i];
}

/* The 128-bit counter (X0 least significant) plus one, carrying through the words. */
static inline void philox_counter_inc(uint32_t ctr[4])
{
    for (int i = 0; i < 4 && ++ctr[i] == 0; i++)
        ;
}

/* rocRAND's Philox stream as its device API documents it (rocrand_kernel.h, Debian's
 * librocrand-dev 5.3.3: rocrand_init(seed, subsequence, offset, state) "goes to the
 * subsequence-th subsequence and skips offset random numbers; a subsequence is 4 * 2^64 numbers
 * long"). What it leaves unsaid follows Random123's philox4x32 interface: the generator's numbers
 * are the words X0, X1, X2, X3 of Philox(0), Philox(1), ... over the 128-bit counter, and the
 * 64-bit seed is the key (K0 its low half, K1 its high half). So
 * number n of subsequence s, after an offset o, is word (o + n) mod 4 of the block at counter
 * s * 2^64 + floor((o + n) / 4). Writes that stream's first `count` numbers to out. */
static inline void philox_stream(uint64_t seed, uint64_t subsequence, uint64_t offset, uint32_t *out, size_t count)
{
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    uint64_t block = offset / 4;
    uint32_t ctr[4] = {(uint32_t)block, (uint32_t)(block >> 32), (uint32_t)subsequence, (uint32_t)(subsequence >> 32)};
    uint32_t words[4];
    unsigned w = (unsigned)(offset % 4);
    philox4x32_10(ctr, key, words);
    for (size_t n = 0; n < count; n++) {
        out[n] = words[w];
        if (++w == 4) {
            w = 0;
            philox_counter_inc(ctr);
            philox4x32_10(ctr, key, words);
        }
    }
}

#endif

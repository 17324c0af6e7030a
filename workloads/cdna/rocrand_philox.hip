// rocRAND's Philox4x32-10 generator (Debian's librocrand-dev, header-only device API
// rocrand_kernel.h): each work-item initialises its own state with rocrand_init(seed,
// subsequence = base + its global id, offset) and writes RAND_BITS raw 32-bit outputs (rocrand),
// then RAND_QUADS groups of four (rocrand4, the library's path that joins the rest of one block of
// four with the start of the next), then RAND_UNIFORM floats in (0, 1] (rocrand_uniform): the
// next numbers of the same stream. Work-item g's outputs are bits[g * RAND_BITS + i],
// quads[g * 4 * RAND_QUADS + i] and uniform[g * RAND_UNIFORM + i]. The reference
// (tests/e2e/refcheck_rocm.c) is Philox4x32-10 written from its paper.
#include <hip/hip_runtime.h>
#include <rocrand/rocrand_kernel.h>

#ifndef RAND_BITS
#define RAND_BITS 6
#endif
#ifndef RAND_QUADS
#define RAND_QUADS 2
#endif
#ifndef RAND_UNIFORM
#define RAND_UNIFORM 3
#endif

__global__ void rocrand_philox(unsigned long long seed, unsigned long long base, unsigned long long offset,
                               unsigned *bits, uint4 *quads, float *uniform)
{
    unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    rocrand_state_philox4x32_10 state;
    rocrand_init(seed, base + gid, offset, &state);
    for (int i = 0; i < RAND_BITS; i++)
        bits[gid * RAND_BITS + i] = rocrand(&state);
    for (int i = 0; i < RAND_QUADS; i++)
        quads[gid * RAND_QUADS + i] = rocrand4(&state);
    for (int i = 0; i < RAND_UNIFORM; i++)
        uniform[gid * RAND_UNIFORM + i] = rocrand_uniform(&state);
}

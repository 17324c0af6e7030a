// C = A * B in double precision with the matrix cores: v_mfma_f64_16x16x4f64 (gfx90a, gfx942). A
// is M x K, B is K x N, C is M x N, all f64 and row-major. Each wavefront computes tiles of
// (16 * TILES_M) x (16 * TILES_N) elements of C, TILES_M * TILES_N accumulators of four f64 (8
// registers) each, and takes the tiles grid-stride: any grid of whole wavefronts covers C. M must
// be a multiple of 16 * TILES_M, N of 16 * TILES_N, K of 4. TILES_M, TILES_N (and NUM_VGPR, a
// register budget) can be set with -D in the workload's cflags.
//
// Operand layout of the 16x16x4 f64 shape (AMD's matrix instruction calculator): lane l holds
// A[l % 16][l / 16] and B[l / 16][l % 16], and accumulator element r of lane l is
// D[4 * r + l / 16][l % 16]: unlike the f32 16x16 shapes, whose register r of lane l is
// D[4 * (l / 16) + r][l % 16], the rows of one lane are 4 apart (composable_kernel's
// mfma_type<mfma_f64_16x16x4f64> says the same: groups of 1 row, 4 groups per block).
#include <hip/hip_runtime.h>

#ifndef TILES_M
#define TILES_M 2
#endif
#ifndef TILES_N
#define TILES_N 2
#endif
#ifdef NUM_VGPR
#define BUDGET __attribute__((amdgpu_num_vgpr(NUM_VGPR)))
#else
#define BUDGET
#endif

typedef double double4v __attribute__((ext_vector_type(4)));

__global__ BUDGET void gemm_f64(const double *a, const double *b, double *c, int m, int n, int k)
{
    const int lane = threadIdx.x % 64;
    const int wave = (blockIdx.x * blockDim.x + threadIdx.x) / 64;
    const int waves = gridDim.x * blockDim.x / 64;
    const int tiles_n = n / (16 * TILES_N);
    const int tiles = m / (16 * TILES_M) * tiles_n;
    for (int t = wave; t < tiles; t += waves) {
        const int row0 = t / tiles_n * 16 * TILES_M, col0 = t % tiles_n * 16 * TILES_N;
        double4v acc[TILES_M][TILES_N];
        for (int i = 0; i < TILES_M; i++)
            for (int j = 0; j < TILES_N; j++)
                acc[i][j] = (double4v)0.0;
        for (int kk = 0; kk < k; kk += 4) {
            double fa[TILES_M], fb[TILES_N];
            for (int i = 0; i < TILES_M; i++)
                fa[i] = a[(row0 + 16 * i + lane % 16) * k + kk + lane / 16];
            for (int j = 0; j < TILES_N; j++)
                fb[j] = b[(kk + lane / 16) * n + col0 + 16 * j + lane % 16];
            for (int i = 0; i < TILES_M; i++)
                for (int j = 0; j < TILES_N; j++)
                    acc[i][j] = __builtin_amdgcn_mfma_f64_16x16x4f64(fa[i], fb[j], acc[i][j], 0, 0, 0);
        }
        for (int i = 0; i < TILES_M; i++)
            for (int j = 0; j < TILES_N; j++)
                for (int r = 0; r < 4; r++)
                    c[(row0 + 16 * i + 4 * r + lane / 16) * n + col0 + 16 * j + lane % 16] = acc[i][j][r];
    }
}

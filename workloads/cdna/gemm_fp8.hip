// C = A * B with the matrix cores in 8-bit floating point: v_mfma_f32_16x16x32_fp8_fp8 (gfx942
// only). A is M x K and B is K x N, both fp8 as gfx942 defines it (E4M3 "FNUZ": sign, 4-bit
// exponent with bias 8, 3-bit fraction; 0x80 is the only NaN, no infinities), one byte each,
// row-major; C is M x N f32, row-major. Each wavefront computes tiles of (16 * TILES_M) x
// (16 * TILES_N) elements of C, TILES_M * TILES_N accumulators of 4 registers, and takes the tiles
// grid-stride: any grid of whole wavefronts covers C. M must be a multiple of 16 * TILES_M, N of
// 16 * TILES_N, K of 32. TILES_M, TILES_N (and NUM_VGPR, a register budget) can be set with -D in
// the workload's cflags.
//
// Operand layout of the 16x16x32 fp8 shape (AMD's matrix instruction calculator): lane l holds
// A[l % 16][8 * (l / 16) + e] and B[8 * (l / 16) + e][l % 16] in byte e = 0..7 of its two
// registers, and accumulator register r of lane l is D[4 * (l / 16) + r][l % 16].
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

typedef float float4v __attribute__((ext_vector_type(4)));

__global__ BUDGET void gemm_fp8(const unsigned char *a, const unsigned char *b, float *c, int m, int n, int k)
{
    const int lane = threadIdx.x % 64;
    const int wave = (blockIdx.x * blockDim.x + threadIdx.x) / 64;
    const int waves = gridDim.x * blockDim.x / 64;
    const int tiles_n = n / (16 * TILES_N);
    const int tiles = m / (16 * TILES_M) * tiles_n;
    for (int t = wave; t < tiles; t += waves) {
        const int row0 = t / tiles_n * 16 * TILES_M, col0 = t % tiles_n * 16 * TILES_N;
        float4v acc[TILES_M][TILES_N];
        for (int i = 0; i < TILES_M; i++)
            for (int j = 0; j < TILES_N; j++)
                acc[i][j] = (float4v)0.0f;
        for (int kk = 0; kk < k; kk += 32) {
            long fa[TILES_M], fb[TILES_N];
            for (int i = 0; i < TILES_M; i++) {
                unsigned long v = 0;
                for (int e = 0; e < 8; e++)
                    v |= (unsigned long)a[(row0 + 16 * i + lane % 16) * k + kk + 8 * (lane / 16) + e] << (8 * e);
                fa[i] = (long)v;
            }
            for (int j = 0; j < TILES_N; j++) {
                unsigned long v = 0;
                for (int e = 0; e < 8; e++)
                    v |= (unsigned long)b[(kk + 8 * (lane / 16) + e) * n + col0 + 16 * j + lane % 16] << (8 * e);
                fb[j] = (long)v;
            }
            for (int i = 0; i < TILES_M; i++)
                for (int j = 0; j < TILES_N; j++)
                    acc[i][j] = __builtin_amdgcn_mfma_f32_16x16x32_fp8_fp8(fa[i], fb[j], acc[i][j], 0, 0, 0);
        }
        for (int i = 0; i < TILES_M; i++)
            for (int j = 0; j < TILES_N; j++)
                for (int r = 0; r < 4; r++)
                    c[(row0 + 16 * i + 4 * (lane / 16) + r) * n + col0 + 16 * j + lane % 16] = acc[i][j][r];
    }
}

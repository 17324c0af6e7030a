// C = A * B with the matrix cores: v_mfma_f32_32x32x8f16 (gfx908, gfx90a, gfx942). A is M x K and
// B is K x N, both f16 and row-major; C is M x N f32, row-major. Each wavefront computes tiles of
// (32 * TILES_M) x (32 * TILES_N) elements of C, TILES_M * TILES_N MFMA accumulators of 16 registers
// each (AGPRs on gfx908), and takes the tiles grid-stride: any grid of whole wavefronts covers C.
// M must be a multiple of 32 * TILES_M, N of 32 * TILES_N, K of 8. TILES_M, TILES_N (and NUM_VGPR,
// a register budget, WAVES_PER_EU and MAX_WORKGROUP) can be set with -D in the workload's cflags.
//
// Operand layout of the 32x32x8 shape (AMD's matrix instruction calculator): lane l holds
// A[l % 32][4 * (l / 32) + e] and B[4 * (l / 32) + e][l % 32] for e = 0..3, and accumulator
// register r of lane l is D[8 * (r / 4) + 4 * (l / 32) + r % 4][l % 32].
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
// WAVES_PER_EU: the fewest waves a SIMD must fit (amdgpu_waves_per_eu), a register budget named by
// its occupancy: at most 512 / WAVES_PER_EU VGPRs and AGPRs on gfx90a and gfx942, 256 / WAVES_PER_EU
// of each file on gfx908; what does not fit spills to scratch (docs/experiments.md, experiment 12).
#ifdef WAVES_PER_EU
#define OCCUPANCY __attribute__((amdgpu_waves_per_eu(WAVES_PER_EU)))
#else
#define OCCUPANCY
#endif
// MAX_WORKGROUP: the largest workgroup the kernel is launched with (default: HIP's 1024). clang
// budgets registers so that a workgroup of 1024 fits a CU (128 per lane on gfx90a and gfx942); a
// kernel launched with 64-item workgroups may use the whole file (512 there) instead of spilling.
#ifdef MAX_WORKGROUP
#define WORKGROUP __attribute__((amdgpu_flat_work_group_size(1, MAX_WORKGROUP)))
#else
#define WORKGROUP
#endif

typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef float float16 __attribute__((ext_vector_type(16)));

__global__ BUDGET OCCUPANCY WORKGROUP void gemm_f16_32x32x8(const _Float16 *a, const _Float16 *b, float *c, int m, int n, int k)
{
    const int lane = threadIdx.x % 64;
    const int wave = (blockIdx.x * blockDim.x + threadIdx.x) / 64;
    const int waves = gridDim.x * blockDim.x / 64;
    const int tiles_n = n / (32 * TILES_N);
    const int tiles = m / (32 * TILES_M) * tiles_n;
    for (int t = wave; t < tiles; t += waves) {
        const int row0 = t / tiles_n * 32 * TILES_M, col0 = t % tiles_n * 32 * TILES_N;
        float16 acc[TILES_M][TILES_N];
        for (int i = 0; i < TILES_M; i++)
            for (int j = 0; j < TILES_N; j++)
                acc[i][j] = (float16)0.0f;
        for (int kk = 0; kk < k; kk += 8) {
            half4 fa[TILES_M], fb[TILES_N];
            for (int i = 0; i < TILES_M; i++)
                for (int e = 0; e < 4; e++)
                    fa[i][e] = a[(row0 + 32 * i + lane % 32) * k + kk + 4 * (lane / 32) + e];
            for (int j = 0; j < TILES_N; j++)
                for (int e = 0; e < 4; e++)
                    fb[j][e] = b[(kk + 4 * (lane / 32) + e) * n + col0 + 32 * j + lane % 32];
            for (int i = 0; i < TILES_M; i++)
                for (int j = 0; j < TILES_N; j++)
                    acc[i][j] = __builtin_amdgcn_mfma_f32_32x32x8f16(fa[i], fb[j], acc[i][j], 0, 0, 0);
        }
        for (int i = 0; i < TILES_M; i++)
            for (int j = 0; j < TILES_N; j++)
                for (int r = 0; r < 16; r++)
                    c[(row0 + 32 * i + 8 * (r / 4) + 4 * (lane / 32) + r % 4) * n + col0 + 32 * j + lane % 32] = acc[i][j][r];
    }
}

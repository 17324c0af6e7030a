// shfl_scan: an inclusive prefix sum within each 64-lane wavefront with __shfl_up (ds_bpermute_b32
// on gfx803), and each wavefront's total broadcast from its last lane with __shfl.
#include <hip/hip_runtime.h>

__global__ void shfl_scan(const int *in, int *scan, int *total)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x % warpSize;
    int v = in[i];
    for (int d = 1; d < warpSize; d *= 2) {
        int up = __shfl_up(v, d);
        if (lane >= (unsigned)d)
            v += up;
    }
    scan[i] = v;
    total[i] = __shfl(v, warpSize - 1);
}

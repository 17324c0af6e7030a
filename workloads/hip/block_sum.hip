// block_sum: each block of 256 threads sums its 256 inputs through __shared__ memory (a tree
// reduction with __syncthreads between steps); thread 0 writes the block's sum.
#include <hip/hip_runtime.h>

__global__ void block_sum(const unsigned *in, unsigned *out)
{
    __shared__ unsigned part[256];
    unsigned t = threadIdx.x;
    part[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
        if (t < s)
            part[t] += part[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = part[0];
}

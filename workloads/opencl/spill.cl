// spill: each work-item keeps 32 running values live across a loop, more than the 24 VGPRs the
// attribute allows, so clang spills registers to scratch memory (buffer stores and loads through
// the private segment) and reloads them.
#define K 32
__kernel __attribute__((amdgpu_num_vgpr(24))) void spill(__global const uint *in, __global uint *out, uint n,
                                                          uint rounds)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uint a[K];
#pragma unroll
    for (int k = 0; k < K; k++)
        a[k] = in[i * K + k];
    for (uint r = 0; r < rounds; r++) {
#pragma unroll
        for (int k = 0; k < K; k++)
            a[k] = a[k] * 2654435761u + a[(k + 1) % K] + (a[(k + 7) % K] >> 3) + r;
    }
#pragma unroll
    for (int k = 0; k < K; k++)
        out[i * K + k] = a[k];
}

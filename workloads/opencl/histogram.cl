// histogram: 256 bins of bits 4..11 ((in >> 4) & 255); LDS atomics per workgroup, then global atomics per bin.
#define BINS 256
__kernel void histogram(__global const uint *in, __global uint *hist, uint n)
{
    __local uint bins[BINS];
    uint lid = get_local_id(0), lsize = get_local_size(0);
    for (uint b = lid; b < BINS; b += lsize)
        bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint i = get_global_id(0);
    if (i < n)
        atomic_inc(&bins[(in[i] >> 4) & (BINS - 1)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = lid; b < BINS; b += lsize)
        if (bins[b] != 0)
            atomic_add(&hist[b], bins[b]);
}

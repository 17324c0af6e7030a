// private_hist: each work-item counts the low 5 bits of 64 values in a private array of 32 bins
// (dynamic indices into private memory: the HSA scratch segment), then writes the bin its key
// selects and the number of non-empty bins.

__kernel void private_hist(__global const uint *in, __global const uint *key, __global uint *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uint h[32];
    for (int k = 0; k < 32; k++)
        h[k] = 0;
    #pragma nounroll
    for (int k = 0; k < 64; k++)
        h[in[64 * i + k] & 31u]++;
    uint used = 0;
    for (int k = 0; k < 32; k++)
        used += h[k] != 0;
    out[2 * i] = h[key[i] & 31u];
    out[2 * i + 1] = used;
}

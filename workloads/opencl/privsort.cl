// privsort: each work-item sorts 40 values in a private array (insertion sort, dynamic indices)
// and counts them in a private 32-bin histogram of their low 5 bits; clang keeps both arrays in
// scratch memory (the private segment), reached through buffer instructions.
#define N 40
#define HB 32
__kernel void privsort(__global const uint *in, __global uint *out, __global uint *hist, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uint v[N];
    uint h[HB];
#pragma unroll 1
    for (int k = 0; k < N; k++)
        v[k] = in[i * N + k];
#pragma unroll 1
    for (int k = 0; k < HB; k++)
        h[k] = 0;
#pragma unroll 1
    for (int k = 1; k < N; k++) {
        uint x = v[k];
        int j = k - 1;
        while (j >= 0 && v[j] > x) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
#pragma unroll 1
    for (int k = 0; k < N; k++)
        h[v[k] & (HB - 1)]++;
#pragma unroll 1
    for (int k = 0; k < N; k++)
        out[i * N + k] = v[k];
#pragma unroll 1
    for (int k = 0; k < HB; k++)
        hist[i * HB + k] = h[k];
}

// spill16: 24 running sums live across a loop, in a kernel limited to 16 VGPRs
// (amdgpu_num_vgpr), so that clang spills registers to scratch memory and reloads them.

__attribute__((amdgpu_num_vgpr(16)))
__kernel void spill(__global const float *in, __global float *out, uint n, uint steps)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    float s[24];
    for (int k = 0; k < 24; k++)
        s[k] = (float)k;
    for (uint t = 0; t < steps; t++) {
        float x = in[(i + t) % n];
        #pragma unroll
        for (int k = 0; k < 24; k++)
            s[k] = s[k] * 0.5f + x * (float)(k + 1);
    }
    float acc = 0.0f;
    #pragma unroll
    for (int k = 0; k < 24; k++)
        acc += s[k] * (float)(k & 3);
    out[i] = acc;
}

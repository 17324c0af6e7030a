// The solver of experiment 11 (spill to fit; docs/experiments.md): each work-item of a 1024-item
// group keeps K = 24 values in registers across barrier-separated passes and trades one summary
// value per pass with its neighbour through LDS. At its natural register count clang gives it
// more than 32 VGPRs, so only one group fits on a CU; built with -DVGPRS=32, clang spills the
// excess to scratch so that two groups fit.
#define K 24
#ifdef VGPRS
#define BUDGET __attribute__((amdgpu_num_vgpr(VGPRS)))
#else
#define BUDGET
#endif
__kernel __attribute__((reqd_work_group_size(1024, 1, 1))) BUDGET
void solver(__global const float *in, __global float *out, uint passes)
{
    __local float share[1024];
    uint i = get_local_id(0);
    uint g = get_global_id(0);
    float x[K];
#pragma unroll
    for (int j = 0; j < K; j++)
        x[j] = in[g * K + j];
    for (uint p = 0; p < passes; p++) {
        float s = 0.0f;
#pragma unroll
        for (int j = 0; j < K; j++)
            s += x[j] * (float)(j + 1);
        share[i] = s;
        barrier(CLK_LOCAL_MEM_FENCE);
        float nb = share[(i + 1) & 1023];
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
        for (int j = 0; j < K; j++)
            x[j] = x[j] * 0.75f + nb * (0.25f / (float)(K * (j + 1)));
    }
#pragma unroll
    for (int j = 0; j < K; j++)
        out[g * K + j] = x[j];
}

// halfops: the f16 and 16-bit integer chain of workloads/halfops.s in OpenCL C (cl_khr_fp16), so
// that clang's own f16 and 16-bit code is checked against the same reference:
//   h = (half)x[i];  t = fma(h, 0.5, h*h) + sqrt(|h|);  t = max(t, -1) / 2;  t = 0 < t ? t : 0
//   y[i] = t,  w[i] = t's bits as a uint,  z[i] = (k*k + min(((k*3 + 0x1234) as short) >> 2, 0x7000))
//   mod 2^16 with k = i mod 2^16
// The clang built-ins keep fma, sqrt and fabs inline (the OpenCL library functions would be calls).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void halfops(__global const float *x, __global ushort *y, __global uint *w, __global uint *z, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    half h = (half)x[i];
    half t = h * h;
    t = __builtin_fmaf16(h, 0.5h, t);
    t = t + __builtin_sqrtf16(__builtin_fabsf16(h));
    t = t > -1.0h ? t : -1.0h;
    t = t * 0.5h;
    t = 0.0h < t ? t : 0.0h;
    y[i] = as_ushort(t);
    w[i] = as_ushort(t);
    ushort k = (ushort)i;
    short s = (short)(k * (ushort)3 + (ushort)0x1234);
    short q = (short)(s >> 2);
    /* q as unsigned, limited to 0x7000: a negative q is >= 0x8000 unsigned */
    ushort a = q < (short)0 || q > (short)0x7000 ? (ushort)0x7000 : (ushort)q;
    z[i] = (ushort)(k * k + a);
}

// half_mul: half-precision arithmetic (cl_khr_fp16) on raw f16 bit patterns: p = a * b and
// s = a + b, each rounded to half, with the buffers declared as ushort and reinterpreted.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void half_mul(__global const ushort *a, __global const ushort *b, __global ushort *p, __global ushort *s,
                       uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    half x = as_half(a[i]), y = as_half(b[i]);
    p[i] = as_ushort(x * y);
    s[i] = as_ushort(x + y);
}

// horner_f64: a degree-7 polynomial of each x in double precision by Horner's rule, one fma per
// step (__builtin_fma: OpenCL's fma() is a library call without the device libraries), so the
// reference is exact: C's fma, one correctly rounded operation per step.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void horner_f64(__global const double *x, __global double *y, double c0, double c1, double c2, double c3,
                         uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    double v = x[i];
    double acc = c3;
    acc = __builtin_fma(acc, v, c2);
    acc = __builtin_fma(acc, v, c1);
    acc = __builtin_fma(acc, v, c0);
    acc = __builtin_fma(acc, v, c3);
    acc = __builtin_fma(acc, v, c2);
    acc = __builtin_fma(acc, v, c1);
    acc = __builtin_fma(acc, v, c0);
    y[i] = acc;
}

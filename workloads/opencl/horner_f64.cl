// horner_f64: a degree-7 polynomial of each x in double precision by Horner's rule, one fma per
// step (OpenCL's fma(), from the device libraries: one v_fma_f64 each), so the
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
    acc = fma(acc, v, c2);
    acc = fma(acc, v, c1);
    acc = fma(acc, v, c0);
    acc = fma(acc, v, c3);
    acc = fma(acc, v, c2);
    acc = fma(acc, v, c1);
    acc = fma(acc, v, c0);
    y[i] = acc;
}
